import type { Kysely } from 'kysely';
import type { VersionedMigration } from './index';

/** A functional module's 注意事项 as its user wrote them: a JSON array of sentences, printed in the manual. */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('functional_modules').addColumn('notes', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}

export const m016ModuleNotes: VersionedMigration = { name: '016-module-notes', up };
