import { promises as fsp, statSync, type Stats } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type { Worker } from 'node:worker_threads';
import type { GenerateValues } from './cli-generate';
import { DocgenError } from './errors';
import { validateName, validateVersion } from './form/names';
import type { PdfRenderer } from './source/pdf-thread';
import { savePdfWorkerCodeCache, startPdfWorker } from './source/pdf-worker-start';
import { SOFTWARE_FORMS } from './analysis/software-form';
import * as z from 'zod';

// This module is what every run loads: argument checks only. The engine (cli-generate, generate, intake) and the
// PDF reader load when a command needs them, after the PDF thread has started.

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

  mazhu capture <网址> --out <截图包.zip> [选项]
    用本机已安装的 Chrome / Edge / Chromium 打开正在运行的软件，沿菜单和链接逐页截图，写成截图包（PNG + manifest.json）
    --user <账号> --password <密码>   需要登录时给出（自动寻找登录表单）
    --login-url <网址>                 登录页（首页没有登录表单时）
    --user-selector / --password-selector / --submit-selector <CSS 选择器>   手动指定登录表单
    --code <代码目录>                  同时按代码中的路由和菜单标题找页面、命名模块
    --max-pages <n>                    最多截取的页面数，默认 30
    --size <宽x高>                     截图尺寸，默认 1440x900
    --browser <路径>                   浏览器程序（默认自动查找，不会下载浏览器）
    --name <软件全称> --version <版本号>   记录每页上是否显示了软件名称和版本号

输出：源程序.pdf 源程序.docx [操作手册|设计说明书|使用说明.pdf/.docx] 申请表.pdf 申请表.docx 申请表.json
      检查报告.txt 检查报告.json（每项：level、code、message、evidence） 源程序清单.txt manifest.json（每个打印行 → 文件:行）`;

/**
 * Runs the CLI; returns the exit code. Never prints a stack trace for user errors. `opts.pdfWorker`: a PDF thread the
 * launcher already started for `generate` (bin/mazhu.cjs starts it before loading the CLI); it is used, or stopped.
 */
export async function main(argv: string[], opts: { pdfWorker?: Worker } = {}): Promise<number> {
  // A run parses each schema about once: zod's generated parsers cost more to build than they save here.
  z.config({ jitless: true });
  const { pdfWorker } = opts;
  // Every way out but `generate` past its argument checks stops a thread the launcher started.
  const done = (code: number) => {
    void pdfWorker?.terminate();
    return code;
  };
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
        browser: { type: 'string' },
        user: { type: 'string' },
        password: { type: 'string' },
        'login-url': { type: 'string' },
        'user-selector': { type: 'string' },
        'password-selector': { type: 'string' },
        'submit-selector': { type: 'string' },
        'max-pages': { type: 'string' },
        code: { type: 'string' },
        size: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    console.error(`参数错误：${(e as Error).message}\n\n${USAGE}`);
    return done(2);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    console.log(USAGE);
    return done(values.help ? 0 : 2);
  }
  const [cmd, input] = positionals;
  if (cmd === 'verify') return done(await verifyCommand(input, values));
  // The browser driver loads only for this command.
  if (cmd === 'capture') return done(await (await import('./capture/command')).captureCommand(input, values));
  if (cmd !== 'generate') {
    console.error(`未知命令：${cmd}\n\n${USAGE}`);
    return done(2);
  }
  let worker: Worker | undefined = pdfWorker;
  let renderer: PdfRenderer | undefined;
  try {
    if (!input) throw new DocgenError('INPUT_NOT_FOUND', '请指定代码目录或压缩包');
    if (!values.name) throw new DocgenError('BAD_NAME', '请用 --name 指定软件全称，例如 --name 某某管理系统');
    if (!values.version) throw new DocgenError('BAD_VERSION', '请用 --version 指定版本号，例如 --version V1.0');
    if (!values.out) throw new DocgenError('BAD_OPTION', '请用 --out 指定输出目录');
    validateName(values.name);
    validateVersion(values.version);
    if (values.form && !(SOFTWARE_FORMS as readonly string[]).includes(values.form)) throw new DocgenError('BAD_OPTION', `--form 只能是 ${SOFTWARE_FORMS.join('、')}`);
    // Synchronous: an asynchronous stat would start libuv's thread pool for nothing.
    let st: Stats | undefined;
    try {
      st = statSync(input);
    } catch {
      st = undefined;
    }
    if (!st) throw new DocgenError('INPUT_NOT_FOUND', `找不到输入：${input}`);
    // The PDF thread starts before the rest of the CLI loads: it reads the CJK font meanwhile.
    worker ??= startWorker();
    const [{ generateCommand }, { localRenderer, threadRenderer }] = await Promise.all([import('./cli-generate'), import('./source/pdf-thread')]);
    renderer = worker ? threadRenderer(worker) : localRenderer;
    return await generateCommand(input, st, values as GenerateValues, renderer);
  } catch (e) {
    if (e instanceof DocgenError) {
      console.error(`错误：${e.message}`);
      return 1;
    }
    console.error(`内部错误：${(e as Error)?.message ?? String(e)}（请把此信息反馈给我们）`);
    return 70;
  } finally {
    // The build's priming run (scripts/build-server.mjs) also keeps the PDF thread's compiled code.
    if (worker && process.env.MAZHU_CODE_CACHE === 'prime') await savePdfWorkerCodeCache(worker);
    // The thread is told to stop, not waited for: the launcher exits right after.
    if (renderer) void renderer.close();
    else void worker?.terminate();
  }
}

/** The PDF thread, or undefined when worker threads cannot start here (the PDFs are then printed on this thread). */
function startWorker(): Worker | undefined {
  try {
    return startPdfWorker();
  } catch {
    return undefined;
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
    const [{ verifyPdf }, { formatReport }] = await Promise.all([import('./verify/verify'), import('./generate')]);
    const report = await verifyPdf(data, {
      label: path.basename(file).replace(/\.pdf$/i, ''),
      header: name && version ? `${name} ${version}` : undefined,
      minLinesPerPage: minLines,
    });
    for (const p of report.pages) console.log(`第 ${p.index} 页：页码 ${p.pageNumber ?? '无'}，${p.lines - p.continued} 行${p.continued ? `（另有续行 ${p.continued} 行）` : ''}，页眉“${p.header}”`);
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
