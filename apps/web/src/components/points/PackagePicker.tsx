import { Alert, Button, Empty, Skeleton } from 'antd';
import type { RechargePackage } from '@mazhu/contracts';
import { useRechargePackages } from '@/api/points';
import './points.css';

/**
 * The packages on sale as selectable cards (price exact in yuan, recharge points, bonus gifted points). A failed
 * load says so, with the server's message when there is one, and a retry.
 */
export default function PackagePicker({ value, onChange }: { value?: number; onChange: (p: RechargePackage) => void }) {
  const packages = useRechargePackages();
  if (packages.isLoading) return <Skeleton active />;
  if (packages.isError) {
    const msg = packages.error instanceof Error ? packages.error.message : '';
    return (
      <Alert
        type="error"
        showIcon
        data-testid="packages-error"
        title={msg && msg !== '充值套餐加载失败' ? `充值套餐加载失败：${msg}` : '充值套餐加载失败，请检查网络后重试'}
        action={
          <Button size="small" loading={packages.isFetching} onClick={() => void packages.refetch()} data-testid="packages-retry">
            重试
          </Button>
        }
      />
    );
  }
  const list = packages.data ?? [];
  if (!list.length) {
    return (
      <div className="card">
        <Empty description="暂无可购买的充值套餐，请稍后再来" />
      </div>
    );
  }
  return (
    <div className="package-grid" role="radiogroup" aria-label="充值套餐">
      {list.map((p) => (
        <div
          key={p.id}
          role="radio"
          aria-checked={value === p.id}
          tabIndex={0}
          className={`package-card${value === p.id ? ' selected' : ''}`}
          onClick={() => onChange(p)}
          onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onChange(p)}
          data-testid={`package-${p.id}`}
        >
          <div className="package-name">{p.name}</div>
          <div className="package-points">{p.points}</div>
          <div className="package-gift">{p.giftedPoints ? `充值积分，另赠 ${p.giftedPoints} 赠送积分` : '充值积分'}</div>
          <div className="package-price">¥ {p.price}</div>
          {p.description && <div className="package-desc">{p.description}</div>}
        </div>
      ))}
    </div>
  );
}
