import { Link, useSearchParams } from 'react-router';
import { Alert, Empty, Pagination, Skeleton, Tag } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useNotices } from '@/api/content';
import PageHero from '@/components/PageHero';

const PAGE_SIZE = 10;

export default function NoticeList() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isLoading, isError, refetch } = useNotices({ page, pageSize: PAGE_SIZE });
  const list = data?.list ?? [];

  return (
    <>
      <PageHero title="政策库">软件著作权登记相关的法规、版权中心通知与平台公告。</PageHero>
      <div className="container page-body" style={{ maxWidth: 960 }}>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : isError ? (
          <Alert type="error" showIcon title="公告加载失败" action={<a onClick={() => void refetch()}>重试</a>} />
        ) : list.length === 0 ? (
          <Empty description="暂无公告" />
        ) : (
          <div className="card" style={{ padding: 0 }}>
            {list.map((n) => (
              <Link key={n.id} to={`/notice?id=${n.id}`} className="notice-item" data-testid="notice-item">
                <div style={{ flex: 1, minWidth: 0 }}>
                  <div className="notice-title">
                    {n.category && <Tag color="blue">{n.category}</Tag>}
                    {n.title}
                  </div>
                  {n.summary && <div className="notice-summary">{n.summary}</div>}
                  <div className="notice-meta">
                    {n.publishedAt?.slice(0, 10)}
                    {n.source ? ` · 来源：${n.source}` : ''}
                  </div>
                </div>
                <RightOutlined className="muted" />
              </Link>
            ))}
          </div>
        )}
        {(data?.total ?? 0) > PAGE_SIZE && (
          <Pagination
            style={{ marginTop: 24, justifyContent: 'center' }}
            current={page}
            pageSize={PAGE_SIZE}
            total={data?.total ?? 0}
            showSizeChanger={false}
            onChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}
          />
        )}
      </div>
    </>
  );
}
