import crypto from 'node:crypto';
import { ApiCode, CodePurpose, type LoginRequest, type LoginResponse, type RegisterRequest, type UserInfo } from '@mazhu/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../../config';
import { nowIso } from '../../db';
import type { Database, User } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { type AttemptGuard, codeLoginRule, passwordRules } from './attempts';
import type { CaptchaVerifier, CodeService } from './codes.service';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords';
import { DISABLED_MESSAGE, type SessionStore } from './sessions';
import { readStoredSetting } from '../admin/settings';


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
  codes: CodeService;
  sessions: SessionStore;
  attempts: AttemptGuard;
  captcha: CaptchaVerifier;
  config: Pick<AppConfig, 'freeTimesOnRegister'>;
  /** Invitation reward, run inside the register transaction when an invitation code was used. */
  rewardInvitation?: (trx: Transaction<Database>, inviteeId: number, inviterId: number, client: { ip: string; userAgent?: string }) => Promise<void>;
}) {
  const { db, codes, sessions, attempts, captcha, config } = deps;

  const findByAccount = (col: 'mobile' | 'email', value: string) => db.selectFrom('users').selectAll().where(col, '=', value).executeTakeFirst();

  return {
    /** Creates a user after consuming the register code. Errors: 409 already registered, 400 wrong code or invitation code. */
    async register(input: RegisterRequest, client: { ip: string; userAgent?: string } = { ip: '' }): Promise<{ userId: number }> {
      const col = input.mobile ? 'mobile' : 'email';
      const account = (input.mobile ?? input.email ?? '').trim().toLowerCase();
      let inviterId: number | null = null;
      const invitation = input.registrationCode?.trim().toUpperCase();
      if (invitation) {
        const inviter = await db.selectFrom('users').select('id').where('invitation_code', '=', invitation).where('role', '=', 2).executeTakeFirst();
        if (!inviter) throw badRequest('邀请码无效，请核对后重新输入');
        inviterId = inviter.id;
      }
      // The code comes first: only the holder of the number learns whether it is registered (no code is sent to a
      // registered account, so this answers "验证码已失效" exactly as for a number nobody asked a code for).
      await codes.consume(account, CodePurpose.Register, input.code);
      if (await findByAccount(col, account)) throw conflict(col === 'mobile' ? '该手机号已注册，请直接登录' : '该邮箱已注册，请直接登录');
      const hash = await hashPassword(input.password);
      const now = nowIso();
      // The operator's setting wins over the FREE_TIMES_ON_REGISTER environment variable.
      const freeTimes = (await readStoredSetting<number>(db, 'account.freeTimesOnRegister')) ?? config.freeTimesOnRegister;
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
              free_times: freeTimes,
              disabled: 0,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (freeTimes > 0) {
            await trx
              .insertInto('points_ledger')
              .values({ user_id: user.id, kind: 'free_times', delta: freeTimes, balance_after: freeTimes, reason: '新用户注册赠送免费次数', ref: null, created_at: now })
              .execute();
          }
          if (inviterId !== null && deps.rewardInvitation) await deps.rewardInvitation(trx, user.id, inviterId, client);
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
    async login(input: LoginRequest, meta: { ip: string; userAgent?: string; clientKey?: string }): Promise<LoginResponse> {
      const col = input.mobile ? 'mobile' : 'email';
      const account = (input.mobile ?? input.email ?? '').trim().toLowerCase();
      let user: User | undefined;
      if (input.loginType === 1) {
        const rules = passwordRules('user', account, meta.ip);
        // Budgets are reserved before the scrypt check: a burst runs at most the budget's number of checks.
        // The account-wide budget is skipped with a solved captcha, so a stranger's guesses never lock the owner out.
        const solved = input.captchaVerification
          ? (await captcha.verification(input.captchaVerification, { clientKey: meta.clientKey ?? meta.ip, purpose: 'login' })).ok
          : false;
        if (input.captchaVerification && !solved) throw badRequest('安全验证已失效，请重新完成验证');
        const [, tries] = await attempts.reserve(solved ? [rules.ip, rules.accountAndIp] : [rules.ip, rules.accountAndIp, rules.account]);
        user = await findByAccount(col, account);
        const good = await verifyPassword(input.password ?? '', user?.password_hash ?? (await DUMMY_HASH_PROMISE));
        if (!user || !good) {
          const left = rules.accountAndIp.limit - (tries ?? 0);
          throw badRequest(left > 0 ? `账号或密码错误，还可尝试 ${left} 次` : rules.accountAndIp.msg);
        }
        await attempts.refund(rules.ip);
        await attempts.forget([rules.accountAndIp.key, rules.account.key]);
      } else {
        // Code guesses from one IP are budgeted across accounts (each account's code also dies after 5 wrong
        // tries). Known and unknown accounts answer alike: an unknown one holds a code nobody knows (codes.send).
        await attempts.reserve([codeLoginRule(meta.ip)]);
        await codes.consume(account, CodePurpose.Login, input.mobileCode ?? '');
        await attempts.refund(codeLoginRule(meta.ip));
        user = await findByAccount(col, account);
        if (!user) throw badRequest('验证码已失效，请重新获取');
      }
      if (user.disabled) throw new AppError(ApiCode.Forbidden, DISABLED_MESSAGE);
      const s = await sessions.issue(user.id, meta);
      return { token: s.token, sessionId: s.sessionId, userId: user.id };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
