import { useState } from 'react';
import { Button, Form, Input, InputNumber, Space, Table } from 'antd';
import { DatePicker } from '@/components/DatePicker';
import dayjs, { type Dayjs } from '@/utils/dayjs';
import type { Notice, NoticeInput } from '@mazhu/contracts';
import { adminCalls, adminData, useAdminMutation, useAdminNotices } from '@/api/admin';
import EditModal, { RowActions, succeeded } from '../components/EditModal';
import RichTextEditor from '../components/RichTextEditor';
import { fmtTime } from '../components/format';

type Row = Notice & { sort: number };
type Values = Omit<NoticeInput, 'publishedAt'> & { publishedAt?: Dayjs };

/** 政策库: notices with a rich-text body (sanitised again on the server). */
export default function NoticesTab() {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Partial<Values> | null>(null);
  const { data, isFetching } = useAdminNotices({ page, pageSize: 10, keyword: keyword || undefined });
  const save = useAdminMutation(adminCalls.saveNotice, [adminData.notices]);
  const del = useAdminMutation(adminCalls.deleteContent, [adminData.notices]);

  return (
    <>
      <div className="admin-toolbar">
        <Button type="primary" onClick={() => setEditing({ category: '政策法规', sort: 0, publishedAt: dayjs() })}>
          新建公告
        </Button>
        <Input.Search allowClear placeholder="按标题搜索" style={{ width: 280 }} onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }} />
      </div>
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '标题', dataIndex: 'title' },
          { title: '分类', dataIndex: 'category', width: 120 },
          { title: '发布日期', dataIndex: 'publishedAt', width: 160, render: fmtTime },
          {
            title: '操作',
            key: 'op',
            width: 140,
            render: (_, n) => (
              <RowActions onEdit={() => setEditing({ ...n, publishedAt: dayjs(n.publishedAt) })} confirm="删除这条公告？" onDelete={() => del.mutate({ kind: 'notice', id: n.id })} />
            ),
          },
        ]}
      />
      <EditModal<Values>
        title={(editing as { id?: number } | null)?.id ? '编辑公告' : '新建公告'}
        value={editing}
        width={920}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSubmit={(v) => succeeded(save.mutateAsync({ ...v, publishedAt: v.publishedAt?.format('YYYY-MM-DD') }))}
      >
        <Form.Item name="title" label="标题" rules={[{ required: true, message: '请输入标题' }, { max: 200, message: '标题不能超过 200 个字' }]}>
          <Input />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="category" label="分类" rules={[{ required: true, message: '请输入分类' }, { max: 20, message: '分类不能超过 20 个字' }]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="publishedAt" label="发布日期">
            <DatePicker />
          </Form.Item>
          <Form.Item name="source" label="来源">
            <Input style={{ width: 240 }} maxLength={200} />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={-9999} max={9999} />
          </Form.Item>
        </Space>
        <Form.Item name="summary" label="摘要">
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="content" label="正文" rules={[{ required: true, message: '请输入正文' }]}>
          <RichTextEditor />
        </Form.Item>
      </EditModal>
    </>
  );
}
