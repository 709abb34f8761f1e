import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Table } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { PAYEE_NOT_SET_MESSAGE, payeeReady, type RechargePackage, type TopUpOrder } from '@mazhu/contracts';
import { addIntegralTopUp, useIntegralSetting, useOrderChanged, usePaymentInformation, useTopUpList, useUserPoints } from '@/api/points';
import { useUserStore } from '@/stores/user';
import { useAuthModal } from '@/stores/auth-modal';
import BalanceCards from './BalanceCards';
import OrderPanel from './OrderPanel';
import PackagePicker from './PackagePicker';
import PayeeInfo from './PayeeInfo';
import './points.css';

const OPEN_STATES = ['pending_payment', 'pending_review', 'rejected'] as const;

/**
 * The recharge page's body (/pointsRecharge): balances, packages, what each action costs, the payee; a signed-in
 * user creates an order, transfers, uploads the voucher and follows the order's state here. `?order=<id>` opens one
 * of the user's orders; `?project=<id>&source=form|code` names the project kept as a draft after a refused generation.
 */
export default function PointsOverview() {
  const user = useUserStore((s) => s.user);
  const signedIn = user.id > 0;
  const showAuth = useAuthModal((s) => s.show);
  const [params, setParams] = useSearchParams();
  useUserPoints();
  const setting = useIntegralSetting();
  const costs = setting.data?.items ?? [];
  // Orders are refused until an operator has set the payee (the server says so too).
  const payment = usePaymentInformation();
  const payeeMissing = Boolean(payment.data) && !payeeReady(payment.data);
  const [selected, setSelected] = useState<RechargePackage | null>(null);
  const [creating, setCreating] = useState(false);
  const changed = useOrderChanged();
  const orders = useTopUpList({ page: 1, pageSize: 20 }, { enabled: signedIn });
  const orderId = Number(params.get('order')) || undefined;
  const [fresh, setFresh] = useState<TopUpOrder | null>(null);
  const listed = orders.data?.list ?? [];
  // The list is re-read after every change (and while under review); the answer of the last action bridges the gap.
  const current = listed.find((o) => o.id === orderId && (!fresh || fresh.id !== o.id || o.updatedAt >= fresh.updatedAt)) ?? (fresh?.id === orderId ? fresh : undefined);
  const open = listed.filter((o) => (OPEN_STATES as readonly string[]).includes(o.state) && o.id !== current?.id);
  const projectId = Number(params.get('project')) || undefined;
  const projectLink = projectId ? `${params.get('source') === 'code' ? '/code-to-doc-generator' : '/auto-generate'}?id=${projectId}` : undefined;

  const openOrder = (o: TopUpOrder) => {
    setFresh(o);
    const next = new URLSearchParams(params);
    next.set('order', String(o.id));
    setParams(next, { replace: true });
  };

  const buy = async () => {
    if (!selected) return;
    setCreating(true);
    try {
      const res = await addIntegralTopUp(selected.id);
      if (res?.code === 200) {
        openOrder(res.data);
        changed();
      }
    } finally {
      setCreating(false);
    }
  };

  const onOrderChange = (o: TopUpOrder) => {
    setFresh(o);
    changed();
  };

  return (
    <div>
      {projectLink && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 24 }}
          title="您的项目已保存为草稿"
          description="余额不足时项目不会丢失：填写的内容都已保存。充值到账后回到项目，点击“生成材料”即可。"
          action={
            <Link to={projectLink}>
              <Button size="small">返回项目</Button>
            </Link>
          }
          data-testid="draft-kept"
        />
      )}
      {signedIn ? (
        <BalanceCards />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          title="登录后可查看积分余额并充值"
          action={
            <Button size="small" type="primary" onClick={() => showAuth('login')}>
              登录/注册
            </Button>
          }
        />
      )}

      {current && (
        <>
          <h3 className="section-title" style={{ marginTop: 0 }}>
            当前订单
          </h3>
          <OrderPanel order={current} onChange={onOrderChange} />
        </>
      )}

      <h3 className="section-title">充值套餐</h3>
      {payeeMissing && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={PAYEE_NOT_SET_MESSAGE} data-testid="payee-not-set" />}
      <PackagePicker value={selected?.id} onChange={setSelected} />
      <div style={{ marginTop: 16, display: 'flex', alignItems: 'center', gap: 16 }}>
        {signedIn ? (
          <Button type="primary" size="large" icon={<ShoppingCartOutlined />} disabled={!selected || payeeMissing} loading={creating} onClick={() => void buy()} data-testid="buy">
            {selected ? `购买「${selected.name}」，应付 ¥${selected.price}` : '请选择套餐'}
          </Button>
        ) : (
          <Button type="primary" size="large" onClick={() => showAuth('login')}>
            登录后购买
          </Button>
        )}
        <span className="muted">下单后按订单金额银行转账，上传转账凭证，审核通过后积分到账。</span>
      </div>

      {open.length > 0 && (
        <>
          <h3 className="section-title">未完成的订单</h3>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={open}
            columns={[
              { title: '订单号', dataIndex: 'orderNo' },
              { title: '套餐', dataIndex: 'packageName' },
              { title: '金额（元）', dataIndex: 'amount' },
              { title: '状态', dataIndex: 'stateLabel' },
              { title: '', key: 'a', render: (_: unknown, o: TopUpOrder) => <Button type="link" onClick={() => openOrder(o)}>{o.state === 'pending_review' ? '查看' : '去付款'}</Button> },
            ]}
          />
        </>
      )}

      {!current && (
        <>
          <h3 className="section-title">收款账户</h3>
          <div className="card">
            <PayeeInfo />
          </div>
        </>
      )}

      {costs.length > 0 && (
        <>
          <h3 className="section-title">积分消耗</h3>
          <Table
            rowKey="key"
            pagination={false}
            dataSource={costs}
            columns={[
              { title: '功能', dataIndex: 'name', width: 220 },
              { title: '积分', dataIndex: 'points', width: 100 },
              { title: '说明', dataIndex: 'description' },
            ]}
          />
        </>
      )}

      <div className="card" style={{ marginTop: 32 }}>
        <h3 style={{ fontSize: 16, marginTop: 0 }}>积分说明</h3>
        <ul className="muted" style={{ lineHeight: 2, margin: 0, paddingLeft: 18 }}>
          <li>积分分为充值积分与赠送积分，导航栏按“充值积分/赠送积分”显示。</li>
          <li>{setting.data?.order || '生成材料时先使用免费次数，再扣除积分：先扣赠送积分，不足部分扣充值积分。'}</li>
          <li>
            每一笔充值与消耗都记录在 <Link to="/settings/pointsRecord">积分记录</Link> 中，可按类型和日期查询并导出。
          </li>
        </ul>
      </div>
    </div>
  );
}
