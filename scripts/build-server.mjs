// Production build of the server, its worker threads and the CLI: esbuild bundles our TypeScript (the server, the
// contracts and the materials engine) into plain ES modules; npm packages stay external and load from node_modules.
// Outputs: apps/server/dist/{main,migrate-cli}.js, packages/docgen/dist/cli.js, and beside each bundle one
// `<name>.mjs` for every `*-worker.ts` of the server and the materials engine (the file its
// `new URL('./<name>.mjs', import.meta.url)` loads: a tsx shim next to the sources, the compiled worker in dist).
// No source maps in these production paths; `npm run dev` and the tests keep running the sources through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

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
const bundledPdfkit = {
  name: 'bundled-pdfkit',
  setup(build) {
    build.onResolve({ filter: /^(brotli\/decompress(\.js)?|unicode-properties|linebreak|@noble\/ciphers\/aes)$/ }, (args) => ({ path: args.path.replace(/^brotli\/decompress$/, 'brotli/decompress.js'), namespace: 'lazy' }));
    build.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => ({
      contents:
        "import { createRequire } from 'node:module';\n" +
        `let real;\nconst load = () => (real ??= createRequire(import.meta.resolve('${LAZY_MODULES[args.path].from}'))(${JSON.stringify(args.path)}));\n${LAZY_MODULES[args.path].code}\n`,
      loader: 'js',
    }));
    build.onLoad({ filter: /[\\/]pdfkit[\\/]js[\\/]pdfkit\.node\.mjs$/ }, async (args) => {
      const src = await fs.promises.readFile(args.path, 'utf8');
      return { contents: src.replaceAll('import.meta.url', 'import.meta.resolve("pdfkit")'), loader: 'js' };
    });
  },
};

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
fs.rmSync(serverDist, { recursive: true, force: true });
await esbuild.build({
  ...common,
  entryPoints: { main: at('apps/server/src/main.ts'), 'migrate-cli': at('apps/server/src/db/migrate-cli.ts') },
  outdir: serverDist,
  outExtension: { '.js': '.js' },
});
const workers = { ...workerEntries(at('apps/server/src')), ...workerEntries(at('packages/docgen/src')) };
await esbuild.build({ ...common, entryPoints: workers, outdir: serverDist, outExtension: { '.js': '.mjs' } });

const cliDist = at('packages/docgen/dist');
fs.rmSync(cliDist, { recursive: true, force: true });
// Split at dynamic imports: what a run may not need (the diagram renderer with satori and resvg, the PDF reader of
// other producers' files) is a chunk of its own, loaded when used.
// zod and ignore, which every run loads, are bundled too: one file parses in ≈ 40 ms less than zod's many modules.
await esbuild.build({
  ...common,
  entryPoints: { cli: at('packages/docgen/src/cli.ts') },
  outdir: cliDist,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [bundledPdfkit, externalNpmExcept(new Set(['zod', 'ignore']))],
});
// The CLI's PDF thread bundles pdfkit and its pure-JavaScript dependencies (fontkit, restructure, …): loading one
// file instead of some fifty modules through Node's loader saves ≈ 0.1 s of the thread's start-up. pdfkit finds
// its standard-font metrics and colour profile relative to its own module, so its `import.meta.url` is pointed back
// at the installed package. pdfjs-dist (read only for PDFs of other producers) and zod stay external.
// Split at dynamic imports too: pdfkit is loaded only for a CJK font with TrueType outlines (pdf-lite prints the
// rest), so the thread parses ≈ 0.2 MB at start instead of ≈ 1 MB.
await esbuild.build({
  ...common,
  entryPoints: workerEntries(at('packages/docgen/src')),
  outdir: cliDist,
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [bundledPdfkit, externalNpmExcept(PDFKIT_PACKAGES)],
});
// The CLI starts its PDF thread from its entry file (pdf-worker-start.ts: `new URL('./pdf-worker.mjs', import.meta.url)`);
// in a chunk that URL would point into chunks/.
if (!fs.readFileSync(path.join(cliDist, 'cli.js'), 'utf8').includes('./pdf-worker.mjs')) throw new Error('pdf-worker-start.ts 不在 dist/cli.js 中：PDF 线程的路径会错');
console.log(`服务器、工作线程和命令行已编译（${Date.now() - started} ms）：apps/server/dist、packages/docgen/dist`);
