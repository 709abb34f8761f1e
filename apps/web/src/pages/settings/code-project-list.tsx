import FeaturePending from '@/components/FeaturePending';

export default function CodeProjectListPage() {
  return (
    <>
      <h2>代码项目</h2>
      <FeaturePending title="代码项目功能即将上线" description="这里将列出通过上传源代码创建的项目，显示识别出的编程语言、源程序量与材料页数。" back={{ to: '/project-selection', label: '创建项目' }} />
    </>
  );
}
