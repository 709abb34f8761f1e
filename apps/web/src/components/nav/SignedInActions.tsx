import { useNavigate } from 'react-router';
import { Button, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useUserStore } from '@/stores/user';
import UserMenu from './UserMenu';

/** The signed-in part of the navigation bar (spec §2): 创建项目, points as recharge/gifted, free times, the user menu. */
export default function SignedInActions() {
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/project-selection')}>
        创建项目
      </Button>
      <Tooltip title="充值积分/赠送积分">
        <span className="navbar-points" data-testid="nav-points">
          积分 <strong>{user.rechargePoints}</strong>
          <span className="navbar-points-sep">/</span>
          <strong>{user.giftedPoints}</strong>
        </span>
      </Tooltip>
      <Tooltip title="免费生成次数：生成材料时优先使用">
        <span className="navbar-points" data-testid="nav-free-times">
          免费 <strong>{user.freeTimes}</strong> 次
        </span>
      </Tooltip>
      <UserMenu />
    </>
  );
}
