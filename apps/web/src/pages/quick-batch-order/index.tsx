import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Skeleton } from 'antd';
import PageHero from '@/components/PageHero';
import { useBatchDetails } from '@/api/batch';
import BatchEditor from './components/BatchEditor';
import BatchNotFound from './components/BatchNotFound';
import './quick-batch-order.css';

/**
 * 快速批量下单 (/quickBatchOrder): a new batch in the editable table, or `?id=` a draft batch (an imported table or a
 * saved one) to fix and order. An ordered batch opens its details instead.
 */
export default function QuickBatchOrderPage() {
  const [params] = useSearchParams();
  const [openedId] = useState(() => Number(params.get('id')) || undefined);
  const details = useBatchDetails(openedId);

  return (
    <>
      <PageHero title="快速批量下单">一次提交多个软件：下载表格模板填写后导入，或直接在下面的表格中填写；逐行检查无误后统一下单，每个软件单独生成一套材料。</PageHero>
      <div className="container page-body">
        {openedId && details.isLoading ? (
          <div className="card">
            <Skeleton active paragraph={{ rows: 10 }} />
          </div>
        ) : openedId && !details.data ? (
          <div className="card">
            <BatchNotFound />
          </div>
        ) : details.data && details.data.status !== 'draft' ? (
          <Navigate to={`/batch-order-Details?id=${details.data.id}`} replace />
        ) : (
          <BatchEditor initial={details.data ?? undefined} />
        )}
      </div>
    </>
  );
}
