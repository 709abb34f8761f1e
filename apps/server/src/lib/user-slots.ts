import { ApiCode } from '@mazhu/contracts';
import { AppError } from './errors';

/**
 * A per-user share of a shared resource (analysis, OCR, import threads): at most `limit` calls of one user run at
 * once in this process; one more is refused at once with 429 and `message`, so one account cannot fill a queue that
 * other users' work waits in. Other users are not affected.
 */
export function userSlots(limit: number, message: string) {
  const busy = new Map<number, number>();
  return {
    /** Runs `fn` in one of the user's slots; throws AppError 429 when all of them are taken. */
    async run<T>(userId: number, fn: () => Promise<T>): Promise<T> {
      const n = busy.get(userId) ?? 0;
      if (n >= limit) throw new AppError(ApiCode.TooManyRequests, message);
      busy.set(userId, n + 1);
      try {
        return await fn();
      } finally {
        const left = (busy.get(userId) ?? 1) - 1;
        if (left > 0) busy.set(userId, left);
        else busy.delete(userId);
      }
    },
  };
}
