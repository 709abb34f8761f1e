/**
 * Worker thread that reads untrusted uploads with bounds (piscina; see files-pool.ts), so inflating a workbook or
 * decoding a notice's pictures never holds up the server's event loop and never grows the main heap.
 * Tasks: `{ kind: 'workbook', data }` → ParsedWorkbook; `{ kind: 'notice', data }` → PreparedNotice;
 * `{ kind: 'voucherPage', data }` → page 1 of a PDF voucher as PNG bytes.
 * Answer: `{ ok: true, value }` or `{ ok: false, message }` with the Chinese message for the user (refusals are
 * returned, not thrown, so the message crosses the thread boundary intact).
 */
import { lowerThreadPriority } from '@mazhu/docgen/thread-priority';
import { AppError } from '../lib/errors';
import { readWorkbook, type ParsedWorkbook } from '../modules/batch/batch.excel';
import { WorkbookRefusal } from '../modules/batch/batch.xlsx-read';
import { prepareNotice, type PreparedNotice } from '../modules/corrections/notice-reader';
import { renderVoucherPage } from '../modules/points/voucher-file';

lowerThreadPriority();

export type FilesTask = { kind: 'workbook' | 'notice' | 'voucherPage'; data: Uint8Array };
export type FilesAnswer<T> = { ok: true; value: T } | { ok: false; code: number; message: string };

export default async function filesTask(task: FilesTask): Promise<FilesAnswer<ParsedWorkbook | PreparedNotice | Uint8Array>> {
  try {
    if (task.kind === 'workbook') return { ok: true, value: await readWorkbook(task.data) };
    if (task.kind === 'voucherPage') return { ok: true, value: await renderVoucherPage(task.data) };
    return { ok: true, value: await prepareNotice(Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength)) };
  } catch (e) {
    if (e instanceof WorkbookRefusal) return { ok: false, code: 400, message: e.message };
    if (e instanceof AppError) return { ok: false, code: e.code, message: e.message };
    throw e;
  }
}
