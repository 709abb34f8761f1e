import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db';
import type { Database } from '../db/schema';
import type { FieldCipher } from '../lib/field-cipher';
import { createPointsCharger, type PointsCharger } from '../modules/points/points.service';
import type { BlobStore } from '../storage';
import { createDocgenEngine } from './docgen-engine';
import { createEnginePool } from './engine-pool';
import { createOfflineWriter } from '../ai';
import { createGenerateMaterialsJob } from './generate-materials';
import { createGenerateCorrectionJob } from '../modules/corrections/corrections.job';
import { createPreviewService } from '../modules/preview/preview.service';
import { pruneUploads } from './maintenance';
import type { MaterialsEngine } from './materials';
import { createJobQueue, type JobQueue } from './queue';
import { createBullRunner } from './bullmq-runner';
import { createJobRunner, type JobRunner } from './runner';

export { JobState, RETRY_POLICY } from './job';
export type { JobQueue } from './queue';
export type { JobRunner } from './runner';
export type { MaterialsEngine } from './materials';

export interface JobSystem {
  queue: JobQueue;
  runner: JobRunner;
  /**
   * Starts running jobs (`process`, default true: ROLE all or worker) and warms the materials engine up in its worker
   * thread when `warmUp`. With `process: false` (ROLE=web) only the Redis outbox sweep runs, if there is one.
   */
  start(opts?: { warmUp?: boolean; process?: boolean }): void;
  /** Stops the runner (waiting for the job in hand) and the engine's worker thread. */
  stop(): Promise<void>;
  /** The materials engine the handlers use (tests may replace its methods). */
  engine: MaterialsEngine;
  charger: PointsCharger;
}

/**
 * The generation-job system: the queue (rows in generation_jobs), a runner with every job definition, and the
 * materials engine. The runner is the database poller (jobs/runner.ts) by default, or BullMQ on the shared Redis when
 * `redisUrl` is set (jobs/bullmq-runner.ts; the rows then serve as its outbox). app.ts starts it running jobs when ROLE
 * is all or worker; it runs `concurrency` jobs at once (JOB_CONCURRENCY), each in its own engine worker thread.
 */
export function createJobSystem(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  cipher: FieldCipher;
  pollMs?: number;
  concurrency?: number;
  /** Shared Redis: jobs go through BullMQ. */
  redisUrl?: string;
  /** Limit of one attempt (ms). */
  timeoutMs?: number;
  /** Lease of a held job (ms): a job of a process that died is taken over after it. */
  leaseMs?: number;
  /** BullMQ key prefix (tests isolate themselves with it). */
  queuePrefix?: string;
  /** Threads analysing uploaded code archives (INTAKE_THREADS). */
  intakeThreads?: number;
}): JobSystem {
  const charger = createPointsCharger(deps.dialect);
  const concurrency = Math.max(1, deps.concurrency ?? 1);
  const engine = createEnginePool(Array.from({ length: concurrency }, () => createDocgenEngine({ worker: true, log: deps.log, intake: { threads: deps.intakeThreads } })));
  const preview = createPreviewService({ db: deps.db, blobs: deps.blobs });
  const figures = (projectId: number) => preview.documentFigures(projectId);
  const definitions = [
    createGenerateMaterialsJob({ db: deps.db, blobs: deps.blobs, engine, charger, drafter: createOfflineWriter(), cipher: deps.cipher, figures }),
    createGenerateCorrectionJob({ db: deps.db, blobs: deps.blobs, engine, charger, cipher: deps.cipher, figures }),
  ];
  const common = { db: deps.db, log: deps.log, definitions: definitions as never[], pollMs: deps.pollMs, concurrency, timeoutMs: deps.timeoutMs, leaseMs: deps.leaseMs };
  const bull = deps.redisUrl ? createBullRunner({ ...common, redisUrl: deps.redisUrl, prefix: deps.queuePrefix }) : undefined;
  const runner: JobRunner = bull ?? createJobRunner(common);
  const queue = createJobQueue(() => runner.wake());
  let maintenance: NodeJS.Timeout | undefined;
  const prune = () =>
    pruneUploads(deps.db, deps.blobs)
      .then((n) => n && deps.log.info({ removed: n }, 'pruned unused code uploads'))
      .catch((e: unknown) => deps.log.warn({ err: e }, 'pruning code uploads failed'));
  return {
    queue,
    runner,
    engine,
    charger,
    start(opts = {}) {
      if (opts.process === false) {
        bull?.startDispatcher();
        return;
      }
      runner.start();
      maintenance = setInterval(() => void prune(), 60 * 60 * 1000);
      maintenance.unref();
      if (opts.warmUp) engine.warmUp?.().catch((e: unknown) => deps.log.warn({ err: e }, 'materials engine warm-up failed'));
    },
    async stop() {
      clearInterval(maintenance);
      await runner.stop();
      await engine.close?.();
    },
  };
}
