import PageHero from '@/components/PageHero';
import FeaturePending from '@/components/FeaturePending';

/** 批量订单详情 (the feature lands with its own issue). */
export default function BatchOrderDetailsPage() {
  return (
    <>
      <PageHero title="批量订单详情">查看批量订单中每个软件的材料生成进度。</PageHero>
      <div className="container page-body">
        <div className="card">
          <FeaturePending title="批量订单详情功能即将上线" description="上线后可在此查看批量订单中每个软件的信息、生成状态，并分别下载材料。" back={{ to: '/project-selection', label: '返回选择创建方式' }} />
        </div>
      </div>
    </>
  );
}
