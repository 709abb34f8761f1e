import { DocgenError } from '../errors';
import { ZProject, type FunctionalModule, type Project, type ProjectInput, type ScreenFigure } from '../project';
import { validateName, validateVersion } from '../form/names';
import { A4, headerFontSize, twips } from '../render/layout';
import { wrapByWidth, displayWidth } from '../render/width';
import { decodeImage, type DecodedImage } from './images';
import { buildRawDocx, xmlText } from '../render/docx-raw';
import type { CodeAnalysis } from '../analysis/analyse';
import type { UsageExample } from '../analysis/code-structure';
import { moduleCodeNotes, type CodeNote } from '../analysis/code-notes';
import { documentKindOf, SOFTWARE_FORM_LABELS, type SoftwareForm } from '../analysis/software-form';
import { moduleSteps, pageSteps } from '../analysis/pages/steps';
import { LOGIN_ROUTE, LOGIN_UNIT } from '../analysis/pages/model';

/** Manual page geometry (points). 40 lines of 10.5 pt (五号) text per page on a 17.6 pt pitch. */
export const MANUAL_LAYOUT = {
  fontSize: 10.5,
  columnWidth: 5.25,
  /** 86 columns = 43 CJK characters = 451.5 pt of the 481 pt text width. */
  columns: 86,
  linesPerPage: 40,
  linePitch: 17.6,
  marginLeft: 57,
  marginRight: 57,
  bodyTop: 72,
  headerBaseline: 44,
  headerFontSize: 9,
  headerRule: 52,
  /** Minimum lines on a text page (登记办法 第十条: 文档每页不少于30行). */
  minLines: 30,
} as const;

export type ManualLineStyle = 'h1' | 'h2' | 'body' | 'toc' | 'caption' | 'title';

export interface ManualTextLine {
  kind: 'text';
  style: ManualLineStyle;
  text: string;
}
export interface ManualImageLine {
  kind: 'image';
  image: DecodedImage;
  /** Lines (slots) the figure occupies. */
  slots: number;
  /** Drawn size in points. */
  width: number;
  height: number;
  /** The figure's number (图N). */
  figure?: number;
}
export type ManualLine = ManualTextLine | ManualImageLine;

export interface ManualPage {
  kind: 'cover' | 'toc' | 'text';
  /** Printed page number (counted from the table of contents), null on the cover. */
  number: number | null;
  lines: ManualLine[];
}

export interface ManualModel {
  name: string;
  version: string;
  header: string;
  /** 软件全称 + kind, e.g. "某某系统操作手册". */
  title: string;
  /** 操作手册 / 设计说明书 / 使用说明 (by the software's form). */
  kind: DocumentKind;
  /** The text structure the pages were laid out from (sections, evidence, figures). */
  outline: ManualOutline;
  selection: 'all' | 'first-and-last-30';
  /** Numbered pages of the whole manual (before selection). */
  totalPages: number;
  pages: ManualPage[];
  /** Chapter → page, as printed in the table of contents. */
  toc: { level: 1 | 2; title: string; page: number }[];
  /** Every figure in order (图1, 图2 …) with the printed page it is on, as listed in the contents. */
  figures: ManualFigureEntry[];
  warnings: string[];
}

interface Block {
  type: 'h1' | 'h2' | 'p' | 'step' | 'code' | 'image';
  text?: string;
  image?: DecodedImage;
  caption?: string;
  figure?: Omit<ManualFigureEntry, 'page'>;
  /** A paragraph that introduces the figure after it (kept on the figure's page). */
  lead?: boolean;
  /** A heading left out of the table of contents (an appendix's per-file headings). */
  noToc?: boolean;
}

const cols = (style: ManualLineStyle): number => {
  const g = MANUAL_LAYOUT;
  const size = style === 'h1' ? 15 : style === 'h2' ? 12 : g.fontSize;
  return Math.floor((g.columns * g.fontSize) / size);
};

const NO_LINE_START = new Set([...'，。、；：！？）》」』】〉”’…—%,.;:!?)]}']);
const isWordChar = (c: string) => /[A-Za-z0-9_]/.test(c);

/**
 * Wraps prose by display width with two courtesies of Chinese typesetting: closing punctuation
 * never starts a line (the previous character moves down with it), and Latin words are not cut.
 * Every line fits `columns`; nothing is added or dropped.
 */
export function wrapProse(text: string, columns: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  let start = 0;
  while (start < chars.length) {
    let w = 0;
    let i = start;
    while (i < chars.length) {
      const cw = displayWidth(chars[i]);
      if (w + cw > columns) break;
      w += cw;
      i++;
    }
    if (i >= chars.length) {
      out.push(chars.slice(start).join(''));
      break;
    }
    let brk = i;
    if (NO_LINE_START.has(chars[brk]) && brk - 1 > start) brk--;
    else if (isWordChar(chars[brk]) && isWordChar(chars[brk - 1])) {
      let k = brk - 1;
      while (k > start && isWordChar(chars[k - 1]) && brk - k < 24) k--;
      if (k > start && !isWordChar(chars[k - 1])) brk = k;
    }
    out.push(chars.slice(start, brk).join(''));
    start = brk;
    while (start < chars.length && chars[start] === ' ') start++;
  }
  return out;
}

function paragraph(text: string, indent = 4, columns = MANUAL_LAYOUT.columns): string[] {
  const out: string[] = [];
  for (const para of text.split(/\n+/).map((s) => s.trim()).filter(Boolean)) out.push(...wrapProse(' '.repeat(indent) + para, columns));
  return out;
}

function hangingList(label: string, text: string, columns = MANUAL_LAYOUT.columns): string[] {
  const pad = ' '.repeat(displayWidth(label));
  return wrapProse(text, columns - pad.length).map((l, i) => (i === 0 ? label : pad) + l);
}

/** A figure of a section (a screen of the module): PNG/JPEG bytes or base64, with its caption. */
export interface ManualFigure {
  data: Uint8Array | string;
  caption: string;
  /** upload (the user's own screenshot, the default), prototype (rendered screen description) or diagram. */
  source?: ScreenFigure['source'];
  /** What the figure shows; printed before it as 如图N所示，…; default "<caption>如图N所示。". */
  lead?: string;
  /** Failed screenshot checks, reported with the figure's number. */
  issues?: string[];
}

/** A numbered figure of the laid-out document. */
export interface ManualFigureEntry {
  /** N of 图N. */
  number: number;
  caption: string;
  /** The section the figure illustrates, and its module when it is one. */
  section: string;
  module?: string;
  source: ScreenFigure['source'];
  issues: string[];
  /** Printed page number (counted from the table of contents). */
  page: number;
}

/**
 * Where a text of the document comes from: `fields` — the project's own fields, by the keys a caller keeps their
 * origins under (`description`, `form.mainFunctions`, `modules.2.description`, …); `code` — read from the code, with
 * its evidence; `draft` — a sentence this writer composes by rule from those facts. Never printed.
 */
export type TextSource = { fields: string[] } | { origin: 'code'; evidence: string[] } | { origin: 'draft' };

const DRAFT: TextSource = { origin: 'draft' };
const fromFields = (...fields: string[]): TextSource => ({ fields });
const fromCode = (evidence: string[]): TextSource => ({ origin: 'code', evidence });

/** Paragraphs with their sources, keeping only those with text (`paragraphs` and `sources` stay parallel). */
function withSources(items: [string, TextSource][]): Pick<ManualSection, 'paragraphs' | 'sources'> {
  const kept = items.filter(([t]) => t.trim());
  return { paragraphs: kept.map(([t]) => t), sources: kept.map(([, src]) => src) };
}

/**
 * One section of the document. Text is what the project and the code say; `figures` are placed after
 * the text (screens of a module: uploaded screenshots or prototype renders); `evidence` records where
 * the content comes from (file#symbol) for the check report and is never printed.
 */
export interface ManualSection {
  title: string;
  paragraphs: string[];
  /** Numbered steps (operations, installation, login). */
  steps?: string[];
  /** A sentence printed right before the steps (after the figures), e.g. 操作步骤如下：. */
  stepsLead?: string;
  /** 注意事项, printed after the steps under their own lead line and numbered. */
  notes?: string[];
  /** Lines printed as written (interface signatures, usage examples, directory listings). */
  code?: string[];
  figures?: ManualFigure[];
  evidence?: string[];
  /** The functional module this section describes, when it is one. */
  module?: string;
  /** Where each paragraph comes from (parallel to `paragraphs`; a missing entry is the writer's own `draft`). */
  sources?: TextSource[];
  /** Where the steps come from (default `draft`). */
  stepsSource?: TextSource;
  /** Where the 注意事项 come from (default `draft`). */
  notesSource?: TextSource;
}

export interface ManualChapter {
  title: string;
  paragraphs?: string[];
  /** Where each chapter paragraph comes from (parallel to `paragraphs`; default `draft`). */
  sources?: TextSource[];
  sections: ManualSection[];
  /** False for a chapter whose section headings stay out of the table of contents (an appendix listing files). */
  tocSections?: boolean;
}

/**
 * The document's text structure before layout. `kind` follows the software's form: 操作手册 for
 * software with a user interface, 设计说明书 (library/SDK, service, embedded) or 使用说明 (command-line
 * tool) without one (cpcc-materials.md, 文档鉴别材料). Callers may add figures to sections (by module)
 * before `layoutManual`.
 */
export interface ManualOutline {
  kind: DocumentKind;
  form: SoftwareForm;
  chapters: ManualChapter[];
  /** What the user should add (thin evidence, missing steps): shown in the check report. */
  warnings: string[];
}

export type DocumentKind = '操作手册' | '设计说明书' | '使用说明';

/** The software form the document is written for: the user's choice, else the code's, else the platform text's. */
export function resolveSoftwareForm(p: Pick<Project, 'softwareForm' | 'platform' | 'category'>, analysis?: Pick<CodeAnalysis, 'form'>): SoftwareForm {
  if (p.softwareForm) return p.softwareForm;
  if (analysis) return analysis.form.form;
  const t = p.platform ?? '';
  if (/小程序/.test(t)) return 'miniprogram';
  if (/Web|网站|网页|浏览器|B\/S|H5|管理系统|后台/i.test(t)) return 'web-admin';
  if (/嵌入式|单片机|固件/.test(t) || p.category === '嵌入式软件') return 'embedded';
  if (/SDK|函数库|类库|组件库/i.test(t)) return 'library';
  if (/命令行|CLI/i.test(t)) return 'cli';
  if (/接口|API|中间件|服务端/i.test(t) || p.category === '中间件') return 'service';
  if (/App|移动|安卓|Android|iOS|鸿蒙/i.test(t)) return 'mobile';
  if (/桌面|客户端|Windows|exe/i.test(t)) return 'desktop';
  return 'web-admin';
}

const FIGURE_CAPTIONS: Record<ScreenFigure['place'], string> = { login: '登录界面', main: '主界面', module: '界面', architecture: '软件总体架构图', 'module-diagram': '功能模块结构图' };

/** The project's figure for a place (and module) as a section figure, with the steps its screen shows. */
function screenFigure(p: Project, place: ScreenFigure['place'], moduleIndex?: number): { figure: ManualFigure; steps: string[] } | undefined {
  const f = p.screens.find((x) => x.place === place && (place !== 'module' || x.moduleIndex === moduleIndex));
  if (!f) return undefined;
  const caption = f.caption || (place === 'module' ? `${p.modules[moduleIndex!]?.name ?? ''}${FIGURE_CAPTIONS.module}` : FIGURE_CAPTIONS[place]);
  return { figure: { data: f.data, caption, source: f.source, lead: f.lead, issues: f.issues }, steps: f.steps };
}

const firstSentence = (t: string) => (t.split(/(?<=[。！？])/)[0] ?? t).trim();

function moduleEvidenceFiles(m: FunctionalModule): string[] {
  return [...new Set(m.evidence.map((e) => e.split('#')[0]))];
}

/** Chapters shared by both kinds: 概述 and 运行环境; an 操作手册 speaks of a login only when it has a 登录 section. */
function overviewChapters(p: Project, kind: DocumentKind, form: SoftwareForm, languages: string[], login = false): ManualChapter[] {
  const full = `${p.name}${p.version}`;
  const purposeOfDoc =
    kind === '操作手册'
      ? `本手册介绍${full}（以下简称“本软件”）的运行环境、${login ? '安装与登录' : '安装与使用'}方法以及各功能模块的操作步骤，供本软件的使用人员和维护人员阅读。`
      : kind === '使用说明'
        ? `本说明介绍${full}（以下简称“本软件”）的运行环境、安装方法、命令与参数以及使用示例，供本软件的使用人员阅读。`
        : `本说明书介绍${full}（以下简称“本软件”）的总体结构、模块划分、对外接口和使用方法，供调用本软件的开发人员和维护人员阅读。`;
  const intro: ManualSection[] = [
    { title: '编写目的', paragraphs: [purposeOfDoc] },
    {
      title: '软件简介',
      ...withSources([
        [p.description || `${p.name}是一款${SOFTWARE_FORM_LABELS[form]}。`, p.description ? fromFields('description') : DRAFT],
        [p.purpose ? `开发目的：${p.purpose}` : '', fromFields('form.purpose')],
        [p.domain ? `面向领域/行业：${p.domain}` : '', fromFields('form.domain')],
      ]),
    },
  ];
  const main: ManualSection = { title: '主要功能', ...withSources([[p.mainFunctions.trim() ? p.mainFunctions : '', fromFields('form.mainFunctions')]]) };
  if (p.modules.length) {
    main.paragraphs.push(`本软件包括以下${p.modules.length}个功能模块：`);
    main.sources!.push(DRAFT);
    main.steps = p.modules.map((m) => `${m.name}${m.description ? '：' + firstSentence(m.description).replace(/[。；]?$/, '。') : ''}`);
    main.stepsSource = fromFields(...p.modules.flatMap((_, i) => [`modules.${i}.name`, `modules.${i}.description`]));
  }
  intro.push(main);
  if (p.techFeatures.trim() || p.techTags.length) {
    intro.push({ title: '技术特点', paragraphs: [[p.techTags.length ? `技术领域：${p.techTags.join('、')}。` : '', p.techFeatures].join('')], sources: [fromFields('form.techTags', 'form.techFeatures')] });
  }
  const env: ManualSection[] = [
    {
      title: '硬件环境',
      ...withSources([
        [p.runHardware ? `运行的硬件环境：${p.runHardware}` : '', fromFields('form.runHardware')],
        [p.devHardware ? `开发的硬件环境：${p.devHardware}` : '', fromFields('form.devHardware')],
      ]),
    },
    {
      title: '软件环境',
      ...withSources([
        [p.runPlatform ? `运行平台/操作系统：${p.runPlatform}` : '', fromFields('form.runPlatform')],
        [p.runSupport ? `运行支撑环境/支持软件：${p.runSupport}` : '', fromFields('form.runSupport')],
      ]),
    },
    {
      title: '开发环境',
      ...withSources([
        [p.devOs ? `开发该软件的操作系统：${p.devOs}` : '', fromFields('form.devOs')],
        [p.devTools ? `软件开发环境/开发工具：${p.devTools}` : '', fromFields('form.devTools')],
        [languages.length ? `编程语言：${languages.join('、')}` : '', fromFields('form.languages')],
      ]),
    },
  ];
  return [
    { title: '概述', sections: intro },
    { title: '运行环境', sections: env.filter((e) => e.paragraphs.length) },
  ];
}

/**
 * 操作手册: 概述, 运行环境, 安装与登录 (安装与使用 / 安装与启动 without a login: a login only when the user, the code or an
 * uploaded login screen shows one), each module's operations, 常见问题 (the user's).
 */
function operationOutline(p: Project, form: SoftwareForm, analysis: CodeAnalysis | undefined, languages: string[], warnings: string[]): ManualChapter[] {
  const start: ManualSection[] = [];
  if (p.installSteps.length) start.push({ title: '安装与部署', paragraphs: [], steps: p.installSteps });
  else {
    const web = form === 'web-admin' || form === 'website';
    start.push({
      title: '安装与部署',
      paragraphs: [
        web
          ? `本软件为浏览器/服务器（B/S）结构，服务端部署完成后，用户无需在本地安装客户端，使用${p.runSupport || '浏览器'}访问系统地址即可使用。`
          : form === 'miniprogram'
            ? '本软件为小程序，用户在微信中搜索或扫码打开即可使用，无需另行安装。'
            : `按照运行环境的要求准备${p.runPlatform || '运行平台'}${p.runSupport ? `及${p.runSupport}` : ''}，将本软件安装到目标设备后即可启动使用。`,
      ],
    });
  }
  const loginEvidence = analysis
    ? [
        ...analysis.structure.units.filter((u) => LOGIN_UNIT.test(u.key)).flatMap((u) => u.evidence.map((e) => `${e.file}${e.symbol ? '#' + e.symbol : ''}`)),
        ...analysis.hints.pages.filter((x) => /^(login|signin)$/i.test(x)).map((x) => `页面 ${x}`),
        ...analysis.hints.routes.filter((r) => LOGIN_ROUTE.test(r)).map((r) => `接口 ${r}`),
      ]
    : [];
  // The login screen and the main screen come first (cpcc-materials.md: screenshots follow the flow from login).
  const login = screenFigure(p, 'login');
  const loginFigures = login ? [login.figure] : undefined;
  // The login the code implements: the login page's own fields and buttons (phone and code, account and password…).
  const loginPages = (analysis?.pages ?? []).filter((x) => x.login);
  const codeLogin = pageSteps(loginPages);
  if (p.loginSteps.length) start.push({ title: '登录', paragraphs: [], steps: p.loginSteps, figures: loginFigures, evidence: loginEvidence });
  else if (codeLogin.length) {
    start.push({
      title: '登录',
      paragraphs: [`本软件的登录页面为 ${[...new Set(loginPages.map((x) => x.file))].slice(0, 2).join('、')}。`],
      steps: codeLogin.map((s) => s.text),
      figures: loginFigures,
      evidence: [...loginEvidence, ...codeLogin.flatMap((s) => s.evidence)],
    });
  } else if (loginEvidence.length) {
    start.push({
      title: '登录',
      paragraphs: [`本软件的代码中有登录功能（${loginEvidence.slice(0, 2).join('、')}）。`],
      sources: [fromCode(loginEvidence)],
      steps: login?.steps.length ? login.steps : [`打开${p.name}，进入登录页面。`, '输入账号和密码，点击登录按钮。', '验证通过后进入主界面；验证失败时页面给出提示。'],
      figures: loginFigures,
      evidence: loginEvidence,
    });
  } else if (login) {
    start.push({ title: '登录', paragraphs: [], steps: login.steps, figures: loginFigures });
    if (login.figure.source === 'prototype') {
      warnings.push('代码中没有找到登录页面或登录接口，项目也没有填写登录步骤：“登录”一节按登录界面原型编写。请上传软件实际登录界面的截图（软件没有登录时，上传打开软件后的第一个界面）');
    }
  } else {
    warnings.push('操作手册未写登录步骤：代码中没有找到登录页面或登录接口，项目也没有填写登录步骤。如软件需要登录，请在功能模块中补充“登录”及其操作步骤');
  }
  const menus = analysis ? [...new Set(analysis.structure.units.filter((u) => u.kind === 'page' && u.label).map((u) => u.label!))] : [];
  const main = screenFigure(p, 'main');
  const menuNames = menus.length >= 2 ? menus : main ? p.modules.map((m) => m.name) : [];
  if (menuNames.length >= 2 || main) {
    start.push({
      title: '主界面',
      paragraphs: [menuNames.length ? `进入本软件后，主界面的菜单包括：${menuNames.join('、')}。点击菜单进入对应的功能页面，各功能的操作见“功能模块”一章。` : ''],
      sources: [menus.length >= 2 ? fromCode(analysis!.structure.units.filter((u) => u.kind === 'page' && u.label).flatMap((u) => u.evidence.map((e) => `${e.file}${e.symbol ? '#' + e.symbol : ''}`)).slice(0, 20)) : fromFields(...p.modules.map((_, k) => `modules.${k}.name`))],
      figures: main ? [main.figure] : undefined,
    });
  }
  const signsIn = start.some((s) => s.title === '登录');
  const chapters = overviewChapters(p, '操作手册', form, languages, signsIn);
  chapters.push({ title: signsIn ? '安装与登录' : form === 'web-admin' || form === 'website' ? '安装与使用' : '安装与启动', sections: start });
  if (p.modules.length === 0) warnings.push('项目未填写功能模块，操作手册缺少功能说明章节的内容');
  // Each module's steps: those its own pages show (buttons, fields, prompts, each with its line), else the project's
  // operations, else the steps its screen shows.
  const pageFacts = analysis?.pages ?? [];
  const stepsOf = p.modules.map((m, i) => {
    const fromPages = moduleSteps(pageFacts, m.evidence);
    if (fromPages.length) return { steps: fromPages.map((s) => s.text), evidence: fromPages.flatMap((s) => s.evidence) };
    return { steps: m.operations.length ? m.operations : (screenFigure(p, 'module', i)?.steps ?? []), evidence: [] as string[] };
  });
  const bare = p.modules.filter((m, i) => stepsOf[i].steps.length === 0).map((m) => m.name);
  if (bare.length) warnings.push(`这些功能模块没有写明操作，手册中只有模块名称和说明：${bare.join('、')}。请在功能模块中补充每个模块的操作步骤（手册不会替您编写）`);
  const noNotes = p.modules.filter((m, i) => !moduleNotes(m, stepsOf[i].steps, analysis?.notes ?? []).length).map((m) => m.name);
  if (noNotes.length) {
    warnings.push(`这些功能模块没有“注意事项”：${noNotes.join('、')}。代码中没有找到它们的输入校验提示或操作确认提示，项目也没有填写；请在功能模块中填写每个模块的注意事项（手册不会替您编写）`);
  }
  chapters.push({
    title: '功能模块',
    sections: p.modules.map((m, i) => {
      const screen = screenFigure(p, 'module', i);
      const { steps } = stepsOf[i];
      return {
        title: m.name,
        module: m.name,
        ...withSources([[m.description, fromFields(`modules.${i}.description`)]]),
        stepsLead: steps.length ? '操作步骤如下：' : undefined,
        steps,
        stepsSource: m.operations.length ? fromFields(`modules.${i}.operations`) : DRAFT,
        notes: moduleNotes(m, steps, analysis?.notes ?? []),
        notesSource: m.notes.length ? fromFields(`modules.${i}.notes`) : m.evidence.length ? fromCode(m.evidence) : DRAFT,
        figures: [...(screen ? [screen.figure] : []), ...m.images.map((img) => ({ data: img.data, caption: img.caption || m.name }))],
        evidence: [...m.evidence, ...stepsOf[i].evidence],
      };
    }),
  });
  if (p.faq.length) chapters.push({ title: '常见问题', sections: [{ title: '常见问题解答', paragraphs: p.faq.flatMap((f, i) => [`问题${i + 1}：${f.q}`, `解答：${f.a}`]) }] });
  return chapters;
}

const quote = (t: string) => `“${t}”`;
const uniq = (xs: string[]) => [...new Set(xs)];

/**
 * The 注意事项 of a functional module, each a sentence: the user's own notes; the messages of the input rules the
 * code enforces in the module's files (a failed rule shows its message); the confirmation prompts of the code; and,
 * for a delete or export step the module has, what its user should check. Empty when none of these exists (the
 * caller warns; nothing is made up).
 */
function moduleNotes(m: FunctionalModule, steps: string[], codeNotes: readonly CodeNote[]): string[] {
  const out = m.notes.map((n) => n.trim()).filter(Boolean);
  const own = moduleCodeNotes(codeNotes, m.evidence);
  const rules = uniq(own.filter((n) => n.kind === 'validation').map((n) => n.text)).slice(0, 8);
  const prompts = uniq(own.filter((n) => n.kind === 'confirm').map((n) => n.text)).slice(0, 4);
  if (rules.length) out.push(`系统对输入的内容进行校验，不符合要求时给出提示：${rules.map(quote).join('、')}。请按提示修改后再提交。`);
  if (prompts.length) out.push(`执行以下操作时系统弹出确认提示：${prompts.map(quote).join('、')}。请核对提示中的内容后再确认。`);
  const ops = steps.join('\n');
  if (/删除/.test(ops) && !prompts.some((t) => /删除/.test(t))) out.push('删除前请核对所选的记录。');
  if (/导出/.test(ops)) out.push('导出的文件含有本软件中的业务数据，请妥善保管。');
  return out;
}

/** Interface items printed in the chapter body; the appendix lists every item (up to MAX_APPENDIX_LINES). */
const MAX_API_LINES = 160;
/** The appendix lists at most this many items and says how many it leaves out. */
const MAX_APPENDIX_LINES = 3000;

type ApiEntry = NonNullable<CodeAnalysis['structure']>['api'][number];
const API_ORDER: ApiEntry['kind'][] = ['command', 'option', 'endpoint', 'function', 'class', 'method'];

/**
 * The interface chapter, grouped by the module whose code holds each item (then by file for the rest), and — when
 * the interface is longer than the chapter shows — an appendix 接口清单 with every item. Nothing is cut without the
 * text saying where the rest is.
 */
function interfaceChapters(api: ApiEntry[], modules: FunctionalModule[], title: string, appendixTitle = '附录 接口清单'): ManualChapter[] {
  const sorted = [...api].sort((a, b) => API_ORDER.indexOf(a.kind) - API_ORDER.indexOf(b.kind));
  const ownerOf = new Map<string, string>();
  for (const m of modules) for (const f of moduleEvidenceFiles(m)) if (!ownerOf.has(f)) ownerOf.set(f, m.name);
  const groups = new Map<string, ApiEntry[]>();
  for (const a of sorted) {
    const key = ownerOf.get(a.file) ?? a.file;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(a);
  }
  // Module groups first (in the document's module order), then the files no module names.
  const keys = [...groups.keys()].sort((x, y) => {
    const mx = modules.findIndex((m) => m.name === x);
    const my = modules.findIndex((m) => m.name === y);
    return (mx < 0 ? 1e6 : mx) - (my < 0 ? 1e6 : my);
  });
  const cut = api.length > MAX_API_LINES;
  const perGroup = cut ? Math.max(3, Math.floor(MAX_API_LINES / keys.length)) : Infinity;
  // The body lists groups in order until MAX_API_LINES items are shown; the appendix has every item.
  let budget = cut ? MAX_API_LINES : Infinity;
  const bodyKeys = keys.filter((k) => {
    if (budget <= 0) return false;
    budget -= Math.min(groups.get(k)!.length, perGroup);
    return true;
  });
  const lead = `以下接口取自源代码（共 ${api.length} 项），按所属模块${keys.some((k) => !modules.some((m) => m.name === k)) ? '（未归入模块的按文件）' : ''}列出，括号内为参数。`;
  const rest = bodyKeys.length < keys.length ? `正文列出 ${keys.length} 组中的前 ${bodyKeys.length} 组、每组至多 ${perGroup} 项` : `正文每组列出至多 ${perGroup} 项`;
  const chapter: ManualChapter = {
    title,
    paragraphs: [cut ? `${lead}${rest}，全部 ${api.length} 项见${appendixTitle.replace(/^附录 (.*)$/, '附录“$1”')}。` : lead],
    sources: [fromCode(sorted.slice(0, 40).map((a) => `${a.file}#${a.name}`))],
    sections: bodyKeys.map((k) => {
      const items = groups.get(k)!;
      const shown = items.slice(0, perGroup);
      return {
        title: k,
        paragraphs: shown.length < items.length ? [`本组共 ${items.length} 项，此处列出 ${shown.length} 项，其余见附录。`] : [],
        sources: [DRAFT],
        code: shown.flatMap((a) => [a.signature, ...(a.doc ? [`    ${a.doc}`] : [])]),
        evidence: items.map((a) => `${a.file}#${a.name}`),
      };
    }),
  };
  if (!cut) return [chapter];
  const listed = sorted.slice(0, MAX_APPENDIX_LINES);
  const byFile = new Map<string, ApiEntry[]>();
  for (const a of listed) (byFile.get(a.file) ?? byFile.set(a.file, []).get(a.file)!).push(a);
  return [
    chapter,
    {
      title: appendixTitle,
      tocSections: false,
      paragraphs: [
        `全部 ${api.length} 项接口按文件列出${api.length > listed.length ? `（列出 ${listed.length} 项，其余 ${api.length - listed.length} 项见源代码）` : ''}，每行为“名称（参数）”。`,
      ],
      sources: [fromCode(listed.slice(0, 40).map((a) => `${a.file}#${a.name}`))],
      sections: [...byFile.entries()].map(([file, items]) => ({ title: file, paragraphs: [], code: items.map((a) => a.signature), evidence: items.map((a) => `${a.file}#${a.name}`) })),
    },
  ];
}

/** A code-hosting or registry address, or an install command, that names a published project (the upstream's, not the applicant's). */
const UPSTREAM = /\b(?:(?:github|gitlab|gitee|bitbucket)\.(?:com|org)\/[\w.-]+(?:\/[\w.-]+)?|(?:npmjs\.com|pypi\.org|pkg\.go\.dev|crates\.io|search\.maven\.org)\/\S+|(?:npm|pnpm|cnpm)[ \t]+(?:i|install|add)[ \t]+(?:-\S+[ \t]+)*[@\w][\w@/.-]*|yarn[ \t]+(?:global[ \t]+)?add[ \t]+[@\w][\w@/.-]*|pip3?[ \t]+install[ \t]+(?:-\S+[ \t]+)*\w[\w.-]*(?![\w.-])(?<!\.txt)|go[ \t]+(?:get|install)[ \t]+\S+|cargo[ \t]+(?:add|install)[ \t]+\S+|composer[ \t]+require[ \t]+\S+|gem[ \t]+install[ \t]+\S+)/i;

/**
 * README examples that are the project's own: an example holding another project's address or install command (a
 * fork's README keeps the upstream's) is flagged with what it names instead of printed.
 */
function ownExamples(examples: UsageExample[]): { kept: UsageExample[]; flagged: { source: string; upstream: string }[] } {
  const kept: UsageExample[] = [];
  const flagged: { source: string; upstream: string }[] = [];
  for (const e of examples) {
    const m = UPSTREAM.exec(e.code);
    if (m) flagged.push({ source: e.source, upstream: m[0].slice(0, 80) });
    else kept.push(e);
  }
  return { kept, flagged };
}

/** 设计说明书 / 使用说明: architecture, modules with their files and interface, the public interface, examples. Never a login page. */
function designOutline(p: Project, form: SoftwareForm, kind: DocumentKind, analysis: CodeAnalysis | undefined, languages: string[], warnings: string[]): ManualChapter[] {
  const chapters = overviewChapters(p, kind, form, languages);
  const api = analysis?.structure.api ?? [];
  const install: ManualSection = { title: kind === '使用说明' ? '安装与运行' : '安装与引用', paragraphs: [], steps: p.installSteps.length ? p.installSteps : undefined };
  if (!p.installSteps.length) {
    const entry = analysis?.entryFile;
    install.paragraphs.push(
      form === 'service'
        ? `本软件以服务形式运行，部署到${p.runPlatform || '服务器'}后由调用方通过接口访问${entry ? `；程序入口为 ${entry}` : ''}。`
        : form === 'cli'
          ? `本软件在命令行中运行${entry ? `，程序入口为 ${entry}` : ''}，命令与参数见“命令与参数”一章。`
          : form === 'embedded'
            ? `本软件编译后烧录到目标设备运行${entry ? `，程序入口为 ${entry}` : ''}。`
            : `本软件以函数库形式被其他程序引用${entry ? `，入口文件为 ${entry}` : ''}，对外接口见“对外接口”一章。`,
    );
  }
  // 总体设计: the code's own structure (folders, files, lines) — nothing that the code does not show.
  const arch: ManualSection[] = [install];
  if (analysis) {
    const dirs = new Map<string, { files: number; lines: number }>();
    for (const u of analysis.structure.units) for (const e of u.evidence) {
      const d = e.file.includes('/') ? e.file.slice(0, e.file.lastIndexOf('/')) : '（根目录）';
      dirs.set(d, dirs.get(d) ?? { files: 0, lines: 0 });
    }
    const byLang = Object.entries(analysis.stats.byLanguage).sort((a, b) => b[1].lines - a[1].lines).map(([l, c]) => `${l} ${c.files} 个文件、${c.lines} 行`);
    const structureEvidence = analysis.structure.units.flatMap((u) => u.evidence.map((e) => `${e.file}${e.symbol ? '#' + e.symbol : ''}`)).slice(0, 40);
    arch.push({
      title: '软件结构',
      sources: [fromCode(structureEvidence), fromCode(structureEvidence)],
      stepsSource: fromCode(structureEvidence),
      paragraphs: [`本软件的源程序共 ${analysis.fileCount} 个文件、${analysis.sourceLines} 行（${byLang.join('，')}），程序入口为 ${analysis.entryFile ?? '—'}。`, `按代码的目录与文件，本软件分为以下 ${analysis.structure.units.length} 个部分：`],
      steps: analysis.structure.units.map((u) => `${u.label ?? u.words.join(' ')}：${[...new Set(u.evidence.map((e) => e.file))].slice(0, 4).join('、')}${u.evidence.length > 4 ? ' 等' : ''}`),
    });
  } else warnings.push('没有上传源代码：设计说明书的软件结构和接口说明无法从代码中得出，请上传代码后重新生成');
  const archFigure = screenFigure(p, 'architecture');
  if (archFigure) arch.splice(1, 0, { title: '总体架构', paragraphs: [], figures: [archFigure.figure] });
  chapters.push({ title: '总体设计', sections: arch });
  if (p.modules.length === 0) warnings.push('项目未填写功能模块，设计说明书缺少模块设计章节的内容');
  const moduleDiagram = screenFigure(p, 'module-diagram');
  chapters.push({
    title: '模块设计',
    sections: [...(moduleDiagram ? [{ title: '模块结构', paragraphs: [], figures: [moduleDiagram.figure] }] : []), ...p.modules.map((m, i): ManualSection => {
      const files = moduleEvidenceFiles(m);
      const items = api.filter((a) => files.includes(a.file)).slice(0, 12);
      return {
        title: m.name,
        module: m.name,
        ...withSources([
          [m.description, fromFields(`modules.${i}.description`)],
          [files.length ? `对应代码：${files.slice(0, 6).join('、')}${files.length > 6 ? ' 等' : ''}。` : '', fromCode(m.evidence)],
          [m.operations.length ? '主要功能：' : '', DRAFT],
        ]),
        steps: m.operations,
        stepsSource: fromFields(`modules.${i}.operations`),
        code: items.length ? items.map((a) => a.signature) : undefined,
        figures: m.images.map((img) => ({ data: img.data, caption: img.caption || m.name })),
        evidence: m.evidence,
      };
    })],
  });
  const ifaceTitle = form === 'cli' ? '命令与参数' : form === 'service' ? '接口说明' : '对外接口';
  // A command-line tool's commands and options are what its user types; functions it also exports to other
  // programs are a chapter of their own, never presented as commands.
  const commandItems = form === 'cli' ? api.filter((a) => a.kind === 'command' || a.kind === 'option') : [];
  const programItems = commandItems.length ? api.filter((a) => a.kind !== 'command' && a.kind !== 'option') : [];
  const [iface, appendix] = commandItems.length ? interfaceChapters(commandItems, p.modules, ifaceTitle, '附录 命令与参数清单') : api.length ? interfaceChapters(api, p.modules, ifaceTitle) : [];
  const [program, programAppendix] = programItems.length ? interfaceChapters(programItems, p.modules, '程序接口') : [];
  if (iface) chapters.push(iface);
  else warnings.push(`${kind}的“${ifaceTitle}”一章没有内容：代码中没有找到导出的函数、类、接口或命令`);
  if (program) chapters.push(program);
  const { kept: examples, flagged } = ownExamples(analysis?.structure.examples ?? []);
  for (const f of flagged) warnings.push(`${f.source} 中的一段示例含有其他项目的地址或安装命令（${f.upstream}），未写入${kind}；请换成本软件自己的安装和使用方法`);
  if (examples.length) {
    chapters.push({
      title: '使用示例',
      sections: examples.map((e, i) => ({ title: `示例${i + 1}`, paragraphs: [`以下示例取自 ${e.source}。`], sources: [fromCode([e.source])], code: e.code.split('\n') })),
    });
  }
  if (appendix) chapters.push(appendix);
  if (programAppendix) chapters.push(programAppendix);
  return chapters;
}

/**
 * The document's outline: 操作手册 for software with a user interface, 设计说明书 / 使用说明 without one.
 * Only the project's own text and the code analysis are used; where they say nothing, the section is
 * left out and `warnings` says what to add. `analysis` is the code analysis (optional).
 */
export function outlineManual(project: ProjectInput | Project, analysis?: CodeAnalysis): ManualOutline {
  const p = ZProject.parse(project);
  const form = resolveSoftwareForm(p, analysis);
  const kind = documentKindOf(form);
  const warnings: string[] = [];
  const languages = analysis ? analysis.languageList : p.languages;
  const chapters = kind === '操作手册' ? operationOutline(p, form, analysis, languages, warnings) : designOutline(p, form, kind, analysis, languages, warnings);
  return { kind, form, chapters, warnings };
}

function blocksFromOutline(o: ManualOutline, warnings: string[]): Block[] {
  const b: Block[] = [];
  let fig = 0;
  const hasContent = (sec: ManualSection) => sec.paragraphs.some((t) => t.trim()) || !!sec.steps?.length || !!sec.code?.length || !!sec.figures?.length;
  const chapters = o.chapters
    .map((ch) => ({ ...ch, sections: ch.sections.filter(hasContent) }))
    .filter((ch) => ch.sections.length || ch.paragraphs?.some((t) => t.trim()));
  chapters.forEach((ch, ci) => {
    b.push({ type: 'h1', text: `第${ci + 1}章 ${ch.title}` });
    for (const t of ch.paragraphs ?? []) if (t.trim()) b.push({ type: 'p', text: t.trim() });
    ch.sections.forEach((sec, si) => {
      b.push({ type: 'h2', text: `${ci + 1}.${si + 1} ${sec.title}`, ...(ch.tocSections === false ? { noToc: true } : {}) });
      for (const t of sec.paragraphs) if (t.trim()) b.push({ type: 'p', text: t.trim() });
      // Figures follow the section's description, each introduced by a sentence that names it, then the steps.
      (sec.figures ?? []).forEach((f, k) => {
        const d = decodeImage(f.data);
        if (!d) {
          warnings.push(`“${sec.title}”的第 ${k + 1} 张图片不是 PNG 或 JPEG，已跳过`);
          return;
        }
        fig++;
        const caption = f.caption || sec.title;
        b.push({ type: 'p', lead: true, text: f.lead?.trim() ? `如图${fig}所示，${f.lead.trim()}` : `${caption}如图${fig}所示。` });
        b.push({ type: 'image', image: d, caption: `图${fig} ${caption}`, figure: { number: fig, caption, section: sec.title, module: sec.module, source: f.source ?? 'upload', issues: f.issues ?? [] } });
      });
      if (sec.steps?.length && sec.stepsLead) b.push({ type: 'p', text: sec.stepsLead });
      (sec.steps ?? []).forEach((s, i) => b.push({ type: 'step', text: `${i + 1}. ${s.trim()}` }));
      if (sec.notes?.length) b.push({ type: 'p', text: '注意事项：' });
      (sec.notes ?? []).forEach((s, i) => b.push({ type: 'step', text: `${i + 1}. ${s.trim()}` }));
      for (const c of sec.code ?? []) b.push({ type: 'code', text: c });
    });
  });
  return b;
}

/**
 * Builds the operation manual (操作手册, 文档鉴别材料) from project data: cover, table of
 * contents, 概述, 运行环境, 安装与登录, one section per functional module with its operations
 * and figures, 常见问题. Lines are laid out by display width on a fixed grid, 40 per page, so
 * every text page except the last carries at least 30 lines (登记办法 第十条: 文档每页不少于
 * 30行; pages with figures are exempt); page numbers are counted from the table of contents
 * (cpcc-materials.md); over 60 numbered pages → the first 30 and the last 30 (without the cover).
 * Throws DocgenError BAD_PROJECT / BAD_NAME / BAD_VERSION.
 */
export function buildManual(project: ProjectInput | Project, opts: { analysis?: CodeAnalysis; outline?: ManualOutline } = {}): ManualModel {
  const parsed = ZProject.safeParse(project);
  if (!parsed.success) throw new DocgenError('BAD_PROJECT', `项目数据不完整或格式错误：${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('；')}`);
  const p = parsed.data;
  const name = validateName(p.name);
  const version = validateVersion(p.version);
  p.name = name;
  p.version = version;
  const g = MANUAL_LAYOUT;
  const outline = opts.outline ?? outlineManual(p, opts.analysis);
  const warnings: string[] = [...outline.warnings];
  const blocks = blocksFromOutline(outline, warnings);

  // Lay blocks out as lines.
  type Marked = ManualLine & { toc?: { level: 1 | 2; title: string }; lead?: boolean };
  const lines: Marked[] = [];
  const figureMeta = new Map<number, Omit<ManualFigureEntry, 'page'>>();
  const maxImgW = A4.width - g.marginLeft - g.marginRight;
  for (const bl of blocks) {
    if (bl.type === 'h1' || bl.type === 'h2') {
      for (const t of wrapByWidth(bl.text!, cols(bl.type))) lines.push({ kind: 'text', style: bl.type, text: t, toc: t === bl.text && !bl.noToc ? { level: bl.type === 'h1' ? 1 : 2, title: bl.text! } : undefined });
    } else if (bl.type === 'p') {
      for (const t of paragraph(bl.text!)) lines.push({ kind: 'text', style: 'body', text: t, lead: bl.lead });
    } else if (bl.type === 'code') {
      for (const t of wrapByWidth(bl.text!.replace(/\t/g, '  ') || ' ', g.columns)) lines.push({ kind: 'text', style: 'body', text: t });
    } else if (bl.type === 'step') {
      const m = /^(\d+\.\s)(.*)$/.exec(bl.text!)!;
      for (const t of hangingList('    ' + m[1], m[2])) lines.push({ kind: 'text', style: 'body', text: t });
    } else if (bl.type === 'image') {
      const img = bl.image!;
      // Portrait figures (phone screens) may take more lines, so they print at a readable width.
      const maxSlots = img.height > img.width ? 26 : 20;
      let w = Math.min(maxImgW, img.width * 0.75);
      let h = (w * img.height) / img.width;
      if (h > maxSlots * g.linePitch - 6) {
        h = maxSlots * g.linePitch - 6;
        w = (h * img.width) / img.height;
      }
      const slots = Math.ceil((h + 6) / g.linePitch);
      lines.push({ kind: 'image', image: img, slots, width: w, height: h, figure: bl.figure?.number });
      if (bl.figure) figureMeta.set(bl.figure.number, bl.figure);
      lines.push({ kind: 'text', style: 'caption', text: bl.caption! });
    }
  }

  // Paginate the body.
  const body: ManualPage[] = [];
  let cur: Marked[] = [];
  let used = 0;
  const flush = () => {
    if (cur.length) body.push({ kind: 'text', number: 0, lines: cur });
    cur = [];
    used = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const slots = l.kind === 'image' ? l.slots + 1 : 1; // image + its caption travel together
    const isHeading = l.kind === 'text' && (l.style === 'h1' || l.style === 'h2');
    if (used + slots > g.linesPerPage || (isHeading && used + 2 > g.linesPerPage)) {
      if (l.kind === 'image' && g.linesPerPage - used >= 8 && used < g.minLines && !cur.some((x) => x.kind === 'image')) {
        // Shrink the figure into the room left rather than leaving a short text page (a page with a figure is exempt).
        const room = g.linesPerPage - used - 1;
        const scale = Math.min(1, (room * g.linePitch - 6) / l.height);
        l.width *= scale;
        l.height *= scale;
        l.slots = room;
      } else {
        // A figure that moves to the next page takes its section's heading and text with it (keep with next), when
        // the page left behind still has a figure (exempt) or ≥ 30 lines and the whole block fits on one page.
        let carry: Marked[] = [];
        // Lines from here to the end of the figure's caption (the figure, or the figure's introducing paragraph).
        const next = l.kind === 'image' ? i : l.lead ? lines.findIndex((x, k) => k > i && x.kind === 'image') : -1;
        const need = next >= 0 ? next - i + (lines[next] as ManualImageLine).slots + 1 : 0;
        if (next >= 0) {
          let h = cur.findLastIndex((x) => x.kind === 'text' && x.style === 'h2');
          if (h > 0 && cur[h - 1].kind === 'text' && (cur[h - 1] as ManualTextLine).style === 'h1') h--;
          const tail = cur.slice(h);
          const rest = cur.slice(0, h);
          const restOk = rest.some((x) => x.kind === 'image') || rest.length >= g.minLines;
          if (h > 0 && restOk && !tail.some((x) => x.kind === 'image') && tail.length + need <= g.linesPerPage) {
            carry = tail;
            cur = rest;
          }
        }
        flush();
        cur.push(...carry);
        used = carry.length;
      }
    }
    cur.push(l);
    used += l.kind === 'image' ? l.slots : 1;
    if (l.kind === 'image') {
      cur.push(lines[++i]);
      used++;
    }
  }
  flush();
  // Balance the last two pages so the last one also has ≥ 30 lines when possible: move trailing
  // text lines of the previous page (never a figure or its caption) while that page keeps ≥ 30
  // lines or is a figure page (exempt).
  if (body.length >= 2) {
    const last = body[body.length - 1];
    const prev = body[body.length - 2];
    const hasImage = (pg: ManualPage) => pg.lines.some((l) => l.kind === 'image');
    if (!hasImage(last)) {
      while (last.lines.length < g.minLines && prev.lines.length > 1) {
        const tail = prev.lines[prev.lines.length - 1];
        const before = prev.lines[prev.lines.length - 2];
        if (tail.kind !== 'text' || before.kind === 'image') break;
        if (!hasImage(prev) && prev.lines.length - 1 < g.minLines) break;
        last.lines.unshift(prev.lines.pop()!);
      }
    }
  }

  // Table of contents (page numbers counted from the first contents page).
  const tocEntries: { level: 1 | 2; title: string; bodyPage: number }[] = [];
  body.forEach((pg, bi) => pg.lines.forEach((l) => (l as Marked).toc && tocEntries.push({ ...(l as Marked).toc!, bodyPage: bi })));
  // The figures (图1, 图2 …) are listed after the chapters under 插图目录.
  const figureEntries: { number: number; bodyPage: number }[] = [];
  body.forEach((pg, bi) => pg.lines.forEach((l) => l.kind === 'image' && l.figure !== undefined && figureEntries.push({ number: l.figure, bodyPage: bi })));
  const tocCapacity = g.linesPerPage - 2;
  const rowCount = tocEntries.length + (figureEntries.length ? 2 + figureEntries.length : 0);
  const tocPages = Math.max(1, Math.ceil(rowCount / tocCapacity));
  const toc = tocEntries.map((e) => ({ level: e.level, title: e.title, page: tocPages + e.bodyPage + 1 }));
  const figures: ManualFigureEntry[] = figureEntries.map((e) => ({ ...figureMeta.get(e.number)!, page: tocPages + e.bodyPage + 1 }));
  const dotted = (left: string, page: number): ManualLine => {
    const right = String(page);
    const room = g.columns - displayWidth(left) - right.length - 2;
    return { kind: 'text', style: 'toc', text: room > 2 ? `${left} ${'.'.repeat(room)} ${right}` : `${left} ${right}` };
  };
  const rows: ManualLine[] = [
    ...toc.map((e) => dotted((e.level === 1 ? '' : '    ') + e.title, e.page)),
    ...(figures.length ? [{ kind: 'text' as const, style: 'body' as const, text: '' }, { kind: 'text' as const, style: 'toc' as const, text: '插图目录' }] : []),
    ...figures.map((f) => dotted(`    图${f.number} ${f.caption}`, f.page)),
  ];
  const tocLines: ManualLine[][] = [];
  for (let i = 0; i < tocPages; i++) {
    const pageLines: ManualLine[] = i === 0 ? [{ kind: 'text', style: 'h1', text: '目    录' }, { kind: 'text', style: 'body', text: '' }] : [];
    pageLines.push(...rows.slice(i * tocCapacity, (i + 1) * tocCapacity));
    tocLines.push(pageLines);
  }
  const numbered: ManualPage[] = [
    ...tocLines.map((l) => ({ kind: 'toc' as const, number: 0, lines: l })),
    ...body.map((pg) => ({ ...pg, lines: pg.lines.map((l) => (l.kind === 'text' ? { kind: 'text' as const, style: l.style, text: l.text } : l)) })),
  ];
  numbered.forEach((pg, i) => (pg.number = i + 1));
  const cover: ManualPage = {
    kind: 'cover',
    number: null,
    lines: [
      { kind: 'text', style: 'title', text: name },
      { kind: 'text', style: 'title', text: outline.kind },
      { kind: 'text', style: 'body', text: `版本号：${version}` },
      ...(p.owners.length ? [{ kind: 'text' as const, style: 'body' as const, text: `著作权人：${p.owners.map((o) => o.name).join('、')}` }] : []),
      ...(p.completionDate ? [{ kind: 'text' as const, style: 'body' as const, text: `日期：${p.completionDate}` }] : []),
    ],
  };
  let pages: ManualPage[];
  let selection: ManualModel['selection'] = 'all';
  if (numbered.length + 1 <= 60) pages = [cover, ...numbered];
  else {
    selection = 'first-and-last-30';
    const back = numbered.slice(numbered.length - 30).map((pg, i) => ({ ...pg, number: 31 + i }));
    pages = [...numbered.slice(0, 30), ...back];
    warnings.push(`${outline.kind}共 ${numbered.length} 页，超过 60 页，按规定提交前 30 页和后 30 页（不含封面）`);
  }
  return { name, version, header: `${name} ${version}`, title: `${name}${outline.kind}`, kind: outline.kind, outline, selection, totalPages: numbered.length, pages, toc, figures, warnings };
}

const sizeOf = (style: ManualLineStyle) => (style === 'h1' ? 15 : style === 'h2' ? 12 : style === 'title' ? 22 : style === 'caption' ? 9 : MANUAL_LAYOUT.fontSize);

/** Physical pages (1-based) that carry no page number or are exempt from the 30-line rule. */
export function manualExemptPages(model: ManualModel): number[] {
  return model.pages.map((p, i) => (p.kind !== 'text' ? i + 1 : 0)).filter((n) => n > 0);
}

/** Lines per physical page as planned (text lines; a figure counts its caption only). */
export function manualPlannedLines(model: ManualModel): number[] {
  return model.pages.map((p) => p.lines.filter((l) => l.kind === 'text' && l.text.trim() !== '').length);
}

/**
 * Renders the manual as an A4 PDF: header "软件全称 版本号" on every page, the page number at
 * the top right from the table of contents on (the cover carries none), text on the fixed
 * line grid, figures scaled into their slots. Resolves with the PDF bytes.
 */
export async function renderManualPdf(model: ManualModel): Promise<Buffer> {
  const { createPdf, drawHeader, MonoWriter } = await import('../render/pdf-kit');
  const g = MANUAL_LAYOUT;
  const { doc, finish } = createPdf(model.title);
  const w = new MonoWriter(doc, g.fontSize, g.columnWidth);
  const textWidth = A4.width - g.marginLeft - g.marginRight;
  for (const page of model.pages) {
    doc.addPage();
    w.begin();
    drawHeader(doc, w, model.header, page.number === null ? '' : String(page.number), g);
    const images: { l: ManualImageLine; top: number }[] = [];
    if (page.kind === 'cover') {
      let y = 300;
      for (const l of page.lines) {
        if (l.kind !== 'text') continue;
        const fs = sizeOf(l.style);
        const cw = fs / 2;
        const x = g.marginLeft + (textWidth - displayWidth(l.text) * cw) / 2;
        w.line(l.text, x, y, fs, cw);
        y += l.style === 'title' ? 44 : 26;
      }
    } else {
      let slot = 0;
      for (const l of page.lines) {
        const top = g.bodyTop + slot * g.linePitch;
        if (l.kind === 'image') {
          images.push({ l, top });
          slot += l.slots;
          continue;
        }
        const fs = sizeOf(l.style);
        const cw = fs / 2;
        const x = l.style === 'caption' ? g.marginLeft + (textWidth - displayWidth(l.text) * cw) / 2 : l.style === 'h1' && page.kind === 'toc' && slot === 0 ? g.marginLeft + (textWidth - displayWidth(l.text) * cw) / 2 : g.marginLeft;
        if (l.text.trim()) w.line(l.text, x, top + g.linePitch * 0.75, fs, cw);
        slot++;
      }
    }
    w.end();
    for (const { l, top } of images) {
      doc.image(l.image.data, g.marginLeft + (textWidth - l.width) / 2, top + 3, { width: l.width, height: l.height });
    }
  }
  return finish();
}

const MONO = 'Courier New';
const CJKF = 'SimSun';

function runsXml(text: string, fs: number): string {
  // Split into ASCII (Courier New at 0.6 em = one column) and other runs (CJK font, 1 em = two columns).
  const out: string[] = [];
  const asciiHalfPts = Math.round((fs / 2 / 0.6) * 2);
  const re = /([\x20-\x7e]+)|([^\x20-\x7e]+)/g;
  for (const m of text.matchAll(re)) {
    if (m[1]) out.push(`<w:r><w:rPr><w:rFonts w:ascii="${MONO}" w:hAnsi="${MONO}" w:eastAsia="${CJKF}" w:cs="${MONO}"/><w:sz w:val="${asciiHalfPts}"/></w:rPr><w:t xml:space="preserve">${xmlText(m[1])}</w:t></w:r>`);
    else out.push(`<w:r><w:rPr><w:rFonts w:ascii="${CJKF}" w:hAnsi="${CJKF}" w:eastAsia="${CJKF}" w:cs="${CJKF}"/><w:sz w:val="${Math.round(fs * 2)}"/></w:rPr><w:t xml:space="preserve">${xmlText(m[2])}</w:t></w:r>`);
  }
  return out.join('');
}

function headerXml(text: string, withNumber: boolean, textWidth: number): string {
  const r = `<w:rPr><w:rFonts w:ascii="${CJKF}" w:hAnsi="${CJKF}" w:eastAsia="${CJKF}" w:cs="${CJKF}"/><w:sz w:val="${headerFontSize(text, textWidth / 20) * 2}"/></w:rPr>`;
  const num = withNumber
    ? `<w:r>${r}<w:tab/></w:r><w:r>${r}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${r}<w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r>${r}<w:fldChar w:fldCharType="separate"/></w:r><w:r>${r}<w:t>1</w:t></w:r><w:r>${r}<w:fldChar w:fldCharType="end"/></w:r>`
    : '';
  return (
    `<w:p><w:pPr><w:pBdr><w:bottom w:val="single" w:sz="4" w:space="1" w:color="000000"/></w:pBdr><w:tabs><w:tab w:val="right" w:pos="${textWidth}"/></w:tabs>` +
    `<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r>${r}<w:t xml:space="preserve">${xmlText(text)}</w:t></w:r>${num}</w:p>`
  );
}

function drawingXml(idx: number, w: number, h: number): string {
  const cx = Math.round(w * 12700);
  const cy = Math.round(h * 12700);
  return (
    `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${idx}" name="图${idx}"/>` +
    `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${idx}" name="image${idx}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="rIdImg${idx}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
  );
}

/**
 * Renders the manual as DOCX with the PDF's grid: one paragraph per line at an exact pitch,
 * an explicit page break before every page, the cover in its own section with an unnumbered
 * header, and page numbering restarting at 1 on the table of contents (PAGE field at a right
 * tab stop). Resolves with the .docx bytes.
 */
export async function renderManualDocx(model: ManualModel): Promise<Buffer> {
  const g = MANUAL_LAYOUT;
  const pitch = twips(g.linePitch);
  const top = twips(g.bodyTop);
  const height = twips(A4.height);
  const bottom = height - top - pitch * g.linesPerPage - Math.round(pitch / 2);
  const left = twips(g.marginLeft);
  const right = twips(g.marginRight);
  const textWidth = twips(A4.width) - left - right;
  const geometry = `<w:pgSz w:w="${twips(A4.width)}" w:h="${height}"/><w:pgMar w:top="${top}" w:right="${right}" w:bottom="${bottom}" w:left="${left}" w:header="${twips(28)}" w:footer="${twips(20)}" w:gutter="0"/>`;
  const media: { data: Uint8Array; ext: 'png' | 'jpeg' }[] = [];
  const parts: string[] = [];
  let first = true;
  let prevKind: ManualPage['kind'] | undefined;
  for (const page of model.pages) {
    let firstOnPage = true;
    // Every page starts with an explicit break, except the first and the one after the cover
    // (the cover's section break already starts a new page).
    const needsBreak = !first && prevKind !== 'cover';
    prevKind = page.kind;
    const pb = () => {
      const s = firstOnPage && needsBreak ? '<w:pageBreakBefore/>' : '';
      firstOnPage = false;
      return s;
    };
    if (page.kind === 'cover') {
      parts.push(`<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="${twips(228)}" w:lineRule="exact"/></w:pPr></w:p>`);
      for (const l of page.lines) {
        if (l.kind !== 'text') continue;
        const fs = sizeOf(l.style);
        parts.push(`<w:p><w:pPr><w:jc w:val="center"/><w:spacing w:before="0" w:after="0" w:line="${twips(l.style === 'title' ? 44 : 26)}" w:lineRule="exact"/></w:pPr>${runsXml(l.text, fs)}</w:p>`);
      }
      // End of the cover section: its own header without a page number.
      parts.push(`<w:p><w:pPr><w:sectPr><w:headerReference w:type="default" r:id="rIdHeader2"/><w:type w:val="nextPage"/>${geometry}</w:sectPr></w:pPr></w:p>`);
      first = false;
      continue;
    }
    for (const l of page.lines) {
      if (l.kind === 'image') {
        media.push({ data: l.image.data, ext: l.image.ext });
        parts.push(`<w:p><w:pPr>${pb()}<w:jc w:val="center"/><w:spacing w:before="0" w:after="0" w:line="${pitch * l.slots}" w:lineRule="exact"/></w:pPr>${drawingXml(media.length, l.width, l.height)}</w:p>`);
        continue;
      }
      const fs = sizeOf(l.style);
      const center = l.style === 'caption' || (page.kind === 'toc' && l.style === 'h1');
      parts.push(`<w:p><w:pPr>${pb()}${center ? '<w:jc w:val="center"/>' : ''}</w:pPr>${runsXml(l.text, fs)}</w:p>`);
    }
    first = false;
  }
  const defaultRun = `<w:rFonts w:ascii="${MONO}" w:hAnsi="${MONO}" w:eastAsia="${CJKF}" w:cs="${MONO}"/><w:kern w:val="0"/><w:sz w:val="21"/><w:lang w:val="en-US" w:eastAsia="zh-CN"/>`;
  const defaultPara =
    `<w:widowControl w:val="0"/><w:snapToGrid w:val="0"/><w:autoSpaceDE w:val="0"/><w:autoSpaceDN w:val="0"/>` +
    `<w:spacing w:before="0" w:after="0" w:line="${pitch}" w:lineRule="exact"/><w:ind w:left="0" w:right="0"/>`;
  return buildRawDocx({
    body: parts.join(''),
    header: headerXml(model.header, true, textWidth),
    extraHeaders: [headerXml(model.header, false, textWidth)],
    media,
    page: { width: twips(A4.width), height, top, right, bottom, left, header: twips(28), footer: twips(20) },
    defaultRun,
    defaultPara,
    title: model.title,
  });
}
