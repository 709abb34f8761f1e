import FeaturePending from '@/components/FeaturePending';

export default function BatchCorrectionPage() {
  return (
    <>
      <h2>批量补正项目</h2>
      <FeaturePending title="批量补正项目功能即将上线" description="批量订单中的软件收到补正通知后，可在这里统一处理补正。" back={{ to: '/ask', label: '查看使用指南' }} />
    </>
  );
}
