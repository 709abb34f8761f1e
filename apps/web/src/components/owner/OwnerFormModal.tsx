import { useEffect, useState } from 'react';
import { Col, Form, Input, Modal, Row, Select } from 'antd';
import {
  ApiCode,
  CHINA,
  ID_TYPES,
  OWNER_CATEGORIES,
  OWNER_LIMITS,
  ORGANISATION_ID_TYPES,
  PERSON_ID_TYPES,
  checkOwnerIdentity,
  type OwnerDetails,
  type OwnerInput,
} from '@mazhu/contracts';
import { addOwner, editOwner, getOwnerDetails } from '@/api/owners';
import { notify } from '@/utils/notify';

type Values = Required<Pick<OwnerInput, 'name' | 'category' | 'idType' | 'idNumber'>> & Omit<OwnerInput, 'name' | 'category' | 'idType' | 'idNumber'>;

/**
 * Add or edit a 著作权人 in a modal. 证件号码 is checked live with the same rule the server applies
 * (checkOwnerIdentity: GB 11643-1999 / GB 32100-2015 check characters, 类别 ↔ 证件类型). Editing loads the whole
 * number from the details call. Calls `onSaved` with the saved owner.
 */
export default function OwnerFormModal({ open, ownerId, onClose, onSaved }: { open: boolean; ownerId?: number; onClose: () => void; onSaved: (o: OwnerDetails) => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [loading, setLoading] = useState(false);
  const category = Form.useWatch('category', form);
  const nationality = Form.useWatch('nationality', form) ?? CHINA;
  const person = category === '自然人';
  const idTypes = person ? PERSON_ID_TYPES : category ? ORGANISATION_ID_TYPES : ID_TYPES;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!ownerId) return;
    setLoading(true);
    void getOwnerDetails(ownerId)
      .then((r) => {
        const o = r?.code === ApiCode.Ok ? r.data : undefined;
        if (o) form.setFieldsValue({ ...o, province: o.province || undefined, city: o.city || undefined });
      })
      .finally(() => setLoading(false));
  }, [open, ownerId, form]);

  /** Re-checks 证件号码 after 类别 or 证件类型 changed (a failed check shows under the field, so its rejection is dropped). */
  const recheckId = () => form.getFieldValue('idNumber') && form.validateFields(['idNumber']).catch(() => undefined);

  const submit = async () => {
    // A failed validation shows under the fields and rejects: nothing to save.
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    setSaving(true);
    try {
      // A refusal (a number already registered …) was shown as a toast by the request layer; the modal stays open.
      const res = ownerId ? await editOwner({ ...v, id: ownerId }) : await addOwner(v);
      const saved = res?.code === ApiCode.Ok ? res.data : undefined;
      if (saved) {
        notify.success(ownerId ? '著作权人已保存' : '著作权人已添加');
        onSaved(saved);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={ownerId ? '编辑著作权人' : '添加著作权人'}
      okText="保存"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      loading={loading}
      width={640}
      destroyOnHidden
    >
      {/* name="owner" prefixes the field ids (owner_name …): opened from a wizard, they must not clash with its #name. */}
      <Form form={form} name="owner" layout="vertical" initialValues={{ category: '企业法人', nationality: CHINA, idType: '统一社会信用代码' }} requiredMark>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="category" label="类别" rules={[{ required: true, message: '请选择类别' }]}>
              <Select
                options={OWNER_CATEGORIES.map((c) => ({ value: c, label: c }))}
                onChange={(c) => {
                  form.setFieldValue('idType', c === '自然人' ? '居民身份证' : '统一社会信用代码');
                  void recheckId();
                }}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="name" label={person ? '姓名' : '名称'} rules={[{ required: true, whitespace: true, message: person ? '请输入姓名' : '请输入单位名称' }]} extra="与证件上的名称完全一致">
              <Input maxLength={OWNER_LIMITS.nameMax} placeholder={person ? '例如：张三' : '例如：某某科技有限公司'} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="nationality" label="国籍" rules={[{ required: true, whitespace: true, message: '请输入国籍' }]}>
              <Input maxLength={OWNER_LIMITS.placeMax} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="province" label="省份" rules={[{ required: nationality === CHINA, whitespace: true, message: '请输入省份' }]}>
              <Input maxLength={OWNER_LIMITS.placeMax} placeholder="例如：浙江省" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="city" label="城市" rules={[{ required: nationality === CHINA, whitespace: true, message: '请输入城市' }]}>
              <Input maxLength={OWNER_LIMITS.placeMax} placeholder="例如：杭州市" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="idType" label="证件类型" rules={[{ required: true, message: '请选择证件类型' }]}>
              <Select options={idTypes.map((t) => ({ value: t, label: t }))} onChange={() => void recheckId()} />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item
              name="idNumber"
              label="证件号码"
              validateTrigger={['onChange', 'onBlur']}
              rules={[
                { required: true, whitespace: true, message: '请输入证件号码' },
                {
                  validator: async (_, value: string | undefined) => {
                    if (!value?.trim()) return;
                    const v = form.getFieldsValue(['category', 'nationality', 'idType']) as Values;
                    const msg = checkOwnerIdentity({ category: v.category, nationality: v.nationality, idType: v.idType, idNumber: value });
                    if (msg) throw new Error(msg);
                  },
                },
              ]}
            >
              <Input maxLength={OWNER_LIMITS.idNumberMax} placeholder="按证件填写，字母不区分大小写" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="contactName" label="联系人">
              <Input maxLength={OWNER_LIMITS.contactMax} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="contactPhone" label="联系电话">
              <Input maxLength={OWNER_LIMITS.phoneMax} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="email" label="电子邮箱">
              <Input maxLength={OWNER_LIMITS.emailMax} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="address" label="详细地址" style={{ marginBottom: 0 }}>
              <Input maxLength={OWNER_LIMITS.addressMax} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
