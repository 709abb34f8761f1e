import type { Kysely } from 'kysely';
import type { VersionedMigration } from './index';

/**
 * Batch rows: `excluded` (1 = the user left the row out of the order; it gets no project and is not charged) and
 * `free_regen_job_id` (the job of the one free regeneration a row's project gets after its check findings were
 * fixed; null while unused).
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('batch_rows').addColumn('excluded', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('batch_rows').addColumn('free_regen_job_id', 'integer').execute();
}

export const m050BatchRowChoices: VersionedMigration = { name: '050-batch-row-choices', up };
