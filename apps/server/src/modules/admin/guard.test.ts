import { describe, expect, it } from 'vitest';
import { buildOperator, operatorHeaders } from '../../../test/admin.factories';
import { body, buildTestApp, buildUser } from '../../../test/helper';

describe('the operator guard', async () => {
  const app = await buildTestApp({ OPERATOR_USERNAME: 'root', OPERATOR_PASSWORD: 'root-password-long' });
  const admin = await operatorHeaders(app, 'root', 'root-password-long');
  const support = (await buildOperator(app, admin, { username: 'helpdesk', role: 'support', password: 'helpdesk-password' })).headers;
  const user = await buildUser(app);
  const routes = app.operatorRouteTable;
  const call = (r: { method: string; url: string }, headers: Record<string, string>) =>
    app.inject({ method: r.method as 'GET', url: r.url.replace(/:(\w+)/g, '1'), headers, ...(r.method === 'GET' ? {} : { payload: {} }) }).then(body);

  it('covers the spec operator calls and the /api/admin/ routes', () => {
    const urls = routes.map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/addAdmin', '/api/delAdmin', '/api/admin/editOperator', '/api/admin/audit', '/api/admin/me']));
    expect(urls.every((u) => u.startsWith('/api/admin/') || ['/api/addAdmin', '/api/delAdmin'].includes(u))).toBe(true);
    expect(urls).not.toContain('/api/adminLogin');
  });

  it('refuses every operator call without a session (302) and with a user token (403)', async () => {
    for (const r of routes) {
      const none = await call(r, {});
      expect([r.url, none.code, none.msg]).toEqual([r.url, 302, '请先登录运营后台']);
      const asUser = await call(r, user.headers);
      expect([r.url, asUser.code, asUser.msg]).toEqual([r.url, 403, '用户账号无权访问运营后台，请使用运营账号登录']);
    }
    // An unknown path under /api/admin/ is refused the same way (deny by default).
    expect((await call({ method: 'GET', url: '/api/admin/nothing-here' }, {})).code).toBe(302);
    expect((await call({ method: 'GET', url: '/api/%61dmin/audit' }, user.headers)).code).toBe(403);
  });

  it('refuses 客服 on every 管理员 call and lets 客服 through on its own', async () => {
    const adminOnly = routes.filter((r) => r.role === 'admin');
    expect(adminOnly.length).toBeGreaterThan(3);
    for (const r of adminOnly) {
      const res = await call(r, support);
      expect([r.url, res.code, res.msg]).toEqual([r.url, 403, '当前角色（客服）无权执行此操作，需要管理员权限']);
    }
    const me = body<{ username: string; role: string }>(await app.inject({ url: '/api/admin/me', headers: support }));
    expect(me.data).toMatchObject({ username: 'helpdesk', role: 'support' });
  });

  it('tells an expired session (304) from a revoked one (305)', async () => {
    const h = await operatorHeaders(app, 'helpdesk', 'helpdesk-password');
    await app.deps.db.updateTable('operator_sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', h.sessionid).execute();
    expect(body(await app.inject({ url: '/api/admin/me', headers: h })).code).toBe(304);
    const h2 = await operatorHeaders(app, 'helpdesk', 'helpdesk-password');
    await app.deps.db.updateTable('operator_sessions').set({ revoked_at: new Date().toISOString() }).where('id', '=', h2.sessionid).execute();
    expect(body(await app.inject({ url: '/api/admin/me', headers: h2 })).code).toBe(305);
    expect(body(await app.inject({ url: '/api/admin/me', headers: { ...support, sessionid: 'other' } })).code).toBe(302);
  });

  it('leaves public calls alone', async () => {
    expect(body(await app.inject({ url: '/api/getCommonProblem' })).code).toBe(200);
  });
});
