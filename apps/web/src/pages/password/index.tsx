import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { ApiCode, LIMITS } from '@mazhu/contracts';
import { changeBinding, modifyPassword } from '@/api/account';
import { useUserStore } from '@/stores/user';
import { notify } from '@/utils/notify';
import SendCodeButton from '@/components/auth/SendCodeButton';
import { accountRules, codeRules, confirmRules, isAccount, newPasswordRules } from '@/components/auth/rules';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

function PasswordCard() {
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: PasswordValues) => {
    if (saving) return;
    setSaving(true);
    try {
      const res = await modifyPassword(values);
      if (res?.code === ApiCode.Ok) {
        notify.success(res.msg || '密码已修改');
        form.resetFields();
      }
    } catch (err) {
      console.error('[password] change failed', err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="card" style={{ padding: 32 }}>
      <h2 style={{ marginTop: 0 }}>修改密码</h2>
      <p className="muted">修改后，其他设备上的登录将退出。</p>
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={(v) => void submit(v)} requiredMark={false} data-testid="password-form">
        <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password placeholder="请输入原密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label="新密码" rules={newPasswordRules}>
          <Input.Password placeholder="请输入新密码（至少 6 位）" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label="确认密码" dependencies={['newPassword']} rules={confirmRules('newPassword')}>
          <Input.Password placeholder="请输入确认密码" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
          修改密码
        </Button>
      </Form>
    </div>
  );
}

function BindingCard() {
  const user = useUserStore((s) => s.user);
  const setUser = useUserStore((s) => s.setUser);
  const [form] = Form.useForm<{ account: string; code: string }>();
  const [saving, setSaving] = useState(false);

  const getAccount = async () => {
    try {
      const { account } = await form.validateFields(['account']);
      return isAccount(account.trim()) ? account.trim() : null;
    } catch {
      return null;
    }
  };

  const submit = async ({ account, code }: { account: string; code: string }) => {
    if (saving) return;
    setSaving(true);
    try {
      const res = await changeBinding({ account: account.trim(), code: code.trim() });
      if (res?.code === ApiCode.Ok) {
        if (res.data) setUser(res.data);
        notify.success(res.msg || '绑定已更换');
        form.resetFields();
      }
    } catch (err) {
      console.error('[password] binding failed', err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="card" style={{ padding: 32, marginTop: 24 }}>
      <h2 style={{ marginTop: 0 }}>更换绑定手机号 / 邮箱</h2>
      <p className="muted">
        当前绑定：手机号 {user.mobile || '未绑定'}，邮箱 {user.email || '未绑定'}。验证码将发送到新的手机号或邮箱。
      </p>
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item name="account" label="新的手机号或邮箱" rules={accountRules} validateTrigger={['onChange', 'onBlur']}>
          <Input placeholder="请输入手机号或邮箱" maxLength={LIMITS.account} />
        </Form.Item>
        <Form.Item label="验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" rules={codeRules} noStyle>
              <Input placeholder="请输入验证码" maxLength={LIMITS.code} autoComplete="one-time-code" />
            </Form.Item>
            <SendCodeButton getAccount={getAccount} type={3} captchaWidth={310} />
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
          确认更换
        </Button>
      </Form>
    </div>
  );
}

/** 账号安全: change the password (POST /api/modifyPassword) and re-bind the mobile or e-mail (POST /api/getChangeBinding). */
export default function PasswordPage() {
  return (
    <div className="container page-body" style={{ maxWidth: 880 }}>
      <PasswordCard />
      <BindingCard />
    </div>
  );
}
