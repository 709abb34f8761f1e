import { Link } from 'react-router';
import { Button, Collapse, Empty, Skeleton } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useCases, useCommonProblems } from '@/api/content';
import CaseCard from '@/components/CaseCard';
import RichHtml from '@/components/RichHtml';

/** The home page's sections filled from the API: three software cases and the first five FAQ entries. */
export default function LiveSections() {
  return (
    <>
      <CasesSection />
      <FaqTeaser />
    </>
  );
}

function CasesSection() {
  const { data, isLoading } = useCases({ page: 1, pageSize: 3 });
  const list = data?.list ?? [];
  if (!isLoading && list.length === 0) return null;
  return (
    <section className="section">
      <div className="container">
        <div className="section-head">
          <h2>软件案例</h2>
          <p>不同行业软件的材料构成：功能模块、编程语言、源程序量与页数</p>
        </div>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <div className="case-grid">
            {list.map((c) => (
              <CaseCard key={c.id} item={c} />
            ))}
          </div>
        )}
        <div style={{ textAlign: 'center', marginTop: 32 }}>
          <Link to="/success-cases">
            <Button>查看全部案例</Button>
          </Link>
        </div>
      </div>
    </section>
  );
}

function FaqTeaser() {
  const { data, isLoading } = useCommonProblems();
  const list = (data ?? []).slice(0, 5);
  return (
    <section className="section faq-teaser">
      <div className="container" style={{ maxWidth: 900 }}>
        <div className="section-head">
          <h2>常见问题</h2>
          <p>登记材料准备中最常被问到的问题</p>
        </div>
        {isLoading ? (
          <Skeleton active />
        ) : list.length === 0 ? (
          <Empty description="暂无常见问题" />
        ) : (
          <Collapse
            size="large"
            items={list.map((q) => ({ key: q.id, label: q.question, children: <RichHtml html={q.answer} /> }))}
          />
        )}
        <div style={{ textAlign: 'center', marginTop: 24 }}>
          <Link to="/ask">
            查看全部使用指南 <ArrowRightOutlined />
          </Link>
        </div>
      </div>
    </section>
  );
}
