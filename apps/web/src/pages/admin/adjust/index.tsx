import { useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Select } from 'antd';
import { LEDGER_KIND_LABELS, type AdjustPointsRequest, type AdjustPointsResult, type LedgerKind } from '@mazhu/contracts';
import { adjustPoints } from '@/api/admin-points';

const KINDS = (Object.keys(LEDGER_KIND_LABELS) as LedgerKind[]).map((k) => ({ value: k, label: LEDGER_KIND_LABELS[k] }));

/** /admin/adjust — 余额调整 (管理员): a signed change of one balance with a mandatory reason (ledger + audit trail). */
export default function AdminAdjustPage() {
  const [form] = Form.useForm<AdjustPointsRequest>();
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<AdjustPointsResult | null>(null);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const res = await adjustPoints(v);
      if (res?.code === 200) {
        setDone(res.data);
        form.resetFields(['delta', 'reason']);
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title="余额调整">
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="调整会写入用户的积分记录（原因可见）和操作日志，且不能使余额变为负数。" />
      <Form form={form} layout="vertical" style={{ maxWidth: 520 }} initialValues={{ kind: 'gift' }}>
        <Form.Item name="account" label="用户（编号、手机号或邮箱）" rules={[{ required: true, message: '请填写用户编号、手机号或邮箱' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="kind" label="调整的余额" rules={[{ required: true }]}>
          <Select options={KINDS} />
        </Form.Item>
        <Form.Item name="delta" label="数量（正数增加，负数扣减）" rules={[{ required: true, message: '请填写调整数量' }, { validator: (_, v) => (v === 0 ? Promise.reject(new Error('调整数量不能为 0')) : Promise.resolve()) }]}>
          <InputNumber precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="reason" label="原因（必填）" rules={[{ required: true, min: 2, message: '请填写调整原因（至少 2 个字）' }]}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          确认调整
        </Button>
      </Form>
      {done && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 16 }}
          title={`已调整 ${done.user.name}（${done.user.account} · #${done.user.id}）`}
          description={`当前余额：充值积分 ${done.balances.rechargePoints}，赠送积分 ${done.balances.giftedPoints}，免费次数 ${done.balances.freeTimes}`}
        />
      )}
    </Card>
  );
}
