import { Worker } from 'node:worker_threads';

/**
 * Starts the CLI's PDF thread (pdf-worker.ts; pdf-thread.ts threadRenderer talks to it). The worker file sits beside
 * this module — dist/pdf-worker.mjs beside the compiled CLI, src/pdf-worker.mjs (a tsx shim) beside the sources — so
 * this module must stay in the CLI's entry file, not in a chunk (scripts/build-server.mjs checks).
 */
export function startPdfWorker(): Worker {
  return new Worker(new URL('./pdf-worker.mjs', import.meta.url));
}
