import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import AppLayout from '@/components/layout/AppLayout';
import SettingsLayout from '@/pages/settings/SettingsLayout';
import RouteError from '@/components/layout/RouteError';
import BootLoading from '@/components/layout/BootLoading';

/**
 * The one route table (spec §2). It feeds the router, the page titles, the sign-in guard,
 * the /login–/register redirect and the /settings menu.
 */
type PageModule = { default: ComponentType };

export interface AppRoute {
  path: string;
  title: string;
  /** Needs a signed-in user; a visitor without user id is sent to /. */
  auth?: boolean;
  /** Only for visitors; a signed-in user is sent to / (/login, /register). */
  guestOnly?: boolean;
  page?: () => Promise<PageModule>;
  /** Settings menu entry; `query` is appended to the link (e.g. type=all). */
  menu?: { label: string; query?: string };
}

export const SITE_NAME = '码著';

export const appRoutes: AppRoute[] = [
  { path: '/', title: '首页', page: () => import('@/pages/home') },
  { path: '/login', title: '登录', guestOnly: true, page: () => import('@/pages/login') },
  { path: '/register', title: '注册', guestOnly: true, page: () => import('@/pages/login/RegisterPage') },
  { path: '/success-cases', title: '软件案例', page: () => import('@/pages/success-cases') },
  { path: '/preview-software', title: '高保真界面预览', page: () => import('@/pages/preview-software') },
  { path: '/project-selection', title: '选择创建方式', page: () => import('@/pages/project-selection') },
  { path: '/auto-generate', title: '智能生成', auth: true, page: () => import('@/pages/auto-generate') },
  { path: '/code-to-doc-generator', title: '代码生成文档', auth: true, page: () => import('@/pages/code-to-doc-generator') },
  { path: '/batch-order-Details', title: '批量订单详情', auth: true, page: () => import('@/pages/batch-order-details') },
  { path: '/functionalArea', title: '功能介绍', page: () => import('@/pages/functional-area') },
  { path: '/quickBatchOrder', title: '快速批量下单', auth: true, page: () => import('@/pages/quick-batch-order') },
  { path: '/ask', title: '使用指南', page: () => import('@/pages/ask') },
  { path: '/pointsRecharge', title: '积分充值', page: () => import('@/pages/points-recharge') },
  { path: '/profile', title: '个人设置', auth: true, page: () => import('@/pages/profile') },
  { path: '/password', title: '账号安全', auth: true, page: () => import('@/pages/password') },
  { path: '/owner', title: '知识产权人', auth: true, page: () => import('@/pages/owner') },
  { path: '/notice', title: '政策库', page: () => import('@/pages/notice') },
];

/** /settings redirects to /settings/profile, which is not in the menu. */
export const settingsRoute = {
  path: '/settings',
  title: '设置',
  auth: true,
  children: [
    { path: 'profile', title: '个人设置', auth: true, page: () => import('@/pages/profile') },
    { path: 'projectList', title: '我的项目', auth: true, menu: { label: '我的项目', query: 'type=all' }, page: () => import('@/pages/settings/project-list') },
    { path: 'points', title: '积分充值', auth: true, menu: { label: '积分充值' }, page: () => import('@/pages/settings/points') },
    { path: 'pointsRecord', title: '积分记录', auth: true, menu: { label: '积分记录' }, page: () => import('@/pages/settings/points-record') },
    { path: 'correctionList', title: '补正项目', auth: true, menu: { label: '补正项目' }, page: () => import('@/pages/settings/correction-list') },
    { path: 'batchCorrection', title: '批量补正项目', auth: true, menu: { label: '批量补正项目' }, page: () => import('@/pages/settings/batch-correction') },
    { path: 'codeProjectList', title: '代码项目', auth: true, menu: { label: '代码项目' }, page: () => import('@/pages/settings/code-project-list') },
    { path: 'batchProjectList', title: '批量项目', auth: true, menu: { label: '批量项目', query: 'type=all' }, page: () => import('@/pages/settings/batch-project-list') },
    { path: 'contract', title: '合同下载', auth: true, menu: { label: '合同下载' }, page: () => import('@/pages/settings/contract') },
  ] satisfies AppRoute[],
};

/** Settings menu entries in table order, with their full link. */
export const settingsMenu = settingsRoute.children
  .filter((c): c is typeof c & { menu: NonNullable<AppRoute['menu']> } => 'menu' in c && Boolean(c.menu))
  .map((c) => ({ key: `${settingsRoute.path}/${c.path}`, label: c.menu.label, to: `${settingsRoute.path}/${c.path}${c.menu.query ? `?${c.menu.query}` : ''}` }));

/** What each route carries for the layout (title and guard). */
export interface RouteHandle {
  title: string;
  auth?: boolean;
  guestOnly?: boolean;
}

function lazyPage(page: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await page()).default });
}

function toRouteObject(r: AppRoute): RouteObject {
  const handle: RouteHandle = { title: r.title, auth: r.auth, guestOnly: r.guestOnly };
  return { path: r.path, handle, lazy: r.page ? lazyPage(r.page) : undefined };
}

export const routeObjects: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootLoading />,
    children: [
      ...appRoutes.map(toRouteObject),
      {
        path: settingsRoute.path,
        element: <SettingsLayout />,
        handle: { title: settingsRoute.title, auth: true } satisfies RouteHandle,
        children: [
          { index: true, element: <Navigate to="/settings/profile" replace /> },
          ...settingsRoute.children.map(toRouteObject),
        ],
      },
      { path: '*', handle: { title: '页面不存在' } satisfies RouteHandle, lazy: lazyPage(() => import('@/pages/not-found')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
