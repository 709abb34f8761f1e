import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Popconfirm, Progress, Result, Space, Spin, Tag } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, CompassOutlined, DownloadOutlined, ExclamationCircleFilled, FileZipOutlined, ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { RECHARGE_URL, REPORT_LEVEL_LABELS, type InsufficientBalance, type ProjectStatus, type ReportItem, type WordStatus } from '@mazhu/contracts';
import { afterCharge, downloadMaterials, materialsDownloadName, projectKeys, useProjectWordStatus, type StartOutcome } from '@/api/projects';
import './project.css';

const active = (s: ProjectStatus | undefined) => s === 'queued' || s === 'generating';

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function formatElapsed(s: number): string {
  return s < 60 ? `${s} 秒` : `${Math.floor(s / 60)} 分 ${s % 60} 秒`;
}

const LEVEL = {
  info: { label: REPORT_LEVEL_LABELS.info, color: 'success', icon: <CheckCircleFilled /> },
  warning: { label: REPORT_LEVEL_LABELS.warning, color: 'warning', icon: <ExclamationCircleFilled /> },
  error: { label: REPORT_LEVEL_LABELS.error, color: 'error', icon: <CloseCircleFilled /> },
} as const;

/** Evidence of one item (file:line, file#symbol), folded when long. */
function Evidence({ items }: { items: string[] }) {
  const [open, setOpen] = useState(false);
  if (!items.length) return null;
  const shown = open ? items : items.slice(0, 3);
  return (
    <ul className="check-evidence" data-testid="report-evidence">
      {shown.map((e, i) => (
        <li key={i}>
          <code>{e}</code>
        </li>
      ))}
      {items.length > 3 && (
        <li>
          <Button type="link" size="small" onClick={() => setOpen(!open)}>
            {open ? '收起' : `查看全部 ${items.length} 处`}
          </Button>
        </li>
      )}
    </ul>
  );
}

/** The check report on the generated files, in three levels shown as they are: 未通过, 需注意 (never as 通过), 通过. */
export function ReportList({ report }: { report: ReportItem[] }) {
  if (!report.length) return null;
  const order = { error: 0, warning: 1, info: 2 };
  const sorted = [...report].sort((a, b) => order[a.level] - order[b.level]);
  const count = (l: ReportItem['level']) => report.filter((r) => r.level === l).length;
  return (
    <div className="report">
      <div className="form-section-title">
        材料检查报告
        <span className="check-summary">
          {count('error') > 0 && <Tag color="error">未通过 {count('error')}</Tag>}
          {count('warning') > 0 && <Tag color="warning">需注意 {count('warning')}</Tag>}
          <Tag color="success">通过 {count('info')}</Tag>
        </span>
      </div>
      <ul className="check-list" data-testid="report-list">
        {sorted.map((r, i) => (
          <li key={`${r.code}-${i}`} className={r.level === 'info' ? 'ok' : r.level} data-testid={`report-${r.level}`} data-code={r.code}>
            {LEVEL[r.level].icon}
            <span className="check-state">{LEVEL[r.level].label}</span>
            <span className="check-message">
              {r.message}
              <Evidence items={r.evidence ?? []} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface GeneratePanelProps {
  /** The project, once it exists. */
  projectId?: number;
  source: 'form' | 'code';
  name: string;
  version: string;
  /** The project changed after its materials were made. */
  outdated?: boolean;
  /** Generation is not allowed yet (failed checks). */
  blocked?: boolean;
  /** What the generation will cost and what the user has. */
  cost?: ReactNode;
  /** False for a described project without code: no source-code document is generated, and the panel says so. */
  hasCode?: boolean;
  /** Charges and starts the generation. */
  start: () => Promise<StartOutcome>;
  onStarted?: (id: number) => void;
}

/** The recharge page, naming the project kept as a draft so the user finds the way back after recharging. */
const rechargeLink = (url: string, projectId: number | undefined, source: 'form' | 'code') =>
  projectId ? `${url}?${new URLSearchParams({ project: String(projectId), source }).toString()}` : url;

/** What a described project without code gets, before generating and with its materials: no source-code document. */
function NoCodeNotice({ done }: { done?: boolean }) {
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="no-code-notice"
      title={done ? '材料中没有源程序文档（未上传源代码）' : '未上传源代码：本次生成申请表、操作手册（含界面原型图）和检查报告'}
      description="源程序文档（程序鉴别材料）须由您享有著作权的源代码生成，系统不会编写代码。申请登记时须提交源程序：请在“基本信息”中上传源代码压缩包后重新生成。"
    />
  );
}

/** Generate → progress (polled every 1.5 s) → download and report; insufficient balance links to recharge. */
export default function GeneratePanel(p: GeneratePanelProps) {
  const queryClient = useQueryClient();
  const [id, setId] = useState(p.projectId);
  const [starting, setStarting] = useState(false);
  const [insufficient, setInsufficient] = useState<{ info: InsufficientBalance | null; msg: string } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const startedAt = useRef<number | null>(null);

  useEffect(() => {
    if (p.projectId && p.projectId !== id) setId(p.projectId);
  }, [p.projectId, id]);

  // Always read when the project exists: the page may remount this panel while a generation runs.
  const status = useProjectWordStatus(id);
  const st: WordStatus | null | undefined = id ? status.data : undefined;
  const watching = Boolean(id);
  const state = st?.state;

  // Elapsed time while running (shown so a long generation never looks frozen).
  useEffect(() => {
    if (!active(state)) {
      startedAt.current = null;
      return;
    }
    startedAt.current ??= Date.now();
    const t = setInterval(() => setElapsed(Math.round((Date.now() - (startedAt.current ?? Date.now())) / 1000)), 1000);
    return () => clearInterval(t);
  }, [state]);

  // A failed generation is refunded: the balances change again.
  const prevState = useRef(state);
  useEffect(() => {
    if (prevState.current && prevState.current !== state && (state === 'failed' || state === 'succeeded')) {
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists });
      if (state === 'failed') void afterCharge(queryClient);
    }
    prevState.current = state;
  }, [state, queryClient]);

  const run = async () => {
    setStarting(true);
    setInsufficient(null);
    try {
      const out = await p.start();
      if (out.kind === 'insufficient') setInsufficient({ info: out.info, msg: out.msg });
      if (out.kind !== 'started') return;
      const newId = out.status.id;
      setElapsed(0);
      startedAt.current = Date.now();
      queryClient.setQueryData(projectKeys.status(newId), out.status);
      setId(newId);
      p.onStarted?.(newId);
      await afterCharge(queryClient);
    } finally {
      setStarting(false);
    }
  };

  const download = async () => {
    if (!id) return;
    setDownloading(true);
    try {
      await downloadMaterials({ id, source: p.source, name: p.name, version: p.version, downloadName: st?.downloadName });
    } finally {
      setDownloading(false);
    }
  };

  const insufficientBox = insufficient && (
    <Alert
      type="error"
      showIcon
      data-testid="insufficient"
      title={insufficient.msg || '余额不足'}
      description={
        insufficient.info ? (
          <>
            本次需要 {insufficient.info.need} 积分；当前免费次数 {insufficient.info.freeTimes} 次，赠送积分 {insufficient.info.giftedPoints}，充值积分 {insufficient.info.rechargePoints}。
            {(id ?? insufficient.info.projectId) ? '项目已保存为草稿，填写的内容不会丢失，充值到账后回到这里即可生成。' : ''}
          </>
        ) : (
          '免费次数和积分都不足以完成本次生成。'
        )
      }
      action={
        <Link to={rechargeLink(insufficient.info?.rechargeUrl || RECHARGE_URL, id ?? insufficient.info?.projectId, p.source)}>
          <Button type="primary">去充值</Button>
        </Link>
      }
      style={{ marginBottom: 16 }}
    />
  );

  if (watching && status.isLoading) {
    return (
      <div className="generate-panel generate-center">
        <Spin />
        <div className="muted" style={{ marginTop: 12 }}>
          正在读取生成状态…
        </div>
      </div>
    );
  }

  if (watching && st && active(st.state)) {
    return (
      <div className="generate-panel" data-testid="generate-progress">
        <div className="generate-running-title">
          <Spin size="small" /> {st.state === 'queued' ? '已排队，即将开始生成' : '正在生成材料'}
        </div>
        <Progress percent={Math.max(st.progress, st.state === 'queued' ? 2 : 5)} status="active" strokeColor={{ from: '#3b82f6', to: '#1d4ed8' }} />
        <div className="generate-stage">
          <span data-testid="generate-stage">{st.message || (st.state === 'queued' ? '排队中' : '处理中')}</span>
          <span className="muted">已用时 {formatElapsed(elapsed)}</span>
        </div>
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 20 }}
          title="生成在后台进行，您可以离开本页"
          description={
            <>
              完成后可在 <Link to={p.source === 'code' ? '/settings/codeProjectList' : '/settings/projectList?type=all'}>{p.source === 'code' ? '代码项目' : '我的项目'}</Link> 中下载。
            </>
          }
        />
      </div>
    );
  }

  if (watching && st?.state === 'succeeded') {
    return (
      <div className="generate-panel" data-testid="generate-done">
        <Result
          status="success"
          title="材料已生成"
          subTitle={`下载文件：${materialsDownloadName(st.downloadName, p.name, p.version)}`}
          style={{ padding: '8px 0 16px' }}
          extra={
            <Space>
              <Button type="primary" size="large" icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()} data-testid="download-materials">
                下载材料（ZIP）
              </Button>
              {id && (
                <Link to={`/filing-guide?id=${id}`}>
                  <Button size="large" icon={<CompassOutlined />} data-testid="open-filing-guide">
                    申报助手
                  </Button>
                </Link>
              )}
              <Popconfirm title="重新生成材料？" description="将按当前项目信息重新生成，并再次扣除免费次数或积分。" okText="重新生成" cancelText="取消" onConfirm={() => void run()}>
                <Button size="large" icon={<ReloadOutlined />} loading={starting}>
                  重新生成
                </Button>
              </Popconfirm>
            </Space>
          }
        />
        {p.outdated && <Alert type="warning" showIcon title="项目信息在生成后有修改，下载的材料不是最新的，请重新生成。" style={{ marginBottom: 16 }} />}
        {p.hasCode === false && <NoCodeNotice done />}
        {insufficientBox}
        {st.files && st.files.length > 0 && (
          <div className="file-list">
            {st.files.map((f) => (
              <div key={f.name} className="file-row">
                <FileZipOutlined />
                <span className="file-name">{f.name}</span>
                <span className="muted">{formatSize(f.size)}</span>
              </div>
            ))}
          </div>
        )}
        <ReportList report={st.report ?? []} />
      </div>
    );
  }

  return (
    <div className="generate-panel">
      {watching && st?.state === 'failed' && (
        <Alert type="error" showIcon title="生成失败" description={`${st.message || '生成过程出错'}。本次扣除的免费次数或积分已退回，可修改后重新生成。`} style={{ marginBottom: 16 }} data-testid="generate-failed" />
      )}
      {insufficientBox}
      {p.hasCode === false && <NoCodeNotice />}
      {p.cost}
      <div className="generate-actions">
        <Button type="primary" size="large" icon={<ThunderboltOutlined />} loading={starting} disabled={p.blocked} onClick={() => void run()} data-testid="generate-btn">
          {watching && st?.state === 'failed' ? '重新生成' : '生成材料'}
        </Button>
        {p.blocked && <span className="muted">提交前检查还有未通过的项目，请先修改</span>}
      </div>
    </div>
  );
}
