import { Alert, Image, Typography } from 'antd';
import { PAYEE_NOT_SET_MESSAGE, payeeReady } from '@mazhu/contracts';
import { usePaymentInformation } from '@/api/points';
import './points.css';

/**
 * The payee of transfers (public; configured by operators). Renders nothing when the call fails (spec §8); says the
 * payee is not set while it is still the seed's placeholder (orders are refused until then).
 */
export default function PayeeInfo({ orderNo }: { orderNo?: string }) {
  const pay = usePaymentInformation();
  const p = pay.data;
  if (!p) return null;
  if (!payeeReady(p)) return <Alert type="warning" showIcon title={PAYEE_NOT_SET_MESSAGE} data-testid="payee-missing" />;
  return (
    <div data-testid="payee">
      <dl className="payee">
        <dt>收款户名</dt>
        <dd>{p.accountName}</dd>
        <dt>开户银行</dt>
        <dd>{p.bankName}</dd>
        <dt>收款账号</dt>
        <dd>{p.accountNumber ? <Typography.Text copyable={{ text: p.accountNumber.replace(/\s/g, '') }}>{p.accountNumber}</Typography.Text> : '—'}</dd>
        {orderNo && (
          <>
            <dt>转账备注</dt>
            <dd>
              <Typography.Text copyable strong>
                {orderNo}
              </Typography.Text>
            </dd>
          </>
        )}
      </dl>
      {p.qrImage && <Image src={p.qrImage} alt="收款码" width={140} style={{ marginTop: 12 }} />}
      <p className="muted" style={{ margin: '12px 0 0' }}>
        {p.noteRule}
        {p.tips ? ` ${p.tips}` : ''}
      </p>
    </div>
  );
}
