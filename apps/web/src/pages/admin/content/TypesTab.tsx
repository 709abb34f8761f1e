import { useState } from 'react';
import { Button, Col, Form, Input, InputNumber, Row, Space, Table, Typography } from 'antd';
import { adminCalls, adminData, useAdminCaseTypes, useAdminMutation, useAdminPlatformTypes } from '@/api/admin';
import EditModal, { RowActions, succeeded } from '../components/EditModal';

interface TypeRow {
  id?: number;
  name: string;
  description?: string;
  sort?: number;
}

/** 案例分类 and 平台类型 side by side (a case type still used by cases cannot be deleted). */
export default function TypesTab() {
  const caseTypes = useAdminCaseTypes();
  const platformTypes = useAdminPlatformTypes();
  const saveCaseType = useAdminMutation(adminCalls.saveCaseType, [adminData.caseTypes]);
  const savePlatformType = useAdminMutation(adminCalls.savePlatformType, [adminData.platformTypes]);
  const del = useAdminMutation(adminCalls.deleteContent, [adminData.caseTypes, adminData.platformTypes]);
  const [editing, setEditing] = useState<{ kind: 'caseType' | 'platformType'; row: Partial<TypeRow> } | null>(null);

  const table = (kind: 'caseType' | 'platformType', title: string, rows: TypeRow[], loading: boolean) => (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Button size="small" onClick={() => setEditing({ kind, row: { sort: rows.length } })}>
          新增
        </Button>
      </Space>
      <Table<TypeRow>
        rowKey={(r) => r.id ?? 0}
        size="small"
        loading={loading}
        pagination={false}
        dataSource={rows}
        columns={[
          { title: '名称', dataIndex: 'name' },
          ...(kind === 'platformType' ? [{ title: '说明', dataIndex: 'description', ellipsis: true }] : []),
          { title: '排序', dataIndex: 'sort', width: 70 },
          {
            title: '操作',
            key: 'op',
            width: 120,
            render: (_: unknown, r: TypeRow) => (
              <RowActions onEdit={() => setEditing({ kind, row: r })} confirm={`删除「${r.name}」？`} onDelete={() => r.id && del.mutate({ kind, id: r.id })} />
            ),
          },
        ]}
      />
    </>
  );

  return (
    <Row gutter={32}>
      <Col span={10}>{table('caseType', '案例分类', caseTypes.data ?? [], caseTypes.isFetching)}</Col>
      <Col span={14}>{table('platformType', '平台类型', platformTypes.data ?? [], platformTypes.isFetching)}</Col>
      <EditModal<TypeRow>
        title={editing?.kind === 'caseType' ? '案例分类' : '平台类型'}
        value={editing?.row ?? null}
        saving={saveCaseType.isPending || savePlatformType.isPending}
        onClose={() => setEditing(null)}
        onSubmit={(v) => succeeded(editing?.kind === 'caseType' ? saveCaseType.mutateAsync(v) : savePlatformType.mutateAsync(v))}
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请输入名称' }, { max: 50, message: '名称不能超过 50 个字' }]}>
          <Input />
        </Form.Item>
        {editing?.kind === 'platformType' && (
          <Form.Item name="description" label="说明">
            <Input.TextArea rows={2} maxLength={300} showCount />
          </Form.Item>
        )}
        <Form.Item name="sort" label="排序（小的在前）">
          <InputNumber min={-9999} max={9999} />
        </Form.Item>
      </EditModal>
    </Row>
  );
}
