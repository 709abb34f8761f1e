import { useState } from 'react';
import { AutoComplete, Button, Form, Input, InputNumber, Space, Table } from 'antd';
import type { CommonProblem, FaqInput } from '@mazhu/contracts';
import { adminCalls, adminData, useAdminFaqs, useAdminMutation } from '@/api/admin';
import EditModal, { RowActions, succeeded } from '../components/EditModal';
import RichTextEditor from '../components/RichTextEditor';

/** 常见问题 (/ask): category, order, question and a rich-text answer. */
export default function FaqTab() {
  const [editing, setEditing] = useState<Partial<FaqInput> | null>(null);
  const { data, isFetching } = useAdminFaqs();
  const save = useAdminMutation(adminCalls.saveFaq, [adminData.faqs]);
  const del = useAdminMutation(adminCalls.deleteContent, [adminData.faqs]);
  const categories = [...new Set((data ?? []).map((f) => f.category))].map((value) => ({ value }));

  return (
    <>
      <div className="admin-toolbar">
        <Button type="primary" onClick={() => setEditing({ sort: (data?.length ?? 0) + 1 })}>
          新建问答
        </Button>
      </div>
      <Table<CommonProblem>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { title: '分类', dataIndex: 'category', width: 120, filters: categories.map((c) => ({ text: c.value, value: c.value })), onFilter: (v, f) => f.category === v },
          { title: '问题', dataIndex: 'question' },
          { title: '排序', dataIndex: 'sort', width: 80 },
          {
            title: '操作',
            key: 'op',
            width: 140,
            render: (_, f) => (
              <RowActions onEdit={() => setEditing(f)} confirm="删除这条问答？" onDelete={() => del.mutate({ kind: 'faq', id: f.id })} />
            ),
          },
        ]}
      />
      <EditModal<FaqInput> title={editing?.id ? '编辑问答' : '新建问答'} value={editing} width={860} saving={save.isPending} onClose={() => setEditing(null)} onSubmit={(v) => succeeded(save.mutateAsync(v))}>
        <Space size="large">
          <Form.Item name="category" label="分类" rules={[{ required: true, message: '请输入分类' }, { max: 20, message: '分类不能超过 20 个字' }]}>
            <AutoComplete options={categories} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={-9999} max={9999} />
          </Form.Item>
        </Space>
        <Form.Item name="question" label="问题" rules={[{ required: true, message: '请输入问题' }, { max: 300, message: '问题不能超过 300 个字' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="answer" label="回答" rules={[{ required: true, message: '请输入回答' }]}>
          <RichTextEditor />
        </Form.Item>
      </EditModal>
    </>
  );
}
