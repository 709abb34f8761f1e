import { useState } from 'react';
import { Button, Descriptions, Drawer, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { AdjustPointsRequest } from '@mazhu/contracts';
import { adminCalls, adminData, useAdminMutation, useAdminUser } from '@/api/admin';
import { fmtTime, PROJECT_STATUS_LABELS, useIsAdmin } from '../components/format';

const KIND_LABELS: Record<string, string> = { recharge: '充值积分', gift: '赠送积分', free_times: '免费次数' };

/** One user: profile, projects, points ledger, sessions; 管理员 can disable / enable and set the role. */
export default function UserDrawer({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { data } = useAdminUser(userId);
  const isAdmin = useIsAdmin();
  const [reasonOpen, setReasonOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const refresh = [adminData.user(userId), adminData.users] as const;
  const disable = useAdminMutation(adminCalls.setUserDisabled, refresh);
  const setRole = useAdminMutation(adminCalls.setUserRole, refresh);
  const adjust = useAdminMutation(adminCalls.adjustPoints, refresh);
  const [adjustOpen, setAdjustOpen] = useState(false);
  const [adjustForm] = Form.useForm<Omit<AdjustPointsRequest, 'account'>>();
  const u = data?.user;

  async function submitAdjust() {
    const v = await adjustForm.validateFields();
    if (!u) return;
    const done = await adjust.mutateAsync({ ...v, account: String(u.id) }).then(() => true, () => false);
    if (done) {
      setAdjustOpen(false);
      adjustForm.resetFields();
    }
  }

  async function submitReason() {
    const { reason } = await form.validateFields();
    if (!u) return;
    await disable.mutateAsync({ userId: u.id, disabled: !u.disabled, reason }).catch(() => undefined);
    setReasonOpen(false);
    form.resetFields();
  }

  return (
    <Drawer open width={880} onClose={onClose} title={u ? `${u.name}（ID ${u.id}）` : '用户详情'} destroyOnHidden>
      {u && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="手机号">{u.mobile || '—'}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{u.email || '—'}</Descriptions.Item>
            <Descriptions.Item label="角色">
              {u.role === 2 ? <Tag color="purple">角色 2</Tag> : <Tag>角色 1</Tag>}
              {u.invitationCode && <Typography.Text copyable>{u.invitationCode}</Typography.Text>}
            </Descriptions.Item>
            <Descriptions.Item label="状态">{u.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>}</Descriptions.Item>
            <Descriptions.Item label="充值 / 赠送积分">
              {u.rechargePoints} / {u.giftedPoints}
            </Descriptions.Item>
            <Descriptions.Item label="免费次数">{u.freeTimes}</Descriptions.Item>
            <Descriptions.Item label="邀请人">{u.inviterId ? `ID ${u.inviterId}` : '—'}</Descriptions.Item>
            <Descriptions.Item label="已邀请">{u.invitedCount} 人</Descriptions.Item>
            <Descriptions.Item label="注册时间" span={2}>
              {fmtTime(u.createdAt)}
            </Descriptions.Item>
          </Descriptions>
          {isAdmin && (
            <Space style={{ margin: '16px 0' }}>
              <Button danger={!u.disabled} onClick={() => setReasonOpen(true)}>
                {u.disabled ? '启用账号' : '停用账号'}
              </Button>
              <Popconfirm
                title={u.role === 2 ? '改为角色 1？邀请码保留但不再显示' : '设为角色 2？将获得邀请码'}
                onConfirm={() => setRole.mutate({ userId: u.id, role: u.role === 2 ? 1 : 2 })}
              >
                <Button>{u.role === 2 ? '改为角色 1' : '设为角色 2（邀请码）'}</Button>
              </Popconfirm>
              <Button onClick={() => setAdjustOpen(true)}>调整余额</Button>
            </Space>
          )}
          <Tabs
            items={[
              {
                key: 'projects',
                label: `项目（${data.projects.length}）`,
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={data.projects}
                    columns={[
                      { title: 'ID', dataIndex: 'id', width: 60 },
                      { title: '名称', key: 'name', render: (_, p) => `${p.name} ${p.version}` },
                      { title: '来源', dataIndex: 'source', width: 70, render: (v: string) => (v === 'code' ? '代码' : '表单') },
                      { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => PROJECT_STATUS_LABELS[v] ?? v },
                      { title: '说明', dataIndex: 'message', ellipsis: true },
                      { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: fmtTime },
                    ]}
                  />
                ),
              },
              {
                key: 'ledger',
                label: '积分记录',
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={data.ledger}
                    columns={[
                      { title: '时间', dataIndex: 'createdAt', width: 150, render: fmtTime },
                      { title: '类型', dataIndex: 'kind', width: 90, render: (v: string) => KIND_LABELS[v] ?? v },
                      { title: '变动', dataIndex: 'delta', width: 80, render: (v: number) => <span style={{ color: v > 0 ? '#16a34a' : '#dc2626' }}>{v > 0 ? `+${v}` : v}</span> },
                      { title: '变动后', dataIndex: 'balanceAfter', width: 80 },
                      { title: '原因', dataIndex: 'reason' },
                    ]}
                  />
                ),
              },
              {
                key: 'sessions',
                label: '登录会话',
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={data.sessions}
                    columns={[
                      { title: '登录时间', dataIndex: 'createdAt', width: 150, render: fmtTime },
                      { title: '最近活动', dataIndex: 'lastSeenAt', width: 150, render: fmtTime },
                      { title: 'IP', dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
                      {
                        title: '状态',
                        key: 'state',
                        render: (_, s) =>
                          s.revokedAt ? <Tag>已结束（{REVOKE_LABELS[s.revokedReason ?? ''] ?? s.revokedReason}）</Tag> : s.expiresAt < new Date().toISOString() ? <Tag>已过期</Tag> : <Tag color="green">有效</Tag>,
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
          <Modal open={adjustOpen} title="调整余额" okText="确定" cancelText="取消" onOk={submitAdjust} confirmLoading={adjust.isPending} onCancel={() => setAdjustOpen(false)}>
            <Form form={adjustForm} layout="vertical" initialValues={{ kind: 'gift' }}>
              <Form.Item name="kind" label="余额">
                <Select options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))} />
              </Form.Item>
              <Form.Item name="delta" label="调整数量（负数为扣减）" rules={[{ required: true, message: '请填写调整数量' }]}>
                <InputNumber precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="reason" label="原因（写入积分记录和审计记录）" rules={[{ required: true, message: '请填写调整原因' }, { min: 2, message: '请填写调整原因（至少 2 个字）' }, { max: 200, message: '调整原因不能超过 200 个字' }]}>
                <Input.TextArea rows={2} maxLength={200} showCount />
              </Form.Item>
            </Form>
          </Modal>
          <Modal open={reasonOpen} title={u.disabled ? '启用账号' : '停用账号'} okText="确定" cancelText="取消" onOk={submitReason} confirmLoading={disable.isPending} onCancel={() => setReasonOpen(false)}>
            {!u.disabled && <Typography.Paragraph type="warning">停用后该用户的所有登录立即失效，且无法再登录。</Typography.Paragraph>}
            <Form form={form} layout="vertical">
              <Form.Item name="reason" label="原因（写入审计记录）" rules={[{ required: true, message: '请填写原因' }, { min: 2, message: '请填写原因（至少 2 个字）' }, { max: 200, message: '原因不能超过 200 个字' }]}>
                <Input.TextArea rows={3} maxLength={200} showCount />
              </Form.Item>
            </Form>
          </Modal>
        </>
      )}
    </Drawer>
  );
}

const REVOKE_LABELS: Record<string, string> = { logout: '退出登录', password: '修改密码', operator: '运营操作' };
