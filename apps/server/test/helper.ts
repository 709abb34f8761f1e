import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';

/**
 * Builds the real app for API tests: a SQLite file in a fresh temp dir, or — when TEST_DATABASE_URL is set
 * (`npm run test:pg`) — a fresh PostgreSQL schema dropped afterwards. `env` overrides environment variables.
 */
export async function buildTestApp(env: Record<string, string> = {}, patch: Partial<AppConfig> = {}): Promise<App> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-test-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', WEB_DIST: path.join(dataDir, 'no-web'), ...env }),
    ...patch,
  };
  const pgUrl = process.env.TEST_DATABASE_URL;
  let schema: string | undefined;
  if (pgUrl && !patch.databaseSchema) {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
    config.databaseUrl = pgUrl;
    config.databaseSchema = schema;
  }
  // Apps sharing one database share one job queue in Redis; apps of different databases never see each other's jobs.
  if (!patch.queuePrefix && !env.JOB_QUEUE_PREFIX) config.queuePrefix = `t-${crypto.createHash('sha256').update(config.databaseSchema ?? config.dataDir).digest('hex').slice(0, 16)}`;
  const app = await buildApp(config);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl && schema) {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    }
  });
  return app;
}

/** Parses an envelope answer and checks the HTTP status is 200 (every /api answer is). */
export function body<T = unknown>(res: { statusCode: number; body: string }): { code: number; msg: string; data: T } {
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body) as { code: number; msg: string; data: T };
}

const aesEcb = (plain: string, key: string) => {
  const c = crypto.createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64');
};

const UA = 'vitest-agent';

/**
 * Solves a blockPuzzle captcha the way a client does (AES pointJson, then captchaVerification), using the
 * test-mode answer (the app must run with CAPTCHA_TEST_MODE=1). Returns the captchaVerification string.
 */
export async function solveCaptcha(app: App, opts: { purpose?: string; dx?: number; headers?: Record<string, string> } = {}): Promise<string> {
  const headers = { 'user-agent': UA, ...opts.headers };
  const got = JSON.parse((await app.inject({ method: 'POST', url: '/api/captcha/get', headers, payload: { captchaType: 'blockPuzzle', purpose: opts.purpose } })).body);
  const { token, secretKey, testAnswer } = got.repData as { token: string; secretKey: string; testAnswer: { x: number; y: number } };
  const point = JSON.stringify({ x: testAnswer.x + (opts.dx ?? 0) + 0.25, y: 5 });
  const checked = JSON.parse(
    (await app.inject({ method: 'POST', url: '/api/captcha/check', headers, payload: { captchaType: 'blockPuzzle', token, pointJson: aesEcb(point, secretKey) } })).body,
  );
  if (checked.repCode !== '0000') throw new Error(`captcha check failed: ${checked.repCode} ${checked.repMsg}`);
  return aesEcb(`${token}---${point}`, secretKey);
}

/** Sends a verification code (multipart, as the web app does) and returns the envelope. */
export async function sendCode(app: App, account: string, type: 1 | 2 | 3, captchaVerification?: string, headers: Record<string, string> = {}) {
  const cv = captchaVerification ?? (await solveCaptcha(app, { purpose: 'sendCode', headers }));
  const form = new FormData();
  form.set('account', account);
  form.set('captchaVerification', cv);
  form.set('type', String(type));
  form.set('areaCode', '+86');
  const req = new Request('http://x/', { method: 'POST', body: form });
  const payload = Buffer.from(await req.arrayBuffer());
  const res = await app.inject({
    method: 'POST',
    url: '/api/sendCodeByVerification',
    headers: { 'content-type': req.headers.get('content-type') ?? '', 'user-agent': UA, ...headers },
    payload,
  });
  return body<{ type: string; time: number }>(res);
}

/** The last code sent to `account`, read from the dev outbox (OUTBOX=1). */
export async function lastCode(app: App, account: string): Promise<string> {
  const r = body<{ text: string }[]>(await app.inject(`/api/dev/outbox?account=${encodeURIComponent(account)}`));
  const m = r.data[0]?.text.match(/\d{6}/);
  if (!m) throw new Error(`no code in outbox for ${account}`);
  return m[0];
}

let seq = 0;
/** A fresh mainland mobile number, unique per test run. */
export const newMobile = (): string => `13${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq % 1000).padStart(3, '0')}`;

/** Registers through the real API (captcha, code, register) and logs in by password. Returns the session headers. */
export async function signUp(app: App, opts: { mobile?: string; password?: string; name?: string } = {}) {
  const mobile = opts.mobile ?? newMobile();
  const password = opts.password ?? 'Secret-123';
  const sent = await sendCode(app, mobile, 1);
  if (sent.code !== 200) throw new Error(`sendCode: ${sent.msg}`);
  const reg = body(await app.inject({ method: 'POST', url: '/api/register', headers: { 'user-agent': UA }, payload: { mobile, password, confirmPassword: password, code: await lastCode(app, mobile), codeType: 1, name: opts.name ?? '测试用户' } }));
  if (reg.code !== 200) throw new Error(`register: ${reg.msg}`);
  const login = body<{ token: string; sessionId: string; userId: number }>(
    await app.inject({ method: 'POST', url: '/api/login', headers: { 'user-agent': UA }, payload: { loginType: 1, mobile, password } }),
  );
  if (login.code !== 202) throw new Error(`login: ${login.msg}`);
  return { mobile, password, userId: login.data.userId, headers: { token: login.data.token, sessionid: login.data.sessionId } };
}

/** Factory: a user row written straight to the database (no captcha, no code), with a password. */
export async function buildUser(app: App, opts: { mobile?: string; email?: string; password?: string; name?: string; role?: number; freeTimes?: number } = {}) {
  const { hashPassword } = await import('../src/modules/auth/passwords');
  const now = new Date().toISOString();
  const mobile = opts.email ? null : (opts.mobile ?? newMobile());
  const password = opts.password ?? 'Secret-123';
  const row = await app.deps.db
    .insertInto('users')
    .values({
      mobile,
      email: opts.email ?? null,
      name: opts.name ?? '测试用户',
      password_hash: await hashPassword(password),
      role: opts.role ?? 1,
      invitation_code: opts.role === 2 ? `INV${crypto.randomBytes(3).toString('hex').toUpperCase()}` : null,
      inviter_id: null,
      free_times: opts.freeTimes ?? 0,
      disabled: 0,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'invitation_code'])
    .executeTakeFirstOrThrow();
  const s = await app.deps.sessions.issue(row.id);
  return { userId: row.id, mobile: mobile ?? '', email: opts.email ?? '', password, invitationCode: row.invitation_code ?? '', headers: { token: s.token, sessionid: s.sessionId } };
}
