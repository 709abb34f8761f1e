import * as z from 'zod';
import { ZWriterEngine } from './origins';

/**
 * Shared schemas of the AI writing feature (POST /api/getAIGeneratedInformation, /api/getAiPolishDescription,
 * /api/getFunctionAiPolish, GET /api/getCnNameToEnName, /api/getAiInformation, /api/editAiJsonText).
 *
 * Every limit comes from the R11 application form as summarised in spec/cpcc-materials.md
 * ("Application form (R11, in the order of the online form)"); 软件的主要功能 is 500–1300 characters since the
 * form of 2026-03-15. Lengths are counted in characters (Unicode code points), the unit of zod 4's `.min()/.max()`;
 * every Chinese character counts as 1 (a browser `maxLength` counts UTF-16 units: an emoji counts 2 there).
 * Limits marked "ours" are not on the form: they keep texts usable in the manual and the web editor.
 */
export const AI_LIMITS = {
  /** 软件说明 / 简介 shown with the project (ours: long enough to be specific, short enough for the form's note). */
  descriptionMin: 150,
  descriptionMax: 400,
  /** 开发目的 ≤ 50 (R11). */
  purposeMax: 50,
  /** 面向领域/行业 ≤ 50 (R11). */
  domainMax: 50,
  /** 软件的主要功能 500–1300 (R11, form of 2026-03-15). */
  mainFunctionsMin: 500,
  mainFunctionsMax: 1300,
  /** 软件的技术特点 text ≤ 100 (R11). */
  techFeaturesMax: 100,
  /** 软件的技术特点 tags: at most 3 (R11). */
  techTagsMax: 3,
  /** 开发/运行硬件环境, 操作系统, 开发工具, 运行平台, 运行支撑环境: ≤ 50 each (R11). */
  environmentMax: 50,
  /** 编程语言 ≤ 120 (R11). */
  languagesMax: 120,
  /**
   * Functional modules (ours): none are invented to reach a count (with no support in the input the list is empty and
   * the check report asks for them); at most 30
   * (a Spring Boot / Vue admin easily has 20 business units, and every one must be in the document).
   */
  modulesMin: 0,
  modulesMax: 30,
  /** Module name (ours). */
  moduleNameMax: 30,
  /** Module description (ours). */
  moduleDescriptionMax: 300,
  /** Operations per module (ours): none when the input names none. */
  operationsMin: 0,
  operationsMax: 12,
  /** One operation (ours). */
  operationMax: 40,
  /** 软件英文名 (ours). */
  enNameMax: 120,
} as const;

/** The tags of 软件的技术特点 offered by the R11 form (cpcc-materials.md). */
export const AI_TECH_TAGS = [
  'APP',
  '游戏',
  '教育',
  '金融',
  '医疗',
  '地理信息',
  '云计算',
  '信息安全',
  '大数据',
  '人工智能',
  'VR',
  '5G',
  '小程序',
  '物联网',
  '智慧城市',
] as const;
export const ZAiTechTag = z.enum(AI_TECH_TAGS, { error: '技术特点标签不在申请表的可选范围内' });
export type AiTechTag = z.infer<typeof ZAiTechTag>;

/** 软件分类 on the R11 form. */
export const AI_SOFTWARE_CATEGORIES = ['应用软件', '嵌入式软件', '中间件', '操作系统'] as const;

/**
 * Platform (software form) the project selects; the writer also accepts free text and maps it
 * (for example "安卓 App" → 移动 App).
 */
export const AI_PLATFORMS = ['Web 管理系统', '移动 App', '微信小程序', '桌面软件', '嵌入式/物联网', '接口服务/中间件'] as const;

/** Which writer produced an answer: the OpenAI-compatible chat API, or the built-in offline writer. */
export const ZAiProvider = z.enum(['openai', 'offline']);
export type AiProvider = z.infer<typeof ZAiProvider>;

const text = (max: number, label: string) =>
  z.string({ error: `请填写${label}` }).trim().max(max, `${label}不能超过 ${max} 个字`);

/** What the code analysis of an uploaded code project tells the writer (all optional except languages and lines). */
export const ZAiCodeAnalysis = z.object({
  /**
   * Languages as written on the form, e.g. ["Java", "Vue", "JavaScript", "HTML", "CSS"]; the form's text
   * "Java、Vue、HTML" (as in `CodeAnalysis.languages`) is accepted and split.
   */
  languages: z.union([z.array(z.string().trim().min(1).max(40)).max(40), z.string().max(400)]),
  /** Total source lines of the whole program (源程序量). */
  sourceLines: z.number().int().min(0),
  files: z.number().int().min(0).optional(),
  /** HTTP routes, e.g. "GET /api/user/list" or "/system/role". */
  routes: z.array(z.string().max(300)).max(2000).optional(),
  /** Page or view paths, e.g. "src/views/order/index.vue", "pages/cart/cart". */
  pages: z.array(z.string().max(300)).max(2000).optional(),
  /** Controller / handler names or files, e.g. "UserController". */
  controllers: z.array(z.string().max(300)).max(2000).optional(),
  /** Entity / model / table names, e.g. "SysUser", "t_order". */
  entities: z.array(z.string().max(300)).max(2000).optional(),
  /** Menu texts found in the code, usually Chinese, e.g. "用户管理" or "系统管理/角色管理". */
  menuItems: z.array(z.string().max(300)).max(2000).optional(),
  /** Entry file, e.g. "src/main/java/com/acme/Application.java". */
  entry: z.string().max(300).optional(),
  /**
   * Business units read from the code (controller groups, page folders with their menu titles, route files,
   * scheduled jobs; a library's source folders), each with its Chinese label when the code has one and its
   * evidence ("path#symbol"). When given, the writer's modules are exactly these units plus the user's own.
   */
  units: z
    .array(
      z.object({
        key: z.string().max(100),
        label: z.string().max(60).optional(),
        /** Where the label comes from: menu, page (title), api (Swagger tag), translation (gettext), doc (comment). */
        labelFrom: z.string().max(20).optional(),
        words: z.array(z.string().max(40)).max(10),
        kind: z.string().max(20),
        evidence: z.array(z.string().max(300)).max(40),
        /**
         * What the unit's pages show, read from their code (analysis/pages): table columns, search conditions, form
         * fields, tabs and other texts, each at most 6, as written on the page.
         */
        shows: z
          .object({
            columns: z.array(z.string().max(40)).max(6).optional(),
            search: z.array(z.string().max(40)).max(6).optional(),
            fields: z.array(z.string().max(40)).max(6).optional(),
            tabs: z.array(z.string().max(40)).max(6).optional(),
            texts: z.array(z.string().max(40)).max(6).optional(),
          })
          .optional(),
      }),
    )
    .max(200)
    .optional(),
  /** The software form detected from the code (web-admin, library, service, cli …). */
  form: z.string().max(20).optional(),
});
export type AiCodeAnalysis = z.input<typeof ZAiCodeAnalysis>;

/** Input of 生成 AI 信息 (getAIGeneratedInformation). */
export const ZAiProjectInput = z.object({
  /** 软件全称. */
  name: z.string({ error: '请填写软件全称' }).trim().min(1, '请填写软件全称').max(60, '软件全称不能超过 60 个字'),
  /** 软件简称. */
  shortName: z.string().trim().max(30).optional(),
  /** 版本号, e.g. V1.0. */
  version: z.string().trim().max(20).optional(),
  /** 软件分类: 应用软件 / 嵌入式软件 / 中间件 / 操作系统. */
  category: z.string().trim().max(20).optional(),
  /** Platform, one of AI_PLATFORMS or free text. */
  platform: z.string().trim().max(30).optional(),
  /** The user's own words about the software. */
  description: z.string().trim().max(2000, '软件描述不能超过 2000 个字').optional(),
  keywords: z.array(z.string().trim().max(30)).max(20).optional(),
  codeAnalysis: ZAiCodeAnalysis.optional(),
});
/** What callers pass (the request body of getAIGeneratedInformation without the project id). */
export type AiProjectInput = z.input<typeof ZAiProjectInput>;

/** Splits 编程语言 written as text ("Java、Vue，HTML") or returns the list as is, trimmed and deduplicated. */
export function aiLanguageList(languages: string | readonly string[] | undefined): string[] {
  const list = typeof languages === 'string' ? languages.split(/[、,，;；/]+/) : (languages ?? []);
  const out: string[] = [];
  for (const l of list.map((x) => x.trim()).filter(Boolean)) if (!out.some((o) => o.toLowerCase() === l.toLowerCase())) out.push(l);
  return out;
}

/** One functional module (功能模块): a chapter of the manual and an item of 主要功能. */
export const ZAiModule = z.object({
  name: z.string({ error: '请填写模块名称' }).trim().min(1, '请填写模块名称').max(AI_LIMITS.moduleNameMax, `模块名称不能超过 ${AI_LIMITS.moduleNameMax} 个字`),
  description: z
    .string({ error: '请填写模块说明' })
    .trim()
    .min(1, '请填写模块说明')
    .max(AI_LIMITS.moduleDescriptionMax, `模块说明不能超过 ${AI_LIMITS.moduleDescriptionMax} 个字`),
  operations: z
    .array(z.string().trim().min(1).max(AI_LIMITS.operationMax, `单个操作不能超过 ${AI_LIMITS.operationMax} 个字`))
    .min(AI_LIMITS.operationsMin)
    .max(AI_LIMITS.operationsMax, `每个模块最多 ${AI_LIMITS.operationsMax} 个操作`),
  /**
   * What in the input supports this module (code items such as "UserController", "menu:用户管理",
   * "描述", "平台"), for the user to check. Optional; never printed in the materials.
   */
  basis: z.array(z.string().max(300)).max(40).optional(),
  /** Set when the code gives the module no name of its own: why the name was chosen, for the user to confirm. */
  confirm: z.string().max(200).optional(),
});
export type AiModule = z.infer<typeof ZAiModule>;

/**
 * The application-form texts written by AI (R11 fields) plus the functional modules.
 * Validate edits from /api/editAiJsonText with this schema.
 */
export const ZAiInformation = z.object({
  /** 软件说明/简介, at most 400 (150 is the writer's target when the input says enough; never padded). */
  description: z
    .string({ error: '请填写软件简介' })
    .trim()
    .min(1, '请填写软件简介')
    .max(AI_LIMITS.descriptionMax, `软件简介不能超过 ${AI_LIMITS.descriptionMax} 个字`),
  /** 开发目的 ≤ 50. */
  purpose: text(AI_LIMITS.purposeMax, '开发目的').min(1, '请填写开发目的'),
  /** 面向领域/行业 ≤ 50. */
  domain: text(AI_LIMITS.domainMax, '面向领域/行业').min(1, '请填写面向领域/行业'),
  /**
   * 软件的主要功能, at most 1300. The form needs 500: when the input supports less the text stays shorter (nothing is
   * invented to fill it) and the check report asks the user to add what the software does.
   */
  mainFunctions: z
    .string({ error: '请填写软件的主要功能' })
    .trim()
    .min(1, '请填写软件的主要功能')
    .max(AI_LIMITS.mainFunctionsMax, `软件的主要功能不能超过 ${AI_LIMITS.mainFunctionsMax} 个字`),
  /** 软件的技术特点 text ≤ 100. */
  techFeatures: text(AI_LIMITS.techFeaturesMax, '软件的技术特点').min(1, '请填写软件的技术特点'),
  /** 软件的技术特点 tags, ≤ 3 of AI_TECH_TAGS. */
  techTags: z.array(ZAiTechTag).max(AI_LIMITS.techTagsMax, `技术特点标签最多选择 ${AI_LIMITS.techTagsMax} 个`),
  /** 开发的硬件环境 ≤ 50. */
  devHardware: text(AI_LIMITS.environmentMax, '开发的硬件环境').min(1, '请填写开发的硬件环境'),
  /** 运行的硬件环境 ≤ 50. */
  runHardware: text(AI_LIMITS.environmentMax, '运行的硬件环境').min(1, '请填写运行的硬件环境'),
  /** 开发该软件的操作系统 ≤ 50. */
  devOs: text(AI_LIMITS.environmentMax, '开发该软件的操作系统').min(1, '请填写开发该软件的操作系统'),
  /** 软件开发环境/开发工具 ≤ 50. */
  devTools: text(AI_LIMITS.environmentMax, '软件开发环境/开发工具').min(1, '请填写软件开发环境/开发工具'),
  /** 该软件的运行平台/操作系统 ≤ 50. */
  runPlatform: text(AI_LIMITS.environmentMax, '该软件的运行平台/操作系统').min(1, '请填写该软件的运行平台/操作系统'),
  /** 软件运行支撑环境/支持软件 ≤ 50. */
  runSupport: text(AI_LIMITS.environmentMax, '软件运行支撑环境/支持软件').min(1, '请填写软件运行支撑环境/支持软件'),
  /** 编程语言 ≤ 120; empty when no language is known from code or input. */
  languages: text(AI_LIMITS.languagesMax, '编程语言'),
  /** 功能模块, 5–12. */
  modules: z
    .array(ZAiModule)
    .min(AI_LIMITS.modulesMin, `功能模块至少 ${AI_LIMITS.modulesMin} 个`)
    .max(AI_LIMITS.modulesMax, `功能模块最多 ${AI_LIMITS.modulesMax} 个`),
});
export type AiInformation = z.infer<typeof ZAiInformation>;

/** Input of AI 润色软件描述 (getAiPolishDescription). */
export const ZAiPolishDescriptionRequest = z.object({
  name: z.string().trim().min(1, '请填写软件全称').max(60),
  description: z.string({ error: '请填写软件描述' }).trim().min(1, '请填写软件描述').max(2000, '软件描述不能超过 2000 个字'),
  platform: z.string().trim().max(30).optional(),
  /** `rules` (default) or `ai` (the model, when the user asks). */
  engine: ZWriterEngine,
});
export type AiPolishDescriptionRequest = z.input<typeof ZAiPolishDescriptionRequest>;

/** Input of AI 润色功能模块 (getFunctionAiPolish). */
export const ZAiPolishFunctionRequest = z.object({
  projectName: z.string().trim().min(1, '请填写软件全称').max(60),
  moduleName: z.string().trim().min(1, '请填写模块名称').max(AI_LIMITS.moduleNameMax),
  description: z.string().trim().max(2000, '模块说明不能超过 2000 个字'),
  operations: z.array(z.string().trim().max(200)).max(50).optional(),
  /** `rules` (default) or `ai` (the model, when the user asks). */
  engine: ZWriterEngine,
});
export type AiPolishFunctionRequest = z.input<typeof ZAiPolishFunctionRequest>;

/** Answer of AI 润色功能模块. */
export const ZAiPolishFunctionResult = ZAiModule.pick({ description: true, operations: true });
export type AiPolishFunctionResult = z.infer<typeof ZAiPolishFunctionResult>;

/** 软件英文名 from getCnNameToEnName: ASCII letters, digits, spaces and - & . ( ) only. */
export const ZAiEnName = z
  .string()
  .trim()
  .min(1)
  .max(AI_LIMITS.enNameMax)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 .&()'-]*$/, '英文名只能包含英文字母、数字、空格和 - & . ( )');
