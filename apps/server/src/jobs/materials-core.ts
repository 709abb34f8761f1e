import type { CodeAnalysis as ContractAnalysis, ReportItem } from '@mazhu/contracts';
import {
  analyseCode,
  buildManual,
  checkApplicationForm,
  formatReport,
  formFromProject,
  generateAll,
  intakeArchive,
  renderApplicationFormDocx,
  renderApplicationFormPdf,
  renderManualDocx,
  renderManualPdf,
  ZProject,
  type CodeFile,
  type FormIssue,
  type MaterialsReport,
} from '@mazhu/docgen';
import type { EngineProject, GeneratedMaterials, IntakenCode } from './materials';

const LINES_PER_PAGE = 50;

/** The engine's analysis in the shape of the contracts (what the upload answer and the project show). */
function presentAnalysis(files: CodeFile[], skipped: number): { analysis: ContractAnalysis; hints: unknown } {
  const a = analyseCode(files);
  const t = a.stats.total;
  const printable = t.code + t.comment;
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
      estimatedPages: Math.min(60, Math.max(1, Math.ceil(printable / LINES_PER_PAGE))),
    },
    hints: a.hints,
  };
}

function toReport(r: MaterialsReport | undefined, issues: FormIssue[]): ReportItem[] {
  const items: ReportItem[] = (r?.items ?? []).map((i) => ({ level: i.ok ? 'info' : 'error', code: i.title, message: `${i.title}：${i.detail}` }));
  for (const f of issues) {
    if (items.some((i) => i.message.includes(f.message))) continue;
    items.push({ level: f.level, code: `form.${f.field}`, message: f.message });
  }
  return items;
}

const json = (v: unknown) => Buffer.from(JSON.stringify(v, null, 2), 'utf8');
const text = (s: string) => Buffer.from(`\ufeff${s}\n`, 'utf8');

export async function runIntake(archive: Uint8Array, kind: 'zip' | 'tar.gz'): Promise<IntakenCode> {
  const r = await intakeArchive(archive, kind);
  return { files: r.files, ...presentAnalysis(r.files, r.skipped.length) };
}

type Stage = (percent: number, message: string) => void | Promise<void>;

/**
 * All the materials of a project. With code (the uploaded archive, read again here): `generateAll` — 源程序,
 * 操作手册, 申请表 and the verifier's report, 编程语言 and 源程序量 taken from the code. Without code (a project from
 * the form only) the manual and the form are made and the report says the source-code document needs the real
 * code — it is never invented. Pure (no disk, database or network): runs in the docgen worker thread or in-process.
 */
export async function runGenerate(input: { project: EngineProject; archive?: { data: Uint8Array; kind: 'zip' | 'tar.gz' } }, onStage?: Stage): Promise<GeneratedMaterials> {
  const { project } = input;
  const files: GeneratedMaterials['files'] = [];
  if (input.archive) {
    await onStage?.(5, '读取并分析源代码');
    const code = await runIntake(input.archive.data, input.archive.kind);
    await onStage?.(20, '排版源程序、操作手册和申请表');
    const withCode = { ...project, languages: code.analysis.languages, sourceLines: code.analysis.sourceLines };
    const g = await generateAll({ name: project.name, version: project.version, files: code.files as CodeFile[], project: withCode as never });
    files.push({ name: '源程序.pdf', data: g.sourcePdf }, { name: '源程序.docx', data: g.sourceDocx });
    if (g.manualPdf) files.push({ name: '操作手册.pdf', data: g.manualPdf });
    if (g.manualDocx) files.push({ name: '操作手册.docx', data: g.manualDocx });
    files.push({ name: '申请表.pdf', data: g.formPdf }, { name: '申请表.docx', data: g.formDocx }, { name: '申请表.json', data: json(g.form) });
    const report = toReport(g.report, g.formIssues);
    files.push({ name: '检查报告.txt', data: text(formatReport(g.report)) });
    return { files, report };
  }
  const p = ZProject.parse(project);
  await onStage?.(10, '排版操作手册');
  const manual = buildManual(p);
  files.push({ name: '操作手册.pdf', data: await renderManualPdf(manual) }, { name: '操作手册.docx', data: await renderManualDocx(manual) });
  await onStage?.(70, '填写申请表');
  const form = formFromProject(p, undefined, { document: manual.pages.length });
  const issues = checkApplicationForm(form);
  files.push({ name: '申请表.pdf', data: await renderApplicationFormPdf(form) }, { name: '申请表.docx', data: await renderApplicationFormDocx(form) }, { name: '申请表.json', data: json(form) });
  const report: ReportItem[] = [
    { level: 'error', code: 'NO_SOURCE_CODE', message: '未上传源代码：程序鉴别材料（源程序）须来自真实代码，请在项目中上传代码压缩包后重新生成（系统不会编造代码）' },
    ...toReport(undefined, issues),
  ];
  files.push({ name: '检查报告.txt', data: text(report.map((r) => `${r.level === 'error' ? '✗' : r.level === 'warning' ? '!' : '✓'} ${r.message}`).join('\n')) });
  return { files, report };
}

/** A tiny generation that loads the fonts, pdfkit, docx and pdfjs once, so the first real job is not slower. */
export async function warmUp(): Promise<void> {
  const files = new TextEncoder().encode('export function main() {\n  return 1;\n}\n');
  const { zipSync } = await import('fflate');
  await runGenerate({ project: { name: '预热测试系统', version: 'V1.0' }, archive: { data: zipSync({ 'src/main.ts': files }), kind: 'zip' } });
}
