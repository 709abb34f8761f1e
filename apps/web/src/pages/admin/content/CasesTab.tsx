import { useState } from 'react';
import { Button, ColorPicker, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import type { CaseInput, SoftwareCase } from '@mazhu/contracts';
import { adminCalls, adminData, useAdminCases, useAdminCaseTypes, useAdminMutation } from '@/api/admin';
import EditModal, { RowActions, succeeded } from '../components/EditModal';

const toInput = (c: SoftwareCase): CaseInput => ({
  id: c.id,
  caseTypeId: c.caseTypeId,
  name: c.name,
  version: c.version,
  platform: c.platform,
  summary: c.summary,
  modules: c.modules,
  languages: c.languages,
  sourceLines: c.sourceLines,
  codePages: c.pages.code,
  manualPages: c.pages.manual,
  coverColor: c.coverColor,
});

/** 软件案例 (/success-cases, getPrototypeCaseList). */
export default function CasesTab() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Partial<CaseInput> | null>(null);
  const { data, isFetching } = useAdminCases({ page, pageSize: 10 });
  const types = useAdminCaseTypes();
  const save = useAdminMutation(adminCalls.saveCase, [adminData.cases]);
  const del = useAdminMutation(adminCalls.deleteContent, [adminData.cases]);

  return (
    <>
      <div className="admin-toolbar">
        <Button type="primary" onClick={() => setEditing({ coverColor: '#1d4ed8', modules: [], sort: 0, caseTypeId: types.data?.[0]?.id })}>
          新建案例
        </Button>
      </div>
      <Table<SoftwareCase>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '名称', key: 'name', render: (_, c) => `${c.name} ${c.version}` },
          { title: '分类', dataIndex: 'caseTypeName', width: 120 },
          { title: '平台', dataIndex: 'platform', width: 120 },
          { title: '源程序量', dataIndex: 'sourceLines', width: 100 },
          {
            title: '操作',
            key: 'op',
            width: 140,
            render: (_, c) => (
              <RowActions onEdit={() => setEditing(toInput(c))} confirm="删除这个案例？" onDelete={() => del.mutate({ kind: 'case', id: c.id })} />
            ),
          },
        ]}
      />
      <EditModal<CaseInput>
        title={editing?.id ? '编辑案例' : '新建案例'}
        value={editing}
        width={760}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSubmit={(v) => succeeded(save.mutateAsync({ ...v, coverColor: typeof v.coverColor === 'string' ? v.coverColor : (v.coverColor as unknown as { toHexString(): string }).toHexString() }))}
      >
        <Space size="large" wrap>
          <Form.Item name="name" label="软件名称" rules={[{ required: true, message: '请输入软件名称' }, { max: 100, message: '名称不能超过 100 个字' }]}>
            <Input style={{ width: 300 }} />
          </Form.Item>
          <Form.Item name="version" label="版本号" rules={[{ required: true, message: '请输入版本号' }]}>
            <Input style={{ width: 120 }} placeholder="V1.0" />
          </Form.Item>
          <Form.Item name="caseTypeId" label="分类" rules={[{ required: true, message: '请选择案例分类' }]}>
            <Select style={{ width: 160 }} options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item name="platform" label="平台">
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="languages" label="编程语言">
            <Input style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="coverColor" label="封面颜色">
            <ColorPicker format="hex" disabledAlpha />
          </Form.Item>
        </Space>
        <Form.Item name="summary" label="简介">
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="modules" label="功能模块">
          <Select mode="tags" tokenSeparators={[',', '，']} placeholder="输入后回车" />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="sourceLines" label="源程序量（行）">
            <InputNumber min={0} />
          </Form.Item>
          <Form.Item name="codePages" label="程序页数">
            <InputNumber min={0} />
          </Form.Item>
          <Form.Item name="manualPages" label="文档页数">
            <InputNumber min={0} />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={-9999} max={9999} />
          </Form.Item>
        </Space>
      </EditModal>
    </>
  );
}
