import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { GiftOutlined, IdcardOutlined, LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { ApiCode, LIMITS } from '@mazhu/contracts';
import { register } from '@/api/auth';
import { notify } from '@/utils/notify';
import SendCodeButton from './SendCodeButton';
import { accountFields, accountRules, codeRules, confirmRules, inviteRules, readValidAccount, nameRules, newPasswordRules } from './rules';
import { authTexts as t } from '@/locales/zh-CN/auth';

interface RegisterValues {
  account: string;
  code: string;
  name: string;
  password: string;
  confirmPassword: string;
  registrationCode?: string;
}

/** Register view (spec §3, §4, §5). On 200 the message shows and the view goes back to login. */
export default function RegisterForm({ onRegistered, captchaWidth }: { onRegistered: (account: string) => void; captchaWidth: number }) {
  const [form] = Form.useForm<RegisterValues>();
  const [loading, setLoading] = useState(false);

  const getAccount = () => readValidAccount(form);

  const submit = async (values: RegisterValues) => {
    if (loading) return;
    setLoading(true);
    try {
      const res = await register({
        ...accountFields(values.account),
        code: values.code.trim(),
        name: values.name.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        registrationCode: values.registrationCode?.trim() || undefined,
      });
      if (res?.code === ApiCode.Ok) {
        notify.success(res.msg || '注册成功，请登录');
        onRegistered(values.account.trim());
      }
    } catch (err) {
      console.error('[auth] register failed', err);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} layout="vertical" size="large" onFinish={(v) => void submit(v)} requiredMark={false} data-testid="register-form">
      <Form.Item name="account" rules={accountRules} validateTrigger={['onChange', 'onBlur']}>
        <Input prefix={<UserOutlined />} placeholder={t['account.placeholder']} maxLength={LIMITS.account} autoComplete="username" />
      </Form.Item>
      <Form.Item required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" rules={codeRules} noStyle>
            <Input prefix={<SafetyCertificateOutlined />} placeholder="请输入验证码" maxLength={LIMITS.code} autoComplete="one-time-code" />
          </Form.Item>
          <SendCodeButton getAccount={getAccount} type={1} captchaWidth={captchaWidth} />
        </Space.Compact>
      </Form.Item>
      <Form.Item name="name" rules={nameRules}>
        <Input prefix={<IdcardOutlined />} placeholder="请输入姓名" maxLength={LIMITS.name} autoComplete="name" />
      </Form.Item>
      <Form.Item name="password" rules={newPasswordRules}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码（至少 6 位）" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" dependencies={['password']} rules={confirmRules('password')}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入确认密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="registrationCode" rules={inviteRules} normalize={(v: string) => v?.trim()}>
        <Input prefix={<GiftOutlined />} placeholder={t['invite.placeholder']} maxLength={LIMITS.invitationCode} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading} disabled={loading}>
        注册
      </Button>
    </Form>
  );
}
