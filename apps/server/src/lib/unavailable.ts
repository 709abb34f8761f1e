import { ApiCode } from '@mazhu/contracts';
import { AppError } from './errors';

/** What a request that needs an unreachable dependency (Redis, the job queue) answers: 503, in Chinese. */
export const BUSY_MESSAGE = '系统繁忙，请稍后重试';

/** The 503 answer of a request whose dependency did not answer in time (see BUSY_MESSAGE). */
export class DependencyUnavailable extends AppError {
  constructor(readonly dependency: 'redis' | 'queue') {
    super(ApiCode.Busy, BUSY_MESSAGE);
    this.name = 'DependencyUnavailable';
  }
}

/**
 * A logger of repeated failures that writes one line per `intervalMs` (the first at once, later ones with the number
 * of failures left out meanwhile) — a lost connection retried every few hundred milliseconds must not flood the log.
 */
export function throttledWarn(log: { warn(obj: object, msg: string): void } | undefined, msg: string, intervalMs = 30_000) {
  let last = 0;
  let skipped = 0;
  return (err: unknown) => {
    const now = Date.now();
    if (now - last < intervalMs) {
      skipped++;
      return;
    }
    log?.warn({ err: { message: (err as Error)?.message ?? String(err) }, repeatedSinceLastLine: skipped }, msg);
    last = now;
    skipped = 0;
  };
}
