import type { AdminUserDetails, AdminUserQuery, AdminUserRow, Page, SetUserDisabledRequest } from '@mazhu/contracts';
import type { Kysely, Selectable } from 'kysely';
import { nowIso } from '../../db';
import type { Database, UsersTable } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { SessionStore } from '../auth/sessions';
import { recordAudit } from './audit';

const presentUser = (u: Selectable<UsersTable>): AdminUserRow => ({
  id: u.id,
  name: u.name,
  mobile: u.mobile ?? '',
  email: u.email ?? '',
  role: u.role,
  invitationCode: u.invitation_code ?? '',
  disabled: Boolean(u.disabled),
  freeTimes: u.free_times,
  rechargePoints: u.recharge_points,
  giftedPoints: u.gifted_points,
  createdAt: u.created_at,
});

/** Users in the back office: search, details, disable / enable (sessions end at once), each write audited. */
export function createAdminUsers(db: Kysely<Database>, sessions: Pick<SessionStore, 'revokeAllIn'>) {
  return {
    /** Search by mobile, e-mail or name (substring, case-insensitive for e-mail); newest first. */
    async search(q: AdminUserQuery): Promise<Page<AdminUserRow>> {
      let base = db.selectFrom('users');
      const k = q.keyword?.replace(/[%_]/g, '');
      if (k) base = base.where((eb) => eb.or([eb('mobile', 'like', `%${k}%`), eb('email', 'like', `%${k.toLowerCase()}%`), eb('name', 'like', `%${k}%`)]));
      if (q.status !== 'all') base = base.where('disabled', '=', q.status === 'disabled' ? 1 : 0);
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('id', 'desc').limit(q.pageSize).offset((q.page - 1) * q.pageSize).execute();
      return { list: rows.map(presentUser), total: Number(total), page: q.page, pageSize: q.pageSize };
    },

    /** A user with the latest 50 projects, ledger rows and sessions. */
    async details(id: number): Promise<AdminUserDetails> {
      const u = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      if (!u) throw notFound('用户不存在');
      const [invited, projects, ledger, sessions] = await Promise.all([
        db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('inviter_id', '=', id).executeTakeFirstOrThrow(),
        db.selectFrom('projects').select(['id', 'name', 'version', 'source', 'status', 'message', 'updated_at']).where('user_id', '=', id).orderBy('id', 'desc').limit(50).execute(),
        db.selectFrom('points_ledger').selectAll().where('user_id', '=', id).orderBy('id', 'desc').limit(50).execute(),
        db.selectFrom('sessions').selectAll().where('user_id', '=', id).orderBy('created_at', 'desc').limit(50).execute(),
      ]);
      return {
        user: { ...presentUser(u), inviterId: u.inviter_id, invitedCount: Number(invited.n) },
        projects: projects.map((p) => ({ id: p.id, name: p.name, version: p.version, source: p.source, status: p.status, message: p.message, updatedAt: p.updated_at })),
        ledger: ledger.map((l) => ({ id: l.id, kind: l.kind, delta: l.delta, balanceAfter: l.balance_after, reason: l.reason, ref: l.ref, createdAt: l.created_at })),
        sessions: sessions.map((s) => ({
          id: s.id,
          createdAt: s.created_at,
          lastSeenAt: s.last_seen_at,
          expiresAt: s.expires_at,
          revokedAt: s.revoked_at,
          revokedReason: s.revoked_reason,
          ip: s.ip,
          userAgent: s.user_agent,
        })),
      };
    },

    /**
     * Disables (every session of the user ends in the same transaction; sign-in is refused with
     * 该账号已被停用，请联系客服) or enables an account, with the operator's reason in the audit trail.
     */
    async setDisabled(actor: { operatorId: number; ip?: string }, input: SetUserDisabledRequest): Promise<{ userId: number; disabled: boolean; sessionsEnded: number }> {
      return db.transaction().execute(async (trx) => {
        const u = await trx.selectFrom('users').select(['id', 'disabled']).where('id', '=', input.userId).executeTakeFirst();
        if (!u) throw notFound('用户不存在');
        if (Boolean(u.disabled) === input.disabled) throw badRequest(input.disabled ? '该账号已是停用状态' : '该账号未被停用');
        await trx.updateTable('users').set({ disabled: input.disabled ? 1 : 0, updated_at: nowIso() }).where('id', '=', u.id).execute();
        const ended = input.disabled ? await sessions.revokeAllIn(trx, u.id, 'operator') : 0;
        await recordAudit(trx, {
          ...actor,
          action: input.disabled ? 'user.disable' : 'user.enable',
          target: `user:${u.id}`,
          before: { disabled: Boolean(u.disabled) },
          after: { disabled: input.disabled, reason: input.reason, sessionsEnded: ended },
        });
        return { userId: u.id, disabled: input.disabled, sessionsEnded: ended };
      });
    },
  };
}
