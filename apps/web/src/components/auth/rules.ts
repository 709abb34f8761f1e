import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { isEmail, isMobile, LIMITS, type CodeType } from '@mazhu/contracts';
import { authTexts as t } from '@/locales/zh-CN/auth';

/**
 * Form rules of spec §5. The account accepts a mainland mobile or an e-mail address; the messages are the
 * spec's (请输入手机号 / 请输入合法的手机号), validity checked on blur.
 */
export const isAccount = (v: string): boolean => isMobile(v) || isEmail(v);

export const accountRules: Rule[] = [
  { required: true, whitespace: true, message: t['account.required'] },
  { max: LIMITS.account, message: `最多输入 ${LIMITS.account} 个字符` },
  {
    validateTrigger: 'onBlur',
    validator: (_, value: string | undefined) => {
      const v = (value ?? '').trim();
      return !v || isAccount(v) ? Promise.resolve() : Promise.reject(new Error(t['account.invalid']));
    },
  },
];

export const passwordRules: Rule[] = [{ required: true, message: t['password.required'] }];

/** Register / new password: also the server's length limits. */
export const newPasswordRules: Rule[] = [
  { required: true, message: t['password.required'] },
  { min: LIMITS.passwordMin, message: `密码至少 ${LIMITS.passwordMin} 位` },
  { max: LIMITS.passwordMax, message: `密码不能超过 ${LIMITS.passwordMax} 位` },
];

export const codeRules: Rule[] = [
  { required: true, whitespace: true, message: t['code.required'] },
  { max: LIMITS.code, message: `验证码最多 ${LIMITS.code} 位` },
];

export const nameRules: Rule[] = [
  { required: true, whitespace: true, message: t['name.required'] },
  { max: LIMITS.name, message: `姓名最多 ${LIMITS.name} 个字符` },
];

/** Confirm password: required (spec); equal to `field` (the server checks it too). */
export const confirmRules = (field: string): Rule[] => [
  { required: true, message: t['confirm.required'] },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
  }),
];

export const inviteRules: Rule[] = [{ max: LIMITS.invitationCode, message: `邀请码最多 ${LIMITS.invitationCode} 个字符` }];

/** A valid mobile is sent as `mobile`, anything else as `email` (spec §4), with the matching codeType. */
export function accountFields(account: string): { mobile?: string; email?: string; codeType: (typeof CodeType)[keyof typeof CodeType] } {
  const v = account.trim();
  return isMobile(v) ? { mobile: v, codeType: 1 } : { email: v, codeType: 2 };
}

/**
 * The form's `account` field when it passes its rules and is a valid mobile or e-mail, otherwise null
 * (the field then shows its message). Used by the send-code button of the login and register views.
 */
export async function readValidAccount<T extends { account: string }>(form: FormInstance<T>): Promise<string | null> {
  try {
    const { account } = await form.validateFields(['account']);
    const v = account.trim();
    return isAccount(v) ? v : null;
  } catch {
    return null;
  }
}
