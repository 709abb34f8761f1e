import type { Kysely } from 'kysely';
import type { Dialect } from '../index';
import { index, notNull, withId } from './helpers';
import type { VersionedMigration } from './index';

/** Back-office operator accounts and their sessions, apart from ordinary users so no user token can act as an operator. */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('operators'), dialect)
    .addColumn('username', 'varchar(50)', notNull)
    .addColumn('password_hash', 'varchar(255)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('created_by', 'integer')
    .execute();
  await index(db, 'operators', 'operators_username_uq', ['username'], true);
  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('revoked_at', 'varchar(30)')
    .execute();
  await index(db, 'operator_sessions', 'operator_sessions_token_uq', ['token_hash'], true);
}

export const m002bOperators: VersionedMigration = { name: '002b-operators', up };
