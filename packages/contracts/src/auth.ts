import * as z from 'zod';
import { LIMITS, plainNumber, ZEmail, ZMobile, ZPassword, ZVerificationCode } from './validation';

/** User info kept by the web app (spec §3). `id` is 0 when signed out; role defaults to 1, role 2 has an invitation code. */
export const ZUserInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  currentPoints: z.number().int(),
  freeTimes: z.number().int(),
  invitationCode: z.string(),
  role: z.number().int(),
  giftedPoints: z.number().int(),
  rechargePoints: z.number().int(),
});
export type UserInfo = z.infer<typeof ZUserInfo>;

export { EMPTY_USER } from './user-defaults';

/** Purpose of a verification code: 1 register, 2 login (spec §3). Binding uses 3 (new mobile/e-mail). */
export const CodePurpose = { Register: 1, Login: 2, Bind: 3 } as const;
/** codeType in login/register: 1 phone, 2 email (spec §3). */
export const CodeType = { Phone: 1, Email: 2 } as const;

/** POST /api/sendCodeByVerification (multipart): send a 6-digit code after a solved captcha. */
export const ZSendCodeRequest = z.object({
  account: z.string({ error: '请输入手机号或邮箱' }).trim().min(1, '请输入手机号或邮箱').max(LIMITS.account, '账号不能超过 50 个字符'),
  captchaVerification: z.string({ error: '请先完成安全验证' }).min(1, '请先完成安全验证').max(512, '安全验证参数无效'),
  type: plainNumber(z.number().int().refine((v) => v === 1 || v === 2 || v === 3, '验证码类型无效')),
  areaCode: z.string().max(6).optional().default('+86'),
});
export type SendCodeRequest = z.infer<typeof ZSendCodeRequest>;
export const ZSendCodeResponse = z.object({ type: z.enum(['phone', 'email']), time: z.number().int() });

/** POST /api/login: loginType 1 password / 2 code; `mobile` or `email`; success is code 202 with token, sessionId, userId. */
export const ZLoginRequest = z
  .object({
    loginType: plainNumber(z.number().int().refine((v) => v === 1 || v === 2, '登录方式无效')),
    mobile: ZMobile.optional(),
    email: ZEmail.optional(),
    password: z.string().max(LIMITS.passwordMax, '密码不能超过 64 位').optional(),
    mobileCode: z.string().max(LIMITS.code, '验证码不能超过 6 位').optional(),
    codeType: plainNumber(z.number().int()).optional(),
    /** A solved captcha (purpose `login`): needed for password login once an account's attempt budget is spent. */
    captchaVerification: z.string().max(512, '安全验证参数无效').optional(),
  })
  .refine((v) => Boolean(v.mobile) !== Boolean(v.email), { message: '请输入手机号或邮箱', path: ['mobile'] })
  .refine((v) => v.loginType !== 1 || Boolean(v.password), { message: '请输入密码', path: ['password'] })
  .refine((v) => v.loginType !== 2 || Boolean(v.mobileCode), { message: '请输入验证码', path: ['mobileCode'] });
export type LoginRequest = z.infer<typeof ZLoginRequest>;
export const ZLoginResponse = z.object({ token: z.string(), sessionId: z.string(), userId: z.number().int() });
export type LoginResponse = z.infer<typeof ZLoginResponse>;

/** POST /api/register: success is code 200 with a message. */
export const ZRegisterRequest = z
  .object({
    mobile: ZMobile.optional(),
    email: ZEmail.optional(),
    password: ZPassword,
    confirmPassword: z.string({ error: '请输入确认密码' }).min(1, '请输入确认密码'),
    code: ZVerificationCode,
    codeType: plainNumber(z.number().int()).optional(),
    registrationCode: z.string().trim().max(LIMITS.invitationCode, '邀请码不能超过 20 个字符').optional(),
    name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(LIMITS.name, '姓名不能超过 50 个字符'),
  })
  .refine((v) => Boolean(v.mobile) !== Boolean(v.email), { message: '请输入手机号或邮箱', path: ['mobile'] })
  .refine((v) => v.password === v.confirmPassword, { message: '两次输入的密码不一致', path: ['confirmPassword'] });
export type RegisterRequest = z.infer<typeof ZRegisterRequest>;

/** GET /api/getAdminDetails?id= — the signed-in user's own info only. */
export const ZAdminDetailsQuery = z.object({ id: plainNumber(z.number().int().min(0, '用户编号无效')).optional() });

/** POST /api/editAdmin — the signed-in user's profile. */
export const ZEditProfileRequest = z.object({
  name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(LIMITS.name, '姓名不能超过 50 个字符'),
});
export type EditProfileRequest = z.infer<typeof ZEditProfileRequest>;

/** POST /api/modifyPassword — change the password; every other session of the user is signed out. */
export const ZModifyPasswordRequest = z
  .object({
    oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(LIMITS.passwordMax, '密码不能超过 64 位'),
    newPassword: ZPassword,
    confirmPassword: z.string({ error: '请输入确认密码' }).min(1, '请输入确认密码'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: '两次输入的密码不一致', path: ['confirmPassword'] })
  .refine((v) => v.newPassword !== v.oldPassword, { message: '新密码不能与原密码相同', path: ['newPassword'] });
export type ModifyPasswordRequest = z.infer<typeof ZModifyPasswordRequest>;

/** POST /api/getChangeBinding — bind a new mobile or e-mail, proven by a code (purpose 3) sent to the new account. */
export const ZChangeBindingRequest = z.object({
  account: z.string({ error: '请输入新的手机号或邮箱' }).trim().min(1, '请输入新的手机号或邮箱').max(LIMITS.account, '账号不能超过 50 个字符'),
  code: ZVerificationCode,
});
export type ChangeBindingRequest = z.infer<typeof ZChangeBindingRequest>;

/** Captcha purposes a verification can be bound to (sent as the extra `purpose` field of /api/captcha/get). */
export const CaptchaPurpose = { SendCode: 'sendCode' } as const;
