import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES, type OperatorInfo, type OperatorRole } from '@mazhu/contracts';
import { adminCalls, adminData, useAdminMutation, useOperators } from '@/api/admin';
import { useAdminSession } from '@/api/admin-session';
import EditModal, { succeeded } from '../components/EditModal';
import { fmtTime } from '../components/format';

interface Values {
  id?: number;
  username: string;
  password?: string;
  role: OperatorRole;
  /** Yuan; empty = the setting 客服每日审核额度. */
  dailyApprovalLimit?: number | null;
}

const roleOptions = OPERATOR_ROLES.map((r) => ({ value: r, label: OPERATOR_ROLE_LABELS[r] }));

/** /admin/operators — 管理员 adds operators, changes roles, resets passwords and deletes operators. */
export default function AdminOperatorsPage() {
  const me = useAdminSession((s) => s.operator);
  const { data, isFetching } = useOperators();
  const [editing, setEditing] = useState<Partial<Values> | null>(null);
  const add = useAdminMutation(adminCalls.addOperator, [adminData.operators]);
  const edit = useAdminMutation(adminCalls.editOperator, [adminData.operators]);
  const del = useAdminMutation(adminCalls.deleteOperator, [adminData.operators]);
  const isNew = !editing?.id;

  return (
    <Card>
      <div className="admin-toolbar">
        <Button type="primary" onClick={() => setEditing({ role: 'support' })}>
          添加运营账号
        </Button>
      </div>
      <Table<OperatorInfo>
        rowKey="id"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: '账号', dataIndex: 'username', render: (v: string, o) => (o.id === me?.id ? `${v}（我）` : v) },
          { title: '角色', dataIndex: 'role', render: (v: OperatorRole) => <Tag color={v === 'admin' ? 'blue' : 'green'}>{OPERATOR_ROLE_LABELS[v]}</Tag> },
          { title: '每日审核额度', dataIndex: 'dailyApprovalLimit', render: (v: number | null, o) => (o.role === 'admin' ? '不限' : v === null ? '按设置' : `¥${v}`) },
          { title: '添加人', dataIndex: 'createdBy', render: (v: string) => v || '（启动配置）' },
          { title: '添加时间', dataIndex: 'createdAt', render: fmtTime },
          {
            title: '操作',
            key: 'op',
            width: 200,
            render: (_, o) => (
              <Space>
                <Button type="link" style={{ padding: 0 }} onClick={() => setEditing({ id: o.id, username: o.username, role: o.role, dailyApprovalLimit: o.dailyApprovalLimit })}>
                  修改角色、额度 / 重置密码
                </Button>
                {o.id !== me?.id && (
                  <Popconfirm title={`删除运营账号「${o.username}」？其登录立即失效。`} onConfirm={() => del.mutate(o.id)}>
                    <Button type="link" danger style={{ padding: 0 }}>
                      删除
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <EditModal<Values>
        title={isNew ? '添加运营账号' : `修改「${editing?.username ?? ''}」`}
        value={editing}
        saving={add.isPending || edit.isPending}
        onClose={() => setEditing(null)}
        onSubmit={(v) =>
          succeeded(isNew ? add.mutateAsync({ username: v.username, password: v.password ?? '', role: v.role }) : edit.mutateAsync({ id: v.id ?? 0, role: v.role, password: v.password || undefined, dailyApprovalLimit: v.dailyApprovalLimit ?? null }))
        }
      >
        <Form.Item name="username" label="账号" rules={[{ required: true, message: '请输入运营账号' }, { pattern: /^[A-Za-z0-9_.-]{3,50}$/, message: '运营账号为 3～50 位字母、数字、下划线、点或短横线' }]}>
          <Input disabled={!isNew} autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label="角色" extra="管理员：全部功能；客服：查看用户与项目、审核充值，不能修改设置和运营账号。">
          <Select options={roleOptions} />
        </Form.Item>
        {!isNew && (
          <Form.Item name="dailyApprovalLimit" label="每日审核额度（元，客服适用）" extra="客服一天内审核通过的充值合计上限，超出须由管理员审核；留空则按“设置 → 充值审核”中的额度。">
            <InputNumber min={0} max={10000000} precision={0} style={{ width: 200 }} placeholder="按设置" />
          </Form.Item>
        )}
        <Form.Item
          name="password"
          label={isNew ? '密码' : '新密码（留空则不修改；修改后其登录立即失效）'}
          rules={[...(isNew ? [{ required: true, message: '请输入密码' }] : []), { min: 12, message: '运营账号密码至少 12 位' }, { max: 64, message: '密码不能超过 64 位' }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </EditModal>
    </Card>
  );
}
