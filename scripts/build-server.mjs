// Production build of the server, its worker threads and the CLI: esbuild bundles our TypeScript (the server, the
// contracts and the materials engine) into plain ES modules; npm packages stay external and load from node_modules.
// Outputs: apps/server/dist/{main,migrate-cli}.js and beside each bundle one `<name>.mjs` for every `*-worker.ts` of
// the server and the materials engine (the file its `new URL('./<name>.mjs', import.meta.url)` loads: a tsx shim next
// to the sources, the compiled worker in dist); packages/docgen/dist/cli.cjs and pdf-worker.cjs, CommonJS bundles of
// the CLI and its PDF thread with their V8 code cache (*.cjs.cache), and the CLI's other worker threads (*.mjs).
// No source maps in these production paths; `npm run dev` and the tests keep running the sources through tsx.
// Both outputs are published atomically (scripts/publish-build.mjs): each is built into a new directory beside it and
// switched in one rename when complete, so a server or worker already running keeps its own files.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { newBuildDir, publishBuild } from './publish-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

/** Bundles our workspaces (@mazhu/*, relative imports); every other bare import is an npm package left external. */
const externalNpm = {
  name: 'external-npm',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@mazhu/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** pdfkit and what it imports, bundled into the CLI's PDF thread. */
const PDFKIT_PACKAGES = new Set(['pdfkit', 'fontkit', 'linebreak', 'png-js', '@noble/hashes', '@noble/ciphers']);

/** Like externalNpm, but bundles `packages` and everything imported from inside node_modules by them. */
function externalNpmExcept(packages) {
  return {
    name: 'external-npm-except',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@mazhu/') || path.isAbsolute(args.path)) return undefined;
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        if (packages.has(name) || args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * Modules of pdfkit's dependencies that only text layout, WOFF2 and encryption need, loaded from node_modules on first use
 * instead of bundled: their Unicode tables are inflated when the module is evaluated (≈ 30 ms), and our PDFs place
 * every glyph themselves (MonoWriter) — no line breaking, no OpenType shaping. Module → code of its stand-in.
 */
const LAZY_MODULES = {
  'brotli/decompress.js': { from: 'fontkit', code: 'export default (...a) => load()(...a);' },
  'unicode-properties': { from: 'fontkit', code: ['getCategory', 'getCombiningClass', 'getScript', 'isDigit', 'isMark'].map((f) => `export const ${f} = (c) => load().${f}(c);`).join('\n') },
  linebreak: { from: 'pdfkit', code: 'export default function LineBreaker(...a) { return new (load())(...a); }' },
  // AES, for encrypted PDFs only (none of ours): its lookup tables are computed when the module is evaluated (≈ 10 ms).
  '@noble/ciphers/aes': { from: 'pdfkit', code: ['cbc', 'ecb'].map((f) => `export const ${f} = (...a) => load().${f}(...a);`).join('\n') },
};

/**
 * pdfkit's module, with its own location resolved at run time where it used `import.meta.url`; and the LAZY_MODULES
 * of its dependencies as stand-ins that require the real module (resolved from its importer's package) on first use.
 */
const bundledPdfkit = bundledPdfkitFor('esm');

/**
 * bundledPdfkit for an output `format`: in a CommonJS bundle there is no import.meta.resolve, so pdfkit's location and
 * its stand-ins' are resolved with require.resolve.
 */
function bundledPdfkitFor(format) {
  const resolve = (spec) => (format === 'cjs' ? `require('url').pathToFileURL((0, require.resolve)(${spec})).href` : `import.meta.resolve(${spec})`);
  return {
  name: 'bundled-pdfkit',
  setup(build) {
    build.onResolve({ filter: /^(brotli\/decompress(\.js)?|unicode-properties|linebreak|@noble\/ciphers\/aes)$/ }, (args) => ({ path: args.path.replace(/^brotli\/decompress$/, 'brotli/decompress.js'), namespace: 'lazy' }));
    build.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => ({
      contents:
        "import { createRequire } from 'node:module';\n" +
        `let real;\nconst load = () => (real ??= createRequire(${resolve(`'${LAZY_MODULES[args.path].from}'`)})(${JSON.stringify(args.path)}));\n${LAZY_MODULES[args.path].code}\n`,
      loader: 'js',
    }));
    build.onLoad({ filter: /[\\/]pdfkit[\\/]js[\\/]pdfkit\.node\.mjs$/ }, async (args) => {
      const src = await fs.promises.readFile(args.path, 'utf8');
      return { contents: src.replaceAll('import.meta.url', resolve('"pdfkit"')), loader: 'js' };
    });
  },
  };
}

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalNpm],
  // Bundled CommonJS-style code may call require(); give ES modules one.
  banner: { js: "import { createRequire as __mazhuCreateRequire } from 'node:module'; const require = __mazhuCreateRequire(import.meta.url);" },
};

function workerEntries(dir) {
  const out = {};
  for (const entry of fs.readdirSync(dir, { recursive: true })) {
    const file = String(entry);
    if (file.endsWith('-worker.ts') && !file.endsWith('.test.ts')) out[path.basename(file, '.ts')] = path.join(dir, file);
  }
  return out;
}

const started = Date.now();
const serverDist = at('apps/server/dist');
const serverBuild = newBuildDir(serverDist);
await esbuild.build({
  ...common,
  entryPoints: { main: at('apps/server/src/main.ts'), 'migrate-cli': at('apps/server/src/db/migrate-cli.ts') },
  outdir: serverBuild,
  outExtension: { '.js': '.js' },
});
const workers = { ...workerEntries(at('apps/server/src')), ...workerEntries(at('packages/docgen/src')) };
await esbuild.build({ ...common, entryPoints: workers, outdir: serverBuild, outExtension: { '.js': '.mjs' } });
publishBuild(serverDist, serverBuild);

const cliDist = at('packages/docgen/dist');
const cliBuild = newBuildDir(cliDist);
// The CLI and its PDF thread are CommonJS bundles, each one file, run by bin/code-cache.cjs with the V8 code cache
// that the priming run below leaves beside them: a run then neither resolves some twenty chunk files through the ES
// module loader nor parses and compiles what it runs (≈ 20 ms of the main thread's start on a 2-core machine).
// Modules a run may not need (the diagram renderer with satori and resvg, the PDF reader of other producers' files,
// pdfkit) are still only evaluated when used; satori and resvg stay external packages, loaded then.
// zod and ignore, which every run loads, are bundled.
const cjs = {
  ...common,
  format: 'cjs',
  outdir: cliBuild,
  outExtension: { '.js': '.cjs' },
  banner: { js: "var __mazhu_import_meta_url = require('url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__mazhu_import_meta_url', MAZHU_CJS_BUNDLE: 'true' },
};
await esbuild.build({ ...cjs, entryPoints: { cli: at('packages/docgen/src/cli.ts') }, plugins: [bundledPdfkitFor('cjs'), externalNpmExcept(new Set(['zod', 'ignore']))] });
await esbuild.build({ ...cjs, entryPoints: { 'pdf-worker': at('packages/docgen/src/source/pdf-worker.ts') }, plugins: [bundledPdfkitFor('cjs'), externalNpmExcept(new Set([...PDFKIT_PACKAGES, 'zod', 'ignore']))] });
// A script compiled from a code cache cannot call import() (Node 20 drops its dynamic-import callback): the packages
// the bundles import() (tar, pdfjs-dist) go through the loader's __mazhu_import instead.
for (const name of ['cli.cjs', 'pdf-worker.cjs']) {
  const file = path.join(cliBuild, name);
  const code = fs.readFileSync(file, 'utf8').replace(/\bimport\((?=["'])/g, '__mazhu_import(');
  if (/\bimport\(/.test(code)) throw new Error(`${name} 中还有 import()：代码缓存下无法执行`);
  fs.writeFileSync(file, code);
}
// The ES-module worker threads of the CLI's engine (the diagram renderer's thread, loaded by piscina from the bundle's
// directory). They bundle pdfkit and its pure-JavaScript dependencies (fontkit, restructure, …) like the PDF thread:
// loading one file instead of some fifty modules through Node's loader saves ≈ 0.1 s of a thread's start-up. pdfkit
// finds its standard-font metrics and colour profile relative to its own module, so its `import.meta.url` is pointed
// back at the installed package. pdfjs-dist (read only for PDFs of other producers) and zod stay external. Split at
// dynamic imports: pdfkit is loaded only when used.
await esbuild.build({
  ...common,
  entryPoints: workerEntries(at('packages/docgen/src')),
  outdir: cliBuild,
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [bundledPdfkit, externalNpmExcept(PDFKIT_PACKAGES)],
});
// The CLI starts its PDF thread with paths relative to its bundle (pdf-worker-start.ts).
if (!fs.readFileSync(path.join(cliBuild, 'cli.cjs'), 'utf8').includes('./pdf-worker.cjs')) throw new Error('pdf-worker-start.ts 不在 dist/cli.cjs 中：PDF 线程的路径会错');
// Published before the priming run, which runs the CLI through its launcher (bin/mazhu.cjs → ../dist); a CLI started
// before the cache is written runs without it.
publishBuild(cliDist, cliBuild);
// The priming run: one `mazhu generate` of a small code base, after which both threads write their code cache.
const primeOut = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-prime-'));
try {
  const r = spawnSync(process.execPath, [at('packages/docgen/bin/mazhu.cjs'), 'generate', at('packages/docgen/test/fixtures/spring-admin'), '--name', '码著示例管理系统', '--version', 'V1.0', '--out', primeOut], {
    env: { ...process.env, NODE_OPTIONS: '', MAZHU_CODE_CACHE: 'prime', MAZHU_CLI_SOURCE: '' },
    encoding: 'utf8',
  });
  if (r.status !== 0 || !fs.existsSync(path.join(cliDist, 'cli.cjs.cache')) || !fs.existsSync(path.join(cliDist, 'pdf-worker.cjs.cache'))) {
    throw new Error(`命令行的代码缓存没有生成（退出码 ${r.status}）：${r.stderr}`);
  }
} finally {
  fs.rmSync(primeOut, { recursive: true, force: true });
}
console.log(`服务器、工作线程和命令行已编译（${Date.now() - started} ms）：apps/server/dist、packages/docgen/dist`);
