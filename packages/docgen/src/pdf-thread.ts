import type { Worker } from 'node:worker_threads';
import { DocgenError, type DocgenErrorCode } from './errors';
import type { ApplicationForm } from './form';
import { printSource, type RenderedSource } from './pdf-print';
import { formTable, renderApplicationFormPdf } from './render-form';
import { printedSource } from './render-source-pdf';
import type { SourceCodeDocument } from './source-document';
import type { PdfPageReport } from './verify';

/** Where the source-code and application-form PDFs are printed: this thread, or a thread of their own. */
export interface PdfRenderer {
  /** Prints the source code; with `readBack`, also reads the printed bytes back (readPdfPages, defaults). */
  sourcePdf(model: SourceCodeDocument, readBack: boolean): Promise<RenderedSource>;
  formPdf(form: ApplicationForm): Promise<Buffer>;
  close(): Promise<void>;
}

/** Renders on the calling thread (the server's jobs, tests). */
export const localRenderer: PdfRenderer = {
  sourcePdf: (model, readBack) => printSource(model, readBack),
  formPdf: (form) => renderApplicationFormPdf(form),
  close: async () => undefined,
};

type Reply = { id: number; pdf?: Uint8Array; pages?: PdfPageReport[]; ms?: RenderedSource['ms']; error?: { code?: DocgenErrorCode; message: string } };

/**
 * Renders in the PDF thread `worker` (pdf-worker.ts, started by pdf-worker-start.ts): it loads pdfkit and reads the
 * CJK font while the caller reads and paginates the code, then prints each PDF as it is asked and reads the
 * source-code PDF back from its bytes. On two cores the printing overlaps the analysis and the Word files. Errors
 * come back as DocgenError; `close()` stops the thread.
 */
export function threadRenderer(worker: Worker): PdfRenderer {
  const pending = new Map<number, { resolve(r: Reply): void; reject(e: Error): void }>();
  let next = 0;
  let failed: Error | undefined;
  worker.on('message', (r: Reply) => {
    const p = pending.get(r.id);
    pending.delete(r.id);
    if (!p) return;
    if (r.error) p.reject(r.error.code ? new DocgenError(r.error.code, r.error.message) : new Error(r.error.message));
    else p.resolve(r);
  });
  const fail = (e: Error) => {
    failed = e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`PDF 线程已退出（${code}）`)));
  const ask = (msg: object): Promise<Reply> =>
    new Promise((resolve, reject) => {
      if (failed) return reject(failed);
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...msg, id });
    });
  return {
    async sourcePdf(model, readBack) {
      const r = await ask({ kind: 'source', model: printedSource(model), readBack });
      return { pdf: Buffer.from(r.pdf!.buffer, r.pdf!.byteOffset, r.pdf!.byteLength), pages: r.pages, ms: r.ms! };
    },
    async formPdf(form) {
      const r = await ask({ kind: 'form', table: formTable(form) });
      return Buffer.from(r.pdf!.buffer, r.pdf!.byteOffset, r.pdf!.byteLength);
    },
    async close() {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
