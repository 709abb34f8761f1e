import type { RightsDeclaration } from '@mazhu/contracts';
import type { CodeAnalysis } from './analysis/analyse';
import { consistencyItems, coverageItems, documentKindItem, figureItems, licenceItems, moduleNameItems, provenanceItems, scrubItems, selectionItems, type Audience, type ModuleClaim } from './verify/checks';
import type { CodeFile, SkippedFile } from './intake/intake';
import type { ContractRef } from './contract/model';
import { checkOwnership } from './contract/ownership';
import { checkApplicationForm, FORM_FIELDS, type ApplicationForm } from './form/form';
import { manualExemptPages, manualPlannedLines, type ManualModel } from './manual/manual';
import type { SourceCodeDocument } from './source/source-document';
import { charWidth } from './render/width';
import { judgePdfPages, verifyPdf, type PdfPageReport, type VerifyItem, type VerifyReport } from './verify/verify';
import { formTexts, nameInTextItem, pageTexts } from './verify/names';

export interface VerifyMaterialsInput {
  /** 软件全称 and 版本号 as they will be filed. */
  name: string;
  version: string;
  analysis?: CodeAnalysis;
  form?: ApplicationForm;
  /** The source-code document and its PDF; `pages` when the PDF was already read back (readPdfPages, defaults). */
  source?: { model: SourceCodeDocument; pdf: Uint8Array; pages?: PdfPageReport[] };
  manual?: { model: ManualModel; pdf: Uint8Array };
  /** Date used for the date-order rule (YYYY-MM-DD), default today. */
  today?: string;
  /** True when no project data was given: empty form fields are summarised in one item. */
  formIncomplete?: boolean;
  /** Functional modules of the document with their code evidence, for the two-way coverage check. */
  modules?: ModuleClaim[];
  /** The code files (to confirm module evidence) and what intake left out (data scripts, third-party folders). */
  files?: CodeFile[];
  skipped?: SkippedFile[];
  /** Who reads the advice: a web user is told where in the wizard to fix it, a CLI user which flag to pass. Default cli. */
  audience?: Audience;
  /** Contracts filed with the materials, for the 开发方式 / 著作权人 rules (checkOwnership). */
  contracts?: ContractRef[];
  /** The owners' aliases (a pinyin spelling, by owner name) and the recorded declaration, for the third-party check. */
  rights?: { aliases?: Record<string, string[]>; declaration?: RightsDeclaration | null };
}

const FIELD_LABEL: Record<string, string> = Object.fromEntries(FORM_FIELDS.map((f) => [f.key, f.label]));

export interface MaterialsReport {
  ok: boolean;
  items: VerifyItem[];
  source?: VerifyReport;
  manual?: VerifyReport;
}

/**
 * The pre-submission check (提交前检查): reads the produced PDFs back (verifyPdf: pages ≤ 60,
 * A4 portrait, header "软件全称 版本号", top-right numbers 1…N, ≥ 50 code / ≥ 30 document lines per
 * page, printed = planned) and checks consistency across materials: name and version identical
 * on the form, the code and the manual; 编程语言 listing every language found; 源程序量 equal
 * to the total line count; the form's own rules (checkApplicationForm). Items are in Chinese;
 * `ok` is true only when every item passes. Sources: 登记办法 第十条; cpcc-materials.md.
 */
export async function verifyMaterials(input: VerifyMaterialsInput): Promise<MaterialsReport> {
  const items: VerifyItem[] = [];
  const header = `${input.name} ${input.version}`;
  let source: VerifyReport | undefined;
  let manual: VerifyReport | undefined;
  if (input.source) {
    const m = input.source.model;
    const exp = { label: '源程序', header, pages: m.pages.length, plannedLines: m.pages.map((p) => p.lines.length), minLinesPerPage: 50 };
    source = input.source.pages ? judgePdfPages(input.source.pages, exp) : await verifyPdf(input.source.pdf, exp);
    items.push(...source.items);
    await glyphEvidence(source.items, m.pages.flatMap((p) => p.lines.map((l) => ({ text: l.text, where: `${m.files[l.file]}:${l.line}` }))));
    const expected = m.totalPages <= 60 ? m.totalPages : 60;
    items.push({
      ok: m.pages.length === expected && (m.totalPages > 60 || m.selection === 'all'),
      title: '源程序页的选取',
      detail:
        m.totalPages <= 60
          ? `全部源程序共 ${m.totalPages} 页，不足 60 页，全部提交，未补充或重复任何代码`
          : `全部源程序共 ${m.totalPages} 页，提交前 30 页和后 30 页，第 60 页结束于文件 ${m.files[m.pages[59].lines[m.pages[59].lines.length - 1].file]} 的末尾`,
    });
    if (m.lateDates.length) {
      const shown = m.lateDates.slice(0, 5).map((d) => `${d.file}:${d.line}（${d.date}）`).join('、');
      items.push({ ok: true, warning: true, title: '代码中的日期', detail: `代码中有晚于开发完成日期的日期：${shown}${m.lateDates.length > 5 ? ' 等' : ''}。请核对开发完成日期或修改注释` });
    }
    if (m.scrub.total > 0) items.push(...scrubItems(m.scrub));
    items.push(...licenceItems(m));
  }
  const audience = input.audience ?? 'cli';
  if (input.analysis) {
    items.push(...consistencyItems(input.name, input.version, input.analysis, audience));
    const owners = (input.form?.owners ?? []).map((o) => ({ name: o.name, aliases: input.rights?.aliases?.[o.name] }));
    items.push(...provenanceItems(input.analysis, input.source?.model.scrub, audience, { owners, declaration: input.rights?.declaration }, input.source?.model.licences));
  }
  if (input.skipped) items.push(...selectionItems(input.skipped, audience));
  if (input.manual) {
    const m = input.manual.model;
    manual = await verifyPdf(input.manual.pdf, {
      label: m.kind,
      header,
      pages: m.pages.length,
      numberedFrom: m.pages[0]?.kind === 'cover' ? 2 : 1,
      minLinesPerPage: 30,
      exemptPages: manualExemptPages(m),
      plannedLines: manualPlannedLines(m),
      detectImages: true,
    });
    items.push(...manual.items);
    await glyphEvidence(
      manual.items,
      m.pages.flatMap((p, i) => p.lines.map((l) => ({ text: l.kind === 'text' ? l.text : '', where: `${m.kind}第 ${i + 1} 页` }))),
    );
    items.push(documentKindItem(m, input.analysis, audience));
    items.push(...figureItems(m, audience));
    for (const w of m.warnings) items.push({ ok: true, warning: true, code: 'DOCUMENT_CONTENT', title: `${m.kind}内容`, detail: w });
    if (input.modules?.length) items.push(...moduleNameItems(input.modules, audience));
    if (input.analysis && input.modules?.length) items.push(...coverageItems(input.modules, input.analysis, input.files ?? [], input.source?.model, audience));
  }
  if (input.form) {
    const f = input.form;
    items.push({
      ok: f.fullName.trim() === input.name && f.version.trim() === input.version,
      title: '名称和版本号一致',
      detail: f.fullName.trim() === input.name && f.version.trim() === input.version ? `申请表、源程序和文档均为“${header}”` : `申请表为“${f.fullName} ${f.version}”，材料为“${header}”`,
    });
    // The name and version as the texts say them (after a rename, what still says the old name).
    items.push(nameInTextItem(input.name, input.version, [...formTexts(f), ...(input.manual ? pageTexts(input.manual.model.kind, input.manual.model.pages) : [])]));
    if (input.analysis) {
      const a = input.analysis;
      const missing = a.languageList.filter((l) => !f.languages.toLowerCase().includes(l.toLowerCase()));
      items.push({ ok: missing.length === 0, title: '编程语言一致', detail: missing.length ? `申请表缺少：${missing.join('、')}` : `代码中的语言：${a.languages}，申请表已全部列出` });
      const ok = f.sourceLines === a.sourceLines && (!input.source || input.source.model.sourceLines === a.sourceLines);
      items.push({ ok, title: '源程序量一致', detail: ok ? `源程序量 ${a.sourceLines} 行（全部源程序的总行数）` : `申请表 ${f.sourceLines} 行，代码统计 ${a.sourceLines} 行` });
    }
    const issues = checkApplicationForm(f, input.analysis, input.today);
    const errors = issues.filter((i) => i.level === 'error');
    const missing = errors.filter((i) => /^请(填写|至少)|格式应为 YYYY/.test(i.message) || /现 0 字/.test(i.message));
    if (input.formIncomplete && missing.length) {
      // No project data yet: one item listing what to fill in, instead of a failure per empty field.
      items.push({ ok: false, title: '申请表待填写', detail: `尚未提供项目数据，待填写 ${missing.length} 项：${missing.map((i) => FIELD_LABEL[i.field] ?? i.field).join('、')}` });
      for (const i of issues.filter((x) => !missing.includes(x))) items.push({ ok: i.level !== 'error', ...(i.level === 'warning' ? { warning: true } : {}), title: `申请表：${FIELD_LABEL[i.field] ?? i.field}`, detail: i.message });
    } else {
      items.push({ ok: errors.length === 0, title: '申请表填写规则', detail: errors.length ? `${errors.length} 项需修改` : '全部字段符合规则' });
      for (const i of issues) items.push({ ok: i.level !== 'error', ...(i.level === 'warning' ? { warning: true } : {}), title: `申请表：${FIELD_LABEL[i.field] ?? i.field}`, detail: i.message });
    }
    const ownerErrors = errors.filter((i) => i.field.startsWith('owners')).length;
    items.push(...checkOwnership(f, input.contracts ?? [], ownerErrors));
  }
  return { ok: items.every((i) => i.ok), items, source, manual };
}

/**
 * Adds to the GLYPHS item of `items` every character of the printed text that no font can print (the CJK font and
 * the symbol fonts of loadFallbackFonts), as "place U+XXXX “c”" — at most 50 — so the user can find and change it.
 */
async function glyphEvidence(items: VerifyItem[], lines: { text: string; where: string }[]): Promise<void> {
  const item = items.find((i) => i.code === 'GLYPHS');
  // A character no font has is printed as U+FFFD, so a PDF without empty or replaced glyphs has none to name.
  if (!item || (item.ok && !item.warning)) return;
  const { fontForCodePoint } = await import('./render/pdf-kit');
  const known = new Map<number, boolean>();
  const evidence: string[] = [];
  for (const l of lines) {
    for (const ch of l.text) {
      const cp = ch.codePointAt(0)!;
      if (cp < 0x7f || charWidth(cp) === 0) continue;
      let ok = known.get(cp);
      if (ok === undefined) known.set(cp, (ok = fontForCodePoint(cp) !== null));
      if (!ok && evidence.length < 50) evidence.push(`${l.where} U+${cp.toString(16).toUpperCase().padStart(4, '0')}“${ch}”`);
    }
  }
  if (evidence.length) item.evidence = evidence;
}
