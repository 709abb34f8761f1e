import crypto from 'node:crypto';
import { ApiCode, CodePurpose, type LoginRequest, type LoginResponse, type RegisterRequest, type UserInfo } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import { nowIso } from '../../db';
import type { Database, User } from '../../db/schema';
import type { Kv } from '../../kv';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { CodeService } from './codes.service';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords';
import type { SessionStore } from './sessions';

/** Password guessing limits: 5 failures per account or 30 per IP in 15 minutes lock that account / IP for the rest of the window. */
export const LOGIN_RULES = { windowSeconds: 900, perAccount: 5, perIp: 30 } as const;

/** Presents a user row as the user info of spec §3 (currentPoints = recharge + gifted). */
export function presentUser(u: User): UserInfo {
  return {
    id: u.id,
    name: u.name,
    mobile: u.mobile ?? '',
    email: u.email ?? '',
    currentPoints: u.recharge_points + u.gifted_points,
    freeTimes: u.free_times,
    invitationCode: u.role === 2 ? (u.invitation_code ?? '') : '',
    role: u.role,
    giftedPoints: u.gifted_points,
    rechargePoints: u.recharge_points,
  };
}

/** A new unique invitation code: 8 characters without look-alikes (0/O, 1/I). */
export function newInvitationCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(crypto.randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
}

/** Registration, login and logout (issue 4 §3–5). */
export function createAuthService(deps: {
  db: Kysely<Database>;
  kv: Kv;
  codes: CodeService;
  sessions: SessionStore;
  config: Pick<AppConfig, 'freeTimesOnRegister'>;
}) {
  const { db, kv, codes, sessions, config } = deps;

  const findByAccount = (col: 'mobile' | 'email', value: string) => db.selectFrom('users').selectAll().where(col, '=', value).executeTakeFirst();

  return {
    /** Creates a user after consuming the register code. Errors: 409 already registered, 400 wrong code or invitation code. */
    async register(input: RegisterRequest): Promise<{ userId: number }> {
      const col = input.mobile ? 'mobile' : 'email';
      const account = (input.mobile ?? input.email ?? '').trim().toLowerCase();
      if (await findByAccount(col, account)) throw conflict(col === 'mobile' ? '该手机号已注册，请直接登录' : '该邮箱已注册，请直接登录');
      let inviterId: number | null = null;
      const invitation = input.registrationCode?.trim().toUpperCase();
      if (invitation) {
        const inviter = await db.selectFrom('users').select('id').where('invitation_code', '=', invitation).where('role', '=', 2).executeTakeFirst();
        if (!inviter) throw badRequest('邀请码无效，请核对后重新输入');
        inviterId = inviter.id;
      }
      await codes.consume(account, CodePurpose.Register, input.code);
      const hash = await hashPassword(input.password);
      const now = nowIso();
      try {
        const row = await db.transaction().execute(async (trx) => {
          const user = await trx
            .insertInto('users')
            .values({
              mobile: col === 'mobile' ? account : null,
              email: col === 'email' ? account : null,
              name: input.name.trim(),
              password_hash: hash,
              role: 1,
              invitation_code: null,
              inviter_id: inviterId,
              free_times: config.freeTimesOnRegister,
              disabled: 0,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (config.freeTimesOnRegister > 0) {
            await trx
              .insertInto('points_ledger')
              .values({ user_id: user.id, kind: 'free_times', delta: config.freeTimesOnRegister, balance_after: config.freeTimesOnRegister, reason: '新用户注册赠送免费次数', ref: null, created_at: now })
              .execute();
          }
          return user;
        });
        return { userId: row.id };
      } catch (e) {
        if (String(e).match(/unique|UNIQUE/)) throw conflict('该账号已注册，请直接登录');
        throw e;
      }
    },

    /**
     * Password or code login (spec §3). Success issues a session (token + sessionId). Password guessing is
     * throttled per account and per IP; an unknown account costs the same time as a known one.
     */
    async login(input: LoginRequest, meta: { ip: string; userAgent?: string }): Promise<LoginResponse> {
      const col = input.mobile ? 'mobile' : 'email';
      const account = (input.mobile ?? input.email ?? '').trim().toLowerCase();
      const user = await findByAccount(col, account);
      if (input.loginType === 1) {
        const accountKey = `login:fail:acct:${account}`;
        const ipKey = `login:fail:ip:${meta.ip}`;
        const [acctFails, ipFails] = await Promise.all([kv.get(accountKey), kv.get(ipKey)]);
        if (Number(acctFails ?? 0) >= LOGIN_RULES.perAccount || Number(ipFails ?? 0) >= LOGIN_RULES.perIp) {
          throw new AppError(ApiCode.TooManyRequests, '密码错误次数过多，请 15 分钟后再试，或使用验证码登录');
        }
        const good = await verifyPassword(input.password ?? '', user?.password_hash ?? (await DUMMY_HASH_PROMISE));
        if (!user || !good) {
          const n = await kv.incrWindow(accountKey, LOGIN_RULES.windowSeconds);
          await kv.incrWindow(ipKey, LOGIN_RULES.windowSeconds);
          const left = LOGIN_RULES.perAccount - n;
          throw badRequest(left > 0 ? `账号或密码错误，还可尝试 ${left} 次` : '密码错误次数过多，请 15 分钟后再试，或使用验证码登录');
        }
      } else {
        if (!user) throw new AppError(ApiCode.NotFound, '该账号尚未注册，请先注册');
        await codes.consume(account, CodePurpose.Login, input.mobileCode ?? '');
      }
      if (user.disabled) throw new AppError(ApiCode.Forbidden, '该账号已被停用，请联系客服');
      const s = await sessions.issue(user.id, meta);
      return { token: s.token, sessionId: s.sessionId, userId: user.id };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
