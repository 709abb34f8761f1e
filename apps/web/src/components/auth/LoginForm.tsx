import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { ApiCode, LIMITS, type LoginRequest } from '@mazhu/contracts';
import { login, refreshUserInfo } from '@/api/auth';
import { useUserStore } from '@/stores/user';
import { notify } from '@/utils/notify';
import SendCodeButton from './SendCodeButton';
import { accountFields, accountRules, codeRules, readValidAccount, passwordRules } from './rules';
import { authTexts as t } from '@/locales/zh-CN/auth';

interface LoginValues {
  account: string;
  password?: string;
  code?: string;
}

/** Login view: password mode and code mode, toggled by 验证码登录 / 密码登录 (spec §2, §4). */
export default function LoginForm({ onDone, captchaWidth, initialAccount }: { onDone?: () => void; captchaWidth: number; initialAccount?: string }) {
  const [form] = Form.useForm<LoginValues>();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [loading, setLoading] = useState(false);

  const getAccount = () => readValidAccount(form);

  const submit = async (values: LoginValues) => {
    if (loading) return;
    setLoading(true);
    try {
      const payload: LoginRequest =
        mode === 'password'
          ? { loginType: 1, ...accountFields(values.account), password: values.password ?? '' }
          : { loginType: 2, ...accountFields(values.account), mobileCode: (values.code ?? '').trim() };
      const res = await login(payload);
      if (res?.code === ApiCode.LoginOk && res.data) {
        const { setSession, setUser } = useUserStore.getState();
        setSession(res.data.token, res.data.sessionId);
        setUser({ id: res.data.userId });
        await refreshUserInfo(res.data.userId);
        if (res.msg) notify.success(res.msg);
        onDone?.();
      }
    } catch (err) {
      // Network errors only stop the loading state (spec §8).
      console.error('[auth] login failed', err);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} layout="vertical" size="large" onFinish={(v) => void submit(v)} requiredMark={false} initialValues={{ account: initialAccount }} data-testid="login-form">
      <Form.Item name="account" rules={accountRules} validateTrigger={['onChange', 'onBlur']}>
        <Input prefix={<UserOutlined />} placeholder={t['account.placeholder']} maxLength={LIMITS.account} autoComplete="username" />
      </Form.Item>
      {mode === 'password' ? (
        <Form.Item name="password" rules={passwordRules}>
          <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
        </Form.Item>
      ) : (
        <Form.Item required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" rules={codeRules} noStyle>
              <Input prefix={<SafetyCertificateOutlined />} placeholder="请输入验证码" maxLength={LIMITS.code} autoComplete="one-time-code" />
            </Form.Item>
            <SendCodeButton getAccount={getAccount} type={2} captchaWidth={captchaWidth} />
          </Space.Compact>
        </Form.Item>
      )}
      <div className="auth-row">
        <a onClick={() => setMode(mode === 'password' ? 'code' : 'password')} data-testid="toggle-login-mode">
          {mode === 'password' ? t['mode.code'] : t['mode.password']}
        </a>
      </div>
      <Button type="primary" htmlType="submit" block loading={loading} disabled={loading}>
        登录
      </Button>
    </Form>
  );
}
