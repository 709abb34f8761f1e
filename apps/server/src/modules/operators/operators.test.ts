import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { operatorHeaders } from '../../../test/admin.factories';

interface AuditRow {
  action: string;
  target: string;
  operatorName: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('back-office operators', async () => {
  const app = await buildTestApp({ OPERATOR_USERNAME: 'ops', OPERATOR_PASSWORD: 'correct-horse-battery' });
  const login = (username: string, password: string) => app.inject({ method: 'POST', url: '/api/adminLogin', payload: { username, password } }).then(body<{ token: string; sessionId: string; role: string }>);
  const audit = async (headers: Record<string, string>, q = '') => body<{ list: AuditRow[] }>(await app.inject({ url: `/api/admin/audit?pageSize=100${q}`, headers })).data.list;

  it('refuses ordinary users on every operator route', async () => {
    const u = await buildUser(app);
    expect(body(await app.inject({ method: 'POST', url: '/api/addAdmin', headers: u.headers, payload: { username: 'evil', password: 'x'.repeat(12) } })).code).toBe(403);
    expect(body(await app.inject({ url: '/api/delAdmin?id=1', headers: u.headers })).code).toBe(403);
    expect(body(await app.inject({ method: 'POST', url: '/api/admin/setUserRole', headers: u.headers, payload: { userId: u.userId, role: 2 } })).code).toBe(403);
  });

  it('logs an operator in, adds and deletes an operator, and gives a user role 2 with an invitation code', async () => {
    expect((await login('ops', 'wrong-password')).msg).toBe('运营账号或密码错误');
    const op = await login('ops', 'correct-horse-battery');
    expect(op.code).toBe(202);
    expect(op.data.role).toBe('admin');
    const headers = { token: op.data.token, sessionid: op.data.sessionId };
    const added = body<{ id: number; role: string }>(await app.inject({ method: 'POST', url: '/api/addAdmin', headers, payload: { username: 'ops2', password: 'another-long-pass' } }));
    expect(added.code).toBe(200);
    expect(added.data.role).toBe('support');
    const second = await operatorHeaders(app, 'ops2', 'another-long-pass');
    expect(body(await app.inject({ url: '/api/admin/me', headers: second })).code).toBe(200);
    expect(body(await app.inject({ url: `/api/delAdmin?id=${added.data.id}`, headers })).code).toBe(200);
    // Deleting an operator ends its sessions at once, and it can no longer sign in.
    expect(body(await app.inject({ url: '/api/admin/me', headers: second })).code).toBe(302);
    expect((await login('ops2', 'another-long-pass')).code).toBe(400);

    const u = await buildUser(app);
    const role = body<{ invitationCode: string }>(await app.inject({ method: 'POST', url: '/api/admin/setUserRole', headers, payload: { userId: u.userId, role: 2 } }));
    expect(role.data.invitationCode).toMatch(/^[A-Z2-9]{8}$/);
    const me = body<{ role: number; invitationCode: string }>(await app.inject({ url: '/api/getAdminDetails', headers: u.headers }));
    expect(me.data).toMatchObject({ role: 2, invitationCode: role.data.invitationCode });

    const trail = await audit(headers);
    expect(trail.map((a) => a.action).slice(0, 3)).toEqual(['user.role', 'operator.delete', 'operator.add']);
    expect(trail[0]).toMatchObject({ target: `user:${u.userId}`, operatorName: 'ops', before: { role: 1 }, after: { role: 2 } });
    expect(JSON.stringify(trail)).not.toContain('another-long-pass');
  });

  it('keeps the last 管理员, refuses deleting oneself, and ends sessions on a role or password change', async () => {
    const headers = await operatorHeaders(app, 'ops', 'correct-horse-battery');
    const me = body<{ id: number }>(await app.inject({ url: '/api/admin/me', headers })).data;
    expect(body(await app.inject({ url: `/api/delAdmin?id=${me.id}`, headers })).msg).toBe('不能删除自己的运营账号');
    expect(body(await app.inject({ method: 'POST', url: '/api/admin/editOperator', headers, payload: { id: me.id, role: 'support' } })).msg).toBe('至少要保留一名管理员');

    const added = body<{ id: number }>(await app.inject({ method: 'POST', url: '/api/addAdmin', headers, payload: { username: 'lead2', password: 'lead2-password-x', role: 'admin' } })).data;
    const other = await operatorHeaders(app, 'lead2', 'lead2-password-x');
    expect(body(await app.inject({ method: 'POST', url: '/api/admin/editOperator', headers, payload: { id: added.id, role: 'support' } })).code).toBe(200);
    expect(body(await app.inject({ url: '/api/admin/me', headers: other })).code).toBe(305);
    const again = await operatorHeaders(app, 'lead2', 'lead2-password-x');
    expect(body<{ role: string }>(await app.inject({ url: '/api/admin/me', headers: again })).data.role).toBe('support');
    expect(body(await app.inject({ method: 'POST', url: '/api/admin/editOperator', headers, payload: { id: added.id, password: 'a-new-password-1' } })).code).toBe(200);
    expect(body(await app.inject({ url: '/api/admin/me', headers: again })).code).toBe(305);
    expect((await login('lead2', 'lead2-password-x')).code).toBe(400);

    const edit = (await audit(headers, '&action=operator.edit')).at(0);
    expect(edit).toMatchObject({ target: `operator:${added.id}`, before: { role: 'support' }, after: { passwordChanged: true } });
  });

  it('changes its own password and signs out its other sessions', async () => {
    const a = await operatorHeaders(app, 'ops', 'correct-horse-battery');
    const b = await operatorHeaders(app, 'ops', 'correct-horse-battery');
    expect(body(await app.inject({ method: 'POST', url: '/api/admin/changePassword', headers: a, payload: { oldPassword: 'wrong', newPassword: 'brand-new-password' } })).msg).toBe('原密码错误');
    expect(body(await app.inject({ method: 'POST', url: '/api/admin/changePassword', headers: a, payload: { oldPassword: 'correct-horse-battery', newPassword: 'brand-new-password' } })).code).toBe(200);
    expect(body(await app.inject({ url: '/api/admin/me', headers: a })).code).toBe(200);
    expect(body(await app.inject({ url: '/api/admin/me', headers: b })).code).toBe(305);
    expect((await login('ops', 'brand-new-password')).code).toBe(202);
  });
});

describe('production configuration', () => {
  it('refuses captcha test mode, the dev outbox and a short operator password', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_MODE: '1' })).toThrow(/CAPTCHA_TEST_MODE/);
    expect(() => loadConfig({ NODE_ENV: 'production', OUTBOX: '1' })).toThrow(/OUTBOX/);
    expect(() => loadConfig({ NODE_ENV: 'production', OPERATOR_USERNAME: 'a', OPERATOR_PASSWORD: 'short' })).toThrow(/OPERATOR_PASSWORD/);
    expect(loadConfig({ NODE_ENV: 'production', DATA_ENCRYPTION_KEY: 'a'.repeat(64) }).captchaTestMode).toBe(false);
  });
});
