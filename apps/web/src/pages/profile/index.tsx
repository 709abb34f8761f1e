import { useEffect, useState } from 'react';
import { Button, Descriptions, Form, Input, Tag } from 'antd';
import { ApiCode, LIMITS } from '@mazhu/contracts';
import { editProfile } from '@/api/account';
import { useUserStore } from '@/stores/user';
import { notify } from '@/utils/notify';
import { nameRules } from '@/components/auth/rules';

/** 个人设置: edit the name (POST /api/editAdmin {name}); see the bound accounts and balances. */
export function ProfileContent() {
  const user = useUserStore((s) => s.user);
  const setUser = useUserStore((s) => s.setUser);
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  // The stored name may be refreshed from the server after the page opened.
  useEffect(() => form.setFieldsValue({ name: user.name }), [form, user.name]);

  const save = async ({ name }: { name: string }) => {
    if (saving) return;
    setSaving(true);
    try {
      const res = await editProfile({ name: name.trim() });
      if (res?.code === ApiCode.Ok) {
        setUser(res.data ?? { name: name.trim() });
        notify.success(res.msg || '资料已保存');
      }
    } catch (err) {
      console.error('[profile] save failed', err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <h2 style={{ marginTop: 0 }}>个人设置</h2>
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }} initialValues={{ name: user.name }} onFinish={(v) => void save(v)} requiredMark={false}>
        <Form.Item name="name" label="姓名" rules={nameRules}>
          <Input placeholder="请输入姓名" maxLength={LIMITS.name} data-testid="profile-name" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
          保存
        </Button>
      </Form>
      <Descriptions
        style={{ marginTop: 32 }}
        column={1}
        bordered
        size="middle"
        items={[
          { key: 'mobile', label: '手机号', children: user.mobile || '未绑定' },
          { key: 'email', label: '邮箱', children: user.email || '未绑定' },
          { key: 'points', label: '积分（充值/赠送）', children: `${user.rechargePoints} / ${user.giftedPoints}` },
          { key: 'free', label: '免费次数', children: `${user.freeTimes} 次` },
          ...(user.role === 2 ? [{ key: 'invite', label: '邀请码', children: user.invitationCode ? <Tag color="blue">{user.invitationCode}</Tag> : '暂无邀请码' }] : []),
        ]}
      />
    </>
  );
}

export default function ProfilePage() {
  return (
    <div className="container page-body" style={{ maxWidth: 880 }}>
      <div className="card" style={{ padding: 32 }}>
        <ProfileContent />
      </div>
    </div>
  );
}
