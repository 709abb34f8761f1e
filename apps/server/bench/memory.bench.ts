/**
 * Benchmark: does the server's memory come back after load? The production build in its own process (SQLite,
 * ROLE=web, TRUST_PROXY=1 so each simulated client has its own address), driven over HTTP from this process.
 *
 *   npm run bench:memory        (builds the server, then: node --import tsx apps/server/bench/memory.bench.ts)
 *
 * 1. Warm-up: BENCH_MEMORY_WARMUP_SECONDS (default 30) of the mixed load, then 5 s idle → RSS "after warm-up".
 * 2. Mixed load for BENCH_MEMORY_SECONDS (default 600), 16 clients at once, each request one of: the signed-in
 *    project list, details and a new project; captcha challenges and wrong answers from rotating addresses and
 *    User-Agents; wrong passwords and code requests from rotating addresses (attempt counters); small code uploads
 *    (200 KB) and now and then a 5 MB one; the health check.
 * 3. The fuzz run: every /api route (the app's own route list) with BENCH_MEMORY_FUZZ_RUNS (default 12) random
 *    requests each (the fuzz suite's inputs: test/fuzz-inputs.ts), signed out and signed in.
 * 4. Idle BENCH_MEMORY_IDLE_SECONDS (default 40: the archive-analysis threads exit after 30 s idle) → RSS "after".
 * Goal: after within 20 % of after warm-up. Prints RSS after warm-up, peak and after beside the goal (figures,
 * never pass/fail), and the request counts.
 * Server memory settings are the deployment's (deploy/: MALLOC_ARENA_MAX=2); pass others through the environment.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { fuzzBody, fuzzQuery } from '../test/fuzz-inputs';
import { createUsers, mb, memOf, startServer, stopServer } from './server-process';

const WARMUP_S = Number(process.env.BENCH_MEMORY_WARMUP_SECONDS ?? 30);
const LOAD_S = Number(process.env.BENCH_MEMORY_SECONDS ?? 600);
const FUZZ_RUNS = Number(process.env.BENCH_MEMORY_FUZZ_RUNS ?? 12);
const IDLE_S = Number(process.env.BENCH_MEMORY_IDLE_SECONDS ?? 40);
const CLIENTS = 16;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The /api routes as the app registers them (built once in this process, never listening). */
async function routeList(): Promise<{ method: string; url: string }[]> {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/config');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-routes-'));
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dir, 'none'), ROLE: 'web' }));
  const routes = app.routeList.filter((r) => r.url.startsWith('/api/')).map((r) => ({ method: r.method, url: r.url.replace(/:(\w+)/g, '1') }));
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return routes;
}

function codeZip(padBytes: number): Buffer {
  const src = Array.from({ length: 40 }, (_, i) => [`app/src/m${i}.ts`, new TextEncoder().encode(`export function f${i}(a: number): number {\n  return a + ${i};\n}\n`.repeat(20))] as const);
  return Buffer.from(zipSync({ ...Object.fromEntries(src), 'app/assets/pad.bin': [randomBytes(padBytes), { level: 0 }] }));
}

const SAMPLE_PROJECT = { name: '内存基准管理系统', version: 'V1.0', category: '应用软件', description: '用于内存基准的项目。', modules: [] };

async function main(): Promise<void> {
  const routes = await routeList();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-memory-bench-'));
  const { child, url } = await startServer(dataDir, { TRUST_PROXY: '1', MAX_UPLOAD_MB: '50', UPLOAD_QUOTA_MB: '100000' });
  const pid = child.pid!;
  const counts: Record<string, number> = {};
  let n = 0;
  const small = codeZip(200 * 1024);
  const medium = codeZip(5 * 1024 * 1024);
  try {
    const users = await createUsers(dataDir, CLIENTS, '内存基准');
    const ip = () => `10.${n % 250}.${(n >> 8) % 250}.${(n * 7) % 250}`;
    const call = async (kind: string, p: string, init: RequestInit & { headers?: Record<string, string> } = {}) => {
      n++;
      counts[kind] = (counts[kind] ?? 0) + 1;
      const r = await fetch(`${url}${p}`, { ...init, headers: { 'x-forwarded-for': ip(), 'user-agent': `bench-${n % 5000}`, ...init.headers } });
      await r.arrayBuffer();
    };
    const json = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
    const upload = (zip: Buffer, headers: Record<string, string>) => {
      const form = new FormData();
      form.set('file', new Blob([zip]), 'code.zip');
      return { method: 'POST', body: form, headers };
    };
    const step = async (i: number) => {
      const h = users[i % users.length]!;
      const r = Math.random();
      if (r < 0.25) await call('project list', '/api/getProjectList', json({ page: 1, pageSize: 10 }, h));
      else if (r < 0.32) await call('new project', '/api/addProject', json({ ...SAMPLE_PROJECT, name: `内存基准第${n}号管理系统` }, h));
      else if (r < 0.4) await call('account details', '/api/getAdminDetails', { headers: h });
      else if (r < 0.55) await call('captcha get', '/api/captcha/get', json({ captchaType: Math.random() < 0.5 ? 'blockPuzzle' : 'clickWord' }));
      else if (r < 0.62) await call('captcha wrong answer', '/api/captcha/check', json({ captchaType: 'blockPuzzle', token: randomBytes(16).toString('hex'), pointJson: 'x' }));
      else if (r < 0.75) await call('wrong password', '/api/login', json({ loginType: 1, mobile: `139${String(n % 1e8).padStart(8, '0')}`, password: 'wrong-guess' }));
      else if (r < 0.82) await call('code request', '/api/sendCodeByVerification', json({ account: `137${String(n % 1e8).padStart(8, '0')}`, captchaVerification: 'forged', type: 1 }));
      else if (r < 0.86) await call('small upload', '/api/uploadCodeProject', upload(small, h));
      else if (r < 0.865) await call('5 MB upload', '/api/uploadCodeProject', upload(medium, h));
      else await call('health', '/api/health');
    };
    const mixed = async (seconds: number) => {
      const end = Date.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, i) => {
          while (Date.now() < end) await step(i).catch(() => undefined);
        }),
      );
    };

    console.log(`Warm-up: ${WARMUP_S} s of mixed load…`);
    await mixed(WARMUP_S);
    await sleep(5000);
    const warm = memOf(pid).rss;
    let peak = warm;
    const sampler = setInterval(() => (peak = Math.max(peak, memOf(pid).rss)), 200);

    console.log(`Mixed load: ${LOAD_S} s, ${CLIENTS} clients…`);
    await mixed(LOAD_S);
    const afterLoad = memOf(pid).rss;

    console.log(`Fuzz run: ${routes.length} routes × ${FUZZ_RUNS} requests, signed out and signed in…`);
    for (const signedIn of [false, true]) {
      for (const route of routes) {
        const isGet = route.method === 'GET' || route.method === 'DELETE';
        for (const [qs, raw] of fc.sample(fc.tuple(fuzzQuery, fuzzBody), FUZZ_RUNS)) {
          const headers: Record<string, string> = { ...(signedIn ? users[0]! : {}), ...(isGet || !raw.type ? {} : { 'content-type': raw.type }) };
          await call('fuzz', qs ? `${route.url}?${qs}` : route.url, { method: route.method, headers, ...(isGet ? {} : { body: raw.body }) }).catch(() => undefined);
        }
      }
    }
    clearInterval(sampler);
    const afterFuzz = memOf(pid).rss;
    console.log(`Idle ${IDLE_S} s…`);
    await sleep(IDLE_S * 1000);
    const after = memOf(pid).rss;
    peak = Math.max(peak, afterFuzz);

    console.log('');
    console.log(`requests: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    console.log(`server RSS: after warm-up ${mb(warm)}, peak ${mb(peak)}, at the end of the load ${mb(afterLoad)}, after the fuzz run ${mb(afterFuzz)}, after ${IDLE_S} s idle ${mb(after)}`);
    console.log(`after / after warm-up: ${((after / warm) * 100).toFixed(0)} %   goal: ≤ 120 %`);
  } finally {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
