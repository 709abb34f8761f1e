import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Form, Modal, Select, Typography } from 'antd';
import { DatePicker } from '@/components/DatePicker';
import dayjs, { type Dayjs } from '@/utils/dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { ApiCode, chinaToday, correctionDeadline } from '@mazhu/contracts';
import { addProjectCorrections, correctionKeys } from '@/api/corrections';
import { useProjectList } from '@/api/projects';
import NoticeInput, { type NoticeSource } from './NoticeInput';
import DeadlineCountdown from './DeadlineCountdown';

/** 新建补正: pick a generated project, give the notice (text, PDF or photo) and its date, then open the fixing page. */
export default function NewCorrectionModal({ open, projectId, onClose }: { open: boolean; projectId?: number; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const projects = useProjectList({ type: 'all', status: 'succeeded', page: 1, pageSize: 100 });
  const [project, setProject] = useState<number | undefined>(projectId);
  const [date, setDate] = useState<Dayjs>(dayjs(chinaToday()));
  const [notice, setNotice] = useState<{ text: string; source: NoticeSource }>({ text: '', source: 'text' });
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (open) {
      setProject(projectId);
      setTouched(false);
    }
  }, [open, projectId]);

  const noticeDate = date.format('YYYY-MM-DD');
  const missing = !project ? '请选择要补正的项目' : notice.text.trim().length < 4 ? '请粘贴或上传补正通知书' : '';

  const submit = async () => {
    setTouched(true);
    if (missing || !project) return;
    setSaving(true);
    try {
      const res = await addProjectCorrections({ projectId: project, noticeText: notice.text, noticeDate, source: notice.source });
      if (res?.code === ApiCode.Ok) {
        await queryClient.invalidateQueries({ queryKey: correctionKeys.all });
        onClose();
        setNotice({ text: '', source: 'text' });
        navigate(`/settings/correctionDetail?id=${res.data.id}`);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="新建补正"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="创建补正"
      cancelText="取消"
      confirmLoading={saving}
      width={760}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'create-correction' } as Record<`data-${string}`, string>}
    >
      <Form layout="vertical" requiredMark>
        <Form.Item label="补正的项目" required validateStatus={touched && !project ? 'error' : undefined} help={touched && !project ? '请选择要补正的项目' : '只能选择已生成材料的项目'}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder="选择收到补正通知的软件"
            loading={projects.isLoading}
            value={project}
            onChange={setProject}
            options={(projects.data?.list ?? []).map((p) => ({ value: p.id, label: `${p.name} ${p.version}` }))}
            data-testid="correction-project"
          />
        </Form.Item>
        <Form.Item label="通知书日期" required extra={<span>补正期限：通知书日期起 30 日内（登记办法第二十二条），逾期视为撤回申请。 <DeadlineCountdown deadline={correctionDeadline(noticeDate)} /></span>}>
          <DatePicker value={date} onChange={(d) => d && setDate(d)} allowClear={false} disabledDate={(d) => d.isAfter(dayjs(chinaToday()), 'day')} data-testid="notice-date" />
        </Form.Item>
        <Form.Item label="补正通知书" required validateStatus={touched && notice.text.trim().length < 4 ? 'error' : undefined}>
          <NoticeInput value={notice} onChange={(v) => setNotice({ text: v.text, source: v.source })} />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          创建后逐项处理：修改申请表字段、重新生成源程序或操作手册、更换截图、补充合同，或勾选线下完成的事项。只有被修改的材料会重新生成，其余材料与已提交的版本逐字节相同。
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
