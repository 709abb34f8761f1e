import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Empty, Input, Popconfirm, Progress, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, FormOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from '@/utils/dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { ApiCode, CORRECTION_STATE_LABELS, CORRECTION_STATES, type CorrectionListItem, type CorrectionState } from '@mazhu/contracts';
import { cancelProjectCorrections, correctionKeys, downloadCorrection, useCorrectionList } from '@/api/corrections';
import DeadlineCountdown from '@/components/corrections/DeadlineCountdown';
import NewCorrectionModal from '@/components/corrections/NewCorrectionModal';
import { STATE_COLORS } from '@/components/corrections/labels';
import { notify } from '@/utils/notify';
import '@/components/project/project.css';
import '@/components/corrections/corrections.css';

/** 补正项目 (/settings/correctionList): every correction of the user's projects, its state and deadline. */
export default function CorrectionListPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const projectParam = Number(params.get('projectId')) || undefined;
  const [modal, setModal] = useState<boolean>(Boolean(projectParam));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [state, setState] = useState<CorrectionState | undefined>();
  const [keyword, setKeyword] = useState('');
  const list = useCorrectionList({ page, pageSize, state, keyword: keyword || undefined });
  const [busy, setBusy] = useState<number | null>(null);

  const columns: ColumnsType<CorrectionListItem> = [
    {
      title: '软件名称',
      key: 'name',
      render: (_, c) => (
        <div className="pt-name">
          <Link to={`/settings/correctionDetail?id=${c.id}`} className="pt-title" data-testid="correction-name">
            {c.currentName}
          </Link>
          <div className="pt-sub">
            <span>{c.version}</span>
            {c.currentName !== c.name && <span>原名：{c.name}</span>}
            <span>
              {c.items} 项（已识别 {c.recognised}，已处理 {c.handled}）
            </span>
          </div>
        </div>
      ),
    },
    {
      title: '补正期限',
      key: 'deadline',
      width: 250,
      render: (_, c) => (
        <div>
          <DeadlineCountdown deadline={c.deadline} done={c.state === 'submitted' || c.state === 'cancelled'} />
          <div className="pt-msg">通知书日期 {c.noticeDate}</div>
        </div>
      ),
    },
    {
      title: '状态',
      key: 'state',
      width: 170,
      render: (_, c) => (
        <div className="pt-status">
          <Tag color={STATE_COLORS[c.state]} data-testid="correction-state">
            {c.stateLabel}
          </Tag>
          {(c.status === 'queued' || c.status === 'generating') && <Progress percent={c.progress} size="small" status="active" style={{ margin: '4px 0 0' }} />}
          {c.message && c.state !== 'generated' && <div className="pt-msg">{c.message}</div>}
          {c.generatedAt && c.state === 'generated' && <div className="pt-msg">生成于 {dayjs(c.generatedAt).format('MM-DD HH:mm')}</div>}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 240,
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" icon={<FormOutlined />} onClick={() => navigate(`/settings/correctionDetail?id=${c.id}`)} data-testid="correction-open">
            {c.state === 'cancelled' ? '查看' : '处理'}
          </Button>
          <Tooltip title={c.downloadable ? '补正后的材料与补正说明（ZIP）' : '生成补正材料后可下载'}>
            <Button type="link" icon={<DownloadOutlined />} disabled={!c.downloadable} loading={busy === c.id} onClick={async () => {
              setBusy(c.id);
              try {
                await downloadCorrection(c);
              } finally {
                setBusy(null);
              }
            }}>
              下载
            </Button>
          </Tooltip>
          <Popconfirm
            title="取消这个补正？"
            description="取消后不能再修改，已生成的补正材料仍可下载。"
            okText="取消补正"
            cancelText="返回"
            onConfirm={async () => {
              const res = await cancelProjectCorrections(c.id);
              if (res?.code === ApiCode.Ok) {
                notify.success('补正已取消');
                await queryClient.invalidateQueries({ queryKey: correctionKeys.all });
              }
            }}
          >
            <Button type="link" danger icon={<StopOutlined />} disabled={c.state === 'cancelled' || c.status === 'queued' || c.status === 'generating'}>
              取消
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="list-head">
        <h2>补正项目</h2>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal(true)} data-testid="new-correction">
          新建补正
        </Button>
      </div>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="收到补正通知书后，须自通知书日期起 30 日内提交补正材料，逾期未补正的视为撤回申请（《计算机软件著作权登记办法》第二十二条）。"
      />
      <div className="list-toolbar">
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          options={CORRECTION_STATES.map((s) => ({ value: s, label: CORRECTION_STATE_LABELS[s] }))}
          value={state}
          onChange={(v) => (setPage(1), setState(v))}
        />
        <Input.Search allowClear placeholder="搜索软件名称" style={{ width: 260 }} maxLength={50} onSearch={(v) => (setPage(1), setKeyword(v.trim()))} />
      </div>
      {list.isError && <Alert type="error" showIcon title="补正列表加载失败" action={<a onClick={() => void list.refetch()}>重试</a>} style={{ marginBottom: 16 }} />}
      <div data-testid="correction-table">
        <Table<CorrectionListItem>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading}
          pagination={
            (list.data?.total ?? 0) > 0
              ? { current: page, pageSize, total: list.data?.total ?? 0, showSizeChanger: true, showTotal: (t) => `共 ${t} 个补正`, onChange: (p, s) => (setPage(s !== pageSize ? 1 : p), setPageSize(s)) }
              : false
          }
          locale={{
            emptyText: list.isLoading ? ' ' : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={state || keyword ? '没有符合条件的补正' : '还没有补正项目。收到补正通知书后，在这里新建补正，或在“我的项目”中点击项目的“补正”。'} />
            ),
          }}
          className="project-table"
        />
      </div>
      <NewCorrectionModal
        open={modal}
        projectId={projectParam}
        onClose={() => {
          setModal(false);
          if (projectParam) setParams({});
        }}
      />
    </>
  );
}
