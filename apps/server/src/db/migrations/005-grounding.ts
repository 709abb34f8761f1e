import type { Kysely } from 'kysely';
import type { VersionedMigration } from './index';

/**
 * What keeps the materials grounded: each functional module's evidence in the code (JSON array of
 * "path#symbol"), the software form the user confirmed (decides 操作手册 vs 设计说明书/使用说明), and the
 * user's file selection of an upload (JSON { include: string[], exclude: string[] }, gitignore syntax).
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('functional_modules').addColumn('evidence', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('projects').addColumn('software_form', 'varchar(20)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('code_uploads').addColumn('selection_json', 'text', (c) => c.notNull().defaultTo('{}')).execute();
}

export const m005Grounding: VersionedMigration = { name: '005-grounding', up };
