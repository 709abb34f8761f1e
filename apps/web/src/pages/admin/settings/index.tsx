import { Button, Card, Col, Form, Input, InputNumber, Row, Space, Switch, Tag, Typography } from 'antd';
import type { AdminSettingItem } from '@mazhu/contracts';
import { adminCalls, adminData, useAdminMutation, useAdminSettings } from '@/api/admin';
import { fmtTime } from '../components/format';

/** The JSON-schema subset the settings use (zod's toJSONSchema of numbers, strings, booleans and objects). */
interface Schema {
  type?: string;
  title?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
  /** A nullable value: the value's schema and `{ type: 'null' }`. */
  anyOf?: Schema[];
}

/** A leaf's value schema (with the title of a nullable wrapper) and whether it may be left empty (null). */
function leafOf(s: Schema): { schema: Schema; nullable: boolean } {
  const inner = s.anyOf?.find((x) => x.type !== 'null');
  if (!s.anyOf || !inner) return { schema: s, nullable: false };
  return { schema: { ...inner, title: s.title ?? inner.title }, nullable: s.anyOf.some((x) => x.type === 'null') };
}

/** One input for a leaf schema (a nullable number may be cleared: the value is then null). */
function field(s: Schema, unit?: string) {
  const { schema, nullable } = leafOf(s);
  if (schema.type === 'boolean') return <Switch />;
  if (schema.type === 'integer' || schema.type === 'number') {
    return <InputNumber min={schema.minimum} max={schema.maximum} precision={schema.type === 'integer' ? 0 : undefined} addonAfter={unit} placeholder={nullable ? '留空' : undefined} style={{ width: 220 }} />;
  }
  return <Input maxLength={schema.maxLength} style={{ width: 320 }} />;
}

/** Whether a leaf must be filled: numbers and booleans unless nullable; strings may be empty. */
const requiredLeaf = (s: Schema) => {
  const { schema, nullable } = leafOf(s);
  return !nullable && schema.type !== 'string' && schema.type !== 'boolean';
};

function SettingForm({ item }: { item: AdminSettingItem }) {
  const [form] = Form.useForm();
  const save = useAdminMutation(adminCalls.saveSetting, [adminData.settings]);
  const schema = item.schema as Schema;
  const isObject = schema.type === 'object' && schema.properties;

  async function submit() {
    const values = (await form.validateFields()) as { value: unknown };
    // A cleared nullable number is undefined in the form: the setting stores null ("not set").
    const value = isObject && values.value && typeof values.value === 'object' ? Object.fromEntries(Object.keys(schema.properties ?? {}).map((k) => [k, (values.value as Record<string, unknown>)[k] ?? null])) : values.value;
    save.mutate({ key: item.key, value });
  }

  return (
    <Card
      size="small"
      title={
        <Space>
          <span>{item.label}</span>
          {!item.stored && <Tag>默认值</Tag>}
        </Space>
      }
      extra={<Typography.Text type="secondary">{item.updatedAt ? `更新于 ${fmtTime(item.updatedAt)}` : ''}</Typography.Text>}
      data-testid={`setting-${item.key}`}
    >
      <Typography.Paragraph type="secondary">{item.description}</Typography.Paragraph>
      <Form form={form} layout="inline" initialValues={{ value: item.value }} onFinish={submit}>
        {isObject ? (
          Object.entries(schema.properties ?? {}).map(([name, s]) => (
            <Form.Item key={name} name={['value', name]} label={s.title ?? name} valuePropName={s.type === 'boolean' ? 'checked' : 'value'} rules={[{ required: requiredLeaf(s), message: `请填写${s.title ?? name}` }]}>
              {field(s)}
            </Form.Item>
          ))
        ) : (
          <Form.Item name="value" label={schema.title} valuePropName={schema.type === 'boolean' ? 'checked' : 'value'} rules={[{ required: true, message: '请填写' }]}>
            {field(schema, item.unit)}
          </Form.Item>
        )}
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** /admin/settings — generated from the settings registry (contracts settings.ts); every change is audited. */
export default function AdminSettingsPage() {
  const { data } = useAdminSettings();
  const groups = [...new Set((data ?? []).map((s) => s.group))];
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      {groups.map((g) => (
        <Card key={g} title={g}>
          <Row gutter={[16, 16]}>
            {(data ?? [])
              .filter((s) => s.group === g)
              .map((s) => (
                <Col key={s.key} xs={24} xl={12}>
                  <SettingForm item={s} />
                </Col>
              ))}
          </Row>
        </Card>
      ))}
    </Space>
  );
}
