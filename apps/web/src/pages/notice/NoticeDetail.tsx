import { Link } from 'react-router';
import { Alert, Breadcrumb, Empty, Skeleton, Tag } from 'antd';
import { useNotice } from '@/api/content';
import RichHtml from '@/components/RichHtml';

export default function NoticeDetail({ id }: { id: number }) {
  const { data, isLoading, isError, refetch } = useNotice(id);

  return (
    <div className="container page-body" style={{ maxWidth: 960 }}>
      <Breadcrumb
        style={{ marginBottom: 16 }}
        items={[{ title: <Link to="/">首页</Link> }, { title: <Link to="/notice">政策库</Link> }, { title: '公告详情' }]}
      />
      <article className="card" style={{ padding: '36px 44px' }}>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 12 }} />
        ) : isError ? (
          <Alert type="error" showIcon title="公告加载失败" action={<a onClick={() => void refetch()}>重试</a>} />
        ) : !data ? (
          <Empty description="公告不存在或已下线">
            <Link to="/notice">返回政策库</Link>
          </Empty>
        ) : (
          <>
            <h1 className="notice-detail-title" data-testid="notice-title">
              {data.title}
            </h1>
            <div className="notice-meta" style={{ marginBottom: 24 }}>
              {data.category && <Tag color="blue">{data.category}</Tag>}
              {data.publishedAt?.slice(0, 10)}
              {data.source ? ` · 来源：${data.source}` : ''}
            </div>
            <RichHtml html={data.content} />
          </>
        )}
      </article>
      <div style={{ marginTop: 20 }}>
        <Link to="/notice">← 返回政策库</Link>
      </div>
    </div>
  );
}
