import type { Kysely } from 'kysely';
import type { Dialect } from '../index';
import { index, notNull, withId } from './helpers';
import type { VersionedMigration } from './index';

/**
 * Screens (figures) of a project — rendered prototypes or the user's own screenshots — and the project's
 * prototype look (theme, primary colour, platform frame).
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('project_screens'), dialect)
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'varchar(20)', notNull) // login | main | module | arch | modules
    .addColumn('module_id', 'integer') // functional_modules.id (no FK: a replaced module list is matched by name)
    .addColumn('module_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'varchar(60)', notNull)
    .addColumn('kind', 'varchar(20)', notNull)
    .addColumn('spec_json', 'text', notNull)
    .addColumn('source', 'varchar(10)', notNull) // prototype | upload
    .addColumn('blob_key', 'varchar(200)', notNull)
    .addColumn('mime', 'varchar(20)', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('render_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('texts_json', 'text', notNull) // the renderer's text record, or the OCR text of an upload
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await index(db, 'project_screens', 'project_screens_project_idx', ['project_id', 'sort']);

  await db.schema
    .createTable('project_previews')
    .addColumn('project_id', 'integer', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('theme', 'varchar(20)', notNull)
    .addColumn('color', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('platform', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
}

export const m006Screens: VersionedMigration = { name: '006-screens', up };
