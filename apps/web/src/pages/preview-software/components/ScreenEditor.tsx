import type { ReactNode } from 'react';
import { Button, Input, Select, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ScreenField, ScreenKind, ScreenSpec } from '@mazhu/contracts';

/** Which elements a kind of screen draws (packages/docgen/src/prototype/layout.ts), so only those are offered. */
const ELEMENTS: Record<ScreenKind, { fields?: string; columns?: boolean; buttons?: boolean }> = {
  login: { fields: '输入项', buttons: true },
  main: { columns: true },
  list: { fields: '查询条件', columns: true, buttons: true },
  form: { fields: '表单字段', buttons: true },
  detail: { fields: '详情字段', buttons: true },
  chart: { fields: '筛选条件', columns: true, buttons: true },
  settings: { fields: '设置项', buttons: true },
  architecture: {},
  'module-diagram': {},
};

/** Bounds of ZScreenSpec (packages/contracts/src/preview.ts). */
const MAX = { title: 30, label: 20, value: 60, column: 12, button: 10, fields: 12, columns: 8, buttons: 6 };

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

/**
 * The side panel: the selected screen's title, fields, table columns and buttons — rename, reorder, add, remove.
 * Moving or removing a column moves or removes that column of the sample rows with it. Empty names are marked red
 * and the screen is drawn again only once every name is filled in.
 */
export default function ScreenEditor({ spec, onChange, disabled }: { spec: ScreenSpec; onChange: (next: ScreenSpec) => void; disabled?: boolean }) {
  const el = ELEMENTS[spec.kind];
  const set = (patch: Partial<ScreenSpec>) => onChange({ ...spec, ...patch });
  const setField = (i: number, patch: Partial<ScreenField>) => set({ fields: spec.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) });

  return (
    <fieldset className="pv-editor" disabled={disabled} data-testid="screen-editor">
      <div className="pv-section">
        <div className="pv-section-head">
          <span>页面标题</span>
        </div>
        <Input value={spec.title} maxLength={MAX.title} status={status(spec.title)} onChange={(e) => set({ title: e.target.value })} data-testid="edit-title" />
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
            </div>
          ))}
        </Section>
      )}

      {el.columns && (
        <Section
          title="表格列"
          hint="示例数据随列一起移动或删除；新增的列暂无示例数据。"
          count={spec.columns.length}
          max={MAX.columns}
          addLabel="添加"
          testId="edit-columns"
          onAdd={() => set({ columns: [...spec.columns, `新列${spec.columns.length + 1}`], rows: spec.rows.map((r) => [...r, '']) })}
        >
          {spec.columns.map((c, i) => (
            <div className="pv-item pv-item-row" key={i}>
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
            <div className="pv-item pv-item-row" key={i}>
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
          ))}
        </Section>
      )}

      {!el.fields && !el.columns && !el.buttons && <p className="muted pv-hint">结构图由项目的功能模块自动绘制，这里可修改标题。</p>}
    </fieldset>
  );
}
