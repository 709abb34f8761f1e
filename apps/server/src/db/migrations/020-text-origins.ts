import type { Kysely } from 'kysely';
import type { Dialect } from '../index';
import type { VersionedMigration } from './index';
import { index, notNull, withId } from './helpers';

/**
 * Where a project's texts came from (modules/origins): every text the server's writers returned to a user
 * (`ai_outputs`: hash and character shingles of the normalised text, provider, model, time), the origin of each of a
 * project's texts (`projects.origins_json`), and the account's AI choice (`users.ai_opt_out` = 不使用 AI 撰写,
 * `users.ai_notice_at` = when the declaration notice was confirmed).
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('ai_outputs'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(40)', notNull) // the field the text was written for (mainFunctions, module.description …)
    .addColumn('provider', 'varchar(20)', notNull) // openai | offline
    .addColumn('model', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('text_hash', 'varchar(64)', notNull) // sha256 of the normalised text
    .addColumn('norm_length', 'integer', notNull)
    .addColumn('shingles', 'text', notNull) // JSON array of 32-bit hashes of the normalised text's 3-grams
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await index(db, 'ai_outputs', 'ai_outputs_user_idx', ['user_id', 'id']);
  await db.schema.alterTable('projects').addColumn('origins_json', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('users').addColumn('ai_opt_out', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('ai_notice_at', 'varchar(30)').execute();
}

export const m020TextOrigins: VersionedMigration = { name: '020-text-origins', up };
