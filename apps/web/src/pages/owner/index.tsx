import { useState } from 'react';
import { Alert, Button, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { OWNER_CATEGORIES, type OwnerCategory, type OwnerListItem } from '@mazhu/contracts';
import PageHero from '@/components/PageHero';
import OwnerFormModal from '@/components/owner/OwnerFormModal';
import { delOwner, ownerKeys, useOwnerList } from '@/api/owners';
import { notify } from '@/utils/notify';
import '@/components/project/project.css';

/** 知识产权人 (/owner): the user's 著作权人 — list with masked identity numbers, add/edit in a modal, delete. */
export default function OwnerPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState<OwnerCategory | undefined>();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const list = useOwnerList({ page, pageSize, keyword: keyword || undefined, category });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ownerKeys.all });

  const remove = async (o: OwnerListItem) => {
    const r = await delOwner(o.id);
    if (r?.code !== 200) return;
    notify.success('著作权人已删除');
    if ((list.data?.list.length ?? 0) === 1 && page > 1) setPage(page - 1);
    await refresh();
  };

  const columns: ColumnsType<OwnerListItem> = [
    { title: '名称', dataIndex: 'name', render: (name: string, o) => <span data-testid="owner-name">{name}{o.projectCount > 0 && <Tag style={{ marginLeft: 8 }}>{o.projectCount} 个项目</Tag>}</span> },
    { title: '类别', dataIndex: 'category', width: 120 },
    { title: '国籍 / 地区', key: 'place', width: 180, render: (_, o) => [o.nationality, o.province, o.city].filter(Boolean).join(' ') },
    { title: '证件类型', dataIndex: 'idType', width: 170 },
    { title: '证件号码', dataIndex: 'idNumberMasked', width: 190, render: (v: string) => <code>{v}</code> },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, o) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ id: o.id })}>
            编辑
          </Button>
          <Popconfirm title="删除著作权人" description={`确定删除“${o.name}”吗？`} okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => remove(o)}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHero title="知识产权人">管理著作权人信息，多个项目复用。</PageHero>
      <div className="container page-body">
        <div className="card">
          <div className="list-head">
            <h2>著作权人</h2>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              添加著作权人
            </Button>
          </div>
          <Alert
            type="info"
            showIcon
            icon={<SafetyCertificateOutlined />}
            style={{ marginBottom: 16 }}
            title="居民身份证号码按 GB 11643-1999、统一社会信用代码按 GB 32100-2015 校验；证件号码加密保存，列表中只显示部分号码，只用于生成您本人的申请表和合同。"
          />
          <div className="list-toolbar">
            <Select allowClear placeholder="全部类别" style={{ width: 150 }} options={OWNER_CATEGORIES.map((c) => ({ value: c, label: c }))} value={category} onChange={(v) => (setPage(1), setCategory(v))} />
            <Input.Search allowClear placeholder="搜索名称或完整证件号码" style={{ width: 280 }} maxLength={50} onSearch={(v) => (setPage(1), setKeyword(v.trim()))} />
          </div>
          {list.isError && <Alert type="error" showIcon title="著作权人列表加载失败" action={<a onClick={() => void list.refetch()}>重试</a>} style={{ marginBottom: 16 }} />}
          <Table<OwnerListItem>
            rowKey="id"
            columns={columns}
            dataSource={list.data?.list}
            loading={list.isLoading}
            locale={{ emptyText: keyword || category ? '没有符合条件的著作权人' : '还没有著作权人：添加后可在创建项目时直接选择' }}
            pagination={{
              current: page,
              pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (t) => `共 ${t} 个`,
              onChange: (p, s) => {
                setPage(s !== pageSize ? 1 : p);
                setPageSize(s);
              },
            }}
          />
        </div>
      </div>
      <OwnerFormModal
        open={Boolean(editing)}
        ownerId={editing?.id}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </>
  );
}
