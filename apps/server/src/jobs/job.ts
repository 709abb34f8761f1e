import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, GenerationJobsTable } from '../db/schema';

/** State of a job row (the UI polls it through the project's status). */
export const JobState = { Queued: 'queued', Running: 'running', Succeeded: 'succeeded', Failed: 'failed' } as const;
export type JobState = (typeof JobState)[keyof typeof JobState];

/**
 * Retries, set once here: at most 3 attempts; after attempt n fails the job waits 5 s × 2^(n−1) (5 s, 10 s).
 * A job whose lease expired (its process died) is claimed again and that counts as an attempt.
 * Errors marked permanent (bad user data) fail at once.
 */
export const RETRY_POLICY = {
  maxAttempts: 3,
  backoffMs: (attempt: number): number => 5_000 * 2 ** (attempt - 1),
};
export type RetryPolicy = typeof RETRY_POLICY;

/** Default limit of one attempt (ms): 10 minutes; JOB_TIMEOUT_SECONDS overrides it. */
export const JOB_TIMEOUT_MS = 10 * 60_000;

export interface JobInfo {
  id: number;
  kind: string;
  refId: number;
  userId: number;
  attempts: number;
  maxAttempts: number;
  chargeJson: string | null;
}

export interface JobContext {
  job: JobInfo;
  /** Records progress (0–100) and a Chinese message on the job row (and whatever the definition mirrors). */
  progress(percent: number, message: string): Promise<void>;
  /** Aborted when the runner stops; long handlers check it between stages. */
  signal: AbortSignal;
}

/** A job definition: a name, a zod payload and a handler, plus hooks the runner calls at state changes. */
export interface JobDefinition<P = unknown> {
  name: string;
  payload: z.ZodType<P>;
  handle(payload: P, ctx: JobContext): Promise<void>;
  /** Called on every progress update (e.g. to mirror it on the project row). */
  onProgress?(payload: P, job: JobInfo, percent: number, message: string): Promise<void>;
  /** Called when an attempt failed and the job will be retried. */
  onRetry?(payload: P, job: JobInfo, error: unknown): Promise<void>;
  /** Called once, inside the transaction that marks the job failed for good (refunds go here). */
  onFailed?(trx: Transaction<Database>, payload: P, job: JobInfo, message: string): Promise<void>;
  /** True for errors that retrying cannot fix (bad input): the job fails at once. */
  isPermanent?(error: unknown): boolean;
  /** The message shown to the user for an error (Chinese); internals must not leak. */
  describeError?(error: unknown): string;
}

export const defineJob = <P>(def: JobDefinition<P>): JobDefinition<P> => def;

export const jobInfo = (row: Pick<GenerationJobsTable, 'kind' | 'ref_id' | 'user_id' | 'attempts' | 'max_attempts' | 'charge_json'> & { id: number }): JobInfo => ({
  id: row.id,
  kind: row.kind,
  refId: row.ref_id,
  userId: row.user_id,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  chargeJson: row.charge_json,
});
