import type { Kysely } from 'kysely';
import type { Dialect } from '../index';
import { index, notNull, withId } from './helpers';
import type { VersionedMigration } from './index';

/**
 * Projects (form fields of the R11 application form as JSON), functional modules, code uploads,
 * the persisted generation-job queue, and the points cost of each action (settings).
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('code_uploads'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'varchar(200)', notNull)
    .addColumn('kind', 'varchar(10)', notNull) // zip | tar.gz
    .addColumn('size', 'integer', notNull)
    .addColumn('blob_key', 'varchar(200)', notNull)
    .addColumn('analysis_json', 'text', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await index(db, 'code_uploads', 'code_uploads_user_idx', ['user_id', 'id']);

  await withId(db.schema.createTable('projects'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'varchar(10)', notNull) // form | code
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('short_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'varchar(20)', notNull)
    .addColumn('category', 'varchar(20)', notNull)
    .addColumn('platform_type_id', 'integer')
    .addColumn('platform', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', notNull)
    .addColumn('form_json', 'text', notNull)
    .addColumn('ai_json', 'text')
    .addColumn('upload_id', 'integer', (c) => c.references('code_uploads.id').onDelete('set null'))
    .addColumn('status', 'varchar(20)', notNull) // draft | queued | generating | succeeded | failed
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('materials_json', 'text') // {blobKey, files, report, downloadName}
    .addColumn('generated_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await index(db, 'projects', 'projects_user_idx', ['user_id', 'source', 'id']);

  await withId(db.schema.createTable('functional_modules'), dialect)
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('operations', 'text', notNull) // JSON array of strings
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await index(db, 'functional_modules', 'functional_modules_project_idx', ['project_id', 'sort']);

  await withId(db.schema.createTable('generation_jobs'), dialect)
    .addColumn('kind', 'varchar(50)', notNull)
    .addColumn('ref_id', 'integer', notNull)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('payload', 'text', notNull)
    .addColumn('state', 'varchar(20)', notNull) // queued | running | succeeded | failed
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', notNull)
    .addColumn('error', 'text')
    .addColumn('charge_json', 'text') // what was charged, refunded once if the job finally fails
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'varchar(30)', notNull)
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addColumn('started_at', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .execute();
  await index(db, 'generation_jobs', 'generation_jobs_state_idx', ['state', 'run_after']);
  await index(db, 'generation_jobs', 'generation_jobs_ref_idx', ['kind', 'ref_id', 'id']);

  const now = new Date().toISOString();
  await (db as Kysely<{ settings: { key: string; value: string; updated_at: string } }>)
    .insertInto('settings')
    .values([
      { key: 'integral.generateProject', value: JSON.stringify(100), updated_at: now },
      { key: 'integral.codeProject', value: JSON.stringify({ base: 100, stepLines: 20000, perStep: 50 }), updated_at: now },
    ])
    .execute();
}

export const m003Projects: VersionedMigration = { name: '003-projects', up };
