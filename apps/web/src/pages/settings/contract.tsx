import FeaturePending from '@/components/FeaturePending';

export default function ContractPage() {
  return (
    <>
      <h2>合同下载</h2>
      <FeaturePending title="合同下载功能即将上线" description="合作开发、委托开发等开发方式需要相应的合同或任务书；上线后可在这里填写并下载合同文本。" back={{ to: '/ask', label: '查看使用指南' }} />
    </>
  );
}
