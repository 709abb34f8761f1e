import type { ReactNode } from 'react';
import { Button, Input, InputNumber, Select, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ScreenField, ScreenKind, ScreenSpec } from '@mazhu/contracts';
import { screenProblems } from '../screen-problems';

/**
 * Which elements a kind of screen draws (packages/docgen/src/prototype/layout.ts), so only those are offered; `rows`,
 * `stats` and `chart` say how much of them the picture shows.
 */
const ELEMENTS: Record<ScreenKind, { fields?: string; columns?: boolean; buttons?: boolean; rows?: string; stats?: boolean; chart?: string }> = {
  login: { fields: '输入项', buttons: true },
  main: { columns: true, rows: '电脑界面的“最近记录”显示前 4 行，手机界面显示前 3 行。', stats: true, chart: '电脑界面的“近 6 个月业务量”柱状图（手机主界面不显示图表）。' },
  list: { fields: '查询条件', columns: true, buttons: true, rows: '电脑界面显示全部行，手机界面显示前 5 行。' },
  form: { fields: '表单字段', buttons: true },
  detail: { fields: '详情字段', buttons: true },
  chart: { fields: '筛选条件', columns: true, buttons: true, rows: '电脑界面显示前 3 行（手机界面不显示表格）。', stats: true, chart: '柱状图和折线图使用同一组数据。' },
  settings: { fields: '设置项', buttons: true },
  architecture: {},
  'module-diagram': {},
};

/** Bounds of ZScreenSpec (packages/contracts/src/preview.ts). */
const MAX = { title: 30, label: 20, value: 60, column: 12, button: 10, fields: 12, columns: 8, buttons: 6, cell: 40, rows: 10, stat: 16, stats: 4, point: 8, points: 12 };

const FIELD_TYPES: { value: ScreenField['type']; label: string }[] = [
  { value: 'text', label: '输入框' },
  { value: 'select', label: '下拉框' },
  { value: 'date', label: '日期' },
  { value: 'textarea', label: '多行文本' },
  { value: 'switch', label: '开关' },
];

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [x] = next.splice(from, 1);
  next.splice(to, 0, x);
  return next;
}

/** Up / down / delete buttons of one element. */
function ItemActions(props: { index: number; count: number; onMove: (to: number) => void; onRemove: () => void; what: string; name: string }) {
  const { index, count, onMove, onRemove } = props;
  const what = `${props.what}“${props.name || index + 1}”`;
  return (
    <span className="pv-item-actions">
      <Tooltip title="上移">
        <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={`上移${what}`} />
      </Tooltip>
      <Tooltip title="下移">
        <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={`下移${what}`} />
      </Tooltip>
      <Tooltip title="删除">
        <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label={`删除${what}`} />
      </Tooltip>
    </span>
  );
}

function Section(props: { title: string; hint?: string; count: number; max: number; onAdd: () => void; addLabel: string; testId: string; children: ReactNode }) {
  return (
    <div className="pv-section" data-testid={props.testId}>
      <div className="pv-section-head">
        <span>
          {props.title}
          <span className="muted">
            （{props.count}/{props.max}）
          </span>
        </span>
        <Button size="small" type="link" icon={<PlusOutlined />} disabled={props.count >= props.max} onClick={props.onAdd}>
          {props.addLabel}
        </Button>
      </div>
      {props.hint && <div className="pv-hint">{props.hint}</div>}
      {props.children}
    </div>
  );
}

const status = (v: string) => (v.trim() ? undefined : ('error' as const));

/** The messages of the problems at `paths` (and below them), under the element they concern. */
function Problems({ problems, paths }: { problems: Map<string, string>; paths: string[] }) {
  const messages = [...problems].filter(([p]) => paths.some((x) => p === x || p.startsWith(`${x}.`))).map(([, m]) => m);
  if (!messages.length) return null;
  return (
    <div className="pv-error" role="alert">
      {messages.map((m) => (
        <div key={m}>{m}</div>
      ))}
    </div>
  );
}

/** A row cut or padded to `n` cells (a table row holds one string per column). */
const cellsOf = (row: string[], n: number) => Array.from({ length: n }, (_, i) => row[i] ?? '');

/**
 * The side panel: the selected screen's title, fields, table columns, sample rows, buttons, statistic cards and chart
 * data points — edit, reorder, add, remove, within the bounds of ZScreenSpec. Moving or removing a column moves or
 * removes that column of the sample rows with it; a chart point is a name and a value kept together. What the schema
 * refuses (an empty name, a negative or missing value) is marked red with a Chinese message, and the screen is drawn
 * again only once the description is valid.
 */
export default function ScreenEditor({ spec, onChange, disabled }: { spec: ScreenSpec; onChange: (next: ScreenSpec) => void; disabled?: boolean }) {
  const el = ELEMENTS[spec.kind];
  const problems = new Map(screenProblems(spec).map((p) => [p.path, p.message]));
  const set = (patch: Partial<ScreenSpec>) => onChange({ ...spec, ...patch });
  const setField = (i: number, patch: Partial<ScreenField>) => set({ fields: spec.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
  const width = spec.columns.length;
  const setCell = (i: number, j: number, value: string) => set({ rows: spec.rows.map((r, k) => (k === i ? cellsOf(r, Math.max(width, r.length)).map((x, m) => (m === j ? value : x)) : r)) });
  const setStat = (i: number, patch: Partial<ScreenSpec['stats'][number]>) => set({ stats: spec.stats.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  const points = (spec.chart?.labels ?? []).map((label, i) => ({ label, value: spec.chart?.values[i] ?? 0 }));
  const setPoints = (next: { label: string; value: number }[]) => set({ chart: { labels: next.map((p) => p.label), values: next.map((p) => p.value) } });

  return (
    <fieldset className="pv-editor" disabled={disabled} data-testid="screen-editor">
      <div className="pv-section">
        <div className="pv-section-head">
          <span>页面标题</span>
        </div>
        <Input value={spec.title} maxLength={MAX.title} status={status(spec.title)} onChange={(e) => set({ title: e.target.value })} data-testid="edit-title" />
        <Problems problems={problems} paths={['title']} />
      </div>

      {el.fields && (
        <Section
          title={el.fields}
          count={spec.fields.length}
          max={MAX.fields}
          addLabel="添加"
          testId="edit-fields"
          onAdd={() => set({ fields: [...spec.fields, { label: `字段${spec.fields.length + 1}`, value: '', type: 'text' }] })}
        >
          {spec.fields.map((f, i) => (
            <div className="pv-item" key={i}>
              <div className="pv-item-row">
                <Input size="small" value={f.label} maxLength={MAX.label} status={status(f.label)} placeholder="名称" onChange={(e) => setField(i, { label: e.target.value })} aria-label={`第 ${i + 1} 项名称`} />
                <ItemActions index={i} count={spec.fields.length} what="字段" name={f.label} onMove={(to) => set({ fields: move(spec.fields, i, to) })} onRemove={() => set({ fields: spec.fields.filter((_, j) => j !== i) })} />
              </div>
              <div className="pv-item-row">
                <Input size="small" value={f.value} maxLength={MAX.value} placeholder="示例内容（可空）" onChange={(e) => setField(i, { value: e.target.value })} aria-label={`第 ${i + 1} 项内容`} />
                <Select size="small" value={f.type} options={FIELD_TYPES} onChange={(type) => setField(i, { type })} style={{ width: 96, flexShrink: 0 }} aria-label={`第 ${i + 1} 项类型`} />
              </div>
              <Problems problems={problems} paths={[`fields.${i}`]} />
            </div>
          ))}
        </Section>
      )}

      {el.columns && (
        <Section
          title="表格列"
          hint="示例数据随列一起移动或删除；新增列的示例数据在“表格示例数据”中填写。"
          count={spec.columns.length}
          max={MAX.columns}
          addLabel="添加"
          testId="edit-columns"
          onAdd={() => set({ columns: [...spec.columns, `新列${spec.columns.length + 1}`], rows: spec.rows.map((r) => [...r, '']) })}
        >
          {spec.columns.map((c, i) => (
            <div className="pv-item" key={i}>
              <div className="pv-item-row">
                <Input
                  size="small"
                  value={c}
                  maxLength={MAX.column}
                  status={status(c)}
                  onChange={(e) => set({ columns: spec.columns.map((x, j) => (j === i ? e.target.value : x)) })}
                  aria-label={`第 ${i + 1} 列`}
                />
                <ItemActions
                  index={i}
                  count={spec.columns.length}
                  what="列"
                  name={c}
                  onMove={(to) => set({ columns: move(spec.columns, i, to), rows: spec.rows.map((r) => move(r, i, to)) })}
                  onRemove={() => set({ columns: spec.columns.filter((_, j) => j !== i), rows: spec.rows.map((r) => r.filter((_, j) => j !== i)) })}
                />
              </div>
              <Problems problems={problems} paths={[`columns.${i}`]} />
            </div>
          ))}
        </Section>
      )}

      {el.rows && width > 0 && (
        <Section
          title="表格示例数据"
          hint={el.rows}
          count={spec.rows.length}
          max={MAX.rows}
          addLabel="添加行"
          testId="edit-rows"
          onAdd={() => set({ rows: [...spec.rows, spec.columns.map(() => '')] })}
        >
          {spec.rows.map((r, i) => (
            <div className="pv-item" key={i} data-testid="edit-row">
              <div className="pv-item-row pv-item-head">
                <span className="muted">第 {i + 1} 行</span>
                <ItemActions index={i} count={spec.rows.length} what="行" name={r[0] ?? ''} onMove={(to) => set({ rows: move(spec.rows, i, to) })} onRemove={() => set({ rows: spec.rows.filter((_, j) => j !== i) })} />
              </div>
              <div className="pv-cells">
                {spec.columns.map((c, j) => (
                  <label className="pv-cell" key={j}>
                    <span>{c || `第 ${j + 1} 列`}</span>
                    <Input size="small" value={r[j] ?? ''} maxLength={MAX.cell} onChange={(e) => setCell(i, j, e.target.value)} aria-label={`第 ${i + 1} 行 ${c || `第 ${j + 1} 列`}`} />
                  </label>
                ))}
              </div>
              <Problems problems={problems} paths={[`rows.${i}`]} />
            </div>
          ))}
        </Section>
      )}

      {el.buttons && (
        <Section
          title="按钮"
          hint="第一个按钮是主操作。"
          count={spec.buttons.length}
          max={MAX.buttons}
          addLabel="添加"
          testId="edit-buttons"
          onAdd={() => set({ buttons: [...spec.buttons, '新按钮'] })}
        >
          {spec.buttons.map((b, i) => (
            <div className="pv-item" key={i}>
              <div className="pv-item-row">
                <Input
                  size="small"
                  value={b}
                  maxLength={MAX.button}
                  status={status(b)}
                  onChange={(e) => set({ buttons: spec.buttons.map((x, j) => (j === i ? e.target.value : x)) })}
                  aria-label={`第 ${i + 1} 个按钮`}
                />
                <ItemActions index={i} count={spec.buttons.length} what="按钮" name={b} onMove={(to) => set({ buttons: move(spec.buttons, i, to) })} onRemove={() => set({ buttons: spec.buttons.filter((_, j) => j !== i) })} />
              </div>
              <Problems problems={problems} paths={[`buttons.${i}`]} />
            </div>
          ))}
        </Section>
      )}

      {el.stats && (
        <Section title="统计卡片" count={spec.stats.length} max={MAX.stats} addLabel="添加" testId="edit-stats" onAdd={() => set({ stats: [...spec.stats, { label: `指标${spec.stats.length + 1}`, value: '0' }] })}>
          {spec.stats.map((x, i) => (
            <div className="pv-item" key={i} data-testid="edit-stat">
              <div className="pv-item-row">
                <Input size="small" value={x.label} maxLength={MAX.stat} status={status(x.label)} placeholder="名称" onChange={(e) => setStat(i, { label: e.target.value })} aria-label={`第 ${i + 1} 个统计卡片名称`} />
                <Input size="small" value={x.value} maxLength={MAX.stat} status={status(x.value)} placeholder="数值" onChange={(e) => setStat(i, { value: e.target.value })} aria-label={`第 ${i + 1} 个统计卡片数值`} style={{ width: 96, flexShrink: 0 }} />
                <ItemActions index={i} count={spec.stats.length} what="统计卡片" name={x.label} onMove={(to) => set({ stats: move(spec.stats, i, to) })} onRemove={() => set({ stats: spec.stats.filter((_, j) => j !== i) })} />
              </div>
              <Problems problems={problems} paths={[`stats.${i}`]} />
            </div>
          ))}
        </Section>
      )}

      {el.chart && (
        <Section
          title="图表数据"
          hint={`${el.chart}名称不超过 ${MAX.point} 个字，数值为不小于 0 的数字。`}
          count={points.length}
          max={MAX.points}
          addLabel="添加"
          testId="edit-chart"
          onAdd={() => setPoints([...points, { label: `项${points.length + 1}`, value: 0 }])}
        >
          {points.map((p, i) => (
            <div className="pv-item" key={i} data-testid="edit-point">
              <div className="pv-item-row">
                <Input size="small" value={p.label} maxLength={MAX.point} placeholder="名称" onChange={(e) => setPoints(points.map((q, j) => (j === i ? { ...q, label: e.target.value } : q)))} aria-label={`第 ${i + 1} 个数据点名称`} />
                <InputNumber
                  size="small"
                  value={Number.isFinite(p.value) ? p.value : null}
                  status={problems.has(`chart.values.${i}`) ? 'error' : undefined}
                  placeholder="数值"
                  onChange={(v) => setPoints(points.map((q, j) => (j === i ? { ...q, value: typeof v === 'number' ? v : Number.NaN } : q)))}
                  aria-label={`第 ${i + 1} 个数据点数值`}
                  style={{ width: 110, flexShrink: 0 }}
                />
                <ItemActions index={i} count={points.length} what="数据点" name={p.label} onMove={(to) => setPoints(move(points, i, to))} onRemove={() => setPoints(points.filter((_, j) => j !== i))} />
              </div>
              <Problems problems={problems} paths={[`chart.labels.${i}`, `chart.values.${i}`]} />
            </div>
          ))}
        </Section>
      )}

      {!el.fields && !el.columns && !el.buttons && <p className="muted pv-hint">结构图由项目的功能模块自动绘制，这里可修改标题。</p>}
    </fieldset>
  );
}
