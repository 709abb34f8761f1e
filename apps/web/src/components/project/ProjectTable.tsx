import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Empty, Modal, Popconfirm, Progress, Skeleton, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import { AuditOutlined, CodeOutlined, CompassOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, PictureOutlined, RobotOutlined } from '@ant-design/icons';
import dayjs from '@/utils/dayjs';
import { PROJECT_STATUS_LABELS, type Page, type ProjectListItem, type ProjectStatus } from '@mazhu/contracts';
import { downloadMaterials } from '@/api/projects';
import './project.css';

const ScreenshotsBoard = lazy(() => import('./ScreenshotsPanel').then((m) => ({ default: m.ScreenshotsBoard })));

const STATUS_COLORS: Record<ProjectStatus, string> = {
  draft: 'default',
  queued: 'processing',
  generating: 'processing',
  succeeded: 'success',
  failed: 'error',
};

export function StatusTag({ status }: { status: ProjectStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="status-tag">
      {PROJECT_STATUS_LABELS[status]}
    </Tag>
  );
}

/** Where 编辑 leads: the wizard the project was made with. */
export const editLink = (p: Pick<ProjectListItem, 'id' | 'source'>) => (p.source === 'code' ? `/code-to-doc-generator?id=${p.id}` : `/auto-generate?id=${p.id}`);

/** The project list table of /settings/projectList and /settings/codeProjectList. */
export default function ProjectTable({
  data,
  loading,
  page,
  pageSize,
  onPage,
  onDelete,
  showSource = true,
  showCode = false,
  empty,
}: {
  data: Page<ProjectListItem> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  onDelete: (p: ProjectListItem) => Promise<boolean>;
  showSource?: boolean;
  showCode?: boolean;
  empty: React.ReactNode;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [shots, setShots] = useState<ProjectListItem | null>(null);
  const mark = (key: string, on: boolean) => setBusy((b) => ({ ...b, [key]: on }));

  const columns: ColumnsType<ProjectListItem> = [
    {
      title: '软件名称',
      key: 'name',
      render: (_, p) => (
        <div className="pt-name">
          <Link to={editLink(p)} className="pt-title">
            {p.name}
          </Link>
          <div className="pt-sub">
            <span>{p.version}</span>
            {p.shortName && <span>简称：{p.shortName}</span>}
            {showSource && (
              <span>
                {p.source === 'code' ? <CodeOutlined /> : <RobotOutlined />} {p.source === 'code' ? '代码生成' : '智能生成'}
              </span>
            )}
            {showCode && p.languages.length > 0 && <span className="pt-langs" title={p.languages.join('、')}>{p.languages.join('、')}</span>}
            {showCode && p.sourceLines > 0 && <span>{p.sourceLines.toLocaleString('zh-CN')} 行</span>}
            {!showCode && p.moduleCount > 0 && <span>{p.moduleCount} 个功能模块</span>}
          </div>
        </div>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 200,
      render: (_, p) => {
        const running = p.status === 'queued' || p.status === 'generating';
        return (
          <div className="pt-status">
            <StatusTag status={p.status} />
            {running && (
              <>
                <Progress percent={p.progress} size="small" status="active" style={{ margin: '4px 0 0' }} />
                {p.message && <div className="pt-msg">{p.message}</div>}
              </>
            )}
            {p.status === 'failed' && p.message && (
              <Tooltip title={p.message}>
                <div className="pt-msg pt-msg-error">{p.message}</div>
              </Tooltip>
            )}
            {p.status === 'succeeded' && p.generatedAt && <div className="pt-msg">生成于 {dayjs(p.generatedAt).format('MM-DD HH:mm')}</div>}
          </div>
        );
      },
    },
    {
      title: '更新时间',
      key: 'updatedAt',
      width: 150,
      render: (_, p) => <span className="muted nowrap">{dayjs(p.updatedAt).format('YYYY-MM-DD HH:mm')}</span>,
    },
    {
      title: '操作',
      key: 'actions',
      width: 300,
      render: (_, p) => (
        <Space size={0} className="pt-actions">
          <Tooltip title={p.downloadable ? '下载源程序、操作手册与申请表信息（ZIP）' : '材料生成后可下载'}>
            <Button
              type="link"
              icon={<DownloadOutlined />}
              disabled={!p.downloadable}
              loading={busy[`dl${p.id}`]}
              data-testid="row-download"
              onClick={async () => {
                mark(`dl${p.id}`, true);
                try {
                  await downloadMaterials(p);
                } finally {
                  mark(`dl${p.id}`, false);
                }
              }}
            >
              下载
            </Button>
          </Tooltip>
          <Button type="link" icon={<EditOutlined />} onClick={() => navigate(editLink(p))} data-testid="row-edit">
            编辑
          </Button>
          <Tooltip title="上传截图包、截取屏幕或逐张上传，替换操作手册中的原型图">
            <Button type="link" icon={<PictureOutlined />} onClick={() => setShots(p)} data-testid="row-screenshots">
              截图
            </Button>
          </Tooltip>
          {p.downloadable && (
            <Tooltip title="在线填表、上传文件、签章页和提交后的事项">
              <Button type="link" icon={<CompassOutlined />} onClick={() => navigate(`/filing-guide?id=${p.id}`)} data-testid="row-filing-guide">
                申报
              </Button>
            </Tooltip>
          )}
          {p.downloadable && (
            <Tooltip title="收到补正通知书？按通知逐项修改，只重新生成被修改的材料">
              <Button type="link" icon={<AuditOutlined />} onClick={() => navigate(`/settings/correctionList?projectId=${p.id}`)} data-testid="row-correction">
                补正
              </Button>
            </Tooltip>
          )}
          <Popconfirm
            title="删除这个项目？"
            description={p.downloadable ? '已生成的材料也会一并删除，且无法恢复。' : '删除后无法恢复。'}
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true, loading: busy[`del${p.id}`] }}
            onConfirm={async () => {
              mark(`del${p.id}`, true);
              try {
                await onDelete(p);
              } finally {
                mark(`del${p.id}`, false);
              }
            }}
          >
            <Button type="link" danger icon={<DeleteOutlined />} disabled={p.status === 'queued' || p.status === 'generating'} data-testid="row-delete">
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const pagination: TablePaginationConfig = {
    current: page,
    pageSize,
    total: data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50],
    showTotal: (t) => `共 ${t} 个项目`,
    onChange: onPage,
    hideOnSinglePage: false,
  };

  return (
    <div data-testid="project-table">
    <Table<ProjectListItem>
      rowKey="id"
      columns={columns}
      dataSource={data?.list ?? []}
      loading={loading}
      pagination={(data?.total ?? 0) > 0 ? pagination : false}
      locale={{ emptyText: loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      className="project-table"
    />
      <Modal open={Boolean(shots)} title={shots ? `界面截图：${shots.name}` : ''} width={1120} footer={null} onCancel={() => setShots(null)} destroyOnHidden>
        <Suspense fallback={<Skeleton active />}>{shots && <ScreenshotsBoard projectId={shots.id} />}</Suspense>
      </Modal>
    </div>
  );
}
