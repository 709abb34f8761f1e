/**
 * Worker thread that reads and analyses uploaded code archives (piscina; see intake-pool.ts), so inflating and
 * counting a large archive never holds up the server's event loop.
 * Task: { archive: path on this machine | bytes, kind, selection? }. Answer: { ok: true, code } or
 * { ok: false, error: { name, code, message } } — errors are returned, not thrown, so DocgenError's code and
 * Chinese message cross the thread boundary intact.
 */
import type { CodeSelection } from '@mazhu/contracts';
import { lowerThreadPriority } from '@mazhu/docgen';
import type { IntakenCode } from './materials';
import { runIntake } from './materials-core';

lowerThreadPriority();

export interface IntakeTask {
  archive: string | Uint8Array;
  kind: 'zip' | 'tar.gz';
  selection?: CodeSelection;
}

export type IntakeAnswer = { ok: true; code: IntakenCode } | { ok: false; error: { name?: string; code?: string; message: string } };

export default async function intakeTask(task: IntakeTask): Promise<IntakeAnswer> {
  try {
    return { ok: true, code: await runIntake(task.archive, task.kind, task.selection) };
  } catch (e) {
    const err = e as { name?: string; code?: string; message?: string };
    return { ok: false, error: { name: err?.name, code: err?.code, message: err?.message ?? String(e) } };
  }
}
