import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobRunner } from '../jobs/runner';
import type { Kv } from '../kv';

/** One dependency's state in a readiness answer. */
export type CheckState = 'ok' | 'unreachable' | 'not-configured';

/** What GET /api/health/ready (and /api/health) answer in `data`. */
export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; redis: CheckState; queue: CheckState };
  /** Workers taking jobs (undefined: not known from this process) and jobs waiting, the oldest for `oldestQueuedSeconds`. */
  jobs: { workers?: number; queued: number; oldestQueuedSeconds: number; stalled: boolean };
  /** True once the process is shutting down: it still serves what reaches it, but takes no new traffic. */
  draining?: boolean;
}

/** Jobs waiting longer than this with no worker seen make the queue "stalled" (seconds). */
export const STALLED_AFTER_SECONDS = 120;

/** Rejects after `ms`: a check never waits longer than that for an unreachable dependency. */
const within = <T>(p: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    p.then(resolve, reject).finally(() => clearTimeout(t));
  });

/**
 * Readiness of this process: the database answers `select 1`, Redis answers (when REDIS_URL is set) and the job queue
 * answers, each within 1 s; plus the state of the jobs (workers seen, jobs waiting, stalled when jobs have waited over
 * STALLED_AFTER_SECONDS and no worker is seen). Readiness does not depend on workers: a web process serves requests
 * while workers are redeployed. The answer is kept 1 s, so health probes under load cost one check per second.
 */
export function createReadiness(deps: { db: Kysely<Database>; redis?: Kv; runner: Pick<JobRunner, 'health'> }) {
  let kept: { at: number; value: Promise<Readiness> } | undefined;

  async function check(): Promise<Readiness> {
    const database = await within(sql`select 1`.execute(deps.db), 1000).then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    const redis: CheckState = deps.redis
      ? await within(deps.redis.get('health:probe'), 1000).then(
          () => 'ok' as const,
          () => 'unreachable' as const,
        )
      : 'not-configured';
    const q = await deps.runner.health().catch(() => ({ reachable: false, workers: undefined }));
    const queue: CheckState = q.reachable ? 'ok' : 'unreachable';
    let queued = 0;
    let oldestQueuedSeconds = 0;
    if (database === 'ok') {
      const row = await within(
        deps.db.selectFrom('generation_jobs').where('state', '=', 'queued').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('run_after').as('oldest')]).executeTakeFirst(),
        1000,
      ).catch(() => undefined);
      queued = Number(row?.n ?? 0);
      if (row?.oldest) oldestQueuedSeconds = Math.max(0, Math.round((Date.now() - Date.parse(String(row.oldest))) / 1000));
    }
    const stalled = queued > 0 && oldestQueuedSeconds > STALLED_AFTER_SECONDS && (queue !== 'ok' || q.workers === 0);
    return {
      ready: database === 'ok' && redis !== 'unreachable' && queue === 'ok',
      checks: { database, redis, queue },
      jobs: { workers: q.workers, queued, oldestQueuedSeconds, stalled },
    };
  }

  let draining = false;
  return {
    /** The readiness, checked at most once a second; not ready while draining. */
    async ready(): Promise<Readiness> {
      const now = Date.now();
      if (!kept || now - kept.at > 1000) kept = { at: now, value: check() };
      const r = await kept.value;
      return draining ? { ...r, ready: false, draining: true } : r;
    },
    /** Marks the process as shutting down: readiness answers 503 from now on. */
    drain(): void {
      draining = true;
    },
  };
}
export type ReadinessCheck = ReturnType<typeof createReadiness>;
