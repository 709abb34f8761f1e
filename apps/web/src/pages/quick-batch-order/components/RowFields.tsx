import { Alert, Button, Drawer, Form, Input, Select, Space } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { BATCH_COLUMNS, type BatchCellError, type BatchColumn, type BatchRowValues, type TextOrigins } from '@mazhu/contracts';
import { OriginBadge } from '@/components/project/OriginBadge';
import { splitCell } from '../rows';

const COLUMNS = BATCH_COLUMNS as readonly BatchColumn[];

/**
 * Every column of one row (the template's columns in R11 order), in a drawer: text, date, one choice or several.
 * Errors the server reported for a column are shown under that field; each saved text carries its origin badge
 * (用户填写 / 规则草稿 / AI 撰写, as the server recognised it).
 */
export default function RowFields({
  open,
  rowNo,
  values,
  errors,
  origins,
  ownerNames,
  aiLoading,
  onChange,
  onAi,
  onClose,
}: {
  open: boolean;
  rowNo: number;
  values: BatchRowValues;
  errors: BatchCellError[];
  /** Origins of the saved text cells by column key (absent while the row has unsaved changes). */
  origins?: TextOrigins;
  ownerNames: string[];
  aiLoading: boolean;
  onChange: (key: string, value: string) => void;
  onAi: () => void;
  onClose: () => void;
}) {
  const errorOf = (c: BatchColumn) => errors.filter((e) => e.column === c.label).map((e) => e.message).join('；');
  const field = (c: BatchColumn) => {
    const v = (values as Record<string, string | undefined>)[c.key] ?? '';
    if (c.key === 'owners') {
      return <Select mode="tags" value={splitCell(v)} options={ownerNames.map((n) => ({ value: n, label: n }))} onChange={(xs: string[]) => onChange(c.key, xs.join('、'))} placeholder="选择已登记的著作权人" />;
    }
    if (c.kind === 'enum') return <Select allowClear value={v || undefined} options={(c.options ?? []).map((o) => ({ value: o, label: o }))} onChange={(x?: string) => onChange(c.key, x ?? '')} placeholder="请选择" />;
    if (c.kind === 'multi') {
      return <Select mode="multiple" allowClear value={splitCell(v)} options={(c.options ?? []).map((o) => ({ value: o, label: o }))} onChange={(xs: string[]) => onChange(c.key, xs.join('、'))} placeholder="可多选" />;
    }
    if (c.kind === 'longtext') return <Input.TextArea value={v} rows={c.key === 'mainFunctions' ? 8 : 3} showCount maxLength={c.max} onChange={(e) => onChange(c.key, e.target.value)} placeholder={c.note} />;
    return <Input value={v} maxLength={c.max} showCount={Boolean(c.max && c.max <= 100)} onChange={(e) => onChange(c.key, e.target.value)} placeholder={c.kind === 'date' ? 'YYYY-MM-DD' : c.note} />;
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={640}
      title={`第 ${rowNo} 行：${values.name || '（未填写软件全称）'}`}
      extra={
        <Space>
          <Button icon={<RobotOutlined />} loading={aiLoading} onClick={onAi} data-testid="row-ai" title="系统按固定规则依据本行资料和代码起草，不是 AI">
            按规则起草空白项
          </Button>
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        </Space>
      }
      data-testid="row-drawer"
    >
      {errors.length > 0 && <Alert type="error" showIcon title={`这一行有 ${errors.length} 处需要修改`} style={{ marginBottom: 16 }} />}
      <Form layout="vertical">
        {COLUMNS.map((c) => {
          const err = errorOf(c);
          return (
            <Form.Item key={c.key} label={
                <>
                  {c.label}
                  <OriginBadge origin={origins?.[c.key]} />
                </>
              }
              required={c.required} help={err || c.note} validateStatus={err ? 'error' : undefined} data-testid={`field-${c.key}`}>
              {field(c)}
            </Form.Item>
          );
        })}
      </Form>
    </Drawer>
  );
}
