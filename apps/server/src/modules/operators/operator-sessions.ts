import crypto from 'node:crypto';
import { ApiCode, type OperatorRole } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import { sha256 } from '../auth/sessions';

/** Absolute lifetime of an operator session. */
export const OPERATOR_SESSION_HOURS = 12;

/** Why an operator session ended (stored in operator_sessions.revoked_reason). */
export type OperatorRevokeReason = 'logout' | 'password' | 'deleted' | 'role' | 'admin';

/** The operator behind a request, as the guard found it. */
export interface OperatorContext {
  id: number;
  username: string;
  role: OperatorRole;
  sessionId: string;
}

export interface IssuedOperatorSession {
  token: string;
  sessionId: string;
  expiresAt: string;
}

/**
 * Operator sessions: a 256-bit random token stored as sha256, 12 h absolute lifetime, revocable one by one or per
 * operator. Separate from user sessions, so a user's token never resolves here.
 */
export function createOperatorSessions(db: Kysely<Database>) {
  return {
    async issue(operatorId: number): Promise<IssuedOperatorSession> {
      const token = crypto.randomBytes(32).toString('base64url');
      const sessionId = crypto.randomUUID();
      const expiresAt = new Date(Date.now() + OPERATOR_SESSION_HOURS * 3_600_000).toISOString();
      await db
        .insertInto('operator_sessions')
        .values({ id: sessionId, operator_id: operatorId, token_hash: sha256(token), created_at: nowIso(), expires_at: expiresAt, revoked_at: null, revoked_reason: null })
        .execute();
      return { token, sessionId, expiresAt };
    },

    /**
     * The operator of `token` (+ `sessionId` when sent), or throws the refusal envelope:
     * 302 no token / unknown session, 403 a user's token, 305 revoked, 304 expired.
     */
    async resolve(token: string | undefined, sessionId: string | undefined): Promise<OperatorContext> {
      if (!token) throw new AppError(ApiCode.NotSignedIn, '请先登录运营后台');
      const hash = sha256(token);
      const row = await db
        .selectFrom('operator_sessions')
        .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
        .select(['operator_sessions.id', 'operator_sessions.expires_at', 'operator_sessions.revoked_at', 'operators.id as operator_id', 'operators.username', 'operators.role'])
        .where('operator_sessions.token_hash', '=', hash)
        .executeTakeFirst();
      if (!row) {
        const userSession = await db.selectFrom('sessions').select('id').where('token_hash', '=', hash).executeTakeFirst();
        if (userSession) throw forbidden('用户账号无权访问运营后台，请使用运营账号登录');
        throw new AppError(ApiCode.NotSignedIn, '运营登录已失效，请重新登录');
      }
      if (sessionId && sessionId !== row.id) throw new AppError(ApiCode.NotSignedIn, '运营登录已失效，请重新登录');
      if (row.revoked_at) throw new AppError(ApiCode.SessionRevoked, '运营登录已失效（已退出、密码或角色已变更），请重新登录');
      if (row.expires_at <= nowIso()) throw new AppError(ApiCode.SessionExpired, '运营登录已过期，请重新登录');
      return { id: row.operator_id, username: row.username, role: row.role as OperatorRole, sessionId: row.id };
    },
  };
}
export type OperatorSessions = ReturnType<typeof createOperatorSessions>;

/** Ends one operator session (logout). Runs inside the caller's transaction when given one. */
export async function revokeOperatorSession(db: Kysely<Database>, sessionId: string, reason: OperatorRevokeReason): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: nowIso(), revoked_reason: reason }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/**
 * Ends every session of an operator except `keepSessionId` (password change keeps the current one; delete and
 * role change keep none). Runs inside the caller's transaction when given one. Returns how many ended.
 */
export async function revokeOperatorSessions(db: Kysely<Database>, operatorId: number, reason: OperatorRevokeReason, keepSessionId?: string): Promise<number> {
  let q = db.updateTable('operator_sessions').set({ revoked_at: nowIso(), revoked_reason: reason }).where('operator_id', '=', operatorId).where('revoked_at', 'is', null);
  if (keepSessionId) q = q.where('id', '!=', keepSessionId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Ends the operator session of `token` (sign-out), if it is one; an unknown or a user's token changes nothing. */
export async function revokeOperatorSessionByToken(db: Kysely<Database>, token: string): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: nowIso(), revoked_reason: 'logout' })
    .where('token_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .execute();
}
