import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import type { DashboardCounts } from '@mazhu/contracts';
import { useDashboard } from '@/api/admin';

/** The charts (recharts) load in their own chunk, after the numbers. */
const DashboardCharts = lazy(() => import('./DashboardCharts'));

const COUNTS: { key: keyof DashboardCounts; label: string }[] = [
  { key: 'newUsers', label: '新用户' },
  { key: 'generationsSucceeded', label: '生成成功' },
  { key: 'generationsFailed', label: '生成失败' },
  { key: 'pointsSold', label: '售出积分' },
];

/** /admin/dashboard — today and the last 30 days, what waits for a person, and small charts. */
export default function AdminDashboardPage() {
  const { data } = useDashboard();
  if (!data) return <Skeleton active />;
  const pending = (v: number | null) => (v === null ? <Typography.Text type="secondary">未启用</Typography.Text> : v);
  return (
    <Row gutter={[16, 16]}>
      {COUNTS.map((c) => (
        <Col key={c.key} xs={12} xl={6}>
          <Card>
            <Statistic title={`今日${c.label}`} value={data.today[c.key]} />
            <Typography.Text type="secondary">近 30 天 {data.last30Days[c.key].toLocaleString('zh-CN')}</Typography.Text>
          </Card>
        </Col>
      ))}
      <Col xs={24} md={8}>
        <Card>
          <Statistic title="待审核充值" value={data.pendingTopUps ?? 0} formatter={() => pending(data.pendingTopUps)} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title="近 30 天失败任务" value={data.failedJobs} valueStyle={data.failedJobs ? { color: '#dc2626' } : undefined} />
          <Link to="/admin/jobs?state=failed">查看失败任务</Link>
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title="7 天内到期的补正" value={data.correctionsNearDeadline ?? 0} formatter={() => pending(data.correctionsNearDeadline)} />
        </Card>
      </Col>
      <Col span={24}>
        <Suspense fallback={<Skeleton active />}>
          <DashboardCharts days={data.days} />
        </Suspense>
      </Col>
    </Row>
  );
}
