import {
  ApiCode,
  OPERATOR_ROLE_LABELS,
  OperatorRole,
  ZAddAdminRequest,
  ZAdminLoginRequest,
  ZDelAdminQuery,
  ZEditAdminRequest,
  ZOperatorPasswordChange,
  ZSetUserRoleRequest,
  type AdminLoginAnswer,
  type OperatorInfo,
} from '@mazhu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { auditActor, recordAudit } from '../admin/audit';
import { operatorOf } from '../admin/guard';
import { newInvitationCode } from '../auth/auth.service';
import { type AttemptGuard, passwordRules } from '../auth/attempts';
import type { CaptchaVerifier } from '../auth/codes.service';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../auth/passwords';
import { captchaClientOf } from '../captcha/captcha.routes';
import { revokeOperatorSession, revokeOperatorSessions, type OperatorSessions } from './operator-sessions';

/**
 * Creates or resets the bootstrap operator from OPERATOR_USERNAME / OPERATOR_PASSWORD as a 管理员 (no operator
 * exists otherwise, so the back office is closed by default).
 */
export async function bootstrapOperator(db: Kysely<Database>, username?: string, password?: string): Promise<void> {
  if (!username || !password) return;
  const hash = await hashPassword(password);
  const existing = await db.selectFrom('operators').select('id').where('username', '=', username).executeTakeFirst();
  if (existing) await db.updateTable('operators').set({ password_hash: hash, role: OperatorRole.Admin }).where('id', '=', existing.id).execute();
  else await db.insertInto('operators').values({ username, password_hash: hash, role: OperatorRole.Admin, created_at: nowIso(), created_by: null, updated_at: null }).execute();
}

/** Operators as the back office lists them (no hashes). */
async function listOperators(db: Kysely<Database>): Promise<OperatorInfo[]> {
  const rows = await db
    .selectFrom('operators as o')
    .leftJoin('operators as c', 'c.id', 'o.created_by')
    .select(['o.id', 'o.username', 'o.role', 'o.created_at', 'o.daily_approval_limit_fen', 'c.username as created_by_name'])
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    role: r.role as OperatorRole,
    createdAt: r.created_at,
    createdBy: r.created_by_name ?? '',
    dailyApprovalLimit: r.daily_approval_limit_fen === null ? null : Math.floor(r.daily_approval_limit_fen / 100),
  }));
}

const countAdmins = async (db: Kysely<Database>): Promise<number> =>
  Number((await db.selectFrom('operators').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', OperatorRole.Admin).executeTakeFirstOrThrow()).n);

/**
 * Back-office operator routes (spec §7 adminLogin, addAdmin, delAdmin, plus /api/admin/me,
 * /api/admin/operators, /api/admin/editOperator, /api/admin/changePassword, /api/admin/setUserRole). The admin guard checks the operator
 * session and role before any handler runs; every write is recorded in the audit trail in its transaction.
 */
export async function operatorRoutes(
  app: FastifyInstance,
  opts: { db: Kysely<Database>; attempts: AttemptGuard; captcha: CaptchaVerifier; operatorSessions: OperatorSessions },
): Promise<void> {
  const { db, attempts, captcha, operatorSessions } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { operatorRole: OperatorRole.Admin };
  const anyOperator = { operatorRole: OperatorRole.Support };

  r.post('/api/adminLogin', { schema: { body: ZAdminLoginRequest } }, async (req) => {
    const username = req.body.username;
    const rules = passwordRules('op', username.toLowerCase(), req.ip);
    const cv = req.body.captchaVerification;
    const solved = cv ? (await captcha.verification(cv, { clientKey: captchaClientOf(req).clientKey, purpose: 'login' })).ok : false;
    if (cv && !solved) throw badRequest('安全验证已失效，请重新完成验证');
    // Reserved before the scrypt check, so a concurrent burst cannot run more checks than the budget.
    await attempts.reserve(solved ? [rules.ip, rules.accountAndIp] : [rules.ip, rules.accountAndIp, rules.account]);
    const op = await db.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
    const good = await verifyPassword(req.body.password, op?.password_hash ?? (await DUMMY_HASH_PROMISE));
    if (!op || !good) throw badRequest('运营账号或密码错误');
    await attempts.refund(rules.ip);
    await attempts.forget([rules.accountAndIp.key, rules.account.key]);
    const s = await operatorSessions.issue(op.id);
    const data: AdminLoginAnswer = { token: s.token, sessionId: s.sessionId, operatorId: op.id, username: op.username, role: op.role as OperatorRole };
    return { code: ApiCode.LoginOk, msg: '登录成功', data };
  });

  r.post('/api/admin/logout', { config: anyOperator }, async (req) => {
    await revokeOperatorSession(db, operatorOf(req).sessionId, 'logout');
    return ok(null, '已退出运营后台');
  });

  r.get('/api/admin/me', { config: anyOperator }, async (req) => {
    const me = operatorOf(req);
    return ok({ id: me.id, username: me.username, role: me.role, roleLabel: OPERATOR_ROLE_LABELS[me.role] });
  });

  r.get('/api/admin/operators', { config: adminOnly }, async () => ok(await listOperators(db)));

  r.post('/api/addAdmin', { schema: { body: ZAddAdminRequest }, config: adminOnly }, async (req) => {
    const actor = auditActor(req);
    const { username, password, role } = req.body;
    const hash = await hashPassword(password);
    const row = await db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom('operators').select('id').where('username', '=', username).executeTakeFirst();
      if (exists) throw conflict('该运营账号已存在');
      const added = await trx
        .insertInto('operators')
        .values({ username, password_hash: hash, role, created_at: nowIso(), created_by: actor.operatorId, updated_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { ...actor, action: 'operator.add', target: `operator:${added.id}`, after: { username, role } });
      return added;
    });
    return ok({ id: row.id, username, role }, '运营账号已添加');
  });

  r.post('/api/admin/editOperator', { schema: { body: ZEditAdminRequest }, config: adminOnly }, async (req) => {
    const actor = auditActor(req);
    const { id, role, password, dailyApprovalLimit } = req.body;
    const hash = password ? await hashPassword(password) : undefined;
    const result = await db.transaction().execute(async (trx) => {
      const target = await trx.selectFrom('operators').select(['id', 'username', 'role', 'daily_approval_limit_fen']).where('id', '=', id).executeTakeFirst();
      if (!target) throw notFound('运营账号不存在');
      const limitFen = dailyApprovalLimit === undefined ? target.daily_approval_limit_fen : dailyApprovalLimit === null ? null : dailyApprovalLimit * 100;
      const roleChanges = role !== undefined && role !== target.role;
      if (roleChanges && target.role === OperatorRole.Admin && (await countAdmins(trx)) <= 1) throw badRequest('至少要保留一名管理员');
      await trx
        .updateTable('operators')
        .set({ ...(roleChanges ? { role } : {}), ...(hash ? { password_hash: hash } : {}), daily_approval_limit_fen: limitFen, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      // A new role or password takes effect at the next sign-in: the operator's sessions end now.
      if (roleChanges || hash) await revokeOperatorSessions(trx, id, hash ? 'password' : 'role');
      await recordAudit(trx, {
        ...actor,
        action: 'operator.edit',
        target: `operator:${id}`,
        before: { username: target.username, role: target.role, dailyApprovalLimitFen: target.daily_approval_limit_fen },
        after: { username: target.username, role: roleChanges ? role : target.role, passwordChanged: Boolean(hash), dailyApprovalLimitFen: limitFen },
      });
      return { id, username: target.username, role: (roleChanges ? role : target.role) as OperatorRole };
    });
    return ok(result, '运营账号已更新');
  });

  r.get('/api/delAdmin', { schema: { querystring: ZDelAdminQuery }, config: adminOnly }, async (req) => {
    const actor = auditActor(req);
    const id = req.query.id;
    if (id === actor.operatorId) throw badRequest('不能删除自己的运营账号');
    await db.transaction().execute(async (trx) => {
      const target = await trx.selectFrom('operators').select(['id', 'username', 'role']).where('id', '=', id).executeTakeFirst();
      if (!target) throw notFound('运营账号不存在');
      const total = Number((await trx.selectFrom('operators').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      if (total <= 1) throw badRequest('不能删除最后一个运营账号');
      if (target.role === OperatorRole.Admin && (await countAdmins(trx)) <= 1) throw badRequest('至少要保留一名管理员');
      await revokeOperatorSessions(trx, id, 'deleted');
      await trx.deleteFrom('operators').where('id', '=', id).execute();
      await recordAudit(trx, { ...actor, action: 'operator.delete', target: `operator:${id}`, before: { username: target.username, role: target.role } });
    });
    return ok(null, '运营账号已删除');
  });

  r.post('/api/admin/changePassword', { schema: { body: ZOperatorPasswordChange }, config: anyOperator }, async (req) => {
    const me = operatorOf(req);
    const rule = { key: `op:pwchg:${me.id}`, limit: 5, windowSeconds: 900, msg: '原密码错误次数过多，请 15 分钟后再试' };
    await attempts.reserve([rule]);
    const row = await db.selectFrom('operators').select('password_hash').where('id', '=', me.id).executeTakeFirstOrThrow();
    if (!(await verifyPassword(req.body.oldPassword, row.password_hash))) throw badRequest('原密码错误');
    await attempts.forget([rule.key]);
    if (req.body.oldPassword === req.body.newPassword) throw badRequest('新密码不能与原密码相同');
    const hash = await hashPassword(req.body.newPassword);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('operators').set({ password_hash: hash, updated_at: nowIso() }).where('id', '=', me.id).execute();
      await revokeOperatorSessions(trx, me.id, 'password', me.sessionId);
      await recordAudit(trx, { operatorId: me.id, ip: req.ip, action: 'operator.password', target: `operator:${me.id}`, after: { passwordChanged: true } });
    });
    return ok(null, '密码已修改，其他设备上的登录已退出');
  });

  r.post('/api/admin/setUserRole', { schema: { body: ZSetUserRoleRequest }, config: adminOnly }, async (req) => {
    const actor = auditActor(req);
    const result = await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(['id', 'role', 'invitation_code']).where('id', '=', req.body.userId).executeTakeFirst();
      if (!user) throw notFound('用户不存在');
      let code = user.invitation_code;
      if (req.body.role === 2 && !code) {
        for (let i = 0; i < 5 && !code; i++) {
          const candidate = newInvitationCode();
          const taken = await trx.selectFrom('users').select('id').where('invitation_code', '=', candidate).executeTakeFirst();
          if (!taken) code = candidate;
        }
        if (!code) throw new AppError(ApiCode.ServerError, '生成邀请码失败，请重试');
      }
      await trx.updateTable('users').set({ role: req.body.role, invitation_code: code, updated_at: nowIso() }).where('id', '=', user.id).execute();
      await recordAudit(trx, {
        ...actor,
        action: 'user.role',
        target: `user:${user.id}`,
        before: { role: user.role, invitationCode: user.invitation_code },
        after: { role: req.body.role, invitationCode: code },
      });
      return { userId: user.id, role: req.body.role, invitationCode: req.body.role === 2 ? (code ?? '') : '' };
    });
    return ok(result, '角色已更新');
  });
}
