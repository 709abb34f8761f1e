import { ApiCode } from '@mazhu/contracts';
import { createKv, createMemoryKv, type Kv } from '../../kv';
import { AppError } from '../../lib/errors';

/** One attempt budget: at most `limit` attempts per `windowSeconds` (a fixed window from the first attempt). */
export interface AttemptRule {
  key: string;
  limit: number;
  windowSeconds: number;
  /** Chinese text of the 429 answer when this budget is spent. */
  msg: string;
}

/**
 * Attempt budgets for expensive or guessable checks (passwords, verification codes): an attempt is counted
 * (atomic INCR on Redis, or the in-process store) BEFORE the check runs, so a concurrent burst cannot run more
 * checks than the budget allows. Rules are reserved in order and the first exhausted one refuses; later rules are
 * not touched, so a client over its per-IP budget cannot create per-account keys (the store cannot be flooded
 * through this path).
 *
 * The counters live in their own store (`createAttemptStore`): a flood of other short-lived keys (captcha
 * tokens) cannot evict them.
 */
export function createAttemptGuard(store: Kv) {
  return {
    /** Counts one attempt on every rule; throws 429 with the rule's message at the first budget exceeded. */
    async reserve(rules: readonly AttemptRule[]): Promise<number[]> {
      const counts: number[] = [];
      for (const r of rules) {
        const n = (await store.incrWindow(`att:${r.key}`, r.windowSeconds)) - Number((await store.get(`att:${r.key}:ok`)) ?? 0);
        if (n > r.limit) throw new AppError(ApiCode.TooManyRequests, r.msg);
        counts.push(n);
      }
      return counts;
    },
    /**
     * Gives one reserved attempt back after a success (an office behind one IP signing in all day is not
     * throttled); failed checks stay counted. A burst of wrong guesses never refunds anything.
     */
    async refund(rule: AttemptRule): Promise<void> {
      await store.incrWindow(`att:${rule.key}:ok`, rule.windowSeconds);
    },
    /** True when the budget is already spent (without counting an attempt). */
    async exhausted(rule: AttemptRule): Promise<boolean> {
      return Number((await store.get(`att:${rule.key}`)) ?? 0) >= rule.limit;
    },
    /** Forgets budgets (after a success: the owner's typos do not pile up). */
    async forget(keys: readonly string[]): Promise<void> {
      for (const k of keys) {
        await store.del(`att:${k}`);
        await store.del(`att:${k}:ok`);
      }
    },
  };
}
export type AttemptGuard = ReturnType<typeof createAttemptGuard>;

/** Windows and budgets of password checks (users and operators). Sources: OWASP authentication cheat sheet practice. */
export const PASSWORD_RULES = {
  windowSeconds: 900,
  /** Password checks from one IP, whatever the account. */
  perIp: 60,
  /** Password checks of one account from one IP: the hard limit a guesser meets. */
  perAccountAndIp: 5,
  /**
   * Password checks of one account from all IPs. Beyond it a password login of that account needs a solved
   * captcha (`captchaVerification`, purpose `login`), and code login keeps working: a stranger cannot lock the
   * owner out.
   */
  perAccount: 20,
} as const;

/** The three password budgets of `account` (already normalised) tried from `ip`; `scope` separates users and operators. */
export function passwordRules(scope: 'user' | 'op', account: string, ip: string) {
  const w = PASSWORD_RULES.windowSeconds;
  return {
    ip: { key: `${scope}:pw:ip:${ip}`, limit: PASSWORD_RULES.perIp, windowSeconds: w, msg: '登录尝试过于频繁，请 15 分钟后再试' },
    accountAndIp: {
      key: `${scope}:pw:aip:${account}:${ip}`,
      limit: PASSWORD_RULES.perAccountAndIp,
      windowSeconds: w,
      msg: scope === 'user' ? '密码错误次数过多，请 15 分钟后再试，或使用验证码登录' : '登录失败次数过多，请 15 分钟后再试',
    },
    account: {
      key: `${scope}:pw:acct:${account}`,
      limit: PASSWORD_RULES.perAccount,
      windowSeconds: w,
      msg: scope === 'user' ? '该账号近期密码错误次数过多，请完成安全验证后再登录，或使用验证码登录' : '该运营账号近期登录失败次数过多，请完成安全验证后再登录',
    },
  } satisfies Record<string, AttemptRule>;
}

/** Code logins tried from one IP, whatever the account: 30 per 15 minutes (an account's code dies after 5 wrong tries). */
export function codeLoginRule(ip: string): AttemptRule {
  return { key: `user:code:ip:${ip}`, limit: 30, windowSeconds: 900, msg: '验证码登录尝试过于频繁，请 15 分钟后再试' };
}

/**
 * The store of attempt counters: Redis (same server as `kv`, own connection) when configured, else a memory
 * store of its own (200 000 keys) that other short-lived keys cannot fill.
 */
export function createAttemptStore(redisUrl?: string, log?: { warn(obj: object, msg: string): void }): Kv {
  return redisUrl ? createKv({ redisUrl, log }) : createMemoryKv({ maxKeys: 200_000 });
}
