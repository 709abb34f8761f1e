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

describe('account lookups and code requests per IP', async () => {
  const app = await buildTestApp({ CAPTCHA_TEST_MODE: '1', OUTBOX: '1' });
  const login = (payload: Record<string, unknown>, ip = '127.0.0.1') => app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, headers: { 'user-agent': 'vitest-agent' }, payload }).then(body);

  it('answers a wrong login code alike for a known and an unknown account, after codes were requested for both', async () => {
    const u = await buildUser(app);
    const stranger = '13900000077';
    expect((await sendCode(app, u.mobile, 2)).code).toBe(200);
    expect((await sendCode(app, stranger, 2)).code).toBe(200);
    const known = await login({ loginType: 2, mobile: u.mobile, mobileCode: '000000' }, '203.0.113.5');
    const unknown = await login({ loginType: 2, mobile: stranger, mobileCode: '000000' }, '203.0.113.5');
    expect(unknown).toEqual(known);
    expect(known.msg).toBe('验证码错误，还可尝试 4 次');
    // The owner's real code still works.
    expect((await login({ loginType: 2, mobile: u.mobile, mobileCode: await lastCode(app, u.mobile) }, '203.0.113.5')).code).toBe(202);
  });

  it('caps code logins from one IP across accounts, other IPs unaffected', async () => {
    const tries = [];
    for (let i = 0; i < 31; i++) tries.push(await login({ loginType: 2, mobile: `1390000${String(1000 + i)}`, mobileCode: '123456' }, '203.0.113.9'));
    expect(tries.slice(0, 30).every((r) => r.code === 400)).toBe(true);
    expect(tries[30]).toMatchObject({ code: 429, msg: '验证码登录尝试过于频繁，请 15 分钟后再试' });
    expect((await login({ loginType: 2, mobile: '13900001999', mobileCode: '123456' }, '203.0.113.10')).code).toBe(400);
  });

  it('keeps the per-IP code-request limit when the short-lived store is flooded with other keys', async () => {
    // This IP already asked for 2 codes above: 18 more are sent, the next is refused.
    const sent = [];
    for (let i = 0; i < 19; i++) sent.push((await sendCode(app, `1370000${String(1000 + i)}`, 1)).code);
    expect(sent).toEqual([...Array(18).fill(200), 429]);
    for (let i = 0; i < 120_000; i++) await app.deps.kv.set(`flood:${i}`, 'x', 60);
    expect(await sendCode(app, '13700002000', 1)).toMatchObject({ code: 429, msg: '发送验证码过于频繁，请一小时后再试' });
  });
});
