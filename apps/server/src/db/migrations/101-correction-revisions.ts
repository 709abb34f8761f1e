import type { Kysely } from 'kysely';
import type { VersionedMigration } from './index';

/**
 * A correction answers one notice for one filed application: `revision` counts the rounds of fixes (a fix after
 * the answer was generated starts the next one), `paid_revisions` how many rounds were charged (the free
 * corrections of a project are counted in rounds), `submitted_at` when the user marked the answer as submitted to
 * the CPCC portal (the deadline countdown stops then).
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('corrections').addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('corrections').addColumn('paid_revisions', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('corrections').addColumn('submitted_at', 'text').execute();
  // Corrections charged before rounds were counted were charged once.
  await db.updateTable('corrections' as never).set({ paid_revisions: 1 } as never).where('charge_json' as never, 'is not', null).execute();
}

export const m101CorrectionRevisions: VersionedMigration = { name: '101-correction-revisions', up };
