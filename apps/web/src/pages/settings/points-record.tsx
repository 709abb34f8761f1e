import FeaturePending from '@/components/FeaturePending';

export default function PointsRecordPage() {
  return (
    <>
      <h2>积分记录</h2>
      <FeaturePending title="积分记录功能即将上线" description="这里将按时间列出每一笔积分变动：充值、赠送与消耗，并注明对应的项目。" back={{ to: '/pointsRecharge', label: '查看积分充值' }} />
    </>
  );
}
