import type { ComponentType } from 'react';
import type { OperatorRole } from '@mazhu/contracts';

// The route tables, with no React or router code: the entry (main.tsx) reads them to start loading the opened
// page's code before the app itself has loaded; router.tsx builds the router from them.

export type PageModule = { default: ComponentType };

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

/**
 * The one route table (spec §2). It feeds the router, the page titles, the sign-in guard,
 * the /login–/register redirect and the /settings menu.
 */
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
  { path: '/filing-guide', title: '申报助手', auth: true, page: () => import('@/pages/filing-guide') },
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
    { path: 'correctionDetail', title: '补正处理', auth: true, page: () => import('@/pages/settings/correction-detail') },
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

/**
 * The back office (/admin, operators only): its own layout, session and code-split chunks; nothing of it is
 * imported by the public site. `role` is the smallest operator role that sees the page (管理员 sees all); the
 * server checks every call again. Entries with `menu` appear in the admin menu in this order.
 */
export interface AdminRoute {
  path: string;
  title: string;
  role: OperatorRole;
  menu?: string;
  page: () => Promise<PageModule>;
}

export const ADMIN_BASE = '/admin';

export const adminRoutes: AdminRoute[] = [
  { path: 'dashboard', title: '概览', menu: '概览', role: 'support', page: () => import('@/pages/admin/dashboard') },
  { path: 'users', title: '用户管理', menu: '用户', role: 'support', page: () => import('@/pages/admin/users') },
  { path: 'jobs', title: '生成任务', menu: '生成任务', role: 'support', page: () => import('@/pages/admin/jobs') },
  { path: 'topups', title: '充值审核', menu: '充值审核', role: 'support', page: () => import('@/pages/admin/topups') },
  { path: 'points', title: '积分配置', menu: '积分配置', role: 'admin', page: () => import('@/pages/admin/points') },
  { path: 'adjust', title: '余额调整', menu: '余额调整', role: 'admin', page: () => import('@/pages/admin/adjust') },
  { path: 'content', title: '内容管理', menu: '内容', role: 'admin', page: () => import('@/pages/admin/content') },
  { path: 'settings', title: '系统设置', menu: '设置', role: 'admin', page: () => import('@/pages/admin/settings') },
  { path: 'operators', title: '运营账号', menu: '运营账号', role: 'admin', page: () => import('@/pages/admin/operators') },
  { path: 'audit', title: '审计记录', menu: '审计记录', role: 'admin', page: () => import('@/pages/admin/audit') },
  { path: 'password', title: '修改密码', role: 'support', page: () => import('@/pages/admin/password') },
];

/** What an admin route carries for the admin layout. */
export interface AdminRouteHandle {
  title: string;
  role?: OperatorRole;
}

/** What each route carries for the layout (title and guard). */
export interface RouteHandle {
  title: string;
  auth?: boolean;
  guestOnly?: boolean;
}

/** Layouts and pages the route tables share. */
export const layoutPages = {
  settings: () => import('@/pages/settings/SettingsLayout'),
  admin: () => import('@/pages/admin/AdminLayout'),
  adminLogin: () => import('@/pages/admin/login'),
  notFound: () => import('@/pages/not-found'),
};

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The code a path renders, as the router resolves it (paths match case-insensitively; a trailing slash is
 * ignored): the layout's page module (settings, admin) and the page's. Empty for a path with no page of its own
 * (redirects, unknown paths).
 */
export function pageLoadersFor(pathname: string): (() => Promise<PageModule>)[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = appRoutes.find((r) => same(r.path, path))?.page;
  if (page) return [page];
  const settingsChild = settingsRoute.children.find((c) => same(`${settingsRoute.path}/${c.path}`, path));
  if (settingsChild) return [layoutPages.settings, settingsChild.page];
  if (same(path, `${ADMIN_BASE}/login`)) return [layoutPages.adminLogin];
  const adminChild = adminRoutes.find((r) => same(`${ADMIN_BASE}/${r.path}`, path));
  if (adminChild) return [layoutPages.admin, adminChild.page];
  return [];
}
