// Bundle budget: the Brotli-compressed JavaScript the home page (/) loads before it can render — the entry chunk
// (main.tsx), the app shell it loads at once (boot.tsx), the home page's chunk, and every chunk these import
// statically — read from Vite's build manifest and the precompressed .br files of `npm run build`. Exits 1 when
// over the ceiling. Sizes are bytes of the .br files.
// Usage: node scripts/check-bundle.mjs [--json]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** The goal (KB of Brotli JS for the home page). */
export const GOAL_KB = 200;
/** What CI enforces: the goal itself (see docs/ARCHITECTURE.md, "Budget"). */
export const CEILING_KB = GOAL_KB;

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`未找到 ${manifestFile}，请先运行 npm run build`);
  process.exit(2);
}
/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], src?: string}>} */
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
const shellKey = Object.keys(manifest).find((k) => /src\/boot\.tsx$/.test(k));
const homeKey = Object.keys(manifest).find((k) => /src\/pages\/home\/index\.tsx$/.test(k));
if (!entryKey || !shellKey || !homeKey) {
  console.error('构建清单中找不到入口、应用外壳或首页模块');
  process.exit(2);
}
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const k of manifest[key].imports ?? []) visit(k);
};
visit(entryKey);
// The entry must not wait for the shell: it starts the page's chunk while the shell loads (apps/web/vite.config.ts).
if (seen.has(shellKey)) {
  console.error(`入口 ${manifest[entryKey].file} 静态导入了应用外壳 ${manifest[shellKey].file}：main.tsx 只应导入路由表（见 apps/web/vite.config.ts）`);
  process.exit(1);
}
visit(shellKey);
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
