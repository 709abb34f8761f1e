import type { CodeAnalysis } from '../analysis/analyse';
import type { CodeUnit } from '../analysis/code-structure';
import type { CodeFile, SkippedFile } from '../intake/intake';
import type { ManualModel } from '../manual/manual';
import type { ScrubKind, ScrubReport } from '../source/scrub';
import type { SourceCodeDocument } from '../source/source-document';
import { sameVersion } from '../analysis/versions';
import type { VerifyItem } from './verify';
import { SKIP_CATEGORY_LABELS, type SkipCategory } from '../intake/classify';
import { assessRights, RIGHTS_SIGN_LABELS, type RightsDeclaration, type RightsSign } from '@mazhu/contracts';
import { rightsSigns } from '../intake/provenance';

/**
 * Content checks of the materials beyond the page geometry: two-way coverage between the document's
 * modules and the code's units, declared versions and UI names against the form, third-party code,
 * what was scrubbed from the printed pages, what the selection left out, and the document kind.
 * Each item carries a stable `code`, a level (`ok`/`warning`) and `evidence` (file:line or file#symbol).
 * Advice names the place to fix it for the reader: the wizard step for a web user, a flag for the CLI.
 */
export type Audience = 'web' | 'cli';

export interface ModuleClaim {
  name: string;
  /** "path#symbol" items from the code analysis (the writer records them); may be empty for modules the user typed. */
  evidence?: string[];
  /** Why the name waits for the user's confirmation (inferred by the analysis); absent once confirmed or typed. */
  nameConfirm?: string;
}

const FIX = {
  modules: { web: '请在向导的“功能模块”步骤修改或删除该模块，或在“上传代码”步骤补充它的代码', cli: '请修改 project.json 中的 modules，或补充对应代码' },
  addModules: { web: '请在向导的“功能模块”步骤为它们补充模块说明', cli: '请在 project.json 的 modules 中补充' },
  notPrinted: { web: '如需让审查员看到，请在“上传代码”步骤的文件选择中调整起始文件或排除无关文件', cli: '可用 --entry 调整起始文件，或用 --exclude 排除无关文件' },
  confirmName: { web: '请在向导的“功能模块”步骤核对这些名称：改成软件界面或菜单上显示的名称，或点击“确认名称”', cli: '请核对 project.json 中这些模块的 name，确认后删除其 nameConfirm' },
  version: { web: '请在“基本信息”步骤把版本号改成与代码一致，或修改代码中的版本号后重新上传', cli: '请让 --version 与代码一致，或修改代码中的版本号' },
  name: { web: '请在“基本信息”步骤核对软件全称，或修改界面中显示的名称后重新上传', cli: '请让 --name 与界面显示的名称一致' },
} as const;

const norm = (s: string) => s.replace(/[\s（）()·\-_]/g, '').toLowerCase();
/** The meaningful core of a Chinese module name: "用户管理" → "用户", "调度任务信息" → "调度任务". */
const core = (s: string) => s.replace(/(管理|模块|功能|系统|中心|页面|设置|信息|列表|记录|操作|处理)+$/u, '');

function unitFiles(u: CodeUnit): Set<string> {
  return new Set(u.evidence.map((e) => e.file));
}

function claimFiles(m: ModuleClaim): Set<string> {
  return new Set((m.evidence ?? []).map((e) => e.split('#')[0]));
}

/** True when a document module and a code unit name the same thing (shared files, Chinese label, or English words). */
export function moduleMatchesUnit(m: ModuleClaim, u: CodeUnit): boolean {
  const files = claimFiles(m);
  for (const f of unitFiles(u)) if (files.has(f)) return true;
  if ((m.evidence ?? []).some((e) => e === `unit:${u.key}`)) return true;
  const name = norm(m.name);
  if (u.label) {
    const a = core(norm(u.label));
    const b = core(name);
    if (a.length >= 2 && b.length >= 2 && (a.includes(b) || b.includes(a))) return true;
  }
  const words = u.words.filter((w) => w.length >= 3);
  return words.length > 0 && words.every((w) => name.includes(w));
}

/**
 * The code files of a document module: its evidence files that exist (a named symbol must be in the file) and the
 * files of its code unit — the unit its evidence names or shares a file with, or, for a module without evidence
 * files, the unit of the same name (moduleMatchesUnit). Paths, evidence first.
 */
export function moduleFiles(m: ModuleClaim, units: readonly CodeUnit[], byPath: ReadonlyMap<string, Pick<CodeFile, 'text'>>): string[] {
  const real = (m.evidence ?? []).filter((e) => {
    if (e.startsWith('unit:')) return false;
    const [file, symbol] = e.split('#');
    const f = byPath.get(file);
    const sym = symbol?.split(' ')[0];
    return !!f && (!sym || f.text.includes(sym));
  });
  const files = new Set(real.map((e) => e.split('#')[0]));
  const named = (u: CodeUnit) => (m.evidence ?? []).includes(`unit:${u.key}`) || [...unitFiles(u)].some((f) => files.has(f));
  const unit = units.find(named) ?? (files.size ? undefined : units.find((u) => moduleMatchesUnit(m, u)));
  return [...new Set([...files, ...(unit ? [...unitFiles(unit)] : [])])];
}

/** "第 3–7、41 页" from printed page numbers (ascending). */
function pageSpans(pages: number[]): string {
  const spans: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j] + 1) j++;
    spans.push(j > i ? `${pages[i]}–${pages[j]}` : `${pages[i]}`);
    i = j + 1;
  }
  return `第 ${spans.join('、')} 页`;
}

const evidenceText = (u: CodeUnit) => u.evidence.slice(0, 3).map((e) => `${e.file}${e.symbol ? '#' + e.symbol : ''}`);

/**
 * Two-way coverage (cpcc-materials.md: the most common correction reason). Document → code: each
 * module must be found in the code (its evidence files exist and, when a symbol is named, the symbol
 * is in that file; else a code unit of the same name; else its name in the printed text) — a module
 * the code does not have fails; one whose code is not on the printed pages is a warning. Code → document:
 * every business unit of the code should be described by a module — a missing one is a warning.
 */
export function coverageItems(modules: ModuleClaim[], analysis: CodeAnalysis, files: CodeFile[], source: SourceCodeDocument | undefined, audience: Audience): VerifyItem[] {
  const items: VerifyItem[] = [];
  const byPath = new Map(files.map((f) => [f.path, f]));
  // Printed page numbers (1–60) of each file on the pages.
  const pagesOf = new Map<string, number[]>();
  if (source) {
    source.pages.forEach((p, i) => {
      for (const file of new Set(p.lines.map((l) => source.files[l.file]))) {
        const list = pagesOf.get(file) ?? [];
        list.push(i + 1);
        pagesOf.set(file, list);
      }
    });
  }
  const printedText = source ? source.pages.map((p) => p.lines.map((l) => l.text).join('\n')).join('\n') : '';
  const units = analysis.structure.units;
  const missing: string[] = [];
  const found: string[] = [];
  const moduleEvidence: string[] = [];
  const printed: string[] = [];
  const notPrinted: string[] = [];
  const notPrintedNames: string[] = [];
  const nameOnly: string[] = [];
  const halves = source && source.pages.length === 60 && source.totalPages > 60;
  let inFirst = 0;
  let inLast = 0;
  for (const m of modules) {
    const files = moduleFiles(m, units, byPath);
    const c = core(m.name);
    const nameShown = printedText.includes(m.name) ? m.name : c.length >= 2 && printedText.includes(c) ? c : undefined;
    if (files.length === 0 && !nameShown) {
      missing.push(m.name);
      continue;
    }
    found.push(m.name);
    moduleEvidence.push(`${m.name}：${files.slice(0, 3).join('、') || '打印页中有“' + nameShown + '”'}`);
    if (!source) continue;
    const onPages = files.filter((f) => pagesOf.has(f));
    if (onPages.length) {
      const pages = [...new Set(onPages.flatMap((f) => pagesOf.get(f)!))].sort((a, b) => a - b);
      if (pages[0] <= 30) inFirst++;
      if (pages[pages.length - 1] > 30) inLast++;
      printed.push(`${m.name}：${pageSpans(pages)}（${onPages.slice(0, 3).join('、')}${onPages.length > 3 ? ' 等' : ''}）`);
    } else if (files.length) {
      notPrintedNames.push(m.name);
      notPrinted.push(`${m.name}：代码不在打印页中（${files.slice(0, 2).join('、')}${files.length > 2 ? ' 等' : ''}）`);
    } else printed.push(`${m.name}：打印页中有“${nameShown}”，没有对应的代码文件`);
  }
  const uncovered = units.filter((u) => !modules.some((m) => moduleMatchesUnit(m, u)));
  items.push({
    ok: missing.length === 0,
    code: 'COVERAGE_DOC_TO_CODE',
    title: '文档模块在代码中有对应',
    detail: missing.length
      ? `文档描述了 ${modules.length} 个模块，其中 ${missing.length} 个在代码中找不到：${missing.join('、')}。文档不能描述软件没有的功能，${FIX.modules[audience]}`
      : `文档描述的 ${modules.length} 个模块都在代码中找到对应`,
    evidence: missing.length ? missing.map((n) => `${n}：代码中没有对应的控制器、页面、路由、菜单或函数`) : moduleEvidence,
  });
  if (source && found.length) {
    const where = halves ? `（前 30 页有 ${inFirst} 个，后 30 页有 ${inLast} 个）` : '';
    items.push({
      ok: true,
      warning: notPrinted.length > 0,
      code: 'COVERAGE_PRINTED',
      title: '打印页中的模块代码',
      detail:
        `文档描述的 ${found.length} 个模块中，${printed.length} 个的代码印在源程序页中${where}` +
        (nameOnly.length ? `，${nameOnly.length} 个只在打印页中出现名称` : '') +
        (notPrinted.length ? `；${notPrinted.length} 个的代码不在打印页中：${notPrintedNames.join('、')}。${FIX.notPrinted[audience]}` : '，没有代码不在打印页中的模块'),
      evidence: [...printed, ...nameOnly, ...notPrinted],
    });
  }
  items.push({
    ok: true,
    warning: uncovered.length > 0,
    code: 'COVERAGE_CODE_TO_DOC',
    title: '代码模块写入文档',
    detail: uncovered.length
      ? `代码中的 ${units.length} 个模块有 ${uncovered.length} 个没有写入文档：${uncovered.map((u) => u.label ?? u.words.join(' ')).join('、')}。${FIX.addModules[audience]}`
      : `代码中的 ${units.length} 个模块都写入了文档`,
    evidence: uncovered.length ? uncovered.map((u) => `${u.label ?? u.words.join(' ')}：${evidenceText(u).join('、')}`) : units.map((u) => `${u.label ?? u.words.join(' ')}：${evidenceText(u)[0] ?? ''}`),
  });
  return items;
}

/**
 * Module names the code analysis inferred because the code names the unit nowhere (no menu, page title or API
 * documentation): 需注意 until the user confirms or renames each, so that a guessed name is never filed unread.
 */
export function moduleNameItems(modules: ModuleClaim[], audience: Audience): VerifyItem[] {
  const flagged = modules.filter((m) => m.nameConfirm);
  if (!flagged.length) return [];
  return [
    {
      ok: true,
      warning: true,
      code: 'MODULE_NAME_UNCONFIRMED',
      title: '模块名称待确认',
      detail: `${flagged.length} 个模块的名称是根据代码推断的（代码中没有菜单、页面标题或接口文档给出它的名称）：${flagged.map((m) => m.name).join('、')}。${FIX.confirmName[audience]}`,
      evidence: flagged.map((m) => `${m.name}：${m.nameConfirm}`),
    },
  ];
}

/** Versions declared in the code against the form's 版本号; UI names against 软件全称. */
export function consistencyItems(name: string, version: string, analysis: CodeAnalysis, audience: Audience): VerifyItem[] {
  const items: VerifyItem[] = [];
  const diff = analysis.versions.filter((v) => !sameVersion(v.value, version));
  if (analysis.versions.length) {
    items.push({
      ok: true,
      warning: diff.length > 0,
      code: 'VERSION_IN_CODE',
      title: '代码中的版本号',
      detail: diff.length
        ? `申请表版本号为 ${version}，代码中声明的版本号不同：${diff.slice(0, 4).map((v) => `${v.file}:${v.line} 为 ${v.value}`).join('、')}。审查时版本不一致是常见的补正原因，${FIX.version[audience]}`
        : `代码中声明的版本号与申请表的 ${version} 一致`,
      evidence: (diff.length ? diff : analysis.versions).map((v) => `${v.file}:${v.line} ${v.source}：${v.value}`),
    });
  }
  const names = analysis.uiNames.filter((n) => norm(n.value) !== norm(name));
  if (analysis.uiNames.length) {
    items.push({
      ok: true,
      warning: names.length > 0,
      code: 'NAME_IN_UI',
      title: '界面显示的软件名称',
      detail: names.length
        ? `界面中显示的名称与软件全称“${name}”不同：${names.slice(0, 4).map((n) => `${n.file}:${n.line}“${n.value}”`).join('、')}。截图和页面须显示与申请表相同的名称，${FIX.name[audience]}`
        : `界面中显示的名称与软件全称“${name}”一致`,
      evidence: (names.length ? names : analysis.uiNames).map((n) => `${n.file}:${n.line} ${n.source}：${n.value}`),
    });
  }
  return items;
}

/** What the rights check compares the code with: the owners (with aliases such as a pinyin spelling) and a recorded declaration. */
export interface RightsContext {
  owners: { name: string; aliases?: string[] }[];
  declaration?: RightsDeclaration | null;
}

/**
 * Third-party code and who holds it (cpcc-materials.md: only the copyright holder may register; a real notice asks
 * for "自己独立开发部分的源程序"): the signs of `rightsSigns` compared with the owners by `assessRights`. Another
 * holder, author or a published project not covered by a declaration is 未通过 (THIRD_PARTY_CODE); with the user's
 * recorded declaration the foreign names stay 需注意 and the declaration with its time is printed
 * (RIGHTS_DECLARATION); code naming only the owners passes. Every removed attribution line is listed.
 */
export function provenanceItems(analysis: CodeAnalysis, scrub: ScrubReport | undefined, audience: Audience, rights: RightsContext = { owners: [] }, licences: SourceCodeDocument['licences'] = []): VerifyItem[] {
  const items: VerifyItem[] = [];
  const p = analysis.provenance;
  const check = assessRights(rightsSigns(p), rights.owners, rights.declaration);
  const evidence = (list: RightsSign[]) => list.map((s) => `${RIGHTS_SIGN_LABELS[s.kind]}“${s.name}”${s.lines ? `（${s.lines} 行）` : ''}：${s.evidence.slice(0, 3).join('、')}`);
  const how = audience === 'web' ? '可在“上传代码”步骤的文件选择中排除这些部分，或在“核对并生成”步骤输入著作权声明。' : '可用 --exclude 排除这些部分，或在 project.json 的 rightsDeclaration 中写入声明。';
  const licenceNote = p.licenses.length ? `许可证：${p.licenses.join('、')}。` : '';
  if (check.state === 'flagged') {
    items.push({ ok: false, code: 'THIRD_PARTY_CODE', title: '他人的代码', detail: `${check.message}${how}${licenceNote}`, evidence: evidence(check.foreign) });
  } else if (check.state === 'declared') {
    const d = check.declaration!;
    items.push({
      ok: true,
      warning: true,
      code: 'THIRD_PARTY_CODE',
      title: '他人的代码',
      detail: `代码中有他人的版权、署名或公开项目信息：${[...new Set(check.foreign.map((s) => s.name))].join('、')}。用户已声明著作权属于${d.owners.join('、')}；登记前请再次确认这些部分确由著作权人编写或已依法取得权利。${licenceNote}`,
      evidence: evidence(check.foreign),
    });
    items.push({ ok: true, code: 'RIGHTS_DECLARATION', title: '著作权声明', detail: `${d.declaredAt.replace('T', ' ').slice(0, 19)}（UTC）用户声明：“${d.text}”`, evidence: [`著作权人：${d.owners.join('、')}`, `声明时列出的他人：${d.holders.join('、')}`] });
  } else if (check.own.length || p.licenses.length) {
    items.push({ ok: true, code: 'THIRD_PARTY_CODE', title: '他人的代码', detail: `${check.message}。${licenceNote}`, evidence: evidence(check.own) });
  }
  const removed = scrub?.findings.filter((f) => f.kind === 'author') ?? [];
  const named = licences.filter((b) => b.holder);
  if (removed.length || named.length) {
    const lines = (scrub?.counts.author ?? removed.length) + named.length;
    items.push({
      ok: true,
      warning: true,
      code: 'ATTRIBUTION_REMOVED',
      title: '删除的署名行',
      detail: `打印的源程序中删除了 ${lines} 处作者或版权声明（审查材料中不宜出现个人信息和他人的版权声明）。这些声明写的是：${[...new Set([...named.map((b) => b.holder), ...removed.map((f) => f.detail)].filter(Boolean))].slice(0, 6).join('、')}。如果其中有他人，说明这部分代码不是你写的，请确认你对它享有著作权`,
      evidence: [...named.map((b) => `${b.file}:${b.from}–${b.to} 版权人 ${b.holder}`), ...removed.map((f) => `${f.file}:${f.line} 作者 ${f.detail ?? '（未写明）'}`)],
    });
  }
  return items;
}

const SECRET_KINDS: ScrubKind[] = ['private-key', 'api-key', 'password', 'hash'];

/** What was masked on the printed pages, each kind with every place (file:line). */
export function scrubItems(scrub: ScrubReport): VerifyItem[] {
  const items: VerifyItem[] = [];
  const kinds = Object.keys(scrub.counts).filter((k) => k !== 'author') as ScrubKind[];
  for (const k of kinds) {
    const f = scrub.findings.filter((x) => x.kind === k);
    const secret = SECRET_KINDS.includes(k);
    items.push({
      ok: true,
      warning: secret,
      code: `SCRUBBED_${k.toUpperCase().replace(/-/g, '_')}`,
      title: `已遮盖：${f[0]?.label ?? k}`,
      detail: `打印的源程序中遮盖了 ${scrub.counts[k]} 处${f[0]?.label ?? k}${secret ? '。材料里已看不到，但代码中仍有明文，请改为从环境变量或配置中心读取并更换已泄露的密码/密钥' : ''}`,
      evidence: f.map((x) => `${x.file}:${x.line}`),
    });
  }
  return items;
}

/** What the selection left out for a reason the user may want to check (data scripts, third-party folders). */
export function selectionItems(skipped: SkippedFile[], audience: Audience): VerifyItem[] {
  const data = skipped.filter((s) => s.reason.startsWith('数据脚本'));
  const vendor = skipped.filter((s) => s.reason.startsWith('第三方'));
  const items: VerifyItem[] = [];
  const how = audience === 'web' ? '可在“上传代码”步骤的文件选择中改回纳入' : '可用 --include 改回纳入';
  if (data.length) items.push({ ok: true, code: 'SELECTION_DATA', title: '数据脚本未印入', detail: `${data.length} 个以 INSERT 初始数据为主的 SQL 文件不是程序，未印入源程序，也不计入源程序量；${how}`, evidence: data.map((s) => `${s.path}：${s.reason}`) });
  if (vendor.length) items.push({ ok: true, code: 'SELECTION_VENDOR', title: '第三方目录未印入', detail: `${vendor.length} 个第三方或构建输出目录未印入源程序；${how}`, evidence: vendor.slice(0, 50).map((s) => `${s.path}：${s.reason}`) });
  const byCategory = new Map<SkipCategory, SkippedFile[]>();
  for (const s of skipped) if (s.category) byCategory.set(s.category, [...(byCategory.get(s.category) ?? []), s]);
  if (byCategory.size) {
    const order = (['test', 'generated', 'build', 'vendored'] as const).filter((c) => byCategory.has(c));
    items.push({
      ok: true,
      code: 'SELECTION_CATEGORIES',
      title: '未印入的非本人开发代码',
      detail: `源程序只印本软件自己开发的程序，以下文件未印入，也不计入源程序量：${order.map((c) => `${SKIP_CATEGORY_LABELS[c]} ${byCategory.get(c)!.length} 个`).join('，')}；${how}`,
      evidence: order.flatMap((c) => byCategory.get(c)!.slice(0, 30).map((s) => `${SKIP_CATEGORY_LABELS[c]}：${s.path}（${s.reason}）`)),
    });
  }
  return items;
}

/**
 * The licence and copyright comment blocks removed from the printed code (cpcc-materials.md: no one else's copyright
 * notices in the program), each with its place and the holder it names: never removed silently.
 */
export function licenceItems(doc: Pick<SourceCodeDocument, 'licences' | 'licenceLines'>): VerifyItem[] {
  if (!doc.licences.length) return [];
  const holders = [...new Set(doc.licences.map((b) => b.holder).filter((h): h is string => !!h))];
  return [
    {
      ok: true,
      code: 'LICENCE_BLOCKS',
      title: '许可证和版权声明',
      detail: `源程序中 ${doc.licences.length} 处许可证或版权声明注释（共 ${doc.licenceLines} 行）已整段去除，未印入${holders.length ? `；署名：${holders.slice(0, 10).join('、')}${holders.length > 10 ? ' 等' : ''}` : ''}`,
      evidence: doc.licences.slice(0, 200).map((b) => `${b.file}:${b.from}–${b.to}${b.licence ? ` ${b.licence}` : ' 版权声明'}${b.holder ? `，署名“${b.holder}”` : ''}`),
    },
  ];
}

/** The document kind and why (the detected form and its evidence). */
export function documentKindItem(manual: ManualModel, analysis: CodeAnalysis | undefined, audience: Audience): VerifyItem {
  const detected = analysis?.form;
  const chosen = manual.outline.form;
  return {
    ok: true,
    warning: !!detected && detected.form !== chosen,
    code: 'DOCUMENT_KIND',
    title: '文档类型',
    detail:
      `文档为${manual.kind}（软件形态：${chosen === detected?.form ? detected.label : chosen}）` +
      (detected && detected.form !== chosen ? `；代码看起来是${detected.label}，与所选形态不同，请确认${audience === 'web' ? '（在“基本信息”步骤的“软件形态”中修改）' : ''}` : '') +
      (manual.kind === '操作手册' ? '：有用户界面的软件写操作手册' : '：没有用户界面的软件写设计说明书或使用说明，不写登录页面'),
    evidence: detected?.evidence ?? [],
  };
}

const FIGURE_SOURCE_LABELS = { upload: '截图', prototype: '界面原型', diagram: '结构图' } as const;

/**
 * The document's figures in the report (cpcc-materials.md, screenshots: they follow the flow from login through every
 * module and show the name and version of the form): one item listing every figure with its page; a 需注意 item
 * naming the figures that are rendered prototypes — quoting the 2026 correction notices that ask for real screenshots,
 * saying how to capture them (mazhu capture and 上传截图包, 截取屏幕, one upload per screen) and giving one evidence
 * line per prototype with its number, caption, page and the screen to capture in its place; one
 * 需注意 item per figure whose screenshot checks failed (name/version, complete frame, watermark), naming the figure.
 * A module of an 操作手册 without a figure is a 需注意 item (once the document has figures).
 */
export function figureItems(manual: ManualModel, audience: Audience): VerifyItem[] {
  const figs = manual.figures;
  if (!figs.length) return [];
  const name = (f: ManualModel['figures'][number]) => `图${f.number} ${f.caption}`;
  const items: VerifyItem[] = [
    {
      ok: true,
      code: 'DOCUMENT_FIGURES',
      title: '文档插图',
      detail: `${manual.kind}共 ${figs.length} 幅插图，已编号并列入目录的插图目录`,
      evidence: figs.map((f) => `${name(f)}（第 ${f.page} 页，${FIGURE_SOURCE_LABELS[f.source]}）`),
    },
  ];
  const prototypes = figs.filter((f) => f.source === 'prototype');
  if (prototypes.length) {
    const web = audience === 'web';
    // Where a real screen goes: the module's slot, the login or the main screen's (the web app's screenshot board).
    const screenOf = (f: ManualModel['figures'][number]) => (f.module ? `“${f.module}”模块界面` : f.caption);
    items.push({
      ok: true,
      warning: true,
      code: 'FIGURE_PROTOTYPE',
      title: '界面原型图',
      detail:
        `${prototypes.length === figs.length ? '全部 ' : ''}${prototypes.length} 幅插图是系统按代码中的页面或功能说明生成的界面原型，不是软件实际运行的截图：${prototypes.map((f) => `图${f.number}（第 ${f.page} 页）`).join('、')}。` +
        `2026 年的补正通知有以“文档鉴别材料缺少软件运行截图”退回的案例，要求“全部主要功能对应的真实界面截图”，且“截图需清晰完整”（cpcc-materials.md）。` +
        `请换成软件实际运行的截图（须显示软件全称和版本号，且与申请表一致）：网页软件在能访问它的电脑上运行 mazhu capture <软件地址> --out 截图包.zip 逐页截图，` +
        (web
          ? '在向导“功能模块”步骤或项目页用“上传截图包”上传；桌面程序、小程序等不是网页的软件用“截取屏幕”逐屏截取；也可为每个界面单独“上传截图”；换好后重新生成'
          : '把截图包中的截图在 project.json 的 screens 中按界面提供（桌面程序、小程序等请用系统截图工具逐屏截取）后重新生成'),
      evidence: prototypes.map((f) => `${name(f)}（${manual.kind}第 ${f.page} 页）：界面原型，请截取软件${screenOf(f)}的真实截图${web ? '，在该界面的位置上传' : '替换'}`),
    });
  }
  for (const f of figs.filter((x) => x.issues.length)) {
    items.push({ ok: true, warning: true, code: 'FIGURE_CHECK', title: `插图检查：图${f.number}`, detail: `${name(f)}（第 ${f.page} 页）：${f.issues.join('；')}`, evidence: f.issues });
  }
  if (manual.kind === '操作手册') {
    const modules = manual.outline.chapters.flatMap((c) => c.sections).filter((s) => s.module);
    const without = modules.filter((s) => !figs.some((f) => f.module === s.module));
    if (without.length) {
      items.push({
        ok: true,
        warning: true,
        code: 'FIGURE_MISSING',
        title: '功能模块插图',
        detail: `${without.length} 个功能模块没有界面插图：${without.map((s) => s.title).join('、')}。${audience === 'web' ? '请在向导“功能模块”步骤为它们上传截图' : '请在 project.json 的 screens 中补充'}`,
      });
    }
  }
  return items;
}
