import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Card, Checkbox, Collapse, Empty, Input, Popconfirm, Progress, Radio, Result, Select, Skeleton, Space, Spin, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CheckCircleFilled, DeleteOutlined, DownloadOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  ApiCode,
  CONFIRMATION_EXAMPLES,
  materialGroupLabel,
  PROJECT_LIMITS,
  RECHARGE_URL,
  PROJECT_NAME_RE,
  TECH_TAGS,
  type ApplyCorrectionFix,
  type CodeUpload,
  type CorrectionDetails,
  type FileDiff,
  type ItemFix,
  type NoticeItem,
} from '@mazhu/contracts';
import { afterCharge } from '@/api/projects';
import { applyCorrectionFix, cancelProjectCorrections, markCorrectionSubmitted, correctionKeys, downloadCorrection, generateCorrectionMaterials, useCorrectionDetails } from '@/api/corrections';
import CodeUploader from '@/components/project/CodeUploader';
import CodeFileSelection from '@/components/project/CodeFileSelection';
import DeadlineCountdown from '@/components/corrections/DeadlineCountdown';
import { fixKindLabel, STATE_COLORS } from '@/components/corrections/labels';
import { notify } from '@/utils/notify';
import '@/components/project/project.css';
import '@/components/corrections/corrections.css';

type Apply = (req: Omit<ApplyCorrectionFix, 'id'>) => Promise<boolean>;

const ScreenshotsBoard = lazy(() => import('@/components/project/ScreenshotsPanel').then((m) => ({ default: m.ScreenshotsBoard })));

/** What only the applicant can do: the 补正说明 states it in the applicant's own words (required). */
const OWN_WORDS = new Set<ItemFix['reason']>(['signature', 'identity_docs', 'similar']);

/** The suggested full name for a name-suffix fix: the current name when it already ends right, else name + 系统. */
const suggestName = (name: string) => (PROJECT_NAME_RE.test(name) ? name : `${name.replace(/(软件|系统|平台)?$/, '')}系统`);

function FieldFix({ item, fix, c, apply }: { item: NoticeItem; fix: ItemFix; c: CorrectionDetails; apply: Apply }) {
  const cur = c.current;
  const [name, setName] = useState(fix.fields.includes('name') ? suggestName(cur.name) : cur.name);
  const [version, setVersion] = useState(cur.version);
  const [mainFunctions, setMainFunctions] = useState(cur.mainFunctions);
  const [techFeatures, setTechFeatures] = useState(cur.techFeatures);
  const [techTags, setTechTags] = useState<string[]>(cur.techTags);
  const [languages, setLanguages] = useState<string[]>([...new Set([...cur.codeLanguages, ...cur.languages])]);
  const [regNo, setRegNo] = useState(cur.originalRegistrationNo);
  const [note, setNote] = useState(cur.modificationNote);
  const [busy, setBusy] = useState(false);
  const has = (f: string) => fix.fields.includes(f as never);
  const submit = async () => {
    const fields: Record<string, unknown> = {};
    if (has('name')) fields.name = name.trim();
    if (has('version')) fields.version = version.trim();
    if (has('mainFunctions')) fields.mainFunctions = mainFunctions.trim();
    if (has('techFeatures')) fields.techFeatures = techFeatures.trim();
    if (has('techTags')) fields.techTags = techTags;
    if (has('languages')) fields.languages = languages;
    if (has('nature')) fields.nature = '修改';
    if (has('originalRegistrationNo')) fields.originalRegistrationNo = regNo.trim();
    if (has('modificationNote')) fields.modificationNote = note.trim() || undefined;
    setBusy(true);
    try {
      await apply({ itemNo: item.no, reason: fix.reason, fields });
    } finally {
      setBusy(false);
    }
  };
  const mfLen = mainFunctions.trim().length;
  return (
    <div className="fix-form">
      {has('name') && (
        <label className="fix-field">
          <span>软件全称（须以“软件”“系统”或“平台”结尾）</span>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={PROJECT_LIMITS.nameMax} status={PROJECT_NAME_RE.test(name.trim()) ? undefined : 'error'} data-testid={`fix-name-${item.no}`} />
          <em>当前：{cur.name}。修改后源程序、操作手册、申请表中的名称全部更新。</em>
        </label>
      )}
      {has('version') && (
        <label className="fix-field">
          <span>版本号（如 V1.0）</span>
          <Input value={version} onChange={(e) => setVersion(e.target.value)} maxLength={20} style={{ width: 200 }} />
        </label>
      )}
      {has('mainFunctions') && (
        <label className="fix-field">
          <span>软件的主要功能（{PROJECT_LIMITS.mainFunctionsMin}–{PROJECT_LIMITS.mainFunctionsMax} 字）</span>
          <Input.TextArea value={mainFunctions} onChange={(e) => setMainFunctions(e.target.value)} autoSize={{ minRows: 5, maxRows: 12 }} maxLength={PROJECT_LIMITS.mainFunctionsMax} />
          <em className={mfLen < PROJECT_LIMITS.mainFunctionsMin ? 'bad' : ''}>现 {mfLen} 字{mfLen < PROJECT_LIMITS.mainFunctionsMin ? `，还差 ${PROJECT_LIMITS.mainFunctionsMin - mfLen} 字` : ''}</em>
        </label>
      )}
      {has('techTags') && (
        <label className="fix-field">
          <span>技术特点标签（最多 3 个）</span>
          <Select mode="multiple" value={techTags} onChange={(v) => setTechTags(v.slice(0, 3))} options={TECH_TAGS.map((t) => ({ value: t, label: t }))} style={{ width: '100%' }} />
        </label>
      )}
      {has('techFeatures') && (
        <label className="fix-field">
          <span>技术特点说明（不超过 100 字）</span>
          <Input.TextArea value={techFeatures} onChange={(e) => setTechFeatures(e.target.value)} maxLength={PROJECT_LIMITS.techFeaturesMax} showCount autoSize={{ minRows: 2 }} />
        </label>
      )}
      {has('languages') && (
        <label className="fix-field">
          <span>编程语言（列出源程序用到的全部语言）</span>
          <Select
            mode="tags"
            value={languages}
            onChange={(v: string[]) => setLanguages([...new Set([...cur.codeLanguages, ...v])])}
            style={{ width: '100%' }}
            tokenSeparators={[',', '，', '、']}
            options={['HTML', 'CSS', 'JavaScript', 'TypeScript', 'Java', 'Python', 'SQL', 'Vue', 'Go', 'C#', 'PHP'].map((l) => ({ value: l, label: l }))}
            data-testid={`fix-languages-${item.no}`}
          />
          {cur.codeLanguages.length > 0 && <em>代码中检测到：{cur.codeLanguages.join('、')}（不能删除）</em>}
        </label>
      )}
      {has('nature') && (
        <div className="fix-field">
          <span>软件说明</span>
          <Radio.Group value="修改" options={[{ value: '修改', label: '修改（含升级）' }]} />
        </div>
      )}
      {has('originalRegistrationNo') && (
        <label className="fix-field">
          <span>原登记号</span>
          <Input value={regNo} onChange={(e) => setRegNo(e.target.value)} maxLength={50} placeholder="例如 2023SR0123456" style={{ width: 260 }} />
        </label>
      )}
      {has('modificationNote') && (
        <label className="fix-field">
          <span>修改说明</span>
          <Input value={note} onChange={(e) => setNote(e.target.value)} maxLength={PROJECT_LIMITS.noteMax} placeholder="例如：新增报表与导出功能" />
        </label>
      )}
      <Button type="primary" onClick={() => void submit()} loading={busy} data-testid={`fix-apply-${item.no}-${fix.reason}`}>
        {fix.state === 'applied' ? '重新应用修改' : '应用修改'}
      </Button>
    </div>
  );
}

function SourceFix({ item, fix, c, apply }: { item: NoticeItem; fix: ItemFix; c: CorrectionDetails; apply: Apply }) {
  const [upload, setUpload] = useState<CodeUpload | null>(null);
  const [busy, setBusy] = useState(false);
  const needsUpload = fix.reason === 'code_version';
  // Framework, generated or someone else's files can be left out of the filed upload instead of uploading again.
  const selectable = (fix.reason === 'boilerplate' || fix.reason === 'third_party') && c.current.uploadId !== null;
  return (
    <div className="fix-form">
      <div className="fix-facts">
        {c.current.hasCode ? (
          <>
            当前代码：{c.current.codeFileName}，预计源程序 {c.current.estimatedCodePages} 页
            {c.current.estimatedCodePages < 60 && '（不足 60 页时提交全部，不补凑代码）'}
          </>
        ) : (
          '该项目还没有上传代码，请上传完整的源代码压缩包。'
        )}
      </div>
      {selectable && c.current.uploadId !== null && (
        <div className="fix-field" data-testid={`fix-selection-${item.no}`}>
          <span>文件选择：排除框架模板、脚手架、第三方库和自动生成的文件，只印入体现本软件功能的代码</span>
          <CodeFileSelection uploadId={c.current.uploadId} onAnalysis={() => undefined} />
        </div>
      )}
      <div className="fix-field">
        <span>{needsUpload ? '上传修改后的代码（必需）' : selectable ? '或上传去掉这些文件后的代码' : '上传更完整的代码（可选）'}</span>
        <CodeUploader value={upload} onUploaded={(u) => setUpload(u)} />
      </div>
      <Button
        type="primary"
        loading={busy}
        disabled={needsUpload && !upload}
        onClick={async () => {
          setBusy(true);
          try {
            await apply({ itemNo: item.no, reason: fix.reason, uploadId: upload?.uploadId });
          } finally {
            setBusy(false);
          }
        }}
        data-testid={`fix-apply-${item.no}-${fix.reason}`}
      >
        {fix.state === 'applied' ? '重新应用' : '重新生成源程序'}
      </Button>
    </div>
  );
}

function ManualFix({ item, fix, c, apply }: { item: NoticeItem; fix: ItemFix; c: CorrectionDetails; apply: Apply }) {
  const [mods, setMods] = useState(c.current.modules.map((m) => ({ ...m, ops: m.operations.join('\n') })));
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const doc = c.current.documentKind;
  const set = (i: number, patch: Partial<(typeof mods)[number]>) => setMods(mods.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  const editable = fix.reason !== 'doc_format';
  return (
    <div className="fix-form">
      {editable && (
        <div className="fix-modules">
          {mods.map((m, i) => (
            <div key={i} className="fix-module">
              <Input value={m.name} onChange={(e) => set(i, { name: e.target.value })} maxLength={PROJECT_LIMITS.moduleNameMax} placeholder="功能模块名称" />
              <Input.TextArea value={m.description} onChange={(e) => set(i, { description: e.target.value })} maxLength={PROJECT_LIMITS.moduleDescriptionMax} autoSize={{ minRows: 2 }} placeholder="功能说明：这个模块做什么，对应代码中的哪些功能" />
              <Input.TextArea value={m.ops} onChange={(e) => set(i, { ops: e.target.value })} autoSize={{ minRows: 2 }} placeholder="操作步骤，每行一步" />
              <Button type="text" danger icon={<DeleteOutlined />} onClick={() => setMods(mods.filter((_, j) => j !== i))} disabled={mods.length <= 1}>
                删除
              </Button>
            </div>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => setMods([...mods, { name: '', description: '', operations: [], ops: '' }])} disabled={mods.length >= PROJECT_LIMITS.modulesMax}>
            添加功能模块
          </Button>
        </div>
      )}
      <Input.TextArea
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={300}
        autoSize={{ minRows: 1 }}
        placeholder={editable ? '补充说明（可选，将写入补正说明；功能模块没有修改时必填）' : '补充说明（可选，将写入补正说明）'}
        data-testid={`fix-note-${item.no}-${fix.reason}`}
      />
      <Button
        type="primary"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await apply({
              itemNo: item.no,
              reason: fix.reason,
              modules: editable ? mods.map((m) => ({ name: m.name.trim(), description: m.description.trim(), operations: m.ops.split('\n').map((s) => s.trim()).filter(Boolean).slice(0, 12) })) : undefined,
              note: note.trim() || undefined,
            });
          } finally {
            setBusy(false);
          }
        }}
        data-testid={`fix-apply-${item.no}-${fix.reason}`}
      >
        {editable ? `保存并重新生成${doc}` : `重新生成${doc}`}
      </Button>
    </div>
  );
}

/** The checkbox of a to-do, a screenshot or a contract fix: what ticking it says. */
function doneLabel(fix: ItemFix | undefined, doc: string): string {
  if (fix?.reason === 'electronic_copy') return '知道了：补正材料生成后，在登记系统中上传补正包中的 PDF';
  if (fix?.kind === 'screenshots') return doc === '操作手册' ? '截图已处理（系统识别截图中的名称和版本号）' : '已处理（说明写入补正说明）';
  if (fix?.kind === 'contract') return '合同已生成（随补正材料附上）';
  return '已完成';
}

function TodoFix({ item, fix, c, apply, needNote }: { item: NoticeItem; fix?: ItemFix; c: CorrectionDetails; apply: Apply; needNote?: boolean }) {
  const done = fix ? fix.state === 'applied' : Boolean(item.handled);
  const [note, setNote] = useState(item.note ?? '');
  const [busy, setBusy] = useState(false);
  const doc = c.current.documentKind;
  const example = fix ? CONFIRMATION_EXAMPLES[fix.reason] : undefined;
  const send = async (d: boolean) => {
    setBusy(true);
    try {
      await apply({ itemNo: item.no, reason: fix?.reason, done: d, note: note.trim() || undefined });
    } finally {
      setBusy(false);
    }
  };
  const placeholder = needNote
    ? `用自己的话写明您对这一项做了什么（必填，原样写入补正说明）${example ? `，例如：${example}` : ''}`
    : fix?.kind === 'screenshots'
      ? '补充说明（可选，写入补正说明；没有更换或上传截图时必填）'
      : fix?.kind === 'contract'
        ? '补充说明（可选，写入补正说明；开发方式不需要合同时必填）'
        : '补充说明（可选，将写入补正说明）';
  return (
    <div className="fix-form">
      {fix?.kind === 'screenshots' && doc === '操作手册' && (
        <div className="fix-shots" data-testid={`fix-shots-${item.no}`}>
          <Suspense fallback={<Skeleton active />}>
            <ScreenshotsBoard projectId={c.projectId} />
          </Suspense>
        </div>
      )}
      {fix?.kind === 'contract' && (
        <Link to="/settings/contract" target="_blank">
          去“合同下载”为本项目生成合同
        </Link>
      )}
      <Input.TextArea
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={300}
        autoSize={{ minRows: needNote ? 2 : 1 }}
        placeholder={placeholder}
        data-testid={`fix-note-${item.no}`}
      />
      <Checkbox checked={done} disabled={busy} onChange={(e) => void send(e.target.checked)} data-testid={`fix-done-${item.no}-${fix?.reason ?? 'other'}`}>
        {doneLabel(fix, doc)}
      </Checkbox>
    </div>
  );
}

function ItemCard({ item, c, apply, locked }: { item: NoticeItem; c: CorrectionDetails; apply: Apply; locked: boolean }) {
  const handled = item.recognised ? item.fixes.every((f) => f.state === 'applied') : Boolean(item.handled);
  return (
    <Card
      size="small"
      className={`corr-item ${handled ? 'handled' : ''}`}
      data-testid={`item-${item.no}`}
      title={
        <Space>
          <span className="module-no">第 {item.no} 项</span>
          {handled ? <Tag color="success" icon={<CheckCircleFilled />}>已处理</Tag> : <Tag color="orange">待处理</Tag>}
          {!item.recognised && <Tag>未识别：请自行处理并说明</Tag>}
        </Space>
      }
    >
      <blockquote className="notice-quote">{item.text}</blockquote>
      {item.recognised ? (
        item.fixes.map((fix) => (
          <div key={fix.reason} className="fix-block">
            <div className="fix-head">
              <strong>{fix.title}</strong>
              <Tag color="blue">{fixKindLabel(fix.kind, c.current.documentKind)}</Tag>
              {fix.touches.length > 0 && <span className="muted">将重新生成：{fix.touches.map((g) => materialGroupLabel(g, c.current.documentKind)).join('、')}</span>}
              {fix.state === 'applied' && <Tag color="success">已应用</Tag>}
            </div>
            <div className="fix-desc">{fix.description}</div>
            {fix.change && (
              <div className="fix-change" data-testid={`fix-change-${item.no}`}>
                写入补正说明：{fix.change}
              </div>
            )}
            {!locked &&
              (fix.kind === 'field' ? (
                <FieldFix item={item} fix={fix} c={c} apply={apply} />
              ) : fix.kind === 'source' ? (
                <SourceFix item={item} fix={fix} c={c} apply={apply} />
              ) : fix.kind === 'manual' ? (
                <ManualFix item={item} fix={fix} c={c} apply={apply} />
              ) : (
                <TodoFix item={item} fix={fix} c={c} apply={apply} needNote={OWN_WORDS.has(fix.reason) || (fix.kind === 'screenshots' && c.current.documentKind !== '操作手册')} />
              ))}
          </div>
        ))
      ) : (
        <>
          {item.note && <div className="fix-change">写入补正说明：{item.note}</div>}
          {!locked && <TodoFix item={item} c={c} apply={apply} needNote />}
        </>
      )}
    </Card>
  );
}

const FILE_STATUS: Record<FileDiff['status'], { label: string; color: string }> = {
  kept: { label: '保持原样（逐字节相同）', color: 'default' },
  regenerated: { label: '重新生成', color: 'blue' },
  added: { label: '新增', color: 'green' },
  removed: { label: '已移除', color: 'red' },
};

function DiffView({ c }: { c: CorrectionDetails }) {
  if (!c.diff) return null;
  const pages = (f: FileDiff) => {
    const a = f.before?.pages;
    const b = f.after?.pages;
    if (a === undefined && b === undefined) return '—';
    if (a === undefined || b === undefined || a === b) return `${b ?? a} 页`;
    return `${a} → ${b} 页`;
  };
  return (
    <Card title="已提交材料与补正材料对比" className="detail-card" data-testid="diff-view">
      <Table<FileDiff>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={c.diff.files}
        columns={[
          { title: '文件', key: 'name', render: (_, f) => <span className="mono-name">{f.name}</span> },
          { title: '处理', key: 'status', width: 190, render: (_, f) => <Tag color={FILE_STATUS[f.status].color}>{f.status === 'regenerated' && !f.changed ? '重新生成（内容未变）' : FILE_STATUS[f.status].label}</Tag> },
          { title: '页数', key: 'pages', width: 110, render: (_, f) => pages(f) },
          {
            title: '页眉',
            key: 'header',
            render: (_, f) =>
              f.before?.header && f.after?.header && f.before.header !== f.after.header ? (
                <span>
                  <del>{f.before.header}</del> → {f.after.header}
                </span>
              ) : (
                (f.after?.header ?? f.before?.header ?? '—')
              ),
          },
        ]}
      />
      {c.diff.fields.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            申请表中改动的字段
          </Typography.Title>
          <Table
            size="small"
            rowKey="label"
            pagination={false}
            dataSource={c.diff.fields}
            columns={[
              { title: '字段', dataIndex: 'label', width: 160 },
              { title: '补正前', dataIndex: 'before', render: (v: string) => <span className="diff-before">{v || '（空）'}</span> },
              { title: '补正后', dataIndex: 'after', render: (v: string) => <span className="diff-after">{v || '（空）'}</span> },
            ]}
          />
        </>
      )}
    </Card>
  );
}

/** 补正处理 (/settings/correctionDetail?id=): the notice item by item, each fix applied in place, generation, diff, download. */
export default function CorrectionDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const queryClient = useQueryClient();
  const q = useCorrectionDetails(id);
  const [busy, setBusy] = useState<string | null>(null);
  /** The refusal of a generation for a low balance (shown with the way to the recharge page). */
  const [insufficient, setInsufficient] = useState<string | null>(null);
  const c = q.data;

  const refresh = (data: CorrectionDetails) => {
    queryClient.setQueryData(correctionKeys.detail(data.id), data);
    void queryClient.invalidateQueries({ queryKey: correctionKeys.lists });
  };
  const apply: Apply = async (req) => {
    if (!c) return false;
    const res = await applyCorrectionFix({ id: c.id, ...req });
    if (res?.code !== ApiCode.Ok) return false;
    notify.success('已保存');
    refresh(res.data);
    return true;
  };

  if (!id) return <Result status="404" title="缺少补正项目编号" extra={<Link to="/settings/correctionList">返回补正项目</Link>} />;
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (q.isError || !c) return <Result status="404" title="补正项目不存在或无权访问" extra={<Link to="/settings/correctionList">返回补正项目</Link>} />;

  const running = c.status === 'queued' || c.status === 'generating';
  const locked = c.status === 'cancelled' || running;
  const done = c.state === 'submitted' || c.state === 'cancelled';

  return (
    <div className="correction-detail" data-testid="correction-detail">
      <Link to="/settings/correctionList" className="muted">
        <ArrowLeftOutlined /> 补正项目
      </Link>
      <div className="list-head" style={{ marginTop: 8 }}>
        <div>
          <h2 style={{ marginBottom: 4 }} data-testid="detail-name">
            {c.currentName} <span className="muted">{c.current.version}</span>
          </h2>
          <Space wrap>
            <Tag color={STATE_COLORS[c.state]} data-testid="detail-state">
              {c.stateLabel}
            </Tag>
            <DeadlineCountdown deadline={c.deadline} done={done} />
            <span className="muted">通知书日期 {c.noticeDate}</span>
            {c.serialNo && <span className="muted">流水号 {c.serialNo}</span>}
            {c.currentName !== c.name && <span className="muted">原名：{c.name}</span>}
          </Space>
        </div>
        <Space>
          <Button icon={<DownloadOutlined />} disabled={!c.downloadable} loading={busy === 'dl'} onClick={async () => {
            setBusy('dl');
            try {
              await downloadCorrection(c, c.current.version);
            } finally {
              setBusy(null);
            }
          }} data-testid="download-correction">
            下载补正材料
          </Button>
          {c.status === 'generated' && !c.submittedAt && (
            <Popconfirm
              title="已在登记系统提交补正材料？"
              description="标记后补正期限提醒停止，本补正不能再修改。收到新的通知书时请新建补正。"
              okText="已提交"
              cancelText="还没有"
              onConfirm={async () => {
                const res = await markCorrectionSubmitted(c.id);
                if (res?.code === ApiCode.Ok) refresh(res.data);
              }}
            >
              <Button type="primary" data-testid="mark-submitted">
                标记为已提交
              </Button>
            </Popconfirm>
          )}
          <Popconfirm title="取消这个补正？" description="取消后不能再修改。" okText="取消补正" cancelText="返回" onConfirm={async () => {
            const res = await cancelProjectCorrections(c.id);
            if (res?.code === ApiCode.Ok) refresh(res.data);
          }}>
            <Button danger disabled={locked || Boolean(c.submittedAt)}>
              取消补正
            </Button>
          </Popconfirm>
        </Space>
      </div>

      {c.state === 'overdue' && <Alert type="error" showIcon title="已超过补正期限。逾期未补正的，申请视为撤回；如仍需登记，请与中国版权保护中心联系或重新申请。" style={{ marginBottom: 16 }} />}
      {c.deadlineLevel === 'warning' && !done && <Alert type="warning" showIcon title={`补正期限只剩 ${c.daysLeft} 天，请尽快处理并提交。`} style={{ marginBottom: 16 }} />}

      <Collapse
        className="detail-card"
        items={[
          {
            key: 'notice',
            label: `通知书原文（${c.items} 项，已识别 ${c.recognised} 项）`,
            children: <pre className="notice-original">{c.noticeText}</pre>,
          },
        ]}
      />

      <div className="notice-items">
        {c.noticeItems.length === 0 ? <Empty description="通知书中没有读出补正事项" /> : c.noticeItems.map((item) => <ItemCard key={item.no} item={item} c={c} apply={apply} locked={locked} />)}
      </div>

      <Card className="detail-card generate-card" data-testid="generate-card">
        <div className="generate-card-body">
          <div>
            <div className="generate-title">生成补正材料</div>
            <div className="muted">
              {c.touched.length > 0
                ? `将重新生成：${c.touched.map((g) => materialGroupLabel(g, c.current.documentKind)).join('、')}；其余材料与已提交的版本逐字节相同。另附补正说明（PDF 和 Word）。`
                : '没有需要重新生成的材料：全部材料保持已提交的版本，另附补正说明（PDF 和 Word）。'}
            </div>
            <div className="muted">
              费用：{c.cost > 0 ? `${c.cost} 积分` : '免费'}
              {c.costNote ? `（${c.costNote}）` : ''}。生成失败自动退回。
            </div>
            {c.status === 'generated' && !c.submittedAt && <div className="muted" data-testid="round-note">本轮补正材料已生成。修改任一事项会开始第 {c.revision + 1} 轮修改，重新生成时按补正价格计费。</div>}
            {c.openItems.length > 0 && <div className="bad">还有第 {c.openItems.join('、')} 项未处理</div>}
            {insufficient && (
              <Alert
                type="error"
                showIcon
                style={{ marginTop: 8 }}
                title={insufficient}
                action={
                  <Link to={RECHARGE_URL}>
                    <Button type="primary" size="small">
                      去充值
                    </Button>
                  </Link>
                }
                data-testid="correction-insufficient"
              />
            )}
            {c.status === 'failed' && c.message && <div className="bad">{c.message}</div>}
          </div>
          {running ? (
            <div style={{ width: 260 }}>
              <Progress percent={c.progress} status="active" />
              <div className="muted">{c.message}</div>
            </div>
          ) : (
            <Button
              type="primary"
              size="large"
              icon={<ThunderboltOutlined />}
              disabled={c.openItems.length > 0 || c.status === 'cancelled' || c.status === 'generated'}
              loading={busy === 'gen'}
              onClick={async () => {
                setBusy('gen');
                setInsufficient(null);
                try {
                  const res = await generateCorrectionMaterials(c.id);
                  if (res?.code === ApiCode.InsufficientBalance) setInsufficient(res.msg || '余额不足');
                  if (res?.code === ApiCode.Ok) {
                    refresh(res.data);
                    await afterCharge(queryClient);
                  }
                } finally {
                  setBusy(null);
                }
              }}
              data-testid="generate-correction"
            >
              {c.downloadable ? '重新生成补正材料' : '生成补正材料'}
            </Button>
          )}
        </div>
      </Card>

      <DiffView c={c} />
    </div>
  );
}
