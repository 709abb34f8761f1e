import * as z from 'zod';
import { ZAiInformation, ZAiProvider } from './ai';
import { ZPageQuery } from './envelope';
import { ZOwnerListItem } from './owners';
import { ZTextOrigin, ZTextOrigins, ZWriterEngine } from './origins';
import { ZRightsCheck, ZRightsSign } from './rights';
import { plainNumber } from './validation';

/**
 * Projects (单个项目), functional modules, code projects (代码生成项目) and the generation of their materials.
 * Field limits follow the R11 application form (shared/spec/cpcc-materials.md); the web forms import
 * `PROJECT_LIMITS` and the schemas below so both sides say the same thing.
 *
 * Calls (all need sign-in; another user's id always answers 404 「项目不存在或无权访问」, never the data;
 * generate/addCodeProject answer 460 with `InsufficientBalance` (points.ts) when the balance is not enough):
 *   POST /api/addProject              ZProjectInput                → ProjectDetails
 *   POST /api/editProject             ZEditProjectRequest          → ProjectDetails
 *   POST /api/getProjectList          ZProjectListQuery            → Page<ProjectListItem>
 *   GET  /api/getProjectDetails?id=                                → ProjectDetails
 *   GET  /api/delProject?id=                                       → null (single projects; not in the spec's list)
 *   POST /api/generateProjectWord     { id }                       → WordStatus (charges, then queues a job)
 *   GET  /api/getProjectWordStatus?id=                             → WordStatus (poll every ~1.5 s while queued/generating)
 *   GET  /api/getProjectWordDownload?id=                           → the zip itself (binary); errors are envelopes
 *   POST /api/addFunctionalModule     ZAddFunctionalModuleRequest  → FunctionalModule
 *   POST /api/editFunctionalModule    ZEditFunctionalModuleRequest → FunctionalModule
 *   POST /api/addFunctionalModuleList ZAddFunctionalModuleListRequest → FunctionalModule[]
 *   GET  /api/delFunctionalModule?id=                              → null
 *   POST /api/uploadCodeProject       multipart: file (.zip/.tar.gz), fileName? → CodeUpload
 *   POST /api/addCodeProject          ZAddCodeProjectRequest       → AddCodeProjectResult (charges, then queues a job; `draft` only saves)
 *   POST /api/getCodeProjectList      ZCodeProjectListQuery        → Page<ProjectListItem>
 *   GET  /api/delCodeProject?id=                                   → null
 *   GET  /api/getCodeProjectIntegral?id= | ?uploadId=              → CodeProjectIntegral
 *   POST /api/getCodeProjectDownload  { id }                       → the zip itself (binary)
 */

export const SOFTWARE_CATEGORIES = ['应用软件', '嵌入式软件', '中间件', '操作系统'] as const;
export const SOFTWARE_NATURES = ['原创', '修改'] as const;
export const DEVELOPMENT_MODES = ['单独开发', '合作开发', '委托开发', '下达任务开发'] as const;
export const PUBLISH_STATUSES = ['未发表', '已发表'] as const;
export const RIGHTS_ACQUISITIONS = ['原始取得', '继受取得'] as const;
export const ACQUISITION_WAYS = ['受让', '承受', '继承'] as const;
export const RIGHTS_SCOPES = ['全部', '部分'] as const;
export const RIGHTS_ITEMS = ['发表权', '署名权', '修改权', '复制权', '发行权', '出租权', '信息网络传播权', '翻译权', '其他'] as const;
export const DEPOSIT_TYPES = ['一般交存', '例外交存'] as const;
/** 软件的技术特点 tags of the 2026 form (at most 3). */
export const TECH_TAGS = ['APP', '游戏', '教育', '金融', '医疗', '地理信息', '云计算', '信息安全', '大数据', '人工智能', 'VR', '5G', '小程序', '物联网', '智慧城市'] as const;

/** Limits of the project form (R11 order; cpcc-materials.md). */
export const PROJECT_LIMITS = {
  nameMax: 60,
  shortNameMax: 30,
  descriptionMax: 2000,
  platformMax: 50,
  /** 开发/运行的硬件环境, 操作系统, 开发工具, 运行平台, 支撑环境 and 开发目的, 面向领域. */
  environmentMax: 50,
  languagesMax: 120,
  mainFunctionsMin: 500,
  mainFunctionsMax: 1300,
  techTagsMax: 3,
  techFeaturesMax: 100,
  moduleNameMax: 30,
  moduleDescriptionMax: 500,
  /** 注意事项 of a functional module: at most 6 sentences of ≤ 100 characters. */
  moduleNotesMax: 6,
  moduleNoteMax: 100,
  modulesMax: 30,
  noteMax: 200,
} as const;

/** 软件全称 must end in 软件 / 系统 / 平台 (a real correction notice). */
export const PROJECT_NAME_RE = /(软件|系统|平台)$/;
/** 版本号: "V数字" or "数字", e.g. V1.0 (no Beta, no Chinese). */
export const PROJECT_VERSION_RE = /^[Vv]?\d+(\.\d+){0,3}$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

type Undefault<S> = S extends z.ZodDefault<infer I> ? I : S extends z.ZodPrefault<infer I> ? I : S;
type PatchShape<T extends z.ZodRawShape> = { [K in keyof T]: z.ZodOptional<Undefault<T[K]>> };
/**
 * The "edit" form of an object schema: every field optional and WITHOUT its default, so a field the client
 * leaves out stays as stored (zod's `.partial()` would still fill defaults and silently reset them).
 */
export function patchOf<T extends z.ZodRawShape>(schema: z.ZodObject<T>): z.ZodObject<PatchShape<T>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, v] of Object.entries(schema.shape)) {
    const inner = v instanceof z.ZodDefault || v instanceof z.ZodPrefault ? (v.unwrap() as z.ZodType) : (v as z.ZodType);
    shape[k] = inner.optional();
  }
  return z.object(shape) as unknown as z.ZodObject<PatchShape<T>>;
}

const env = (label: string) => z.string().trim().max(PROJECT_LIMITS.environmentMax, `${label}不能超过 ${PROJECT_LIMITS.environmentMax} 个字符`);
const date = (label: string) => z.string().trim().regex(DATE_RE, `${label}格式应为 YYYY-MM-DD`);

export const ZProjectName = z
  .string({ error: '请输入软件全称' })
  .trim()
  .min(1, '请输入软件全称')
  .max(PROJECT_LIMITS.nameMax, `软件全称不能超过 ${PROJECT_LIMITS.nameMax} 个字符`)
  .regex(PROJECT_NAME_RE, '软件全称须以“软件”“系统”或“平台”结尾')
  .refine((v) => !/[\r\n\t/\\:*?"<>|]/.test(v), '软件全称不能包含换行或 / \\ : * ? " < > | 等字符');

export const ZProjectVersion = z
  .string({ error: '请输入版本号' })
  .trim()
  .regex(PROJECT_VERSION_RE, '版本号格式应为 V数字，例如 V1.0（不能含 Beta 或中文）')
  .transform((v) => (v.startsWith('v') ? `V${v.slice(1)}` : v));

/**
 * The R11 application-form fields other than name/version/category (in the online form's order).
 * Every field is optional while the project is a draft; `checkProjectForm` (server, at generation) reports
 * what is still missing. 编程语言 and 源程序量 are filled from the code analysis when code is uploaded.
 */
export const ZApplicationForm = z.object({
  /** 软件说明: 原创 / 修改(含翻译、合成). */
  nature: z.enum(SOFTWARE_NATURES, { error: '软件说明只能是 原创 或 修改' }).default('原创'),
  /** 原登记号 (only for 修改). */
  originalRegistrationNo: z.string().trim().max(50, '原登记号不能超过 50 个字符').optional(),
  /** 修改说明 (only for 修改). */
  modificationNote: z.string().trim().max(PROJECT_LIMITS.noteMax, `修改说明不能超过 ${PROJECT_LIMITS.noteMax} 个字符`).optional(),
  /** 开发完成日期 YYYY-MM-DD. */
  completionDate: date('开发完成日期').optional(),
  /** 开发方式. */
  developmentMode: z.enum(DEVELOPMENT_MODES, { error: '开发方式无效' }).default('单独开发'),
  /** 发表状态; 已发表 needs 首次发表日期, 国家, 城市. */
  publishStatus: z.enum(PUBLISH_STATUSES, { error: '发表状态只能是 已发表 或 未发表' }).default('未发表'),
  publishDate: date('首次发表日期').optional(),
  publishCountry: z.string().trim().max(30, '发表国家不能超过 30 个字符').optional(),
  publishCity: z.string().trim().max(30, '发表城市不能超过 30 个字符').optional(),
  /** 权利取得方式. */
  rightsAcquisition: z.enum(RIGHTS_ACQUISITIONS, { error: '权利取得方式无效' }).default('原始取得'),
  /** 继受取得 way. */
  acquisitionWay: z.enum(ACQUISITION_WAYS, { error: '继受取得方式无效' }).optional(),
  /** 权利范围; 部分 lists `rightsItems`. */
  rightsScope: z.enum(RIGHTS_SCOPES, { error: '权利范围无效' }).default('全部'),
  rightsItems: z.array(z.enum(RIGHTS_ITEMS, { error: '权利项无效' })).max(RIGHTS_ITEMS.length).optional(),
  /** 开发的硬件环境. */
  devHardware: env('开发的硬件环境').optional(),
  /** 运行的硬件环境. */
  runHardware: env('运行的硬件环境').optional(),
  /** 开发该软件的操作系统. */
  devOs: env('开发该软件的操作系统').optional(),
  /** 软件开发环境/开发工具. */
  devTools: env('软件开发环境/开发工具').optional(),
  /** 该软件的运行平台/操作系统. */
  runPlatform: env('运行平台/操作系统').optional(),
  /** 软件运行支撑环境/支持软件. */
  runSupport: env('软件运行支撑环境/支持软件').optional(),
  /** 编程语言: every language used (joined with 、 at most 120 characters); filled from the code analysis. */
  languages: z
    .array(z.string().trim().min(1).max(30, '单个编程语言名称不能超过 30 个字符'))
    .max(20, '编程语言最多 20 种')
    .refine((v) => v.join('、').length <= PROJECT_LIMITS.languagesMax, `编程语言合计不能超过 ${PROJECT_LIMITS.languagesMax} 个字符`)
    .optional(),
  /**
   * Languages the applicant declares in addition to those found in the code (e.g. HTML and CSS asked for by a
   * correction notice); 编程语言 on the form is the code's languages plus these.
   */
  extraLanguages: z.array(z.string().trim().min(1).max(30, '单个编程语言名称不能超过 30 个字符')).max(10, '补充的编程语言最多 10 种').optional(),
  /** 源程序量: total lines of the whole program (filled from the code analysis). */
  sourceLines: z.number().int().min(0).max(100_000_000).optional(),
  /** 开发目的 (≤ 50, not just the name). */
  purpose: env('开发目的').optional(),
  /** 面向领域/行业. */
  domain: env('面向领域/行业').optional(),
  /** 软件的主要功能: 500–1300 characters on the 2026 form (the minimum is checked at generation). */
  mainFunctions: z.string().trim().max(PROJECT_LIMITS.mainFunctionsMax, `软件的主要功能不能超过 ${PROJECT_LIMITS.mainFunctionsMax} 个字符`).optional(),
  /** 软件的技术特点 tags (≤ 3). */
  techTags: z.array(z.enum(TECH_TAGS, { error: '技术特点标签无效' })).max(PROJECT_LIMITS.techTagsMax, `技术特点标签最多选 ${PROJECT_LIMITS.techTagsMax} 个`).optional(),
  /** 软件的技术特点 text (≤ 100). */
  techFeatures: z.string().trim().max(PROJECT_LIMITS.techFeaturesMax, `技术特点说明不能超过 ${PROJECT_LIMITS.techFeaturesMax} 个字符`).optional(),
  /** 鉴别材料 deposit type. */
  depositType: z.enum(DEPOSIT_TYPES, { error: '交存方式无效' }).default('一般交存'),
  /**
   * 著作权人 ids from the owner registry (/owner), in the form's order (the first is the first owner). The server
   * keeps them in a link table; on edit, a given list replaces the previous one.
   */
  ownerIds: z.array(z.number().int().positive('著作权人编号无效')).max(20, '著作权人最多 20 个').optional(),
});
export type ApplicationForm = z.infer<typeof ZApplicationForm>;
/** The form as sent by the client: every field optional (defaults apply on the server). */
export type ApplicationFormInput = z.input<typeof ZApplicationForm>;

export const ZModuleName = z
  .string({ error: '请输入功能模块名称' })
  .trim()
  .min(1, '请输入功能模块名称')
  .max(PROJECT_LIMITS.moduleNameMax, `功能模块名称不能超过 ${PROJECT_LIMITS.moduleNameMax} 个字符`);
export const ZModuleDescription = z
  .string()
  .trim()
  .max(PROJECT_LIMITS.moduleDescriptionMax, `功能模块说明不能超过 ${PROJECT_LIMITS.moduleDescriptionMax} 个字符`)
  .default('');

/** A functional module as written in a request. */
export const ZModuleInput = z.object({
  name: ZModuleName,
  description: ZModuleDescription,
  /** Steps the user takes in this module (the manual's operation list), at most 12 of ≤ 40 characters. */
  operations: z.array(z.string().trim().min(1).max(40, '操作步骤不能超过 40 个字符')).max(12, '操作步骤最多 12 条').default([]),
  /** The module's 注意事项 as the user writes them (the manual prints them before what the code's own rules say), at most 6 of ≤ 100 characters. */
  notes: z
    .array(z.string().trim().min(1, '注意事项不能为空').max(PROJECT_LIMITS.moduleNoteMax, `每条注意事项不能超过 ${PROJECT_LIMITS.moduleNoteMax} 个字符`))
    .max(PROJECT_LIMITS.moduleNotesMax, `注意事项最多 ${PROJECT_LIMITS.moduleNotesMax} 条`)
    .default([]),
  sort: z.number().int().min(0).max(10_000).optional(),
  /** Where the code shows this module ("path#symbol", from the code analysis); kept for the check report, never printed. */
  evidence: z.array(z.string().max(300)).max(30).optional(),
  /**
   * Why the name still needs the user's confirmation (≤ 200 characters): the code analysis inferred it because the
   * code names the unit nowhere (no menu, page title or API documentation). Sent while unconfirmed; omitted once the
   * user confirms or renames the module. The check report lists every module still flagged (需注意).
   */
  nameConfirm: z.string().trim().max(200, '名称待确认的说明不能超过 200 个字符').optional(),
});
export type ModuleInput = z.input<typeof ZModuleInput>;

/** A functional module (功能模块) of a project: one chapter of the manual. */
export const ZFunctionalModule = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  description: z.string(),
  operations: z.array(z.string()),
  /** 注意事项 the user wrote (the manual adds what the code's validation and confirmation texts say). */
  notes: z.array(z.string()),
  sort: z.number().int(),
  /** Where the code shows this module ("path#symbol"); empty when the user typed it. */
  evidence: z.array(z.string()),
  /** Why the name still waits for the user's confirmation (the analysis inferred it); absent once confirmed. */
  nameConfirm: z.string().optional(),
  /** Origin of the module's texts by part (name, description, operations, notes); absent parts are empty. */
  origins: z.record(z.string(), ZTextOrigin).optional(),
});
export type FunctionalModule = z.infer<typeof ZFunctionalModule>;

/**
 * The software's form (软件形态): decides the document kind — 操作手册 for software with a user interface,
 * 设计说明书 (library/SDK, service, embedded) or 使用说明 (command-line tool) without one.
 */
export const SOFTWARE_FORMS = ['web-admin', 'website', 'mobile', 'miniprogram', 'desktop', 'service', 'library', 'cli', 'embedded'] as const;
export type SoftwareFormKey = (typeof SOFTWARE_FORMS)[number];
export const SOFTWARE_FORM_LABELS: Record<SoftwareFormKey, string> = {
  'web-admin': 'Web 管理系统',
  website: '网站',
  mobile: '移动 App',
  miniprogram: '小程序',
  desktop: '桌面软件',
  service: '接口服务',
  library: '函数库/SDK',
  cli: '命令行工具',
  embedded: '嵌入式软件',
};
/** The document (文档鉴别材料) a project gets: 操作手册 with a user interface, else 设计说明书 or 使用说明. */
export const DOCUMENT_KINDS = ['操作手册', '设计说明书', '使用说明'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** The document each form gets. */
export const documentKindOfForm = (f: SoftwareFormKey): DocumentKind =>
  ['web-admin', 'website', 'mobile', 'miniprogram', 'desktop'].includes(f) ? '操作手册' : f === 'cli' ? '使用说明' : '设计说明书';

/** POST /api/addProject — a new project (draft). `modules` optional, at most 30. */
export const ZProjectInput = z.object({
  /** 软件全称. */
  name: ZProjectName,
  /** 软件简称. */
  shortName: z.string().trim().max(PROJECT_LIMITS.shortNameMax, `软件简称不能超过 ${PROJECT_LIMITS.shortNameMax} 个字符`).optional(),
  /** 版本号, default V1.0. */
  version: ZProjectVersion.default('V1.0'),
  /** 软件分类. */
  category: z.enum(SOFTWARE_CATEGORIES, { error: '软件分类只能是 应用软件、嵌入式软件、中间件 或 操作系统' }).default('应用软件'),
  /** Platform type id from GET /api/getPlatformType. */
  platformTypeId: z.number().int().positive().optional(),
  /** Platform name (e.g. Web、微信小程序、Android); filled from platformTypeId when omitted. */
  platform: z.string().trim().max(PROJECT_LIMITS.platformMax, `平台名称不能超过 ${PROJECT_LIMITS.platformMax} 个字符`).optional(),
  /** The user's own description of the software (fed to the AI writer). */
  description: z.string().trim().max(PROJECT_LIMITS.descriptionMax, `软件描述不能超过 ${PROJECT_LIMITS.descriptionMax} 个字符`).default(''),
  form: ZApplicationForm.prefault({}),
  modules: z.array(ZModuleInput).max(PROJECT_LIMITS.modulesMax, `功能模块最多 ${PROJECT_LIMITS.modulesMax} 个`).optional(),
  /** Code to attach (an upload id from POST /api/uploadCodeProject); needed for the source-code document. */
  uploadId: z.number().int().positive().optional(),
  /** The software's form as the user confirms it; omitted = as detected from the code. */
  softwareForm: z.enum(SOFTWARE_FORMS, { error: '软件形态无效' }).optional(),
});
export type ProjectInput = z.input<typeof ZProjectInput>;

/** POST /api/editProject — `id` plus any fields to change; `modules`, when given, replaces the module list. */
export const ZEditProjectRequest = patchOf(ZProjectInput).extend({
  id: plainNumber(z.number({ error: '请指定项目' }).int().positive('项目编号无效')),
  form: patchOf(ZApplicationForm).optional(),
});
export type EditProjectRequest = z.input<typeof ZEditProjectRequest>;

export const ZIdQuery = z.object({ id: plainNumber(z.number({ error: '请指定编号' }).int().positive('编号无效')) });
export type IdQuery = z.infer<typeof ZIdQuery>;

/** Where a project's data came from: `form` (智能生成, /auto-generate) or `code` (代码生成, /code-to-doc-generator). */
export const ProjectSource = { Form: 'form', Code: 'code' } as const;
export type ProjectSource = (typeof ProjectSource)[keyof typeof ProjectSource];

/** State of a project's materials (shared with the job state: queued → generating → succeeded | failed). */
export const ProjectStatus = {
  Draft: 'draft',
  Queued: 'queued',
  Generating: 'generating',
  Succeeded: 'succeeded',
  Failed: 'failed',
} as const;
export type ProjectStatus = (typeof ProjectStatus)[keyof typeof ProjectStatus];
export const ZProjectStatus = z.enum(['draft', 'queued', 'generating', 'succeeded', 'failed']);
/** Chinese labels of the statuses for lists and tags. */
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  draft: '草稿',
  queued: '排队中',
  generating: '生成中',
  succeeded: '已完成',
  failed: '生成失败',
};

/** POST /api/getProjectList — `type`: all (menu default) | form | code; optional status and keyword. */
export const ZProjectListQuery = ZPageQuery.extend({
  type: z.enum(['all', 'form', 'code'], { error: '类型只能是 all、form 或 code' }).default('all'),
  status: ZProjectStatus.optional(),
  keyword: z.string().trim().max(50, '关键词不能超过 50 个字符').optional(),
});
export type ProjectListQuery = z.input<typeof ZProjectListQuery>;

/** POST /api/getCodeProjectList — code projects only. */
export const ZCodeProjectListQuery = ZProjectListQuery.omit({ type: true });
export type CodeProjectListQuery = z.input<typeof ZCodeProjectListQuery>;

export const ZProjectListItem = z.object({
  id: z.number().int(),
  source: z.enum(['form', 'code']),
  name: z.string(),
  shortName: z.string(),
  version: z.string(),
  category: z.string(),
  platform: z.string(),
  languages: z.array(z.string()),
  sourceLines: z.number().int(),
  moduleCount: z.number().int(),
  status: ZProjectStatus,
  /** 0–100. */
  progress: z.number().int(),
  /** Last status message (e.g. the failure reason). */
  message: z.string(),
  /** True when materials exist and can be downloaded. */
  downloadable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  generatedAt: z.string().nullable(),
});
export type ProjectListItem = z.infer<typeof ZProjectListItem>;

/** The code analysis of an upload (what the materials engine found). */
export const ZCodeAnalysis = z.object({
  /** 编程语言 as on the form (every language used, most lines first). */
  languages: z.array(z.string()),
  /** 源程序量: total lines of the whole program. */
  sourceLines: z.number().int(),
  codeLines: z.number().int(),
  commentLines: z.number().int(),
  blankLines: z.number().int(),
  files: z.number().int(),
  byLanguage: z.array(z.object({ language: z.string(), files: z.number().int(), lines: z.number().int() })),
  /** Files left out (vendored, generated, binary…), counted. */
  skipped: z.number().int(),
  /** Path of the file the source-code document starts with. */
  entry: z.string(),
  /** Pages of the source-code document as it will be printed (≤ 60), computed by paginating the selection. */
  estimatedPages: z.number().int(),
  /** Pages of the whole program after pagination (before the first-30/last-30 selection). */
  totalPages: z.number().int().optional(),
  /** The software form detected from the code, with its evidence. */
  form: z.object({ form: z.enum(SOFTWARE_FORMS), label: z.string(), hasUi: z.boolean(), evidence: z.array(z.string()) }).optional(),
  /** Versions the code declares for itself ("package.json:3 3.8.1"). */
  versions: z.array(z.object({ value: z.string(), file: z.string(), line: z.number().int(), source: z.string() })).optional(),
  /** Third-party signs found (licences, well-known projects, other authors), as Chinese sentences. */
  provenance: z.array(z.string()).optional(),
  /** The signs of another holder (rights.ts), compared with the owners by `assessRights`. */
  rights: z.array(ZRightsSign).optional(),
});
export type CodeAnalysis = z.infer<typeof ZCodeAnalysis>;

/** One file of an upload with whether it is printed and why (the file selection of the code step). */
export const ZCodeFileEntry = z.object({
  path: z.string(),
  included: z.boolean(),
  /** Why it is left out (or '' when included). */
  reason: z.string(),
  /** What a left-out file is when it is not the applicant's program: 测试代码, 自动生成的代码, 构建/CI/部署文件, 第三方代码. */
  category: z.enum(['test', 'generated', 'build', 'vendored']).optional(),
  language: z.string(),
  lines: z.number().int(),
});
export type CodeFileEntry = z.infer<typeof ZCodeFileEntry>;

/** The user's selection of an upload (gitignore syntax): `include` admits what a default rule left out, `exclude` leaves out. */
export const ZCodeSelection = z.object({
  include: z.array(z.string().trim().min(1).max(200, '规则不能超过 200 个字符')).max(100, '规则最多 100 条').default([]),
  exclude: z.array(z.string().trim().min(1).max(200, '规则不能超过 200 个字符')).max(100, '规则最多 100 条').default([]),
});
export type CodeSelection = z.infer<typeof ZCodeSelection>;

/** POST /api/setCodeSelection — re-reads the upload with the selection; answers the new analysis and file list. */
export const ZSetCodeSelectionRequest = ZCodeSelection.extend({ uploadId: plainNumber(z.number({ error: '请先上传代码压缩包' }).int().positive('上传编号无效')) });
export type SetCodeSelectionRequest = z.input<typeof ZSetCodeSelectionRequest>;

/** GET /api/getCodeFiles?uploadId= and the answer of setCodeSelection: every file with included/excluded and why. */
export const ZCodeFiles = z.object({
  uploadId: z.number().int(),
  selection: ZCodeSelection,
  files: z.array(ZCodeFileEntry),
  analysis: z.lazy(() => ZCodeAnalysis),
  /** The third-party check of this selection against the user's owner registry. */
  rights: ZRightsCheck.optional(),
});
export type CodeFiles = z.infer<typeof ZCodeFiles>;

/** Answer of POST /api/uploadCodeProject. */
export const ZCodeUpload = z.object({
  uploadId: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  analysis: ZCodeAnalysis,
  /** The third-party check (rights.ts) against the user's owner registry, at the upload. */
  rights: ZRightsCheck.optional(),
});
export type CodeUpload = z.infer<typeof ZCodeUpload>;

/** The multipart fields of POST /api/uploadCodeProject (the file itself is `file`). */
export const ZUploadCodeFields = z.object({ fileName: z.string().trim().max(200, '文件名过长').optional() });

export const ZProjectDetails = ZProjectListItem.extend({
  platformTypeId: z.number().int().nullable(),
  description: z.string(),
  form: ZApplicationForm,
  modules: z.array(ZFunctionalModule),
  /** The attached code, when any. */
  code: ZCodeUpload.nullable(),
  /** The 著作权人 in form order (identity numbers masked); their ids are `form.ownerIds`. */
  owners: z.array(ZOwnerListItem),
  /** The software form the user confirmed (null = as detected from the code: `code.analysis.form`). */
  softwareForm: z.enum(SOFTWARE_FORMS).nullable(),
  /** True when AI information has been generated and stored (GET /api/getAiInformation). */
  hasAiInformation: z.boolean(),
  /** True when the project was edited after its materials were generated (generate again to refresh them). */
  materialsOutdated: z.boolean(),
  /**
   * Answer of an edit that renamed the software, its version or a module: the stored texts changed to the new
   * name (form texts, 软件简介, module texts, figures) and those it could not change, each with what to do.
   */
  propagation: z.object({ updated: z.array(z.string()), flagged: z.array(z.string()) }).optional(),
  /**
   * Where each text came from (user / code / draft / ai), by field key: `description`, `form.mainFunctions`, …;
   * module texts are on each module (`modules[i].origins`). Decided by the server when the text is saved.
   */
  origins: ZTextOrigins,
  /** The third-party check of its code against its owners (null without code): `flagged` refuses the generation. */
  rights: ZRightsCheck.nullable().optional(),
});
export type ProjectDetails = z.infer<typeof ZProjectDetails>;

/**
 * One item of the pre-submission check report (检查报告). Levels, shown as they are: `error` 未通过 (blocks a
 * clean filing), `warning` 需注意 (never shown as passed), `info` 通过. Other checks (owners, contracts…) add
 * items of the same shape.
 */
export const ZReportItem = z.object({
  level: z.enum(['error', 'warning', 'info']),
  /** Stable code (e.g. COVERAGE_DOC_TO_CODE, VERSION_IN_CODE). */
  code: z.string(),
  message: z.string(),
  /** Places or facts the item rests on: "src/a.java:12", "SysUserController.java#SysUserController". */
  evidence: z.array(z.string()).optional(),
});
/** Chinese labels of the report levels. */
export const REPORT_LEVEL_LABELS = { error: '未通过', warning: '需注意', info: '通过' } as const;
export type ReportItem = z.infer<typeof ZReportItem>;

export const ZMaterialFile = z.object({ name: z.string(), size: z.number().int() });
export type MaterialFile = z.infer<typeof ZMaterialFile>;

/** GET /api/getProjectWordStatus?id= — poll while `state` is queued or generating. */
export const ZWordStatus = z.object({
  id: z.number().int(),
  state: ZProjectStatus,
  progress: z.number().int(),
  message: z.string(),
  /** Files inside the download (when succeeded). */
  files: z.array(ZMaterialFile).optional(),
  /** The zip's file name (when succeeded). */
  downloadName: z.string().optional(),
  /** The verifier's report (when succeeded). */
  report: z.array(ZReportItem).optional(),
  /** What this generation was charged. */
  charge: z.object({ freeTimes: z.number().int(), giftedPoints: z.number().int(), rechargePoints: z.number().int() }).optional(),
  updatedAt: z.string(),
});
export type WordStatus = z.infer<typeof ZWordStatus>;

/** POST /api/generateProjectWord { id } — charge and start (or restart) the generation. */
export const ZGenerateRequest = z.object({ id: plainNumber(z.number({ error: '请指定项目' }).int().positive('项目编号无效')) });
export type GenerateRequest = z.infer<typeof ZGenerateRequest>;

export const ZAddFunctionalModuleRequest = ZModuleInput.extend({ projectId: plainNumber(z.number({ error: '请指定项目' }).int().positive('项目编号无效')) });
export type AddFunctionalModuleRequest = z.input<typeof ZAddFunctionalModuleRequest>;
export const ZEditFunctionalModuleRequest = patchOf(ZModuleInput).extend({ id: plainNumber(z.number({ error: '请指定功能模块' }).int().positive('功能模块编号无效')) });
export type EditFunctionalModuleRequest = z.input<typeof ZEditFunctionalModuleRequest>;
/** POST /api/addFunctionalModuleList — appends the modules, or replaces the whole list with `replace: true`. */
export const ZAddFunctionalModuleListRequest = z.object({
  projectId: plainNumber(z.number({ error: '请指定项目' }).int().positive('项目编号无效')),
  modules: z.array(ZModuleInput).min(1, '请至少添加一个功能模块').max(PROJECT_LIMITS.modulesMax, `功能模块最多 ${PROJECT_LIMITS.modulesMax} 个`),
  replace: z.boolean().default(false),
});
export type AddFunctionalModuleListRequest = z.input<typeof ZAddFunctionalModuleListRequest>;

/**
 * POST /api/addCodeProject — the upload plus the project information; starts the generation at once, or with
 * `draft: true` only keeps the project (state `draft`, nothing charged) so screenshots can be attached to its modules
 * before generating with /api/generateProjectWord.
 */
export const ZAddCodeProjectRequest = ZProjectInput.omit({ uploadId: true }).extend({
  uploadId: plainNumber(z.number({ error: '请先上传代码压缩包' }).int().positive('上传编号无效')),
  draft: z.boolean().optional(),
});
export type AddCodeProjectRequest = z.input<typeof ZAddCodeProjectRequest>;

/** Answer of POST /api/addCodeProject: the generation's status plus the created project (poll with its id). */
export const ZAddCodeProjectResult = ZWordStatus.extend({ project: ZProjectDetails });
export type AddCodeProjectResult = z.infer<typeof ZAddCodeProjectResult>;

/** GET /api/getCodeProjectIntegral?id= (a code project) or ?uploadId= (before creating it). */
export const ZCodeProjectIntegralQuery = z
  .object({
    id: plainNumber(z.number().int().positive('编号无效')).optional(),
    uploadId: plainNumber(z.number().int().positive('上传编号无效')).optional(),
  })
  .refine((v) => Boolean(v.id) !== Boolean(v.uploadId), { message: '请指定项目编号或上传编号', path: ['id'] });

/** What a generation will cost and what the user has. */
export const ZCodeProjectIntegral = z.object({
  /** Points a generation of this code project costs (by size: see GET /api/getIntegralSetting). */
  points: z.number().int(),
  sourceLines: z.number().int(),
  freeTimes: z.number().int(),
  giftedPoints: z.number().int(),
  rechargePoints: z.number().int(),
  /** What will be used: a free time, or points (gifted first, then recharge). */
  payWith: z.enum(['free_times', 'points', 'insufficient']),
  enough: z.boolean(),
});
export type CodeProjectIntegral = z.infer<typeof ZCodeProjectIntegral>;

/** The zip's file name: 软件全称_版本号_软著材料.zip (spec §5: new name + the original extension). */
export const materialsZipName = (name: string, version: string): string => `${name}_${version}_软著材料.zip`;

/* ---------------------------------------------------------------------------------------------------------------
 * AI writing routes (served by the projects module with the server's AI writer; schemas of the texts in ./ai.ts)
 *   POST /api/getAIGeneratedInformation  ZAiGenerateRequest ({id} of a project, or project fields) → AiGenerateResult
 *                                        (with id: stored on the project, GET /api/getAiInformation returns it)
 *   POST /api/getAiPolishDescription     ZAiPolishDescriptionRequest → { description, provider }
 *   POST /api/getFunctionAiPolish        ZAiPolishFunctionRequest    → AiPolishFunctionResult & { provider }
 *   GET  /api/getCnNameToEnName?name=                                → { name, enName, provider }
 *   GET  /api/getAiInformation?id=                                   → AiInformation | null
 *   GET  /api/editAiJsonText?id=&text=   (also POST with the same fields as JSON, for long texts) → AiInformation
 *        `text` is the edited AiInformation as JSON; it is checked with ZAiInformation (limits of the R11 form).
 * ------------------------------------------------------------------------------------------------------------- */

/** POST /api/getAIGeneratedInformation — `id` of an owned project (its data and code analysis are used), or fields. */
export const ZAiGenerateRequest = z
  .object({
    id: plainNumber(z.number().int().positive('项目编号无效')).optional(),
    name: z.string().trim().max(60, '软件全称不能超过 60 个字').optional(),
    shortName: z.string().trim().max(30).optional(),
    version: z.string().trim().max(20).optional(),
    category: z.string().trim().max(20).optional(),
    platform: z.string().trim().max(30).optional(),
    description: z.string().trim().max(2000, '软件描述不能超过 2000 个字').optional(),
    keywords: z.array(z.string().trim().max(30)).max(20).optional(),
    /** An upload whose code analysis feeds the writer (when no `id`). */
    uploadId: plainNumber(z.number().int().positive('上传编号无效')).optional(),
    /** `rules` (default): the rule-based writer, labelled 规则草稿; `ai`: the AI model, only when the user asks. */
    engine: ZWriterEngine,
  })
  .refine((v) => Boolean(v.id) || Boolean(v.name), { message: '请指定项目，或填写软件全称', path: ['name'] });
export type AiGenerateRequest = z.input<typeof ZAiGenerateRequest>;

/** Answer of POST /api/getAIGeneratedInformation (`projectId` null when written from fields only, nothing stored). */
export const ZAiGenerateResult = z.object({
  information: ZAiInformation,
  provider: ZAiProvider,
  /** `draft` (rule-based writer) or `ai` (a model wrote it) with the model's name: how the texts are labelled once saved. */
  origin: z.enum(['draft', 'ai']),
  model: z.string().optional(),
  /**
   * With `id`: that project, whose stored AI information (GET /api/getAiInformation) now holds these texts as
   * suggestions — the form itself is unchanged until the user saves them; null when written from fields only.
   */
  projectId: z.number().int().nullable(),
});
export type AiGenerateResult = z.infer<typeof ZAiGenerateResult>;

export const ZCnNameQuery = z.object({ name: z.string({ error: '请填写软件全称' }).trim().min(1, '请填写软件全称').max(60, '软件全称不能超过 60 个字'), engine: ZWriterEngine });

export const ZEditAiJsonRequest = z.object({
  id: plainNumber(z.number({ error: '请指定项目' }).int().positive('项目编号无效')),
  text: z.string({ error: '请提交 AI 信息内容' }).min(2, '请提交 AI 信息内容').max(60_000, 'AI 信息内容过长'),
});
export type EditAiJsonRequest = z.infer<typeof ZEditAiJsonRequest>;
