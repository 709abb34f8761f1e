import type { WordStatus } from '@mazhu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from './cluster';
import { buildTestApp, buildUser } from './helper';
import { buildProject } from './projects.factories';
import { redisReachable } from './redis';

/**
 * The scale-out deployment for real: 2 web processes (ROLE=web) and 2 workers (ROLE=worker) of the compiled server,
 * one PostgreSQL schema, one Redis (BullMQ + sessions), one S3-compatible store (s3rver), each process with its own
 * data directory. 50 users generate at once through the web processes; one worker is killed with SIGKILL in the middle
 * of a job and one web process is restarted while requests are in flight. Runs with `npm run test:pg` (needs
 * TEST_DATABASE_URL and Redis); skipped otherwise.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const hasRedis = await redisReachable();
const USERS = 50;

describe.skipIf(!pgUrl || !hasRedis)('2 web + 2 worker processes on PostgreSQL, Redis and S3', { timeout: 300_000 }, async () => {
  // Started in beforeAll: a skipped suite's body still runs at collection, and its afterAll never would.
  // The test's own app only prepares users and projects (ROLE=web and no Redis: it never runs a job).
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  beforeAll(async () => {
    app = await buildTestApp({ ROLE: 'web' });
    cluster = await startCluster({
      databaseUrl: pgUrl!,
      databaseSchema: app.deps.config.databaseSchema!,
      queuePrefix: app.deps.config.queuePrefix,
      env: { JOB_CONCURRENCY: '2', JOB_LEASE_SECONDS: '4' },
    });
    await Promise.all([cluster.start('web1', 'web'), cluster.start('web2', 'web'), cluster.start('worker1', 'worker'), cluster.start('worker2', 'worker')]);
  });
  afterAll(() => cluster?.stop());
  const base = (i: number) => cluster.base(i);

  async function call<T>(i: number, url: string, headers: Record<string, string>, payload?: unknown): Promise<{ code: number; msg: string; data: T }> {
    const res = await fetch(base(i) + url, {
      method: payload === undefined ? 'GET' : 'POST',
      headers: { ...headers, connection: 'close', ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { code: number; msg: string; data: T };
  }

  it('runs every job exactly once, charges every user once, survives a killed worker and a restarted web process', async () => {
    const { db } = app.deps;
    const { procs } = cluster;
    const users = [];
    for (let i = 0; i < USERS; i++) {
      const u = await buildUser(app, { freeTimes: 1 });
      const p = await buildProject(app, u.headers, { name: `横向扩展测试${i}号管理系统` });
      users.push({ ...u, projectId: p.id });
    }

    // 50 generations at once, alternating between the two web processes.
    const answers = await Promise.all(users.map((u, i) => call<WordStatus>(i, '/api/generateProjectWord', u.headers, { id: u.projectId })));
    expect(answers.map((a) => a.code)).toEqual(users.map(() => 200));

    // Kill worker 1 with SIGKILL while it holds a job.
    const worker1 = procs.get('worker1')!;
    let victim: number | undefined;
    for (let t = 0; t < 400 && victim === undefined; t++) {
      const held = await db.selectFrom('generation_jobs').select(['id', 'locked_by']).where('state', '=', 'running').execute();
      victim = held.find((j) => j.locked_by?.split(':')[1] === String(worker1.pid))?.id;
      if (victim === undefined) await new Promise((r) => setTimeout(r, 25));
    }
    expect(victim, 'worker 1 never held a job').toBeDefined();
    worker1.kill('SIGKILL');
    // With JOB_CONCURRENCY=2 it may have held two: every job it held is taken over.
    const held = await db.selectFrom('generation_jobs').select(['id', 'locked_by']).where('state', '=', 'running').execute();
    const lost = new Set(held.filter((j) => j.locked_by?.split(':')[1] === String(worker1.pid)).map((j) => j.id));
    lost.add(victim!);

    // Restart web 1 while requests are in flight: it drains first (readiness 503, SHUTDOWN_DRAIN_MS), so each request
    // either completes or finds the port closed (ECONNREFUSED, never accepted); none is answered with an error, cut
    // off after it was accepted, or reset in the accept queue.
    const web1 = procs.get('web1')!;
    const inFlight = users.slice(0, 20).map((u) =>
      fetch(`${base(0)}/api/getProjectWordStatus?id=${u.projectId}`, { headers: { ...u.headers, connection: 'close' } }).then(
        async (r) => ({ status: r.status, code: ((await r.json()) as { code: number }).code }),
        (e: unknown) => ({ error: String((e as { cause?: { code?: string } }).cause?.code ?? e) }),
      ),
    );
    await new Promise((r) => setTimeout(r, 5));
    web1.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    const probe = await fetch(`${base(0)}/api/health`, { headers: { connection: 'close' } });
    expect(probe.status).toBe(503);
    expect(((await probe.json()) as { data: { draining?: boolean } }).data.draining).toBe(true);
    const results = await Promise.all(inFlight);
    await new Promise<void>((resolve) => (web1.exitCode !== null ? resolve() : web1.once('exit', () => resolve())));
    expect(web1.exitCode).toBe(0);
    for (const r of results) {
      if ('error' in r) expect(r.error).toBe('ECONNREFUSED');
      else expect(r).toEqual({ status: 200, code: 200 });
    }
    expect(results.filter((r) => !('error' in r)).length).toBeGreaterThan(0);
    await cluster.start('web1', 'web');

    // Everything finishes on the surviving worker.
    const t0 = Date.now();
    for (;;) {
      const open = await db.selectFrom('generation_jobs').select('id').where('state', 'in', ['queued', 'running']).execute();
      if (open.length === 0) break;
      if (Date.now() - t0 > 240_000) throw new Error(`jobs still open: ${open.map((o) => o.id).join(',')}\n${cluster.log('worker2').slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const jobs = await db.selectFrom('generation_jobs').select(['id', 'user_id', 'state', 'attempts', 'refunded']).execute();
    expect(jobs).toHaveLength(USERS);
    expect(jobs.filter((j) => j.state !== 'succeeded')).toEqual([]);
    expect(new Set(jobs.map((j) => j.user_id)).size).toBe(USERS);
    // The jobs of the killed worker ran again on the other; every other job ran once.
    for (const id of lost) expect(jobs.find((j) => j.id === id)!.attempts).toBe(2);
    expect(jobs.filter((j) => !lost.has(j.id) && j.attempts !== 1)).toEqual([]);

    // One charge per user (the free time), nothing refunded, ledger = balance.
    const balances = await db.selectFrom('users').select(['id', 'free_times']).where('id', 'in', users.map((u) => u.userId)).execute();
    expect(balances.every((b) => b.free_times === 0)).toBe(true);
    const ledger = await db.selectFrom('points_ledger').select(['user_id', 'kind', 'delta']).where('user_id', 'in', users.map((u) => u.userId)).where('kind', '=', 'free_times').execute();
    expect(ledger.filter((l) => l.delta < 0)).toHaveLength(USERS);
    expect(jobs.every((j) => j.refunded === 0)).toBe(true);

    // Materials written by a worker are downloaded through either web process (the S3 store is shared).
    for (const i of [0, 1]) {
      const u = users[i]!;
      const res = await fetch(`${base(i)}/api/getProjectWordDownload?id=${u.projectId}`, { headers: u.headers });
      expect(res.status).toBe(200);
      const zip = Buffer.from(await res.arrayBuffer());
      expect(zip.subarray(0, 2).toString()).toBe('PK');
    }
  });
});
