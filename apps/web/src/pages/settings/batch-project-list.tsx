import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Empty, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EyeOutlined, FileZipOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from '@/utils/dayjs';
import { BATCH_STATUS_LABELS, type BatchListItem, type BatchListQuery, type BatchStatus } from '@mazhu/contracts';
import { batchKeys, delProjectBatch, downloadBatchZip, useBatchList } from '@/api/batch';
import { notify } from '@/utils/notify';
import '@/components/project/project.css';

type ListType = NonNullable<BatchListQuery['type']>;
const TYPES: { value: ListType; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'draft', label: '待下单' },
  { value: 'processing', label: '生成中' },
  { value: 'completed', label: '已完成' },
];
const STATUS_COLORS: Record<BatchStatus, string> = { draft: 'default', processing: 'processing', completed: 'success' };

/** 批量项目 (/settings/batchProjectList?type=all): every batch order with its rows counted by state. */
export default function BatchProjectListPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = params.get('type');
  const type: ListType = TYPES.some((x) => x.value === t) ? (t as ListType) : 'all';
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const list = useBatchList({ type, page, pageSize });
  const [busy, setBusy] = useState<number | null>(null);

  const open = (b: BatchListItem) => navigate(b.status === 'draft' ? `/quickBatchOrder?id=${b.id}` : `/batch-order-Details?id=${b.id}`);

  const columns: ColumnsType<BatchListItem> = [
    {
      title: '批量订单',
      key: 'name',
      render: (_, b) => (
        <div>
          <a onClick={() => open(b)} style={{ fontWeight: 600 }}>
            {b.name}
          </a>
          <div style={{ color: '#6b7280', fontSize: 12 }}>
            {b.source === 'excel' ? '表格导入' : '快速下单'} · {dayjs(b.createdAt).format('YYYY-MM-DD HH:mm')}
          </div>
        </div>
      ),
    },
    { title: '状态', key: 'status', width: 90, render: (_, b) => <Tag color={STATUS_COLORS[b.status]}>{BATCH_STATUS_LABELS[b.status]}</Tag> },
    {
      title: '软件',
      key: 'counts',
      width: 230,
      render: (_, b) => {
        const c = b.counts;
        return (
          <Space size={4} wrap data-testid="batch-counts">
            <span>共 {c.total} 个</span>
            {b.status === 'draft' ? (
              <>
                {c.ready > 0 && <Tag color="blue">待下单 {c.ready}</Tag>}
                {c.invalid > 0 && <Tag color="error">有错误 {c.invalid}</Tag>}
              </>
            ) : (
              <>
                {c.succeeded > 0 && <Tag color="success">已完成 {c.succeeded}</Tag>}
                {c.queued + c.generating > 0 && <Tag color="processing">生成中 {c.queued + c.generating}</Tag>}
                {c.failed > 0 && <Tag color="error">失败 {c.failed}</Tag>}
              </>
            )}
          </Space>
        );
      },
    },
    {
      title: '扣费',
      key: 'charge',
      width: 150,
      render: (_, b) => (b.charge ? `免费 ${b.charge.freeTimes} 次 · 积分 ${b.charge.giftedPoints + b.charge.rechargePoints}` : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_, b) => (
        <Space size={0}>
          <Button type="link" icon={<EyeOutlined />} onClick={() => open(b)}>
            {b.status === 'draft' ? '编辑' : '详情'}
          </Button>
          {b.status === 'draft' ? (
            <Popconfirm
              title="删除这个未下单的批量订单？"
              okText="删除"
              cancelText="取消"
              onConfirm={async () => {
                const res = await delProjectBatch(b.id);
                if (res?.code === 200) {
                  notify.success('批量订单已删除');
                  await queryClient.invalidateQueries({ queryKey: batchKeys.all });
                }
              }}
            >
              <Button type="link" danger icon={<DeleteOutlined />}>
                删除
              </Button>
            </Popconfirm>
          ) : (
            <Button
              type="link"
              icon={<FileZipOutlined />}
              disabled={b.counts.succeeded === 0}
              loading={busy === b.id}
              onClick={async () => {
                setBusy(b.id);
                await downloadBatchZip(b.id).finally(() => setBusy(null));
              }}
            >
              下载全部
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="list-head">
        <h2>批量项目</h2>
        <Link to="/quickBatchOrder">
          <Button type="primary" icon={<PlusOutlined />}>
            快速批量下单
          </Button>
        </Link>
      </div>
      <div className="list-toolbar">
        <Segmented<ListType>
          options={TYPES}
          value={type}
          onChange={(v) => {
            setPage(1);
            setParams({ type: v });
          }}
        />
      </div>
      {list.isError && <Alert type="error" showIcon title="批量订单加载失败" action={<a onClick={() => void list.refetch()}>重试</a>} style={{ marginBottom: 16 }} />}
      <Table<BatchListItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isLoading}
        locale={{
          emptyText: (
            <Empty description={type === 'all' ? '还没有批量订单：下载表格模板填写，或在网页表格中一次填写多个软件' : '没有符合条件的批量订单'}>
              {type === 'all' && (
                <Link to="/quickBatchOrder">
                  <Button type="primary">快速批量下单</Button>
                </Link>
              )}
            </Empty>
          ),
        }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(s !== pageSize ? 1 : p);
            setPageSize(s);
          },
        }}
        data-testid="batch-list"
      />
    </>
  );
}
