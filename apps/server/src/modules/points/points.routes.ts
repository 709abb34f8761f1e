import { ZIntegralRecordFilter, ZIntegralRecordQuery, ZTopUpIdRequest, ZTopUpListQuery, ZAddTopUpRequest, type PaymentInformation, plainNumber } from '@mazhu/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { requireUserId } from '../../plugins/session';
import type { PackageService } from './packages.service';
import { readBalances, readIntegralSetting } from './points.service';
import { createRecordService } from './records.service';
import type { TopUpService } from './topups.service';

/** multipart/form-data of uploadRechargeVoucher: `orderId` and `file` (a Buffer with attachFieldsToBody 'keyValues'). */
const ZVoucherBody = z.object({
  orderId: plainNumber(z.number({ error: '请指定订单' }).int().positive('订单编号无效')),
  file: z.instanceof(Buffer, { error: '请选择转账凭证（图片或 PDF）' }),
  fileName: z.string().trim().max(200, '文件名过长').optional(),
});

/** `content-disposition: attachment` with an RFC 5987 UTF-8 file name. */
const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Sends a voucher file as it was stored, as a download only: `attachment`, never shown by the browser; a PDF (which may
 * carry scripts and attached files) as `application/octet-stream`; a sandboxing CSP should anything still render it.
 * Personal data: never stored by a cache.
 */
export function sendVoucherFile(reply: FastifyReply, v: { stream: NodeJS.ReadableStream; size: number; mime: string; fileName: string }) {
  return reply
    .header('content-type', v.mime === 'application/pdf' ? 'application/octet-stream' : v.mime)
    .header('content-length', String(v.size))
    .header('content-disposition', attachment(v.fileName))
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(v.stream);
}

/**
 * The user's side of the points economy: balances and costs, packages and the payee (public), top-up orders and
 * their vouchers, the points record and its CSV export.
 */
export async function pointsRoutes(app: FastifyInstance, opts: { db: Kysely<Database>; packages: PackageService; topUps: TopUpService }): Promise<void> {
  const { db, packages, topUps } = opts;
  const records = createRecordService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.get('/api/getFreeTimes', async (req) => {
    const b = await readBalances(db, await requireUserId(req));
    return ok({ freeTimes: b.freeTimes });
  });
  app.get('/api/getUserPoints', async (req) => {
    const userId = await requireUserId(req);
    const [balances, pendingTopUps] = await Promise.all([readBalances(db, userId), topUps.pendingCount(userId)]);
    return ok({ ...balances, pendingTopUps });
  });
  /** Public: the price table is shown before sign-in too (/pointsRecharge). */
  app.get('/api/getIntegralSetting', async () => ok(await readIntegralSetting(db)));

  /** Public: packages on sale. */
  app.get('/api/getRechargePackage', async () => ok(await packages.list()));
  /** Public: the payee. The web client never shows an error of this call (spec §8). */
  app.get('/api/getPaymentInformation', async () => ok<PaymentInformation>(await packages.paymentInformation()));

  r.post('/api/addIntegralTopUp', { schema: { body: ZAddTopUpRequest } }, async (req) =>
    ok(await topUps.create(await requireUserId(req), req.body.packageId), '订单已创建，请按订单金额转账后上传转账凭证'),
  );
  r.post('/api/uploadRechargeVoucher', { schema: { body: ZVoucherBody } }, async (req) => {
    const userId = await requireUserId(req);
    return ok(await topUps.uploadVoucher(userId, req.body.orderId, req.body.file, req.body.fileName), '转账凭证已上传，等待审核');
  });
  r.post('/api/cancelIntegralTopUp', { schema: { body: ZTopUpIdRequest } }, async (req) => ok(await topUps.cancel(await requireUserId(req), req.body.id), '订单已取消'));
  r.post('/api/getIntegralTopUpList', { schema: { body: ZTopUpListQuery } }, async (req) => ok(await topUps.list(await requireUserId(req), req.body)));
  r.get('/api/getRechargeVoucher', { schema: { querystring: ZTopUpIdRequest } }, async (req, reply) => {
    return sendVoucherFile(reply, await topUps.openVoucher(req.query.id, await requireUserId(req)));
  });

  r.post('/api/getIntegralRecord', { schema: { body: ZIntegralRecordQuery } }, async (req) => ok(await records.list(await requireUserId(req), req.body)));
  r.get('/api/exportIntegralRecord', { schema: { querystring: ZIntegralRecordFilter } }, async (req, reply) => {
    const csv = await records.csv(await requireUserId(req), req.query);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachment('积分记录.csv')).header('cache-control', 'private, no-store').send(csv);
  });
}
