import { NavLink, useNavigate } from 'react-router';
import { Button, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useUserStore } from '@/stores/user';
import { useAuthModal } from '@/stores/auth-modal';
import Logo from './Logo';
import UserMenu from './UserMenu';
import { useUserPoints } from '@/api/points';

/** Public navigation (spec §1): 首页, 功能介绍, 使用指南, 政策库, 积分充值. */
export const PUBLIC_NAV = [
  { to: '/', label: '首页', end: true },
  { to: '/functionalArea', label: '功能介绍' },
  { to: '/ask', label: '使用指南' },
  { to: '/notice', label: '政策库' },
  { to: '/pointsRecharge', label: '积分充值' },
];

export default function NavBar() {
  const user = useUserStore((s) => s.user);
  const showAuth = useAuthModal((s) => s.show);
  const navigate = useNavigate();
  const signedIn = user.id > 0;
  useUserPoints();

  return (
    <header className="navbar">
      <div className="container navbar-inner">
        <Logo />
        <nav className="navbar-links" aria-label="主导航">
          {PUBLIC_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={({ isActive }) => `navbar-link${isActive ? ' active' : ''}`}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="navbar-actions">
          {signedIn ? (
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
          ) : (
            <Button type="primary" onClick={() => showAuth('login')} data-testid="nav-login">
              登录/注册
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
