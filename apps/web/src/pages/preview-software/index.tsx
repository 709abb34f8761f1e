import PageHero from '@/components/PageHero';
import FeaturePending from '@/components/FeaturePending';

/** 高保真界面预览 (shell until its issue lands). */
export default function PreviewSoftwarePage() {
  return (
    <>
      <PageHero title="高保真界面预览">为功能模块生成界面原型，用于操作手册中的界面说明与截图。</PageHero>
      <div className="container page-body">
        <div className="card">
          <FeaturePending
            title="界面预览工具即将上线"
            description="上线后，您可以为每个功能模块生成高保真界面原型；原型中的软件名称与版本号将与申请表保持一致，可直接用于操作手册。"
            back={{ to: '/project-selection', label: '先去创建项目' }}
          />
        </div>
      </div>
    </>
  );
}
