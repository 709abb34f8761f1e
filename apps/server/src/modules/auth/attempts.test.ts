import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser, lastCode, sendCode, solveCaptcha } from '../../../test/helper';
import { PASSWORD_RULES } from './attempts';

const OPERATOR = { username: 'burstop', password: 'Burst-operator-1' };

describe('attempt budgets under concurrency', async () => {
  const app = await buildTestApp({ CAPTCHA_TEST_MODE: '1', OUTBOX: '1', OPERATOR_USERNAME: OPERATOR.username, OPERATOR_PASSWORD: OPERATOR.password });
  const login = (payload: Record<string, unknown>, ip = '198.51.100.1', headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, headers: { 'user-agent': 'vitest-agent', ...headers }, payload }).then(body);

  it('checks at most 5 passwords of a concurrent burst of 60, and refuses the right one from that client afterwards', async () => {
    const u = await buildUser(app);
    const burst = await Promise.all(Array.from({ length: 60 }, () => login({ loginType: 1, mobile: u.mobile, password: 'wrong-guess' })));
    const checked = burst.filter((r) => r.code === 400).length;
    expect(checked).toBeLessThanOrEqual(PASSWORD_RULES.perAccountAndIp);
    expect(burst.filter((r) => r.code === 429).length).toBe(60 - checked);
    expect((await login({ loginType: 1, mobile: u.mobile, password: u.password })).code).toBe(429);
    // The owner on another network is not locked out by the stranger.
    expect((await login({ loginType: 1, mobile: u.mobile, password: u.password }, '198.51.100.200')).code).toBe(202);
  });

  it('caps one IP across accounts, and never answers an unknown account differently', async () => {
    const ip = '198.51.100.2';
    const a = await buildUser(app);
    const unknown = await login({ loginType: 1, mobile: '13900000001', password: 'whatever1' }, ip);
    const known = await login({ loginType: 1, mobile: a.mobile, password: 'whatever1' }, ip);
    expect(unknown).toEqual(known);
    const spray = await Promise.all(Array.from({ length: 70 }, (_, i) => login({ loginType: 1, mobile: `139${String(i).padStart(8, '0')}`, password: 'guess-123' }, ip)));
    expect(spray.filter((r) => r.code === 400).length).toBeLessThanOrEqual(PASSWORD_RULES.perIp - 2);
    expect((await login({ loginType: 1, mobile: a.mobile, password: a.password }, ip)).code).toBe(429);
  });

  it('after guesses from many IPs the owner signs in with a captcha or a code, never locked out', async () => {
    const u = await buildUser(app);
    for (let i = 0; i < PASSWORD_RULES.perAccount; i++) await login({ loginType: 1, mobile: u.mobile, password: 'wrong-guess' }, `203.0.113.${i + 1}`);
    const plain = await login({ loginType: 1, mobile: u.mobile, password: u.password }, '192.0.2.9');
    expect(plain.code).toBe(429);
    expect(plain.msg).toContain('安全验证');
    const cv = await solveCaptcha(app, { purpose: 'login', headers: { 'user-agent': 'vitest-agent' } });
    expect((await login({ loginType: 1, mobile: u.mobile, password: u.password, captchaVerification: cv }, '127.0.0.1')).code).toBe(202);
    expect((await sendCode(app, u.mobile, 2)).code).toBe(200);
    expect((await login({ loginType: 2, mobile: u.mobile, mobileCode: await lastCode(app, u.mobile) }, '192.0.2.9')).code).toBe(202);
  });

  it('answers code login the same for known and unknown accounts', async () => {
    const u = await buildUser(app);
    const known = await login({ loginType: 2, mobile: u.mobile, mobileCode: '123456' });
    const unknown = await login({ loginType: 2, mobile: '13900000002', mobileCode: '123456' });
    expect(known).toEqual(unknown);
    expect(known.code).toBe(400);
  });

  it('checks at most 5 old passwords of a concurrent burst on modifyPassword', async () => {
    const u = await buildUser(app);
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => app.inject({ method: 'POST', url: '/api/modifyPassword', headers: u.headers, payload: { oldPassword: 'wrong-old', newPassword: 'NewPass-1', confirmPassword: 'NewPass-1' } }).then(body)),
    );
    expect(burst.filter((r) => r.code === 400).length).toBeLessThanOrEqual(5);
    expect(burst.filter((r) => r.code === 429).length).toBeGreaterThanOrEqual(25);
  });

  it('checks at most 5 operator passwords of a concurrent burst', async () => {
    const adminLogin = (password: string, ip: string) => app.inject({ method: 'POST', url: '/api/adminLogin', remoteAddress: ip, payload: { username: OPERATOR.username, password } }).then(body);
    const burst = await Promise.all(Array.from({ length: 40 }, () => adminLogin('wrong-password', '198.51.100.9')));
    expect(burst.filter((r) => r.code === 400).length).toBeLessThanOrEqual(5);
    expect((await adminLogin(OPERATOR.password, '198.51.100.9')).code).toBe(429);
    expect((await adminLogin(OPERATOR.password, '198.51.100.10')).code).toBe(202);
  });

  it('keeps a lock when the short-lived store is flooded with other keys', async () => {
    const u = await buildUser(app);
    for (let i = 0; i < 5; i++) await login({ loginType: 1, mobile: u.mobile, password: 'wrong-guess' }, '198.51.100.3');
    for (let i = 0; i < 120_000; i++) await app.deps.kv.set(`flood:${i}`, 'x', 60);
    expect((await login({ loginType: 1, mobile: u.mobile, password: u.password }, '198.51.100.3')).code).toBe(429);
  });
});
