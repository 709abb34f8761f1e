import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTestApp, buildUser } from './helper';

/**
 * Property-based fuzzing of every registered /api route (taken from the app's route list at run time, so routes
 * added later are covered), signed out, signed in and as an operator. Any input must answer HTTP 200 with a
 * business envelope whose code is not 500 (or an AJ-Captcha envelope whose repCode is not 9999), and a message in
 * Chinese without a stack trace, SQL text or an English internal message.
 *
 * Seeded (FUZZ_SEED, default below) and bounded: FUZZ_RUNS cases per route and identity (default 12).
 * A failure prints the seed and the shrunk request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const OPERATOR = { username: 'fuzzop', password: 'Fuzz-operator-123' };
const FUZZ_IP = '203.0.113.77';

const FIELD_NAMES = [
  'id', 'projectId', 'userId', 'uploadId', 'page', 'pageSize', 'type', 'mobile', 'email', 'account', 'password',
  'confirmPassword', 'oldPassword', 'newPassword', 'code', 'mobileCode', 'loginType', 'codeType', 'name', 'version',
  'username', 'role', 'captchaType', 'token', 'pointJson', 'captchaVerification', 'keyword', 'status', 'form',
  'modules', 'description', 'file', 'fileName', 'sort', 'text', 'json', 'lines', 'platformTypeId', 'category',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
];

const nasty = fc.constantFrom(
  '', ' ', '\u0000', 'a\u0000b', "' OR 1=1 --", "admin'--", '"; DROP TABLE users; --', '\\', '%00', '${7*7}', '{{7*7}}',
  '<script>alert(1)</script>', '../../etc/passwd', 'NaN', 'Infinity', '-1', '0', '2147483648', '9223372036854775808',
  '1e309', '13800138000', 'a@b.co', '\uD800', '\uFFFF', '𠀀'.repeat(50), 'x'.repeat(5000), '[]', '{}', 'null', 'true',
);
const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  nasty,
  fc.integer(),
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 31) - 1, 1e300, -0, 0.5, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('v'), { maxKeys: 4 })),
})).v;
const jsonObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 10 })), value, { maxKeys: 8 });

/** A plausible body of most routes (valid account, password, ids…) with one to three fields replaced by nasty values: reaches past validation. */
const PLAUSIBLE: Record<string, unknown> = {
  mobile: '13800138000', account: '13800138000', password: 'Secret-123', confirmPassword: 'Secret-123', oldPassword: 'Secret-123',
  newPassword: 'Secret-456', loginType: 1, mobileCode: '123456', code: '123456', codeType: 1, type: 1, name: '测试软件', version: 'V1.0',
  id: 1, projectId: 1, userId: 1, page: 1, pageSize: 10, username: 'someone', role: 2, captchaVerification: 'x', keyword: '测试',
  description: '这是一个用于测试的软件。', modules: [], category: '应用软件',
};
const plausible = fc
  .array(fc.tuple(fc.constantFrom(...Object.keys(PLAUSIBLE)), fc.oneof(nasty, scalar, value)), { minLength: 1, maxLength: 3 })
  .map((edits) => ({ type: 'application/json', body: JSON.stringify({ ...PLAUSIBLE, ...Object.fromEntries(edits) }) }));

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** A raw request body with its content type: JSON, broken JSON, multipart (well formed or not), form, text, nothing. */
const rawBody = fc.oneof(
  plausible,
  plausible.map(({ body }) => {
    const o = JSON.parse(body) as Record<string, unknown>;
    const parts = Object.entries(o).map(([k, v]) => `--FuzzB\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`);
    return { type: 'multipart/form-data; boundary=FuzzB', body: `${parts.join('')}--FuzzB--\r\n` };
  }),
  jsonObject.map((o) => ({ type: 'application/json', body: JSON.stringify(o) })),
  fc.constantFrom(
    { type: 'application/json', body: '{"__proto__":{"polluted":1}}' },
    { type: 'application/json', body: '{"constructor":{"prototype":{"polluted":1}}}' },
    { type: 'application/json', body: `{"a":${deep(5000)}}` },
    { type: 'application/json', body: '{' },
    { type: 'application/json', body: '' },
    { type: 'application/json', body: '"just a string"' },
    { type: 'application/json', body: '[1,2,3]' },
    { type: 'application/json', body: 'null' },
    { type: 'multipart/form-data', body: 'garbage' },
    { type: 'multipart/form-data; boundary=', body: '' },
    { type: 'multipart/form-data; boundary=XyZ', body: 'garbage without boundary' },
    { type: 'multipart/form-data; boundary=XyZ', body: '--XyZ\r\nContent-Disposition: form-data; name="id"\r\n\r\n1' },
    { type: 'multipart/form-data; boundary=XyZ', body: '--XyZ\r\nbroken header\r\n\r\nv\r\n--XyZ--\r\n' },
    { type: 'multipart/form-data; boundary=XyZ', body: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\nContent-Type: application/zip\r\n\r\nPK\u0003\u0004garbage\r\n--XyZ--\r\n' },
    { type: 'application/x-www-form-urlencoded', body: 'id=1&id=2&a[b]=c&%00=%00' },
    { type: 'text/plain', body: 'hello' },
    { type: 'application/xml', body: '<a/>' },
    { type: 'application/json; charset=latin1', body: '{}' },
    { type: '', body: '{}' },
  ),
  fc.record({ name: fc.constantFrom(...FIELD_NAMES), v: fc.oneof(fc.string({ maxLength: 30 }), nasty) }, { requiredKeys: ['name', 'v'] }).map(({ name, v }) => ({
    type: 'multipart/form-data; boundary=FuzzB',
    body: `--FuzzB\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n--FuzzB--\r\n`,
  })),
  fc.string({ unit: 'binary', maxLength: 200 }).map((s) => ({ type: 'application/octet-stream', body: s })),
);

/** encodeURIComponent, with a lone surrogate sent as the invalid UTF-8 bytes a broken client would send. */
const enc = (s: string): string => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};

/** A query string with the usual keys and nasty values (repeated keys, brackets, NUL, huge ids). */
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.constantFrom('id[]', 'a[b]', '%00')), fc.oneof(fc.string({ maxLength: 20 }), nasty, fc.integer().map(String))), { maxLength: 5 })
  .map((pairs) => pairs.map(([k, v]) => `${k.startsWith('%') ? k : enc(k)}=${enc(v)}`).join('&'));

const CJK = /[\u4e00-\u9fff]/;
const LEAKS = [
  /\n\s+at /, // stack trace
  /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|syntax error|relation "|violates|constraint|SQLITE_|duplicate key)\b/i,
  /\b(TypeError|ReferenceError|RangeError|SyntaxError|Cannot read|undefined|is not a function|Unexpected token|Expected|invalid input)\b/,
  /期望|实际接收|NaN/,
];

function checkAnswer(route: string, res: { statusCode: number; headers: Record<string, unknown>; body: string }): void {
  const where = `${route} → HTTP ${res.statusCode} ${res.body.slice(0, 300)}`;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('application/json')) {
    // Only downloads (materials, templates) answer a file: HTTP 200 with an attachment.
    expect(res.statusCode, where).toBe(200);
    expect(String(res.headers['content-disposition'] ?? ''), where).toMatch(/^attachment/);
    return;
  }
  expect(res.statusCode, where).toBe(200);
  const b = JSON.parse(res.body) as { code?: number; msg?: string; repCode?: string; repMsg?: string };
  if ('repCode' in b) {
    expect(b.repCode, where).not.toBe('9999');
    return;
  }
  expect(typeof b.code, where).toBe('number');
  expect(b.code, where).not.toBe(500);
  if (b.code === 200 || b.code === 202) return;
  const msg = String(b.msg ?? '');
  expect(msg, where).toMatch(CJK);
  for (const leak of LEAKS) expect(msg, where).not.toMatch(leak);
}

describe('fuzz: every /api route, every identity, any input', async () => {
  const app = await buildTestApp({ CAPTCHA_TEST_MODE: '1', OUTBOX: '1', OPERATOR_USERNAME: OPERATOR.username, OPERATOR_PASSWORD: OPERATOR.password });
  const user = await buildUser(app, { freeTimes: 1 });
  // Routes under test: every /api route, by method. The dev outbox is test-only but is fuzzed too.
  const routes = app.routeList.filter((r) => r.url.startsWith('/api/')).map((r) => ({ ...r, url: r.url.replace(/:(\w+)/g, '1') }));

  async function operatorHeaders(): Promise<Record<string, string>> {
    const res = JSON.parse((await app.inject({ method: 'POST', url: '/api/adminLogin', payload: OPERATOR })).body) as { code: number; data: { token: string; sessionId: string } };
    if (res.code !== 202) throw new Error(`adminLogin failed: ${JSON.stringify(res)}`);
    return { token: res.data.token, sessionid: res.data.sessionId };
  }
  const identities: Record<string, () => Promise<Record<string, string>>> = {
    signedOut: async () => ({}),
    // A fresh session per case: a case may sign out or change the password of the one before.
    user: async () => {
      const s = await app.deps.sessions.issue(user.userId);
      return { token: s.token, sessionid: s.sessionId };
    },
    operator: operatorHeaders,
  };

  it('found the routes', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.some((r) => r.url === '/api/uploadCodeProject')).toBe(true);
  });

  for (const [who, headersOf] of Object.entries(identities)) {
    it(`answers every route with a clean envelope (${who})`, async () => {
      let op: Record<string, string> | undefined;
      const failures: string[] = [];
      for (const route of routes) {
        const name = `${route.method} ${route.url} as ${who}`;
        const isGet = route.method === 'GET' || route.method === 'DELETE';
        const out = await fc.check(
          fc.asyncProperty(query, rawBody, async (qs, raw) => {
            const headers = who === 'operator' ? (op ??= await headersOf()) : await headersOf();
            const res = await app.inject({
              method: route.method as 'GET',
              url: qs ? `${route.url}?${qs}` : route.url,
              remoteAddress: FUZZ_IP,
              headers: { ...headers, 'user-agent': 'fuzz', ...(isGet || !raw.type ? {} : { 'content-type': raw.type }) },
              ...(isGet ? {} : { payload: raw.body }),
            });
            if (/logout/i.test(route.url)) op = undefined;
            checkAnswer(name, res);
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
        if (out.failed) failures.push(`${String((out.errorInstance as Error | undefined)?.message ?? out.failed).split('\n')[0]}\n    input: ${JSON.stringify(out.counterexample).slice(0, 300)}`);
      }
      expect(failures, `seed ${SEED}:\n${failures.join('\n')}`).toEqual([]);
    });
  }

  it('refuses an oversize body and deep nesting with a Chinese envelope on every POST route', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    for (const route of routes.filter((r) => r.method === 'POST')) {
      const a = await app.inject({ method: 'POST', url: route.url, remoteAddress: FUZZ_IP, headers: { ...user.headers, 'content-type': 'application/json' }, payload: big });
      checkAnswer(`${route.url} oversize`, a);
      const b = await app.inject({ method: 'POST', url: route.url, remoteAddress: FUZZ_IP, headers: { ...user.headers, 'content-type': 'application/json' }, payload: `{"a":${deep(20000)}}` });
      checkAnswer(`${route.url} deep`, b);
    }
  });
});
