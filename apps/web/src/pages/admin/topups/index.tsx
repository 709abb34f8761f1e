import { useEffect, useState } from 'react';
import { Alert, Button, Card, Input, Modal, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import { TOP_UP_STATE_LABELS, type AdminTopUpOrder, type TopUpState } from '@mazhu/contracts';
import { adminPointsKeys, adminVoucherPictureUrl, approveTopUp, downloadAdminVoucher, rejectTopUp, useAdminTopUps, useInvalidateAdminPoints } from '@/api/admin-points';
import { notify } from '@/utils/notify';

const STATES = [...(Object.keys(TOP_UP_STATE_LABELS) as TopUpState[]).map((s) => ({ value: s, label: TOP_UP_STATE_LABELS[s] })), { value: '', label: '全部' }];
const COLOR: Record<TopUpState, string> = { pending_payment: 'gold', pending_review: 'processing', credited: 'success', rejected: 'error', cancelled: 'default' };
const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');

/** The voucher of an order in a dialog: the image, or the picture of a PDF's page 1 with the PDF as a download. */
function VoucherDialog({ order, onClose }: { order: AdminTopUpOrder | null; onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!order) return;
    let u: string | null = null;
    void adminVoucherPictureUrl(order.id).then((x) => {
      u = x;
      setUrl(x);
    });
    return () => {
      if (u) URL.revokeObjectURL(u);
      setUrl(null);
    };
  }, [order]);
  const pdf = order?.voucher?.mime === 'application/pdf';
  return (
    <Modal open={Boolean(order)} onCancel={onClose} footer={null} width={760} title={order ? `转账凭证 · ${order.orderNo} · 应付 ¥${order.amount}` : ''}>
      {order?.voucher && (
        <div className="muted" style={{ marginBottom: 8 }}>
          {order.voucher.fileName} · 上传于 {time(order.voucher.uploadedAt)} · SHA-256 {order.voucher.sha256.slice(0, 16)}…
        </div>
      )}
      {pdf && (
        <Space style={{ marginBottom: 8 }}>
          <span className="muted">PDF 凭证，下方为第 1 页的图像</span>
          <Button size="small" onClick={() => void downloadAdminVoucher(order)} data-testid="download-voucher">
            下载原文件
          </Button>
        </Space>
      )}
      {url && <img src={url} alt="转账凭证" style={{ maxWidth: '100%', border: '1px solid #f0f0f0' }} data-testid="voucher-image" />}
    </Modal>
  );
}

/** /admin/topups — 充值审核 (客服 and 管理员): the queue of orders waiting for review, voucher, approve or reject. */
export default function AdminTopUpsPage() {
  const [state, setState] = useState<TopUpState | ''>('pending_review');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminTopUps({ state: state || undefined, keyword: keyword || undefined, page, pageSize: 20 });
  const invalidate = useInvalidateAdminPoints();
  const [viewing, setViewing] = useState<AdminTopUpOrder | null>(null);
  const [rejecting, setRejecting] = useState<AdminTopUpOrder | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const [verifying, setVerifying] = useState<AdminTopUpOrder | null>(null);
  const [note, setNote] = useState('');

  const approve = async (o: AdminTopUpOrder, reason?: string) => {
    setBusy(o.id);
    try {
      const res = await approveTopUp(o.id, reason);
      if (res?.code === 200) {
        notify.success(`已通过：${o.user.account} 充值积分 +${o.rechargePoints}${o.giftedPoints ? `，赠送积分 +${o.giftedPoints}` : ''}`);
        setVerifying(null);
        setNote('');
      }
      invalidate(adminPointsKeys.topupsAll);
    } finally {
      setBusy(null);
    }
  };
  const duplicateText = (o: AdminTopUpOrder) => o.duplicates.map((d) => `${d.orderNo}（${d.match === 'same_file' ? '同一文件' : '图片相似'}，${d.stateLabel}${d.userId === o.user.id ? '' : `，用户 #${d.userId}`}）`).join('、');
  const reject = async () => {
    if (!rejecting) return;
    const res = await rejectTopUp({ id: rejecting.id, reason });
    if (res?.code === 200) {
      notify.success('已驳回');
      setRejecting(null);
      setReason('');
      invalidate(adminPointsKeys.topupsAll);
    }
  };

  return (
    <Card title="充值审核">
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented options={STATES} value={state} onChange={(v) => { setState(v as TopUpState | ''); setPage(1); }} />
        <Input.Search allowClear placeholder="订单号 / 手机号 / 邮箱" style={{ width: 260 }} onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} />
      </Space>
      <Table<AdminTopUpOrder>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: state === 'pending_review' ? '没有待审核的订单' : '没有订单' }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} 个` }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo', render: (v: string) => <span data-testid="admin-order-no">{v}</span> },
          { title: '用户', key: 'u', render: (_, o) => <>{o.user.name}<div className="muted" style={{ fontSize: 12 }}>{o.user.account} · #{o.user.id}</div></> },
          { title: '套餐', dataIndex: 'packageName' },
          { title: '应付（元）', dataIndex: 'amount', align: 'right', render: (v: string) => <strong>{v}</strong> },
          { title: '到账积分', key: 'p', render: (_, o) => `${o.rechargePoints}${o.giftedPoints ? ` + 赠 ${o.giftedPoints}` : ''}` },
          { title: '状态', dataIndex: 'state', render: (s: TopUpState, o) => <><Tag color={COLOR[s]}>{TOP_UP_STATE_LABELS[s]}</Tag>{o.rejectReason && <div className="muted" style={{ fontSize: 12 }}>{o.rejectReason}</div>}{o.reviewedBy && <div className="muted" style={{ fontSize: 12 }}>{o.reviewedBy} · {time(o.reviewedAt)}</div>}</> },
          {
            title: '凭证',
            key: 'v',
            render: (_, o) => (
              <>
                {o.voucher ? <Button size="small" onClick={() => setViewing(o)} data-testid="view-voucher">查看凭证</Button> : <span className="muted">未上传</span>}
                {o.duplicates.length > 0 && (
                  <div data-testid="voucher-duplicate" style={{ marginTop: 4 }}>
                    <Tag color="error">凭证重复</Tag>
                    {o.duplicates.map((d) => (
                      <a key={d.id} style={{ fontSize: 12, marginRight: 6 }} onClick={() => { setState(''); setKeyword(d.orderNo); setPage(1); }}>
                        {d.orderNo}
                      </a>
                    ))}
                  </div>
                )}
                {o.approvalNote && <div className="muted" style={{ fontSize: 12 }}>核实说明：{o.approvalNote}</div>}
              </>
            ),
          },
          {
            title: '操作',
            key: 'a',
            render: (_, o) =>
              o.state === 'pending_review' ? (
                <Space>
                  {o.duplicates.length > 0 ? (
                    <Button type="primary" size="small" loading={busy === o.id} data-testid="approve" onClick={() => setVerifying(o)}>通过</Button>
                  ) : (
                  <Popconfirm title={`确认已收到 ¥${o.amount}？`} description="通过后积分立即到账，不可撤销。" okText="通过" cancelText="取消" onConfirm={() => void approve(o)}>
                    <Button type="primary" size="small" loading={busy === o.id} data-testid="approve">通过</Button>
                  </Popconfirm>
                  )}
                  <Button danger size="small" onClick={() => setRejecting(o)} data-testid="reject">驳回</Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <VoucherDialog order={viewing} onClose={() => setViewing(null)} />
      <Modal
        open={Boolean(verifying)}
        title={`凭证重复：核实后通过订单 ${verifying?.orderNo ?? ''}`}
        okText="核实无误，通过"
        okButtonProps={{ disabled: note.trim().length < 2, loading: busy === verifying?.id }}
        cancelText="取消"
        onOk={() => verifying && void approve(verifying, note.trim())}
        onCancel={() => setVerifying(null)}
      >
        {verifying && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={`该订单的转账凭证与订单 ${duplicateText(verifying)} 的凭证相同或相似。`} description="同一笔转账只能为一个订单入账。只有管理员可以在核实银行流水后通过，核实说明记入操作日志。" />}
        <Input.TextArea rows={3} maxLength={200} showCount value={note} onChange={(e) => setNote(e.target.value)} placeholder="例如：已在银行流水中查到两笔金额相同的转账（流水号 …）" />
      </Modal>
      <Modal open={Boolean(rejecting)} title={`驳回订单 ${rejecting?.orderNo ?? ''}`} okText="驳回" okButtonProps={{ danger: true, disabled: reason.trim().length < 2 }} cancelText="取消" onOk={() => void reject()} onCancel={() => setRejecting(null)}>
        <p className="muted">用户会看到驳回原因，并可重新上传凭证。</p>
        <Input.TextArea rows={3} maxLength={200} showCount value={reason} onChange={(e) => setReason(e.target.value)} placeholder="例如：未查到该笔转账 / 金额与订单不一致" />
      </Modal>
    </Card>
  );
}
