import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../db';
import type { Database } from '../db/schema';
import { RETRY_POLICY, type JobDefinition } from './job';

/**
 * The job queue: rows in `generation_jobs`. `enqueue` runs inside the caller's transaction (so a job exists
 * exactly when what it belongs to was committed, e.g. the charge); `wake` tells an in-process runner to look now.
 */
export interface JobQueue {
  enqueue<P>(trx: Transaction<Database> | Kysely<Database>, def: Pick<JobDefinition<P>, 'name' | 'payload'>, payload: P, opts: { refId: number; userId: number; chargeJson?: string }): Promise<number>;
  wake(): void;
}

export function createJobQueue(onWake: () => void = () => {}): JobQueue {
  return {
    async enqueue(trx, def, payload, opts) {
      const now = nowIso();
      const row = await trx
        .insertInto('generation_jobs')
        .values({
          kind: def.name,
          ref_id: opts.refId,
          user_id: opts.userId,
          payload: JSON.stringify(def.payload.parse(payload)),
          state: 'queued',
          progress: 0,
          message: '排队中',
          attempts: 0,
          max_attempts: RETRY_POLICY.maxAttempts,
          error: null,
          charge_json: opts.chargeJson ?? null,
          refunded: 0,
          run_after: now,
          lease_until: null,
          locked_by: null,
          created_at: now,
          updated_at: now,
          started_at: null,
          finished_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    wake: () => onWake(),
  };
}
