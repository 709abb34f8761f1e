import { z } from 'zod';

/** POST /api/adminLogin — back-office operator sign-in; success is code 202 with token, sessionId, operatorId. */
export const ZAdminLoginRequest = z.object({
  username: z.string({ error: '请输入运营账号' }).trim().min(1, '请输入运营账号').max(50, '运营账号不能超过 50 个字符'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码不能超过 64 位'),
});
export type AdminLoginRequest = z.infer<typeof ZAdminLoginRequest>;

/** POST /api/addAdmin (operators only) — adds an operator account. */
export const ZAddAdminRequest = z.object({
  username: z.string({ error: '请输入运营账号' }).trim().regex(/^[A-Za-z0-9_.-]{3,50}$/, '运营账号为 3～50 位字母、数字、下划线、点或短横线'),
  password: z.string({ error: '请输入密码' }).min(12, '运营账号密码至少 12 位').max(64, '密码不能超过 64 位'),
});
export type AddAdminRequest = z.infer<typeof ZAddAdminRequest>;

/** GET /api/delAdmin?id= (operators only) — removes another operator account. */
export const ZDelAdminQuery = z.object({ id: z.coerce.number().int().positive('编号无效') });

/** POST /api/admin/setUserRole (operators only) — role 2 gives the user a unique invitation code (spec §6). */
export const ZSetUserRoleRequest = z.object({
  userId: z.coerce.number().int().positive('用户编号无效'),
  role: z.coerce.number().int().refine((v) => v === 1 || v === 2, '角色只能是 1 或 2'),
});
