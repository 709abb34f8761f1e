import { Worker } from 'node:worker_threads';
import { DocgenError, type DocgenErrorCode } from '@mazhu/docgen';
import type { FastifyBaseLogger } from 'fastify';
import { createIntakePool, type IntakePool, type IntakePoolOptions } from './intake-pool';
import type { GeneratedMaterials, MaterialsEngine, RenderedContract } from './materials';
import { runContract, runGenerate, runIntake, warmUp } from './materials-core';

/** How long generations run in-process after the worker could not start, before a worker is tried again (ms). */
export const WORKER_RETRY_MS = 60_000;

/** A call that reached a worker which could not start: it is run in-process instead. */
class WorkerNotStarted extends Error {}

/** Bytes that crossed the thread boundary (structured clone gives Uint8Array) as a Buffer view, no copy. */
const toBuffer = (d: Uint8Array): Buffer => Buffer.from(d.buffer, d.byteOffset, d.byteLength);

interface Pending {
  resolve(v: unknown): void;
  reject(e: unknown): void;
  onStage?: (percent: number, message: string) => Promise<void> | void;
}

/**
 * The materials engine of packages/docgen behind the server's narrow interface.
 * `worker: true` (the server's default) runs generations in one long-lived worker thread — started lazily, warmed
 * up once (fonts, pdfkit, pdfjs), restarted after a crash, terminated by `close()` — and analyses uploads in the
 * threads of an intake pool (`intake`, see intake-pool.ts: bounded heap and queue). `worker: false` runs
 * everything on the calling thread (tests, CLI-like use).
 */
export function createDocgenEngine(opts: { worker?: boolean; log?: FastifyBaseLogger; workerUrl?: URL; intake?: IntakePoolOptions; workerRetryMs?: number } = {}): MaterialsEngine {
  const retryMs = opts.workerRetryMs ?? WORKER_RETRY_MS;
  if (!opts.worker) {
    return { intake: runIntake, generate: ({ project, archive, extraFiles, onStage }) => runGenerate({ project, archive, extraFiles }, onStage), renderContract: runContract, warmUp };
  }
  let worker: Worker | undefined;
  let intakePool: IntakePool | undefined;
  /**
   * Until when (ms since epoch) the worker is not tried again after it could not even start (its file gone after a
   * deployment replaced the build, tsx missing): generations meanwhile run in-process, and the next call after it
   * starts a worker again.
   */
  let unavailableUntil = 0;
  const isUnavailable = () => Date.now() < unavailableUntil;
  let seq = 0;
  const pending = new Map<number, Pending>();

  function start(): Worker {
    if (worker) return worker;
    // The worker is TypeScript: a small .mjs entry registers tsx in the worker, then imports docgen-worker.ts.
    const w = new Worker(opts.workerUrl ?? new URL('./docgen-worker.mjs', import.meta.url), { execArgv: [] });
    w.unref();
    let online = false; // true once the worker script itself has loaded (it says `ready`)
    w.on('message', (m: { ready?: boolean; id: number; stage?: { percent: number; message: string }; ok?: boolean; result?: unknown; error?: { name?: string; code?: string; message: string; stack?: string } }) => {
      if (m.ready) {
        online = true;
        return;
      }
      const p = pending.get(m.id);
      if (!p) return;
      if (m.stage) {
        void Promise.resolve(p.onStage?.(m.stage.percent, m.stage.message)).catch(() => undefined);
        return;
      }
      pending.delete(m.id);
      if (m.ok) {
        p.resolve(m.result);
      } else if (m.error?.name === 'DocgenError') {
        p.reject(new DocgenError(m.error.code as DocgenErrorCode, m.error.message));
      } else {
        const e = new Error(m.error?.message ?? 'docgen worker error');
        e.stack = m.error?.stack ?? e.stack;
        p.reject(e);
      }
    });
    const fail = (e: unknown) => {
      opts.log?.error({ err: e }, online ? 'docgen worker stopped' : `docgen worker could not start; generating in-process, retrying in ${retryMs / 1000} s`);
      if (!online) unavailableUntil = Date.now() + retryMs;
      worker = undefined;
      for (const [, p] of pending) p.reject(online ? new Error('材料引擎进程异常退出') : new WorkerNotStarted());
      pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => {
      if (worker === w) fail(new Error(`docgen worker exited with code ${code}`));
    });
    worker = w;
    return w;
  }

  function call(msg: object, onStage?: Pending['onStage']): Promise<unknown> {
    const id = ++seq;
    const w = start();
    w.ref(); // keep the process alive while a generation is in flight
    return new Promise<unknown>((resolve, reject) => {
      pending.set(id, { resolve, reject, onStage });
      w.postMessage({ id, ...msg });
    }).finally(() => {
      if (pending.size === 0) worker?.unref();
    });
  }

  return {
    intake: (archive, kind, selection) => (intakePool ??= createIntakePool(opts.intake)).run(archive, kind, selection),
    async generate({ project, archive, extraFiles, onStage }) {
      if (isUnavailable()) return runGenerate({ project, archive, extraFiles }, onStage);
      try {
        const r = (await call({ type: 'generate', input: { project, archive, extraFiles } }, onStage)) as GeneratedMaterials;
        return { ...r, files: r.files.map((f) => ({ name: f.name, data: toBuffer(f.data) })) };
      } catch (e) {
        if (e instanceof WorkerNotStarted) return runGenerate({ project, archive, extraFiles }, onStage);
        throw e;
      }
    },
    async renderContract(input) {
      if (isUnavailable()) return runContract(input);
      try {
        const r = (await call({ type: 'contract', input })) as RenderedContract;
        return { pdf: toBuffer(r.pdf), docx: toBuffer(r.docx) };
      } catch (e) {
        if (e instanceof WorkerNotStarted) return runContract(input);
        throw e;
      }
    },
    async warmUp() {
      if (isUnavailable()) return warmUp();
      await call({ type: 'warm' }).catch((e: unknown) => {
        if (!(e instanceof WorkerNotStarted)) throw e;
      });
    },
    async close() {
      const w = worker;
      worker = undefined;
      const ip = intakePool;
      intakePool = undefined;
      await ip?.close();
      for (const [, p] of pending) p.reject(new Error('runner stopping'));
      pending.clear();
      await w?.terminate();
    },
  };
}
