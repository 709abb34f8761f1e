/**
 * Benchmark: API throughput and latency at 64 connections, with autocannon (a kept load generator) running as a
 * separate process on the same machine, against the real server (this process) on SQLite and — when
 * TEST_DATABASE_URL is set — on PostgreSQL (a fresh schema, dropped afterwards).
 *
 *   node --import tsx apps/server/bench/api.bench.ts        (or: npm run bench:api)
 *
 * Routes: the signed-in project list (POST /api/getProjectList, 20 projects, first page) and the public notice
 * list (GET /api/getNotification). Each is loaded for BENCH_API_SECONDS (default 10) after a 2 s warm-up.
 * Goals: project list ≥ 3,000 req/s with p99 ≤ 50 ms on SQLite, ≥ 2,000 req/s on PostgreSQL; notice list ≥ 6,000 req/s.
 * Prints req/s, p50, p99 and errors beside each goal (figures, never a pass/fail).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { hashPassword } from '../src/modules/auth/passwords';
import { SAMPLE_PROJECT } from '../test/projects.factories';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = 64;
const autocannonBin = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon in its own process (so it does not share this server's event loop) and reads its JSON. */
async function load(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string; seconds: number }): Promise<Load> {
  const args = [autocannonBin, '-c', String(CONNECTIONS), '-d', String(opts.seconds), '-j', '-m', opts.method ?? 'GET'];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (opts.body) args.push('-b', opts.body);
  args.push(url);
  const r = await promisify(execFile)(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const j = JSON.parse(r.stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number };
  return { rps: j.requests.average, p50: j.latency.p50, p99: j.latency.p99, errors: j.errors, non2xx: j.non2xx };
}

async function prepare(app: App): Promise<Record<string, string>> {
  const now = new Date().toISOString();
  const user = await app.deps.db
    .insertInto('users')
    .values({ mobile: '13800000001', email: null, name: '接口基准', password_hash: await hashPassword('Bench-123'), role: 1, invitation_code: null, inviter_id: null, free_times: 0, disabled: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const s = await app.deps.sessions.issue(user.id);
  const headers = { token: s.token, sessionid: s.sessionId };
  for (let i = 0; i < 20; i++) {
    const r = await app.inject({ method: 'POST', url: '/api/addProject', headers, payload: { ...SAMPLE_PROJECT, name: `接口基准第${i + 1}号管理系统` } });
    if (JSON.parse(r.body).code !== 200) throw new Error(`addProject: ${r.body}`);
  }
  return headers;
}

async function run(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-api-bench-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  if (dialect === 'postgres') {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
  }
  const config = { ...loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'none'), ROLE: 'web' }) };
  if (dialect === 'postgres') Object.assign(config, { databaseUrl: pgUrl, databaseSchema: schema });
  const app = await buildApp(config);
  try {
    const headers = await prepare(app);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const list = { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"page":1,"pageSize":10}' };
    await load(`${base}/api/getProjectList`, { ...list, seconds: 2 });
    const projects = await load(`${base}/api/getProjectList`, { ...list, seconds: SECONDS });
    await load(`${base}/api/getNotification`, { seconds: 2 });
    const notices = await load(`${base}/api/getNotification`, { seconds: SECONDS });
    const goalList = dialect === 'sqlite' ? '≥ 3,000 req/s, p99 ≤ 50 ms' : '≥ 2,000 req/s';
    const fmt = (l: Load) => `${Math.round(l.rps).toLocaleString('en-US')} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms, errors ${l.errors}, non-2xx ${l.non2xx}`;
    console.log(`[${dialect}] 已登录的项目列表 POST /api/getProjectList：${fmt(projects)}（目标 ${goalList}）`);
    console.log(`[${dialect}] 公开的政策列表 GET /api/getNotification：${fmt(notices)}（目标 ≥ 6,000 req/s）`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    }
  }
}

console.log(`接口压测：${CONNECTIONS} 个并发连接，每项 ${SECONDS} s，压测工具 autocannon（独立进程，同一台机器，${os.cpus().length} 核）`);
await run('sqlite');
if (process.env.TEST_DATABASE_URL) await run('postgres');
else console.log('[postgres] 未设置 TEST_DATABASE_URL，跳过');
