import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { Spin } from 'antd';
import { SITE_NAME, type RouteHandle } from '@/routes';
import { useUserStore } from '@/stores/user';
import NavBar from '@/components/nav/NavBar';
import Footer from './Footer';
import { useAuthModal } from '@/stores/auth-modal';

// The login/register modal (forms, captcha, AES) loads the first time it opens, so public pages ship none of it.
const AuthModal = lazy(() => import('@/components/auth/AuthModal'));

function useRouteHandle(): RouteHandle[] {
  return useMatches()
    .map((m) => m.handle as RouteHandle | undefined)
    .filter((h): h is RouteHandle => Boolean(h?.title));
}

/** Page frame: navigation bar, page, footer; sets the title, guards routes and scrolls to top. */
export default function AppLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const handles = useRouteHandle();
  const signedIn = useUserStore((s) => s.user.id > 0);
  const title = handles.at(-1)?.title;
  const authOpened = useAuthModal((s) => s.open);

  useEffect(() => {
    document.title = title ? `${title} - ${SITE_NAME}` : SITE_NAME;
  }, [title]);

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [location.pathname, location.search]);

  const needsAuth = handles.some((h) => h.auth);
  const guestOnly = handles.some((h) => h.guestOnly);
  const redirect = (needsAuth && !signedIn) || (guestOnly && signedIn);

  return (
    <div className="app-shell">
      <NavBar />
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden />}
      <main className="app-main">
        {redirect ? (
          <Navigate to="/" replace />
        ) : (
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <Footer />
      {authOpened && (
        <Suspense fallback={null}>
          <AuthModal />
        </Suspense>
      )}
    </div>
  );
}

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spin size="large" />
    </div>
  );
}
