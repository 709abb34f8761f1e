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
}

/** One input for a leaf schema. */
function field(schema: Schema, unit?: string) {
  if (schema.type === 'boolean') return <Switch />;
  if (schema.type === 'integer' || schema.type === 'number') {
    return <InputNumber min={schema.minimum} max={schema.maximum} precision={schema.type === 'integer' ? 0 : undefined} addonAfter={unit} style={{ width: 220 }} />;
  }
  return <Input maxLength={schema.maxLength} style={{ width: 320 }} />;
}

function SettingForm({ item }: { item: AdminSettingItem }) {
  const [form] = Form.useForm();
  const save = useAdminMutation(adminCalls.saveSetting, [adminData.settings]);
  const schema = item.schema as Schema;
  const isObject = schema.type === 'object' && schema.properties;

  async function submit() {
    const values = (await form.validateFields()) as { value: unknown };
    save.mutate({ key: item.key, value: values.value });
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
            <Form.Item key={name} name={['value', name]} label={s.title ?? name} valuePropName={s.type === 'boolean' ? 'checked' : 'value'} rules={s.type === 'boolean' ? [] : [{ required: s.type !== 'string', message: `请填写${s.title ?? name}` }]}>
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
