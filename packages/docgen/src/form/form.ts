import * as z from 'zod';
import { NAME_SUFFIX, VERSION_RE } from './names';
import { DEVELOPMENT_MODES, OWNER_CATEGORIES, SOFTWARE_CATEGORIES, TECH_TAGS, RIGHTS_ITEMS, type Project } from '../project';
import { isValidChineseId } from '../source/scrub';
import type { CodeAnalysis } from '../analysis/analyse';

export const ZFormOwner = z.object({
  name: z.string(),
  nationality: z.string(),
  province: z.string().optional(),
  city: z.string().optional(),
  category: z.enum(OWNER_CATEGORIES),
  idType: z.string(),
  idNumber: z.string(),
});

/**
 * The R11 application form (计算机软件著作权登记申请表), every field in the order of the
 * online form (cpcc-materials.md, "Application form").
 */
export const ZApplicationForm = z.object({
  fullName: z.string(),
  shortName: z.string().optional(),
  version: z.string(),
  category: z.enum(SOFTWARE_CATEGORIES),
  nature: z.enum(['原创', '修改']),
  originalRegistrationNo: z.string().optional(),
  modificationNote: z.string().optional(),
  completionDate: z.string(),
  developmentMode: z.enum(DEVELOPMENT_MODES),
  publishStatus: z.enum(['已发表', '未发表']),
  publishDate: z.string().optional(),
  publishCountry: z.string().optional(),
  publishCity: z.string().optional(),
  owners: z.array(ZFormOwner),
  rightsAcquisition: z.enum(['原始取得', '继受取得']),
  acquisitionWay: z.enum(['受让', '承受', '继承']).optional(),
  rightsScope: z.enum(['全部', '部分']),
  rightsItems: z.array(z.string()),
  devHardware: z.string(),
  runHardware: z.string(),
  devOs: z.string(),
  devTools: z.string(),
  runPlatform: z.string(),
  runSupport: z.string(),
  languages: z.string(),
  sourceLines: z.number().int(),
  purpose: z.string(),
  domain: z.string(),
  mainFunctions: z.string(),
  techTags: z.array(z.string()),
  techFeatures: z.string(),
  depositType: z.enum(['一般交存', '例外交存']),
  /** 鉴别材料 page counts. */
  codePages: z.number().int().optional(),
  documentPages: z.number().int().optional(),
  documentKind: z.string().optional(),
  applicationDate: z.string().optional(),
});
export type ApplicationForm = z.infer<typeof ZApplicationForm>;

/** Labels in the online form's order; used by the renderers and the web app's copy view. */
export const FORM_FIELDS: { key: keyof ApplicationForm; label: string }[] = [
  { key: 'fullName', label: '软件全称' },
  { key: 'shortName', label: '软件简称' },
  { key: 'version', label: '版本号' },
  { key: 'category', label: '软件分类' },
  { key: 'nature', label: '软件说明' },
  { key: 'originalRegistrationNo', label: '原登记号' },
  { key: 'modificationNote', label: '修改说明' },
  { key: 'completionDate', label: '开发完成日期' },
  { key: 'developmentMode', label: '开发方式' },
  { key: 'publishStatus', label: '发表状态' },
  { key: 'publishDate', label: '首次发表日期' },
  { key: 'publishCountry', label: '首次发表国家' },
  { key: 'publishCity', label: '首次发表城市' },
  { key: 'owners', label: '著作权人' },
  { key: 'rightsAcquisition', label: '权利取得方式' },
  { key: 'acquisitionWay', label: '继受取得方式' },
  { key: 'rightsScope', label: '权利范围' },
  { key: 'rightsItems', label: '部分权利' },
  { key: 'devHardware', label: '开发的硬件环境' },
  { key: 'runHardware', label: '运行的硬件环境' },
  { key: 'devOs', label: '开发该软件的操作系统' },
  { key: 'devTools', label: '软件开发环境/开发工具' },
  { key: 'runPlatform', label: '该软件的运行平台/操作系统' },
  { key: 'runSupport', label: '软件运行支撑环境/支持软件' },
  { key: 'languages', label: '编程语言' },
  { key: 'sourceLines', label: '源程序量' },
  { key: 'purpose', label: '开发目的' },
  { key: 'domain', label: '面向领域/行业' },
  { key: 'mainFunctions', label: '软件的主要功能' },
  { key: 'techTags', label: '技术特点标签' },
  { key: 'techFeatures', label: '软件的技术特点' },
  { key: 'depositType', label: '鉴别材料交存方式' },
  { key: 'codePages', label: '程序鉴别材料页数' },
  { key: 'documentKind', label: '文档种类' },
  { key: 'documentPages', label: '文档鉴别材料页数' },
];

/** Text of one field for display (owners and lists flattened). */
export function formValueText(form: ApplicationForm, key: keyof ApplicationForm): string {
  const v = form[key];
  if (v === undefined || v === null) return '';
  if (key === 'owners') {
    return form.owners
      .map((o) => `${o.name}（${o.category}，${o.nationality}${o.province ? ' ' + o.province : ''}${o.city ? ' ' + o.city : ''}，${o.idType}：${o.idNumber}）`)
      .join('；');
  }
  if (Array.isArray(v)) return v.join('、');
  if (key === 'sourceLines') return `${v} 行`;
  if (key === 'codePages' || key === 'documentPages') return `${v} 页`;
  return String(v);
}

/**
 * Builds the form from project data, taking 编程语言 (plus the project's `extraLanguages`) and 源程序量 from the code
 * analysis when given (so they match the source-code document), and page counts from the materials.
 */
export function formFromProject(p: Project, analysis?: CodeAnalysis, pages?: { code?: number; document?: number; documentKind?: string }): ApplicationForm {
  return {
    fullName: p.name.trim(),
    shortName: p.shortName?.trim() || undefined,
    version: p.version.trim(),
    category: p.category,
    nature: p.nature,
    originalRegistrationNo: p.originalRegistrationNo,
    modificationNote: p.modificationNote,
    completionDate: p.completionDate,
    developmentMode: p.developmentMode,
    publishStatus: p.publishStatus,
    publishDate: p.publishStatus === '已发表' ? p.publishDate : undefined,
    publishCountry: p.publishStatus === '已发表' ? p.publishCountry : undefined,
    publishCity: p.publishStatus === '已发表' ? p.publishCity : undefined,
    owners: p.owners.map((o) => ({ ...o })),
    rightsAcquisition: p.rightsAcquisition,
    acquisitionWay: p.rightsAcquisition === '继受取得' ? p.acquisitionWay : undefined,
    rightsScope: p.rightsScope,
    rightsItems: p.rightsScope === '部分' ? p.rightsItems : [],
    devHardware: p.devHardware,
    runHardware: p.runHardware,
    devOs: p.devOs,
    devTools: p.devTools,
    runPlatform: p.runPlatform,
    runSupport: p.runSupport,
    // Languages found in the code plus those the applicant declares (e.g. named in a correction notice); never fewer.
    languages: [...new Set([...(analysis ? analysis.languageList : p.languages), ...p.extraLanguages])].join('、'),
    sourceLines: analysis ? analysis.sourceLines : (p.sourceLines ?? 0),
    purpose: p.purpose,
    domain: p.domain,
    mainFunctions: p.mainFunctions,
    techTags: p.techTags,
    techFeatures: p.techFeatures,
    depositType: p.depositType,
    codePages: pages?.code,
    // The document actually produced: 操作手册 for software with a user interface, else 设计说明书 or 使用说明.
    documentKind: pages?.document !== undefined ? (pages.documentKind ?? '操作手册') : undefined,
    documentPages: pages?.document,
    applicationDate: p.applicationDate,
  };
}

export interface FormIssue {
  field: keyof ApplicationForm | string;
  message: string;
  /** 'error' blocks submission; 'warning' is advice. */
  level: 'error' | 'warning';
}

const len = (s: string | undefined) => [...(s ?? '')].length;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function validDate(s: string | undefined): boolean {
  const m = DATE.exec(s ?? '');
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** GB 32100-2015 check character of an 18-character unified social credit code. */
export function isValidCreditCode(code: string): boolean {
  const A = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const W = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const c = code.toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(c)) return false;
  let s = 0;
  for (let i = 0; i < 17; i++) s += A.indexOf(c[i]) * W[i];
  const r = (31 - (s % 31)) % 31;
  return A[r] === c[17];
}

/**
 * Checks every R11 rule of cpcc-materials.md and returns the issues in Chinese, in form order
 * (empty = ready): 全称 ends in 软件/系统/平台; 版本号 "V数字"/"数字"; environment fields ≤ 50
 * characters; 编程语言 ≤ 120 and (with `analysis`) listing every language used; 开发目的 and
 * 面向领域 ≤ 50; 主要功能 500–1300 characters (2026 form); ≤ 3 技术特点 tags from the list and
 * text ≤ 100; dates YYYY-MM-DD with 开发完成 ≤ 首次发表 < 申请日; 修改 needs 原登记号; owners with
 * valid identity numbers (GB 11643 / GB 32100 check characters). Characters are Unicode code points.
 */
export function checkApplicationForm(form: ApplicationForm, analysis?: CodeAnalysis, today = new Date().toISOString().slice(0, 10)): FormIssue[] {
  const issues: FormIssue[] = [];
  const err = (field: string, message: string) => issues.push({ field, message, level: 'error' });
  const warn = (field: string, message: string) => issues.push({ field, message, level: 'warning' });

  const name = form.fullName.trim();
  if (!name) err('fullName', '请填写软件全称');
  else {
    if (!NAME_SUFFIX.test(name)) err('fullName', '软件全称须以“软件”“系统”或“平台”结尾');
    if (len(name) > 60) err('fullName', '软件全称过长，应简短具体（不超过 60 个字）');
    if (/v?\d+\.\d+/i.test(name)) warn('fullName', '软件全称中不要包含版本号，版本号单独填写');
  }
  if (form.shortName && form.shortName.trim() === name) warn('shortName', '软件简称与全称相同，可不填');
  if (!VERSION_RE.test(form.version.trim())) err('version', '版本号格式应为“V数字”或“数字”，如 V1.0，不能含 Beta 或中文');
  else if (form.nature === '原创' && !/^V?1(\.0)*$/i.test(form.version.trim())) warn('version', '首次登记通常为 V1.0；若是升级版本，软件说明应选“修改”并填写原登记号');
  if (form.nature === '修改') {
    if (!form.originalRegistrationNo?.trim()) err('originalRegistrationNo', '软件说明为“修改”时须填写原登记号');
    if (!form.modificationNote?.trim()) err('modificationNote', '软件说明为“修改”时须填写修改说明，并提供原权利人的授权');
  }
  if (!validDate(form.completionDate)) err('completionDate', '开发完成日期格式应为 YYYY-MM-DD');
  if (form.publishStatus === '已发表') {
    if (!validDate(form.publishDate)) err('publishDate', '已发表的软件须填写首次发表日期（YYYY-MM-DD）');
    if (!form.publishCountry?.trim()) err('publishCountry', '已发表的软件须填写首次发表国家');
    if (!form.publishCity?.trim()) err('publishCity', '已发表的软件须填写首次发表城市');
  }
  const appDate = form.applicationDate || today;
  if (validDate(form.completionDate)) {
    if (form.completionDate > appDate) err('completionDate', '开发完成日期不能晚于申请日期');
    if (form.publishStatus === '已发表' && validDate(form.publishDate)) {
      if (form.completionDate > form.publishDate!) err('publishDate', '首次发表日期不能早于开发完成日期');
      if (form.publishDate! >= appDate) err('publishDate', '首次发表日期应早于申请日期');
    }
  }
  if (form.owners.length === 0) err('owners', '请至少填写一个著作权人');
  form.owners.forEach((o, i) => {
    const f = `owners[${i}]`;
    if (!o.name.trim()) err(f, `第 ${i + 1} 个著作权人缺少名称`);
    const id = o.idNumber.trim();
    if (!id) err(f, `著作权人“${o.name}”缺少证件号码`);
    else if (o.idType.includes('身份证') && !(/^\d{17}[\dXx]$/.test(id) && isValidChineseId(id))) err(f, `著作权人“${o.name}”的居民身份证号码无效（校验位不符）`);
    else if (o.idType.includes('信用代码') && !isValidCreditCode(id)) err(f, `著作权人“${o.name}”的统一社会信用代码无效（校验位不符）`);
    if (o.category === '自然人' && o.idType.includes('信用代码')) warn(f, `著作权人“${o.name}”为自然人，证件类型应为身份证件`);
  });
  if (form.rightsAcquisition === '继受取得' && !form.acquisitionWay) err('acquisitionWay', '继受取得须选择受让、承受或继承');
  if (form.rightsScope === '部分') {
    if (form.rightsItems.length === 0) err('rightsItems', '权利范围为“部分”时须选择具体权利');
    const bad = form.rightsItems.filter((r) => !(RIGHTS_ITEMS as readonly string[]).includes(r));
    if (bad.length) err('rightsItems', `无法识别的权利：${bad.join('、')}`);
  }
  const env: [keyof ApplicationForm, string][] = [
    ['devHardware', '开发的硬件环境'],
    ['runHardware', '运行的硬件环境'],
    ['devOs', '开发该软件的操作系统'],
    ['devTools', '软件开发环境/开发工具'],
    ['runPlatform', '该软件的运行平台/操作系统'],
    ['runSupport', '软件运行支撑环境/支持软件'],
  ];
  for (const [k, label] of env) {
    const v = String(form[k] ?? '').trim();
    if (!v) err(k, `请填写${label}`);
    else if (len(v) > 50) err(k, `${label}不超过 50 个字（现 ${len(v)} 个）`);
  }
  if (!form.languages.trim()) err('languages', '请填写编程语言');
  else {
    if (len(form.languages) > 120) err('languages', `编程语言不超过 120 个字（现 ${len(form.languages)} 个）`);
    if (analysis) {
      const listed = form.languages.toLowerCase();
      const missing = analysis.languageList.filter((l) => !listed.includes(l.toLowerCase()));
      if (missing.length) err('languages', `编程语言须列出所有用到的语言，缺少：${missing.join('、')}`);
    }
  }
  if (!(form.sourceLines > 0)) err('sourceLines', '源程序量须为正整数（全部源程序的总行数）');
  else if (analysis && analysis.sourceLines !== form.sourceLines) err('sourceLines', `源程序量 ${form.sourceLines} 与代码统计的 ${analysis.sourceLines} 行不一致`);
  if (!form.purpose.trim()) err('purpose', '请填写开发目的');
  else {
    if (len(form.purpose) > 50) err('purpose', `开发目的不超过 50 个字（现 ${len(form.purpose)} 个）`);
    if (form.purpose.trim() === name || form.purpose.replace(name, '').replace(/[，。、\s]/g, '').length < 4) err('purpose', '开发目的不能只写软件名称，应说明为解决什么问题而开发');
  }
  if (!form.domain.trim()) err('domain', '请填写面向领域/行业');
  else if (len(form.domain) > 50) err('domain', `面向领域/行业不超过 50 个字（现 ${len(form.domain)} 个）`);
  const mf = len(form.mainFunctions.trim());
  if (mf < 500) err('mainFunctions', `软件的主要功能须为 500–1300 字（现 ${mf} 字，2026 年新版申请表要求）`);
  else if (mf > 1300) err('mainFunctions', `软件的主要功能不超过 1300 字（现 ${mf} 字）`);
  if (form.techTags.length > 3) err('techTags', '技术特点标签最多选择 3 个');
  const badTags = form.techTags.filter((t) => !(TECH_TAGS as readonly string[]).includes(t));
  if (badTags.length) err('techTags', `技术特点标签只能从列表中选择，无法识别：${badTags.join('、')}`);
  if (len(form.techFeatures) > 100) err('techFeatures', `软件的技术特点说明不超过 100 个字（现 ${len(form.techFeatures)} 个）`);
  if (!form.techFeatures.trim() && form.techTags.length === 0) warn('techFeatures', '建议填写软件的技术特点');
  if (form.codePages !== undefined && form.codePages > 60) err('codePages', '程序鉴别材料不超过 60 页');
  if (form.documentPages !== undefined && form.documentPages > 60) err('documentPages', '文档鉴别材料不超过 60 页');
  return issues;
}
