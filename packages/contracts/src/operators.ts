import * as z from 'zod';
import { ZOperatorRole } from './admin';
import { plainNumber, ZRecordId } from './validation';

/** POST /api/adminLogin — back-office operator sign-in; success is code 202 with contracts AdminLoginAnswer. */
export const ZAdminLoginRequest = z.object({
  username: z.string({ error: '请输入运营账号' }).trim().min(1, '请输入运营账号').max(50, '运营账号不能超过 50 个字符'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码不能超过 64 位'),
  /** A solved captcha (purpose `login`): needed once the account's attempt budget is spent. */
  captchaVerification: z.string().max(512, '安全验证参数无效').optional(),
});
export type AdminLoginRequest = z.infer<typeof ZAdminLoginRequest>;

/** Operator passwords: 12–64 characters. */
export const ZOperatorPassword = z.string({ error: '请输入密码' }).min(12, '运营账号密码至少 12 位').max(64, '密码不能超过 64 位');

/** POST /api/addAdmin (管理员) — adds an operator account; the role defaults to 客服 (the smaller one). */
export const ZAddAdminRequest = z.object({
  username: z.string({ error: '请输入运营账号' }).trim().regex(/^[A-Za-z0-9_.-]{3,50}$/, '运营账号为 3～50 位字母、数字、下划线、点或短横线'),
  password: ZOperatorPassword,
  role: ZOperatorRole.default('support'),
});
export type AddAdminRequest = z.infer<typeof ZAddAdminRequest>;

/**
 * POST /api/admin/editOperator (管理员) — changes another operator's role and/or sets a new password.
 * A new password or a role change ends that operator's sessions. The last 管理员 cannot lose the role.
 */
export const ZEditAdminRequest = z
  .object({
    id: ZRecordId,
    role: ZOperatorRole.optional(),
    password: ZOperatorPassword.optional(),
    /** A 客服's daily approval limit in yuan; null returns to the setting's value. */
    dailyApprovalLimit: z.number({ error: '每日审核额度必须是整数' }).int('每日审核额度必须是整数').min(0, '每日审核额度不能小于 0').max(10_000_000, '每日审核额度过大').nullable().optional(),
  })
  .refine((v) => v.role !== undefined || v.password !== undefined || v.dailyApprovalLimit !== undefined, '请填写要修改的角色、新密码或每日审核额度');
export type EditAdminRequest = z.infer<typeof ZEditAdminRequest>;

/** GET /api/delAdmin?id= (管理员) — removes another operator account and ends its sessions. */
export const ZDelAdminQuery = z.object({ id: ZRecordId });

/** POST /api/admin/changePassword (any operator) — own password; every other session of the operator ends. */
export const ZOperatorPasswordChange = z.object({
  oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(64, '密码不能超过 64 位'),
  newPassword: ZOperatorPassword,
});
export type OperatorPasswordChange = z.infer<typeof ZOperatorPasswordChange>;

/** POST /api/admin/setUserRole (管理员) — role 2 gives the user a unique invitation code (spec §6). */
export const ZSetUserRoleRequest = z.object({
  userId: plainNumber(z.number().int().positive('用户编号无效')),
  role: plainNumber(z.number().int().refine((v) => v === 1 || v === 2, '角色只能是 1 或 2')),
});
