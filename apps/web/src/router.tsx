import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import AppLayout from '@/components/layout/AppLayout';
import BootLoading from '@/components/layout/BootLoading';
import {
  ADMIN_BASE,
  adminRoutes,
  appRoutes,
  layoutPages,
  settingsRoute,
  type AdminRouteHandle,
  type AppRoute,
  type PageModule,
  type RouteHandle,
} from './routes';

/**
 * The router built from the route tables (routes.ts): every page and layout is its own lazily loaded chunk; the
 * public frame (AppLayout) is part of the app shell.
 */

function lazyPage(page: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await page()).default });
}

// Shown only on an error or under /settings: loaded when needed, so the home page ships neither.
const RouteError = lazy(() => import('@/components/layout/RouteError'));
const routeError = (
  <Suspense fallback={null}>
    <RouteError />
  </Suspense>
);

function toRouteObject(r: AppRoute): RouteObject {
  const handle: RouteHandle = { title: r.title, auth: r.auth, guestOnly: r.guestOnly };
  return { path: r.path, handle, lazy: r.page ? lazyPage(r.page) : undefined };
}

export const routeObjects: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: routeError,
    hydrateFallbackElement: <BootLoading />,
    children: [
      ...appRoutes.map(toRouteObject),
      {
        path: settingsRoute.path,
        lazy: lazyPage(layoutPages.settings),
        handle: { title: settingsRoute.title, auth: true } satisfies RouteHandle,
        children: [
          { index: true, element: <Navigate to="/settings/profile" replace /> },
          ...settingsRoute.children.map(toRouteObject),
        ],
      },
      { path: '*', handle: { title: '页面不存在' } satisfies RouteHandle, lazy: lazyPage(layoutPages.notFound) },
    ],
  },
  {
    path: `${ADMIN_BASE}/login`,
    errorElement: routeError,
    hydrateFallbackElement: <BootLoading />,
    handle: { title: '运营后台登录' } satisfies AdminRouteHandle,
    lazy: lazyPage(layoutPages.adminLogin),
  },
  {
    path: ADMIN_BASE,
    errorElement: routeError,
    hydrateFallbackElement: <BootLoading />,
    lazy: lazyPage(layoutPages.admin),
    children: [
      { index: true, element: <Navigate to={`${ADMIN_BASE}/dashboard`} replace /> },
      ...adminRoutes.map((r): RouteObject => ({ path: r.path, handle: { title: r.title, role: r.role } satisfies AdminRouteHandle, lazy: lazyPage(r.page) })),
      { path: '*', handle: { title: '页面不存在' } satisfies AdminRouteHandle, lazy: lazyPage(layoutPages.notFound) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
