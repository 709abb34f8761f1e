import { Card, Col, Row } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardDay } from '@mazhu/contracts';

const short = (d: string) => d.slice(5);

/** 30-day charts of the dashboard: new users and points sold (lines), generations succeeded / failed (bars). */
export default function DashboardCharts({ days }: { days: DashboardDay[] }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title="近 30 天生成" size="small">
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={days}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={short} fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} width={36} />
              <Tooltip />
              <Legend />
              <Bar dataKey="generationsSucceeded" name="成功" stackId="g" fill="#1d4ed8" />
              <Bar dataKey="generationsFailed" name="失败" stackId="g" fill="#dc2626" />
            </BarChart>
          </ResponsiveContainer>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="近 30 天新用户与售出积分" size="small">
          <ResponsiveContainer width="100%" height={240}>
            <LineChart data={days}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={short} fontSize={12} />
              <YAxis yAxisId="users" allowDecimals={false} fontSize={12} width={36} />
              <YAxis yAxisId="points" orientation="right" allowDecimals={false} fontSize={12} width={48} />
              <Tooltip />
              <Legend />
              <Line yAxisId="users" type="linear" dataKey="newUsers" name="新用户" stroke="#16a34a" dot={false} />
              <Line yAxisId="points" type="linear" dataKey="pointsSold" name="售出积分" stroke="#f59e0b" dot={false} />
            </LineChart>
          </ResponsiveContainer>
        </Card>
      </Col>
    </Row>
  );
}
