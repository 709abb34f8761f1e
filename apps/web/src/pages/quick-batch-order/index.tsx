import PageHero from '@/components/PageHero';
import FeaturePending from '@/components/FeaturePending';

/** 快速批量下单 (the feature lands with its own issue). */
export default function QuickBatchOrderPage() {
  return (
    <>
      <PageHero title="快速批量下单">用表格一次提交多个软件的申请信息。</PageHero>
      <div className="container page-body">
        <div className="card">
          <FeaturePending title="快速批量下单功能即将上线" description="上线后可在此下载表格模板、上传填好的表格并逐条核对，统一生成材料。" back={{ to: '/project-selection', label: '返回选择创建方式' }} />
        </div>
      </div>
    </>
  );
}
