import type { Kysely } from 'kysely';
import type { VersionedMigration } from './index';
import { index } from './helpers';

/**
 * The job table doubles as the outbox of the Redis queue: `dispatched_at` is set once a queued row has been handed
 * to BullMQ (REDIS_URL set). A row committed while Redis was unreachable keeps it null and is handed over later.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('generation_jobs').addColumn('dispatched_at', 'varchar(30)').execute();
  await index(db, 'generation_jobs', 'generation_jobs_outbox_idx', ['state', 'dispatched_at']);
}

export const m014JobOutbox: VersionedMigration = { name: '014-job-outbox', up };
