import { useEffect, type ReactNode } from 'react';
import { Button, Form, Modal, Popconfirm, Space } from 'antd';

/**
 * A modal form for creating or editing one row: `value` null = closed, {} = new, a row = edit. `onSubmit` gets
 * the form values (with the row's id when editing) and resolves true when saved, which closes the modal.
 */
export default function EditModal<T extends object>({
  title,
  value,
  onClose,
  onSubmit,
  saving,
  width = 640,
  children,
}: {
  title: string;
  value: Partial<T> | null;
  onClose: () => void;
  onSubmit: (values: T) => Promise<boolean>;
  saving?: boolean;
  width?: number;
  children: ReactNode;
}) {
  const [form] = Form.useForm<T>();
  useEffect(() => {
    if (value) {
      form.resetFields();
      form.setFieldsValue(value as Parameters<typeof form.setFieldsValue>[0]);
    }
  }, [form, value]);

  async function ok() {
    const values = await form.validateFields();
    const id = (value as { id?: number } | null)?.id;
    if (await onSubmit({ ...values, ...(id ? { id } : {}) })) onClose();
  }

  return (
    <Modal open={value !== null} title={title} width={width} okText="保存" cancelText="取消" onOk={ok} confirmLoading={saving} onCancel={onClose} destroyOnHidden forceRender>
      <Form form={form} layout="vertical" requiredMark={false}>
        {children}
      </Form>
    </Modal>
  );
}

/** Resolves true when a mutation succeeded (its error was already shown by the request layer). */
export const succeeded = (p: Promise<unknown>): Promise<boolean> => p.then(() => true).catch(() => false);

/** The 编辑 / 删除 links of a table row; 删除 asks `confirm` first. */
export function RowActions({ onEdit, confirm, onDelete }: { onEdit: () => void; confirm: string; onDelete: () => void }) {
  return (
    <Space>
      <Button type="link" style={{ padding: 0 }} onClick={onEdit}>
        编辑
      </Button>
      <Popconfirm title={confirm} onConfirm={onDelete}>
        <Button type="link" danger style={{ padding: 0 }}>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}
