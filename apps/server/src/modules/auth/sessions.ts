import crypto from 'node:crypto';
import { ApiCode } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import { nowIso, type Dialect } from '../../db';
import { compileOnce } from '../../db/compiled';
import type { Database } from '../../db/schema';
import type { Kv } from '../../kv';

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

/**
 * Sessions one account keeps open at once (phones, computers, browsers): a sign-in beyond it ends the account's
 * oldest open sessions (by sign-in time), so a leaked password or a script signing in over and over cannot pile up
 * sessions without bound. Ten covers a person's devices and browsers with room to spare.
 */
export const MAX_SESSIONS_PER_USER = 10;

/** What a device whose session was ended by MAX_SESSIONS_PER_USER is told on its next call (305). */
export const SESSION_LIMIT_MESSAGE = `该账号已在超过 ${MAX_SESSIONS_PER_USER} 处登录，本处最早的登录已自动退出，请重新登录`;

/** What a disabled user is told, on sign-in and on any call with an old session. */
export const DISABLED_MESSAGE = '该账号已被停用，请联系客服';

/** Seconds a resolved session is trusted from the shared cache before the database is asked again. */
export const SESSION_CACHE_SECONDS = 60;
/** A revoked session's cache marker outlives any entry written before the revocation. */
const REVOKED_MARK_SECONDS = SESSION_CACHE_SECONDS * 2;
const REVOKED = 'revoked';
const cacheKey = (tokenHash: string) => `sess:${tokenHash}`;

/**
 * Marks sessions as revoked in the shared cache. Called BEFORE the revoking write: from then on every process
 * reads these sessions from the database, and an entry that a request in flight tries to cache afterwards is refused
 * (it is only written where no key exists), so a revocation is seen by every process as soon as it commits.
 */
async function markRevoked(cache: Kv | undefined, tokenHashes: string[]): Promise<void> {
  if (!cache) return;
  // Redis unreachable: nobody reads the cache either; the database write below still revokes.
  await Promise.all(tokenHashes.map((h) => cache.set(cacheKey(h), REVOKED, REVOKED_MARK_SECONDS))).catch(() => undefined);
}

/**
 * Revokes every open session of a user except `keepSessionId`; takes the caller's transaction (an operator
 * disabling an account ends its sessions in the same transaction) and the shared session cache, if any.
 * Returns how many ended.
 */
export async function revokeUserSessions(db: Kysely<Database>, userId: number, reason: 'password' | 'operator', keepSessionId?: string, cache?: Kv): Promise<number> {
  if (cache) {
    let open = db.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (keepSessionId) open = open.where('id', '!=', keepSessionId);
    await markRevoked(cache, (await open.execute()).map((r) => r.token_hash));
  }
  let q = db.updateTable('sessions').set({ revoked_at: nowIso(), revoked_reason: reason }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId) q = q.where('id', '!=', keepSessionId);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

interface CachedSession {
  id: string;
  userId: number;
  expiresAt: string;
}

/**
 * Server-side sessions: random tokens stored hashed, absolute lifetime `ttlDays`, revocable one by one or per user,
 * at most MAX_SESSIONS_PER_USER open per account. Resolution answers 302 (no or unknown token), 304 (expired), 305
 * (revoked).
 *
 * With a shared `cache` (Redis, when several processes serve one database) a valid session is kept there for
 * SESSION_CACHE_SECONDS under the token's hash, so most requests do not read the database; revocations mark the
 * entry first (see markRevoked), so every process sees them at once.
 */
export function createSessionStore(db: Kysely<Database>, ttlDays: number, opts: { dialect: Dialect; cache?: Kv }) {
  const { dialect, cache } = opts;
  // Run on every request a cache does not answer (web processes without Redis: all of them), so compiled once.
  const lookup = compileOnce((p: { hash: string }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.user_id', 'sessions.expires_at', 'sessions.revoked_at', 'sessions.revoked_reason', 'users.disabled'])
      .where('sessions.token_hash', '=', p.hash),
  );

  async function fromCache(hash: string, sessionId: string | undefined): Promise<SessionResolution | undefined> {
    if (!cache) return undefined;
    const raw = await cache.get(cacheKey(hash)).catch(() => null);
    if (!raw || raw === REVOKED) return undefined;
    const c = JSON.parse(raw) as CachedSession;
    if ((sessionId && sessionId !== c.id) || c.expiresAt <= nowIso()) return undefined;
    return { ok: true, userId: c.userId, sessionId: c.id };
  }

  return {
    /**
     * Signs a user in: a new session, and — in the same transaction — the account's oldest open sessions beyond
     * MAX_SESSIONS_PER_USER ended (reason `session_limit`). On PostgreSQL the user row is locked for the transaction,
     * so two sign-ins at once cannot both keep the others.
     */
    async issue(userId: number, meta: { ip?: string; userAgent?: string } = {}): Promise<IssuedSession> {
      const token = crypto.randomBytes(32).toString('base64url');
      const sessionId = crypto.randomUUID();
      const now = new Date();
      const expiresAt = new Date(now.getTime() + ttlDays * 86_400_000).toISOString();
      await db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
        await trx
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
        const others = await trx
          .selectFrom('sessions')
          .select(['id', 'token_hash'])
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now.toISOString())
          .where('id', '!=', sessionId)
          .orderBy('created_at', 'desc')
          .execute();
        const ended = others.slice(MAX_SESSIONS_PER_USER - 1);
        if (!ended.length) return;
        await markRevoked(cache, ended.map((r) => r.token_hash));
        await trx
          .updateTable('sessions')
          .set({ revoked_at: now.toISOString(), revoked_reason: 'session_limit' })
          .where('id', 'in', ended.map((r) => r.id))
          .where('revoked_at', 'is', null)
          .execute();
      });
      return { token, sessionId, userId, expiresAt };
    },

    /** Looks a token up; `sessionId`, when sent, must belong to the same session. */
    async resolve(token: string | undefined, sessionId: string | undefined): Promise<SessionResolution> {
      if (!token) return { ok: false, code: ApiCode.NotSignedIn, msg: SESSION_MESSAGES[ApiCode.NotSignedIn] };
      const hash = sha256(token);
      const cached = await fromCache(hash, sessionId);
      if (cached) return cached;
      const [row] = (await db.executeQuery(lookup({ hash }))).rows;
      if (!row || (sessionId && sessionId !== row.id)) {
        return { ok: false, code: ApiCode.NotSignedIn, msg: '登录状态无效，请重新登录' };
      }
      if (row.disabled) return { ok: false, code: ApiCode.SessionRevoked, msg: DISABLED_MESSAGE };
      if (row.revoked_at) {
        return { ok: false, code: ApiCode.SessionRevoked, msg: row.revoked_reason === 'session_limit' ? SESSION_LIMIT_MESSAGE : SESSION_MESSAGES[ApiCode.SessionRevoked] };
      }
      if (row.expires_at <= nowIso()) {
        return { ok: false, code: ApiCode.SessionExpired, msg: SESSION_MESSAGES[ApiCode.SessionExpired] };
      }
      if (cache) {
        const entry: CachedSession = { id: row.id, userId: row.user_id, expiresAt: row.expires_at };
        const seconds = Math.min(SESSION_CACHE_SECONDS, Math.floor((Date.parse(row.expires_at) - Date.now()) / 1000));
        if (seconds >= 1) await cache.setIfAbsent(cacheKey(hash), JSON.stringify(entry), seconds).catch(() => false);
      }
      return { ok: true, userId: row.user_id, sessionId: row.id };
    },

    async revoke(sessionId: string, reason: 'logout' | 'password' | 'operator'): Promise<void> {
      if (cache) {
        const row = await db.selectFrom('sessions').select('token_hash').where('id', '=', sessionId).executeTakeFirst();
        if (row) await markRevoked(cache, [row.token_hash]);
      }
      await db
        .updateTable('sessions')
        .set({ revoked_at: nowIso(), revoked_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Revokes every session of a user except `keepSessionId` (password change, operator action). */
    async revokeAllOf(userId: number, reason: 'password' | 'operator', keepSessionId?: string): Promise<void> {
      await revokeUserSessions(db, userId, reason, keepSessionId, cache);
    },

    /** As `revokeAllOf`, inside the caller's transaction; resolves with how many sessions ended. */
    revokeAllIn(trx: Kysely<Database>, userId: number, reason: 'password' | 'operator'): Promise<number> {
      return revokeUserSessions(trx, userId, reason, undefined, cache);
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
