import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { Avatar, Button, Dropdown, Layout, Menu, Result, Spin, Tag, Typography } from 'antd';
import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  DashboardOutlined,
  DownOutlined,
  FileTextOutlined,
  GiftOutlined,
  LockOutlined,
  LogoutOutlined,
  SettingOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
  SafetyCertificateOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { OPERATOR_ROLE_LABELS, operatorMay } from '@mazhu/contracts';
import { ADMIN_BASE, adminRoutes, type AdminRouteHandle } from '@/routes';
import { endAdminSession, useAdminMe } from '@/api/admin';
import { useAdminSession } from '@/api/admin-session';
import './admin.css';

/** Menu icons by route path; a route without one gets the generic icon. */
const MENU_ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  users: <TeamOutlined />,
  jobs: <ThunderboltOutlined />,
  content: <FileTextOutlined />,
  settings: <SettingOutlined />,
  operators: <SafetyCertificateOutlined />,
  audit: <AuditOutlined />,
  topups: <AccountBookOutlined />,
  points: <GiftOutlined />,
  adjust: <WalletOutlined />,
};

/**
 * The back-office frame: sider menu (only the pages the operator's role may open), header with the operator and
 * sign-out, the page. Without an operator session it sends the visitor to /admin/login.
 */
export default function AdminLayout() {
  const token = useAdminSession((s) => s.token);
  const operator = useAdminSession((s) => s.operator);
  const location = useLocation();
  const navigate = useNavigate();
  const handle = useMatches()
    .map((m) => m.handle as AdminRouteHandle | undefined)
    .filter((h): h is AdminRouteHandle => Boolean(h?.title))
    .at(-1);
  useAdminMe();

  useEffect(() => {
    document.title = handle?.title ? `${handle.title} - 码著运营后台` : '码著运营后台';
  }, [handle?.title]);

  const items = useMemo(
    () =>
      adminRoutes
        .filter((r) => r.menu && operator && operatorMay(operator.role, r.role))
        .map((r) => ({ key: `${ADMIN_BASE}/${r.path}`, icon: MENU_ICONS[r.path] ?? <AppstoreOutlined />, label: <Link to={`${ADMIN_BASE}/${r.path}`}>{r.menu}</Link> })),
    [operator],
  );

  if (!token || !operator) return <Navigate to={`${ADMIN_BASE}/login`} replace state={{ from: location.pathname }} />;
  const selected = items.find((i) => location.pathname.startsWith(i.key))?.key;
  const allowed = !handle?.role || operatorMay(operator.role, handle.role);

  return (
    <Layout className="admin-shell">
      <Layout.Sider width={208} theme="dark" className="admin-sider">
        <Link to={`${ADMIN_BASE}/dashboard`} className="admin-brand">
          码著 <span>运营后台</span>
        </Link>
        <Menu theme="dark" mode="inline" selectedKeys={selected ? [selected] : []} items={items} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin-header">
          <Typography.Title level={4} className="admin-title">
            {handle?.title ?? '运营后台'}
          </Typography.Title>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'password', icon: <LockOutlined />, label: '修改密码', onClick: () => navigate(`${ADMIN_BASE}/password`) },
                { type: 'divider' },
                { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: endAdminSession },
              ],
            }}
          >
            <Button type="text" className="admin-operator" data-testid="admin-operator">
              <Avatar size="small" icon={<UserOutlined />} />
              <span>{operator.username}</span>
              <Tag color={operator.role === 'admin' ? 'blue' : 'green'}>{OPERATOR_ROLE_LABELS[operator.role]}</Tag>
              <DownOutlined />
            </Button>
          </Dropdown>
        </Layout.Header>
        <Layout.Content className="admin-content">
          {allowed ? (
            <Suspense fallback={<Spin size="large" className="admin-loading" />}>
              <Outlet />
            </Suspense>
          ) : (
            <Result status="403" title="无权访问" subTitle={`当前角色（${OPERATOR_ROLE_LABELS[operator.role]}）不能打开此页面。`} />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
