import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Menu, Spin } from 'antd';
import { settingsMenu } from '@/routes';

/** /settings: the menu of its children (from the route table) and the child page. */
export default function SettingsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The fixing page of a correction belongs to 补正项目.
  const path = pathname === '/settings/correctionDetail' ? '/settings/correctionList' : pathname;
  // Whole path segments: /settings/pointsRecord must not light up /settings/points.
  const selected = settingsMenu.find((m) => path === m.key || path.startsWith(`${m.key}/`))?.key;
  return (
    <div className="container settings-wrap">
      <aside className="settings-menu">
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={settingsMenu.map((m) => ({ key: m.key, label: m.label }))}
          onClick={({ key }) => {
            const entry = settingsMenu.find((m) => m.key === key);
            if (entry) navigate(entry.to);
          }}
        />
      </aside>
      <section className="settings-content">
        <Suspense fallback={<Spin />}>
          <Outlet />
        </Suspense>
      </section>
    </div>
  );
}
