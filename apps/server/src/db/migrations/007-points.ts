import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';
import { index, notNull, withId } from './helpers';
import type { VersionedMigration } from './index';

/**
 * The points economy: recharge packages (seeded with example values), top-up orders paid by bank transfer with a
 * voucher, invitation rewards (one row per invited account, so the reward is credited once), the payee and
 * invitation settings, opening-balance ledger rows for balances the ledger does not yet explain, and the
 * append-only guard of `points_ledger` (UPDATE refused; DELETE refused while its user exists).
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('recharge_packages'), dialect)
    .addColumn('name', 'varchar(30)', notNull)
    .addColumn('price_fen', 'integer', notNull) // exact price in fen (1/100 yuan)
    .addColumn('recharge_points', 'integer', notNull)
    .addColumn('gifted_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await withId(db.schema.createTable('top_up_orders'), dialect)
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('package_id', 'integer', notNull) // the package may change later: what was bought is copied below
    .addColumn('package_name', 'varchar(30)', notNull)
    .addColumn('price_fen', 'integer', notNull)
    .addColumn('recharge_points', 'integer', notNull)
    .addColumn('gifted_points', 'integer', notNull)
    .addColumn('state', 'varchar(20)', notNull) // pending_payment | pending_review | credited | rejected | cancelled
    .addColumn('reject_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('voucher_key', 'varchar(200)')
    .addColumn('voucher_sha256', 'varchar(64)')
    .addColumn('voucher_mime', 'varchar(50)')
    .addColumn('voucher_size', 'integer')
    .addColumn('voucher_name', 'varchar(200)')
    .addColumn('voucher_at', 'varchar(30)')
    .addColumn('reviewed_by', 'integer') // operators.id
    .addColumn('reviewed_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await index(db, 'top_up_orders', 'top_up_orders_user_idx', ['user_id', 'id']);
  await index(db, 'top_up_orders', 'top_up_orders_state_idx', ['state', 'id']);

  await db.schema
    .createTable('invitation_rewards')
    .addColumn('invitee_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('inviter_id', 'integer', notNull)
    .addColumn('inviter_points', 'integer', notNull)
    .addColumn('invitee_points', 'integer', notNull)
    /** '' when credited, otherwise why not (e.g. same_client). */
    .addColumn('skipped', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  const now = new Date().toISOString();
  const typed = db as Kysely<{
    recharge_packages: { name: string; price_fen: number; recharge_points: number; gifted_points: number; sort: number; on_sale: number; description: string; created_at: string; updated_at: string };
    settings: { key: string; value: string; updated_at: string };
  }>;
  // Example packages (operators change them in the back office).
  await typed
    .insertInto('recharge_packages')
    .values([
      { name: '入门套餐', price_fen: 1000, recharge_points: 100, gifted_points: 0, sort: 1, on_sale: 1, description: '可生成 1 个项目的材料', created_at: now, updated_at: now },
      { name: '标准套餐', price_fen: 5000, recharge_points: 500, gifted_points: 50, sort: 2, on_sale: 1, description: '多送 50 赠送积分', created_at: now, updated_at: now },
      { name: '专业套餐', price_fen: 10000, recharge_points: 1000, gifted_points: 150, sort: 3, on_sale: 1, description: '多送 150 赠送积分', created_at: now, updated_at: now },
    ])
    .execute();
  await typed
    .insertInto('settings')
    .values([
      {
        key: 'points.paymentInformation',
        value: JSON.stringify({
          accountName: '（请运营人员在后台填写收款户名）',
          bankName: '（请运营人员在后台填写开户银行）',
          accountNumber: '',
          qrImage: '',
          noteRule: '转账时请在备注中填写订单号，便于核对到账。',
          tips: '转账后上传转账凭证（截图或回单），工作时间内一般 1 小时内审核到账。',
        }),
        updated_at: now,
      },
      { key: 'points.invitationReward', value: JSON.stringify({ inviterPoints: 0, inviteePoints: 0 }), updated_at: now },
    ])
    .execute();

  // Opening balances: every balance equals the sum of its ledger from here on.
  for (const [kind, col] of [
    ['recharge', 'recharge_points'],
    ['gift', 'gifted_points'],
    ['free_times', 'free_times'],
  ] as const) {
    await sql`
      INSERT INTO points_ledger (user_id, kind, delta, balance_after, reason, ref, created_at)
      SELECT u.id, ${kind}, u.${sql.ref(col)} - COALESCE(l.total, 0), u.${sql.ref(col)}, '期初余额', NULL, ${now}
      FROM users u
      LEFT JOIN (SELECT user_id, SUM(delta) AS total FROM points_ledger WHERE kind = ${kind} GROUP BY user_id) l ON l.user_id = u.id
      WHERE u.${sql.ref(col)} <> COALESCE(l.total, 0)
    `.execute(db);
  }

  if (dialect === 'sqlite') {
    await sql`CREATE TRIGGER points_ledger_no_update BEFORE UPDATE ON points_ledger
      BEGIN SELECT RAISE(ABORT, 'points_ledger is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER points_ledger_no_delete BEFORE DELETE ON points_ledger
      WHEN EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id)
      BEGIN SELECT RAISE(ABORT, 'points_ledger is append-only'); END`.execute(db);
  } else {
    await sql`CREATE FUNCTION points_ledger_append_only() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'UPDATE' OR EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
          RAISE EXCEPTION 'points_ledger is append-only';
        END IF;
        RETURN OLD;
      END $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER points_ledger_append_only BEFORE UPDATE OR DELETE ON points_ledger
      FOR EACH ROW EXECUTE FUNCTION points_ledger_append_only()`.execute(db);
  }
}

export const m007Points: VersionedMigration = { name: '007-points', up };
