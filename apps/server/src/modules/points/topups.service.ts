import crypto from 'node:crypto';
import {
  CANCELLABLE_STATES,
  fenToYuan,
  OperatorRole,
  PAYEE_NOT_SET_MESSAGE,
  payeeReady,
  SUPPORT_APPROVAL_LIMIT_KEY,
  TOP_UP_STATE_LABELS,
  VOUCHER_LIMITS,
  VOUCHER_UPLOAD_STATES,
  type AdminTopUpOrder,
  type Page,
  type TopUpOrder,
  type TopUpState,
  type ZAdminTopUpListQuery,
  type ZTopUpListQuery,
} from '@mazhu/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import { nowIso, type Dialect } from '../../db';
import type { Database, TopUpOrdersTable } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { FilesPool } from '../../jobs/files-pool';
import { BlobNotFoundError, type BlobStore } from '../../storage';
import type { PackageService } from './packages.service';
import type { PointsCharger } from './points.service';
import { recordAudit } from '../admin/audit';
import { normaliseVoucher } from './voucher-file';
import { findVoucherDuplicates, imageDifferenceHash } from './voucher-match';
import { readSetting } from '../admin/settings';
import { chinaDayStart } from './records.service';

type OrderRow = Selectable<TopUpOrdersTable>;

/** The operator making a review: id and the client's IP, for the audit trail; the role decides the four-eyes rules. */
export interface OperatorActor {
  operatorId: number;
  ip?: string;
}
/** An operator approving: the role decides the four-eyes rules. */
export type ApprovingOperator = OperatorActor & { role: OperatorRole };

/** Start of the current China-time (UTC+8) day as an ISO instant: the window of a 客服's daily approval limit. */
const todayStartInChina = (now = new Date()): string => chinaDayStart(new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10));

export const presentOrder = (o: OrderRow): TopUpOrder => ({
  id: o.id,
  orderNo: o.order_no,
  packageId: o.package_id,
  packageName: o.package_name,
  amount: fenToYuan(o.price_fen),
  rechargePoints: o.recharge_points,
  giftedPoints: o.gifted_points,
  state: o.state,
  stateLabel: TOP_UP_STATE_LABELS[o.state],
  rejectReason: o.reject_reason,
  voucher:
    o.voucher_key && o.voucher_sha256 && o.voucher_mime && o.voucher_at
      ? { fileName: o.voucher_name ?? '', mime: o.voucher_mime, size: o.voucher_size ?? 0, sha256: o.voucher_sha256, uploadedAt: o.voucher_at }
      : null,
  createdAt: o.created_at,
  updatedAt: o.updated_at,
  reviewedAt: o.reviewed_at,
});

/** Where the picture of a PDF voucher's page 1 is kept: beside the PDF, `….pdf` → `….page1.png`. */
export const voucherPageKey = (voucherKey: string): string => voucherKey.replace(/\.pdf$/, '.page1.png');

const ORDER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** CZ + China time yyyyMMddHHmmss + 6 random characters without look-alikes, e.g. CZ20261123154501A7K3Q9. */
export function newOrderNo(now = new Date()): string {
  const t = new Date(now.getTime() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  const bytes = crypto.randomBytes(6);
  return `CZ${t}${Array.from(bytes, (b) => ORDER_ALPHABET[b % ORDER_ALPHABET.length]).join('')}`;
}

const stateError = (o: OrderRow, what: string): AppError =>
  o.state === 'credited'
    ? conflict(`订单已到账，不能${what}`)
    : new AppError(400, `订单当前状态为「${TOP_UP_STATE_LABELS[o.state]}」，不能${what}`);

/**
 * Top-up orders paid by bank transfer (no payment gateway): the user picks a package (→ 待付款), transfers the
 * exact amount with the order number as the note, uploads the voucher (→ 待审核), an operator approves (→ 已到账,
 * the package's recharge and gifted points credited once, through pointsCharger) or rejects with a reason
 * (→ 已驳回; a new voucher → 待审核). The user may cancel while 待付款 or 已驳回 (→ 已取消).
 *
 * Every state change is a guarded UPDATE (`WHERE state IN (…)`) inside a transaction, so two requests racing on one
 * order (two operators approving, an approval and a cancel) change it once: the loser sees 0 rows and is told why.
 */
export function createTopUpService(deps: { db: Kysely<Database>; blobs: BlobStore; charger: PointsCharger; packages: PackageService; dialect: Dialect; pages: Pick<FilesPool, 'voucherPage'> }) {
  const { db, blobs, charger, packages, dialect, pages } = deps;

  async function owned(userId: number, id: number): Promise<OrderRow> {
    const o = await db.selectFrom('top_up_orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!o) throw notFound('订单不存在或无权访问');
    return o;
  }
  const byId = (id: number, tx: Kysely<Database> | Transaction<Database> = db) => tx.selectFrom('top_up_orders').selectAll().where('id', '=', id).executeTakeFirst();

  async function adminPresent(rows: OrderRow[]): Promise<AdminTopUpOrder[]> {
    const userIds = [...new Set(rows.map((r) => r.user_id))];
    const opIds = [...new Set(rows.map((r) => r.reviewed_by).filter((x): x is number => x !== null))];
    const users = userIds.length ? await db.selectFrom('users').select(['id', 'name', 'mobile', 'email']).where('id', 'in', userIds).execute() : [];
    const ops = opIds.length ? await db.selectFrom('operators').select(['id', 'username']).where('id', 'in', opIds).execute() : [];
    const duplicates = await findVoucherDuplicates(db, rows);
    return rows.map((r) => {
      const u = users.find((x) => x.id === r.user_id);
      return {
        ...presentOrder(r),
        user: { id: r.user_id, name: u?.name ?? '', account: u?.mobile ?? u?.email ?? '' },
        reviewedBy: ops.find((x) => x.id === r.reviewed_by)?.username ?? (r.reviewed_by ? `#${r.reviewed_by}` : ''),
        duplicates: duplicates.get(r.id) ?? [],
        approvalNote: r.approval_note,
      };
    });
  }

  /**
   * The four-eyes rules of an approval, checked inside its transaction before anything is credited:
   * - a voucher that matches another order's (same file or similar image, any user) needs a 管理员 and a reason
   *   (2+ characters) stating how the transfer was verified;
   * - a 客服 approves at most their daily limit (their own `daily_approval_limit_fen`, else the setting
   *   points.supportDailyApprovalLimit in yuan) in one China-time day, this order included; above it a 管理员 approves.
   * The operator's row is locked on PostgreSQL, so two approvals by one 客服 at once cannot both fit the same room.
   * Throws 403/400 AppError with the reason in Chinese. Returns the duplicates found (for the audit trail).
   */
  async function checkApproval(trx: Transaction<Database>, actor: ApprovingOperator, order: OrderRow, reason: string) {
    const duplicates = (await findVoucherDuplicates(trx, [order])).get(order.id) ?? [];
    const isAdmin = actor.role === OperatorRole.Admin;
    if (duplicates.length) {
      const others = duplicates.map((d) => `${d.orderNo}（${d.stateLabel}）`).join('、');
      if (!isAdmin) throw forbidden(`该订单的转账凭证与订单 ${others} 的凭证相同或相似，须由管理员核实后审核`);
      if (reason.length < 2) throw badRequest(`该订单的转账凭证与订单 ${others} 的凭证相同或相似，请填写核实说明（例如已在银行流水中查到两笔转账）后再通过`);
    }
    if (!isAdmin) {
      let op = trx.selectFrom('operators').select(['daily_approval_limit_fen']).where('id', '=', actor.operatorId);
      if (dialect === 'postgres') op = op.forUpdate();
      const row = await op.executeTakeFirst();
      const limitFen = row?.daily_approval_limit_fen ?? (await readSetting<number>(trx, SUPPORT_APPROVAL_LIMIT_KEY)) * 100;
      const done = await trx
        .selectFrom('top_up_orders')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('price_fen'), eb.lit(0)).as('fen'))
        .where('reviewed_by', '=', actor.operatorId)
        .where('state', '=', 'credited')
        .where('reviewed_at', '>=', todayStartInChina())
        .executeTakeFirstOrThrow();
      const doneFen = Number(done.fen);
      if (doneFen + order.price_fen > limitFen) {
        throw forbidden(`超出您今日的审核额度：今日已审核通过 ¥${fenToYuan(doneFen)}，本单 ¥${fenToYuan(order.price_fen)}，额度 ¥${fenToYuan(limitFen)}。请由管理员审核该订单`);
      }
    }
    return duplicates;
  }

  async function review(actor: OperatorActor | ApprovingOperator, id: number, to: 'credited' | 'rejected', reason = ''): Promise<AdminTopUpOrder> {
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      let duplicates: Awaited<ReturnType<typeof checkApproval>> = [];
      if (to === 'credited') {
        const current = await byId(id, trx);
        if (current?.state === 'pending_review') duplicates = await checkApproval(trx, { role: OperatorRole.Support, ...actor }, current, reason);
      }
      const changed = await trx
        .updateTable('top_up_orders')
        .set({ state: to, reject_reason: to === 'rejected' ? reason : '', approval_note: to === 'credited' ? reason : '', reviewed_by: actor.operatorId, reviewed_at: now, updated_at: now })
        .where('id', '=', id)
        .where('state', '=', 'pending_review')
        .returningAll()
        .executeTakeFirst();
      if (!changed) {
        const o = await byId(id, trx);
        if (!o) throw notFound('订单不存在');
        if (o.state === 'credited') throw conflict('该订单已审核通过、积分已到账，不会重复入账');
        throw stateError(o, to === 'credited' ? '审核通过' : '驳回');
      }
      if (to === 'credited') {
        await charger.credit(trx, changed.user_id, { recharge: changed.recharge_points, gift: changed.gifted_points }, `充值到账：${changed.package_name}（¥${fenToYuan(changed.price_fen)}）`, `order:${changed.order_no}`);
      }
      await recordAudit(trx, {
        operatorId: actor.operatorId,
        ip: actor.ip,
        action: to === 'credited' ? 'topup.approve' : 'topup.reject',
        target: `top_up_orders:${id}`,
        before: { state: 'pending_review' },
        after: {
          state: to,
          ...(reason ? { reason } : {}),
          ...(to === 'credited' ? { rechargePoints: changed.recharge_points, giftedPoints: changed.gifted_points, amount: fenToYuan(changed.price_fen) } : {}),
          ...(duplicates.length ? { duplicateVoucherOf: duplicates.map((d) => d.orderNo) } : {}),
        },
      });
    });
    return (await adminPresent([(await byId(id))!]))[0]!;
  }

  return {
    /** Places an order for a package on sale (待付款). At most VOUCHER_LIMITS.openOrders unpaid orders per user. */
    async create(userId: number, packageId: number): Promise<TopUpOrder> {
      const pkg = await packages.find(packageId);
      if (!pkg || pkg.on_sale !== 1) throw badRequest('该充值套餐已下架，请刷新后重新选择');
      if (!payeeReady(await packages.paymentInformation())) throw badRequest(PAYEE_NOT_SET_MESSAGE);
      const open = await db.selectFrom('top_up_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('state', '=', 'pending_payment').executeTakeFirstOrThrow();
      if (Number(open.n) >= VOUCHER_LIMITS.openOrders) throw badRequest(`您有 ${open.n} 个待付款订单，请先完成付款或取消后再下单`);
      const now = nowIso();
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await db
            .insertInto('top_up_orders')
            .values({
              order_no: newOrderNo(),
              user_id: userId,
              package_id: pkg.id,
              package_name: pkg.name,
              price_fen: pkg.price_fen,
              recharge_points: pkg.recharge_points,
              gifted_points: pkg.gifted_points,
              state: 'pending_payment',
              reject_reason: '',
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return presentOrder(row);
        } catch (e) {
          if (attempt < 3 && /unique|duplicate/i.test(String(e))) continue;
          throw e;
        }
      }
    },

    /**
     * Stores the transfer voucher of the user's order (checked and normalised by normaliseVoucher, kept in the blob
     * store under a key with its hash) and moves the order to 待审核. Allowed while 待付款, 待审核 (replaces the
     * voucher) or 已驳回 (a new attempt); the replaced file is deleted.
     */
    async uploadVoucher(userId: number, id: number, file: Buffer, fileName?: string): Promise<TopUpOrder> {
      const o = await owned(userId, id);
      if (!VOUCHER_UPLOAD_STATES.includes(o.state)) throw stateError(o, '上传凭证');
      const v = await normaliseVoucher(file, pages);
      const phash = v.mime === 'application/pdf' ? null : await imageDifferenceHash(v.data);
      const key = `vouchers/${userId}/${o.order_no.toLowerCase()}-${v.sha256.slice(0, 16)}.${v.ext}`;
      const removeVoucher = async (k: string) => Promise.all([blobs.delete(k), k.endsWith('.pdf') ? blobs.delete(voucherPageKey(k)) : undefined]);
      if (v.pagePng) await blobs.put(voucherPageKey(key), v.pagePng);
      await blobs.put(key, v.data);
      const name = (fileName ?? '').replace(/[\\/]+/g, '_').trim().slice(0, 200) || `转账凭证.${v.ext}`;
      const now = nowIso();
      const changed = await db
        .updateTable('top_up_orders')
        .set({ state: 'pending_review', reject_reason: '', voucher_key: key, voucher_sha256: v.sha256, voucher_phash: phash, voucher_mime: v.mime, voucher_size: v.data.length, voucher_name: name, voucher_at: now, reviewed_by: null, reviewed_at: null, updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('state', 'in', [...VOUCHER_UPLOAD_STATES])
        .returningAll()
        .executeTakeFirst();
      if (!changed) {
        if (key !== o.voucher_key) await removeVoucher(key);
        throw stateError((await owned(userId, id)), '上传凭证');
      }
      if (o.voucher_key && o.voucher_key !== key) await removeVoucher(o.voucher_key);
      return presentOrder(changed);
    },

    async cancel(userId: number, id: number): Promise<TopUpOrder> {
      const o = await owned(userId, id);
      const changed = await db
        .updateTable('top_up_orders')
        .set({ state: 'cancelled', updated_at: nowIso() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('state', 'in', [...CANCELLABLE_STATES])
        .returningAll()
        .executeTakeFirst();
      if (!changed) throw stateError(await owned(userId, o.id), '取消');
      return presentOrder(changed);
    },

    async list(userId: number, q: z.output<typeof ZTopUpListQuery>): Promise<Page<TopUpOrder>> {
      let base = db.selectFrom('top_up_orders').where('user_id', '=', userId);
      if (q.state) base = base.where('state', '=', q.state);
      const [rows, total] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').limit(q.pageSize).offset((q.page - 1) * q.pageSize).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(presentOrder), total: Number(total.n), page: q.page, pageSize: q.pageSize };
    },

    /** Orders of this user waiting for review (the nav re-reads the balances while there are any). */
    async pendingCount(userId: number): Promise<number> {
      const r = await db.selectFrom('top_up_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('state', '=', 'pending_review').executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** The voucher file of an order: the owner's own (userId), or any for an operator (userId undefined). */
    async openVoucher(id: number, userId?: number) {
      const o = userId === undefined ? await byId(id) : await owned(userId, id);
      if (!o?.voucher_key) throw notFound('该订单还没有上传转账凭证');
      const { stream, size } = await blobs.stream(o.voucher_key);
      return { stream, size, mime: o.voucher_mime ?? 'application/octet-stream', fileName: `${o.order_no}-转账凭证.${o.voucher_key.split('.').pop()}` };
    },

    /**
     * What an operator looks at for an order's voucher, always a picture: the image voucher itself, or for a PDF the
     * PNG of its page 1 drawn at upload (drawn now and kept when absent, for a PDF stored before pictures were
     * drawn). The PDF itself is never shown, so its scripts and attached files cannot act in the back office.
     */
    async openVoucherPicture(id: number): Promise<{ data: Buffer; mime: 'image/png' | 'image/jpeg' }> {
      const o = await byId(id);
      if (!o?.voucher_key) throw notFound('该订单还没有上传转账凭证');
      if (o.voucher_mime !== 'application/pdf') return { data: await blobs.get(o.voucher_key), mime: o.voucher_mime === 'image/png' ? 'image/png' : 'image/jpeg' };
      const pageKey = voucherPageKey(o.voucher_key);
      try {
        return { data: await blobs.get(pageKey), mime: 'image/png' };
      } catch (e) {
        if (!(e instanceof BlobNotFoundError)) throw e;
      }
      const png = await pages.voucherPage(await blobs.get(o.voucher_key));
      await blobs.put(pageKey, png);
      return { data: png, mime: 'image/png' };
    },

    // ---- operators ----

    async adminList(q: z.output<typeof ZAdminTopUpListQuery>): Promise<Page<AdminTopUpOrder>> {
      let base = db.selectFrom('top_up_orders');
      if (q.state) base = base.where('state', '=', q.state as TopUpState);
      const kw = q.keyword?.trim();
      if (kw) {
        const users = db.selectFrom('users').select('id').where((eb) => eb.or([eb('mobile', '=', kw), eb('email', '=', kw.toLowerCase())]));
        base = base.where((eb) => eb.or([eb('order_no', '=', kw.toUpperCase()), eb('user_id', 'in', users)]));
      }
      // The review queue reads oldest first; other lists newest first.
      const order = q.state === 'pending_review' ? 'asc' : 'desc';
      const [rows, total] = await Promise.all([
        base.selectAll().orderBy('id', order).limit(q.pageSize).offset((q.page - 1) * q.pageSize).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list: await adminPresent(rows), total: Number(total.n), page: q.page, pageSize: q.pageSize };
    },

    /**
     * 待审核 → 已到账, crediting the package's points once (a second or concurrent approval answers 409), under the
     * four-eyes rules of checkApproval; `reason` is the reviewer's note (required for a duplicated voucher).
     */
    approve: (actor: ApprovingOperator, id: number, reason = '') => review(actor, id, 'credited', reason.trim()),
    /** 待审核 → 已驳回 with the reason shown to the user, who may upload a new voucher. */
    reject: (actor: OperatorActor, id: number, reason: string) => review(actor, id, 'rejected', reason),
  };
}
export type TopUpService = ReturnType<typeof createTopUpService>;
