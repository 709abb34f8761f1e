import type { Kysely } from 'kysely';
import type { VersionedMigration } from './index';

/**
 * The typed declaration that a project's owners hold the rights to code naming others (contracts ZRightsDeclaration:
 * text, owners, the foreign names listed, time), JSON; null = none. Checked before a generation is charged.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('rights_declaration_json', 'text').execute();
}

export const m030RightsDeclaration: VersionedMigration = { name: '030-rights-declaration', up };
