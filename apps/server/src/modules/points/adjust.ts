import { isEmail, isMobile, LEDGER_KIND_LABELS, type AdjustPointsResult, type ZAdjustPointsRequest } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { recordAudit } from '../admin/audit';
import { readBalances, type PointsCharger } from './points.service';
import type { OperatorActor } from './topups.service';

/**
 * An operator's manual change of one user's balance (管理员 only): the user by id, mobile or e-mail; a signed,
 * non-zero delta; a mandatory reason, written into the ledger row ("运营调整：<reason>") and the audit trail with the
 * balances before and after, in one transaction. A decrease below zero is refused (400).
 */
export async function adjustUserPoints(db: Kysely<Database>, charger: PointsCharger, actor: OperatorActor, input: z.output<typeof ZAdjustPointsRequest>): Promise<AdjustPointsResult> {
  const a = input.account.trim();
  let q = db.selectFrom('users').select(['id', 'name', 'mobile', 'email']);
  if (/^\d{1,9}$/.test(a)) q = q.where('id', '=', Number(a));
  else if (isMobile(a)) q = q.where('mobile', '=', a);
  else if (isEmail(a)) q = q.where('email', '=', a.toLowerCase());
  else throw notFound('用户不存在：请填写用户编号、手机号或邮箱');
  const user = await q.executeTakeFirst();
  if (!user) throw notFound('用户不存在：请核对用户编号、手机号或邮箱');
  const balances = await db.transaction().execute(async (trx) => {
    const before = await readBalances(trx, user.id);
    const after = await charger.adjust(trx, user.id, input.kind, input.delta, `运营调整：${input.reason}`, `adjust:${actor.operatorId}`);
    await recordAudit(trx, {
      ...actor,
      action: 'user.points.adjust',
      target: `user:${user.id}`,
      before,
      after: { ...after, kind: LEDGER_KIND_LABELS[input.kind], delta: input.delta, reason: input.reason },
    });
    return after;
  });
  return { user: { id: user.id, name: user.name, account: user.mobile ?? user.email ?? '' }, balances };
}
