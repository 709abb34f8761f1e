'use strict';
// Runs a CommonJS bundle of the compiled CLI (dist/cli.cjs, dist/pdf-worker.cjs; scripts/build-server.mjs) with the
// V8 code cache kept beside it (<bundle>.cache): the functions compiled during a run made at build time are read
// back instead of being parsed and compiled again, on the main thread and in the PDF thread. A cache that does not
// match (another Node.js version, changed flags or bundle) is ignored and the bundle is compiled as usual.
//
// As a module: load(file) → { exports, cached, save() }; acceptsCache(file); startWorker(file) → a Worker running it; V8_FLAGS. As a worker thread's entry (workerData.mazhuBundle): runs
// that bundle, and writes its cache when the thread is sent { kind: 'save-code-cache' } (the build's priming run).
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { isAscii } = require('node:buffer');
const { createRequire } = require('node:module');
const { isMainThread, parentPort, Worker: ThreadWorker, workerData } = require('node:worker_threads');

/**
 * The bundle's import() of packages (tar, pdfjs-dist), which the build rewrites to a call of this function: a script
 * compiled with a code cache loses the dynamic-import callback Node gives vm scripts, while this module keeps Node's own.
 */
const importModule = (specifier) => import(specifier);

/**
 * The V8 flags the CLI runs with (bin/mazhu.cjs sets them before any bundle loads): a code cache is accepted only
 * under the flags it was made with, so the build's priming run and the checks of the cache use them too.
 */
const V8_FLAGS = ['--interrupt-budget=1000000', '--min-semi-space-size=16'];

/** Compiles the bundle `file` with its cache, when there is one; V8 sets script.cachedDataRejected when it does not match. */
function compile(file) {
  const cacheFile = `${file}.cache`;
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const bytes = fs.readFileSync(file);
  // esbuild writes ASCII (it escapes other characters): decoded as Latin-1, a one-byte string with no UTF-8 decoding.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __mazhu_import) {${source}\n})`, { filename: file, cachedData });
  return { script, cachedData, cacheFile };
}

/** True when V8 takes the cache beside `file` (same Node.js, flags and bundle), without running the bundle. */
function acceptsCache(file) {
  const { script, cachedData } = compile(file);
  return cachedData !== undefined && !script.cachedDataRejected;
}

/**
 * Compiles and runs the CommonJS bundle `file` (absolute path) with `${file}.cache` when it exists and matches.
 * Returns its exports, whether the cache was used, and save(), which writes the cache of everything compiled so far.
 */
function load(file) {
  const { script, cachedData, cacheFile } = compile(file);
  const mod = { exports: {} };
  script.runInThisContext().call(mod.exports, mod.exports, createRequire(file), mod, file, path.dirname(file), importModule);
  return {
    exports: mod.exports,
    cached: cachedData !== undefined && !script.cachedDataRejected,
    save: () => fs.writeFileSync(cacheFile, script.createCachedData()),
  };
}

/** Starts a worker thread running the CommonJS bundle `file` (absolute path) through this module, with its cache. */
function startWorker(file) {
  return new ThreadWorker(__filename, { workerData: { mazhuBundle: file } });
}

if (!isMainThread && workerData && typeof workerData.mazhuBundle === 'string') {
  const bundle = load(workerData.mazhuBundle);
  parentPort.on('message', (m) => {
    if (m && m.kind === 'save-code-cache') {
      bundle.save();
      parentPort.postMessage({ kind: 'code-cache-saved' });
    }
  });
}

module.exports = { load, acceptsCache, startWorker, V8_FLAGS };
