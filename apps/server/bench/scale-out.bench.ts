/**
 * Benchmark: generations per minute with 1, 2 and 4 worker processes (ROLE=worker, JOB_CONCURRENCY=1 each) behind
 * one web process, on PostgreSQL + Redis (BullMQ) + an S3-compatible store — the scale-out deployment of
 * docs/deployment.md, every process the compiled server. Also the requests/s one web process serves for the signed-in
 * project list at 32 connections (autocannon in its own process).
 *
 *   npm run bench:scale      (needs TEST_DATABASE_URL, default the local `test` database, and Redis on 127.0.0.1:6379)
 *
 * Each run: BENCH_GENERATIONS (default 24) users each generate one project at the same moment; the time is from the
 * first request to the last job finished. These machines have 2 cores, so more than 2 workers cannot add throughput;
 * the figures show where it stops. Prints figures, never pass/fail.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { hashPassword } from '../src/modules/auth/passwords';
import { startCluster } from '../test/cluster';
import { SAMPLE_PROJECT } from '../test/projects.factories';
import { redisReachable } from '../test/redis';

const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const GENERATIONS = Number(process.env.BENCH_GENERATIONS ?? 24);
const autocannonBin = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');

async function sql(q: string) {
  const c = new pg.Client({ connectionString: PG });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

/** A fresh schema with G users, each with one free time and one project; the app only migrates and prepares. */
async function prepare(schema: string): Promise<{ app: App; users: { headers: Record<string, string>; projectId: number }[] }> {
  await sql(`CREATE SCHEMA ${schema}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-bench-'));
  const app = await buildApp({ ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'web' }), databaseUrl: PG, databaseSchema: schema });
  await app.ready();
  const hash = await hashPassword('Bench-123');
  const users = [];
  for (let i = 0; i < GENERATIONS; i++) {
    const now = new Date().toISOString();
    const u = await app.deps.db
      .insertInto('users')
      .values({ mobile: `139${String(10_000_000 + i)}`, email: null, name: '扩展基准', password_hash: hash, role: 1, invitation_code: null, inviter_id: null, free_times: 1, disabled: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const s = await app.deps.sessions.issue(u.id);
    const headers = { token: s.token, sessionid: s.sessionId };
    const r = await app.inject({ method: 'POST', url: '/api/addProject', headers, payload: { ...SAMPLE_PROJECT, name: `扩展基准第${i + 1}号管理系统` } });
    const b = JSON.parse(r.body) as { code: number; data: { id: number } };
    if (b.code !== 200) throw new Error(`addProject: ${r.body}`);
    users.push({ headers, projectId: b.data.id });
  }
  return { app, users };
}

async function run(workers: number): Promise<{ perMinute: number; seconds: number; rps?: number; p99?: number }> {
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  const { app, users } = await prepare(schema);
  const cluster = await startCluster({ databaseUrl: PG, databaseSchema: schema, queuePrefix: schema, env: { JOB_CONCURRENCY: '1' } });
  try {
    await Promise.all([cluster.start('web', 'web'), ...Array.from({ length: workers }, (_, i) => cluster.start(`worker${i + 1}`, 'worker'))]);
    await new Promise((r) => setTimeout(r, 3000)); // engine warm-up in each worker
    const t0 = performance.now();
    await Promise.all(
      users.map(async (u) => {
        const res = await fetch(`${cluster.base(0)}/api/generateProjectWord`, { method: 'POST', headers: { ...u.headers, 'content-type': 'application/json' }, body: JSON.stringify({ id: u.projectId }) });
        const b = (await res.json()) as { code: number; msg: string };
        if (b.code !== 200) throw new Error(`generateProjectWord: ${b.msg}`);
      }),
    );
    for (;;) {
      const open = await app.deps.db.selectFrom('generation_jobs').select(['state']).where('state', 'in', ['queued', 'running']).execute();
      if (open.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - t0) / 1000;
    const failed = await app.deps.db.selectFrom('generation_jobs').select('id').where('state', '=', 'failed').execute();
    if (failed.length) throw new Error(`${failed.length} generations failed`);
    let rps: number | undefined;
    let p99: number | undefined;
    if (workers === 1) {
      const u = users[0]!;
      const args = [autocannonBin, '-c', '32', '-d', '8', '-j', '-m', 'POST', '-H', `token=${u.headers.token}`, '-H', `sessionid=${u.headers.sessionid}`, '-H', 'content-type=application/json', '-b', '{"page":1,"pageSize":10}', `${cluster.base(0)}/api/getProjectList`];
      const out = await promisify(execFile)(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      const j = JSON.parse(out.stdout) as { requests: { average: number }; latency: { p99: number } };
      rps = j.requests.average;
      p99 = j.latency.p99;
    }
    return { perMinute: (GENERATIONS / seconds) * 60, seconds, rps, p99 };
  } finally {
    await cluster.stop();
    await app.close();
    await sql(`DROP SCHEMA ${schema} CASCADE`);
  }
}

if (!(await redisReachable())) {
  console.log('scale-out bench: Redis is not reachable on 127.0.0.1:6379; skipped');
  process.exit(0);
}
console.log(`scale-out bench: ${GENERATIONS} concurrent generations through 1 web process, ${os.availableParallelism()} CPU cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
const results: Record<number, number> = {};
for (const workers of [1, 2, 4]) {
  const r = await run(workers);
  results[workers] = r.perMinute;
  const scale = workers > 1 ? `  (×${(r.perMinute / results[1]!).toFixed(2)} of 1 worker)` : '';
  console.log(`  ${workers} worker process${workers > 1 ? 'es' : ''}: ${r.perMinute.toFixed(1)} generations/min (${r.seconds.toFixed(1)} s for ${GENERATIONS})${scale}`);
  if (r.rps !== undefined) console.log(`  1 web process, signed-in project list at 32 connections: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms`);
}
console.log('  goal: throughput grows with workers up to the number of cores (2 here); beyond that it stays flat');
