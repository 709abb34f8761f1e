import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button, Card, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { ApiCode, type AdminLoginRequest } from '@mazhu/contracts';
import { adminLogin } from '@/api/admin';
import { useAdminSession } from '@/api/admin-session';
import { notify } from '@/utils/notify';
import '../admin.css';

/** /admin/login — operator sign-in (adminLogin); the operator session is stored apart from any user session. */
export default function AdminLoginPage() {
  const [loading, setLoading] = useState(false);
  const signedIn = useAdminSession((s) => Boolean(s.token && s.operator));
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;

  useEffect(() => {
    document.title = '运营后台登录 - 码著';
  }, []);

  if (signedIn) return <Navigate to={from && from.startsWith('/admin/') ? from : '/admin/dashboard'} replace />;

  async function onFinish(values: AdminLoginRequest) {
    if (loading) return;
    setLoading(true);
    try {
      const res = await adminLogin(values);
      if (res?.code === ApiCode.LoginOk) {
        const d = res.data;
        useAdminSession.getState().signIn(d.token, d.sessionId, { id: d.operatorId, username: d.username, role: d.role });
        notify.success('登录成功');
        navigate(from && from.startsWith('/admin/') ? from : '/admin/dashboard', { replace: true });
      }
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="admin-login">
      <Card className="admin-login-card">
        <h1>码著运营后台</h1>
        <p>仅限运营人员使用</p>
        <Form<AdminLoginRequest> layout="vertical" size="large" onFinish={onFinish} requiredMark={false}>
          <Form.Item name="username" label="运营账号" rules={[{ required: true, message: '请输入运营账号' }, { max: 50, message: '运营账号不能超过 50 个字符' }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" placeholder="请输入运营账号" />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }, { max: 64, message: '密码不能超过 64 位' }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="请输入密码" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
