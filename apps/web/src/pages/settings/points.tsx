import PointsOverview from '@/components/points/PointsOverview';

export default function SettingsPointsPage() {
  return (
    <>
      <h2>积分充值</h2>
      <PointsOverview />
    </>
  );
}
