// Production build of the web app, published atomically (scripts/publish-build.mjs): Vite builds into a new directory
// of apps/web/dist-builds/, the text files are precompressed (scripts/precompress.mjs), the hashed files of the build
// being replaced are copied in beside the new ones, and apps/web/dist is switched to it in one rename. Open tabs of
// the previous build keep loading their lazy chunks (a page opened later, the error page) from the new build; the
// files of older builds are not carried further, so dist holds at most two builds' assets.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { precompress } from './precompress.mjs';
import { carryAssets, currentBuild, newBuildDir, publishBuild } from './publish-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'apps/web');
const dist = path.join(webRoot, 'dist');

const dir = newBuildDir(dist);
try {
  await build({ root: webRoot, configFile: path.join(webRoot, 'vite.config.ts'), build: { outDir: dir, emptyOutDir: true } });
  await precompress(dir);
  const previous = currentBuild(dist);
  const carried = previous ? carryAssets(previous, dir) : 0;
  publishBuild(dist, dir);
  console.log(`前端已发布：apps/web/dist → ${path.relative(webRoot, dir)}${carried ? `（保留上一版的 ${carried} 个资源文件，已打开的页面仍可加载）` : ''}`);
} catch (e) {
  fs.rmSync(dir, { recursive: true, force: true });
  throw e;
}
