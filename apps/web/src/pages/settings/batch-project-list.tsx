import FeaturePending from '@/components/FeaturePending';

export default function BatchProjectListPage() {
  return (
    <>
      <h2>批量项目</h2>
      <FeaturePending title="批量项目功能即将上线" description="这里将列出您的批量订单，以及每个订单中各软件的材料生成进度。" back={{ to: '/project-selection', label: '创建项目' }} />
    </>
  );
}
