import crypto from 'node:crypto';
import os from 'node:os';
import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { nowIso } from '../db';
import type { Database } from '../db/schema';
import { throttledWarn } from '../lib/unavailable';
import { createJobExecutor } from './executor';
import { JOB_TIMEOUT_MS, RETRY_POLICY, type JobDefinition, type RetryPolicy } from './job';
import type { JobRunner } from './runner';

/** How long handing one row to Redis may take before the sweep gives up (the row stays in the outbox). */
const DISPATCH_TIMEOUT_MS = 5000;

/** A row still queued this long after it was handed to Redis is handed over again. */
const RESEND_AFTER_MS = 10 * 60_000;

/** The BullMQ queue every process of one deployment shares. */
export const BULL_QUEUE = 'mazhu-generation';

export interface BullRunnerOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  definitions: JobDefinition<never>[];
  /** redis:// URL of the shared Redis. */
  redisUrl: string;
  /** Jobs this process runs at once (JOB_CONCURRENCY). */
  concurrency?: number;
  /** How often the outbox is swept for rows not yet handed to Redis (ms). `wake()` sweeps at once. */
  pollMs?: number;
  /** Lease of a held row and BullMQ lock of its job (ms); a dead worker's job is taken over after it. */
  leaseMs?: number;
  retry?: RetryPolicy;
  timeoutMs?: number;
  /** BullMQ key prefix (tests use their own). */
  prefix?: string;
}

export interface BullRunner extends JobRunner {
  /** Hands every queued row not yet in Redis to BullMQ; resolves with how many were handed over. */
  dispatch(): Promise<number>;
  /** Starts only the outbox sweep (web processes: they enqueue but do not run jobs). */
  startDispatcher(): void;
}

/**
 * The Redis runner (REDIS_URL set): the `generation_jobs` row stays the record of the job — its state, progress,
 * attempts and charge — and doubles as the outbox. A row is committed in the same transaction as the charge; after
 * commit `wake()` (and, for a row committed while Redis was away, the periodic sweep) adds it to BullMQ under the
 * job id `job-<row id>`, so a row is enqueued once however often it is swept. BullMQ delivers each job to one worker
 * at a time (its lock), retries with exponential back-off (5 s, 10 s: RETRY_POLICY), and hands the job of a
 * killed worker to another after the lock expires (stalled-job recovery). The worker claims the row before running
 * it: a row already finished is skipped, so a job never runs twice to completion.
 */
export function createBullRunner(opts: BullRunnerOptions): BullRunner {
  const { db, log } = opts;
  const pollMs = opts.pollMs ?? 2000;
  const leaseMs = opts.leaseMs ?? 30_000;
  const retry = opts.retry ?? RETRY_POLICY;
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 1));
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const prefix = opts.prefix ?? 'bull';
  const abort = new AbortController();
  const kinds = new Set(opts.definitions.map((d) => d.name));
  const executor = createJobExecutor({ db, log, definitions: opts.definitions, workerId, leaseMs, retry, timeoutMs: opts.timeoutMs ?? JOB_TIMEOUT_MS, stopping: abort.signal });

  // The producer fails fast while Redis is unreachable (the row stays in the outbox); the worker waits for it.
  const queue = new Queue(BULL_QUEUE, { connection: { url: opts.redisUrl, enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: reconnectPause }, prefix });
  queue.on('error', throttledWarn(log, 'job queue: Redis unreachable; queued jobs stay in the outbox until it is back'));
  let worker: Worker | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let draining: Promise<number> | undefined;
  let again = false;

  /** Rejects when Redis does not answer within `ms` (the producer would otherwise wait for a connection). */
  const within = <T>(p: Promise<T>, ms: number): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
      p.then(resolve, reject).finally(() => clearTimeout(t));
    });

  async function dispatchOnce(): Promise<number> {
    // Rows never handed over, and rows handed over long ago that are still queued (Redis lost them, e.g. after a
    // restart without persistence): adding again under the same job id is a no-op while BullMQ still has the job.
    const stale = new Date(Date.now() - RESEND_AFTER_MS).toISOString();
    const unsent = (eb: ExpressionBuilder<Database, 'generation_jobs'>) => eb.or([eb('dispatched_at', 'is', null), eb('dispatched_at', '<', stale)]);
    const rows = await db.selectFrom('generation_jobs').select(['id', 'kind']).where('state', '=', 'queued').where(unsent).orderBy('id').limit(200).execute();
    let n = 0;
    for (const r of rows) {
      const options = {
        jobId: `job-${r.id}`,
        attempts: retry.maxAttempts,
        backoff: { type: 'exponential', delay: retry.backoffMs(1) },
        removeOnComplete: { age: 7 * 86_400 },
        removeOnFail: { age: 30 * 86_400 },
      };
      await within(queue.add(r.kind, { rowId: r.id }, options), DISPATCH_TIMEOUT_MS);
      await db.updateTable('generation_jobs').set({ dispatched_at: nowIso() }).where('id', '=', r.id).where(unsent).execute();
      n++;
    }
    return n;
  }

  /** One sweep at a time; a wake during a sweep runs one more after it. */
  function dispatch(): Promise<number> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      let total = 0;
      do {
        again = false;
        total += await dispatchOnce();
      } while (again);
      return total;
    })().finally(() => {
      draining = undefined;
    });
    return draining;
  }

  const sweep = () =>
    void dispatch().catch((e: unknown) => log.warn({ err: e }, 'handing queued jobs to Redis failed; they stay in the outbox'));

  /** Takes the row for this attempt: queued, or running with a lease that ran out (its worker died). */
  async function claim(rowId: number) {
    const now = nowIso();
    const res = await db
      .updateTable('generation_jobs')
      .set((eb) => ({ state: 'running', attempts: eb('attempts', '+', 1), lease_until: new Date(Date.now() + leaseMs).toISOString(), locked_by: workerId, started_at: now, updated_at: now }))
      .where('id', '=', rowId)
      .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb.or([eb('lease_until', '<', now), eb('lease_until', 'is', null)])])]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return undefined;
    return db.selectFrom('generation_jobs').selectAll().where('id', '=', rowId).executeTakeFirstOrThrow();
  }

  async function processJob(job: Job<{ rowId: number }>, token?: string): Promise<void> {
    if (!kinds.has(job.name)) {
      // A kind this process does not know (an older version during a rolling upgrade): leave it to one that does.
      await job.moveToDelayed(Date.now() + leaseMs, token);
      throw new DelayedError();
    }
    const rowId = job.data.rowId;
    const row = await claim(rowId);
    if (!row) {
      const now = await db.selectFrom('generation_jobs').select(['state', 'lease_until']).where('id', '=', rowId).executeTakeFirst();
      if (!now || now.state === 'succeeded' || now.state === 'failed') return; // already finished: nothing to run again
      // Still held by a worker whose lease has not run out yet: look again when it has.
      await job.moveToDelayed(Date.now() + leaseMs, token);
      throw new DelayedError();
    }
    const outcome = await executor.execute(row);
    if (outcome === 'retry') throw new Error(row.message || 'job attempt failed; retrying');
    if (outcome === 'failed') throw new UnrecoverableError('job failed');
    if (outcome === 'released') {
      await job.moveToDelayed(Date.now(), token);
      throw new DelayedError();
    }
  }

  return {
    workerId,
    dispatch,
    startDispatcher() {
      if (sweeper) return;
      sweeper = setInterval(sweep, pollMs);
      sweeper.unref();
      sweep();
    },
    start() {
      this.startDispatcher();
      if (worker) return;
      worker = new Worker(BULL_QUEUE, processJob, {
        connection: { url: opts.redisUrl, maxRetriesPerRequest: null, retryStrategy: reconnectPause },
        prefix,
        concurrency,
        lockDuration: leaseMs,
        stalledInterval: leaseMs,
        maxStalledCount: retry.maxAttempts,
      });
      worker.on('error', throttledWarn(log, 'job worker: Redis unreachable; retrying with a growing pause (one line per 30 s)'));
      log.info({ workerId, concurrency }, 'job worker started (BullMQ)');
    },
    async stop() {
      clearInterval(sweeper);
      sweeper = undefined;
      abort.abort();
      await worker?.close();
      worker = undefined;
      await draining?.catch(() => 0);
      await within(queue.close(), DISPATCH_TIMEOUT_MS).catch(() => queue.disconnect());
    },
    wake: sweep,
    async health() {
      try {
        return { reachable: true, workers: await within(queue.getWorkersCount(), 1000) };
      } catch {
        return { reachable: false };
      }
    },
  };
}

/** Pause before the n-th reconnection to Redis: 0.5 s doubling up to 30 s. */
const reconnectPause = (attempt: number) => Math.min(500 * 2 ** Math.min(attempt, 10), 30_000);
