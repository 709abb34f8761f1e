import { useSearchParams } from 'react-router';
import { Alert, Empty, Pagination, Segmented, Skeleton } from 'antd';
import { useCaseTypes, useCases } from '@/api/content';
import PageHero from '@/components/PageHero';
import CaseCard from '@/components/CaseCard';

const PAGE_SIZE = 9;

/** 软件案例: cases from the API, filtered by case type. */
export default function SuccessCasesPage() {
  const [params, setParams] = useSearchParams();
  const caseTypeId = Number(params.get('type')) || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const types = useCaseTypes();
  const cases = useCases({ page, pageSize: PAGE_SIZE, caseTypeId });
  const list = cases.data?.list ?? [];

  const options = [{ label: '全部', value: 0 }, ...(types.data ?? []).map((t) => ({ label: t.name, value: t.id }))];

  return (
    <>
      <PageHero title="软件案例">不同行业、不同平台的软件分别需要怎样的材料：功能模块、编程语言、源程序量与文档页数一目了然。</PageHero>
      <div className="container page-body">
        {options.length > 1 && (
          <Segmented
            options={options}
            value={caseTypeId ?? 0}
            onChange={(v) => setParams(Number(v) ? { type: String(v) } : {})}
            style={{ marginBottom: 24 }}
          />
        )}
        {cases.isLoading ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : cases.isError ? (
          <Alert type="error" showIcon title="案例加载失败" action={<a onClick={() => void cases.refetch()}>重试</a>} />
        ) : list.length === 0 ? (
          <Empty description="暂无案例" />
        ) : (
          <div className="case-grid">
            {list.map((c) => (
              <CaseCard key={c.id} item={c} />
            ))}
          </div>
        )}
        {(cases.data?.total ?? 0) > PAGE_SIZE && (
          <Pagination
            style={{ marginTop: 24, justifyContent: 'center' }}
            current={page}
            pageSize={PAGE_SIZE}
            total={cases.data?.total ?? 0}
            showSizeChanger={false}
            onChange={(p) => {
              const next = new URLSearchParams(params);
              next.set('page', String(p));
              setParams(next);
            }}
          />
        )}
      </div>
    </>
  );
}
