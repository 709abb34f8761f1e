import type { Kysely } from 'kysely';
import type { VersionedMigration } from './index';

/**
 * A functional module's name that the code analysis inferred (the code names the unit nowhere): why it waits for the
 * user's confirmation, or null once confirmed or typed. The check report lists the modules still flagged.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('functional_modules').addColumn('name_confirm', 'text').execute();
}

export const m102ModuleNameConfirm: VersionedMigration = { name: '102-module-name-confirm', up };
