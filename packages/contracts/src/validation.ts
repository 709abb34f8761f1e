import * as z from 'zod';

export { EMAIL_RE, isEmail, isMobile, LIMITS, MOBILE_RE } from './limits';
import { EMAIL_RE, LIMITS, MOBILE_RE } from './limits';

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

/** Largest value of a PostgreSQL/SQLite `integer` column: ids and counts beyond it are refused by validation. */
export const INT4_MAX = 2_147_483_647;

/** A number written plainly in base 10: an optional minus sign, digits, and an optional fraction (`12`, `-3`, `0.5`). */
export const PLAIN_DECIMAL_RE = /^-?\d+(\.\d+)?$/;

const NOT_PLAIN_DECIMAL = '应填写十进制数字，如 12 或 0.5';

/**
 * `schema` (a `z.number()` chain) that also reads numbers written as text — query strings, form fields — strictly:
 * a JSON number is checked as it is; a string only when it is a plain decimal (PLAIN_DECIMAL_RE; spaces around it
 * ignored), read in base 10; any other string ("", "0x10", "1e3", "Infinity", "1,000") is refused with
 * 「应填写十进制数字，如 12 或 0.5」; null, arrays, booleans and objects are refused by `schema` as not a number.
 * Used instead of `z.coerce.number()`, which reads "0x10" as 16 and "", null and [] as 0.
 */
export function plainNumber<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess<unknown, T, number | string>((value, ctx) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (PLAIN_DECIMAL_RE.test(text)) return Number(text);
    ctx.issues.push({ code: 'custom', message: NOT_PLAIN_DECIMAL, input: value });
    return value;
  }, schema);
}

/** A positive record id (`?id=` or a body field): an integer 1…2^31−1, read from query strings by plainNumber. */
export const ZRecordId = plainNumber(z.number({ error: '请指定编号' }).int('编号必须为整数').positive('编号无效').max(INT4_MAX, '编号超出范围'));

const KIND_WORDS: Record<string, string> = {
  number: '数字',
  int: '整数',
  bigint: '整数',
  string: '文字',
  boolean: '是或否',
  array: '列表',
  object: '对象',
  date: '日期',
};
const SIZE_UNIT: Record<string, string> = { string: '个字符', array: '项', set: '项', file: '字节' };

interface PlainIssue {
  code?: string;
  input?: unknown;
  expected?: string;
  path?: PropertyKey[];
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  format?: string;
}

/**
 * zod error map with plain Chinese for people, never type names ("期望 数字，实际接收 NaN" becomes "应填写数字"):
 * install with `z.config({ localeError: plainChineseError })`. Schemas that give their own message keep it.
 */
export function plainChineseError(issue: PlainIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null || issue.input === '') return '不能为空';
      if (issue.expected === 'object' && !issue.path?.length) return '请求内容应为一组字段（JSON 对象或表单）';
      const kind = issue.expected ? KIND_WORDS[issue.expected] : undefined;
      return kind ? `应填写${kind}` : '格式不正确';
    }
    case 'too_big': {
      const unit = SIZE_UNIT[issue.origin ?? ''];
      return unit ? `不能超过 ${issue.maximum} ${unit}` : `不能大于 ${issue.maximum}`;
    }
    case 'too_small': {
      const unit = SIZE_UNIT[issue.origin ?? ''];
      if (unit && Number(issue.minimum) === 1) return '不能为空';
      return unit ? `至少 ${issue.minimum} ${unit}` : `不能小于 ${issue.minimum}`;
    }
    case 'invalid_value':
      return '取值无效，请重新选择';
    case 'invalid_format':
      return issue.format === 'email' ? '请输入合法的邮箱' : '格式不正确';
    case 'not_multiple_of':
      return '数值不符合要求';
    case 'unrecognized_keys':
      return '包含不支持的字段';
    default:
      return '格式不正确';
  }
}
