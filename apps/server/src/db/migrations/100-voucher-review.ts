import type { Kysely } from 'kysely';
import type { VersionedMigration } from './index';
import { index } from './helpers';

/**
 * Review of top-up vouchers: the perceptual hash of an image voucher (64-bit difference hash, 16 hex digits) beside
 * its SHA-256, an index to find other orders paid with the same file, the note a reviewer gives with an approval,
 * and a 客服's own daily approval limit (fen; null = the setting points.supportDailyApprovalLimit).
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('top_up_orders').addColumn('voucher_phash', 'text').execute();
  await db.schema.alterTable('top_up_orders').addColumn('approval_note', 'text', (c) => c.notNull().defaultTo('')).execute();
  await index(db, 'top_up_orders', 'top_up_orders_voucher_sha256_idx', ['voucher_sha256']);
  await db.schema.alterTable('operators').addColumn('daily_approval_limit_fen', 'integer').execute();
}

export const m100VoucherReview: VersionedMigration = { name: '100-voucher-review', up };
