import { availableParallelism } from 'node:os';
import type { CodeSelection } from '@mazhu/contracts';
import { DocgenError, type DocgenErrorCode } from '@mazhu/docgen';
import { Piscina } from 'piscina';
import type { IntakeAnswer, IntakeTask } from './intake-worker';
import type { IntakenCode } from './materials';
import { replaceablePool } from './thread-pool';

/** Limits of the archive-analysis threads (see createIntakePool). */
export interface IntakePoolOptions {
  /** Threads analysing at once (default: 2, or 1 on a single core). */
  threads?: number;
  /**
   * Heap of each thread in MB (default 512): an archive whose texts need more is refused in Chinese instead of
   * growing the process. Inflated bytes are bounded separately by the engine (128 MiB, 2,000,000 lines).
   */
  maxHeapMb?: number;
  /** Analyses waiting for a thread before new ones are refused as busy (default 32). */
  maxQueue?: number;
}

const INTAKE_REFUSALS = {
  busy: '代码分析排队的任务过多，请稍后再上传',
  memory: '压缩包中的代码过多，分析时超出了内存上限；请只打包本软件自己的源代码（不含数据、日志和第三方库）',
  unavailable: '系统繁忙，请稍后重试',
} as const;

/**
 * The pool refused or lost a task: too many waiting (`busy`), a thread ran out of its heap (`memory`), or its thread
 * could not load or died (`unavailable`).
 */
export class IntakeLimitError extends Error {
  constructor(readonly reason: keyof typeof INTAKE_REFUSALS) {
    super(INTAKE_REFUSALS[reason]);
    this.name = 'IntakeLimitError';
  }
}

/**
 * Threads that read and analyse uploaded code archives (piscina, `intake-worker.mjs` beside this file: a tsx shim
 * next to the sources, the compiled worker in dist). Threads start on demand and exit after 30 s idle, returning
 * their memory. `run` resolves with the analysis; rejects with DocgenError (the engine's Chinese refusal) or
 * IntakeLimitError.
 */
export function createIntakePool(opts: IntakePoolOptions = {}) {
  const threads = opts.threads ?? Math.max(1, Math.min(2, availableParallelism()));
  // A thread that fails to load (its file replaced by a deployment) is reported and replaced on the next task.
  const pool = replaceablePool(
    () =>
      new Piscina<IntakeTask, IntakeAnswer>({
        filename: new URL('./intake-worker.mjs', import.meta.url).href,
        minThreads: 0,
        maxThreads: threads,
        maxQueue: opts.maxQueue ?? 32,
        idleTimeout: 30_000,
        resourceLimits: { maxOldGenerationSizeMb: opts.maxHeapMb ?? 512, maxYoungGenerationSizeMb: 32 },
      }),
    (err) => console.warn('archive-analysis thread failed:', (err as Error)?.message ?? err),
  );
  return {
    async run(archive: string | Uint8Array, kind: 'zip' | 'tar.gz', selection?: CodeSelection): Promise<IntakenCode> {
      let answer: IntakeAnswer;
      try {
        answer = await pool.run({ archive, kind, selection });
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new IntakeLimitError('memory');
        if (/queue is at limit/i.test((e as Error).message ?? '')) throw new IntakeLimitError('busy');
        // The thread could not load or was lost (the pool is replaced for the next analysis).
        console.warn('archive analysis failed:', (e as Error)?.message ?? e);
        throw new IntakeLimitError('unavailable');
      }
      if (answer.ok) return answer.code;
      if (answer.error.name === 'DocgenError') throw new DocgenError(answer.error.code as DocgenErrorCode, answer.error.message);
      throw new Error(answer.error.message);
    },
    /** Stops the threads (pending analyses are rejected). */
    close: () => pool.close(),
  };
}
export type IntakePool = ReturnType<typeof createIntakePool>;
