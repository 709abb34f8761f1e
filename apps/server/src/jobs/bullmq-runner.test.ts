import crypto from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { redisReachable, TEST_REDIS_URL } from '../../test/redis';
import { buildTestApp, buildUser } from '../../test/helper';
import { BULL_QUEUE, createBullRunner } from './bullmq-runner';
import { defineJob, type JobDefinition } from './job';
import { createJobQueue } from './queue';

const REDIS_URL = TEST_REDIS_URL;

const hasRedis = await redisReachable();

/** Jobs through BullMQ on a real Redis: the job row is the outbox, each job runs once, retries and timeouts hold. */
describe.skipIf(!hasRedis)('BullMQ runner', async () => {
  const app = await buildTestApp();
  await app.ready();
  await app.deps.jobs.runner.stop(); // the app's own database runner must not take the rows of this test
  const db = app.deps.db;
  const prefixes: string[] = [];
  const fast = { maxAttempts: 3, backoffMs: () => 50 };
  const runners: { stop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const r of runners) await r.stop();
    for (const prefix of prefixes) {
      const q = new Queue(BULL_QUEUE, { connection: { url: REDIS_URL }, prefix });
      await q.obliterate({ force: true });
      await q.close();
    }
  });

  /** Each test has its own queue (key prefix), so its jobs never reach another test's workers. */
  function newPrefix() {
    const p = `t-bull-${crypto.randomBytes(4).toString('hex')}`;
    prefixes.push(p);
    return p;
  }

  function runnerWith(prefix: string, defs: JobDefinition<never>[], opts: { redisUrl?: string; timeoutMs?: number; concurrency?: number } = {}) {
    const r = createBullRunner({ db, log: app.log, definitions: defs, redisUrl: opts.redisUrl ?? REDIS_URL, prefix, pollMs: 100, leaseMs: 2000, retry: fast, timeoutMs: opts.timeoutMs, concurrency: opts.concurrency });
    runners.push(r);
    return r;
  }

  async function until(kind: string, done: (states: string[]) => boolean, ms = 20_000) {
    const t0 = Date.now();
    for (;;) {
      const rows = await db.selectFrom('generation_jobs').select('state').where('kind', '=', kind).orderBy('id').execute();
      const states = rows.map((r) => r.state);
      if (done(states)) return states;
      if (Date.now() - t0 > ms) throw new Error(`jobs of ${kind} did not finish: ${states.join(',')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('keeps a job committed while Redis is down in the outbox, then runs it exactly once', async () => {
    const prefix = newPrefix();
    const u = await buildUser(app);
    const runs: number[] = [];
    const def = defineJob({ name: 'outbox-once', payload: z.object({ n: z.number() }), handle: async (p) => void runs.push(p.n) });
    const queue = createJobQueue();
    for (let n = 0; n < 5; n++) await queue.enqueue(db, def, { n }, { refId: n, userId: u.userId });

    // Redis unreachable (nothing listens on port 1): the sweep fails and every row stays undispatched.
    const down = runnerWith(prefix, [def as never], { redisUrl: 'redis://127.0.0.1:1' });
    await expect(down.dispatch()).rejects.toThrow();
    const waiting = await db.selectFrom('generation_jobs').select('dispatched_at').where('kind', '=', def.name).execute();
    expect(waiting.every((r) => r.dispatched_at === null)).toBe(true);
    await down.stop();

    const up = runnerWith(prefix, [def as never]);
    expect(await up.dispatch()).toBe(5);
    // A process that died after handing rows over but before marking them hands them over again: BullMQ keeps one.
    await db.updateTable('generation_jobs').set({ dispatched_at: null }).where('kind', '=', def.name).execute();
    expect(await up.dispatch()).toBe(5);
    const q = new Queue(BULL_QUEUE, { connection: { url: REDIS_URL }, prefix });
    expect((await q.getJobs(['waiting', 'prioritized', 'delayed', 'active', 'completed'])).filter((j) => j.name === def.name)).toHaveLength(5);
    await q.close();

    up.start();
    runnerWith(prefix, [def as never]).start(); // a second worker on the same queue
    await until(def.name, (s) => s.length === 5 && s.every((x) => x === 'succeeded'));
    expect(runs.sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('retries a failed attempt with back-off and records the attempts on the row', async () => {
    const u = await buildUser(app);
    let calls = 0;
    const def = defineJob({
      name: 'flaky',
      payload: z.object({}),
      async handle() {
        if (++calls === 1) throw new Error('temporary');
      },
    });
    const id = await createJobQueue().enqueue(db, def, {}, { refId: 1, userId: u.userId });
    const r = runnerWith(newPrefix(), [def as never]);
    r.start();
    await until(def.name, (s) => s[0] === 'succeeded');
    const row = await db.selectFrom('generation_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(calls).toBe(2);
    expect(row.attempts).toBe(2);
  });

  it('fails an attempt that runs past the timeout, retries it, and fails the job for good with a Chinese message', async () => {
    const u = await buildUser(app);
    let calls = 0;
    let refunded = 0;
    const def = defineJob({
      name: 'hangs',
      payload: z.object({}),
      handle: (_p, ctx) =>
        new Promise<void>((resolve) => {
          calls++;
          ctx.signal.addEventListener('abort', () => resolve());
        }).then(() => new Promise<void>(() => {})),
      async onFailed() {
        refunded++;
      },
    });
    const id = await createJobQueue().enqueue(db, def, {}, { refId: 1, userId: u.userId });
    runnerWith(newPrefix(), [def as never], { timeoutMs: 200 }).start();
    await until(def.name, (s) => s[0] === 'failed');
    const row = await db.selectFrom('generation_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(calls).toBe(3);
    expect(row.message).toMatch(/^生成超时/);
    expect(refunded).toBe(1);
  });
});
