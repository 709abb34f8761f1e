import {
  AI_LIMITS,
  judgeMainFunctions,
  PROJECT_LIMITS,
  ZApplicationForm,
  ZModuleInput,
  ZProjectName,
  ZProjectVersion,
  type ApplicationFormInput,
  type ModuleInput,
} from '@mazhu/contracts';

/**
 * The pre-submission check of the R11 form fields (cpcc-materials.md), run in the browser before a generation.
 * Limits and messages come from the contracts; the rules that the contract leaves to generation time
 * (主要功能 at least 500, fields still empty, dates in order, module coverage) are checked here too.
 */
export interface ProjectDraft {
  name: string;
  shortName?: string;
  version: string;
  category?: string;
  platform?: string;
  form: ApplicationFormInput;
  modules: ModuleInput[];
  /** Code attached (an upload): needed for the source-code document. */
  hasCode: boolean;
  /** The user's own description (软件描述), when given. */
  description?: string;
  /**
   * A described project (智能生成): without code the form, the manual and the report are still generated, and the
   * missing source-code document is a 需注意 item saying what to do, not a blocking error.
   */
  codeOptional?: boolean;
  /** Module names the texts were written for (the AI's modules) that may since have been removed or renamed. */
  formerModuleNames?: string[];
}

export type CheckLevel = 'error' | 'warning';

export interface CheckItem {
  /** The form field (Chinese label) the rule is about. */
  field: string;
  ok: boolean;
  /** An error blocks generation; a warning is a reminder. */
  level: CheckLevel;
  /** What was checked (when ok) or what is wrong (when not). */
  message: string;
  /**
   * An error the user may accept explicitly to generate anyway (主要功能 shorter than the form needs: the texts are
   * kept as the facts allow, never padded, and the check report says 未通过).
   */
  confirmable?: boolean;
}

/** Length as the contracts count it (UTF-16 code units of the trimmed text). */
export const textLength = (s: string | undefined | null): number => (s ?? '').trim().length;

/** 编程语言 as typed in one box ("Java、Vue、HTML") → the contract's list. */
export function splitLanguages(s: string | undefined | null): string[] {
  return (s ?? '')
    .split(/[、,，;；/\n]+/)
    .map((x) => x.trim())
    .filter(Boolean);
}

export const ENVIRONMENT_FIELDS = [
  ['devHardware', '开发的硬件环境'],
  ['runHardware', '运行的硬件环境'],
  ['devOs', '开发该软件的操作系统'],
  ['devTools', '软件开发环境/开发工具'],
  ['runPlatform', '该软件的运行平台/操作系统'],
  ['runSupport', '软件运行支撑环境/支持软件'],
] as const;

/** Chinese labels of the form's keys (for the contract's schema issues). */
const FORM_LABELS: Record<string, string> = {
  nature: '软件说明',
  originalRegistrationNo: '原登记号',
  modificationNote: '修改说明',
  completionDate: '开发完成日期',
  developmentMode: '开发方式',
  publishStatus: '发表状态',
  publishDate: '首次发表日期',
  publishCountry: '发表国家',
  publishCity: '发表城市',
  rightsAcquisition: '权利取得方式',
  acquisitionWay: '继受取得方式',
  rightsScope: '权利范围',
  rightsItems: '权利项',
  sourceLines: '源程序量',
  depositType: '交存方式',
  ownerIds: '著作权人',
};

/** Keys with their own rule in `checkProjectDraft` (their schema issue would repeat it). */
const CHECKED_BELOW = new Set<string>([
  'completionDate',
  'publishDate',
  'languages',
  'purpose',
  'domain',
  'mainFunctions',
  'techTags',
  'techFeatures',
  ...ENVIRONMENT_FIELDS.map(([k]) => k),
]);

function firstIssue(r: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return r.success ? null : (r.error?.issues[0]?.message ?? '格式不正确');
}

export function checkProjectDraft(d: ProjectDraft, today = new Date().toISOString().slice(0, 10)): CheckItem[] {
  const items: CheckItem[] = [];
  const add = (field: string, problem: string | null | false | undefined, okMessage: string, level: CheckLevel = 'error') =>
    items.push({ field, ok: !problem, level, message: problem || okMessage });
  const f = d.form;

  add('软件全称', firstIssue(ZProjectName.safeParse(d.name)), `以“软件”“系统”或“平台”结尾，不超过 ${PROJECT_LIMITS.nameMax} 字`);
  if (d.shortName) add('软件简称', textLength(d.shortName) > PROJECT_LIMITS.shortNameMax && `软件简称不能超过 ${PROJECT_LIMITS.shortNameMax} 个字符`, '已填写');
  add('版本号', firstIssue(ZProjectVersion.safeParse(d.version)), '格式为 V数字，例如 V1.0');
  add('软件分类', !d.category && '请选择软件分类', d.category ?? '');

  // What the contract's schema says about the fields not checked one by one below (enums, note lengths…).
  const parsed = ZApplicationForm.safeParse(f);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (!CHECKED_BELOW.has(key)) add(FORM_LABELS[key] ?? '申请表', issue.message, '');
    }
  }

  const nature = f.nature ?? '原创';
  add('软件说明', nature === '修改' && !f.originalRegistrationNo?.trim() && '软件说明为“修改”时须填写原登记号', nature);

  const dateOk = (v?: string) => Boolean(v && /^\d{4}-\d{2}-\d{2}$/.test(v));
  add(
    '开发完成日期',
    !dateOk(f.completionDate) ? '请填写开发完成日期（YYYY-MM-DD）' : f.completionDate! >= today ? '开发完成日期须早于申请日（今天）' : null,
    f.completionDate ?? '',
  );
  if ((f.publishStatus ?? '未发表') === '已发表') {
    add(
      '首次发表日期',
      !dateOk(f.publishDate)
        ? '已发表的软件须填写首次发表日期'
        : dateOk(f.completionDate) && f.publishDate! < f.completionDate!
          ? '首次发表日期不能早于开发完成日期'
          : f.publishDate! >= today
            ? '首次发表日期须早于申请日（今天）'
            : null,
      f.publishDate ?? '',
    );
    add('发表地点', (!f.publishCountry?.trim() || !f.publishCity?.trim()) && '已发表的软件须填写首次发表的国家和城市', `${f.publishCountry ?? ''} ${f.publishCity ?? ''}`);
  }
  if ((f.developmentMode ?? '单独开发') !== '单独开发') {
    items.push({ field: '开发方式', ok: false, level: 'warning', message: `${f.developmentMode}需提交合作/委托合同或任务书` });
  }
  if ((f.rightsAcquisition ?? '原始取得') === '继受取得') add('权利取得方式', !f.acquisitionWay && '继受取得须选择受让、承受或继承', `继受取得（${f.acquisitionWay ?? ''}）`);
  if ((f.rightsScope ?? '全部') === '部分') add('权利范围', !f.rightsItems?.length && '权利范围为“部分”时须勾选具体权利', f.rightsItems?.join('、') ?? '');

  for (const [key, label] of ENVIRONMENT_FIELDS) {
    const v = f[key];
    add(label, !textLength(v) ? `请填写${label}` : textLength(v) > PROJECT_LIMITS.environmentMax && `${label}不能超过 ${PROJECT_LIMITS.environmentMax} 个字符`, `${textLength(v)}/${PROJECT_LIMITS.environmentMax} 字`);
  }

  const langs = f.languages ?? [];
  const langText = langs.join('、');
  add(
    '编程语言',
    !langs.length ? '请填写编程语言（须列出使用的全部语言）' : langText.length > PROJECT_LIMITS.languagesMax && `编程语言合计不能超过 ${PROJECT_LIMITS.languagesMax} 个字符`,
    langText,
  );
  add('源程序量', d.hasCode && !f.sourceLines && '未能统计源程序量', f.sourceLines ? `${f.sourceLines.toLocaleString('zh-CN')} 行（全部源程序）` : '上传代码后自动统计', d.hasCode ? 'error' : 'warning');

  const purpose = f.purpose?.trim() ?? '';
  add(
    '开发目的',
    !purpose
      ? '请填写开发目的'
      : purpose.length > PROJECT_LIMITS.environmentMax
        ? `开发目的不能超过 ${PROJECT_LIMITS.environmentMax} 个字符`
        : purpose === d.name.trim() && '开发目的不能只写软件名称',
    `${purpose.length}/${PROJECT_LIMITS.environmentMax} 字`,
  );
  add('面向领域/行业', !textLength(f.domain) ? '请填写面向领域/行业' : textLength(f.domain) > PROJECT_LIMITS.environmentMax && `面向领域/行业不能超过 ${PROJECT_LIMITS.environmentMax} 个字符`, `${textLength(f.domain)}/${PROJECT_LIMITS.environmentMax} 字`);

  const mf = textLength(f.mainFunctions);
  if (mf > 0 && mf < PROJECT_LIMITS.mainFunctionsMin) {
    const v = judgeMainFunctions({
      chars: mf,
      modules: d.modules.map((m) => ({ name: m.name, described: Boolean(m.description?.trim()), operations: m.operations?.length ?? 0 })),
      hasCode: d.hasCode,
      hasDescription: Boolean(d.description?.trim()),
    });
    items.push({ field: '软件的主要功能', ok: false, level: 'error', confirmable: true, message: v.ok ? '' : v.message });
  } else add(
    '软件的主要功能',
    mf < PROJECT_LIMITS.mainFunctionsMin
      ? `软件的主要功能至少 ${PROJECT_LIMITS.mainFunctionsMin} 字（现 ${mf} 字）`
      : mf > PROJECT_LIMITS.mainFunctionsMax && `软件的主要功能不能超过 ${PROJECT_LIMITS.mainFunctionsMax} 字（现 ${mf} 字）`,
    `${mf} 字，在 ${PROJECT_LIMITS.mainFunctionsMin}–${PROJECT_LIMITS.mainFunctionsMax} 字之间`,
  );
  const tags = f.techTags ?? [];
  add('技术特点标签', tags.length > PROJECT_LIMITS.techTagsMax && `技术特点标签最多选 ${PROJECT_LIMITS.techTagsMax} 个`, tags.length ? tags.join('、') : '未选择标签（可选）');
  add(
    '软件的技术特点',
    !textLength(f.techFeatures) ? '请填写软件的技术特点' : textLength(f.techFeatures) > PROJECT_LIMITS.techFeaturesMax && `技术特点说明不能超过 ${PROJECT_LIMITS.techFeaturesMax} 个字符`,
    `${textLength(f.techFeatures)}/${PROJECT_LIMITS.techFeaturesMax} 字`,
  );

  // Functional modules: the chapters of the manual.
  const mods = d.modules;
  add('功能模块', !mods.length ? '请至少添加一个功能模块' : mods.length > PROJECT_LIMITS.modulesMax && `功能模块最多 ${PROJECT_LIMITS.modulesMax} 个`, `${mods.length} 个模块`);
  if (mods.length && (mods.length < AI_LIMITS.modulesMin || mods.length > AI_LIMITS.modulesMax)) {
    items.push({ field: '功能模块', ok: false, level: 'warning', message: `建议 ${AI_LIMITS.modulesMin}–${AI_LIMITS.modulesMax} 个功能模块，操作手册才有足够内容（现 ${mods.length} 个）` });
  }
  mods.forEach((m, i) => {
    const r = firstIssue(ZModuleInput.safeParse(m));
    if (r) items.push({ field: `功能模块 ${i + 1}`, ok: false, level: 'error', message: r });
    else if (!m.description?.trim()) items.push({ field: `功能模块“${m.name}”`, ok: false, level: 'warning', message: '模块说明为空，操作手册中该章节会很单薄' });
  });
  const names = mods.map((m) => m.name.trim()).filter(Boolean);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) items.push({ field: '功能模块', ok: false, level: 'error', message: `功能模块“${dup}”重复` });
  const missing = mf ? names.filter((n) => !(f.mainFunctions ?? '').includes(n)) : [];
  if (missing.length) {
    items.push({
      field: '功能与文档一致',
      ok: false,
      level: 'warning',
      message: `主要功能中没有提到：${missing.slice(0, 5).join('、')}${missing.length > 5 ? ' 等' : ''}。申请表、文档与代码的功能须一致（最常见的补正原因）`,
    });
  } else if (names.length && mf) {
    items.push({ field: '功能与文档一致', ok: true, level: 'warning', message: '主要功能提到了每一个功能模块' });
  }

  items.push(...staleModuleMentions(f, names, d.formerModuleNames));

  if (!f.ownerIds?.length) {
    items.push({ field: '著作权人', ok: false, level: 'warning', message: '申请表须填写至少一个著作权人：请在“著作权人”处选择或添加' });
  }
  if (!d.hasCode && d.codeOptional) {
    add('源代码', '未上传源代码：将生成申请表、操作手册和检查报告，不生成源程序文档；申请登记须提交源程序，可在“基本信息”中上传您自己的源代码后重新生成（AI 不会编写代码）', '', 'warning');
  } else add('源代码', !d.hasCode && '未上传源代码：程序鉴别材料须由您自己的源代码生成（AI 不会编写代码）', '已上传源代码压缩包');
  return items;
}

const CN_DIGITS: Record<string, number> = { 零: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** "12" or a Chinese numeral up to 99 ("六", "十二", "二十四") → number; undefined for anything else. */
function countOf(s: string): number | undefined {
  if (/^\d+$/.test(s)) return Number(s);
  const m = /^([一二两三四五六七八九])?(十)?([一二三四五六七八九])?$/.exec(s);
  if (!m || (!m[2] && m[1] && m[3])) return undefined;
  if (!m[2]) return m[1] ? CN_DIGITS[m[1]] : m[3] ? CN_DIGITS[m[3]] : undefined;
  return (m[1] ? CN_DIGITS[m[1]] : 1) * 10 + (m[3] ? CN_DIGITS[m[3]] : 0);
}

/**
 * What 主要功能, 技术特点 and 开发目的 say about the modules that the modules no longer say: a count of modules
 * ("共6个功能模块") other than the number there are, a numbered entry of 主要功能 ("（3）排班管理：") that names no
 * module, and a former module name (`formerNames`, e.g. the AI's modules) that is no longer a module. Each is a
 * warning with the field, the text found and the modules as they are now.
 */
export function staleModuleMentions(form: Pick<ApplicationFormInput, 'mainFunctions' | 'techFeatures' | 'purpose'>, names: string[], formerNames: string[] = []): CheckItem[] {
  const items: CheckItem[] = [];
  if (!names.length) return items;
  const fields = [
    ['软件的主要功能', form.mainFunctions ?? ''],
    ['软件的技术特点', form.techFeatures ?? ''],
    ['开发目的', form.purpose ?? ''],
  ] as const;
  const current = new Set(names);
  for (const [label, text] of fields) {
    if (!text.trim()) continue;
    for (const m of text.matchAll(/(\d+|[一二两三四五六七八九十]+)\s*(?:个|大)(?:功能|业务|核心)?模块/gu)) {
      const n = countOf(m[1]);
      if (n !== undefined && n !== names.length) {
        items.push({ field: label, ok: false, level: 'warning', message: `写的是“${m[0]}”，现在有 ${names.length} 个功能模块：请改正数量` });
      }
    }
    const stale = new Set<string>();
    if (label === '软件的主要功能') {
      for (const m of text.matchAll(/(?:^|[\n。；])\s*[（(]\d+[）)]\s*([^：:，。\n]{2,20})[：:]/gu)) if (!current.has(m[1].trim())) stale.add(m[1].trim());
    }
    for (const n of formerNames) if (n && !current.has(n) && text.includes(n) && !names.some((c) => c.includes(n))) stale.add(n);
    if (stale.size) {
      const list = [...stale].slice(0, 5).join('、');
      items.push({ field: label, ok: false, level: 'warning', message: `提到的“${list}”${stale.size > 5 ? ' 等' : ''}已不是功能模块（现有：${names.slice(0, 8).join('、')}${names.length > 8 ? ' 等' : ''}）：请改写或重新生成` });
    }
  }
  return items;
}

/** True when nothing blocks the generation (`confirmed`: the user accepted the confirmable errors). */
export const canGenerate = (items: CheckItem[], confirmed = false) => items.every((i) => i.ok || i.level !== 'error' || (confirmed && i.confirmable));
