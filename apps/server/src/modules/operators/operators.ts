import crypto from 'node:crypto';
import { ApiCode, ZAddAdminRequest, ZAdminLoginRequest, ZDelAdminQuery, ZSetUserRoleRequest } from '@mazhu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import type { Kv } from '../../kv';
import { ok } from '../../lib/envelope';
import { AppError, badRequest, conflict, forbidden, notFound, tooMany } from '../../lib/errors';
import { newInvitationCode } from '../auth/auth.service';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../auth/passwords';
import { sha256 } from '../auth/sessions';

const OPERATOR_SESSION_HOURS = 12;

/**
 * Creates or resets the bootstrap operator from OPERATOR_USERNAME / OPERATOR_PASSWORD (no operator exists otherwise,
 * so the back office is closed by default).
 */
export async function bootstrapOperator(db: Kysely<Database>, username?: string, password?: string): Promise<void> {
  if (!username || !password) return;
  const hash = await hashPassword(password);
  const existing = await db.selectFrom('operators').select('id').where('username', '=', username).executeTakeFirst();
  if (existing) await db.updateTable('operators').set({ password_hash: hash }).where('id', '=', existing.id).execute();
  else await db.insertInto('operators').values({ username, password_hash: hash, created_at: nowIso(), created_by: null }).execute();
}

/**
 * Back-office operator routes (spec §7 adminLogin, addAdmin, delAdmin). Operators are a separate table with
 * separate sessions: an ordinary user's token never resolves here, so these routes answer 403 to users.
 */
export async function operatorRoutes(app: FastifyInstance, opts: { db: Kysely<Database>; kv: Kv }): Promise<void> {
  const { db, kv } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function requireOperator(req: FastifyRequest): Promise<number> {
    const token = req.headers.token;
    if (typeof token !== 'string' || !token) throw forbidden('仅限运营人员操作');
    const row = await db
      .selectFrom('operator_sessions')
      .select(['operator_id', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || row.revoked_at || row.expires_at <= nowIso()) throw forbidden('仅限运营人员操作');
    return row.operator_id;
  }

  r.post('/api/adminLogin', { schema: { body: ZAdminLoginRequest } }, async (req) => {
    const key = `op:fail:${req.body.username}`;
    const ipKey = `op:fail:ip:${req.ip}`;
    if (Number((await kv.get(key)) ?? 0) >= 5 || Number((await kv.get(ipKey)) ?? 0) >= 20) throw tooMany('登录失败次数过多，请 15 分钟后再试');
    const op = await db.selectFrom('operators').selectAll().where('username', '=', req.body.username).executeTakeFirst();
    const good = await verifyPassword(req.body.password, op?.password_hash ?? (await DUMMY_HASH_PROMISE));
    if (!op || !good) {
      await kv.incrWindow(key, 900);
      await kv.incrWindow(ipKey, 900);
      throw badRequest('运营账号或密码错误');
    }
    const token = crypto.randomBytes(32).toString('base64url');
    const sessionId = crypto.randomUUID();
    await db
      .insertInto('operator_sessions')
      .values({ id: sessionId, operator_id: op.id, token_hash: sha256(token), created_at: nowIso(), expires_at: new Date(Date.now() + OPERATOR_SESSION_HOURS * 3_600_000).toISOString(), revoked_at: null })
      .execute();
    return { code: ApiCode.LoginOk, msg: '登录成功', data: { token, sessionId, operatorId: op.id } };
  });

  r.post('/api/addAdmin', { schema: { body: ZAddAdminRequest } }, async (req) => {
    const me = await requireOperator(req);
    const exists = await db.selectFrom('operators').select('id').where('username', '=', req.body.username).executeTakeFirst();
    if (exists) throw conflict('该运营账号已存在');
    const row = await db
      .insertInto('operators')
      .values({ username: req.body.username, password_hash: await hashPassword(req.body.password), created_at: nowIso(), created_by: me })
      .returning('id')
      .executeTakeFirstOrThrow();
    return ok({ id: row.id, username: req.body.username }, '运营账号已添加');
  });

  r.get('/api/delAdmin', { schema: { querystring: ZDelAdminQuery } }, async (req) => {
    const me = await requireOperator(req);
    if (req.query.id === me) throw badRequest('不能删除自己的运营账号');
    const del = await db.deleteFrom('operators').where('id', '=', req.query.id).executeTakeFirst();
    if (!Number(del.numDeletedRows)) throw notFound('运营账号不存在');
    return ok(null, '运营账号已删除');
  });

  r.post('/api/admin/setUserRole', { schema: { body: ZSetUserRoleRequest } }, async (req) => {
    await requireOperator(req);
    const user = await db.selectFrom('users').select(['id', 'invitation_code']).where('id', '=', req.body.userId).executeTakeFirst();
    if (!user) throw notFound('用户不存在');
    let code = user.invitation_code;
    if (req.body.role === 2 && !code) {
      for (let i = 0; i < 5 && !code; i++) {
        const candidate = newInvitationCode();
        const taken = await db.selectFrom('users').select('id').where('invitation_code', '=', candidate).executeTakeFirst();
        if (!taken) code = candidate;
      }
      if (!code) throw new AppError(ApiCode.ServerError, '生成邀请码失败，请重试');
    }
    await db.updateTable('users').set({ role: req.body.role, invitation_code: code, updated_at: nowIso() }).where('id', '=', user.id).execute();
    return ok({ userId: user.id, role: req.body.role, invitationCode: req.body.role === 2 ? code : '' }, '角色已更新');
  });
}
