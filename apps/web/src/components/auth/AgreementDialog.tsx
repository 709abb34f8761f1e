import { Empty, Modal, Skeleton } from 'antd';
import { useAgreement } from '@/api/content';
import RichHtml from '@/components/RichHtml';

const TITLES = { 1: '服务协议', 2: '隐私政策' } as const;

/** The secondary dialog with the service agreement (type 1) or the privacy policy (type 2), as HTML. */
export default function AgreementDialog({ type, onClose }: { type: 1 | 2 | null; onClose: () => void }) {
  const { data, isLoading } = useAgreement(type ?? 1, type !== null);
  return (
    <Modal
      open={type !== null}
      title={data?.title || (type ? TITLES[type] : '')}
      onCancel={onClose}
      onOk={onClose}
      okText="我已阅读"
      cancelButtonProps={{ style: { display: 'none' } }}
      width={720}
      centered
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
      className="agreement-dialog"
    >
      {isLoading ? <Skeleton active paragraph={{ rows: 10 }} /> : data?.content ? <RichHtml html={data.content} /> : <Empty description="暂无内容" />}
    </Modal>
  );
}
