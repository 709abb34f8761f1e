import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp, lastCode, newMobile, sendCode, solveCaptcha } from '../../../test/helper';
import { body } from '../../../test/helper';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1000 }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

const hasRedis = await redisReachable(REDIS_URL);

/** Two app servers sharing Redis (REDIS_URL) and one database behave as one: a captcha solved on A is spent on B. */
describe.skipIf(!hasRedis)('scale-out with Redis', async () => {
  const env = { CAPTCHA_TEST_MODE: '1', OUTBOX: '1', REDIS_URL };
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
});
