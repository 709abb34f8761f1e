import { mkdirSync, promises as fsp, writeFileSync, type Stats } from 'node:fs';
import * as path from 'node:path';
import { DocgenError } from './errors';
import { generateAll, formatReport, formatSourceManifest, reportJson as reportJsonOf } from './generate';
import { archiveKindOf, intakeArchive, intakeDirectory, type IntakeResult } from './intake/intake';
import type { PdfRenderer } from './source/pdf-thread';

/** Texts up to 32 M characters stay in memory (a 50,000-line tree is ≈ 2 M); beyond that files are re-read when used. */
const TEXT_IN_MEMORY = 32 * 1024 * 1024;

/** The options of `mazhu generate` (name, version and out already checked by the caller). */
export interface GenerateValues {
  name: string;
  version: string;
  out: string;
  project?: string;
  entry?: string;
  exclude?: string[];
  include?: string[];
  form?: string;
  'lines-per-page'?: string;
  'strip-comments'?: boolean;
  'no-scrub'?: boolean;
  'no-verify'?: boolean;
}

/**
 * `mazhu generate` after its arguments were checked: reads the code (directory or archive at `input`, `st` its
 * stat), runs the engine with `renderer` printing the PDFs, writes every output into `values.out` and prints the
 * summary and the check report. Resolves with exit code 0; throws DocgenError on bad input.
 */
export async function generateCommand(input: string, st: Stats, values: GenerateValues, renderer: PdfRenderer): Promise<number> {
  const lpp = values['lines-per-page'] ? Number(values['lines-per-page']) : undefined;
  let project: unknown;
  if (values.project) {
    const raw = await fsp.readFile(values.project, 'utf8').catch(() => {
      throw new DocgenError('INPUT_NOT_FOUND', `找不到项目数据文件：${values.project}`);
    });
    try {
      project = JSON.parse(raw);
    } catch (e) {
      throw new DocgenError('BAD_PROJECT', `项目数据文件不是有效的 JSON：${(e as Error).message}`);
    }
  }
  const t0 = performance.now();
  let intake: IntakeResult;
  // The PDF thread turns files into printed lines while the rest are read (same options as the document below).
  const completionDate = (project as { completionDate?: unknown } | undefined)?.completionDate;
  const onFile = renderer.preparer?.({
    stripComments: values['strip-comments'],
    scrub: !values['no-scrub'],
    completionDate: typeof completionDate === 'string' ? completionDate : undefined,
  });
  const opts = { entry: values.entry, retainText: TEXT_IN_MEMORY, exclude: values.exclude, include: values.include, onFile };
  if (st.isDirectory()) intake = await intakeDirectory(input, opts);
  else {
    const kind = archiveKindOf(input);
    if (!kind) throw new DocgenError('UNSUPPORTED_ARCHIVE', `不支持的输入格式：${path.basename(input)}（请提供目录、.zip 或 .tar.gz）`);
    intake = await intakeArchive(input, kind, opts);
  }
  const tIntake = performance.now() - t0;
  const res = await generateAll({
    name: values.name,
    version: values.version,
    files: intake.files,
    meta: intake.meta,
    skipped: intake.skipped,
    project: (values.form ? { ...((project as object | undefined) ?? { name: values.name, version: values.version }), softwareForm: values.form } : project) as never,
    linesPerPage: lpp,
    stripComments: values['strip-comments'],
    scrub: !values['no-scrub'],
    verify: !values['no-verify'],
    renderer,
  });
  const out = values.out;
  mkdirSync(out, { recursive: true });
  // Written one after the other, synchronously: eleven small files, nothing else to do meanwhile.
  const w = (f: string, d: string | Uint8Array) => writeFileSync(path.join(out, f), d);
  w('源程序.pdf', res.sourcePdf);
  w('源程序.docx', res.sourceDocx);
  if (res.manualPdf && res.manualDocx && res.manual) {
    w(`${res.manual.kind}.pdf`, res.manualPdf);
    w(`${res.manual.kind}.docx`, res.manualDocx);
  }
  w('申请表.pdf', res.formPdf);
  w('申请表.docx', res.formDocx);
  w('申请表.json', JSON.stringify({ form: res.form, issues: res.formIssues }, null, 2));
  w('manifest.json', JSON.stringify(res.manifest));
  const reportJson = {
    ok: res.report.ok,
    items: res.report.items,
    analysis: { languages: res.analysis.languages, sourceLines: res.analysis.sourceLines, stats: res.analysis.stats, entryFile: res.analysis.entryFile, hints: res.analysis.hints },
    source: { totalPages: res.source.totalPages, printedPages: res.source.pages.length, selection: res.source.selection },
    scrub: res.source.scrub,
    skipped: intake.skipped,
    timings: { intake: Math.round(tIntake), ...res.timings },
  };
  w('report.json', JSON.stringify(reportJson, null, 2));
  const text = formatReport(res.report);
  w('检查报告.txt', text + '\n');
  w('检查报告.json', JSON.stringify({ name: values.name, version: values.version, ...reportJsonOf(res.report) }, null, 2));
  w('源程序清单.txt', formatSourceManifest(res.manifest) + '\n');
  console.log(
    `已读取 ${intake.files.length} 个源文件（跳过 ${intake.skipped.length} 个），编程语言：${res.analysis.languages}，源程序量：${res.analysis.sourceLines} 行\n` +
      `源程序共 ${res.source.totalPages} 页，输出 ${res.source.pages.length} 页${res.source.selection === 'all' ? '（全部）' : '（前 30 页 + 后 30 页）'}\n` +
      `输出目录：${path.resolve(out)}\n\n${text}`,
  );
  return 0;
}
