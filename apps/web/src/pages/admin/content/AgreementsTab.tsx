import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import { DatePicker } from '@/components/DatePicker';
import type { Dayjs } from '@/utils/dayjs';
import type { AgreementVersion, AgreementVersionInput } from '@mazhu/contracts';
import { adminCalls, adminData, useAdminMutation, useAgreementVersions } from '@/api/admin';
import EditModal, { succeeded } from '../components/EditModal';
import RichTextEditor from '../components/RichTextEditor';
import { fmtTime } from '../components/format';

type Values = Omit<AgreementVersionInput, 'effectiveAt'> & { effectiveAt?: Dayjs };

/** 服务协议 (type 1) and 隐私政策 (type 2): published versions with the date each took effect. */
export default function AgreementsTab() {
  const [type, setType] = useState(1);
  const [editing, setEditing] = useState<Partial<Values> | null>(null);
  const [viewing, setViewing] = useState<AgreementVersion | null>(null);
  const { data, isFetching } = useAgreementVersions(type);
  const publish = useAdminMutation(adminCalls.publishAgreement, [adminData.agreements(type)]);
  const del = useAdminMutation(adminCalls.deleteContent, [adminData.agreements(type)]);
  const current = data?.find((v) => v.current);
  const now = new Date().toISOString();

  return (
    <>
      <div className="admin-toolbar">
        <Segmented value={type} onChange={(v) => setType(Number(v))} options={[{ label: '服务协议', value: 1 }, { label: '隐私政策', value: 2 }]} />
        <Button type="primary" onClick={() => setEditing({ type, title: current?.title ?? '', content: current?.content ?? '' })}>
          发布新版本
        </Button>
      </div>
      <Table<AgreementVersion>
        rowKey={(v) => `${v.type}-${v.id}`}
        size="middle"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { title: '版本', dataIndex: 'version', width: 140 },
          { title: '标题', dataIndex: 'title' },
          { title: '生效时间', dataIndex: 'effectiveAt', width: 170, render: fmtTime },
          { title: '状态', key: 'state', width: 110, render: (_, v) => (v.current ? <Tag color="green">当前生效</Tag> : v.effectiveAt > now ? <Tag color="blue">待生效</Tag> : <Tag>历史版本</Tag>) },
          {
            title: '操作',
            key: 'op',
            width: 140,
            render: (_, v) => (
              <Space>
                <Button type="link" style={{ padding: 0 }} onClick={() => setViewing(v)}>
                  查看
                </Button>
                {v.id > 0 && v.effectiveAt > now && (
                  <Popconfirm title="删除这个尚未生效的版本？" onConfirm={() => del.mutate({ kind: 'agreement', id: v.id })}>
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
      <Modal open={viewing !== null} title={viewing ? `${viewing.title}（${viewing.version}）` : ''} footer={null} width={860} onCancel={() => setViewing(null)}>
        {/* The stored HTML was sanitised on the server when it was published. */}
        <div className="admin-html-preview" dangerouslySetInnerHTML={{ __html: viewing?.content ?? '' }} />
      </Modal>
      <EditModal<Values>
        title={type === 1 ? '发布服务协议新版本' : '发布隐私政策新版本'}
        value={editing}
        width={920}
        saving={publish.isPending}
        onClose={() => setEditing(null)}
        onSubmit={(v) => succeeded(publish.mutateAsync({ ...v, type, effectiveAt: v.effectiveAt?.toISOString() }))}
      >
        <Space size="large" wrap>
          <Form.Item name="version" label="版本号" rules={[{ required: true, message: '请输入版本号' }, { max: 30, message: '版本号不能超过 30 个字' }]}>
            <Input placeholder="例如 2026-11" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="effectiveAt" label="生效时间（留空为立即生效）">
            <DatePicker showTime />
          </Form.Item>
        </Space>
        <Form.Item name="title" label="标题" rules={[{ required: true, message: '请输入标题' }, { max: 100, message: '标题不能超过 100 个字' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="content" label="正文" rules={[{ required: true, message: '请输入正文' }]}>
          <RichTextEditor />
        </Form.Item>
      </EditModal>
    </>
  );
}
