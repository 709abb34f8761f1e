import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { nowIso } from '../db';
import type { Database } from '../db/schema';
import { createJobExecutor } from './executor';
import { JOB_TIMEOUT_MS, RETRY_POLICY, type JobDefinition, type RetryPolicy } from './job';

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
  /** An attempt running longer than this fails as retryable (ms; default JOB_TIMEOUT_MS). */
  timeoutMs?: number;
}

export interface JobRunner {
  readonly workerId: string;
  start(): void;
  /** Stops polling and waits for the job in hand to finish. */
  stop(): Promise<void>;
  wake(): void;
  /** Claims and runs at most one due job; true when one ran (the database runner only; its loop calls it). */
  runOnce?(): Promise<boolean>;
  /**
   * Whether the queue answers and how many workers take jobs from it: for BullMQ, the worker connections Redis sees
   * (answered within 1 s, else `reachable: false`); for the database runner, 1 while this process runs jobs, else
   * undefined (not known from here).
   */
  health(): Promise<{ reachable: boolean; workers?: number }>;
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
export function createJobRunner(opts: JobRunnerOptions): Required<JobRunner> {
  const { db, log } = opts;
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 30_000;
  const retry = opts.retry ?? RETRY_POLICY;
  const host = os.hostname();
  const workerId = `${host}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;

  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 1));
  let running = false;
  let loopDone: Promise<unknown> | undefined;
  /** Idle slots waiting for work; `wake()` releases them all. */
  const sleepers = new Set<() => void>();
  let woken = false;
  const abort = new AbortController();
  const executor = createJobExecutor({ db, log, definitions: opts.definitions, workerId, leaseMs, retry, timeoutMs: opts.timeoutMs ?? JOB_TIMEOUT_MS, stopping: abort.signal });

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
    await executor.execute(row);
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
    async health() {
      return { reachable: true, workers: running ? concurrency : undefined };
    },
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
