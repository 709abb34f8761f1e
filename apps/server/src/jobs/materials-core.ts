import { createHash } from 'node:crypto';
import type { CodeAnalysis as ContractAnalysis, CodeFileEntry, CodeSelection, ReportItem, TextOrigins } from '@mazhu/contracts';
import {
  analyseCode,
  prepareAnalysis,
  readPagesAndUnits,
  buildContract,
  buildFilingGuide,
  renderFilingGuidePdf,
  rightsSigns,
  buildManual,
  buildSourceCodeDocument,
  checkApplicationForm,
  formatSourceManifest,
  checkOwnership,
  figureItems,
  moduleNameItems,
  formFromProject,
  formTexts,
  nameInTextItem,
  pageTexts,
  withDocumentFigures,
  levelOf,
  generateAll,
  intakeArchive,
  renderApplicationFormDocx,
  renderApplicationFormPdf,
  renderContractDocx,
  renderContractPdf,
  renderManualDocx,
  renderManualPdf,
  ZProject,
  type CodeFile,
  type ContractInput,
  type MetaFile,
  type FormIssue,
  type ManualOutline,
  type GuideFile,
  type VerifyItem,
  type ApplicationForm,
} from '@mazhu/docgen';
import type { EngineProject, GeneratedMaterials, IntakenCode, RenderedContract } from './materials';
import { buildOriginRecord, originRecordText, originReportItems } from './text-origins';

const LINES_PER_PAGE = 50;

/** The engine's analysis in the shape of the contracts (what the upload answer and the project show). */
async function presentAnalysis(files: CodeFile[], skipped: number, meta: MetaFile[] = []): Promise<{ analysis: ContractAnalysis; hints: unknown }> {
  const a = analyseCode(files, meta);
  // Each page's own fields, columns, buttons and tabs: the prototypes of the module screens are drawn from them.
  const read = await readPagesAndUnits(files, meta, a.structure.units);
  const { units } = read;
  const pages = read.pages.slice(0, 400);
  const t = a.stats.total;
  // The page count as it will be printed: the selection paginated exactly as the generation will (wrapping included).
  const paged = files.length ? buildSourceCodeDocument({ name: '代码分析系统', version: 'V1.0', files, linesPerPage: LINES_PER_PAGE }) : undefined;
  return {
    analysis: {
      languages: a.languageList,
      sourceLines: a.sourceLines,
      codeLines: t.code,
      commentLines: t.comment,
      blankLines: t.blank,
      files: a.fileCount,
      byLanguage: Object.entries(a.stats.byLanguage)
        .map(([language, c]) => ({ language, files: c.files, lines: c.lines }))
        .sort((x, y) => y.lines - x.lines),
      skipped,
      entry: a.entryFile ?? '',
      estimatedPages: paged?.pages.length ?? 0,
      totalPages: paged?.totalPages ?? 0,
      form: a.form,
      versions: a.versions.slice(0, 20),
      rights: rightsSigns(a.provenance),
      provenance: [...a.provenance.signs.filter((x) => x.kind !== 'author').map((x) => x.message), ...a.provenance.authors.slice(0, 5).map((x) => `${x.lines} 行注释署名“${x.name}”`)].slice(0, 20),
    },
    // The public interface (names only) feeds the architecture diagram of software without a user interface.
    hints: { ...a.hints, form: a.form, units, api: a.structure.api.slice(0, 60).map(({ kind, name, signature }) => ({ kind, name, signature })), pages },
  };
}

/** The engine's report as the API's items (level, code, message, evidence); form issues not already reported are added. */
function toReport(r: { items: VerifyItem[] } | undefined, issues: FormIssue[]): ReportItem[] {
  const items: ReportItem[] = (r?.items ?? []).map((i) => ({
    level: levelOf(i),
    code: i.code ?? i.title,
    message: `${i.title}：${i.detail}`,
    ...(i.evidence?.length ? { evidence: i.evidence.slice(0, 200) } : {}),
  }));
  for (const f of issues) {
    if (items.some((i) => i.message.includes(f.message))) continue;
    items.push({ level: f.level, code: `form.${f.field}`, message: f.message });
  }
  return items;
}

const LEVEL_MARK = { error: '未通过', warning: '需注意', info: '通过' } as const;

/** 检查报告.txt from API items (used when the engine's own report is not at hand). */
function reportText(items: ReportItem[]): string {
  const out: string[] = [];
  for (const level of ['error', 'warning', 'info'] as const) {
    for (const i of items.filter((x) => x.level === level)) {
      out.push(`[${LEVEL_MARK[level]}] ${i.message}`);
      for (const e of (i.evidence ?? []).slice(0, 30)) out.push(`    - ${e}`);
    }
  }
  const n = (l: ReportItem['level']) => items.filter((i) => i.level === l).length;
  out.push('', `结论：未通过 ${n('error')} 项，需注意 ${n('warning')} 项，通过 ${n('info')} 项。`);
  return out.join('\n');
}

const countLevels = (items: ReportItem[]) => ({ error: items.filter((i) => i.level === 'error').length, warning: items.filter((i) => i.level === 'warning').length, info: items.filter((i) => i.level === 'info').length });
const json = (v: unknown) => Buffer.from(JSON.stringify(v, null, 2), 'utf8');
const text = (s: string) => Buffer.from(`\ufeff${s}\n`, 'utf8');

/** The code of an archive as the engine reads it, with the analysis and the file selection list. */
async function readCode(archive: Uint8Array | string, kind: 'zip' | 'tar.gz', selection?: CodeSelection) {
  const r = await intakeArchive(archive, kind, { include: selection?.include, exclude: selection?.exclude });
  await prepareAnalysis(r.files);
  const fileList: CodeFileEntry[] = [
    ...r.files.map((f) => ({ path: f.path, included: true, reason: '', language: f.language, lines: f.lines })),
    ...r.skipped.map((x) => ({ path: x.path, included: false, reason: x.reason, ...(x.category ? { category: x.category } : {}), language: '', lines: 0 })),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files: r.files, meta: r.meta, skipped: r.skipped, fileList, ...(await presentAnalysis(r.files, r.skipped.length, r.meta)) };
}

/**
 * Reads an upload (its bytes, or the path of the archive on this machine) with the user's selection
 * (include/exclude, gitignore syntax) and analyses it: every file with included/excluded and the reason, the
 * analysis shown to the user (its page count is the exact pagination of this selection) and the SHA-1 of every
 * printed file's text. File texts are not returned, so the answer stays small when it crosses a thread boundary.
 */
export async function runIntake(archive: Uint8Array | string, kind: 'zip' | 'tar.gz', selection?: CodeSelection): Promise<IntakenCode> {
  const { files, fileList, analysis, hints } = await readCode(archive, kind, selection);
  return { fileList, analysis, hints, fileHashes: files.map((f) => createHash('sha1').update(f.text).digest('hex')) };
}

type Stage = (percent: number, message: string) => void | Promise<void>;

/**
 * All the materials of a project. With code (the uploaded archive, read again here): `generateAll` — 源程序,
 * 操作手册, 申请表 and the verifier's report, 编程语言 and 源程序量 taken from the code. Without code (a project from
 * the form only) the manual and the form are made and the report says the source-code document needs the real
 * code — it is never invented. Pure (no disk, database or network): runs in the docgen worker thread or in-process.
 */
export async function runGenerate(
  input: { project: EngineProject; archive?: { data: Uint8Array; kind: 'zip' | 'tar.gz'; selection?: CodeSelection }; extraFiles?: GuideFile[] },
  onStage?: Stage,
): Promise<GeneratedMaterials> {
  const { project } = input;
  const files: GeneratedMaterials['files'] = [];
  const pages = new Map<string, number>();
  /**
   * 申报指南.pdf from the generated form and the files of the zip as named there ("<全称>_<版本>_源程序.pdf"), with the
   * contracts the server adds (`extraFiles`, named so too).
   */
  const withGuide = async (form: ApplicationForm, report: ReportItem[]): Promise<GeneratedMaterials> => {
    const zipName = (n: string) => `${project.name}_${project.version}_${n}`;
    const guide = buildFilingGuide(form, [...files.map((f) => ({ name: zipName(f.name), size: f.data.length, pages: pages.get(f.name) })), ...(input.extraFiles ?? [])]);
    files.push({ name: '申报指南.pdf', data: await renderFilingGuidePdf(guide) });
    return { files, report, guide };
  };
  if (input.archive) {
    await onStage?.(5, '读取并分析源代码');
    const code = await readCode(input.archive.data, input.archive.kind, input.archive.selection);
    await onStage?.(20, '排版源程序、操作手册和申请表');
    const withCode = { ...project, languages: code.analysis.languages, sourceLines: code.analysis.sourceLines };
    const g = await generateAll({ name: project.name, version: project.version, files: code.files, meta: code.meta, skipped: code.skipped, audience: 'web', project: withCode as never });
    files.push({ name: '源程序.pdf', data: g.sourcePdf }, { name: '源程序.docx', data: g.sourceDocx });
    // The document is named by its kind: 操作手册 (software with a user interface), 设计说明书 or 使用说明.
    const doc = g.manual?.kind ?? '操作手册';
    if (g.manualPdf) files.push({ name: `${doc}.pdf`, data: g.manualPdf });
    if (g.manualDocx) files.push({ name: `${doc}.docx`, data: g.manualDocx });
    files.push({ name: '申请表.pdf', data: g.formPdf }, { name: '申请表.docx', data: g.formDocx }, { name: '申请表.json', data: json(g.form) });
    const report = toReport(g.report, g.formIssues);
    const origins = originFiles(project, g.manual?.outline, report);
    files.push({ name: '检查报告.txt', data: text(reportText(report)) });
    files.push({ name: '检查报告.json', data: json({ name: project.name, version: project.version, summary: countLevels(report), items: report }) });
    files.push({ name: '源程序清单.txt', data: text(formatSourceManifest(g.manifest)) }, ...origins);
    pages.set('源程序.pdf', g.source.pages.length);
    if (g.manual) pages.set(`${doc}.pdf`, g.manual.pages.length);
    return withGuide(g.form, report);
  }
  const p = await withDocumentFigures(ZProject.parse(project));
  await onStage?.(10, '排版操作手册');
  const manual = buildManual(p);
  files.push({ name: `${manual.kind}.pdf`, data: await renderManualPdf(manual) }, { name: `${manual.kind}.docx`, data: await renderManualDocx(manual) });
  await onStage?.(70, '填写申请表');
  const form = formFromProject(p, undefined, { document: manual.pages.length, documentKind: manual.kind });
  const issues = checkApplicationForm(form);
  const ownerErrors = issues.filter((i) => i.level === 'error' && String(i.field).startsWith('owners')).length;
  files.push({ name: '申请表.pdf', data: await renderApplicationFormPdf(form) }, { name: '申请表.docx', data: await renderApplicationFormDocx(form) }, { name: '申请表.json', data: json(form) });
  const report: ReportItem[] = [
    {
      level: 'error',
      code: 'NO_SOURCE_CODE',
      message: `未上传源代码：本次生成了申请表、${manual.kind}和检查报告，没有生成源程序文档（程序鉴别材料）。申请登记须提交源程序：请在项目的“基本信息”中上传您享有著作权的源代码压缩包，再重新生成（系统不会编造代码）`,
    },
    ...toReport(
      {
        items: [
          ...figureItems(manual, 'web'),
          ...moduleNameItems(p.modules, 'web'),
          // What the document lacks (login steps, steps or 注意事项 of modules): advice to complete, never passed.
          ...manual.warnings.map((w) => ({ ok: true, warning: true, code: 'DOCUMENT_CONTENT', title: `${manual.kind}内容`, detail: w })),
          ...checkOwnership(form, p.contracts, ownerErrors),
          // The name and version as the texts say them (after a rename, what still says the old name).
          nameInTextItem(p.name, p.version, [...formTexts(form), ...pageTexts(manual.kind, manual.pages)]),
        ],
      },
      issues,
    ),
  ];
  const origins = originFiles(project, manual.outline, report);
  files.push({ name: '检查报告.txt', data: text(reportText(report)) });
  files.push({ name: '检查报告.json', data: json({ name: project.name, version: project.version, summary: countLevels(report), items: report }) }, ...origins);
  pages.set(`${manual.kind}.pdf`, manual.pages.length);
  return withGuide(form, report);
}

/**
 * 文字来源说明.txt/.json of a project (its `textOrigins`, kept by the server, and the manual's paragraph sources);
 * adds the declaration item (and the drafts item) to `report`.
 */
function originFiles(project: EngineProject, manual: ManualOutline | undefined, report: ReportItem[]): { name: string; data: Uint8Array }[] {
  const modules = Array.isArray(project.modules) ? (project.modules as { name?: string }[]) : [];
  const record = buildOriginRecord({
    name: project.name,
    version: project.version,
    origins: (project.textOrigins ?? {}) as TextOrigins,
    moduleNames: modules.map((m) => m.name ?? ''),
    manual,
  });
  report.push(...originReportItems(record));
  return [
    { name: '文字来源说明.txt', data: text(originRecordText(record)) },
    { name: '文字来源说明.json', data: json(record) },
  ];
}

/** Fills a contract template and renders it as PDF and DOCX (pure; runs in the docgen worker thread). */
export async function runContract(input: ContractInput): Promise<RenderedContract> {
  const doc = buildContract(input);
  return { pdf: await renderContractPdf(doc), docx: await renderContractDocx(doc) };
}

/** A tiny generation that loads the fonts, pdfkit, docx and pdfjs once, so the first real job is not slower. */
export async function warmUp(): Promise<void> {
  const files = new TextEncoder().encode('export function main() {\n  return 1;\n}\n');
  const { zipSync } = await import('fflate');
  await runGenerate({ project: { name: '预热测试系统', version: 'V1.0' }, archive: { data: zipSync({ 'src/main.ts': files }), kind: 'zip' } });
}
