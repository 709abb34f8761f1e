import type { Kysely } from 'kysely';
import type { Dialect } from '../index';
import { index, notNull, withId } from './helpers';
import type { VersionedMigration } from './index';

/**
 * Correction projects (补正): one row per correction notice of a project — the notice (text, date, deadline),
 * its parsed items with the state of each fix (JSON), the filed materials it answers (a copy of their zip), the
 * corrected answer package and the diff between both; plus the operator setting of what a correction costs.
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('corrections'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('notice_text', 'text', notNull)
    .addColumn('notice_source', 'varchar(10)', notNull) // text | pdf | image
    .addColumn('notice_date', 'varchar(10)', notNull) // YYYY-MM-DD
    .addColumn('deadline', 'varchar(10)', notNull) // notice_date + 30 days
    .addColumn('serial_no', 'varchar(40)')
    .addColumn('items_json', 'text', notNull) // contracts ParsedNotice (items with their fixes)
    .addColumn('filed_json', 'text', notNull) // name, version, form, modules and files of the filed materials
    .addColumn('filed_blob_key', 'varchar(200)', notNull)
    .addColumn('status', 'varchar(20)', notNull) // pending | processing | queued | generating | generated | failed | cancelled
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('result_json', 'text') // blob key, files, diff of the last generation
    .addColumn('charge_json', 'text') // what this correction was charged (kept once paid)
    .addColumn('generated_at', 'varchar(30)')
    .addColumn('cancelled_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await index(db, 'corrections', 'corrections_user_idx', ['user_id', 'id']);
  await index(db, 'corrections', 'corrections_project_idx', ['project_id', 'id']);

  await (db as Kysely<{ settings: { key: string; value: string; updated_at: string } }>)
    .insertInto('settings')
    .values({ key: 'integral.correction', value: JSON.stringify({ freePerProject: 1, points: null }), updated_at: new Date().toISOString() })
    .execute();
}

export const m009Corrections: VersionedMigration = { name: '009-corrections', up };
