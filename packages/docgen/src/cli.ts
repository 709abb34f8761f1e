import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { DocgenError } from './errors';
import { archiveKindOf, intakeArchive, intakeDirectory, type IntakeResult } from './intake';
import { generateAll, formatReport, formatSourceManifest, reportJson as reportJsonOf } from './generate';
import { SOFTWARE_FORMS } from './software-form';
import { validateName, validateVersion } from './names';
import { localRenderer, threadRenderer, type PdfRenderer } from './pdf-thread';
import { verifyPdf } from './verify';

const USAGE = `用法：
  mazhu generate <目录|.zip|.tar.gz> --name <软件全称> --version <版本号> --out <输出目录> [选项]

选项：
  --project <project.json>   项目数据（生成操作手册和完整申请表）
  --entry <相对路径>          指定入口文件（第 1 页从它开始）
  --exclude <规则>            额外排除的文件或目录（.gitignore 语法，可重复），如 --exclude test/
  --include <规则>            纳入默认被排除的文件或目录（数据脚本、generated/ 等，.gitignore 语法，可重复）
  --form <形态>               软件形态：${SOFTWARE_FORMS.join(' | ')}（默认从代码判断）
  --strip-comments           去除注释
  --no-scrub                 不清理密钥和个人信息（不建议）
  --lines-per-page <n>       每页行数，默认 50，不少于 50
  --no-verify                不回读检查 PDF
  -h, --help                 显示帮助

  mazhu verify <PDF> --name <软件全称> --version <版本号> [--min-lines 50]
    回读一个 PDF（本工具或其他工具生成的），逐页检查页数、页眉、右上角页码和每页行数

输出：源程序.pdf 源程序.docx [操作手册|设计说明书|使用说明.pdf/.docx] 申请表.pdf 申请表.docx 申请表.json
      检查报告.txt 检查报告.json（每项：level、code、message、evidence） 源程序清单.txt manifest.json（每个打印行 → 文件:行）`;

const TEXT_IN_MEMORY = 32 * 1024 * 1024;

/** Runs the CLI; returns the exit code. Never prints a stack trace for user errors. */
export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        version: { type: 'string' },
        out: { type: 'string' },
        project: { type: 'string' },
        entry: { type: 'string' },
        'strip-comments': { type: 'boolean' },
        'no-scrub': { type: 'boolean' },
        'no-verify': { type: 'boolean' },
        exclude: { type: 'string', multiple: true },
        include: { type: 'string', multiple: true },
        form: { type: 'string' },
        'lines-per-page': { type: 'string' },
        'min-lines': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    console.error(`参数错误：${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const [cmd, input] = positionals;
  if (cmd === 'verify') return verifyCommand(input, values);
  if (cmd !== 'generate') {
    console.error(`未知命令：${cmd}\n\n${USAGE}`);
    return 2;
  }
  let renderer: PdfRenderer | undefined;
  try {
    if (!input) throw new DocgenError('INPUT_NOT_FOUND', '请指定代码目录或压缩包');
    if (!values.name) throw new DocgenError('BAD_NAME', '请用 --name 指定软件全称，例如 --name 某某管理系统');
    if (!values.version) throw new DocgenError('BAD_VERSION', '请用 --version 指定版本号，例如 --version V1.0');
    if (!values.out) throw new DocgenError('BAD_OPTION', '请用 --out 指定输出目录');
    validateName(values.name);
    validateVersion(values.version);
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
    const st = await fsp.stat(input).catch(() => undefined);
    if (!st) throw new DocgenError('INPUT_NOT_FOUND', `找不到输入：${input}`);
    // The PDF thread starts now: it loads pdfkit and the CJK font while this thread reads the code.
    renderer = startRenderer();
    const t0 = performance.now();
    let intake: IntakeResult;
    if (values.form && !(SOFTWARE_FORMS as readonly string[]).includes(values.form)) throw new DocgenError('BAD_OPTION', `--form 只能是 ${SOFTWARE_FORMS.join('、')}`);
    // Texts up to 32 M characters stay in memory (a 50,000-line tree is ≈ 2 M); beyond that files are re-read when used.
    const opts = { entry: values.entry, retainText: TEXT_IN_MEMORY, exclude: values.exclude, include: values.include };
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
    await fsp.mkdir(out, { recursive: true });
    const w = (f: string, d: string | Uint8Array) => fsp.writeFile(path.join(out, f), d);
    await w('源程序.pdf', res.sourcePdf);
    await w('源程序.docx', res.sourceDocx);
    if (res.manualPdf && res.manualDocx && res.manual) {
      await w(`${res.manual.kind}.pdf`, res.manualPdf);
      await w(`${res.manual.kind}.docx`, res.manualDocx);
    }
    await w('申请表.pdf', res.formPdf);
    await w('申请表.docx', res.formDocx);
    await w('申请表.json', JSON.stringify({ form: res.form, issues: res.formIssues }, null, 2));
    await w('manifest.json', JSON.stringify(res.manifest));
    const reportJson = {
      ok: res.report.ok,
      items: res.report.items,
      analysis: { languages: res.analysis.languages, sourceLines: res.analysis.sourceLines, stats: res.analysis.stats, entryFile: res.analysis.entryFile, hints: res.analysis.hints },
      source: { totalPages: res.source.totalPages, printedPages: res.source.pages.length, selection: res.source.selection },
      scrub: res.source.scrub,
      skipped: intake.skipped,
      timings: { intake: Math.round(tIntake), ...res.timings },
    };
    await w('report.json', JSON.stringify(reportJson, null, 2));
    const text = formatReport(res.report);
    await w('检查报告.txt', text + '\n');
    await w('检查报告.json', JSON.stringify({ name: values.name, version: values.version, ...reportJsonOf(res.report) }, null, 2));
    await w('源程序清单.txt', formatSourceManifest(res.manifest) + '\n');
    console.log(
      `已读取 ${intake.files.length} 个源文件（跳过 ${intake.skipped.length} 个），编程语言：${res.analysis.languages}，源程序量：${res.analysis.sourceLines} 行\n` +
        `源程序共 ${res.source.totalPages} 页，输出 ${res.source.pages.length} 页${res.source.selection === 'all' ? '（全部）' : '（前 30 页 + 后 30 页）'}\n` +
        `输出目录：${path.resolve(out)}\n\n${text}`,
    );
    return 0;
  } catch (e) {
    if (e instanceof DocgenError) {
      console.error(`错误：${e.message}`);
      return 1;
    }
    console.error(`内部错误：${(e as Error)?.message ?? String(e)}（请把此信息反馈给我们）`);
    return 70;
  } finally {
    await renderer?.close();
  }
}

/** A PDF thread when worker threads can start here, else this thread. */
function startRenderer(): PdfRenderer {
  try {
    return threadRenderer();
  } catch {
    return localRenderer;
  }
}

async function verifyCommand(file: string | undefined, values: Record<string, string | boolean | string[] | undefined>): Promise<number> {
  try {
    if (!file) throw new DocgenError('INPUT_NOT_FOUND', '请指定要检查的 PDF 文件');
    const data = await fsp.readFile(file).catch(() => {
      throw new DocgenError('INPUT_NOT_FOUND', `找不到文件：${file}`);
    });
    const name = typeof values.name === 'string' ? validateName(values.name) : undefined;
    const version = typeof values.version === 'string' ? validateVersion(values.version) : undefined;
    const minLines = typeof values['min-lines'] === 'string' ? Number(values['min-lines']) : 50;
    const report = await verifyPdf(data, {
      label: path.basename(file).replace(/\.pdf$/i, ''),
      header: name && version ? `${name} ${version}` : undefined,
      minLinesPerPage: minLines,
    });
    for (const p of report.pages) console.log(`第 ${p.index} 页：页码 ${p.pageNumber ?? '无'}，${p.lines} 行，页眉“${p.header}”`);
    console.log(formatReport(report));
    return report.ok ? 0 : 1;
  } catch (e) {
    if (e instanceof DocgenError) {
      console.error(`错误：${e.message}`);
      return 1;
    }
    console.error(`内部错误：${(e as Error)?.message ?? String(e)}`);
    return 70;
  }
}

const isMain = process.argv[1] && /cli\.ts$/.test(process.argv[1]);
if (isMain) main(process.argv.slice(2)).then((code) => process.exit(code));
