import { Descriptions } from 'antd';
import { useUserStore } from '@/stores/user';

/** 个人设置 content (editing lands with the account issue). */
export function ProfileContent() {
  const user = useUserStore((s) => s.user);
  return (
    <>
      <h2 style={{ marginTop: 0 }}>个人设置</h2>
      <Descriptions
        column={1}
        bordered
        items={[
          { key: 'name', label: '姓名', children: user.name || '未填写' },
          { key: 'mobile', label: '手机号', children: user.mobile || '未绑定' },
          { key: 'email', label: '邮箱', children: user.email || '未绑定' },
        ]}
      />
    </>
  );
}

export default function ProfilePage() {
  return (
    <div className="container page-body" style={{ maxWidth: 880 }}>
      <div className="card">
        <ProfileContent />
      </div>
    </div>
  );
}
