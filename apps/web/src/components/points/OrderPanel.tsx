import { Alert, Button, Descriptions, Popconfirm, Space } from 'antd';
import { CANCELLABLE_STATES, VOUCHER_UPLOAD_STATES, type TopUpOrder } from '@mazhu/contracts';
import { useCancelTopUp } from '@/api/points';
import OrderStateTag from './OrderStateTag';
import PayeeInfo from './PayeeInfo';
import VoucherUpload from './VoucherUpload';
import './points.css';

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');

/**
 * One top-up order: amount, what it credits, the payee with the order number as transfer note, the voucher upload
 * (while 待付款 / 待审核 / 已驳回), the state with the rejection reason, and cancel (while 待付款 / 已驳回).
 */
export default function OrderPanel({ order, onChange }: { order: TopUpOrder; onChange: (o: TopUpOrder) => void }) {
  const cancel = useCancelTopUp();
  const canUpload = VOUCHER_UPLOAD_STATES.includes(order.state);
  return (
    <div className="order-panel" data-testid="order-panel">
      <div className="order-panel-head">
        <Space size="middle" align="center">
          <span>
            订单号 <strong data-testid="order-no">{order.orderNo}</strong>
          </span>
          <OrderStateTag state={order.state} />
        </Space>
        <span className="order-amount" data-testid="order-amount">
          ¥ {order.amount}
        </span>
      </div>
      {order.state === 'pending_payment' && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`请向下方账户转账 ¥${order.amount}（金额须一致），转账备注填写订单号，然后上传转账凭证。`} />}
      {order.state === 'pending_review' && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="转账凭证已上传，等待运营人员审核。审核通过后积分自动到账，导航栏的积分会随之更新。" />}
      {order.state === 'rejected' && <Alert type="error" showIcon style={{ marginBottom: 16 }} title="审核未通过" description={`原因：${order.rejectReason}。请核对后重新上传转账凭证。`} data-testid="reject-reason" />}
      {order.state === 'credited' && <Alert type="success" showIcon style={{ marginBottom: 16 }} title={`已到账：充值积分 +${order.rechargePoints}${order.giftedPoints ? `，赠送积分 +${order.giftedPoints}` : ''}`} />}
      {order.state === 'cancelled' && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="订单已取消" />}
      <div className="order-grid">
        <div>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'p', label: '套餐', children: order.packageName },
              { key: 'r', label: '到账', children: `充值积分 ${order.rechargePoints}${order.giftedPoints ? ` + 赠送积分 ${order.giftedPoints}` : ''}` },
              { key: 'c', label: '下单时间', children: time(order.createdAt) },
              ...(order.voucher ? [{ key: 'v', label: '凭证上传', children: time(order.voucher.uploadedAt) }] : []),
            ]}
          />
          {canUpload && (
            <div style={{ marginTop: 12 }}>
              <PayeeInfo orderNo={order.orderNo} />
            </div>
          )}
        </div>
        <div>
          {canUpload && <VoucherUpload order={order} onUploaded={onChange} />}
          {CANCELLABLE_STATES.includes(order.state) && (
            <Popconfirm title="取消这个订单？" description="已转账请不要取消，上传凭证即可。" okText="取消订单" cancelText="不取消" onConfirm={() => cancel.mutate(order.id, { onSuccess: onChange })}>
              <Button danger type="link" style={{ paddingLeft: 0, marginTop: 8 }} loading={cancel.isPending}>
                取消订单
              </Button>
            </Popconfirm>
          )}
        </div>
      </div>
    </div>
  );
}
