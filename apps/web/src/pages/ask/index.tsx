import { useMemo, useState } from 'react';
import { Alert, Collapse, Empty, Segmented, Skeleton } from 'antd';
import { useCommonProblems } from '@/api/content';
import PageHero from '@/components/PageHero';
import RichHtml from '@/components/RichHtml';

const ALL = '全部';

/** 使用指南: the FAQ from /api/getCommonProblem, grouped by category. */
export default function AskPage() {
  const { data, isLoading, isError, refetch } = useCommonProblems();
  const [category, setCategory] = useState(ALL);
  const list = useMemo(() => [...(data ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id), [data]);
  const categories = useMemo(() => [ALL, ...new Set(list.map((q) => q.category).filter(Boolean))], [list]);
  const shown = category === ALL ? list : list.filter((q) => q.category === category);

  return (
    <>
      <PageHero title="使用指南">登记材料怎么准备、码著怎么用、补正怎么处理——常见问题的解答都在这里。</PageHero>
      <div className="container page-body" style={{ maxWidth: 960 }}>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : isError ? (
          <Alert type="error" showIcon title="常见问题加载失败" action={<a onClick={() => void refetch()}>重试</a>} />
        ) : list.length === 0 ? (
          <Empty description="暂无常见问题" />
        ) : (
          <>
            {categories.length > 2 && (
              <Segmented options={categories} value={category} onChange={(v) => setCategory(String(v))} style={{ marginBottom: 20 }} />
            )}
            <Collapse
              size="large"
              defaultActiveKey={shown[0] ? [shown[0].id] : []}
              items={shown.map((q) => ({
                key: q.id,
                label: <span data-testid="faq-question">{q.question}</span>,
                extra: category === ALL && q.category ? <span className="muted">{q.category}</span> : undefined,
                children: <RichHtml html={q.answer} />,
              }))}
              style={{ background: '#fff' }}
            />
          </>
        )}
      </div>
    </>
  );
}
