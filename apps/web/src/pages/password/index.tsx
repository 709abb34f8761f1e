import { Descriptions } from 'antd';
import { useUserStore } from '@/stores/user';

/** 账号安全 (password change and re-binding land with the account issue). */
export default function PasswordPage() {
  const user = useUserStore((s) => s.user);
  return (
    <div className="container page-body" style={{ maxWidth: 880 }}>
      <div className="card">
        <h2 style={{ marginTop: 0 }}>账号安全</h2>
        <Descriptions column={1} bordered items={[
          { key: 'mobile', label: '绑定手机号', children: user.mobile || '未绑定' },
          { key: 'email', label: '绑定邮箱', children: user.email || '未绑定' },
        ]} />
      </div>
    </div>
  );
}
