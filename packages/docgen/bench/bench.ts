/**
 * npm run bench:docgen — a ~50,000-line real code base (lodash 4.17.21 + nan 2.22.0 sources,
 * from npm) through intake, analysis, pagination, PDF and DOCX. Prints
 * milliseconds per stage (first run, which includes loading the CJK font, and the median of
 * the following runs) and the peak RSS. Target: all outputs < 400 ms on a 2-core machine.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { analyseCode, archiveKindOf, buildSourceCodeDocument, intakeArchive, intakeDirectory, renderSourceCodeDocx, renderSourceCodePdf, loadCjkFont, type CodeFile } from '../src/index';
import setup, { CACHE, tarballName } from '../test/global-setup';

const SPECS = ['lodash@4.17.21', 'nan@2.22.0'];
/** Optional: `npm run bench:docgen -- <dir|.zip|.tar.gz>` benchmarks that tree instead. */
const target = process.argv[2];
if (!target) setup();
const archives = target ? [] : SPECS.map((s) => readFileSync(path.join(CACHE, tarballName(s))));

async function once() {
  const t: Record<string, number> = {};
  let s = performance.now();
  const lap = (k: string) => {
    const n = performance.now();
    t[k] = n - s;
    s = n;
  };
  const files: CodeFile[] = [];
  if (target) {
    const kind = archiveKindOf(target);
    files.push(...(kind ? await intakeArchive(target, kind) : await intakeDirectory(target, { retainText: false })).files);
  }
  for (const [i, a] of archives.entries()) {
    const r = await intakeArchive(a, 'tar.gz');
    files.push(...r.files.map((f) => ({ ...f, path: `${SPECS[i].split('@')[0]}/${f.path}` })));
  }
  lap('intake');
  const analysis = analyseCode(files);
  lap('analyse');
  const model = buildSourceCodeDocument({ name: '基准测试代码管理系统', version: 'V1.0', files });
  lap('paginate');
  const pdf = await renderSourceCodePdf(model);
  lap('pdf');
  const docx = await renderSourceCodeDocx(model);
  lap('docx');
  t.total = Object.values(t).reduce((a, b) => a + b, 0);
  return { t, analysis, model, pdf, docx };
}

const cold = await once();
const runs: Record<string, number>[] = [];
for (let i = 0; i < 5; i++) runs.push((await once()).t);
const median = (k: string) => {
  const v = runs.map((r) => r[k]).sort((a, b) => a - b);
  return v[Math.floor(v.length / 2)];
};
const { analysis, model, pdf, docx } = cold;
console.log(`代码：${analysis.fileCount} 个文件，${analysis.sourceLines} 行（${analysis.languages}）；共 ${model.totalPages} 页，输出 ${model.pages.length} 页`);
console.log(`字体：${loadCjkFont().source}`);
console.log(`PDF ${(pdf.length / 1024).toFixed(0)} KB，DOCX ${(docx.length / 1024).toFixed(0)} KB`);
console.log('stage        first run   median of 5');
for (const k of ['intake', 'analyse', 'paginate', 'pdf', 'docx', 'total']) {
  console.log(`${k.padEnd(12)} ${cold.t[k].toFixed(1).padStart(8)} ms ${median(k).toFixed(1).padStart(10)} ms`);
}
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
