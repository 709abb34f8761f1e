import * as z from 'zod';
import { ZRightsDeclaration } from '@mazhu/contracts';
import { ZContractRef } from './contract/model';
import { SOFTWARE_FORMS } from './analysis/software-form';

/** 软件分类 (R11). */
export const SOFTWARE_CATEGORIES = ['应用软件', '嵌入式软件', '中间件', '操作系统'] as const;
/** 开发方式 (R11). */
export const DEVELOPMENT_MODES = ['单独开发', '合作开发', '委托开发', '下达任务开发'] as const;
/** 著作权人类别. */
export const OWNER_CATEGORIES = ['自然人', '企业法人', '机关法人', '事业单位法人', '社会团体法人', '其他组织'] as const;
/** 软件的技术特点 tags (R11, at most 3). */
export const TECH_TAGS = ['APP', '游戏', '教育', '金融', '医疗', '地理信息', '云计算', '信息安全', '大数据', '人工智能', 'VR', '5G', '小程序', '物联网', '智慧城市'] as const;
/** 权利范围 = 部分 items. */
export const RIGHTS_ITEMS = ['发表权', '署名权', '修改权', '复制权', '发行权', '出租权', '信息网络传播权', '翻译权', '其他'] as const;

export const ZImage = z.object({
  /** PNG or JPEG bytes, or their base64 (optionally a data: URL). */
  data: z.union([z.instanceof(Uint8Array), z.string()]),
  caption: z.string().default(''),
});

export const ZModule = z.object({
  name: z.string().min(1),
  description: z.string().default(''),
  operations: z.array(z.string()).default([]),
  /** The module's 注意事项 as the user wrote them, printed before what the code's own rules say. */
  notes: z.array(z.string()).default([]),
  images: z.array(ZImage).default([]),
  /** Where the code shows this module: "path/File.java#Symbol" (from the code analysis); never printed. */
  evidence: z.array(z.string()).default([]),
  /** Why the name waits for the user's confirmation (the analysis inferred it; the code names the unit nowhere). */
  nameConfirm: z.string().optional(),
});

/**
 * A figure of the document taken from the project's screens (original or rendered): the login screen, the main
 * screen or a functional module's screen of software with a user interface, or the architecture / module diagram
 * of software without one. The manual places it in its section, numbers it (图1, 图2 …) and lists it in the contents.
 */
export const ZScreenFigure = z.object({
  /** login → the 登录 section, main → 主界面, module → the module at `moduleIndex`, architecture / module-diagram → 总体设计 / 模块设计. */
  place: z.enum(['login', 'main', 'module', 'architecture', 'module-diagram']),
  /** Index into `modules` (place = module). */
  moduleIndex: z.number().int().nonnegative().optional(),
  /** PNG or JPEG bytes, or their base64 (optionally a data: URL). */
  data: z.union([z.instanceof(Uint8Array), z.string()]),
  /** Caption after 图N (default: the section's title). */
  caption: z.string().default(''),
  /** upload: the user's own screenshot; prototype: rendered from the screen description; diagram: drawn from the code's structure. */
  source: z.enum(['upload', 'prototype', 'diagram']).default('upload'),
  /** What the figure shows, naming its fields and buttons; printed before it as 如图N所示，…. */
  lead: z.string().default(''),
  /** 操作步骤 naming the screen's own buttons and fields; used when the project gives none for the section. */
  steps: z.array(z.string()).default([]),
  /** Failed screenshot checks (name and version, complete frame, watermark): reported as 需注意 with the figure's number. */
  issues: z.array(z.string()).default([]),
});

export const ZOwner = z.object({
  name: z.string().min(1),
  nationality: z.string().default('中国'),
  province: z.string().optional(),
  city: z.string().optional(),
  category: z.enum(OWNER_CATEGORIES).default('企业法人'),
  idType: z.string().default('统一社会信用代码'),
  idNumber: z.string().default(''),
});

/**
 * Project data (the server stores it; the manual and the application form are made from it).
 * Field names follow the R11 form in cpcc-materials.md; every text field is optional here so
 * a project can be saved while incomplete — checkApplicationForm says what is missing.
 */
export const ZProject = z.object({
  /** 软件全称 */
  name: z.string().min(1),
  /** 软件简称 */
  shortName: z.string().optional(),
  /** 版本号 */
  version: z.string().min(1),
  /** 软件分类 */
  category: z.enum(SOFTWARE_CATEGORIES).default('应用软件'),
  /** 软件说明: 原创 / 修改 */
  nature: z.enum(['原创', '修改']).default('原创'),
  originalRegistrationNo: z.string().optional(),
  modificationNote: z.string().optional(),
  /** 软件简介, used by the manual's 概述. */
  description: z.string().default(''),
  /** web / desktop / mobile / mini-program … free text, used by the manual's 安装与登录. */
  platform: z.string().optional(),
  /** The software's form as confirmed by the user (decides 操作手册 vs 设计说明书/使用说明); default: detected from the code. */
  softwareForm: z.enum(SOFTWARE_FORMS).optional(),
  /** 开发的硬件环境 */
  devHardware: z.string().default(''),
  /** 运行的硬件环境 */
  runHardware: z.string().default(''),
  /** 开发该软件的操作系统 */
  devOs: z.string().default(''),
  /** 软件开发环境/开发工具 */
  devTools: z.string().default(''),
  /** 该软件的运行平台/操作系统 */
  runPlatform: z.string().default(''),
  /** 软件运行支撑环境/支持软件 */
  runSupport: z.string().default(''),
  /** 编程语言 */
  languages: z.array(z.string()).default([]),
  /** Languages declared in addition to those found in the code (编程语言 = the code's plus these). */
  extraLanguages: z.array(z.string()).default([]),
  /** 源程序量 (lines) */
  sourceLines: z.number().int().nonnegative().optional(),
  /** 开发目的 */
  purpose: z.string().default(''),
  /** 面向领域/行业 */
  domain: z.string().default(''),
  /** 软件的主要功能 */
  mainFunctions: z.string().default(''),
  /** 软件的技术特点 (text) */
  techFeatures: z.string().default(''),
  techTags: z.array(z.string()).default([]),
  /** 开发完成日期 YYYY-MM-DD */
  completionDate: z.string().default(''),
  publishStatus: z.enum(['已发表', '未发表']).default('未发表'),
  publishDate: z.string().optional(),
  publishCountry: z.string().optional(),
  publishCity: z.string().optional(),
  developmentMode: z.enum(DEVELOPMENT_MODES).default('单独开发'),
  owners: z.array(ZOwner).default([]),
  /** Contracts filed with the materials (合作开发协议, 委托开发合同, 转让合同): checked against 开发方式 and the owners. */
  contracts: z.array(ZContractRef).default([]),
  rightsAcquisition: z.enum(['原始取得', '继受取得']).default('原始取得'),
  acquisitionWay: z.enum(['受让', '承受', '继承']).optional(),
  rightsScope: z.enum(['全部', '部分']).default('全部'),
  rightsItems: z.array(z.string()).default([]),
  depositType: z.enum(['一般交存', '例外交存']).default('一般交存'),
  /** Planned application date (defaults to today when checking date order). */
  applicationDate: z.string().optional(),
  /** Login steps for the manual's 安装与登录 (optional; a generic flow is written otherwise). */
  loginSteps: z.array(z.string()).default([]),
  installSteps: z.array(z.string()).default([]),
  modules: z.array(ZModule).default([]),
  /** Figures from the project's screens (see ZScreenFigure); module figures go to their module's section. */
  screens: z.array(ZScreenFigure).default([]),
  faq: z.array(z.object({ q: z.string(), a: z.string() })).default([]),
  /** The declaration that the owners hold the rights to code naming others (the third-party check), as recorded. */
  rightsDeclaration: ZRightsDeclaration.nullable().optional(),
  /** Other spellings of each owner's name (by name), e.g. its pinyin, matched against names found in the code. */
  ownerAliases: z.record(z.string(), z.array(z.string())).optional(),
});

export type Project = z.infer<typeof ZProject>;
export type ProjectInput = z.input<typeof ZProject>;
export type FunctionalModule = z.infer<typeof ZModule>;
export type Owner = z.infer<typeof ZOwner>;
export type ScreenFigure = z.infer<typeof ZScreenFigure>;
export type ScreenFigureInput = z.input<typeof ZScreenFigure>;
