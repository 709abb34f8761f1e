// npm run bench:cli — the whole `mazhu generate` process (compiled CLI: packages/docgen/dist/cli.cjs) against the
// reference desktop tool's algorithm (软著鉴别材料生成器 / Softwork Code Organizer, github.com/itxys/softwork-code-organizer,
// MIT) on the same trees: its scan (src/shared/scanner.js scanProject) and its Word export (src/shared/exportDocx.js
// writeDocx, npm `docx` 8.x), run as one Node process by a two-line driver written to a temp directory at run time,
// the way the app's "scan-project" and "generate-docx" handlers call them. Nothing of the reference is in this
// repository: point REFERENCE_TOOL_DIR at a checkout of it with its dependencies installed:
//   git clone https://github.com/itxys/softwork-code-organizer && cd softwork-code-organizer
//   npm install --omit=dev --ignore-scripts        (installs docx ^8.5.0; electron is a dev dependency, not needed)
//   REFERENCE_TOOL_DIR=$PWD npm run bench:cli       (from this repository)
// Without it only our figures are printed, with the commands above.
//
// Trees (real code):
//   A. lodash 4.17.21 + nan 2.22.0 — JavaScript, C++ and C headers, ≈ 52,000 lines (the bench:docgen corpus), pinned,
//      fetched with `npm pack` into packages/docgen/.cache/npm like the docgen tests;
//   B. nine packages of CPython 3.11's standard library (asyncio, email, http, json, logging, xml, urllib, concurrent,
//      multiprocessing; ≈ 60,000 lines of Python) from the machine's /usr/lib/python3.11 (Debian libpython3.11-stdlib;
//      BENCH_CLI_PYTHON_LIB points elsewhere); left out, with a note, when not there;
//   C. zod 4.6.7's src/ — TypeScript, ≈ 89,000 lines with its tests (pinned, npm pack);
//   D. java.util.concurrent and java.time.format from a JDK's src.zip (Java with Javadoc, ≈ 80,000 lines; Debian:
//      apt-get install openjdk-17-source; BENCH_CLI_JAVA_SRC points at another src.zip); left out, with a note,
//      when there is none.
// Each is copied to a temp directory.
// Our command is the plain `mazhu generate <tree> --name … --version … --out <dir>`: 源程序.pdf/.docx, 申请表.pdf/
// .docx/.json, manifest.json, 源程序清单.txt, 检查报告.txt/.json, with the source PDF read back page by page (pages,
// lines, header, page numbers). Each tool runs BENCH_CLI_RUNS times (default 7), alternating, each run a fresh process;
// the figures are medians of wall time (spawn to exit), CPU time (user + system of the child, all its threads) and
// the child's peak RSS (process.resourceUsage(), read at exit by a preloaded module), and the median of the ratios of
// adjacent runs (ours / reference). Goals: our wall time ≤ 0.5 × the reference's; our peak RSS ≤ 250 MB. Figures,
// never pass/fail; the load average is printed with each tree — on a shared machine, compare runs taken together.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import * as tar from 'tar';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cache = path.join(root, 'packages/docgen/.cache/npm');
const cli = path.join(root, 'packages/docgen/bin/mazhu.cjs');
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 7);
const REF = process.env.REFERENCE_TOOL_DIR ? path.resolve(process.env.REFERENCE_TOOL_DIR) : undefined;
const NAME = '基准测试代码管理系统';
const VERSION = 'V1.0';

if (!fs.existsSync(path.join(root, 'packages/docgen/dist/cli.cjs'))) {
  console.error('请先运行 npm run build:server（编译命令行）');
  process.exit(2);
}
if (REF && !fs.existsSync(path.join(REF, 'src/shared/scanner.js'))) {
  console.error(`REFERENCE_TOOL_DIR=${REF} 不是 softwork-code-organizer 的检出目录（缺少 src/shared/scanner.js）`);
  process.exit(2);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-bench-cli-'));
process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));

/** The npm tarball of `spec`, fetched once into the shared cache. */
function tarball(spec) {
  const [name, version] = spec.split('@');
  const file = path.join(cache, `${name}-${version}.tgz`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(cache, { recursive: true });
    execFileSync('npm', ['pack', spec, '--silent'], { cwd: cache, stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 });
  }
  return file;
}

/** Extracts `subdir` of the package (its "package/" root stripped) into dest. */
function extract(spec, dest, subdir = '') {
  fs.mkdirSync(dest, { recursive: true });
  const strip = 1 + (subdir ? subdir.split('/').length : 0);
  tar.x({ file: tarball(spec), cwd: dest, sync: true, strip, filter: (p) => p.startsWith(`package/${subdir}`) });
}

const PYTHON_LIB = process.env.BENCH_CLI_PYTHON_LIB ?? '/usr/lib/python3.11';
const PYTHON_PACKAGES = ['asyncio', 'email', 'http', 'json', 'logging', 'xml', 'urllib', 'concurrent', 'multiprocessing'];
const JAVA_PACKAGES = ['java.base/java/util/concurrent/', 'java.base/java/time/format/'];
const JAVA_SRC =
  process.env.BENCH_CLI_JAVA_SRC ??
  ['/usr/lib/jvm/openjdk-17/src.zip', ...(fs.existsSync('/usr/lib/jvm') ? fs.readdirSync('/usr/lib/jvm').map((d) => path.join('/usr/lib/jvm', d, 'lib/src.zip')) : [])].find((f) => fs.existsSync(f));
const trees = [
  { label: 'A lodash 4.17.21 + nan 2.22.0（JavaScript、C++、C）', dir: path.join(work, 'tree-a'), make: (d) => (extract('lodash@4.17.21', path.join(d, 'lodash')), extract('nan@2.22.0', path.join(d, 'nan'))) },
  {
    label: `B CPython 标准库 ${PYTHON_PACKAGES.length} 个包（Python，${PYTHON_LIB}）`,
    dir: path.join(work, 'tree-b'),
    skip: PYTHON_PACKAGES.some((p) => !fs.existsSync(path.join(PYTHON_LIB, p))) && `${PYTHON_LIB} 下没有 ${PYTHON_PACKAGES.join('、')}（Debian：apt-get install libpython3.11-stdlib，或设 BENCH_CLI_PYTHON_LIB）`,
    make: (d) => PYTHON_PACKAGES.forEach((p) => fs.cpSync(path.join(PYTHON_LIB, p), path.join(d, p), { recursive: true, filter: (f) => !f.includes('__pycache__') })),
  },
  { label: 'C zod 4.6.7 src/（TypeScript，含测试）', dir: path.join(work, 'tree-c'), make: (d) => extract('zod@4.6.7', path.join(d, 'zod'), 'src') },
  {
    label: `D JDK java.util.concurrent + java.time.format（Java，${JAVA_SRC ?? 'src.zip'}）`,
    dir: path.join(work, 'tree-d'),
    skip: !JAVA_SRC && '没有 JDK 源码包 src.zip（Debian：apt-get install openjdk-17-source，或设 BENCH_CLI_JAVA_SRC）',
    make: (d) => {
      const files = unzipSync(fs.readFileSync(JAVA_SRC), { filter: (f) => f.name.endsWith('.java') && JAVA_PACKAGES.some((p) => f.name.startsWith(p)) });
      for (const [name, data] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(d, name)), { recursive: true });
        fs.writeFileSync(path.join(d, name), data);
      }
    },
  },
];
for (const t of trees) if (!t.skip) t.make(t.dir);

// Preloaded into every child: writes its CPU time and peak RSS to the file named by BENCH_USAGE_FILE at exit.
const usageHook = path.join(work, 'usage.mjs');
fs.writeFileSync(
  usageHook,
  "import fs from 'node:fs';\nprocess.on('exit', () => { const u = process.resourceUsage(); fs.writeFileSync(process.env.BENCH_USAGE_FILE, JSON.stringify({ cpu: (u.userCPUTime + u.systemCPUTime) / 1000, rss: u.maxRSS / 1024 })); });\n",
);
// The reference's scan + Word export, exactly as its Electron main process calls them (scan-project, generate-docx).
const refDriver = path.join(work, 'reference-driver.cjs');
fs.writeFileSync(
  refDriver,
  "const path = require('path');\nconst [dir, tree, out, header] = process.argv.slice(2);\n" +
    "const { scanProject } = require(path.join(dir, 'src/shared/scanner.js'));\nconst { writeDocx } = require(path.join(dir, 'src/shared/exportDocx.js'));\n" +
    'const scan = scanProject(tree);\nwriteDocx(out, scan.pagesToExport, header).then(() => console.log(JSON.stringify({ files: scan.fileCount, lines: scan.effectiveLines, pages: scan.totalPages, exported: scan.pagesToExport.length })));\n',
);

/** Runs one child process to its end; resolves with wall ms, CPU ms, peak RSS MB and stdout. */
function run(args) {
  const usageFile = path.join(work, `usage-${process.hrtime.bigint()}.json`);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    // Wall time: spawn to exit of the whole process, Node's start included.
    const child = spawn(process.execPath, ['--import', usageHook, ...args], { env: { ...process.env, NODE_OPTIONS: '', BENCH_USAGE_FILE: usageFile }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const wall = performance.now() - t0;
      if (code !== 0) return reject(new Error(`${args.join(' ')} 退出码 ${code}\n${err}`));
      const u = JSON.parse(fs.readFileSync(usageFile, 'utf8'));
      fs.rmSync(usageFile);
      resolve({ wall, cpu: u.cpu, rss: u.rss, out });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;

console.log(`mazhu generate（编译后的命令行）对比参考工具（扫描 + 导出 Word），每项 ${RUNS} 次取中位数；${os.cpus().length} 核，Node ${process.version}`);
console.log(`开始时负载：${load()}`);
const summary = [];
for (const t of trees) {
  if (t.skip) {
    console.log(`\n树 ${t.label}：跳过，${t.skip}`);
    continue;
  }
  const ours = [];
  const ref = [];
  const loadBefore = load();
  for (let i = 0; i < RUNS; i++) {
    const out = path.join(work, 'out');
    fs.rmSync(out, { recursive: true, force: true });
    ours.push(await run([cli, 'generate', t.dir, '--name', NAME, '--version', VERSION, '--out', out]));
    if (REF) ref.push(await run([refDriver, REF, t.dir, path.join(work, 'reference.docx'), `${NAME} ${VERSION}`]));
  }
  const report = JSON.parse(fs.readFileSync(path.join(work, 'out', 'report.json'), 'utf8'));
  const m = (rs, k) => median(rs.map((r) => r[k]));
  console.log(`\n树 ${t.label}（负载 ${loadBefore} → ${load()}）`);
  console.log(`  码著：${report.analysis.sourceLines} 行，${report.source.totalPages} 页 → 打印 ${report.source.printedPages} 页；检查报告 ${report.items.length} 项（PDF 逐页回读）`);
  const stages = Object.entries(report.timings).map(([k, v]) => `${k} ${Math.round(v)}`).join('，');
  console.log(`  码著各阶段（最后一次，ms；主线程依次；paginate、sourcePdf、readPdf 为 PDF 线程）：${stages}`);
  console.log(`  码著  墙钟 ${fmt(m(ours, 'wall'))}，CPU ${fmt(m(ours, 'cpu'))}，峰值 RSS ${m(ours, 'rss').toFixed(0)} MB（目标 ≤ 250 MB）`);
  if (REF) {
    const info = JSON.parse(ref[ref.length - 1].out.trim().split('\n').pop());
    console.log(`  参考工具：${info.files} 个文件，${info.lines} 个有效行（去空行、注释，64 列折行），${info.pages} 页 → 导出 ${info.exported} 页`);
    console.log(`  参考  墙钟 ${fmt(m(ref, 'wall'))}，CPU ${fmt(m(ref, 'cpu'))}，峰值 RSS ${m(ref, 'rss').toFixed(0)} MB`);
    const ratio = median(ours.map((o, i) => o.wall / ref[i].wall));
    console.log(`  墙钟比 码著/参考：${ratio.toFixed(2)}（逐次相邻两次之比的中位数；目标 ≤ 0.50）；CPU 比 ${(m(ours, 'cpu') / m(ref, 'cpu')).toFixed(2)}`);
    summary.push(`${t.label.split(' ')[0]} ${ratio.toFixed(2)}`);
  }
}
if (summary.length) console.log(`\n墙钟比（目标 ≤ 0.50）：${summary.join('；')}`);
console.log(`\n结束时负载：${load()}`);
if (!REF) {
  console.log(
    '\n未设置 REFERENCE_TOOL_DIR，只列出码著的数字。对比参考工具：\n' +
      '  git clone https://github.com/itxys/softwork-code-organizer && cd softwork-code-organizer\n' +
      '  npm install --omit=dev --ignore-scripts\n' +
      '  REFERENCE_TOOL_DIR=$PWD npm run bench:cli',
  );
}
