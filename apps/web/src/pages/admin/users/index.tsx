import { useState } from 'react';
import { Button, Card, Input, Segmented, Table, Tag } from 'antd';
import type { AdminUserRow } from '@mazhu/contracts';
import { useAdminUsers } from '@/api/admin';
import { fmtTime } from '../components/format';
import UserDrawer from './UserDrawer';

/** /admin/users — search users by mobile, e-mail or name; open one for details and actions. */
export default function AdminUsersPage() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<'all' | 'active' | 'disabled'>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const { data, isFetching } = useAdminUsers({ keyword: keyword || undefined, status, page, pageSize: 20 });

  return (
    <Card>
      <div className="admin-toolbar">
        <Input.Search
          allowClear
          placeholder="手机号、邮箱或姓名"
          style={{ width: 320 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          enterButton="搜索"
        />
        <Segmented
          value={status}
          onChange={(v) => {
            setStatus(v as typeof status);
            setPage(1);
          }}
          options={[
            { label: '全部', value: 'all' },
            { label: '正常', value: 'active' },
            { label: '已停用', value: 'disabled' },
          ]}
        />
      </div>
      <Table<AdminUserRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} 个用户` }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: '姓名', dataIndex: 'name' },
          { title: '手机号', dataIndex: 'mobile', render: (v: string) => v || '—' },
          { title: '邮箱', dataIndex: 'email', render: (v: string) => v || '—' },
          { title: '角色', dataIndex: 'role', width: 90, render: (v: number) => (v === 2 ? <Tag color="purple">角色 2</Tag> : <Tag>角色 1</Tag>) },
          { title: '充值 / 赠送积分', key: 'points', render: (_, u) => `${u.rechargePoints} / ${u.giftedPoints}` },
          { title: '免费次数', dataIndex: 'freeTimes', width: 90 },
          { title: '状态', dataIndex: 'disabled', width: 90, render: (v: boolean) => (v ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>) },
          { title: '注册时间', dataIndex: 'createdAt', render: fmtTime },
          { title: '操作', key: 'op', width: 80, render: (_, u) => <Button type="link" onClick={() => setOpen(u.id)}>详情</Button> },
        ]}
      />
      {open !== null && <UserDrawer userId={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
