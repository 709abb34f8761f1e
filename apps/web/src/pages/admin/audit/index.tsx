import { useState } from 'react';
import { Card, Input, Table } from 'antd';
import { DatePicker } from '@/components/DatePicker';
import type { Dayjs } from '@/utils/dayjs';
import type { AuditEntry } from '@mazhu/contracts';
import { useAuditTrail } from '@/api/admin';
import { fmtTime } from '../components/format';

const ACTION_LABELS: Record<string, string> = {
  'operator.add': '添加运营账号',
  'operator.edit': '修改运营账号',
  'operator.delete': '删除运营账号',
  'operator.password': '修改自己的密码',
  'user.role': '设置用户角色',
  'user.disable': '停用用户',
  'user.enable': '启用用户',
  'settings.update': '修改设置',
  'job.retry': '重试生成任务',
  'content.agreement.publish': '发布协议版本',
  'topup.approve': '充值审核通过',
  'topup.reject': '驳回充值订单',
  'package.add': '添加充值套餐',
  'package.update': '修改充值套餐',
  'user.points.adjust': '调整用户积分',
};
const actionLabel = (a: string) => ACTION_LABELS[a] ?? a.replace(/^content\.(\w+)\.(create|update|delete)$/, (_m, kind: string, verb: string) => `${{ create: '新建', update: '修改', delete: '删除' }[verb]}内容（${kind}）`);

const json = (v: unknown) => (v === null || v === undefined ? <span style={{ color: '#94a3b8' }}>—</span> : <pre className="admin-json">{JSON.stringify(v, null, 2)}</pre>);

/** /admin/audit — every operator write (read-only): who, when, what, on what, before and after. */
export default function AdminAuditPage() {
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const { data, isFetching } = useAuditTrail({
    page,
    pageSize: 20,
    action: action || undefined,
    target: target || undefined,
    from: range?.[0]?.startOf('day').toISOString(),
    to: range?.[1]?.endOf('day').toISOString(),
  });

  return (
    <Card>
      <div className="admin-toolbar">
        <Input.Search allowClear placeholder="操作类型前缀，如 user. 或 settings.update" style={{ width: 300 }} onSearch={(v) => (setPage(1), setAction(v.trim()))} />
        <Input.Search allowClear placeholder="操作对象，如 user:12" style={{ width: 220 }} onSearch={(v) => (setPage(1), setTarget(v.trim()))} />
        <DatePicker.RangePicker onChange={(v) => (setPage(1), setRange(v))} />
      </div>
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} 条` }}
        expandable={{
          expandedRowRender: (a) => (
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
              <div>
                <b>修改前</b>
                {json(a.before)}
              </div>
              <div>
                <b>修改后</b>
                {json(a.after)}
              </div>
            </div>
          ),
        }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 160, render: fmtTime },
          { title: '操作人', dataIndex: 'operatorName', width: 120 },
          { title: '操作', dataIndex: 'action', render: (v: string) => (actionLabel(v) === v ? v : `${actionLabel(v)}（${v}）`) },
          { title: '对象', dataIndex: 'target' },
          { title: 'IP', dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
        ]}
      />
    </Card>
  );
}
