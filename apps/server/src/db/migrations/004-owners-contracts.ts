import type { Kysely } from 'kysely';
import type { Dialect } from '../index';
import { index, notNull, withId } from './helpers';
import type { VersionedMigration } from './index';

/**
 * Copyright owners (著作权人) with their identity numbers encrypted (AES-256-GCM text + a keyed blind index for
 * exact lookups), the ordered owner list of each project, and contracts (合同) rendered as PDF/DOCX blobs with
 * their filled content encrypted (it names the parties' identity numbers).
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('owners'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('category', 'varchar(20)', notNull)
    .addColumn('nationality', 'varchar(30)', notNull)
    .addColumn('province', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('id_type', 'varchar(30)', notNull)
    .addColumn('id_number_enc', 'text', notNull) // v1:<iv>:<tag>:<ciphertext>
    .addColumn('id_hash', 'varchar(64)', notNull) // HMAC-SHA256 blind index of the normalised number
    .addColumn('contact_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await index(db, 'owners', 'owners_user_idx', ['user_id', 'id']);
  await index(db, 'owners', 'owners_user_id_hash_uq', ['user_id', 'id_hash'], true);

  await db.schema
    .createTable('project_owners')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade')) // the service refuses to delete a used owner
    .addColumn('sort', 'integer', notNull)
    .addPrimaryKeyConstraint('project_owners_pk', ['project_id', 'owner_id'])
    .execute();
  await index(db, 'project_owners', 'project_owners_owner_idx', ['owner_id']);

  await withId(db.schema.createTable('contracts'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('type', 'varchar(30)', notNull)
    .addColumn('title', 'varchar(100)', notNull)
    .addColumn('software_name', 'varchar(100)', notNull)
    .addColumn('software_version', 'varchar(20)', notNull)
    .addColumn('party_names', 'varchar(500)', notNull)
    .addColumn('sign_date', 'varchar(10)', notNull)
    .addColumn('data_enc', 'text', notNull) // the filled contract (parties with identity numbers), encrypted
    .addColumn('pdf_key', 'varchar(200)', notNull)
    .addColumn('docx_key', 'varchar(200)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await index(db, 'contracts', 'contracts_user_idx', ['user_id', 'id']);
  await index(db, 'contracts', 'contracts_project_idx', ['project_id', 'type']);
}

export const m004OwnersContracts: VersionedMigration = { name: '004-owners-contracts', up };
