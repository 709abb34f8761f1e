import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Space, Switch, Table, Tag, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PAYMENT_LIMITS, type InvitationReward, type RechargePackage, type SavePackageRequest, type SavePaymentInformation } from '@mazhu/contracts';
import { adminPointsKeys, saveInvitation, savePackage, savePayment, useAdminInvitation, useAdminPackages, useAdminPayment, useInvalidateAdminPoints } from '@/api/admin-points';
import { notify } from '@/utils/notify';

function PackageEditor({ value, onClose }: { value: Partial<RechargePackage> | null; onClose: () => void }) {
  const [form] = Form.useForm<SavePackageRequest>();
  const invalidate = useInvalidateAdminPoints();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (value) form.setFieldsValue({ sort: 0, giftedPoints: 0, onSale: true, description: '', ...value });
    else form.resetFields();
  }, [value, form]);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const res = await savePackage({ ...v, id: value?.id, price: String(v.price) });
      if (res?.code === 200) {
        notify.success(res.msg);
        invalidate(adminPointsKeys.packages);
        onClose();
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={Boolean(value)} title={value?.id ? '编辑套餐' : '添加套餐'} okText="保存" cancelText="取消" confirmLoading={saving} onOk={() => void save()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="name" label="套餐名称" rules={[{ required: true, message: '请填写套餐名称' }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="price" label="价格（元）" rules={[{ required: true, message: '请填写价格' }, { pattern: /^\d{1,7}(\.\d{1,2})?$/, message: '最多两位小数' }]}>
            <Input style={{ width: 140 }} placeholder="50 或 49.90" />
          </Form.Item>
          <Form.Item name="points" label="充值积分" rules={[{ required: true, message: '请填写充值积分' }]}>
            <InputNumber min={1} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="giftedPoints" label="赠送积分">
            <InputNumber min={0} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="sort" label="排序（小在前）">
            <InputNumber min={0} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="onSale" label="上架" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="description" label="说明">
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PaymentForm() {
  const payment = useAdminPayment();
  const [form] = Form.useForm<SavePaymentInformation>();
  const [saving, setSaving] = useState(false);
  const qr = Form.useWatch('qrImage', form);
  useEffect(() => {
    if (payment.data) form.setFieldsValue(payment.data);
  }, [payment.data, form]);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const res = await savePayment(v);
      if (res?.code === 200) notify.success('收款信息已保存');
    } finally {
      setSaving(false);
    }
  };
  const readQr = (file: File) => {
    if (!/^image\/(png|jpeg)$/.test(file.type)) notify.error('收款码须为 PNG 或 JPEG 图片');
    else if (file.size > PAYMENT_LIMITS.qrImageBytes) notify.error('收款码图片不能超过 300 KB');
    else {
      const r = new FileReader();
      r.onload = () => form.setFieldValue('qrImage', String(r.result));
      r.readAsDataURL(file);
    }
    return false;
  };
  return (
    <Card title="收款信息" style={{ marginTop: 16 }} extra={<Button type="primary" loading={saving} onClick={() => void save()}>保存</Button>}>
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }}>
        <Form.Item name="accountName" label="收款户名" rules={[{ required: true, message: '请填写收款户名' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="bankName" label="开户银行" rules={[{ required: true, message: '请填写开户银行' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="accountNumber" label="收款账号" rules={[{ required: true, message: '请填写收款账号' }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="noteRule" label="转账备注规则" rules={[{ required: true, message: '请填写转账备注规则' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="tips" label="说明">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="qrImage" label="收款码（可选，PNG/JPEG，≤ 300 KB）">
          <Space align="start">
            {qr && <img src={qr} alt="收款码" style={{ width: 96, border: '1px solid #eee' }} />}
            <Upload accept=".png,.jpg,.jpeg" showUploadList={false} beforeUpload={readQr}>
              <Button>{qr ? '更换图片' : '上传图片'}</Button>
            </Upload>
            {qr && <Button onClick={() => form.setFieldValue('qrImage', '')}>移除</Button>}
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

function InvitationForm() {
  const reward = useAdminInvitation();
  const [form] = Form.useForm<InvitationReward>();
  useEffect(() => {
    if (reward.data) form.setFieldsValue(reward.data);
  }, [reward.data, form]);
  const save = async () => {
    const res = await saveInvitation(await form.validateFields());
    if (res?.code === 200) notify.success('邀请奖励已保存');
  };
  return (
    <Card title="邀请奖励（赠送积分）" style={{ marginTop: 16 }} extra={<Button type="primary" onClick={() => void save()}>保存</Button>}>
      <p className="muted">用户使用邀请码注册成功后，每个新账号只奖励一次；与邀请人在同一设备（同一 IP 与浏览器）注册的不奖励。</p>
      <Form form={form} layout="inline">
        <Form.Item name="inviterPoints" label="邀请人获得">
          <InputNumber min={0} precision={0} addonAfter="积分" />
        </Form.Item>
        <Form.Item name="inviteePoints" label="被邀请人获得">
          <InputNumber min={0} precision={0} addonAfter="积分" />
        </Form.Item>
      </Form>
    </Card>
  );
}

/** /admin/points — 积分配置 (管理员): recharge packages, the payee, the invitation reward. */
export default function AdminPointsPage() {
  const packages = useAdminPackages();
  const [editing, setEditing] = useState<Partial<RechargePackage> | null>(null);
  return (
    <>
      <Card title="充值套餐" extra={<Button icon={<PlusOutlined />} onClick={() => setEditing({})}>添加套餐</Button>}>
        <Table<RechargePackage>
          rowKey="id"
          pagination={false}
          loading={packages.isLoading}
          dataSource={packages.data ?? []}
          columns={[
            { title: '排序', dataIndex: 'sort', width: 70 },
            { title: '名称', dataIndex: 'name' },
            { title: '价格（元）', dataIndex: 'price', align: 'right' },
            { title: '充值积分', dataIndex: 'points', align: 'right' },
            { title: '赠送积分', dataIndex: 'giftedPoints', align: 'right' },
            { title: '状态', dataIndex: 'onSale', render: (v: boolean) => (v ? <Tag color="success">上架</Tag> : <Tag>下架</Tag>) },
            { title: '说明', dataIndex: 'description' },
            { title: '', key: 'e', render: (_, p) => <Button type="link" onClick={() => setEditing(p)}>编辑</Button> },
          ]}
        />
      </Card>
      <PackageEditor value={editing} onClose={() => setEditing(null)} />
      <PaymentForm />
      <InvitationForm />
    </>
  );
}
