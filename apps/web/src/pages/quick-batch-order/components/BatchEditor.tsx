import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Input, Modal, Popconfirm, Select, Space, Table, Tag, Tooltip, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FileExcelOutlined,
  PaperClipOutlined,
  PlusOutlined,
  RobotOutlined,
  SaveOutlined,
  ShoppingCartOutlined,
  SnippetsOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ApiCode, BATCH_MAX_ROWS, PROJECT_LIMITS, formatCellError, type BatchDetails, type BatchOrderRequest, type BatchQuote, type BatchRow } from '@mazhu/contracts';
import { batchKeys, downloadTemplate, getProjectBatchOrder, importExcel, saveSoftwareInformation, useOwnerNames } from '@/api/batch';
import { afterCharge, getAIGeneratedInformation, uploadCodeProject } from '@/api/projects';
import { notify } from '@/utils/notify';
import { copyOf, fillFromAi, fromServer, newKey, splitCell, type EditorRow } from '../rows';
import { rowsFromPaste } from '../paste';
import OrderModal, { type OrderChoices } from './OrderModal';
import { MainFunctionsChars, RowCheckTag } from './RowCheck';
import RowFields from './RowFields';

const blankRow = (): EditorRow => ({ key: newKey(), values: { version: 'V1.0' }, uploadId: null, code: null });

/**
 * The quick batch order: the template's rows in an editable table (add, copy, paste from a spreadsheet, import the
 * filled template), owners chosen from the registry, the AI writer filling a row's empty texts, a code archive per
 * row; 保存 checks every row on the server (第 N 行「列名」 errors, 需注意 near-duplicates), 下单 quotes, asks for
 * each 需注意 to be acknowledged, then charges the batch once and opens its details.
 */
export default function BatchEditor({ initial }: { initial?: BatchDetails }) {
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const owners = useOwnerNames();
  const [batch, setBatch] = useState<BatchDetails | undefined>(initial);
  const [rows, setRows] = useState<EditorRow[]>(() => (initial ? initial.rows.map(fromServer) : [blankRow()]));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'' | 'save' | 'import' | 'quote' | 'order'>('');
  const [editing, setEditing] = useState<string | null>(null);
  const [aiRow, setAiRow] = useState<string | null>(null);
  const [uploading, setUploading] = useState<Record<string, number>>({});
  const [pasteOpen, setPasteOpen] = useState(false);
  const [pasteText, setPasteText] = useState('');
  const [quote, setQuote] = useState<BatchQuote | null>(null);

  const serverRow = useMemo(() => new Map((batch?.rows ?? []).map((r) => [r.id, r])), [batch]);
  const infoOf = (r: EditorRow): BatchRow | undefined => (r.id ? serverRow.get(r.id) : undefined);
  /** 'error' when the last check found a problem in this row's column (and the row was not edited since). */
  const statusOf = (r: EditorRow, label: string) => (!r.changed && infoOf(r)?.errors.some((e) => e.column === label) ? 'error' : undefined);
  const ownerNames = owners.data ?? [];

  const update = (key: string, f: (r: EditorRow) => EditorRow) => {
    setRows((rs) => rs.map((r) => (r.key === key ? { ...f(r), changed: true } : r)));
    setDirty(true);
  };
  const setCell = (key: string, col: string, value: string) => update(key, (r) => ({ ...r, values: { ...r.values, [col]: value } }));

  function adopt(d: BatchDetails) {
    setBatch(d);
    setRows(d.rows.map(fromServer));
    setDirty(false);
    setParams({ id: String(d.id) }, { replace: true });
    void queryClient.invalidateQueries({ queryKey: batchKeys.all });
  }

  async function save(): Promise<BatchDetails | undefined> {
    const filled = rows.filter((r) => Object.values(r.values).some((v) => (v ?? '').trim()) || r.uploadId);
    if (filled.length === 0) {
      notify.warning('请至少填写一行');
      return undefined;
    }
    setBusy('save');
    try {
      const res = await saveSoftwareInformation({ id: batch?.id, rows: filled.map((r) => ({ id: r.id, values: r.values, uploadId: r.uploadId })) });
      if (res?.code !== ApiCode.Ok) return undefined;
      adopt(res.data);
      const bad = res.data.rows.filter((r) => r.state === 'invalid').length;
      const failed = res.data.rows.filter((r) => r.state !== 'invalid' && r.check?.result === 'failed').length;
      const warned = res.data.rows.filter((r) => r.check?.result === 'warning').length;
      if (bad) notify.warning(`已保存，${bad} 行有错误需要修改`);
      else if (failed) notify.warning(`已保存：${failed} 行检查未通过（把鼠标移到“未通过”上查看原因），下单前请补充资料，或在下单时逐行确认或不下单`);
      else if (warned) notify.success(`已保存：没有错误，${warned} 行需注意`);
      else notify.success('已保存，所有行检查通过');
      return res.data;
    } finally {
      setBusy('');
    }
  }

  /** Quotes the batch with the user's choices (rows left out, 未通过 rows confirmed, 需注意 acknowledged). */
  async function requote(id: number, choices: OrderChoices): Promise<void> {
    const res = await getProjectBatchOrder({ id, ...choices });
    if (res?.code === ApiCode.Ok) setQuote(res.data.quote);
    else notify.error(res?.msg || '报价失败，请稍后重试');
  }

  async function startOrder() {
    const d = dirty || !batch ? await save() : batch;
    if (!d) return;
    setBusy('quote');
    try {
      // Rows with errors are left out of the first quote, so it shows what the rest costs.
      const res = await getProjectBatchOrder({ id: d.id, exclude: d.rows.filter((r) => r.state === 'invalid').map((r) => r.id) });
      if (res?.code !== ApiCode.Ok) {
        notify.error(res?.msg || '报价失败，请稍后重试');
        return;
      }
      setBatch(res.data.batch);
      setQuote(res.data.quote);
    } finally {
      setBusy('');
    }
  }

  async function confirmOrder(choices: OrderChoices) {
    if (!batch) return;
    setBusy('order');
    try {
      const req: BatchOrderRequest = { id: batch.id, confirm: true, ...choices };
      const res = await getProjectBatchOrder(req);
      if (res?.code === ApiCode.Ok) {
        notify.success('已下单，开始生成材料');
        await afterCharge(queryClient);
        navigate(`/batch-order-Details?id=${batch.id}`);
        return;
      }
      notify.error(res?.msg || '下单失败，请稍后重试', 6);
      if (res?.code === ApiCode.Conflict) navigate(`/batch-order-Details?id=${batch.id}`);
    } finally {
      setBusy('');
    }
  }

  async function onImport(file: File) {
    if (dirty && rows.some((r) => r.values.name)) {
      const okToReplace = await new Promise<boolean>((resolve) =>
        Modal.confirm({ title: '导入表格', content: '导入会新建一个批量订单，当前表格中未保存的修改将丢失。继续吗？', okText: '继续导入', cancelText: '取消', onOk: () => resolve(true), onCancel: () => resolve(false) }),
      );
      if (!okToReplace) return;
    }
    setBusy('import');
    try {
      const res = await importExcel(file);
      if (!res) notify.error('上传失败，请稍后重试');
      else if (res.code !== ApiCode.Ok) notify.error(res.msg, 6);
      else {
        adopt(res.data);
        const bad = res.data.rows.filter((r) => r.state === 'invalid').length;
        notify[bad ? 'warning' : 'success'](`已导入 ${res.data.rows.length} 行${bad ? `，其中 ${bad} 行有错误，请在表格中修改` : ''}`);
      }
    } finally {
      setBusy('');
    }
  }

  async function onCode(key: string, file: File) {
    setUploading((u) => ({ ...u, [key]: 0 }));
    try {
      const res = await uploadCodeProject(file, (p) => setUploading((u) => ({ ...u, [key]: p.percent })));
      if (!res) notify.error('上传失败，请稍后重试');
      else if (res.code !== ApiCode.Ok) notify.error(res.msg);
      else update(key, (r) => ({ ...r, uploadId: res.data.uploadId, code: { fileName: res.data.fileName, sourceLines: res.data.analysis.sourceLines } }));
    } finally {
      setUploading(({ [key]: _done, ...rest }) => rest);
    }
  }

  async function onAi(key: string) {
    const r = rows.find((x) => x.key === key);
    if (!r?.values.name?.trim()) {
      notify.warning('请先填写软件全称');
      return;
    }
    setAiRow(key);
    try {
      const res = await getAIGeneratedInformation({
        name: r.values.name.trim(),
        shortName: r.values.shortName || undefined,
        version: r.values.version || undefined,
        category: r.values.category || undefined,
        platform: r.values.platform || undefined,
        description: r.values.description || undefined,
        uploadId: r.uploadId ?? undefined,
      });
      if (res?.code === ApiCode.Ok && res.data) {
        const values = fillFromAi(r.values, res.data);
        update(key, (x) => ({ ...x, values: fillFromAi(x.values, res.data) }));
        if ((values.mainFunctions ?? '').trim().length >= PROJECT_LIMITS.mainFunctionsMin) notify.success('已按规则起草这一行的空白项（规则草稿，不是 AI），请核对后保存');
        else
          notify.warning(
            r.uploadId
              ? `代码中能确认的功能不足以写满 ${PROJECT_LIMITS.mainFunctionsMin} 字的主要功能，请补充软件的实际功能后保存`
              : `还没有上传这一行的代码，规则草稿只写了能确认的内容；请先上传代码再撰写，或自行补充主要功能（不少于 ${PROJECT_LIMITS.mainFunctionsMin} 字）`,
          );
      }
    } finally {
      setAiRow(null);
    }
  }

  function onPaste() {
    const pasted = rowsFromPaste(pasteText);
    if (pasted.length === 0) {
      notify.warning('没有读到内容：请从 Excel 中选中多行（列顺序同模板）复制后粘贴');
      return;
    }
    const keep = rows.filter((r) => Object.values(r.values).some((v) => v && v !== 'V1.0') || r.uploadId);
    if (keep.length + pasted.length > BATCH_MAX_ROWS) {
      notify.error(`每个批量订单最多 ${BATCH_MAX_ROWS} 行`);
      return;
    }
    setRows([...keep, ...pasted.map((values) => ({ key: newKey(), values, uploadId: null, code: null }))]);
    setDirty(true);
    setPasteOpen(false);
    setPasteText('');
    notify.success(`已粘贴 ${pasted.length} 行，保存后逐行检查`);
  }

  const editingRow = rows.find((r) => r.key === editing);
  const allErrors = rows.flatMap((r) => {
    const info = infoOf(r);
    return info && !r.changed ? info.errors.map((e) => formatCellError(info.rowNo, e)) : [];
  });

  const columns: ColumnsType<EditorRow> = [
    { title: '行', key: 'no', width: 54, fixed: 'left', render: (_, r, i) => r.rowNo ?? `+${i + 1}` },
    {
      title: '检查',
      key: 'check',
      width: 104,
      fixed: 'left',
      render: (_, r) => {
        const info = infoOf(r);
        if (!info?.check || r.changed) return <Tag>待保存</Tag>;
        return <RowCheckTag check={info.check} />;
      },
    },
    {
      title: <span className="req">软件全称</span>,
      key: 'name',
      width: 210,
      fixed: 'left',
      render: (_, r) => <Input value={r.values.name} status={statusOf(r, '软件全称')} maxLength={60} placeholder="须以软件/系统/平台结尾" onChange={(e) => setCell(r.key, 'name', e.target.value)} data-testid="cell-name" />,
    },
    { title: <span className="req">版本号</span>, key: 'version', width: 90, render: (_, r) => <Input value={r.values.version} status={statusOf(r, '版本号')} maxLength={20} onChange={(e) => setCell(r.key, 'version', e.target.value)} data-testid="cell-version" /> },
    {
      title: <span className="req">开发完成日期</span>,
      key: 'completionDate',
      width: 130,
      render: (_, r) => <Input value={r.values.completionDate} status={statusOf(r, '开发完成日期')} placeholder="YYYY-MM-DD" maxLength={20} onChange={(e) => setCell(r.key, 'completionDate', e.target.value)} data-testid="cell-completionDate" />,
    },
    {
      title: <span className="req">著作权人</span>,
      key: 'owners',
      width: 220,
      render: (_, r) => (
        <Select
          mode="tags"
          status={statusOf(r, '著作权人')}
          style={{ width: '100%' }}
          value={splitCell(r.values.owners)}
          options={ownerNames.map((n) => ({ value: n, label: n }))}
          placeholder={ownerNames.length ? '选择著作权人' : '请先登记著作权人'}
          onChange={(xs: string[]) => setCell(r.key, 'owners', xs.join('、'))}
          data-testid="cell-owners"
        />
      ),
    },
    {
      title: '主要功能',
      key: 'mainFunctions',
      width: 150,
      render: (_, r) => {
        const info = infoOf(r);
        if (info?.state === 'invalid' && !r.changed && !r.values.mainFunctions?.trim()) return <Tag>改正错误后估算</Tag>;
        if (info?.check && !r.changed) return <MainFunctionsChars check={info.check} />;
        const n = [...(r.values.mainFunctions ?? '')].length;
        return n ? <Tag color={n >= PROJECT_LIMITS.mainFunctionsMin && n <= PROJECT_LIMITS.mainFunctionsMax ? 'blue' : 'red'}>{n} 字</Tag> : <Tag>下单时规则起草</Tag>;
      },
    },
    {
      title: '计价',
      key: 'price',
      width: 120,
      render: (_, r) => {
        const info = infoOf(r);
        if (!info || r.changed) return <span className="muted">保存后计价</span>;
        return (
          <Tooltip title={`将生成：${info.gets}`}>
            <span data-testid="row-price">
              {info.points} 积分
              <div className="muted" style={{ fontSize: 12 }}>
                {info.priced === 'code' ? '按源程序量' : '仅描述（无源程序）'}
              </div>
            </span>
          </Tooltip>
        );
      },
    },
    {
      title: '代码压缩包',
      key: 'code',
      width: 170,
      render: (_, r) =>
        uploading[r.key] !== undefined ? (
          <span>上传中 {uploading[r.key]}%</span>
        ) : (
          <Space size={4}>
            <Upload accept=".zip,.tar.gz,.tgz" showUploadList={false} beforeUpload={(f) => (void onCode(r.key, f), false)}>
              <Button size="small" icon={<PaperClipOutlined />} data-testid="cell-code">
                {r.code ? '更换' : '上传'}
              </Button>
            </Upload>
            {r.code ? (
              <Tooltip title={`${r.code.fileName}，源程序量 ${r.code.sourceLines} 行`}>
                <Tag color="green">{r.code.sourceLines} 行</Tag>
              </Tooltip>
            ) : (
              <Tooltip title="可以不上传：没有代码时按仅描述项目计价，只生成申请表、操作手册和检查报告；源程序文档须在上传真实代码后生成">
                <Tag>未上传</Tag>
              </Tooltip>
            )}
          </Space>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r.key)} data-testid="row-edit">
            全部字段
          </Button>
          <Tooltip title="按规则起草空白项（不是 AI）">
            <Button type="link" size="small" icon={<RobotOutlined />} loading={aiRow === r.key} onClick={() => void onAi(r.key)} aria-label="按规则起草空白项" />
          </Tooltip>
          <Tooltip title="复制一行">
            <Button
              type="link"
              size="small"
              icon={<CopyOutlined />}
              aria-label="复制"
              onClick={() => {
                setRows((rs) => {
                  const i = rs.findIndex((x) => x.key === r.key);
                  return [...rs.slice(0, i + 1), copyOf(r), ...rs.slice(i + 1)];
                });
                setDirty(true);
              }}
            />
          </Tooltip>
          <Popconfirm title="删除这一行？" okText="删除" cancelText="取消" onConfirm={() => (setRows((rs) => rs.filter((x) => x.key !== r.key)), setDirty(true))}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label="删除" />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="card" data-testid="batch-editor">
      <div className="batch-toolbar">
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()} data-testid="batch-template">
            下载表格模板
          </Button>
          <Upload accept=".xlsx" showUploadList={false} beforeUpload={(f) => (void onImport(f), false)}>
            <Button icon={<FileExcelOutlined />} loading={busy === 'import'} data-testid="batch-import">
              导入填好的表格
            </Button>
          </Upload>
          <Button icon={<PlusOutlined />} onClick={() => (setRows((rs) => [...rs, blankRow()]), setDirty(true))} disabled={rows.length >= BATCH_MAX_ROWS} data-testid="batch-add">
            添加一行
          </Button>
          <Button icon={<SnippetsOutlined />} onClick={() => setPasteOpen(true)} data-testid="batch-paste">
            从表格粘贴多行
          </Button>
        </Space>
        <Space wrap>
          <span className="batch-count">共 {rows.length} 行</span>
          <Button icon={<SaveOutlined />} loading={busy === 'save'} onClick={() => void save()} data-testid="batch-save">
            保存并检查
          </Button>
          <Button type="primary" icon={<ShoppingCartOutlined />} loading={busy === 'quote'} onClick={() => void startOrder()} data-testid="batch-order">
            下单生成
          </Button>
        </Space>
      </div>
      {!owners.isLoading && ownerNames.length === 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="还没有登记著作权人"
          description={
            <>
              著作权人须先在 <Link to="/owner">知识产权人</Link> 页面登记，表格中填写已登记的名称或证件号码。
            </>
          }
        />
      )}
      {batch?.notices.map((n) => <Alert key={n} type="info" showIcon title={n} style={{ marginBottom: 12 }} />)}
      {allErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${allErrors.length} 处需要修改（改好后点“保存并检查”）`}
          description={
            <ul className="batch-errors" data-testid="batch-errors">
              {allErrors.slice(0, 30).map((e) => (
                <li key={e}>{e}</li>
              ))}
              {allErrors.length > 30 && <li>…… 另有 {allErrors.length - 30} 处</li>}
            </ul>
          }
        />
      )}
      <Table<EditorRow> rowKey="key" size="small" columns={columns} dataSource={rows} pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false} scroll={{ x: 1500 }} data-testid="batch-table" />
      <p className="batch-hint">
        表格中只列出常用的列，点“全部字段”填写申请表的其余各项（R11 顺序）；环境、开发目的、主要功能等文字留空时，下单后由系统按固定规则依据软件信息和代码起草（标为“规则草稿”，不是 AI），资料不足时如实写短并标为“未通过”，不会凑字。附代码的行按源程序量计价，未附代码的行按仅描述项目计价（不含源程序文档）；下单时一次扣费。
      </p>

      {editingRow && (
        <RowFields
          open
          rowNo={editingRow.rowNo ?? rows.indexOf(editingRow) + 1}
          values={editingRow.values}
          errors={!editingRow.changed ? (infoOf(editingRow)?.errors ?? []) : []}
          origins={!editingRow.changed ? infoOf(editingRow)?.origins : undefined}
          ownerNames={ownerNames}
          aiLoading={aiRow === editingRow.key}
          onChange={(k, v) => setCell(editingRow.key, k, v)}
          onAi={() => void onAi(editingRow.key)}
          onClose={() => setEditing(null)}
        />
      )}
      <Modal open={pasteOpen} title="从表格粘贴多行" okText="粘贴" cancelText="取消" onOk={onPaste} onCancel={() => setPasteOpen(false)} width={720} destroyOnHidden>
        <p style={{ color: '#6b7280' }}>在 Excel / WPS 中选中若干行（列的顺序与模板相同，可以连同表头一起复制），复制后粘贴到下面：</p>
        <Input.TextArea rows={10} value={pasteText} onChange={(e) => setPasteText(e.target.value)} placeholder={'智慧仓储管理系统\t智慧仓储\tV1.0\t应用软件 …'} data-testid="paste-text" />
      </Modal>
      {quote && batch && (
        <OrderModal
          open
          batch={batch}
          quote={quote}
          ordering={busy === 'order'}
          onChoices={(choices) => void requote(batch.id, choices)}
          onOrder={(choices) => void confirmOrder(choices)}
          onClose={() => setQuote(null)}
        />
      )}
    </div>
  );
}
