import crypto from 'node:crypto';
import { ApiCode, CodePurpose, isEmail, isMobile } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Kv } from '../../kv';
import { AppError, badRequest } from '../../lib/errors';
import type { MessageSender } from '../../messaging';
import type { AttemptGuard } from './attempts';
import { sha256 } from './sessions';

/** Limits of verification codes. Sources: issue 4 (5 minutes, single use, 5 wrong tries) and anti-SMS-bombing practice. */
export const CODE_RULES = {
  /** A code lives 5 minutes. */
  ttlSeconds: 300,
  /** No resend to the same account before this countdown ends (the web button shows 已发送 N s). */
  resendSeconds: 60,
  /** A code dies after 5 wrong tries. */
  maxTries: 5,
  perAccountPerDay: 10,
  perIpPerHour: 20,
  perIpPerDay: 60,
} as const;

export interface CaptchaVerifier {
  /** Second verification of a solved captcha (single use, bound to client and purpose). */
  verification(captchaVerification: string, ctx: { clientKey: string; purpose: string }): Promise<{ ok: true } | { ok: false; repCode: string; repMsg: string }>;
}

export type AccountKind = 'phone' | 'email';

/** Classifies an account: a valid mainland mobile or a valid e-mail (spec §5); anything else is a user error. */
export function accountKind(account: string): AccountKind {
  if (isMobile(account)) return 'phone';
  if (isEmail(account)) return 'email';
  throw badRequest('请输入合法的手机号或邮箱');
}

const PURPOSE_TEXT: Record<number, string> = { [CodePurpose.Register]: '注册', [CodePurpose.Login]: '登录', [CodePurpose.Bind]: '更换绑定' };

/** The notice sent instead of a code when a code could not be used (by purpose, given whether the account exists). */
const NOTICES: Record<number, (exists: boolean) => string | undefined> = {
  [CodePurpose.Register]: (exists) => (exists ? '该账号已注册码著，请直接登录；忘记密码可使用验证码登录。' : undefined),
  [CodePurpose.Login]: (exists) => (exists ? undefined : '该账号尚未注册码著，请先注册。'),
  [CodePurpose.Bind]: (exists) => (exists ? '有人尝试将本账号绑定到另一个码著账号，但本账号已被使用，未做更改。' : undefined),
};

/**
 * Verification codes by SMS and e-mail: a 6-digit code, stored hashed in the short-lived store for 5 minutes,
 * single use, dead after 5 wrong tries, with a resend countdown and per-account, per-IP and per-day limits.
 */
export function createCodeService(deps: { db: Kysely<Database>; kv: Kv; sender: MessageSender; captcha: CaptchaVerifier; attempts: AttemptGuard }) {
  const { db, kv, sender, captcha, attempts } = deps;
  const codeKey = (purpose: number, account: string) => `code:v:${purpose}:${account}`;
  const triesKey = (purpose: number, account: string) => `code:t:${purpose}:${account}`;

  async function accountExists(account: string, kind: AccountKind): Promise<boolean> {
    const col = kind === 'phone' ? 'mobile' : 'email';
    return Boolean(await db.selectFrom('users').select('id').where(col, '=', account).executeTakeFirst());
  }

  return {
    /**
     * Sends a code after checking the captcha. Errors: 400 bad account/captcha, 429 countdown or limits. Answers
     * the same whether the account is registered or not; when a code would be useless (register a registered
     * account, log in to an unknown one, bind a taken one) the account gets a notice instead. Returns the channel
     * and the countdown in seconds.
     */
    async send(input: { account: string; captchaVerification: string; purpose: number; ip: string; clientKey: string }): Promise<{ type: AccountKind; time: number }> {
      const account = input.account.trim().toLowerCase();
      const kind = accountKind(account);

      const cv = await captcha.verification(input.captchaVerification, { clientKey: input.clientKey, purpose: 'sendCode' });
      if (!cv.ok) throw badRequest('安全验证已失效，请重新完成验证');

      // Every purpose answers the same for registered and unregistered accounts (no account enumeration): where a
      // code would be useless the account receives a notice instead of a code.
      const exists = await accountExists(account, kind);
      const notice = NOTICES[input.purpose]?.(exists);

      const coolUntil = Number((await kv.get(`code:cool:${account}`)) ?? 0);
      if (coolUntil > Date.now()) {
        throw new AppError(ApiCode.TooManyRequests, `验证码已发送，请 ${Math.ceil((coolUntil - Date.now()) / 1000)} 秒后再试`);
      }

      // Counted in the attempt store, IP budgets first: a flood of other keys (captcha challenges with rotating
      // User-Agents) cannot evict them, and a client over its IP budget cannot create per-account keys.
      await attempts.reserve([
        { key: `code:ipd:${input.ip}`, limit: CODE_RULES.perIpPerDay, windowSeconds: 86_400, msg: '今日发送验证码次数已达上限，请明天再试' },
        { key: `code:iph:${input.ip}`, limit: CODE_RULES.perIpPerHour, windowSeconds: 3600, msg: '发送验证码过于频繁，请一小时后再试' },
        { key: `code:day:${account}`, limit: CODE_RULES.perAccountPerDay, windowSeconds: 86_400, msg: '该账号今日接收验证码次数已达上限，请明天再试' },
      ]);

      const what = PURPOSE_TEXT[input.purpose] ?? '身份验证';
      let text: string;
      if (notice) {
        text = `【码著】${notice}如非本人操作，请忽略本消息。`;
        // A code nobody knows stands in for the one not sent, so trying codes answers exactly as for an account
        // that did get one ("验证码错误，还可尝试 N 次"): the answers never tell whether the account exists.
        await kv.set(codeKey(input.purpose, account), sha256(`${account}:${crypto.randomBytes(32).toString('hex')}`), CODE_RULES.ttlSeconds);
        await kv.del(triesKey(input.purpose, account));
      } else {
        const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
        await kv.set(codeKey(input.purpose, account), sha256(`${account}:${code}`), CODE_RULES.ttlSeconds);
        await kv.del(triesKey(input.purpose, account));
        text = `【码著】您的${what}验证码为 ${code}，5 分钟内有效。如非本人操作，请忽略本消息。`;
      }
      await kv.set(`code:cool:${account}`, String(Date.now() + CODE_RULES.resendSeconds * 1000), CODE_RULES.resendSeconds);
      try {
        if (kind === 'phone') await sender.sendSms(account, text);
        else await sender.sendEmail(account, `码著${what}验证码`, text);
      } catch {
        await kv.del(codeKey(input.purpose, account));
        await kv.del(`code:cool:${account}`);
        throw new AppError(ApiCode.Busy, kind === 'phone' ? '短信发送失败，请稍后再试' : '邮件发送失败，请稍后再试');
      }
      return { type: kind, time: CODE_RULES.resendSeconds };
    },

    /**
     * Consumes a code: true once for the right code; a wrong code counts a try and the 5th wrong try kills it.
     * Throws a Chinese 400 on a wrong, expired or dead code.
     */
    async consume(accountRaw: string, purpose: number, code: string): Promise<void> {
      const account = accountRaw.trim().toLowerCase();
      const stored = await kv.get(codeKey(purpose, account));
      if (!stored) throw badRequest('验证码已失效，请重新获取');
      const tries = await kv.incrWindow(triesKey(purpose, account), CODE_RULES.ttlSeconds);
      if (tries > CODE_RULES.maxTries) {
        await kv.del(codeKey(purpose, account));
        throw badRequest('验证码错误次数过多，请重新获取');
      }
      const given = sha256(`${account}:${code.trim()}`);
      if (!crypto.timingSafeEqual(Buffer.from(given), Buffer.from(stored))) {
        if (tries >= CODE_RULES.maxTries) await kv.del(codeKey(purpose, account));
        throw badRequest(tries >= CODE_RULES.maxTries ? '验证码错误次数过多，请重新获取' : `验证码错误，还可尝试 ${CODE_RULES.maxTries - tries} 次`);
      }
      if ((await kv.getDel(codeKey(purpose, account))) === null) throw badRequest('验证码已失效，请重新获取');
      await kv.del(triesKey(purpose, account));
    },
  };
}
export type CodeService = ReturnType<typeof createCodeService>;
