import FeaturePending from '@/components/FeaturePending';

export default function ProjectListPage() {
  return (
    <>
      <h2>我的项目</h2>
      <FeaturePending title="我的项目功能即将上线" description="这里将列出您创建的单个项目（智能生成与代码生成文档），显示生成状态，并可下载程序鉴别材料、文档鉴别材料与申请表信息。" back={{ to: '/project-selection', label: '创建项目' }} />
    </>
  );
}
