import crypto from 'node:crypto';
import { ApiCode } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';

export const sha256 = (s: string): string => crypto.createHash('sha256').update(s).digest('hex');

export interface IssuedSession {
  /** Bearer token (43 base64url characters, 256 random bits); stored only as sha256. */
  token: string;
  sessionId: string;
  userId: number;
  expiresAt: string;
}

export type SessionResolution =
  | { ok: true; userId: number; sessionId: string }
  | { ok: false; code: number; msg: string };

/** Session codes (spec §8, §4): which sign-out code means what. */
export const SESSION_MESSAGES = {
  [ApiCode.NotSignedIn]: '请先登录',
  [ApiCode.SessionExpired]: '登录已过期，请重新登录',
  [ApiCode.SessionRevoked]: '登录状态已失效（已退出或密码已修改），请重新登录',
} as const;

/** What a disabled user is told, on sign-in and on any call with an old session. */
export const DISABLED_MESSAGE = '该账号已被停用，请联系客服';

/**
 * Revokes every open session of a user except `keepSessionId`; takes the caller's transaction (an operator
 * disabling an account ends its sessions in the same transaction). Returns how many ended.
 */
export async function revokeUserSessions(db: Kysely<Database>, userId: number, reason: 'password' | 'operator', keepSessionId?: string): Promise<number> {
  let q = db.updateTable('sessions').set({ revoked_at: nowIso(), revoked_reason: reason }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId) q = q.where('id', '!=', keepSessionId);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

/**
 * Server-side sessions: random tokens stored hashed, absolute lifetime `ttlDays`, revocable one by one or per user.
 * Resolution answers 302 (no or unknown token), 304 (expired), 305 (revoked).
 */
export function createSessionStore(db: Kysely<Database>, ttlDays: number) {
  return {
    async issue(userId: number, meta: { ip?: string; userAgent?: string } = {}): Promise<IssuedSession> {
      const token = crypto.randomBytes(32).toString('base64url');
      const sessionId = crypto.randomUUID();
      const now = new Date();
      const expiresAt = new Date(now.getTime() + ttlDays * 86_400_000).toISOString();
      await db
        .insertInto('sessions')
        .values({
          id: sessionId,
          user_id: userId,
          token_hash: sha256(token),
          created_at: now.toISOString(),
          expires_at: expiresAt,
          last_seen_at: now.toISOString(),
          revoked_at: null,
          revoked_reason: null,
          ip: meta.ip?.slice(0, 64) ?? null,
          user_agent: meta.userAgent?.slice(0, 255) ?? null,
        })
        .execute();
      return { token, sessionId, userId, expiresAt };
    },

    /** Looks a token up; `sessionId`, when sent, must belong to the same session. */
    async resolve(token: string | undefined, sessionId: string | undefined): Promise<SessionResolution> {
      if (!token) return { ok: false, code: ApiCode.NotSignedIn, msg: SESSION_MESSAGES[ApiCode.NotSignedIn] };
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id', 'sessions.user_id', 'sessions.expires_at', 'sessions.revoked_at', 'users.disabled'])
        .where('sessions.token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (!row || (sessionId && sessionId !== row.id)) {
        return { ok: false, code: ApiCode.NotSignedIn, msg: '登录状态无效，请重新登录' };
      }
      if (row.disabled) return { ok: false, code: ApiCode.SessionRevoked, msg: DISABLED_MESSAGE };
      if (row.revoked_at) {
        return { ok: false, code: ApiCode.SessionRevoked, msg: SESSION_MESSAGES[ApiCode.SessionRevoked] };
      }
      if (row.expires_at <= nowIso()) {
        return { ok: false, code: ApiCode.SessionExpired, msg: SESSION_MESSAGES[ApiCode.SessionExpired] };
      }
      return { ok: true, userId: row.user_id, sessionId: row.id };
    },

    async revoke(sessionId: string, reason: 'logout' | 'password' | 'operator'): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: nowIso(), revoked_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Revokes every session of a user except `keepSessionId` (password change, operator action). */
    async revokeAllOf(userId: number, reason: 'password' | 'operator', keepSessionId?: string): Promise<void> {
      await revokeUserSessions(db, userId, reason, keepSessionId);
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
