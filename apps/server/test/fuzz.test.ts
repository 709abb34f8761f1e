import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deep, fuzzBody as rawBody, fuzzQuery as query } from './fuzz-inputs';
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
