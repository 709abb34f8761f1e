import type { Kysely } from 'kysely';
import type { Dialect } from '../index';
import { index, notNull, withId } from './helpers';
import type { VersionedMigration } from './index';

/**
 * The back office: operator roles (admin 管理员 / support 客服; operators created before roles existed keep
 * everything), why an operator session ended, the append-only audit trail of operator writes, and the
 * versions of the service agreement and privacy policy with the date each took effect.
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('operators').addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('admin')).execute();
  await db.schema.alterTable('operators').addColumn('updated_at', 'varchar(30)').execute();
  await db.schema.alterTable('operator_sessions').addColumn('revoked_reason', 'varchar(20)').execute();
  await index(db, 'operator_sessions', 'operator_sessions_operator_idx', ['operator_id']);

  await withId(db.schema.createTable('audit_log'), dialect)
    // No foreign key: the trail outlives a deleted operator; the name is kept beside the id.
    .addColumn('operator_id', 'integer', notNull)
    .addColumn('operator_name', 'varchar(50)', notNull)
    .addColumn('action', 'varchar(64)', notNull)
    .addColumn('target', 'varchar(200)', notNull)
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await index(db, 'audit_log', 'audit_log_created_idx', ['created_at']);
  await index(db, 'audit_log', 'audit_log_action_idx', ['action', 'created_at']);
  await index(db, 'audit_log', 'audit_log_operator_idx', ['operator_id', 'created_at']);

  await withId(db.schema.createTable('agreement_versions'), dialect)
    .addColumn('type', 'integer', notNull)
    .addColumn('version', 'varchar(30)', notNull)
    .addColumn('title', 'varchar(100)', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('effective_at', 'varchar(30)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('created_by', 'integer')
    .execute();
  await index(db, 'agreement_versions', 'agreement_versions_type_idx', ['type', 'effective_at']);
}

export const m010Admin: VersionedMigration = { name: '010-admin', up };
