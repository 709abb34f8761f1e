import { readlinkSync } from 'node:fs';
import os from 'node:os';

/**
 * Lowers the CPU priority of the calling worker thread (Linux: setpriority on the thread's own id, read from
 * /proc/thread-self), so the event-loop thread answering requests wins the cores over archive analysis and
 * rendering (the server's engine and intake threads, the screen renderer's). `niceness` 0–19 (higher = lower
 * priority). Does nothing where threads cannot be told apart.
 */
export function lowerThreadPriority(niceness = 10): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid !== process.pid) os.setPriority(tid, niceness);
  } catch {
    // Not Linux, or not permitted: the thread keeps the process's priority.
  }
}
