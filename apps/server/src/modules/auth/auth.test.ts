import type { UserInfo } from '@mazhu/contracts';
import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser, lastCode, newMobile, sendCode, signUp, solveCaptcha } from '../../../test/helper';
import { MAX_SESSIONS_PER_USER, SESSION_LIMIT_MESSAGE } from './sessions';

const TEST_ENV = { CAPTCHA_TEST_MODE: '1', OUTBOX: '1' };

describe('verification codes', async () => {
  const app = await buildTestApp(TEST_ENV);

  it('sends a 6-digit SMS code with the countdown, and refuses a resend before it ends', async () => {
    const mobile = newMobile();
    const r = await sendCode(app, mobile, 1);
    expect(r).toMatchObject({ code: 200, data: { type: 'phone', time: 60 } });
    expect(await lastCode(app, mobile)).toMatch(/^\d{6}$/);
    const again = await sendCode(app, mobile, 1);
    expect(again.code).toBe(429);
    expect(again.msg).toMatch(/秒后再试/);
  });

  it('sends e-mail codes to an e-mail account', async () => {
    const r = await sendCode(app, `User${Date.now()}@Example.com`, 1);
    expect(r).toMatchObject({ code: 200, data: { type: 'email' } });
  });

  it('refuses an invalid account, a missing, forged or reused captcha verification', async () => {
    expect((await sendCode(app, '12345', 1)).msg).toBe('请输入合法的手机号或邮箱');
    const forged = await sendCode(app, newMobile(), 1, 'AAAAAAAAAAAAAAAAAAAAAA==');
    expect(forged.code).toBe(400);
    expect(forged.msg).toContain('安全验证');
    const cv = await solveCaptcha(app, { purpose: 'sendCode' });
    expect((await sendCode(app, newMobile(), 1, cv)).code).toBe(200);
    const replay = await sendCode(app, newMobile(), 1, cv);
    expect(replay.code).toBe(400);
    expect(replay.msg).toContain('安全验证');
  });

  it('binds a captcha verification to the client that solved it', async () => {
    const cv = await solveCaptcha(app, { purpose: 'sendCode', headers: { 'user-agent': 'other-browser' } });
    const r = await sendCode(app, newMobile(), 1, cv);
    expect(r.code).toBe(400);
  });

  it('answers a code request the same for known and unknown accounts, sending a notice where a code is useless', async () => {
    const unknown = newMobile();
    const login = await sendCode(app, unknown, 2);
    expect(login).toMatchObject({ code: 200, data: { type: 'phone', time: 60 } });
    const notice = body<{ text: string }[]>(await app.inject(`/api/dev/outbox?account=${unknown}`)).data[0]?.text;
    expect(notice).toContain('尚未注册');
    expect(notice).not.toMatch(/\d{6}/);
    const u = await buildUser(app);
    const reg = await sendCode(app, u.mobile, 1);
    expect(reg).toMatchObject({ code: 200, data: { type: 'phone', time: 60 } });
    expect(body<{ text: string }[]>(await app.inject(`/api/dev/outbox?account=${u.mobile}`)).data[0]?.text).toContain('已注册');
  });
});

describe('register and login', async () => {
  const app = await buildTestApp(TEST_ENV);

  it('registers by mobile, gives the configured free times, and logs in by password with 202', async () => {
    const u = await signUp(app, { name: '张三' });
    const me = body<UserInfo>(await app.inject({ url: `/api/getAdminDetails?id=${u.userId}`, headers: u.headers }));
    expect(me.code).toBe(200);
    expect(me.data).toMatchObject({ id: u.userId, name: '张三', mobile: u.mobile, role: 1, freeTimes: 1, currentPoints: 0 });
  });

  it('refuses a duplicate registration and a mismatched confirmation', async () => {
    const u = await signUp(app);
    // Without the code (which a registered account never receives) the answer does not tell the account exists.
    const dup = body(await app.inject({ method: 'POST', url: '/api/register', payload: { mobile: u.mobile, password: 'abcdef1', confirmPassword: 'abcdef1', code: '123456', name: 'x' } }));
    expect(dup).toMatchObject({ code: 400, msg: '验证码已失效，请重新获取' });
    const mismatch = body(await app.inject({ method: 'POST', url: '/api/register', payload: { mobile: newMobile(), password: 'abcdef1', confirmPassword: 'abcdef2', code: '123456', name: 'x' } }));
    expect(mismatch.code).toBe(400);
    expect(mismatch.msg).toContain('两次输入的密码不一致');
  });

  it('kills a code after 5 wrong tries, and accepts a right code only once', async () => {
    const mobile = newMobile();
    await sendCode(app, mobile, 1);
    const right = await lastCode(app, mobile);
    const wrong = right === '000000' ? '111111' : '000000';
    const reg = (code: string) =>
      app.inject({ method: 'POST', url: '/api/register', payload: { mobile, password: 'abcdef1', confirmPassword: 'abcdef1', code, name: '李四' } }).then(body);
    for (let i = 1; i <= 4; i++) expect((await reg(wrong)).msg).toBe(`验证码错误，还可尝试 ${5 - i} 次`);
    expect((await reg(wrong)).msg).toBe('验证码错误次数过多，请重新获取');
    expect((await reg(right)).msg).toBe('验证码已失效，请重新获取');
  });

  it('logs in by code once per code', async () => {
    const u = await buildUser(app);
    expect((await sendCode(app, u.mobile, 2)).code).toBe(200);
    const code = await lastCode(app, u.mobile);
    const login = () => app.inject({ method: 'POST', url: '/api/login', payload: { loginType: 2, mobile: u.mobile, mobileCode: code, codeType: 1 } }).then(body);
    const first = await login();
    expect(first.code).toBe(202);
    expect((first.data as { userId: number }).userId).toBe(u.userId);
    expect((await login()).msg).toBe('验证码已失效，请重新获取');
  });

  it('links a new user to the inviting role-2 user and refuses an unknown invitation code', async () => {
    const inviter = await buildUser(app, { role: 2 });
    const me = body<UserInfo>(await app.inject({ url: '/api/getAdminDetails', headers: inviter.headers }));
    expect(me.data.invitationCode).toBe(inviter.invitationCode);
    const mobile = newMobile();
    await sendCode(app, mobile, 1);
    const code = await lastCode(app, mobile);
    const base = { mobile, password: 'abcdef1', confirmPassword: 'abcdef1', code, name: '被邀请人' };
    const bad = body(await app.inject({ method: 'POST', url: '/api/register', payload: { ...base, registrationCode: 'NOPE' } }));
    expect(bad.msg).toBe('邀请码无效，请核对后重新输入');
    const okReg = body(await app.inject({ method: 'POST', url: '/api/register', payload: { ...base, registrationCode: ` ${inviter.invitationCode.toLowerCase()} ` } }));
    expect(okReg.code).toBe(200);
    const row = await app.deps.db.selectFrom('users').select('inviter_id').where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(row.inviter_id).toBe(inviter.userId);
  });

  it('throttles password guessing per account', async () => {
    const u = await signUp(app);
    const attempt = (password: string) => app.inject({ method: 'POST', url: '/api/login', payload: { loginType: 1, mobile: u.mobile, password } }).then(body);
    for (let i = 1; i <= 4; i++) expect((await attempt('wrong-pass')).msg).toBe(`账号或密码错误，还可尝试 ${5 - i} 次`);
    expect((await attempt('wrong-pass')).code).toBe(400);
    const locked = await attempt(u.password);
    expect(locked.code).toBe(429);
    expect(locked.msg).toContain('15 分钟');
  });

  it('answers an unknown account like a wrong password', async () => {
    const r = body(await app.inject({ method: 'POST', url: '/api/login', payload: { loginType: 1, mobile: newMobile(), password: 'whatever1' } }));
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/账号或密码错误/);
  });
});

describe('sessions', async () => {
  const app = await buildTestApp(TEST_ENV);

  it('answers 302 without a token and for an unknown token', async () => {
    expect(body(await app.inject('/api/getAdminDetails')).code).toBe(302);
    expect(body(await app.inject({ url: '/api/getAdminDetails', headers: { token: 'nope', sessionid: 'nope' } })).code).toBe(302);
  });

  it("never shows another user's details", async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    const r = body<UserInfo | null>(await app.inject({ url: `/api/getAdminDetails?id=${b.userId}`, headers: a.headers }));
    expect(r.code).toBe(403);
    expect(r.data).toBeNull();
    expect(JSON.stringify(r)).not.toContain(b.mobile);
  });

  it('revokes the session on logout (305 afterwards)', async () => {
    const u = await signUp(app);
    expect(body(await app.inject({ method: 'POST', url: '/api/logout', headers: u.headers })).code).toBe(200);
    const after = body(await app.inject({ url: '/api/getAdminDetails', headers: u.headers }));
    expect(after.code).toBe(305);
  });

  it('changes the password and signs out the other sessions only', async () => {
    const u = await signUp(app);
    const second = body<{ token: string; sessionId: string }>(await app.inject({ method: 'POST', url: '/api/login', payload: { loginType: 1, mobile: u.mobile, password: u.password } }));
    const wrongOld = body(await app.inject({ method: 'POST', url: '/api/modifyPassword', headers: u.headers, payload: { oldPassword: 'nope-nope', newPassword: 'NewPass-1', confirmPassword: 'NewPass-1' } }));
    expect(wrongOld.msg).toBe('原密码错误，还可尝试 4 次');
    const changed = body(await app.inject({ method: 'POST', url: '/api/modifyPassword', headers: u.headers, payload: { oldPassword: u.password, newPassword: 'NewPass-1', confirmPassword: 'NewPass-1' } }));
    expect(changed.code).toBe(200);
    expect(body(await app.inject({ url: '/api/getAdminDetails', headers: u.headers })).code).toBe(200);
    expect(body(await app.inject({ url: '/api/getAdminDetails', headers: { token: second.data.token, sessionid: second.data.sessionId } })).code).toBe(305);
    const relog = body(await app.inject({ method: 'POST', url: '/api/login', payload: { loginType: 1, mobile: u.mobile, password: 'NewPass-1' } }));
    expect(relog.code).toBe(202);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} sessions per account: one more sign-in ends the oldest, which is told why`, async () => {
    const u = await signUp(app);
    const login = async () => {
      const r = body<{ token: string; sessionId: string }>(await app.inject({ method: 'POST', url: '/api/login', payload: { loginType: 1, mobile: u.mobile, password: u.password } }));
      expect(r.code).toBe(202);
      return { token: r.data.token, sessionid: r.data.sessionId };
    };
    const me = async (headers: Record<string, string>) => body(await app.inject({ url: '/api/getAdminDetails', headers }));
    const open = [u.headers];
    while (open.length < MAX_SESSIONS_PER_USER) open.push(await login());
    for (const h of open) expect((await me(h)).code).toBe(200);

    const newest = await login();
    const oldest = await me(open[0]!);
    expect(oldest).toMatchObject({ code: 305, msg: SESSION_LIMIT_MESSAGE });
    for (const h of [...open.slice(1), newest]) expect((await me(h)).code).toBe(200);
    const live = await app.deps.db.selectFrom('sessions').select('id').where('user_id', '=', u.userId).where('revoked_at', 'is', null).execute();
    expect(live).toHaveLength(MAX_SESSIONS_PER_USER);
  });

  it(`leaves exactly ${MAX_SESSIONS_PER_USER} sessions open after many sign-ins of one account at once`, async () => {
    const u = await buildUser(app);
    await Promise.all(Array.from({ length: 3 * MAX_SESSIONS_PER_USER }, () => app.deps.sessions.issue(u.userId)));
    const live = await app.deps.db.selectFrom('sessions').select('id').where('user_id', '=', u.userId).where('revoked_at', 'is', null).execute();
    expect(live).toHaveLength(MAX_SESSIONS_PER_USER);
  });

  it('edits the profile and changes the bound account with a code sent to the new one', async () => {
    const u = await signUp(app);
    const edited = body<UserInfo>(await app.inject({ method: 'POST', url: '/api/editAdmin', headers: u.headers, payload: { name: '王五' } }));
    expect(edited.data.name).toBe('王五');
    const email = `bind${Date.now()}@example.com`;
    expect((await sendCode(app, email, 3)).code).toBe(200);
    const bound = body<UserInfo>(await app.inject({ method: 'POST', url: '/api/getChangeBinding', headers: u.headers, payload: { account: email, code: await lastCode(app, email) } }));
    expect(bound.code).toBe(200);
    expect(bound.data.email).toBe(email);
    const viaEmail = body(await app.inject({ method: 'POST', url: '/api/login', payload: { loginType: 1, email, password: u.password } }));
    expect(viaEmail.code).toBe(202);
  });
});
