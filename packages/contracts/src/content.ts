import * as z from 'zod';
import { ZPageQuery } from './envelope';
import { plainNumber } from './validation';

/** GET /api/getNotification — without `id`: a page of notices (政策法规/公告); with `id`: one notice. */
export const ZNotificationQuery = ZPageQuery.extend({
  id: plainNumber(z.number().int().positive('公告编号必须为正整数')).optional(),
  category: z.string().max(20, '分类不能超过 20 个字符').meta({ title: '分类' }).optional(),
});
export const ZNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  summary: z.string(),
  /** HTML body (only in the single-notice answer; empty string in lists). */
  content: z.string(),
  source: z.string(),
  publishedAt: z.string(),
});
export type Notice = z.infer<typeof ZNotice>;

/** GET /api/getCommonProblem — the FAQ shown as 使用指南 (/ask). Optional `category` filter. */
export const ZCommonProblemQuery = z.object({ category: z.string().max(20, '分类不能超过 20 个字符').meta({ title: '分类' }).optional() });
export const ZCommonProblem = z.object({
  id: z.number().int(),
  category: z.string(),
  question: z.string(),
  /** HTML answer. */
  answer: z.string(),
  sort: z.number().int(),
});
export type CommonProblem = z.infer<typeof ZCommonProblem>;

/** Agreement types (spec §2): 1 服务协议, 2 隐私政策. */
export const AgreementType = { Service: 1, Privacy: 2 } as const;
/** GET /api/getAgreement?type=1|2 → data.content (HTML); GET /api/getPrivacyAgreement → same for type 2. */
export const ZAgreementQuery = z.object({
  type: plainNumber(z.number().int().refine((v) => v === 1 || v === 2, '协议类型只能是 1（服务协议）或 2（隐私政策）')),
});
export const ZAgreement = z.object({ type: z.number().int(), title: z.string(), content: z.string(), updatedAt: z.string() });
export type Agreement = z.infer<typeof ZAgreement>;

/** GET /api/getCaseType — case categories for /success-cases. */
export const ZCaseType = z.object({ id: z.number().int(), name: z.string(), sort: z.number().int() });
export type CaseType = z.infer<typeof ZCaseType>;

/** GET /api/getPrototypeCaseList — software cases, filter by `caseTypeId`, paginated. */
export const ZCaseListQuery = ZPageQuery.extend({
  caseTypeId: plainNumber(z.number().int().positive('案例分类编号必须为正整数')).optional(),
  keyword: z.string().max(50, '关键词不能超过 50 个字符').optional(),
});
export const ZSoftwareCase = z.object({
  id: z.number().int(),
  caseTypeId: z.number().int(),
  caseTypeName: z.string(),
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  summary: z.string(),
  modules: z.array(z.string()),
  languages: z.string(),
  sourceLines: z.number().int(),
  pages: z.object({ code: z.number().int(), manual: z.number().int() }),
  coverColor: z.string(),
});
export type SoftwareCase = z.infer<typeof ZSoftwareCase>;

/** GET /api/getPlatformType — platform types a project can be built for. */
export const ZPlatformType = z.object({ id: z.number().int(), name: z.string(), description: z.string(), sort: z.number().int() });
export type PlatformType = z.infer<typeof ZPlatformType>;
