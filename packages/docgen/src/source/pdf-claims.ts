// What the calling thread and the CLI's PDF thread share about files handed over for preparation (pdf-thread.ts
// threadRenderer, pdf-worker.ts): kept apart so that the PDF thread loads nothing else of the calling side.

/** A file already handed to the PDF thread's preparer, named by its path. */
export type PreparedRef = { ref: string };

/**
 * Files handed to the preparer that either thread may prepare: the n-th file sent is taken by the PDF thread when it
 * sets claims[n] from 0 to CLAIM_THREAD, by the calling thread (lend) when it sets it to CLAIM_CALLER (Atomics, so
 * never both). Files beyond the first CLAIMABLE_FILES are prepared by the PDF thread alone.
 */
export const CLAIMABLE_FILES = 65_536;
export const CLAIM_THREAD = 1;
export const CLAIM_CALLER = 2;
