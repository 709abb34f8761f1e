import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Descriptions, Popover, Progress, Skeleton, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, EditOutlined, FileZipOutlined } from '@ant-design/icons';
import dayjs from '@/utils/dayjs';
import { BATCH_ROW_STATE_LABELS, BATCH_STATUS_LABELS, type BatchRow, type BatchRowState } from '@mazhu/contracts';
import PageHero from '@/components/PageHero';
import BatchNotFound from '@/pages/quick-batch-order/components/BatchNotFound';
import { downloadBatchZip, useBatchDetails } from '@/api/batch';
import { downloadMaterials } from '@/api/projects';
import { editLink } from '@/components/project/ProjectTable';
import { MainFunctionsChars, RowCheckTag } from '@/pages/quick-batch-order/components/RowCheck';

const STATE_COLORS: Record<BatchRowState, string> = { invalid: 'error', ready: 'default', queued: 'processing', generating: 'processing', succeeded: 'success', failed: 'error', excluded: 'default' };

/**
 * 批量订单详情 (/batch-order-Details?id=): every row with its state and progress, a summary of its check report, its
 * own download and edit, and one zip of the whole batch (a folder per software). Polls while rows generate.
 */
export default function BatchOrderDetailsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || undefined;
  const details = useBatchDetails(id);
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const mark = (k: string, on: boolean) => setBusy((b) => ({ ...b, [k]: on }));
  const d = details.data;

  const columns: ColumnsType<BatchRow> = [
    { title: '行', dataIndex: 'rowNo', width: 60 },
    {
      title: '软件名称',
      key: 'name',
      render: (_, r) => (
        <div>
          <div style={{ fontWeight: 600 }}>{r.values.name}</div>
          <div style={{ color: '#6b7280', fontSize: 12 }}>{r.values.version || 'V1.0'}</div>
        </div>
      ),
    },
    {
      title: '状态',
      key: 'state',
      width: 220,
      render: (_, r) => (
        <div data-testid="row-state" data-state={r.state}>
          <Tag color={STATE_COLORS[r.state]}>{BATCH_ROW_STATE_LABELS[r.state]}</Tag>
          {(r.state === 'queued' || r.state === 'generating') && <Progress percent={r.progress} size="small" style={{ width: 120 }} />}
          {r.message && r.state !== 'succeeded' && <div style={{ color: r.state === 'failed' ? '#dc2626' : '#6b7280', fontSize: 12 }}>{r.message}</div>}
        </div>
      ),
    },
    {
      title: '检查报告',
      key: 'report',
      width: 210,
      render: (_, r) =>
        r.check && r.report ? (
          <Popover
            title="检查报告"
            content={
              <ul style={{ maxWidth: 480, maxHeight: 320, overflow: 'auto', paddingLeft: 18, margin: 0 }}>
                {r.report.items.map((i, k) => (
                  <li key={k} style={{ color: i.level === 'error' ? '#dc2626' : i.level === 'warning' ? '#b45309' : undefined }}>
                    {i.level === 'error' ? '未通过：' : i.level === 'warning' ? '需注意：' : '通过：'}
                    {i.message}
                  </li>
                ))}
              </ul>
            }
          >
            <Space size={4} wrap>
              <RowCheckTag check={r.check} />
              <MainFunctionsChars check={r.check} />
            </Space>
          </Popover>
        ) : (
          <span style={{ color: '#9ca3af' }}>—</span>
        ),
    },
    {
      title: '费用',
      key: 'points',
      width: 130,
      render: (_, r) => (
        <div>
          {r.state === 'excluded' ? '未下单' : `${r.points} 积分`}
          <div style={{ color: '#6b7280', fontSize: 12 }}>{r.state === 'excluded' ? '' : r.priced === 'code' ? '按源程序量' : '仅描述（无源程序）'}</div>
          {r.freeRegeneration && (
            <Tag color="green" data-testid="row-free-regeneration">
              修改后首次重新生成免费
            </Tag>
          )}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_, r) => (
        <Space size={0}>
          <Button
            type="link"
            icon={<DownloadOutlined />}
            disabled={!r.downloadable || !r.projectId}
            loading={busy[`dl${r.id}`]}
            onClick={async () => {
              mark(`dl${r.id}`, true);
              await downloadMaterials({ id: r.projectId!, source: r.projectSource ?? 'form', name: r.values.name ?? '', version: r.values.version || 'V1.0' }).finally(() => mark(`dl${r.id}`, false));
            }}
            data-testid="row-download"
          >
            下载
          </Button>
          <Button type="link" icon={<EditOutlined />} disabled={!r.projectId || r.state === 'queued' || r.state === 'generating'} onClick={() => navigate(editLink({ id: r.projectId!, source: r.projectSource ?? 'form' }))}>
            编辑
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHero title="批量订单详情">查看批量订单中每个软件的材料生成进度，分别下载或一次下载全部材料。</PageHero>
      <div className="container page-body">
        <div className="card" data-testid="batch-details">
          {!id || (!details.isLoading && !d) ? (
            <BatchNotFound />
          ) : !d ? (
            <Skeleton active paragraph={{ rows: 10 }} />
          ) : (
            <>
              <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 12, marginBottom: 16 }}>
                <h2 style={{ margin: 0 }}>
                  {d.name} <Tag data-testid="batch-status">{BATCH_STATUS_LABELS[d.status]}</Tag>
                </h2>
                <Space>
                  {d.status === 'draft' ? (
                    <Link to={`/quickBatchOrder?id=${d.id}`}>
                      <Button type="primary">继续编辑并下单</Button>
                    </Link>
                  ) : (
                    <Button
                      type="primary"
                      icon={<FileZipOutlined />}
                      disabled={d.counts.succeeded === 0}
                      loading={busy.zip}
                      onClick={async () => {
                        mark('zip', true);
                        await downloadBatchZip(d.id).finally(() => mark('zip', false));
                      }}
                      data-testid="batch-download"
                    >
                      下载全部材料（{d.counts.succeeded} 个软件）
                    </Button>
                  )}
                  <Link to="/settings/batchProjectList?type=all">
                    <Button>批量项目列表</Button>
                  </Link>
                </Space>
              </div>
              <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} style={{ marginBottom: 16 }} data-testid="batch-counts">
                <Descriptions.Item label="软件">{d.counts.total} 个</Descriptions.Item>
                <Descriptions.Item label="已完成">{d.counts.succeeded}</Descriptions.Item>
                <Descriptions.Item label="生成中">{d.counts.queued + d.counts.generating}</Descriptions.Item>
                <Descriptions.Item label="失败（已退费）">{d.counts.failed}</Descriptions.Item>
                {d.counts.excluded > 0 && <Descriptions.Item label="未下单">{d.counts.excluded}</Descriptions.Item>}
                <Descriptions.Item label="下单时间">{d.orderedAt ? dayjs(d.orderedAt).format('YYYY-MM-DD HH:mm') : '未下单'}</Descriptions.Item>
                <Descriptions.Item label="扣费" span={3}>
                  {d.charge ? `免费次数 ${d.charge.freeTimes} 次、赠送积分 ${d.charge.giftedPoints}、充值积分 ${d.charge.rechargePoints}` : '—'}
                </Descriptions.Item>
              </Descriptions>
              {d.status === 'processing' && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="材料生成中，页面会自动刷新；可以离开此页，稍后在“批量项目”中查看。" />}
              <Table<BatchRow> rowKey="id" size="middle" columns={columns} dataSource={d.rows} pagination={d.rows.length > 50 ? { pageSize: 50 } : false} data-testid="batch-rows" />
            </>
          )}
        </div>
      </div>
    </>
  );
}
