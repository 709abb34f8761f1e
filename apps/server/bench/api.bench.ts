/**
 * Benchmark: API throughput and latency at 64 connections against the production build of the server in its own
 * process, as `npm start` runs it (apps/server/dist/main.js, NODE_ENV=production, ROLE=all: one process serving
 * everything, sessions and notices cached in its memory; LOG_LEVEL warn, which writes per request what info does:
 * nothing), with autocannon (the load generator) in a third process on the same machine. On SQLite, and — when
 * TEST_DATABASE_URL is set — on PostgreSQL (a fresh schema, dropped afterwards).
 *
 *   npm run bench:api        (builds the server, then: node --import tsx apps/server/bench/api.bench.ts)
 *
 * Routes: the signed-in project list (POST /api/getProjectList, 20 projects, first page of 10) and the public notice
 * list (GET /api/getNotification). Before loading, the bench waits until the server is idle (the materials engine
 * warms up in the background after start); each route is then loaded for BENCH_API_SECONDS (default 10) after a
 * 2 s warm-up. Requests carry no accept-encoding (answers go out uncompressed).
 * Goals: project list ≥ 3,000 req/s with p99 ≤ 50 ms on SQLite, ≥ 2,000 req/s on PostgreSQL; notice list ≥ 6,000 req/s.
 * Prints req/s, p50, p99, errors and the server's CPU time per request beside each goal (figures, never a
 * pass/fail) — on PostgreSQL also the CPU time its backends serving the server spent per request, when they run on
 * this machine — and the load average of the machine before and after each database's run.
 * BENCH_API_SERVER=<path of another build's main.js> loads that build instead, to compare two builds back to back.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { SAMPLE_PROJECT } from '../test/projects.factories';
import { cpuMsOf, createUsers, startServer, stopServer, waitIdle } from './server-process';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const SERVER = process.env.BENCH_API_SERVER ? path.resolve(process.env.BENCH_API_SERVER) : undefined;
const CONNECTIONS = 64;
const autocannonBin = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

/** Runs autocannon in its own process (so it shares neither this process nor the server's event loop) and reads its JSON. */
async function load(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string; seconds: number }): Promise<Load> {
  const args = [autocannonBin, '-c', String(CONNECTIONS), '-d', String(opts.seconds), '-j', '-m', opts.method ?? 'GET'];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (opts.body) args.push('-b', opts.body);
  args.push(url);
  const r = await promisify(execFile)(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const j = JSON.parse(r.stdout) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number };
  return { rps: j.requests.average, p50: j.latency.p50, p99: j.latency.p99, errors: j.errors, non2xx: j.non2xx, requests: j.requests.total };
}

/**
 * Process ids of the PostgreSQL backends whose connections carry `appName` (the server's PGAPPNAME), or none when
 * they are not processes of this machine (a remote database).
 */
async function backendPids(pgUrl: string, appName: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [appName]);
    return rows.map((r) => r.pid).filter((pid) => fs.existsSync(`/proc/${pid}/stat`));
  } finally {
    await c.end();
  }
}

/** CPU time (ms) each of the processes `pids` has used so far; undefined for one that has ended. */
const cpuMsOfEach = (pids: number[]) => pids.map((pid) => (fs.existsSync(`/proc/${pid}/stat`) ? cpuMsOf(pid) : undefined));

/** CPU time (ms) the processes used between two `cpuMsOfEach` readings, counting those alive at both. */
const cpuMsBetween = (before: (number | undefined)[], after: (number | undefined)[]) =>
  before.reduce<number>((sum, b, i) => (b === undefined || after[i] === undefined ? sum : sum + after[i]! - b), 0);

type Measured = Load & { cpuUsPerRequest: number; dbCpuUsPerRequest?: number };

/**
 * Loads `url` (after a 2 s warm-up) and measures the server process's CPU time over the measured run, and — given the
 * database's backends (`backends`, read after the warm-up, when the pool has opened its connections) — theirs.
 */
async function measure(pid: number, url: string, opts: { method?: string; headers?: Record<string, string>; body?: string }, backends?: () => Promise<number[]>): Promise<Measured> {
  await load(url, { ...opts, seconds: 2 });
  const pids = (await backends?.()) ?? [];
  const cpu0 = cpuMsOf(pid);
  const db0 = cpuMsOfEach(pids);
  const l = await load(url, { ...opts, seconds: SECONDS });
  const perRequest = (ms: number) => (ms * 1000) / Math.max(1, l.requests);
  return { ...l, cpuUsPerRequest: perRequest(cpuMsOf(pid) - cpu0), ...(pids.length ? { dbCpuUsPerRequest: perRequest(cpuMsBetween(db0, cpuMsOfEach(pids))) } : {}) };
}

const loadAverage = () => os.loadavg().map((v) => v.toFixed(2)).join(' ');

async function run(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-api-bench-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  const database = dialect === 'postgres' ? { databaseUrl: pgUrl!, databaseSchema: schema } : undefined;
  if (database) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
  }
  const env = {
    NODE_ENV: 'production',
    ROLE: 'all',
    LOG_LEVEL: 'warn', // info writes only the start-up lines: no line per request below debug
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    // The server's connections are named after the schema, so the bench finds the backends serving them.
    ...(database ? { DATABASE_URL: database.databaseUrl, DATABASE_SCHEMA: database.databaseSchema, PGAPPNAME: schema } : {}),
  };
  const { child, url } = await startServer(dataDir, env, SERVER);
  try {
    const [headers] = await createUsers(dataDir, 1, '接口基准', database);
    for (let i = 0; i < 20; i++) {
      const r = await fetch(`${url}/api/addProject`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ ...SAMPLE_PROJECT, name: `接口基准第${i + 1}号管理系统` }) });
      const answer = (await r.json()) as { code: number };
      if (answer.code !== 200) throw new Error(`addProject: ${JSON.stringify(answer)}`);
    }
    await waitIdle(child.pid!);
    console.log(`[${dialect}] 负载均值（1/5/15 分钟）开始前 ${loadAverage()}`);
    const list = { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"page":1,"pageSize":10}' };
    const backends = database ? () => backendPids(database.databaseUrl, schema) : undefined;
    const projects = await measure(child.pid!, `${url}/api/getProjectList`, list, backends);
    const notices = await measure(child.pid!, `${url}/api/getNotification`, {}, backends);
    const goalList = dialect === 'sqlite' ? '≥ 3,000 req/s, p99 ≤ 50 ms' : '≥ 2,000 req/s';
    const fmt = (l: Measured) =>
      `${Math.round(l.rps).toLocaleString('en-US')} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms, errors ${l.errors}, non-2xx ${l.non2xx}, 服务器 CPU ${Math.round(l.cpuUsPerRequest)} µs/请求` +
      (l.dbCpuUsPerRequest === undefined ? '' : `, PostgreSQL CPU ${Math.round(l.dbCpuUsPerRequest)} µs/请求`);
    console.log(`[${dialect}] 已登录的项目列表 POST /api/getProjectList：${fmt(projects)}（目标 ${goalList}）`);
    console.log(`[${dialect}] 公开的政策列表 GET /api/getNotification：${fmt(notices)}（目标 ≥ 6,000 req/s）`);
    console.log(`[${dialect}] 负载均值结束时 ${loadAverage()}`);
  } finally {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (database) {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    }
  }
}

console.log(
  `接口压测：编译后的服务器（${SERVER ?? 'apps/server/dist/main.js'}，独立进程，NODE_ENV=production，ROLE=all），${CONNECTIONS} 个并发连接，每项 ${SECONDS} s，` +
    `压测工具 autocannon（独立进程，同一台机器，${os.cpus().length} 核）`,
);
await run('sqlite');
if (process.env.TEST_DATABASE_URL) await run('postgres');
else console.log('[postgres] 未设置 TEST_DATABASE_URL，跳过');
