import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Descriptions, Drawer, Empty, List, Popconfirm, Segmented, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { JOB_STATE_LABELS, JOB_STATES, type AdminJobRow } from '@mazhu/contracts';
import { adminCalls, adminData, useAdminJobs, useAdminMutation, useAdminProject } from '@/api/admin';
import { fmtTime, PROJECT_STATUS_LABELS, useIsAdmin } from '../components/format';

const STATE_COLORS: Record<string, string> = { queued: 'default', running: 'processing', succeeded: 'success', failed: 'error' };
const LEVEL = { error: { color: 'red', label: '错误' }, warning: { color: 'orange', label: '警告' }, info: { color: 'blue', label: '提示' } } as const;

/** /admin/jobs — generation jobs by state with their error; retry a failed one; a project's check report. */
export default function AdminJobsPage() {
  const [params, setParams] = useSearchParams();
  const state = (params.get('state') ?? '') as (typeof JOB_STATES)[number] | '';
  const [page, setPage] = useState(1);
  const [project, setProject] = useState<number | null>(null);
  const isAdmin = useIsAdmin();
  const { data, isFetching } = useAdminJobs({ page, pageSize: 20, state: state || undefined });
  const retry = useAdminMutation(adminCalls.retryJob, [adminData.jobs, adminData.dashboard]);

  return (
    <Card>
      <div className="admin-toolbar">
        <Segmented
          value={state}
          onChange={(v) => {
            setParams(v ? { state: String(v) } : {});
            setPage(1);
          }}
          options={[{ label: '全部', value: '' }, ...JOB_STATES.map((s) => ({ label: JOB_STATE_LABELS[s], value: s }))]}
        />
      </div>
      <Table<AdminJobRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} 个任务` }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: '项目', dataIndex: 'projectName', render: (v: string, j) => <Button type="link" style={{ padding: 0 }} onClick={() => setProject(j.projectId)}>{v}</Button> },
          { title: '用户', key: 'user', render: (_, j) => `${j.userName}（${j.userId}）` },
          { title: '状态', dataIndex: 'state', width: 90, render: (v: string) => <Tag color={STATE_COLORS[v]}>{JOB_STATE_LABELS[v as keyof typeof JOB_STATE_LABELS] ?? v}</Tag> },
          { title: '尝试', key: 'attempts', width: 70, render: (_, j) => `${j.attempts}/${j.maxAttempts}` },
          {
            title: '错误',
            dataIndex: 'error',
            ellipsis: { showTitle: false },
            render: (v: string | null, j) =>
              v ? (
                <Tooltip title={v}>
                  <Typography.Text type="danger">{v}</Typography.Text>
                </Tooltip>
              ) : (
                <Typography.Text type="secondary">{j.message || '—'}</Typography.Text>
              ),
          },
          { title: '已退款', dataIndex: 'refunded', width: 80, render: (v: boolean, j) => (j.state === 'failed' ? (v ? '是' : '否') : '—') },
          { title: '创建时间', dataIndex: 'createdAt', width: 150, render: fmtTime },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_, j) =>
              isAdmin && j.state === 'failed' ? (
                <Popconfirm title="重试此任务？" description="按正常规则为该用户计费（先用免费次数，再扣赠送、充值积分），再次失败会自动退回。" onConfirm={() => retry.mutate(j.id)}>
                  <Button type="link" style={{ padding: 0 }}>重试</Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      {project !== null && <ProjectDrawer id={project} onClose={() => setProject(null)} />}
    </Card>
  );
}

function ProjectDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { data } = useAdminProject(id);
  return (
    <Drawer open width={720} title={data ? `${data.name} ${data.version}` : '项目'} onClose={onClose}>
      {data && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label="用户">{`${data.userName}（${data.userId}）`}</Descriptions.Item>
            <Descriptions.Item label="状态">{PROJECT_STATUS_LABELS[data.status] ?? data.status}</Descriptions.Item>
            <Descriptions.Item label="说明" span={2}>{data.message || '—'}</Descriptions.Item>
            <Descriptions.Item label="生成时间" span={2}>{fmtTime(data.generatedAt)}</Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>检查报告</Typography.Title>
            {data.report.length ? (
              <List
                size="small"
                bordered
                dataSource={data.report}
                renderItem={(r) => (
                  <List.Item>
                    <Space>
                      <Tag color={LEVEL[r.level].color}>{LEVEL[r.level].label}</Tag>
                      <span>{r.message}</span>
                    </Space>
                  </List.Item>
                )}
              />
            ) : (
              <Empty description="还没有生成过材料，没有检查报告" />
            )}
          </div>
          {data.files.length > 0 && (
            <div>
              <Typography.Title level={5}>材料文件</Typography.Title>
              <List size="small" bordered dataSource={data.files} renderItem={(f) => <List.Item>{`${f.name}（${Math.max(1, Math.round(f.size / 1024))} KB）`}</List.Item>} />
            </div>
          )}
        </Space>
      )}
    </Drawer>
  );
}
