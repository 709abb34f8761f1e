import crypto from 'node:crypto';
import { redisReachable, TEST_REDIS_URL } from '../../../test/redis';
import { describe, expect, it } from 'vitest';
import { buildTestApp, lastCode, newMobile, sendCode, solveCaptcha } from '../../../test/helper';
import { body } from '../../../test/helper';
import { operatorHeaders } from '../../../test/admin.factories';

const REDIS_URL = TEST_REDIS_URL;

const hasRedis = await redisReachable();

/**
 * Two app servers sharing Redis (REDIS_URL) and one database behave as one: a captcha solved on A is spent on B, a
 * sign-out or a notice edited on A is seen by B on its next request.
 */
describe.skipIf(!hasRedis)('scale-out with Redis', async () => {
  const env = { CAPTCHA_TEST_MODE: '1', OUTBOX: '1', REDIS_URL, OPERATOR_USERNAME: 'root', OPERATOR_PASSWORD: 'root-password-long' };
  const a = await buildTestApp(env);
  const b = await buildTestApp(env, { dataDir: a.deps.config.dataDir, databaseUrl: a.deps.config.databaseUrl, databaseSchema: a.deps.config.databaseSchema });

  it('accepts on server B a captcha solved on server A, once', async () => {
    const cv = await solveCaptcha(a, { purpose: 'sendCode' });
    const mobile = newMobile();
    expect((await sendCode(b, mobile, 1, cv)).code).toBe(200);
    expect((await sendCode(a, newMobile(), 1, cv)).code).toBe(400);
    // the code sent by B is checked by A (shared kv), the user is written to the shared database
    const code = await lastCode(b, mobile);
    const reg = body(await a.inject({ method: 'POST', url: '/api/register', payload: { mobile, password: 'abcdef1', confirmPassword: 'abcdef1', code, name: '横向扩展' } }));
    expect(reg.code).toBe(200);
    const login = body<{ token: string; sessionId: string }>(await b.inject({ method: 'POST', url: '/api/login', payload: { loginType: 1, mobile, password: 'abcdef1' } }));
    expect(login.code).toBe(202);
    const me = body(await a.inject({ url: '/api/getAdminDetails', headers: { token: login.data.token, sessionid: login.data.sessionId } }));
    expect(me.code).toBe(200);
  });

  it('caches a session in Redis and sees a sign-out on another server at once', async () => {
    const cv = await solveCaptcha(a, { purpose: 'sendCode' });
    const mobile = newMobile();
    expect((await sendCode(a, mobile, 1, cv)).code).toBe(200);
    const code = await lastCode(a, mobile);
    expect(body(await a.inject({ method: 'POST', url: '/api/register', payload: { mobile, password: 'abcdef1', confirmPassword: 'abcdef1', code, name: '会话缓存' } })).code).toBe(200);
    const login = body<{ token: string; sessionId: string }>(await a.inject({ method: 'POST', url: '/api/login', payload: { loginType: 1, mobile, password: 'abcdef1' } }));
    const headers = { token: login.data.token, sessionid: login.data.sessionId };
    expect(body(await b.inject({ url: '/api/getAdminDetails', headers })).code).toBe(200);
    // B cached the session in Redis under the token's hash.
    const hash = crypto.createHash('sha256').update(login.data.token).digest('hex');
    expect(await b.deps.kv.get(`sess:${hash}`)).toContain(login.data.sessionId);

    expect(body(await a.inject({ method: 'POST', url: '/api/logout', headers })).code).toBe(200);
    const after = body(await b.inject({ url: '/api/getAdminDetails', headers }));
    expect(after.code).toBe(305);
  });

  it('shows on server B a notice the operator edited through server A, on the next request', async () => {
    const admin = await operatorHeaders(a, 'root', 'root-password-long');
    type NoticePage = { list: { id: number; title: string }[] };
    const listOn = async (app: typeof a) => body<NoticePage>(await app.inject('/api/getNotification?page=1&pageSize=50')).data.list;
    const first = (await listOn(b))[0]!;
    await listOn(b); // now kept in B's memory
    const title = `多台服务器同时看到的标题 ${crypto.randomUUID().slice(0, 8)}`;
    const saved = body(await a.inject({ method: 'POST', url: '/api/admin/content/notice', headers: admin, payload: { id: first.id, title, category: '平台公告', content: '<p>正文</p>' } }));
    expect(saved.code).toBe(200);
    expect((await listOn(b)).find((n) => n.id === first.id)?.title).toBe(title);
    expect(body<{ title: string }>(await b.inject(`/api/getNotification?id=${first.id}`)).data.title).toBe(title);
  });
});
