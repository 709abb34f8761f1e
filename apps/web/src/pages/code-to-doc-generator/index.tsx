import PageHero from '@/components/PageHero';
import FeaturePending from '@/components/FeaturePending';

/** 代码生成文档 (the feature lands with its own issue). */
export default function CodeToDocPage() {
  return (
    <>
      <PageHero title="代码生成文档">上传源代码，生成程序鉴别材料与对应的文档。</PageHero>
      <div className="container page-body">
        <div className="card">
          <FeaturePending title="代码生成文档功能即将上线" description="上线后可在此上传源代码压缩包，自动识别编程语言、统计源程序量，并生成前 30 页 + 后 30 页的源程序材料。" back={{ to: '/project-selection', label: '返回选择创建方式' }} />
        </div>
      </div>
    </>
  );
}
