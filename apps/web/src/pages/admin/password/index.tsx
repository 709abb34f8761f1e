import { useState } from 'react';
import { Button, Card, Form, Input } from 'antd';
import { ApiCode, type OperatorPasswordChange } from '@mazhu/contracts';
import { adminPost } from '@/api/admin';
import { notify } from '@/utils/notify';

type Values = OperatorPasswordChange & { confirm: string };

/** /admin/password — the operator's own password; other sessions of the operator end. */
export default function AdminPasswordPage() {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  async function onFinish({ oldPassword, newPassword }: Values) {
    setSaving(true);
    try {
      const res = await adminPost<null>('/api/admin/changePassword', { oldPassword, newPassword });
      if (res?.code === ApiCode.Ok) {
        notify.success(res.msg);
        form.resetFields();
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="修改密码" style={{ maxWidth: 520 }}>
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label="新密码" rules={[{ required: true, message: '请输入新密码' }, { min: 12, message: '运营账号密码至少 12 位' }, { max: 64, message: '密码不能超过 64 位' }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({ validator: (_, v) => (v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))) }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
