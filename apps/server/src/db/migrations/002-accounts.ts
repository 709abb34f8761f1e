import type { Kysely } from 'kysely';
import type { Dialect } from '../index';
import { index, notNull, withId } from './helpers';
import type { VersionedMigration } from './index';

/** Points balances on the user row (kept in the same transaction as the ledger) and the append-only ledger. */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('recharge_points', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('gifted_points', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await withId(db.schema.createTable('points_ledger'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', notNull) // recharge | gift | free_times
    .addColumn('delta', 'integer', notNull)
    .addColumn('balance_after', 'integer', notNull)
    .addColumn('reason', 'varchar(200)', notNull)
    .addColumn('ref', 'varchar(100)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await index(db, 'points_ledger', 'points_ledger_user_idx', ['user_id', 'id']);
}

export const m002Accounts: VersionedMigration = { name: '002-accounts', up };
