import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Defined as true by the build of the compiled CLI (dist/cli.cjs, scripts/build-server.mjs); absent in the sources. */
declare const MAZHU_CJS_BUNDLE: boolean | undefined;

const bundled = typeof MAZHU_CJS_BUNDLE !== 'undefined' && MAZHU_CJS_BUNDLE;

/**
 * Starts the CLI's PDF thread (pdf-worker.ts; pdf-thread.ts threadRenderer talks to it). In the compiled CLI the thread
 * runs dist/pdf-worker.cjs through bin/code-cache.cjs (with its V8 code cache); from the sources it runs
 * src/pdf-worker.mjs, a tsx shim. Both paths are relative to this module, so it must stay in the CLI's entry bundle
 * (scripts/build-server.mjs checks).
 */
export function startPdfWorker(): Worker {
  if (bundled) {
    return new Worker(new URL('../../bin/code-cache.cjs', import.meta.url), { workerData: { mazhuBundle: fileURLToPath(new URL('./pdf-worker.cjs', import.meta.url)) } });
  }
  return new Worker(new URL('./pdf-worker.mjs', import.meta.url));
}

/**
 * Writes the PDF thread's V8 code cache (the build's priming run, MAZHU_CODE_CACHE=prime); resolves at once from the
 * sources, where there is none.
 */
export function savePdfWorkerCodeCache(worker: Worker): Promise<void> {
  if (!bundled) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (m: { kind?: string }) => {
      if (m?.kind !== 'code-cache-saved') return;
      worker.off('message', done);
      resolve();
    };
    worker.on('message', done);
    worker.postMessage({ kind: 'save-code-cache' });
  });
}
