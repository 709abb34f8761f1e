import { describe, expect, it } from 'vitest';
import { adminRoutes, appRoutes, layoutPages, pageLoadersFor, settingsRoute } from './routes';

const page = (path: string) => appRoutes.find((r) => r.path === path)?.page;

describe('pageLoadersFor (the code the entry starts loading for the opened path)', () => {
  it('is the page of a public or signed-in route, matched as the router matches it', () => {
    expect(pageLoadersFor('/')).toEqual([page('/')]);
    expect(pageLoadersFor('/ask/')).toEqual([page('/ask')]);
    expect(pageLoadersFor('/batch-order-details')).toEqual([page('/batch-order-Details')]);
  });

  it('is the layout and the page under /settings and /admin', () => {
    const points = settingsRoute.children.find((c) => c.path === 'points')!.page;
    expect(pageLoadersFor('/settings/points')).toEqual([layoutPages.settings, points]);
    expect(pageLoadersFor('/admin/users')).toEqual([layoutPages.admin, adminRoutes.find((r) => r.path === 'users')!.page]);
    expect(pageLoadersFor('/admin/login')).toEqual([layoutPages.adminLogin]);
  });

  it('is nothing for redirects and unknown paths', () => {
    for (const path of ['/settings', '/admin', '/no-such-page', '/settings/nothing']) expect(pageLoadersFor(path)).toEqual([]);
  });
});
