import { analyseCode, type CodeAnalysis } from './analyse';
import { DocgenError } from './errors';
import { formFromProject, checkApplicationForm, type ApplicationForm, type FormIssue } from './form';
import type { CodeFile } from './intake';
import { buildManual, renderManualDocx, renderManualPdf, type ManualModel } from './manual';
import { verifyMaterials, type MaterialsReport } from './materials';
import { validateName, validateVersion } from './names';
import { ZProject, type Project, type ProjectInput } from './project';
import { renderApplicationFormDocx, renderApplicationFormPdf } from './render-form';
import { renderSourceCodeDocx } from './render-source-docx';
import { renderSourceCodePdf } from './render-source-pdf';
import { buildSourceCodeDocument, type SourceCodeDocument, type SourceManifest } from './source-document';

export interface GenerateOptions {
  /** 软件全称 */
  name: string;
  /** 版本号 */
  version: string;
  /** Code files in print order (from intakeDirectory / intakeArchive). */
  files: CodeFile[];
  /** Project data for the manual and the form; without it only the code-derived form fields are filled. */
  project?: ProjectInput | Project;
  linesPerPage?: number;
  stripComments?: boolean;
  scrub?: boolean;
  /** Read the PDFs back and check the materials (default true). */
  verify?: boolean;
  /** Date for the form's date-order rule (YYYY-MM-DD), default today. */
  today?: string;
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
  /** Milliseconds per stage. */
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
  let project: Project | undefined;
  if (opts.project) {
    const parsed = ZProject.safeParse({ ...opts.project, name: (opts.project as Project).name ?? name, version: (opts.project as Project).version ?? version });
    if (!parsed.success) throw new DocgenError('BAD_PROJECT', `项目数据格式错误：${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('；')}`);
    project = parsed.data;
    if (project.name.trim() !== name) throw new DocgenError('BAD_PROJECT', `项目数据中的软件全称“${project.name}”与 --name “${name}”不一致`);
    if (validateVersion(project.version) !== version) throw new DocgenError('BAD_PROJECT', `项目数据中的版本号“${project.version}”与 --version “${version}”不一致`);
    project.version = version;
  }
  const analysis = analyseCode(opts.files);
  lap('analyse');
  const source = buildSourceCodeDocument({
    name,
    version,
    files: opts.files,
    linesPerPage: opts.linesPerPage,
    stripComments: opts.stripComments,
    scrub: opts.scrub,
    completionDate: project?.completionDate,
  });
  lap('paginate');
  const sourcePdf = await renderSourceCodePdf(source);
  lap('sourcePdf');
  const sourceDocx = await renderSourceCodeDocx(source);
  lap('sourceDocx');
  let manual: ManualModel | undefined;
  let manualPdf: Buffer | undefined;
  let manualDocx: Buffer | undefined;
  if (project) {
    manual = buildManual({ ...project, languages: analysis.languageList });
    manualPdf = await renderManualPdf(manual);
    manualDocx = await renderManualDocx(manual);
    lap('manual');
  }
  const base: Project = project ?? ZProject.parse({ name, version });
  const form = formFromProject(base, analysis, { code: source.pages.length, document: manual?.pages.length });
  const formIssues = checkApplicationForm(form, analysis, opts.today);
  const formPdf = await renderApplicationFormPdf(form);
  const formDocx = await renderApplicationFormDocx(form);
  lap('form');
  const report =
    opts.verify === false
      ? { ok: true, items: [] }
      : await verifyMaterials({
          name,
          version,
          analysis,
          form,
          source: { model: source, pdf: sourcePdf },
          manual: manual && manualPdf ? { model: manual, pdf: manualPdf } : undefined,
          today: opts.today,
          formIncomplete: !project,
          modules: project?.modules.map((m) => m.name),
        });
  lap('verify');
  return { sourcePdf, sourceDocx, manualPdf, manualDocx, formPdf, formDocx, form, formIssues, manifest: source.manifest, analysis, source, manual, report, timings };
}

/** Plain-text rendering of a report for the CLI and logs (Chinese). */
export function formatReport(report: Pick<MaterialsReport, 'ok' | 'items'>): string {
  const lines = report.items.map((i) => `${i.ok ? (i.warning ? '!' : '✓') : '✗'} ${i.title}：${i.detail}`);
  const advice = report.items.filter((i) => i.ok && i.warning).length;
  lines.push(
    (report.ok ? '结论：全部检查通过' : `结论：${report.items.filter((i) => !i.ok).length} 项未通过，请修改后再提交`) + (advice ? `（另有 ${advice} 条建议，标记为 !）` : ''),
  );
  return lines.join('\n');
}
