import { Statistic } from 'antd';
import { useUserStore } from '@/stores/user';
import './points.css';

/** The signed-in user's three balances (recharge points, gifted points, free times). */
export default function BalanceCards() {
  const user = useUserStore((s) => s.user);
  return (
    <div className="balance-row" data-testid="balances">
      <div className="card">
        <Statistic title="充值积分" value={user.rechargePoints} />
      </div>
      <div className="card">
        <Statistic title="赠送积分" value={user.giftedPoints} />
      </div>
      <div className="card">
        <Statistic title="免费次数" value={user.freeTimes} suffix="次" />
      </div>
    </div>
  );
}
