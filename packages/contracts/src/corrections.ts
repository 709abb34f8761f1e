import * as z from 'zod';
import { ZPageQuery } from './envelope';
import { ZCharge } from './points';
import { DOCUMENT_KINDS, PROJECT_LIMITS, ZModuleInput, ZProjectName, ZProjectVersion, SOFTWARE_NATURES, TECH_TAGS, type DocumentKind } from './projects';
import { plainNumber } from './validation';

/**
 * Correction projects (补正): a correction notice (补正通知书) from the Copyright Protection Center of China is
 * split into its numbered items, each matched to a known reason with a fix; the user applies the fixes, the
 * materials the fixes touch are regenerated (the others are copied byte for byte from the filed package), and the
 * answer package (corrected materials + 补正说明 PDF/DOCX) is downloaded. The notice must be answered within 30 days
 * of its date, otherwise the application is treated as withdrawn (《计算机软件著作权登记办法》第二十二条).
 *
 * Calls (all need sign-in; another user's correction or project answers 404):
 *   POST /api/uploadCorrectionNotice  multipart: file (PDF with a text layer, or a photo/scan PNG/JPEG) → NoticeText
 *   POST /api/parseCorrectionNotice   { text }                        → ParsedNotice (nothing stored)
 *   POST /api/addProjectCorrections   ZAddCorrectionRequest           → CorrectionDetails
 *   POST /api/getProjectCorrectionsList { projectId, page, pageSize }  → Page<CorrectionListItem> (one project)
 *   POST /api/getCorrectionsProjectList { state?, keyword?, page, pageSize } → Page<CorrectionListItem> (all the user's)
 *   GET  /api/getCorrectionDetails?id=                                → CorrectionDetails
 *   POST /api/applyCorrectionFix      ZApplyCorrectionFix             → CorrectionDetails
 *   POST /api/generateCorrectionMaterials { id }                      → CorrectionDetails (charges once, queues a job)
 *   GET  /api/getCorrectionsMaterials?id=                             → the answer package zip (binary); errors are envelopes
 *   GET  /api/cancelProjectCorrections?id=                            → CorrectionDetails
 */

/** Days allowed to answer a notice (登记办法 第二十二条). */
export const CORRECTION_DAYS = 30;
/** The countdown turns into a warning in the last days. */
export const CORRECTION_WARN_DAYS = 7;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Parses YYYY-MM-DD as a calendar day (UTC midnight), or undefined when it is not a real date. */
function dayOf(date: string): number | undefined {
  if (!DATE_RE.test(date)) return undefined;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return undefined;
  return t;
}
const fmt = (t: number) => new Date(t).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** True when `date` is a real calendar day written YYYY-MM-DD. */
export const isCalendarDate = (date: string): boolean => dayOf(date) !== undefined;

/**
 * The last day to answer a notice dated `noticeDate` (YYYY-MM-DD): the notice date plus 30 calendar days
 * (登记办法 第二十二条), e.g. 2026-01-31 → 2026-03-02, 2028-02-15 → 2028-03-16. Throws on an invalid date.
 */
export function correctionDeadline(noticeDate: string): string {
  const t = dayOf(noticeDate);
  if (t === undefined) throw new Error(`invalid date: ${noticeDate}`);
  return fmt(t + CORRECTION_DAYS * DAY_MS);
}

/** Today's date in China (UTC+8, no daylight saving) as YYYY-MM-DD; CPCC's days are Beijing days. */
export const chinaToday = (now: Date = new Date()): string => fmt(now.getTime() + 8 * 3600_000).slice(0, 10);

/**
 * Whole days left until `deadline` (inclusive: 0 on the last day, negative once it has passed) seen from
 * `today` (YYYY-MM-DD, default the Beijing date).
 */
export function daysLeft(deadline: string, today: string = chinaToday()): number {
  const a = dayOf(deadline);
  const b = dayOf(today);
  if (a === undefined || b === undefined) throw new Error('invalid date');
  return Math.round((a - b) / DAY_MS);
}

/** The countdown shown wherever a correction appears. */
export interface DeadlineInfo {
  deadline: string;
  daysLeft: number;
  level: 'ok' | 'warning' | 'overdue';
  text: string;
}
export function deadlineInfo(deadline: string, today: string = chinaToday()): DeadlineInfo {
  const n = daysLeft(deadline, today);
  if (n < 0) return { deadline, daysLeft: n, level: 'overdue', text: `已逾期 ${-n} 天（截止 ${deadline}）` };
  const text = n === 0 ? `今天截止（${deadline}）` : `剩余 ${n} 天（截止 ${deadline}）`;
  return { deadline, daysLeft: n, level: n <= CORRECTION_WARN_DAYS ? 'warning' : 'ok', text };
}

/** Materials a fix can touch (the files of the package): 源程序, 操作手册, 申请表. */
export const MATERIAL_GROUPS = ['source', 'manual', 'form'] as const;
export type MaterialGroup = (typeof MATERIAL_GROUPS)[number];
export const MATERIAL_GROUP_LABELS: Record<MaterialGroup, string> = { source: '源程序', manual: '操作手册', form: '申请表' };
/** A material group's name for a project whose document is `doc` (设计说明书 for software without a user interface). */
export const materialGroupLabel = (g: MaterialGroup, doc: DocumentKind = '操作手册'): string => (g === 'manual' ? doc : MATERIAL_GROUP_LABELS[g]);

/** How a reason is fixed: a form field edited in place, a document regenerated, screenshots, a contract, or a to-do. */
export const FIX_KINDS = ['field', 'source', 'manual', 'screenshots', 'contract', 'todo'] as const;
export type FixKind = (typeof FIX_KINDS)[number];

/** Known correction reasons (the rule table's ids). */
export const CORRECTION_REASONS = [
  'name_suffix',
  'name_mismatch',
  'version_format',
  'source_pages',
  'last_page',
  'code_version',
  'screenshot_version',
  'screenshots_missing',
  'main_functions',
  'tech_features',
  'languages',
  'doc_brief',
  'doc_format',
  'doc_code_mismatch',
  'modification',
  'signature',
  'ownership_proof',
  'identity_docs',
  'electronic_copy',
  'boilerplate',
  'third_party',
  'similar',
] as const;
export type CorrectionReason = (typeof CORRECTION_REASONS)[number];
export const ZCorrectionReason = z.enum(CORRECTION_REASONS);

/** Form fields a field fix may change. */
export const FIX_FIELDS = ['name', 'version', 'mainFunctions', 'techFeatures', 'techTags', 'languages', 'nature', 'originalRegistrationNo', 'modificationNote'] as const;
export type FixField = (typeof FIX_FIELDS)[number];

/** One match of a notice item to a known reason, and the state of its fix. */
export const ZItemFix = z.object({
  reason: ZCorrectionReason,
  /** Chinese title of the reason, e.g. 软件全称须以软件/系统/平台结尾. */
  title: z.string(),
  kind: z.enum(FIX_KINDS),
  /** What the fix does, shown before applying. */
  description: z.string(),
  /** Materials regenerated when the fix is applied. */
  touches: z.array(z.enum(MATERIAL_GROUPS)),
  /** Fields edited by a field fix. */
  fields: z.array(z.enum(FIX_FIELDS)),
  /** open: not yet done; applied: the change is made (or the to-do ticked off). */
  state: z.enum(['open', 'applied']),
  /** What was changed, in the words of the 补正说明 (set when applied). */
  change: z.string().optional(),
  appliedAt: z.string().optional(),
});
export type ItemFix = z.infer<typeof ZItemFix>;

/** One numbered item of a notice, kept verbatim. */
export const ZNoticeItem = z.object({
  /** The item's number in the notice (1-based). */
  no: z.number().int(),
  /** The item's text exactly as in the notice (whitespace normalised). */
  text: z.string(),
  fixes: z.array(ZItemFix),
  /** True when at least one known reason matched. */
  recognised: z.boolean(),
  /** For an unrecognised item: the user's own account of what was done (kept for the 补正说明). */
  note: z.string().optional(),
  /** For an unrecognised item: ticked off by the user. */
  handled: z.boolean().optional(),
});
export type NoticeItem = z.infer<typeof ZNoticeItem>;

/** A notice split into items (POST /api/parseCorrectionNotice, and stored with the correction). */
export const ZParsedNotice = z.object({
  /** Text before the first item (salutation, the application it concerns). */
  preamble: z.string(),
  items: z.array(ZNoticeItem),
  /** Text after the last item when it is the notice's closing (deadline reminder, contact). */
  closing: z.string(),
  /** Dates found in the notice (YYYY-MM-DD), the last one usually being the notice date. */
  dates: z.array(z.string()),
  /** 申请流水号 when the notice carries one (e.g. 2026R11L1234567). */
  serialNo: z.string().optional(),
  recognised: z.number().int(),
  unrecognised: z.number().int(),
});
export type ParsedNotice = z.infer<typeof ZParsedNotice>;

export const NOTICE_TEXT_MAX = 20_000;
const noticeText = z
  .string({ error: '请粘贴补正通知书的文字' })
  .trim()
  .min(4, '请粘贴补正通知书的文字')
  .max(NOTICE_TEXT_MAX, `补正通知书文字不能超过 ${NOTICE_TEXT_MAX} 个字符`);
const noticeDate = z
  .string({ error: '请填写通知书日期' })
  .trim()
  .regex(DATE_RE, '通知书日期格式应为 YYYY-MM-DD')
  .refine(isCalendarDate, '通知书日期不是有效日期');

export const ZParseNoticeRequest = z.object({ text: noticeText });

/** Where the notice's text came from. */
export const NOTICE_SOURCES = ['text', 'pdf', 'image'] as const;
export const NOTICE_SOURCE_LABELS: Record<(typeof NOTICE_SOURCES)[number], string> = { text: '粘贴文字', pdf: 'PDF 文字层', image: '照片/扫描件识别' };

/** Answer of POST /api/uploadCorrectionNotice: the text read from the file, for the user to check before parsing. */
export const ZNoticeText = z.object({
  text: z.string(),
  source: z.enum(NOTICE_SOURCES),
  /** Pages read (PDF) or 1 (image). */
  pages: z.number().int(),
  /** OCR mean confidence 0–100 (images only). */
  confidence: z.number().optional(),
});
export type NoticeText = z.infer<typeof ZNoticeText>;

/** POST /api/addProjectCorrections — a correction of one of the user's generated projects. */
export const ZAddCorrectionRequest = z.object({
  projectId: plainNumber(z.number({ error: '请选择要补正的项目' }).int().positive('项目编号无效')),
  noticeText,
  noticeDate,
  source: z.enum(NOTICE_SOURCES).default('text'),
  /** 申请流水号 (optional; read from the notice when it carries one). */
  serialNo: z.string().trim().max(40, '申请流水号不能超过 40 个字符').optional(),
});
export type AddCorrectionRequest = z.input<typeof ZAddCorrectionRequest>;

/** State stored on the row. */
export const CORRECTION_STATUSES = ['pending', 'processing', 'queued', 'generating', 'generated', 'failed', 'cancelled'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

/** State shown to the user: 待处理 / 处理中 / 已生成 / 已取消 / 已逾期. */
export const CORRECTION_STATES = ['pending', 'processing', 'generated', 'submitted', 'cancelled', 'overdue'] as const;
export type CorrectionState = (typeof CORRECTION_STATES)[number];
export const CORRECTION_STATE_LABELS: Record<CorrectionState, string> = {
  pending: '待处理',
  processing: '处理中',
  generated: '已生成',
  submitted: '已提交',
  cancelled: '已取消',
  overdue: '已逾期',
};

/**
 * The shown state of a row. The answer counts as given only when the user marked it submitted at the CPCC portal
 * (`submitted`): until then the deadline runs, generated or not, and a row past it is overdue (登记办法 第二十二条:
 * not answered within 30 days, the application is deemed withdrawn).
 */
export function correctionState(status: CorrectionStatus, deadline: string, today: string = chinaToday(), submitted = false): CorrectionState {
  if (status === 'cancelled') return 'cancelled';
  if (submitted) return 'submitted';
  if (daysLeft(deadline, today) < 0) return 'overdue';
  if (status === 'generated') return 'generated';
  return status === 'pending' ? 'pending' : 'processing';
}

export const ZCorrectionListItem = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  /** Software name and version as filed. */
  name: z.string(),
  version: z.string(),
  /** Current name (after a name fix). */
  currentName: z.string(),
  noticeDate: z.string(),
  deadline: z.string(),
  daysLeft: z.number().int(),
  deadlineLevel: z.enum(['ok', 'warning', 'overdue']),
  deadlineText: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  state: z.enum(CORRECTION_STATES),
  stateLabel: z.string(),
  progress: z.number().int(),
  message: z.string(),
  items: z.number().int(),
  recognised: z.number().int(),
  /** Items whose fixes are all applied / ticked off. */
  handled: z.number().int(),
  downloadable: z.boolean(),
  createdAt: z.string(),
  generatedAt: z.string().nullable(),
  /** When the user marked the answer as submitted at the CPCC portal (the countdown stops); null while not. */
  submittedAt: z.string().nullable(),
  /** Round of fixes: 1, then one more for each change after an answer was generated. */
  revision: z.number().int(),
});
export type CorrectionListItem = z.infer<typeof ZCorrectionListItem>;

/** One file of the answer package compared with the filed package. */
export const ZFileDiff = z.object({
  /** Name inside the corrected package (or the filed one when removed). */
  name: z.string(),
  filedName: z.string().nullable(),
  /** contract: a contract of the project (合作/委托开发合同, 任务书, 转让合同 …) filed with the materials. */
  group: z.enum(['source', 'manual', 'form', 'report', 'letter', 'contract']),
  /** kept: copied byte for byte; regenerated: made again (changed or not); added: new in the package. */
  status: z.enum(['kept', 'regenerated', 'added', 'removed']),
  /** For regenerated files: whether the bytes differ from the filed ones. */
  changed: z.boolean(),
  before: z.object({ size: z.number().int(), sha256: z.string(), pages: z.number().int().optional(), header: z.string().optional() }).nullable(),
  after: z.object({ size: z.number().int(), sha256: z.string(), pages: z.number().int().optional(), header: z.string().optional() }).nullable(),
});
export type FileDiff = z.infer<typeof ZFileDiff>;

/** A field of the application form that differs between the filed and the corrected 申请表. */
export const ZFieldDiff = z.object({ label: z.string(), before: z.string(), after: z.string() });
export type FieldDiff = z.infer<typeof ZFieldDiff>;

export const ZCorrectionDiff = z.object({ files: z.array(ZFileDiff), fields: z.array(ZFieldDiff) });
export type CorrectionDiff = z.infer<typeof ZCorrectionDiff>;

/** The project's values a fix starts from (what the fixing page shows and pre-fills). */
export const ZCorrectionCurrent = z.object({
  name: z.string(),
  version: z.string(),
  mainFunctions: z.string(),
  techFeatures: z.string(),
  techTags: z.array(z.string()),
  languages: z.array(z.string()),
  /** Languages found in the attached code (what 编程语言 must at least list). */
  codeLanguages: z.array(z.string()),
  nature: z.enum(SOFTWARE_NATURES),
  originalRegistrationNo: z.string(),
  modificationNote: z.string(),
  developmentMode: z.string(),
  modules: z.array(z.object({ name: z.string(), description: z.string(), operations: z.array(z.string()) })),
  /** Pages of the attached code's source-code document (≤ 60), 0 without code. */
  estimatedCodePages: z.number().int(),
  hasCode: z.boolean(),
  codeFileName: z.string().nullable(),
  /** The project's code upload (for the file selection of a source fix), null without code. */
  uploadId: z.number().int().nullable(),
  /** The document of the filed materials: 操作手册 (software with a user interface), 设计说明书 or 使用说明. */
  documentKind: z.enum(DOCUMENT_KINDS),
});
export type CorrectionCurrent = z.infer<typeof ZCorrectionCurrent>;

export const ZCorrectionDetails = ZCorrectionListItem.extend({
  noticeText: z.string(),
  source: z.enum(NOTICE_SOURCES),
  serialNo: z.string().nullable(),
  preamble: z.string(),
  closing: z.string(),
  noticeItems: z.array(ZNoticeItem),
  current: ZCorrectionCurrent,
  /** Materials the applied fixes touch (regenerated at the next generation). */
  touched: z.array(z.enum(MATERIAL_GROUPS)),
  /** What generating the corrected materials costs now (0 when free or already paid). */
  cost: z.number().int(),
  costNote: z.string(),
  charge: ZCharge.nullable(),
  /** Between the filed and the corrected materials (after a generation). */
  diff: ZCorrectionDiff.nullable(),
  /** Files of the answer package (after a generation). */
  files: z.array(z.object({ name: z.string(), size: z.number().int() })),
  /** Items not handled yet (generation needs every item handled). */
  openItems: z.array(z.number().int()),
});
export type CorrectionDetails = z.infer<typeof ZCorrectionDetails>;

export const ZProjectCorrectionsQuery = ZPageQuery.extend({ projectId: plainNumber(z.number({ error: '请指定项目' }).int().positive('项目编号无效')) });
export type ProjectCorrectionsQuery = z.input<typeof ZProjectCorrectionsQuery>;
export const ZCorrectionsListQuery = ZPageQuery.extend({
  state: z.enum(CORRECTION_STATES).optional(),
  keyword: z.string().trim().max(50, '关键词不能超过 50 个字符').optional(),
});
export type CorrectionsListQuery = z.input<typeof ZCorrectionsListQuery>;

/** Field values of a field fix, checked with the project form's own rules. */
export const ZFixFields = z.object({
  name: ZProjectName.optional(),
  version: ZProjectVersion.optional(),
  mainFunctions: z
    .string()
    .trim()
    .min(PROJECT_LIMITS.mainFunctionsMin, `软件的主要功能不少于 ${PROJECT_LIMITS.mainFunctionsMin} 个字符（2026 年版申请表）`)
    .max(PROJECT_LIMITS.mainFunctionsMax, `软件的主要功能不能超过 ${PROJECT_LIMITS.mainFunctionsMax} 个字符`)
    .optional(),
  techFeatures: z.string().trim().min(1, '请填写技术特点').max(PROJECT_LIMITS.techFeaturesMax, `技术特点说明不能超过 ${PROJECT_LIMITS.techFeaturesMax} 个字符`).optional(),
  techTags: z.array(z.enum(TECH_TAGS, { error: '技术特点标签无效' })).max(PROJECT_LIMITS.techTagsMax, `技术特点标签最多选 ${PROJECT_LIMITS.techTagsMax} 个`).optional(),
  languages: z
    .array(z.string().trim().min(1).max(30, '单个编程语言名称不能超过 30 个字符'))
    .min(1, '请至少填写一种编程语言')
    .max(20, '编程语言最多 20 种')
    .refine((v) => v.join('、').length <= PROJECT_LIMITS.languagesMax, `编程语言合计不能超过 ${PROJECT_LIMITS.languagesMax} 个字符`)
    .optional(),
  nature: z.enum(SOFTWARE_NATURES, { error: '软件说明只能是 原创 或 修改' }).optional(),
  originalRegistrationNo: z.string().trim().max(50, '原登记号不能超过 50 个字符').optional(),
  modificationNote: z.string().trim().max(PROJECT_LIMITS.noteMax, `修改说明不能超过 ${PROJECT_LIMITS.noteMax} 个字符`).optional(),
});
export type FixFields = z.infer<typeof ZFixFields>;

/**
 * POST /api/applyCorrectionFix — applies the fix of one reason of one item (`reason` omitted: the item is
 * unrecognised and `done` + `note` record what the user did). What may be sent depends on the fix:
 * field → `fields`; source → optional `uploadId` (new code from POST /api/uploadCodeProject); manual →
 * optional `modules` (replaces the functional modules); screenshots/contract/todo → `done` (and `note`).
 */
export const ZApplyCorrectionFix = z.object({
  id: plainNumber(z.number({ error: '请指定补正项目' }).int().positive('补正项目编号无效')),
  itemNo: plainNumber(z.number({ error: '请指定通知书条目' }).int().positive('条目编号无效')),
  reason: ZCorrectionReason.optional(),
  fields: ZFixFields.optional(),
  modules: z.array(ZModuleInput).min(1, '请至少保留一个功能模块').max(PROJECT_LIMITS.modulesMax, `功能模块最多 ${PROJECT_LIMITS.modulesMax} 个`).optional(),
  uploadId: plainNumber(z.number().int().positive('上传编号无效')).optional(),
  /** For to-dos and unrecognised items: ticked (true) or not (false). */
  done: z.boolean().optional(),
  note: z.string().trim().max(300, '说明不能超过 300 个字符').optional(),
});
export type ApplyCorrectionFix = z.input<typeof ZApplyCorrectionFix>;

/**
 * What only the applicant can do (sign, hand in papers, explain a difference) is stated in the 补正说明 in the
 * applicant's own words, never in words of the product: a hint of such words for each of these reasons.
 */
export const CONFIRMATION_EXAMPLES: Partial<Record<CorrectionReason, string>> = {
  signature: '已由著作权人张三在签章页手写签名，签章页扫描件随补正材料上传',
  identity_docs: '已重新扫描营业执照副本（彩色、完整清晰），随补正材料上传',
  ownership_proof: '已提交委托开发合同，合同第五条约定著作权归委托方所有',
  similar: '本软件面向医院药房的库存管理，与已登记的零售药店收银软件功能、代码均不同：……',
  screenshot_version: '已在软件标题栏显示“软件名称 V1.0”后重新截图，替换了登录界面和主界面截图',
  screenshots_missing: '本软件为函数库，没有运行界面；设计说明书以架构图和模块结构图说明',
};

/** Key of the correction price in the `settings` table. */
export const CORRECTION_SETTING_KEY = 'integral.correction';
/**
 * Operator setting of what a correction costs: the first `freePerProject` corrections of a project are free;
 * after that `points` (null: the same as generating the project's materials). Charged once per correction,
 * when its corrected materials are generated, and refunded if that generation fails.
 */
export const ZCorrectionCostSetting = z.object({
  freePerProject: z.number({ error: '免费次数必须是整数' }).int('免费次数必须是整数').min(0, '免费次数不能小于 0').max(100, '免费次数不能超过 100').meta({ title: '每个项目免费补正次数' }),
  points: z
    .number({ error: '积分必须是整数' })
    .int('积分必须是整数')
    .min(0, '积分不能小于 0')
    .max(1_000_000, '积分过大')
    .nullable()
    .meta({ title: '此后每次补正积分（留空：与生成一次材料相同）' }),
});
export type CorrectionCostSetting = z.infer<typeof ZCorrectionCostSetting>;
export const DEFAULT_CORRECTION_COST: CorrectionCostSetting = { freePerProject: 1, points: null };

/** Name of the answer package: 软件全称_版本号_补正材料.zip. */
export const correctionZipName = (name: string, version: string): string => `${name}_${version}_补正材料.zip`;
