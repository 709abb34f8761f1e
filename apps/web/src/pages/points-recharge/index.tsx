import PageHero from '@/components/PageHero';
import PointsOverview from '@/components/points/PointsOverview';

export default function PointsRechargePage() {
  return (
    <>
      <PageHero title="积分充值">积分用于生成登记材料。充值积分与赠送积分分别记账，每一笔变动都可以查询。</PageHero>
      <div className="container page-body">
        <PointsOverview />
      </div>
    </>
  );
}
