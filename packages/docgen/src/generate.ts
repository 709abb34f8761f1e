import { analyseCode, prepareAnalysis, type CodeAnalysis } from './analysis/analyse';
import { readPagesAndUnits } from './analysis/pages';
import { DocgenError } from './errors';
import { formFromProject, checkApplicationForm, type ApplicationForm, type FormIssue } from './form/form';
import type { CodeFile, MetaFile, SkippedFile } from './intake/intake';
import { buildManual, renderManualDocx, renderManualPdf, type ManualModel } from './manual/manual';
import { verifyMaterials, type MaterialsReport } from './materials';
import { withDocumentFigures } from './manual/figures';
import { CHECK_LEVEL_LABELS, levelOf, type CheckLevel } from './verify/verify';
import { validateName, validateVersion } from './form/names';
import { ZProject, type Project, type ProjectInput } from './project';
import { renderApplicationFormDocx } from './form/render-form';
import { renderSourceCodeDocx } from './source/render-source-docx';
import { localRenderer, type PdfRenderer } from './source/pdf-thread';
import { businessOrder } from './source/print-order';
import { moduleFiles } from './verify/checks';
import type { SourceCodeDocument, SourceManifest } from './source/source-document';

export interface GenerateOptions {
  /** 软件全称 */
  name: string;
  /** 版本号 */
  version: string;
  /** Code files in print order (from intakeDirectory / intakeArchive). */
  files: CodeFile[];
  /** Descriptors, READMEs, licences, configuration (IntakeResult.meta): form, versions, provenance, examples. */
  meta?: MetaFile[];
  /** Project data for the manual and the form; without it only the code-derived form fields are filled. */
  project?: ProjectInput | Project;
  linesPerPage?: number;
  stripComments?: boolean;
  scrub?: boolean;
  /** Read the PDFs back and check the materials (default true). */
  verify?: boolean;
  /** Date for the form's date-order rule (YYYY-MM-DD), default today. */
  today?: string;
  /** What intake left out (IntakeResult.skipped): reported when it matters (data scripts, third-party folders). */
  skipped?: SkippedFile[];
  /** Who reads the report's advice (default cli). */
  audience?: 'web' | 'cli';
  /** Where the source-code and form PDFs are printed (default this thread; the CLI passes threadRenderer()). */
  renderer?: PdfRenderer;
}

export interface GeneratedMaterials {
  sourcePdf: Buffer;
  sourceDocx: Buffer;
  manualPdf?: Buffer;
  manualDocx?: Buffer;
  formPdf: Buffer;
  formDocx: Buffer;
  form: ApplicationForm;
  formIssues: FormIssue[];
  manifest: SourceManifest;
  analysis: CodeAnalysis;
  source: SourceCodeDocument;
  manual?: ManualModel;
  /** The verifier's report (empty items when verify: false). */
  report: MaterialsReport;
  /**
   * Milliseconds per stage of this thread, in order ([order — with the document's modules: the analysis and the print
   * order, before the source document,] sourceStart, [lend,] [parsers,] analyse, sourceWait, sourceDocx, [figures,
   * manual,] form, sourcePdfWait, verify, formPdfWait — the waits are for the renderer), and the renderer's own
   * paginate (building the source-code document), sourcePdf and readPdf (reading the printed PDF back).
   */
  timings: Record<string, number>;
}

/**
 * Runs the whole engine — analysis, source-code document, manual (when project data is given),
 * application form — and the pre-submission check. Pure: no disk, network or database; the
 * CLI and the server's generation job both call it. The project's name and version, when
 * present, must equal `name`/`version` (the materials must agree). Throws DocgenError.
 */
export async function generateAll(opts: GenerateOptions): Promise<GeneratedMaterials> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (k: string) => {
    const now = performance.now();
    timings[k] = Math.round((now - t) * 10) / 10;
    t = now;
  };
  const name = validateName(opts.name);
  const version = validateVersion(opts.version);
  // The parsers load (once per process, only the grammars these files need) while the source document is made.
  const parsers = prepareAnalysis(opts.files);
  let project: Project | undefined;
  if (opts.project) {
    const parsed = ZProject.safeParse({ ...opts.project, name: (opts.project as Project).name ?? name, version: (opts.project as Project).version ?? version });
    if (!parsed.success) throw new DocgenError('BAD_PROJECT', `项目数据格式错误：${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('；')}`);
    project = parsed.data;
    if (project.name.trim() !== name) throw new DocgenError('BAD_PROJECT', `项目数据中的软件全称“${project.name}”与 --name “${name}”不一致`);
    if (validateVersion(project.version) !== version) throw new DocgenError('BAD_PROJECT', `项目数据中的版本号“${project.version}”与 --version “${version}”不一致`);
    project.version = version;
  }
  // The renderer paginates the code and prints (and reads back) the source PDF while this thread goes on (analysis,
  // manual, form); the CLI's renderer does both in its PDF thread, the server's on this thread before returning.
  const renderer = opts.renderer ?? localRenderer;
  const verify = opts.verify !== false;
  // With the document's modules, the code is analysed first: the print order puts the modules' code (evidence files
  // and the files of the units they match) on the first and the last 30 pages.
  let analysis: CodeAnalysis | undefined;
  let printOrder = opts.files;
  if (project?.modules.length) {
    await parsers;
    const units = (analysis = analyseCode(opts.files, opts.meta)).structure.units;
    const byPath = new Map(opts.files.map((f) => [f.path, f]));
    const modules = project.modules.map((m) => moduleFiles(m, units, byPath));
    printOrder = businessOrder(opts.files, modules, opts.linesPerPage);
    lap('order');
  }
  const { document: building, printed: printing } = renderer.source(
    { name, version, files: printOrder, linesPerPage: opts.linesPerPage, stripComments: opts.stripComments, scrub: opts.scrub, completionDate: project?.completionDate },
    verify,
  );
  printing.catch(() => undefined);
  building.catch(() => undefined);
  lap('sourceStart');
  // What the renderer's thread has not yet turned into printed lines, this thread counts first, so that the
  // renderer prints the source PDF while this thread analyses the code (the document does not depend on it).
  if (renderer.lend) {
    renderer.lend();
    lap('lend');
  }
  if (!analysis) {
    await parsers;
    lap('parsers');
    analysis = analyseCode(opts.files, opts.meta);
  }
  // The pages' own fields, buttons and prompts: the manual's steps and the prototypes come from them.
  if (project) ({ pages: analysis.pages, units: analysis.structure.units } = await readPagesAndUnits(opts.files, opts.meta ?? [], analysis.structure.units));
  lap('analyse');
  const built = await building;
  const source = built.document;
  lap('sourceWait');
  timings.paginate = Math.round(built.ms * 10) / 10;
  const sourceDocx = await renderSourceCodeDocx(source);
  lap('sourceDocx');
  let manual: ManualModel | undefined;
  let manualPdf: Buffer | undefined;
  let manualDocx: Buffer | undefined;
  if (project) {
    project = await withDocumentFigures(project, analysis);
    lap('figures');
    manual = buildManual({ ...project, languages: [...new Set([...analysis.languageList, ...project.extraLanguages])] }, { analysis });
    manualPdf = await renderManualPdf(manual);
    manualDocx = await renderManualDocx(manual);
    lap('manual');
  }
  const base: Project = project ?? ZProject.parse({ name, version });
  const form = formFromProject(base, analysis, { code: source.pages.length, document: manual?.pages.length, documentKind: manual?.kind });
  const formIssues = checkApplicationForm(form, analysis, opts.today);
  const formPrinting = renderer.formPdf(form);
  formPrinting.catch(() => undefined);
  const formDocx = await renderApplicationFormDocx(form);
  lap('form');
  const printed = await printing;
  const sourcePdf = printed.pdf;
  lap('sourcePdfWait');
  timings.sourcePdf = Math.round(printed.ms.render * 10) / 10;
  if (printed.ms.read !== undefined) timings.readPdf = Math.round(printed.ms.read * 10) / 10;
  const report = !verify
    ? { ok: true, items: [] }
    : await verifyMaterials({
        name,
        version,
        analysis,
        form,
        source: { model: source, pdf: sourcePdf, pages: printed.pages },
        manual: manual && manualPdf ? { model: manual, pdf: manualPdf } : undefined,
        today: opts.today,
        formIncomplete: !project,
        modules: project?.modules.map((m) => ({ name: m.name, evidence: m.evidence, nameConfirm: m.nameConfirm })),
        files: opts.files,
        skipped: opts.skipped,
        audience: opts.audience,
        contracts: project?.contracts,
        rights: { aliases: project?.ownerAliases, declaration: project?.rightsDeclaration },
      });
  lap('verify');
  const formPdf = await formPrinting;
  lap('formPdfWait');
  return { sourcePdf, sourceDocx, manualPdf, manualDocx, formPdf, formDocx, form, formIssues, manifest: source.manifest, analysis, source, manual, report, timings };
}

/**
 * Plain-text rendering of a report (检查报告.txt, the CLI): items grouped 未通过 → 需注意 → 通过, each with
 * its evidence indented below, and a conclusion that counts the three levels. A warning is never called passed.
 */
export function formatReport(report: Pick<MaterialsReport, 'items'>, opts: { evidenceLimit?: number } = {}): string {
  const limit = opts.evidenceLimit ?? 30;
  const out: string[] = [];
  const counts = { error: 0, warning: 0, info: 0 };
  for (const level of ['error', 'warning', 'info'] as const) {
    const items = report.items.filter((i) => levelOf(i) === level);
    counts[level] = items.length;
    if (!items.length) continue;
    out.push(`【${CHECK_LEVEL_LABELS[level]}】${items.length} 项`);
    for (const i of items) {
      out.push(`[${CHECK_LEVEL_LABELS[level]}] ${i.title}：${i.detail}`);
      const ev = i.evidence ?? [];
      for (const e of ev.slice(0, limit)) out.push(`    - ${e}`);
      if (ev.length > limit) out.push(`    …… 另有 ${ev.length - limit} 处，见 检查报告.json`);
    }
    out.push('');
  }
  out.push(
    counts.error
      ? `结论：未通过 ${counts.error} 项，需注意 ${counts.warning} 项，通过 ${counts.info} 项。请先处理“未通过”的项目再提交。`
      : counts.warning
        ? `结论：没有未通过的项目；需注意 ${counts.warning} 项（请逐项确认），通过 ${counts.info} 项。`
        : `结论：全部 ${counts.info} 项通过。`,
  );
  return out.join('\n');
}

/** One report item as written to 检查报告.json: level, stable code, message, evidence. */
export interface ReportJsonItem {
  level: CheckLevel;
  code: string;
  title: string;
  message: string;
  evidence: string[];
}

/** The report as the JSON file of the download (检查报告.json). */
export function reportJson(report: Pick<MaterialsReport, 'items'>): { summary: Record<CheckLevel, number>; items: ReportJsonItem[] } {
  const items = report.items.map((i) => ({ level: levelOf(i), code: i.code ?? codeOf(i.title), title: i.title, message: i.detail, evidence: i.evidence ?? [] }));
  const summary = { error: 0, warning: 0, info: 0 };
  for (const i of items) summary[i.level]++;
  return { summary, items };
}

/** A stable code for items that have none: the title's hash-free ASCII form ("源程序页数" → "CHECK_源程序页数"). */
function codeOf(title: string): string {
  return `CHECK_${title.replace(/\s+/g, '')}`;
}

/**
 * 源程序清单: where every printed line comes from, page by page, as file:first–last line ranges
 * (the manifest in text form, for the user and the reviewer).
 */
export function formatSourceManifest(manifest: SourceManifest): string {
  const m = manifest;
  const out = [
    `${m.name} ${m.version} 源程序清单`,
    `全部源程序 ${m.sourceLines} 行，${m.files.length} 个文件；去除空行和许可证、版权注释后 ${m.totalPrintedLines} 行，每页 ${m.linesPerPage} 行，排版后共 ${m.totalPages} 页` +
      (m.selection === 'all' ? `，全部打印（${m.printedPages} 页，${m.printedLines} 行）。` : `，打印前 30 页和后 30 页（第 1–30 页为全文第 1–30 页，第 31–60 页为全文第 ${m.totalPages - 29}–${m.totalPages} 页，共 ${m.printedLines} 行）。`),
    `代码字号 ${m.fontSize} 磅，每行 ${m.columns} 列；超过一行宽度的源代码行 ${m.wrappedLines} 行（${m.totalPrintedLines ? ((m.wrappedLines / m.totalPrintedLines) * 100).toFixed(2) : '0'}%），其余部分印在下一行行首“↪”之后，不计入每页行数。`,
    '',
  ];
  for (const p of manifest.pages) {
    const ranges: string[] = [];
    let cur: { file: string; from: number; to: number } | undefined;
    for (const l of p.lines) {
      if (cur && cur.file === l.file && l.line >= cur.to && l.line <= cur.to + 50) cur.to = l.line;
      else {
        if (cur) ranges.push(`${cur.file}:${cur.from}–${cur.to}`);
        cur = { file: l.file, from: l.line, to: l.line };
      }
    }
    if (cur) ranges.push(`${cur.file}:${cur.from}–${cur.to}`);
    out.push(`第 ${p.page} 页（全文第 ${p.sourcePage} 页，${p.lines.length} 行${p.rows > p.lines.length ? `，另有续行 ${p.rows - p.lines.length} 行` : ''}）：${ranges.join('，')}`);
  }
  out.push('', '源程序文件（按排版顺序）：', ...manifest.files.map((f, i) => `${i + 1}. ${f}`));
  return out.join('\n');
}
