import type { Transaction } from 'kysely';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import type { PackageService } from './packages.service';
import type { PointsCharger } from './points.service';

export interface RegisteredClient {
  ip: string;
  userAgent?: string;
}

/**
 * Invitation rewards (spec §6: role 2 users hand out an invitation code). When an account registers with a code,
 * the inviter and the new account each get the gifted points operators configured (defaults 0). Rules:
 * - once per new account: an `invitation_rewards` row keyed by the new account's id is written in the register
 *   transaction (a second attempt fails on the primary key);
 * - never when the new account registers from the inviter's own client (same IP and User-Agent as one of the
 *   inviter's sessions): the row is written with `skipped = 'same_client'` and nothing is credited.
 */
export function createInvitationRewarder(deps: { charger: PointsCharger; packages: PackageService }) {
  return async function reward(trx: Transaction<Database>, inviteeId: number, inviterId: number, client: RegisteredClient): Promise<void> {
    const r = await deps.packages.invitationReward(trx);
    const sameClient = await trx
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', inviterId)
      .where('ip', '=', client.ip.slice(0, 64))
      .where('user_agent', client.userAgent ? '=' : 'is', client.userAgent?.slice(0, 255) ?? null)
      .executeTakeFirst();
    const skipped = sameClient ? 'same_client' : r.inviterPoints + r.inviteePoints === 0 ? 'no_reward' : '';
    await trx
      .insertInto('invitation_rewards')
      .values({ invitee_id: inviteeId, inviter_id: inviterId, inviter_points: skipped ? 0 : r.inviterPoints, invitee_points: skipped ? 0 : r.inviteePoints, skipped, created_at: nowIso() })
      .execute();
    if (skipped) return;
    const ref = `invite:${inviteeId}`;
    if (r.inviteePoints > 0) await deps.charger.credit(trx, inviteeId, { gift: r.inviteePoints }, '受邀注册奖励（赠送积分）', ref);
    if (r.inviterPoints > 0) await deps.charger.credit(trx, inviterId, { gift: r.inviterPoints }, '邀请新用户注册奖励（赠送积分）', ref);
  };
}
export type InvitationRewarder = ReturnType<typeof createInvitationRewarder>;
