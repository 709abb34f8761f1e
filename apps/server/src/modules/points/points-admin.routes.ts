import {
  OperatorRole,
  ZAdjustPointsRequest,
  ZAdminTopUpListQuery,
  ZApproveTopUpRequest,
  ZInvitationReward,
  ZRejectTopUpRequest,
  ZSavePackageRequest,
  ZSavePaymentInformation,
  ZTopUpIdRequest,
} from '@mazhu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { auditActor, recordAudit } from '../admin/audit';
import { operatorOf } from '../admin/guard';
import { adjustUserPoints } from './adjust';
import { sendVoucherFile } from './points.routes';
import { POINTS_SETTING_KEYS, type PackageService } from './packages.service';
import type { PointsCharger } from './points.service';
import type { TopUpService } from './topups.service';

/** Review calls are open to 客服 as well; every other route here needs 管理员 (the admin guard's default). */
const SUPPORT = { operatorRole: OperatorRole.Support };

/**
 * The back office of the points economy (under /api/admin/, checked by the admin guard before a handler runs):
 * the top-up review queue with the vouchers, approve / reject; packages, payee and invitation reward editing;
 * manual balance adjustments. Every write is recorded in the audit trail in the transaction that makes it.
 */
export async function pointsAdminRoutes(app: FastifyInstance, opts: { db: Kysely<Database>; packages: PackageService; topUps: TopUpService; charger: PointsCharger }): Promise<void> {
  const { db, packages, topUps, charger } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/admin/topups/list', { config: SUPPORT, schema: { body: ZAdminTopUpListQuery } }, async (req) => ok(await topUps.adminList(req.body)));
  // The voucher as uploaded, as a download; what the review shows is the picture below.
  r.get('/api/admin/topups/voucher', { config: SUPPORT, schema: { querystring: ZTopUpIdRequest } }, async (req, reply) => sendVoucherFile(reply, await topUps.openVoucher(req.query.id)));
  r.get('/api/admin/topups/voucherPicture', { config: SUPPORT, schema: { querystring: ZTopUpIdRequest } }, async (req, reply) => {
    const v = await topUps.openVoucherPicture(req.query.id);
    return reply.header('content-type', v.mime).header('content-disposition', 'inline').header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(v.data);
  });
  r.post('/api/admin/topups/approve', { config: SUPPORT, schema: { body: ZApproveTopUpRequest } }, async (req) =>
    ok(await topUps.approve({ ...auditActor(req), role: operatorOf(req).role }, req.body.id, req.body.reason), '已审核通过，积分已到账'),
  );
  r.post('/api/admin/topups/reject', { config: SUPPORT, schema: { body: ZRejectTopUpRequest } }, async (req) => ok(await topUps.reject(auditActor(req), req.body.id, req.body.reason), '已驳回，用户可重新上传凭证'));

  r.get('/api/admin/packages', async () => ok(await packages.list({ all: true })));
  r.post('/api/admin/packages/save', { schema: { body: ZSavePackageRequest } }, async (req) => {
    const saved = await db.transaction().execute(async (trx) => {
      const s = await packages.save(req.body, trx);
      await recordAudit(trx, { ...auditActor(req), action: s.before ? 'package.update' : 'package.add', target: `recharge_package:${s.after.id}`, before: s.before ?? undefined, after: s.after });
      return s.after;
    });
    return ok(saved, req.body.id ? '套餐已保存' : '套餐已添加');
  });

  r.get('/api/admin/paymentInformation', async () => ok(await packages.paymentInformation()));
  r.post('/api/admin/paymentInformation', { schema: { body: ZSavePaymentInformation } }, async (req) => {
    await db.transaction().execute(async (trx) => {
      const before = await packages.paymentInformation(trx);
      await packages.savePaymentInformation(req.body, trx);
      const short = (v: typeof before) => ({ ...v, qrImage: v.qrImage ? `（图片 ${v.qrImage.length} 字符）` : '' });
      await recordAudit(trx, { ...auditActor(req), action: 'settings.update', target: `setting:${POINTS_SETTING_KEYS.paymentInformation}`, before: short(before), after: short(req.body) });
    });
    return ok(await packages.paymentInformation(), '收款信息已保存');
  });

  r.get('/api/admin/invitationReward', async () => ok(await packages.invitationReward()));
  r.post('/api/admin/invitationReward', { schema: { body: ZInvitationReward } }, async (req) => {
    await db.transaction().execute(async (trx) => {
      const before = await packages.invitationReward(trx);
      await packages.saveInvitationReward(req.body, trx);
      await recordAudit(trx, { ...auditActor(req), action: 'settings.update', target: `setting:${POINTS_SETTING_KEYS.invitationReward}`, before, after: req.body });
    });
    return ok(await packages.invitationReward(), '邀请奖励已保存');
  });

  r.post('/api/admin/users/adjustPoints', { schema: { body: ZAdjustPointsRequest } }, async (req) => ok(await adjustUserPoints(db, charger, auditActor(req), req.body), '余额已调整'));
}
