import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { body, buildTestApp, buildUser } from '../../../test/helper';

describe('back-office operators', async () => {
  const app = await buildTestApp({ OPERATOR_USERNAME: 'ops', OPERATOR_PASSWORD: 'correct-horse-battery' });
  const login = (username: string, password: string) => app.inject({ method: 'POST', url: '/api/adminLogin', payload: { username, password } }).then(body<{ token: string; sessionId: string }>);

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
    const headers = { token: op.data.token, sessionid: op.data.sessionId };
    const added = body<{ id: number }>(await app.inject({ method: 'POST', url: '/api/addAdmin', headers, payload: { username: 'ops2', password: 'another-long-pass' } }));
    expect(added.code).toBe(200);
    expect((await login('ops2', 'another-long-pass')).code).toBe(202);
    expect(body(await app.inject({ url: `/api/delAdmin?id=${added.data.id}`, headers })).code).toBe(200);
    expect((await login('ops2', 'another-long-pass')).code).toBe(400);

    const u = await buildUser(app);
    const role = body<{ invitationCode: string }>(await app.inject({ method: 'POST', url: '/api/admin/setUserRole', headers, payload: { userId: u.userId, role: 2 } }));
    expect(role.data.invitationCode).toMatch(/^[A-Z2-9]{8}$/);
    const me = body<{ role: number; invitationCode: string }>(await app.inject({ url: '/api/getAdminDetails', headers: u.headers }));
    expect(me.data).toMatchObject({ role: 2, invitationCode: role.data.invitationCode });
  });
});

describe('production configuration', () => {
  it('refuses captcha test mode, the dev outbox and a short operator password', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_MODE: '1' })).toThrow(/CAPTCHA_TEST_MODE/);
    expect(() => loadConfig({ NODE_ENV: 'production', OUTBOX: '1' })).toThrow(/OUTBOX/);
    expect(() => loadConfig({ NODE_ENV: 'production', OPERATOR_USERNAME: 'a', OPERATOR_PASSWORD: 'short' })).toThrow(/OPERATOR_PASSWORD/);
    expect(loadConfig({ NODE_ENV: 'production' }).captchaTestMode).toBe(false);
  });
});
