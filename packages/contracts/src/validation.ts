import { z } from 'zod';

/**
 * Limits and patterns shared by the web forms and the server (product spec §5, §9).
 */
export const LIMITS = {
  account: 50,
  name: 50,
  code: 6,
  invitationCode: 20,
  passwordMin: 6,
  passwordMax: 64,
  /** Request timeout of the web client, ms (spec §9). */
  requestTimeoutMs: 60_000,
} as const;

/** Mainland mobile: 11 digits, first 1, second 3–9 (spec §5). */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
/** E-mail: simple pattern with a top-level part of 2 or more letters (spec §5). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export const isMobile = (v: string): boolean => MOBILE_RE.test(v);
export const isEmail = (v: string): boolean => EMAIL_RE.test(v);

export const ZMobile = z.string().trim().regex(MOBILE_RE, '请输入合法的手机号');
export const ZEmail = z.string().trim().max(LIMITS.account, '邮箱不能超过 50 个字符').regex(EMAIL_RE, '请输入合法的邮箱');
export const ZPassword = z
  .string({ error: '请输入密码' })
  .min(1, '请输入密码')
  .min(LIMITS.passwordMin, `密码至少 ${LIMITS.passwordMin} 位`)
  .max(LIMITS.passwordMax, `密码不能超过 ${LIMITS.passwordMax} 位`);
export const ZVerificationCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .min(1, '请输入验证码')
  .max(LIMITS.code, '验证码不能超过 6 位')
  .regex(/^\d{6}$/, '验证码为 6 位数字');
