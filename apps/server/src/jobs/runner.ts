import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { nowIso } from '../db';
import type { Database } from '../db/schema';
import { jobInfo, RETRY_POLICY, type JobDefinition, type JobInfo, type RetryPolicy } from './job';

export interface JobRunnerOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  definitions: JobDefinition<never>[];
  /** How often an idle runner looks for work (ms). `wake()` makes it look at once. */
  pollMs?: number;
  /** Jobs run at the same time by this process (each claims its own job; default 1). */
  concurrency?: number;
  /** How long a claimed job stays ours without a heartbeat (ms); renewed every third of it. */
  leaseMs?: number;
  retry?: RetryPolicy;
}

export interface JobRunner {
  readonly workerId: string;
  start(): void;
  /** Stops polling and waits for the job in hand to finish. */
  stop(): Promise<void>;
  wake(): void;
  /** Claims and runs at most one due job; true when one ran. (The loop calls it; tests may too.) */
  runOnce(): Promise<boolean>;
}

const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * The in-process runner of the persisted queue. It claims one due job at a time with a lease
 * (`state='running'`, `lease_until`, `locked_by`) by a guarded UPDATE, so any number of processes may poll the
 * same table; a job whose lease expired — its process crashed or was killed — is claimed again and retried.
 * On start it also releases jobs left 'running' by a dead process of this host at once (no need to wait for
 * the lease). Handlers run on this event loop: they yield between stages. With `concurrency` > 1 that many
 * slots run side by side (the materials engine then has as many worker threads: jobs/index.ts).
 */
export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db, log } = opts;
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 30_000;
  const retry = opts.retry ?? RETRY_POLICY;
  const defs = new Map(opts.definitions.map((d) => [d.name, d as JobDefinition<unknown>]));
  const host = os.hostname();
  const workerId = `${host}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;

  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 1));
  let running = false;
  let loopDone: Promise<unknown> | undefined;
  /** Idle slots waiting for work; `wake()` releases them all. */
  const sleepers = new Set<() => void>();
  let woken = false;
  const abort = new AbortController();

  const dueFilter = (now: string) => (eb: ExpressionBuilder<Database, 'generation_jobs'>) =>
    eb.or([
      eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', now)]),
      eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)]),
    ]);

  async function claim() {
    const now = nowIso();
    const candidates = await db.selectFrom('generation_jobs').select('id').where(dueFilter(now)).orderBy('id').limit(5).execute();
    for (const c of candidates) {
      const res = await db
        .updateTable('generation_jobs')
        .set((eb) => ({ state: 'running', attempts: eb('attempts', '+', 1), lease_until: at(leaseMs), locked_by: workerId, started_at: now, updated_at: now }))
        .where('id', '=', c.id)
        .where(dueFilter(now))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) {
        return db.selectFrom('generation_jobs').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
      }
    }
    return undefined;
  }

  /** Updates the row only while we still hold it (another process may have taken over an expired lease). */
  const mine = (id: number) => db.updateTable('generation_jobs').where('id', '=', id).where('locked_by', '=', workerId).where('state', '=', 'running');

  async function fail(def: JobDefinition<unknown> | undefined, payload: unknown, info: JobInfo, message: string, error: string) {
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const res = await trx
        .updateTable('generation_jobs')
        .set({ state: 'failed', message, error, lease_until: null, finished_at: now, updated_at: now })
        .where('id', '=', info.id)
        .where('locked_by', '=', workerId)
        .where('state', '=', 'running')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1 && def?.onFailed) await def.onFailed(trx, payload, info, message);
    });
  }

  async function run(row: Awaited<ReturnType<typeof claim>> & object) {
    const info = jobInfo(row);
    const def = defs.get(row.kind);
    const jlog = log.child({ job: row.id, kind: row.kind, attempt: row.attempts });
    if (!def) {
      await fail(undefined, undefined, info, '未知的任务类型', `no definition for ${row.kind}`);
      return;
    }
    let payload: unknown;
    try {
      payload = def.payload.parse(JSON.parse(row.payload));
    } catch (e) {
      await fail(def, undefined, info, '任务参数无效', String(e));
      return;
    }
    if (row.attempts > row.max_attempts) {
      jlog.warn('job interrupted too many times; failing it');
      await fail(def, payload, info, '生成多次中断，已停止并退回费用，请重新生成', 'too many attempts');
      return;
    }
    const heartbeat = setInterval(() => {
      mine(row.id)
        .set({ lease_until: at(leaseMs) })
        .execute()
        .catch((e: unknown) => jlog.warn({ err: e }, 'heartbeat failed'));
    }, Math.max(50, Math.floor(leaseMs / 3)));
    heartbeat.unref();
    const ctx = {
      job: info,
      signal: abort.signal,
      async progress(percent: number, message: string) {
        const p = Math.max(0, Math.min(100, Math.round(percent)));
        await mine(row.id).set({ progress: p, message, updated_at: nowIso() }).execute();
        await def.onProgress?.(payload, info, p, message);
      },
    };
    const t0 = Date.now();
    try {
      jlog.info('job started');
      await def.handle(payload, ctx);
      const now = nowIso();
      await mine(row.id).set({ state: 'succeeded', progress: 100, message: '已完成', error: null, lease_until: null, finished_at: now, updated_at: now }).execute();
      jlog.info({ ms: Date.now() - t0 }, 'job succeeded');
    } catch (e) {
      const message = def.describeError?.(e) ?? '生成失败，请稍后重试';
      const permanent = def.isPermanent?.(e) ?? false;
      jlog[permanent ? 'info' : 'error']({ err: e, ms: Date.now() - t0 }, 'job attempt failed');
      if (!permanent && row.attempts < row.max_attempts && !abort.signal.aborted) {
        const now = nowIso();
        await mine(row.id)
          .set({ state: 'queued', run_after: at(retry.backoffMs(row.attempts)), message: `${message}（稍后自动重试）`, error: String(e instanceof Error ? e.stack ?? e.message : e).slice(0, 4000), lease_until: null, locked_by: null, updated_at: now })
          .execute();
        await def.onRetry?.(payload, info, e).catch((err: unknown) => jlog.warn({ err }, 'onRetry failed'));
      } else if (abort.signal.aborted && !permanent) {
        // Stopping: give the job back without waiting for the lease (the attempt is not counted).
        await mine(row.id).set((eb) => ({ state: 'queued', attempts: eb('attempts', '-', 1), lease_until: null, locked_by: null, updated_at: nowIso() })).execute();
      } else {
        await fail(def, payload, info, message, String(e instanceof Error ? e.stack ?? e.message : e).slice(0, 4000));
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Jobs left 'running' by a process of this host that no longer exists are released at once. */
  async function releaseOrphans() {
    const rows = await db.selectFrom('generation_jobs').select(['id', 'locked_by']).where('state', '=', 'running').execute();
    for (const r of rows) {
      const [h, pid] = (r.locked_by ?? '').split(':');
      if (h !== host || r.locked_by === workerId) continue;
      const n = Number(pid);
      let alive = n !== process.pid;
      if (alive) {
        try {
          process.kill(n, 0);
        } catch (e) {
          alive = (e as NodeJS.ErrnoException).code === 'EPERM';
        }
      }
      if (!alive) {
        await db.updateTable('generation_jobs').set({ lease_until: new Date(0).toISOString() }).where('id', '=', r.id).where('locked_by', '=', r.locked_by).execute();
        log.warn({ job: r.id, lockedBy: r.locked_by }, 'released a job of a dead process');
      }
    }
  }

  async function runOnce(): Promise<boolean> {
    const row = await claim();
    if (!row) return false;
    await run(row);
    return true;
  }

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });
  }

  /** One slot: claims and runs due jobs one after another, sleeping when there is none. */
  async function loop() {
    while (running) {
      let ran = false;
      try {
        ran = await runOnce();
      } catch (e) {
        if (running) log.error({ err: e }, 'job runner error');
      }
      if (!ran && running) await sleep(pollMs);
    }
  }

  return {
    workerId,
    start() {
      if (running) return;
      running = true;
      log.info({ workerId, concurrency }, 'job runner started');
      loopDone = releaseOrphans()
        .catch((e: unknown) => log.warn({ err: e }, 'releasing orphan jobs failed'))
        .then(() => Promise.all(Array.from({ length: concurrency }, () => loop())));
    },
    async stop() {
      if (!running) return;
      running = false;
      abort.abort();
      for (const s of [...sleepers]) s();
      await loopDone;
    },
    wake() {
      if (sleepers.size) for (const s of [...sleepers]) s();
      else woken = true;
    },
    runOnce,
  };
}
