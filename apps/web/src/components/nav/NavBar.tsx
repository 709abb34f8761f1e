import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { Button } from 'antd';
import { useUserStore } from '@/stores/user';
import { useAuthModal } from '@/stores/auth-modal';
import Logo from './Logo';
import { useUserPoints } from '@/api/points';

// Only signed-in visitors see these (points, tooltips, the user menu with its dialogs): loaded on the first
// signed-in render, so the public pages ship none of it.
const SignedInActions = lazy(() => import('./SignedInActions'));

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
            <Suspense fallback={null}>
              <SignedInActions />
            </Suspense>
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
