import type { ParsedWorkbook } from '../modules/batch/batch.excel';
import type { PreparedNotice } from '../modules/corrections/notice-reader';
import { AppError } from '../lib/errors';
import { Piscina } from 'piscina';
import type { FilesAnswer, FilesTask } from './files-worker';
import { replaceablePool } from './thread-pool';

/** Bounds of the untrusted-file threads. */
export const FILES_POOL_LIMITS = {
  /** Threads reading at once. */
  threads: 1,
  /** Tasks waiting for the thread before new ones are refused as busy. */
  maxQueue: 16,
  /** JavaScript heap of the thread in MB: a file whose reading needs more is refused (decoded pixels are bounded separately). */
  heapMb: 256,
  /** A file still being read after this long is refused and its thread ended (ms). */
  timeoutMs: 60_000,
} as const;

const BUSY = '系统繁忙，请稍后重试';

/**
 * One thread (piscina, `files-worker.mjs` beside this file: a tsx shim next to the sources, the compiled worker in
 * dist) that reads uploaded workbooks, correction notices and PDF vouchers with bounds. It starts on first use and
 * exits after 30 s idle, returning its memory. A thread that fails to load (`workerFile` gone: a deployment replaced
 * the build) or dies is logged and replaced on the next task (replaceablePool); the caller gets a Chinese error, never
 * a crash.
 * Every call resolves with the value or throws AppError: 400 with the reader's message (a limit named), 503 when busy,
 * 413 when the thread ran out of memory or time.
 */
export function createFilesPool(log?: { warn(obj: object, msg: string): void }, workerFile: URL = new URL('./files-worker.mjs', import.meta.url)) {
  const pool = replaceablePool(
    () =>
      new Piscina<FilesTask, FilesAnswer<unknown>>({
        filename: workerFile.href,
        minThreads: 0,
        maxThreads: FILES_POOL_LIMITS.threads,
        maxQueue: FILES_POOL_LIMITS.maxQueue,
        idleTimeout: 30_000,
        resourceLimits: { maxOldGenerationSizeMb: FILES_POOL_LIMITS.heapMb, maxYoungGenerationSizeMb: 16 },
      }),
    (err) => log?.warn({ err }, 'untrusted-file thread failed'),
  );

  async function run<T>(task: FilesTask, what: string): Promise<T> {
    let answer: FilesAnswer<unknown>;
    try {
      answer = await pool.run(task, { signal: AbortSignal.timeout(FILES_POOL_LIMITS.timeoutMs), transferList: [] });
    } catch (e) {
      const err = e as { code?: string; name?: string; message?: string };
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new AppError(413, `${what}过于复杂，读取时超出了内存上限 ${FILES_POOL_LIMITS.heapMb} MB，已拒绝`);
      if (err.name === 'AbortError' || err.name === 'TimeoutError') throw new AppError(413, `${what}读取超过 ${FILES_POOL_LIMITS.timeoutMs / 1000} 秒仍未完成，已拒绝`);
      if (/queue is at limit/i.test(err.message ?? '')) throw new AppError(503, BUSY);
      log?.warn({ err }, 'untrusted-file task failed');
      throw new AppError(503, BUSY);
    }
    if (answer.ok) return answer.value as T;
    throw new AppError(answer.code, answer.message);
  }

  return {
    /** Reads a batch workbook (after batch.excel `precheckWorkbook`). */
    workbook: (data: Uint8Array) => run<ParsedWorkbook>({ kind: 'workbook', data }, '表格文件'),
    /** Reads a correction notice's text layer, or prepares its pictures for OCR. */
    notice: (data: Uint8Array) => run<PreparedNotice>({ kind: 'notice', data }, '通知书文件'),
    /** Draws page 1 of a PDF voucher as a PNG (voucher-file.ts `renderVoucherPage`). */
    voucherPage: async (data: Uint8Array) => {
      const png = await run<Uint8Array>({ kind: 'voucherPage', data }, '转账凭证');
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    },
    close: () => pool.close(),
  };
}
export type FilesPool = ReturnType<typeof createFilesPool>;

let shared: FilesPool | undefined;
let sharedLog: { warn(obj: object, msg: string): void } | undefined;

/** The process's untrusted-file pool, created on first use (its thread starts only when a file is read). */
export function filesPool(): FilesPool {
  return (shared ??= createFilesPool(sharedLog));
}

/** Where the shared pool reports a thread that failed (set once at start, before the first file). */
export function logFilesPoolTo(log: { warn(obj: object, msg: string): void }): void {
  sharedLog = log;
}

/** Ends the shared pool's thread (on server close). */
export async function closeFilesPool(): Promise<void> {
  const p = shared;
  shared = undefined;
  await p?.close();
}
