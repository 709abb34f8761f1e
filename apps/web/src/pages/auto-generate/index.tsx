import PageHero from '@/components/PageHero';
import FeaturePending from '@/components/FeaturePending';

/** 智能生成 (the feature lands with its own issue). */
export default function AutoGeneratePage() {
  return (
    <>
      <PageHero title="智能生成">填写软件信息与功能模块，生成申请表信息与操作手册初稿。</PageHero>
      <div className="container page-body">
        <div className="card">
          <FeaturePending title="智能生成功能即将上线" description="上线后可在此按申请表顺序填写项目信息、添加功能模块，并生成操作手册与申请表信息。" back={{ to: '/project-selection', label: '返回选择创建方式' }} />
        </div>
      </div>
    </>
  );
}
