import type { Kysely } from 'kysely';
import type { Dialect } from '../index';
import { index, notNull, withId } from './helpers';
import type { VersionedMigration } from './index';

/**
 * Batch orders (批量下单): a batch, its rows (the typed cell values, their errors, the attached code and — once
 * ordered — the project and job made for the row), and the code fingerprints the duplicate checks compare.
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('batch_orders'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('source', 'varchar(10)', notNull) // excel | quick
    .addColumn('status', 'varchar(20)', notNull) // draft | ordered
    .addColumn('notices_json', 'text', notNull) // JSON array of file-level notices
    .addColumn('charge_json', 'text') // contracts Charge of the whole order
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addColumn('ordered_at', 'varchar(30)')
    .execute();
  await index(db, 'batch_orders', 'batch_orders_user_idx', ['user_id', 'id']);

  await withId(db.schema.createTable('batch_rows'), dialect)
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batch_orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('row_no', 'integer', notNull)
    .addColumn('values_json', 'text', notNull) // contracts BatchRowValues (cells as text)
    .addColumn('errors_json', 'text', notNull) // contracts BatchCellError[]
    .addColumn('upload_id', 'integer', (c) => c.references('code_uploads.id').onDelete('set null'))
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('job_id', 'integer')
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await index(db, 'batch_rows', 'batch_rows_batch_idx', ['batch_id', 'row_no']);
  await index(db, 'batch_rows', 'batch_rows_project_idx', ['project_id']);

  await db.schema
    .createTable('code_fingerprints')
    .addColumn('upload_id', 'integer', (c) => c.primaryKey().references('code_uploads.id').onDelete('cascade'))
    .addColumn('archive_sha256', 'varchar(64)', notNull)
    .addColumn('files_json', 'text', notNull) // JSON array of SHA-1 of each printed code file's text
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
}

export const m008Batch: VersionedMigration = { name: '008-batch', up };
