import { Alert, Button, Col, Empty, Row, Skeleton, Statistic, Table } from 'antd';
import { useIntegralSetting, useRechargePackages, useUserPoints, type RechargePackage } from '@/api/points';
import { useUserStore } from '@/stores/user';
import { useAuthModal } from '@/stores/auth-modal';

/** Balance (for a signed-in user) and the recharge packages offered by the server. */
export default function PointsOverview() {
  const user = useUserStore((s) => s.user);
  const signedIn = user.id > 0;
  const showAuth = useAuthModal((s) => s.show);
  useUserPoints();
  const packages = useRechargePackages();
  const setting = useIntegralSetting();
  const costs = setting.data?.items ?? [];

  return (
    <div>
      {signedIn ? (
        <Row gutter={16} style={{ marginBottom: 32 }}>
          <Col span={8}>
            <div className="card">
              <Statistic title="充值积分" value={user.rechargePoints} />
            </div>
          </Col>
          <Col span={8}>
            <div className="card">
              <Statistic title="赠送积分" value={user.giftedPoints} />
            </div>
          </Col>
          <Col span={8}>
            <div className="card">
              <Statistic title="免费次数" value={user.freeTimes} suffix="次" />
            </div>
          </Col>
        </Row>
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          title="登录后可查看积分余额并充值"
          action={
            <Button size="small" type="primary" onClick={() => showAuth('login')}>
              登录/注册
            </Button>
          }
        />
      )}

      <h3 style={{ fontSize: 18, margin: '0 0 16px' }}>充值套餐</h3>
      {packages.isLoading ? (
        <Skeleton active />
      ) : (packages.data ?? []).length === 0 ? (
        <div className="card">
          <Empty description="暂无可购买的充值套餐，套餐上架后将在此展示" />
        </div>
      ) : (
        <Row gutter={[16, 16]}>
          {(packages.data ?? []).map((p) => (
            <Col xs={24} sm={12} lg={6} key={p.id}>
              <PackageCard item={p} />
            </Col>
          ))}
        </Row>
      )}

      {costs.length > 0 && (
        <>
          <h3 style={{ fontSize: 18, margin: '32px 0 16px' }}>积分消耗</h3>
          <Table
            rowKey="key"
            pagination={false}
            dataSource={costs}
            columns={[
              { title: '功能', dataIndex: 'name', width: 200 },
              { title: '积分', dataIndex: 'points', width: 120 },
              { title: '说明', dataIndex: 'description' },
            ]}
          />
        </>
      )}

      <div className="card" style={{ marginTop: 32 }}>
        <h3 style={{ fontSize: 16, marginTop: 0 }}>积分说明</h3>
        <ul className="muted" style={{ lineHeight: 2, margin: 0, paddingLeft: 18 }}>
          <li>积分分为充值积分与赠送积分，导航栏按“充值积分/赠送积分”显示。</li>
          <li>{setting.data?.order || '生成材料时先使用免费次数，再扣除积分：先扣赠送积分，不足部分扣充值积分。'}</li>
          <li>每一笔充值与消耗都记录在“积分记录”中，可随时查询。</li>
        </ul>
      </div>
    </div>
  );
}

function PackageCard({ item }: { item: RechargePackage }) {
  return (
    <div className="card" style={{ textAlign: 'center' }}>
      <div style={{ fontWeight: 600, marginBottom: 8 }}>{item.name ?? `${item.points ?? 0} 积分`}</div>
      <div style={{ fontSize: 28, fontWeight: 700, color: '#1d4ed8' }}>{item.points ?? 0}</div>
      <div className="muted">积分{item.giftedPoints ? `，另赠 ${item.giftedPoints}` : ''}</div>
      {item.price !== undefined && <div style={{ marginTop: 8, fontSize: 16 }}>¥ {item.price}</div>}
      {item.description && <div className="muted" style={{ marginTop: 8, fontSize: 13 }}>{item.description}</div>}
    </div>
  );
}
