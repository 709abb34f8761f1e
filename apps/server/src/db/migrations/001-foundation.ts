import type { Kysely } from 'kysely';
import type { Dialect } from '../index';
import { index, notNull, withId } from './helpers';
import type { VersionedMigration } from './index';

async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('users'), dialect)
    .addColumn('mobile', 'varchar(20)')
    .addColumn('email', 'varchar(100)')
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('password_hash', 'varchar(255)', notNull)
    .addColumn('role', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('invitation_code', 'varchar(20)')
    .addColumn('inviter_id', 'integer')
    .addColumn('free_times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await index(db, 'users', 'users_mobile_uq', ['mobile'], true);
  await index(db, 'users', 'users_email_uq', ['email'], true);
  await index(db, 'users', 'users_invitation_code_uq', ['invitation_code'], true);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('last_seen_at', 'varchar(30)', notNull)
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('revoked_reason', 'varchar(20)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .execute();
  await index(db, 'sessions', 'sessions_token_hash_uq', ['token_hash'], true);
  await index(db, 'sessions', 'sessions_user_idx', ['user_id']);

  await withId(db.schema.createTable('notices'), dialect)
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('category', 'varchar(20)', notNull)
    .addColumn('summary', 'varchar(500)', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('source', 'varchar(200)', notNull)
    .addColumn('published_at', 'varchar(30)', notNull)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  await withId(db.schema.createTable('faqs'), dialect)
    .addColumn('category', 'varchar(20)', notNull)
    .addColumn('question', 'varchar(300)', notNull)
    .addColumn('answer', 'text', notNull)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('agreements')
    .addColumn('type', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'varchar(100)', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await withId(db.schema.createTable('case_types'), dialect)
    .addColumn('name', 'varchar(50)', notNull)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('cases'), dialect)
    .addColumn('case_type_id', 'integer', (c) => c.notNull().references('case_types.id'))
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('version', 'varchar(20)', notNull)
    .addColumn('platform', 'varchar(50)', notNull)
    .addColumn('summary', 'text', notNull)
    .addColumn('modules', 'text', notNull)
    .addColumn('languages', 'varchar(120)', notNull)
    .addColumn('source_lines', 'integer', notNull)
    .addColumn('code_pages', 'integer', notNull)
    .addColumn('manual_pages', 'integer', notNull)
    .addColumn('cover_color', 'varchar(20)', notNull)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('platform_types'), dialect)
    .addColumn('name', 'varchar(50)', notNull)
    .addColumn('description', 'varchar(300)', notNull)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
}

export const m001Foundation: VersionedMigration = { name: '001-foundation', up };
