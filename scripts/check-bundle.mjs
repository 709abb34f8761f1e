// Bundle budget: the Brotli-compressed JavaScript the home page (/) loads before it can render — the entry chunk,
// the home page's chunk and every chunk they import statically — read from Vite's build manifest and the
// precompressed .br files of `npm run build`. Exits 1 when over the ceiling. Sizes are bytes of the .br files.
// Usage: node scripts/check-bundle.mjs [--json]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** The goal (KB of Brotli JS for the home page). */
export const GOAL_KB = 200;
/** What CI enforces: the goal is not reached yet (see docs/ARCHITECTURE.md); this ceiling stops regressions. */
export const CEILING_KB = 225;

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`未找到 ${manifestFile}，请先运行 npm run build`);
  process.exit(2);
}
/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], src?: string}>} */
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const homeKey = Object.keys(manifest).find((k) => /src\/pages\/home\/index\.tsx$/.test(k));
if (!entryKey || !homeKey) {
  console.error('构建清单中找不到入口或首页模块');
  process.exit(2);
}
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const k of manifest[key].imports ?? []) visit(k);
};
visit(entryKey);
visit(homeKey);
let bytes = 0;
const files = [];
for (const key of seen) {
  const file = path.join(dist, manifest[key].file);
  const br = fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : zlib.brotliCompressSync(fs.readFileSync(file)).length;
  bytes += br;
  files.push({ file: manifest[key].file, br });
}
const kb = bytes / 1024;
const result = { homeJsBrotliKB: +kb.toFixed(1), files: files.length, goalKB: GOAL_KB, ceilingKB: CEILING_KB };
if (process.argv.includes('--json')) console.log(JSON.stringify(result));
else console.log(`首页 JavaScript（Brotli）：${kb.toFixed(1)} KB，${files.length} 个文件；目标 ≤ ${GOAL_KB} KB，CI 上限 ${CEILING_KB} KB`);
if (kb > CEILING_KB) {
  console.error(`首页 JavaScript 超出上限 ${CEILING_KB} KB：${files.sort((a, b) => b.br - a.br).slice(0, 5).map((f) => `${f.file} ${(f.br / 1024).toFixed(1)} KB`).join('，')}`);
  process.exit(1);
}
