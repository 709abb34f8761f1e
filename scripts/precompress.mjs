// Precompresses the web build for @fastify/static's `preCompressed`: every text asset of a web build that Brotli
// makes smaller gets a Brotli (.br, quality 11) and a gzip (.gz, level 9) sibling, so the server never compresses
// static files per request. Small files count too: the entry and index.html are under 1 KB and every visit loads them.
// Run by scripts/build-web.mjs on the new build (part of `npm run build`); `node scripts/precompress.mjs [dir]` runs
// it on a directory (default apps/web/dist).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.map']);

/** Writes the .br and .gz siblings of the text files under `dist`; resolves with how many files and bytes. */
export async function precompress(dist) {
  let count = 0;
  let raw = 0;
  let br = 0;
  for (const entry of fs.readdirSync(dist, { recursive: true })) {
    const file = path.join(dist, String(entry));
    if (!TEXT.has(path.extname(file)) || !fs.statSync(file).isFile()) continue;
    const data = fs.readFileSync(file);
    const [b, g] = await Promise.all([
      brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      gzip(data, { level: 9 }),
    ]);
    if (b.length >= data.length) continue;
    fs.writeFileSync(`${file}.br`, b);
    if (g.length < data.length) fs.writeFileSync(`${file}.gz`, g);
    count += 1;
    raw += data.length;
    br += b.length;
  }
  console.log(`已预压缩 ${count} 个前端文件：${(raw / 1024).toFixed(0)} KB → Brotli ${(br / 1024).toFixed(0)} KB`);
  return { count, raw, br };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await precompress(path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist')));
}
