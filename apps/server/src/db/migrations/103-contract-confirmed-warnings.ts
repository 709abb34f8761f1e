import type { Kysely } from 'kysely';
import type { VersionedMigration } from './index';

/**
 * The party warnings a user confirmed when making a contract (JSON array of the texts, '[]' when there were none):
 * kept with the contract so that what was signed against the project's owners stays on record.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contracts').addColumn('confirmed_warnings', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}

export const m103ContractConfirmedWarnings: VersionedMigration = { name: '103-contract-confirmed-warnings', up };
