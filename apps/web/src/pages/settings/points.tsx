import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Segmented, Table } from 'antd';
import { TOP_UP_STATE_LABELS, type TopUpOrder, type TopUpState } from '@mazhu/contracts';
import { useTopUpList, useUserPoints } from '@/api/points';
import BalanceCards from '@/components/points/BalanceCards';
import OrderPanel from '@/components/points/OrderPanel';
import OrderStateTag from '@/components/points/OrderStateTag';
import '@/components/points/points.css';

const STATES = [{ value: '', label: '全部' }, ...(Object.keys(TOP_UP_STATE_LABELS) as TopUpState[]).map((s) => ({ value: s, label: TOP_UP_STATE_LABELS[s] }))];
const time = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** 积分充值 (/settings/points): balances and the user's top-up orders with their state and actions. */
export default function SettingsPointsPage() {
  useUserPoints();
  const [state, setState] = useState<TopUpState | ''>('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const orders = useTopUpList({ page, pageSize, state: state || undefined });
  const [expanded, setExpanded] = useState<number[]>([]);

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <h2>积分充值</h2>
        <Link to="/pointsRecharge">
          <Button type="primary">去充值</Button>
        </Link>
      </div>
      <BalanceCards />
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12 }}>
        <h3 style={{ margin: 0, fontSize: 16 }}>充值订单</h3>
        <Segmented
          options={STATES}
          value={state}
          onChange={(v) => {
            setState(v as TopUpState | '');
            setPage(1);
          }}
        />
      </div>
      <Table<TopUpOrder>
        rowKey="id"
        loading={orders.isLoading}
        dataSource={orders.data?.list ?? []}
        locale={{ emptyText: '还没有充值订单' }}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => setExpanded(keys as number[]),
          expandedRowRender: (o) => <OrderPanel order={o} onChange={() => void orders.refetch()} />,
        }}
        pagination={{
          current: page,
          pageSize,
          total: orders.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 个订单`,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo', render: (v: string) => <span data-testid="order-row-no">{v}</span> },
          { title: '套餐', dataIndex: 'packageName', className: 'nowrap' },
          { title: '金额（元）', dataIndex: 'amount', align: 'right', className: 'nowrap' },
          { title: '到账积分', key: 'pts', className: 'nowrap', render: (_, o) => `${o.rechargePoints}${o.giftedPoints ? ` + 赠 ${o.giftedPoints}` : ''}` },
          { title: '状态', dataIndex: 'state', render: (s: TopUpState, o) => (
            <>
              <OrderStateTag state={s} />
              {s === 'rejected' && <div className="muted" style={{ fontSize: 12, maxWidth: 160 }}>{o.rejectReason}</div>}
            </>
          ) },
          { title: '下单时间', dataIndex: 'createdAt', width: 110, render: time },
          {
            title: '操作',
            key: 'a',
            render: (_, o) => (
              <Button type="link" size="small" onClick={() => setExpanded((k) => (k.includes(o.id) ? k.filter((x) => x !== o.id) : [...k, o.id]))}>
                {o.state === 'pending_payment' ? '上传凭证' : o.state === 'rejected' ? '重新上传' : '详情'}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
