import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { E2E_OPERATOR } from './global-setup';

/**
 * Talks to the real server the way the web app does, for setting up a signed-in user quickly.
 * Requires CAPTCHA_TEST_MODE=1 (testAnswer in /api/captcha/get) and OUTBOX=1 (/api/dev/outbox).
 */
interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

const UA = 'mazhu-e2e';

async function call<T>(base: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(new URL(path, base), { ...init, headers: { 'user-agent': UA, ...(init.headers ?? {}) } });
  if (res.status !== 200) throw new Error(`${path} answered HTTP ${res.status}`);
  return (await res.json()) as T;
}

const postJson = <T>(base: string, path: string, body: unknown) =>
  call<Envelope<T>>(base, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

function aes(plain: string, key: string): string {
  const cipher = crypto.createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/** Solves a slider captcha with the test answer and returns the captchaVerification string. */
export async function solveCaptcha(base: string, purpose = 'sendCode'): Promise<string> {
  const got = await call<{ repCode: string; repData: { token: string; secretKey?: string; testAnswer: { x: number; y: number } } }>(
    base,
    '/api/captcha/get',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ captchaType: 'blockPuzzle', purpose }) },
  );
  if (got.repCode !== '0000') throw new Error(`captcha/get ${got.repCode}`);
  const { token, secretKey, testAnswer } = got.repData;
  const plain = JSON.stringify({ x: testAnswer.x, y: 5 });
  const checked = await call<{ repCode: string }>(base, '/api/captcha/check', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ captchaType: 'blockPuzzle', token, pointJson: secretKey ? aes(plain, secretKey) : plain }),
  });
  if (checked.repCode !== '0000') throw new Error(`captcha/check ${checked.repCode}`);
  const verification = `${token}---${plain}`;
  return secretKey ? aes(verification, secretKey) : verification;
}

/** The newest 6-digit code sent to `account` (dev outbox). */
export async function latestCode(base: string, account: string): Promise<string> {
  const res = await call<Envelope<{ text: string }[]>>(base, `/api/dev/outbox?account=${encodeURIComponent(account)}`);
  const match = res.data[0]?.text.match(/\d{6}/);
  if (!match) throw new Error(`没有发给 ${account} 的验证码`);
  return match[0];
}

/** A mainland mobile number not used before in this run. */
export function uniqueMobile(): string {
  return `139${String(Date.now() % 1e8).padStart(8, '0')}`;
}

export interface Session {
  token: string;
  sessionId: string;
  userId: number;
  account: string;
  password: string;
  name: string;
}

/** Registers a user by mobile through the API and logs in by password. */
export async function registerAndLogin(base: string, name = '测试用户'): Promise<Session> {
  const account = uniqueMobile();
  const password = 'Passw0rd!';
  const form = new FormData();
  form.append('account', account);
  form.append('captchaVerification', await solveCaptcha(base));
  form.append('type', '1');
  form.append('areaCode', '+86');
  const sent = await call<Envelope<unknown>>(base, '/api/sendCodeByVerification', { method: 'POST', body: form });
  if (sent.code !== 200) throw new Error(`sendCode: ${sent.msg}`);
  const code = await latestCode(base, account);
  const reg = await postJson<null>(base, '/api/register', { mobile: account, password, confirmPassword: password, code, codeType: 1, name });
  if (reg.code !== 200) throw new Error(`register: ${reg.msg}`);
  const login = await postJson<{ token: string; sessionId: string; userId: number }>(base, '/api/login', { loginType: 1, mobile: account, password });
  if (login.code !== 202) throw new Error(`login: ${login.msg}`);
  return { ...login.data, account, password, name };
}

/** Puts a session into the page's local storage in the app's format ({ value, expire }). */
export async function signInPage(page: Page, s: Session): Promise<void> {
  await page.goto('/');
  const entries: [string, unknown][] = [
    ['token', s.token],
    ['sessionId', s.sessionId],
    ['user-info', { id: s.userId, name: s.name }],
  ];
  // No helper functions inside: the callback is serialised into the page as it is.
  await page.evaluate((list) => {
    for (const [key, value] of list) localStorage.setItem(key, JSON.stringify({ value, expire: null }));
  }, entries);
}

/** Signs the e2e server's bootstrap operator (管理员) in at /admin/login through the form. */
export async function operatorSignIn(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.waitForURL('**/admin/login');
  await page.getByLabel('运营账号').fill(E2E_OPERATOR.username);
  await page.getByLabel('密码').fill(E2E_OPERATOR.password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL('**/admin/dashboard');
}
