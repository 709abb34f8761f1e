import {
  fenToYuan,
  yuanToFen,
  ZInvitationReward,
  ZPaymentInformation,
  type InvitationReward,
  type PaymentInformation,
  type RechargePackage,
  type ZSavePackageRequest,
} from '@mazhu/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db';
import type { Database, RechargePackagesTable } from '../../db/schema';
import { notFound } from '../../lib/errors';

type Tx = Kysely<Database> | Transaction<Database>;

/** Keys of the `settings` table owned by the points economy (JSON values, seeded by migration 007). */
export const POINTS_SETTING_KEYS = { paymentInformation: 'points.paymentInformation', invitationReward: 'points.invitationReward' } as const;

const EMPTY_PAYMENT: PaymentInformation = { accountName: '', bankName: '', accountNumber: '', qrImage: '', noteRule: '转账时请在备注中填写订单号。', tips: '' };

export const presentPackage = (p: Selectable<RechargePackagesTable>): RechargePackage => ({
  id: p.id,
  name: p.name,
  price: fenToYuan(p.price_fen),
  points: p.recharge_points,
  giftedPoints: p.gifted_points,
  sort: p.sort,
  onSale: p.on_sale === 1,
  description: p.description,
});

async function readSetting<T>(db: Tx, key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

async function writeSetting(db: Tx, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  const now = nowIso();
  const r = await db.updateTable('settings').set({ value: json, updated_at: now }).where('key', '=', key).executeTakeFirst();
  if (!Number(r.numUpdatedRows)) await db.insertInto('settings').values({ key, value: json, updated_at: now }).execute();
}

/**
 * Recharge packages, the payee information and the invitation reward — all configured by operators
 * (back office), read by the public pages. Prices are exact: stored in fen, presented in yuan with two decimals.
 */
export function createPackageService(db: Kysely<Database>) {
  return {
    /** Packages on sale (or every package for operators), by `sort` then id. */
    async list(opts: { all?: boolean } = {}): Promise<RechargePackage[]> {
      let q = db.selectFrom('recharge_packages').selectAll().orderBy('sort').orderBy('id');
      if (!opts.all) q = q.where('on_sale', '=', 1);
      return (await q.execute()).map(presentPackage);
    },

    async find(id: number, tx: Tx = db) {
      return tx.selectFrom('recharge_packages').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Adds (no id) or edits a package. Orders already placed keep what they bought (copied into the order). */
    async save(input: z.output<typeof ZSavePackageRequest>, tx: Tx = db): Promise<{ before: RechargePackage | null; after: RechargePackage }> {
      const now = nowIso();
      const values = {
        name: input.name,
        price_fen: yuanToFen(input.price),
        recharge_points: input.points,
        gifted_points: input.giftedPoints,
        sort: input.sort,
        on_sale: input.onSale ? 1 : 0,
        description: input.description,
        updated_at: now,
      };
      if (input.id) {
        const before = await this.find(input.id, tx);
        if (!before) throw notFound('充值套餐不存在');
        await tx.updateTable('recharge_packages').set(values).where('id', '=', input.id).execute();
        return { before: presentPackage(before), after: presentPackage((await this.find(input.id, tx))!) };
      }
      const row = await tx.insertInto('recharge_packages').values({ ...values, created_at: now }).returning('id').executeTakeFirstOrThrow();
      return { before: null, after: presentPackage((await this.find(row.id, tx))!) };
    },

    paymentInformation: (tx: Tx = db) => readSetting(tx, POINTS_SETTING_KEYS.paymentInformation, ZPaymentInformation, EMPTY_PAYMENT),
    savePaymentInformation: (v: PaymentInformation, tx: Tx = db) => writeSetting(tx, POINTS_SETTING_KEYS.paymentInformation, v),
    invitationReward: (tx: Tx = db) => readSetting(tx, POINTS_SETTING_KEYS.invitationReward, ZInvitationReward, { inviterPoints: 0, inviteePoints: 0 }),
    saveInvitationReward: (v: InvitationReward, tx: Tx = db) => writeSetting(tx, POINTS_SETTING_KEYS.invitationReward, v),
  };
}
export type PackageService = ReturnType<typeof createPackageService>;
