import PageHero from '@/components/PageHero';
import FeaturePending from '@/components/FeaturePending';

/** 知识产权人 (the feature lands with its own issue). */
export default function OwnerPage() {
  return (
    <>
      <PageHero title="知识产权人">管理著作权人信息，多个项目复用。</PageHero>
      <div className="container page-body">
        <div className="card">
          <FeaturePending title="知识产权人功能即将上线" description="上线后可在此添加自然人或单位著作权人，证件号码按国家标准校验位检查。" back={{ to: '/project-selection', label: '返回选择创建方式' }} />
        </div>
      </div>
    </>
  );
}
