import FeaturePending from '@/components/FeaturePending';

export default function CorrectionListPage() {
  return (
    <>
      <h2>补正项目</h2>
      <FeaturePending title="补正项目功能即将上线" description="收到补正通知书后，可在这里为项目创建补正，按通知逐项修改并重新生成材料。补正须在 30 日内答复。" back={{ to: '/ask', label: '查看使用指南' }} />
    </>
  );
}
