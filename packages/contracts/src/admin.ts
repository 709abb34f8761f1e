import * as z from 'zod';
import { ZPageQuery } from './envelope';
import { plainNumber } from './validation';

/**
 * The back office (/admin). Operators are not users: they sign in with POST /api/adminLogin and send their own
 * token in the `token` / `sessionid` headers. Every operator call lives under `/api/admin/…` (plus the spec's
 * addAdmin / delAdmin; the spec's editAdmin is the signed-in user's own profile, see auth.ts) and answers the usual `{code, msg, data}` envelope.
 *
 * Refusals of the operator guard:
 * - 302 no operator token, or an unknown / ended session (the admin app goes to /admin/login);
 * - 304 the operator session expired; 305 it was revoked (logout, password change, operator deleted);
 * - 403 a user's token (users never act as operators), or a role too low for the call.
 */

/** Operator roles: 管理员 may do everything; 客服 reads users and projects and reviews top-ups. */
export const OperatorRole = { Admin: 'admin', Support: 'support' } as const;
export type OperatorRole = (typeof OperatorRole)[keyof typeof OperatorRole];
export const OPERATOR_ROLES: readonly OperatorRole[] = [OperatorRole.Admin, OperatorRole.Support];
export const OPERATOR_ROLE_LABELS: Record<OperatorRole, string> = { admin: '管理员', support: '客服' };
export const ZOperatorRole = z.enum([OperatorRole.Admin, OperatorRole.Support], { error: '角色只能是管理员（admin）或客服（support）' });

/** Whether `role` may make a call that needs `needed` (管理员 may make every call). */
export const operatorMay = (role: OperatorRole, needed: OperatorRole): boolean => role === OperatorRole.Admin || role === needed;

/** `data` of a successful POST /api/adminLogin (code 202). */
export const ZAdminLoginAnswer = z.object({
  token: z.string(),
  sessionId: z.string(),
  operatorId: z.number().int(),
  username: z.string(),
  role: ZOperatorRole,
});
export type AdminLoginAnswer = z.infer<typeof ZAdminLoginAnswer>;

/** An operator account as the back office shows it (GET /api/admin/me, GET /api/admin/operators). */
export const ZOperatorInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  role: ZOperatorRole,
  createdAt: z.string(),
  /** Username of the operator who added this one; '' for the bootstrap operator. */
  createdBy: z.string(),
  /** A 客服's own daily approval limit in yuan; null = the setting points.supportDailyApprovalLimit. */
  dailyApprovalLimit: z.number().int().nullable(),
});
export type OperatorInfo = z.infer<typeof ZOperatorInfo>;

/** GET /api/admin/audit (管理员) — the audit trail, newest first; every filter optional. */
export const ZAuditQuery = ZPageQuery.extend({
  /** Action prefix, e.g. `user.` or `settings.update`. */
  action: z.string().trim().max(64, '操作类型不能超过 64 个字符').optional(),
  operatorId: plainNumber(z.number().int().positive('运营账号编号无效')).optional(),
  /** Substring of the target, e.g. `user:12`. */
  target: z.string().trim().max(200, '操作对象不能超过 200 个字符').optional(),
  /** ISO date or date-time bounds on the time of the change. */
  from: z.string().trim().max(30).optional(),
  to: z.string().trim().max(30).optional(),
});
export type AuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  action: z.string(),
  target: z.string(),
  /** The state before / after the change as stored (secrets removed); null for a creation / deletion. */
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

// ───────────────────────────── Users (GET 客服, writes 管理员) ─────────────────────────────

/** GET /api/admin/users — search by mobile, e-mail or name (substring), newest first. */
export const ZAdminUserQuery = ZPageQuery.extend({
  keyword: z.string().trim().max(50, '关键词不能超过 50 个字符').optional(),
  /** 'disabled' lists only disabled accounts. */
  status: z.enum(['all', 'active', 'disabled']).default('all'),
});
export type AdminUserQuery = z.infer<typeof ZAdminUserQuery>;

export const ZAdminUserRow = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  role: z.number().int(),
  invitationCode: z.string(),
  disabled: z.boolean(),
  freeTimes: z.number().int(),
  rechargePoints: z.number().int(),
  giftedPoints: z.number().int(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof ZAdminUserRow>;

/** GET /api/admin/user?id= — one user with projects, ledger and sessions (latest 50 of each). */
export const ZAdminIdQuery = z.object({ id: plainNumber(z.number().int().positive('编号无效')) });
export interface AdminUserDetails {
  user: AdminUserRow & { inviterId: number | null; invitedCount: number };
  projects: { id: number; name: string; version: string; source: string; status: string; message: string; updatedAt: string }[];
  ledger: { id: number; kind: string; delta: number; balanceAfter: number; reason: string; ref: string | null; createdAt: string }[];
  sessions: { id: string; createdAt: string; lastSeenAt: string; expiresAt: string; revokedAt: string | null; revokedReason: string | null; ip: string | null; userAgent: string | null }[];
}

/** POST /api/admin/setUserDisabled (管理员) — disabling ends every session of the user at once. */
export const ZSetUserDisabledRequest = z.object({
  userId: plainNumber(z.number().int().positive('用户编号无效')),
  disabled: z.boolean({ error: '请指定停用或启用' }),
  reason: z.string({ error: '请填写原因' }).trim().min(2, '请填写原因（至少 2 个字）').max(200, '原因不能超过 200 个字'),
});
export type SetUserDisabledRequest = z.infer<typeof ZSetUserDisabledRequest>;

// ───────────────────────────── Content (管理员) ─────────────────────────────

/** Display order (smaller first); left out on an update it stays as it is, on a creation it is 0. */
const sortField = plainNumber(z.number().int().min(-9999, '排序值过小').max(9999, '排序值过大')).optional();

/** POST /api/admin/content/notice — create (no id) or update (id) a notice (政策库); `content` HTML is sanitised. */
export const ZNoticeInput = z.object({
  id: plainNumber(z.number().int().positive()).optional(),
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(200, '标题不能超过 200 个字'),
  category: z.string({ error: '请输入分类' }).trim().min(1, '请输入分类').max(20, '分类不能超过 20 个字').meta({ title: '分类' }),
  summary: z.string().trim().max(500, '摘要不能超过 500 个字').default(''),
  content: z.string({ error: '请输入正文' }).min(1, '请输入正文').max(200_000, '正文过长'),
  source: z.string().trim().max(200, '来源不能超过 200 个字').default(''),
  /** ISO date or date-time; defaults to now. */
  publishedAt: z.string().trim().max(30).optional(),
  sort: sortField,
});
export type NoticeInput = z.input<typeof ZNoticeInput>;

/** POST /api/admin/content/faq — create or update a FAQ entry; `answer` HTML is sanitised. */
export const ZFaqInput = z.object({
  id: plainNumber(z.number().int().positive()).optional(),
  category: z.string({ error: '请输入分类' }).trim().min(1, '请输入分类').max(20, '分类不能超过 20 个字').meta({ title: '分类' }),
  question: z.string({ error: '请输入问题' }).trim().min(1, '请输入问题').max(300, '问题不能超过 300 个字'),
  answer: z.string({ error: '请输入回答' }).min(1, '请输入回答').max(50_000, '回答过长'),
  sort: sortField,
});
export type FaqInput = z.input<typeof ZFaqInput>;

/** POST /api/admin/content/agreement — publish a new version of the service agreement (1) or privacy policy (2). */
export const ZAgreementVersionInput = z.object({
  type: plainNumber(z.number().int().refine((v) => v === 1 || v === 2, '协议类型只能是 1（服务协议）或 2（隐私政策）')),
  version: z.string({ error: '请输入版本号' }).trim().min(1, '请输入版本号').max(30, '版本号不能超过 30 个字'),
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(100, '标题不能超过 100 个字'),
  content: z.string({ error: '请输入正文' }).min(1, '请输入正文').max(200_000, '正文过长'),
  /** When it takes effect (ISO date or date-time); defaults to now. */
  effectiveAt: z.string().trim().max(30).optional(),
});
export type AgreementVersionInput = z.input<typeof ZAgreementVersionInput>;
export interface AgreementVersion {
  id: number;
  type: number;
  version: string;
  title: string;
  content: string;
  effectiveAt: string;
  createdAt: string;
  /** The version the public page shows now. */
  current: boolean;
}

/** POST /api/admin/content/case — create or update a software case (also listed by getPrototypeCaseList). */
export const ZCaseInput = z.object({
  id: plainNumber(z.number().int().positive()).optional(),
  caseTypeId: plainNumber(z.number({ error: '请选择案例分类' }).int().positive('请选择案例分类')),
  name: z.string({ error: '请输入软件名称' }).trim().min(1, '请输入软件名称').max(100, '名称不能超过 100 个字'),
  version: z.string({ error: '请输入版本号' }).trim().min(1, '请输入版本号').max(20, '版本号不能超过 20 个字'),
  platform: z.string().trim().max(50, '平台不能超过 50 个字').default(''),
  summary: z.string().trim().max(2000, '简介不能超过 2000 个字').default(''),
  modules: z.array(z.string().trim().min(1).max(50, '模块名不能超过 50 个字')).max(30, '模块不能超过 30 个').default([]),
  languages: z.string().trim().max(120, '编程语言不能超过 120 个字').default(''),
  sourceLines: plainNumber(z.number().int().min(0).max(10_000_000)).default(0),
  codePages: plainNumber(z.number().int().min(0).max(10_000)).default(0),
  manualPages: plainNumber(z.number().int().min(0).max(10_000)).default(0),
  coverColor: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, '封面颜色格式为 #RRGGBB').default('#1d4ed8'),
  sort: sortField,
});
export type CaseInput = z.input<typeof ZCaseInput>;

/** POST /api/admin/content/caseType and /platformType — a case category / a platform type. */
export const ZCaseTypeInput = z.object({
  id: plainNumber(z.number().int().positive()).optional(),
  name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(50, '名称不能超过 50 个字'),
  sort: sortField,
});
export const ZPlatformTypeInput = ZCaseTypeInput.extend({ description: z.string().trim().max(300, '说明不能超过 300 个字').default('') });

/** GET /api/admin/content/delete?kind=&id= — deletes one item (a case type still used by cases cannot be deleted). */
export const ContentKind = ['notice', 'faq', 'case', 'caseType', 'platformType', 'agreement'] as const;
export const ZContentDeleteQuery = z.object({
  kind: z.enum(ContentKind, { error: '内容类型无效' }),
  id: plainNumber(z.number().int().positive('编号无效')),
});

// ───────────────────────────── Settings (管理员) ─────────────────────────────

/** One setting as the editor shows it: definition (contracts settings.ts), JSON schema of the value, value. */
export interface AdminSettingItem {
  key: string;
  group: string;
  label: string;
  description: string;
  unit?: string;
  /** JSON schema of the value (from the zod schema), which the editor renders as a form. */
  schema: Record<string, unknown>;
  value: unknown;
  /** Whether the value is stored (false: the default is in effect). */
  stored: boolean;
  updatedAt: string | null;
}

/** POST /api/admin/settings — one key with its new value, validated with that key's schema. */
export const ZSettingUpdate = z.object({
  key: z.string({ error: '请指定设置项' }).min(1).max(100),
  value: z.unknown(),
});

// ───────────────────────────── Jobs and projects (GET 客服, retry 管理员) ─────────────────────────────

export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const JOB_STATE_LABELS: Record<(typeof JOB_STATES)[number], string> = { queued: '排队中', running: '生成中', succeeded: '成功', failed: '失败' };

/** GET /api/admin/jobs — generation jobs, newest first, by state and/or user. */
export const ZAdminJobQuery = ZPageQuery.extend({
  state: z.enum(JOB_STATES).optional(),
  userId: plainNumber(z.number().int().positive()).optional(),
});
export interface AdminJobRow {
  id: number;
  kind: string;
  state: (typeof JOB_STATES)[number];
  projectId: number;
  projectName: string;
  userId: number;
  userName: string;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  message: string;
  refunded: boolean;
  createdAt: string;
  finishedAt: string | null;
}

/** GET /api/admin/project?id= — any user's project with the status and the check report of its last materials. */
export interface AdminProjectDetails {
  id: number;
  userId: number;
  userName: string;
  name: string;
  version: string;
  source: string;
  status: string;
  message: string;
  generatedAt: string | null;
  files: { name: string; size: number }[];
  report: { level: 'error' | 'warning' | 'info'; code: string; message: string }[];
}

/** POST /api/admin/retryJob (管理员) — retries a failed generation job for its user with the usual charging rules. */
export const ZRetryJobRequest = z.object({ id: plainNumber(z.number().int().positive('任务编号无效')) });

// ───────────────────────────── Dashboard (客服) ─────────────────────────────

export interface DashboardDay {
  /** YYYY-MM-DD (UTC+8, the service's day). */
  date: string;
  newUsers: number;
  generationsSucceeded: number;
  generationsFailed: number;
  pointsSold: number;
}
export interface DashboardCounts {
  newUsers: number;
  generationsSucceeded: number;
  generationsFailed: number;
  pointsSold: number;
}
export interface AdminDashboard {
  today: DashboardCounts;
  last30Days: DashboardCounts;
  /** 30 days, oldest first, today last. */
  days: DashboardDay[];
  /** Failed jobs over 30 days (each listed in /admin/jobs?state=failed). */
  failedJobs: number;
  /** Top-up orders waiting for review (state pending_review). */
  pendingTopUps: number | null;
  /** Open corrections (not generated, not cancelled) whose deadline is within 7 days or already passed. */
  correctionsNearDeadline: number | null;
}
