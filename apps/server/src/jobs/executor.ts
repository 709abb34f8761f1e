import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { nowIso } from '../db';
import type { Database, GenerationJobsTable } from '../db/schema';
import { jobInfo, type JobDefinition, type JobInfo, type RetryPolicy } from './job';

export type JobRow = Selectable<GenerationJobsTable>;

/**
 * What became of one attempt: `succeeded` and `failed` are final (a failed job's `onFailed` ran in the transaction
 * that marked it); `retry` put the row back to 'queued' with a back-off; `released` gave a job back untouched
 * because the process is stopping (the attempt is not counted).
 */
export type AttemptOutcome = 'succeeded' | 'retry' | 'failed' | 'released';

export interface JobExecutorOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  definitions: JobDefinition<never>[];
  /** Written to `locked_by` of the rows this process holds. */
  workerId: string;
  /** How long a held row stays ours without a heartbeat (ms); renewed every third of it. */
  leaseMs: number;
  retry: RetryPolicy;
  /** An attempt running longer than this fails as retryable (ms). */
  timeoutMs: number;
  /** Aborted when the process stops: attempts in hand are released. */
  stopping: AbortSignal;
}

const at = (ms: number) => new Date(Date.now() + ms).toISOString();

export class JobTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`job attempt exceeded ${ms} ms`);
    this.name = 'JobTimeoutError';
  }
}

/**
 * Runs one claimed attempt of a job row (the row is already 'running', locked by `workerId`, attempts counted):
 * validates the payload, heartbeats the lease, reports progress on the row, enforces the per-attempt timeout, and
 * records the outcome — both runners (the database poller and the BullMQ worker) share it, so a job behaves the
 * same whichever carries it. Rows are only written while this process still holds them (`locked_by`).
 */
export function createJobExecutor(opts: JobExecutorOptions) {
  const { db, log, workerId, leaseMs, retry } = opts;
  const defs = new Map(opts.definitions.map((d) => [d.name, d as JobDefinition<unknown>]));

  /** Updates the row only while we still hold it (another process may have taken over an expired lease). */
  const mine = (id: number) => db.updateTable('generation_jobs').where('id', '=', id).where('locked_by', '=', workerId).where('state', '=', 'running');

  async function fail(def: JobDefinition<unknown> | undefined, payload: unknown, info: JobInfo, message: string, error: string): Promise<AttemptOutcome> {
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
    return 'failed';
  }

  async function execute(row: JobRow): Promise<AttemptOutcome> {
    const info = jobInfo(row);
    const def = defs.get(row.kind);
    const jlog = log.child({ job: row.id, kind: row.kind, attempt: row.attempts });
    if (!def) return fail(undefined, undefined, info, '未知的任务类型', `no definition for ${row.kind}`);
    let payload: unknown;
    try {
      payload = def.payload.parse(JSON.parse(row.payload));
    } catch (e) {
      return fail(def, undefined, info, '任务参数无效', String(e));
    }
    if (row.attempts > row.max_attempts) {
      jlog.warn('job interrupted too many times; failing it');
      return fail(def, payload, info, '生成多次中断，已停止并退回费用，请重新生成', 'too many attempts');
    }
    const heartbeat = setInterval(() => {
      mine(row.id)
        .set({ lease_until: at(leaseMs) })
        .execute()
        .catch((e: unknown) => jlog.warn({ err: e }, 'heartbeat failed'));
    }, Math.max(50, Math.floor(leaseMs / 3)));
    heartbeat.unref();
    const attempt = new AbortController();
    const onStop = () => attempt.abort();
    opts.stopping.addEventListener('abort', onStop);
    const ctx = {
      job: info,
      signal: attempt.signal,
      async progress(percent: number, message: string) {
        const p = Math.max(0, Math.min(100, Math.round(percent)));
        await mine(row.id).set({ progress: p, message, updated_at: nowIso() }).execute();
        await def.onProgress?.(payload, info, p, message);
      },
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        attempt.abort();
        reject(new JobTimeoutError(opts.timeoutMs));
      }, opts.timeoutMs);
      timer.unref();
    });
    const t0 = Date.now();
    try {
      jlog.info('job started');
      await Promise.race([def.handle(payload, ctx), timeout]);
      const now = nowIso();
      await mine(row.id).set({ state: 'succeeded', progress: 100, message: '已完成', error: null, lease_until: null, finished_at: now, updated_at: now }).execute();
      jlog.info({ ms: Date.now() - t0 }, 'job succeeded');
      return 'succeeded';
    } catch (e) {
      const timedOut = e instanceof JobTimeoutError;
      const message = timedOut ? `生成超时（超过 ${Math.round(opts.timeoutMs / 60_000) || 1} 分钟）` : def.describeError?.(e) ?? '生成失败，请稍后重试';
      const permanent = !timedOut && (def.isPermanent?.(e) ?? false);
      const stopping = opts.stopping.aborted;
      jlog[permanent ? 'info' : 'error']({ err: e, ms: Date.now() - t0 }, 'job attempt failed');
      if (stopping && !permanent) {
        // Stopping: give the job back without waiting for the lease (the attempt is not counted).
        await mine(row.id).set((eb) => ({ state: 'queued', attempts: eb('attempts', '-', 1), lease_until: null, locked_by: null, updated_at: nowIso() })).execute();
        return 'released';
      }
      if (!permanent && row.attempts < row.max_attempts) {
        await mine(row.id)
          .set({ state: 'queued', run_after: at(retry.backoffMs(row.attempts)), message: `${message}（稍后自动重试）`, error: String(e instanceof Error ? e.stack ?? e.message : e).slice(0, 4000), lease_until: null, locked_by: null, updated_at: nowIso() })
          .execute();
        await def.onRetry?.(payload, info, e).catch((err: unknown) => jlog.warn({ err }, 'onRetry failed'));
        return 'retry';
      }
      return fail(def, payload, info, message, String(e instanceof Error ? e.stack ?? e.message : e).slice(0, 4000));
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timer);
      opts.stopping.removeEventListener('abort', onStop);
    }
  }

  return { execute };
}
export type JobExecutor = ReturnType<typeof createJobExecutor>;
