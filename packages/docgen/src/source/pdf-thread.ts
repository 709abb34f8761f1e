import type { Worker } from 'node:worker_threads';
import { DocgenError, type DocgenErrorCode } from '../errors';
import type { ApplicationForm } from '../form/form';
import type { CodeFile } from '../intake/intake';
import { printSource, type RenderedSource } from './pdf-print';
import { renderApplicationFormPdf } from '../form/render-form';
import { printedSource } from './render-source-pdf';
import { BLOCK_LINES_MAX, buildSourceCodeDocument, preparationKey, sourceManifest, prepareSourceFile, type BuildSourceCodeOptions, type PrepareOptions, type PreparedSourceFile, type SourceCodeDocument, type SourceText } from './source-document';
import type { PdfPageReport } from '../verify/verify';
import { CLAIM_CALLER, CLAIMABLE_FILES, type PreparedRef } from './pdf-claims';

/** A source-code document as built by a renderer, and the milliseconds its pagination took. */
export interface BuiltSource {
  document: SourceCodeDocument;
  ms: number;
}

/** Where the source-code and application-form PDFs are printed: this thread, or a thread of their own. */
export interface PdfRenderer {
  /**
   * Builds the source-code document from `opts` (buildSourceCodeDocument: pagination, scrubbing) and prints it;
   * with `readBack`, also reads the printed bytes back (readPdfPages, defaults). `document` settles first, `printed`
   * once the PDF is made; both reject with the builder's DocgenError (EMPTY_CODEBASE, BAD_OPTION…).
   */
  source(opts: BuildSourceCodeOptions, readBack: boolean): { document: Promise<BuiltSource>; printed: Promise<RenderedSource> };
  /**
   * Optional: starts turning files into printed lines ahead of `source` (prepareSourceFile with `opts`) and
   * returns where to hand each file as soon as it is read. A later `source` call with the same preparation
   * options uses the lines already made for the very file objects handed here and prepares the others itself.
   */
  preparer?(opts: PrepareOptions): (file: CodeFile) => void;
  /**
   * Optional: lends the calling thread while the document of the last `source` call is under way. It counts the
   * printed lines of files handed to the preparer that the renderer's thread has not started, last first, and hands
   * the counts over, with the printed lines of the last files (up to BLOCK_LINES_MAX, the last pages); the renderer
   * prepares again any other counted file whose lines it prints. Returns when none is left.
   */
  lend?(): void;
  formPdf(form: ApplicationForm): Promise<Buffer>;
  close(): Promise<void>;
}

/** Builds the source-code document on this thread; the promise rejects with the builder's error. */
function buildHere(opts: BuildSourceCodeOptions): Promise<BuiltSource> {
  const t = performance.now();
  try {
    const document = buildSourceCodeDocument(opts);
    return Promise.resolve({ document, ms: performance.now() - t });
  } catch (e) {
    return Promise.reject(e as Error);
  }
}

/** Renders on the calling thread (the server's jobs, tests). */
export const localRenderer: PdfRenderer = {
  source(opts, readBack) {
    const document = buildHere(opts);
    return { document, printed: document.then((b) => printSource(printedSource(b.document), readBack)) };
  },
  formPdf: (form) => renderApplicationFormPdf(form),
  close: async () => undefined,
};

/** Files are sent to the PDF thread in batches of about this many characters. */
const PREPARE_BATCH_CHARS = 256 * 1024;

type Reply = {
  id: number;
  document?: SourceCodeDocument;
  buildMs?: number;
  pdf?: Uint8Array;
  pages?: PdfPageReport[];
  ms?: RenderedSource['ms'];
  error?: { code?: DocgenErrorCode; message: string };
};

/** True when the file's text is re-read from disk on each use (intake keeps very large code bases out of memory). */
const textOnDisk = (f: object) => typeof Object.getOwnPropertyDescriptor(f, 'text')?.get === 'function';

/**
 * Renders in the PDF thread `worker` (pdf-worker.ts, started by pdf-worker-start.ts): it opens the CJK font while
 * the caller reads the code; then it paginates the code it is sent, hands the document back, prints it and reads
 * the PDF back from its bytes. The form is printed on the calling thread. On two cores the pagination and the
 * printing overlap the caller's analysis and Word files. Code bases whose text intake keeps on disk are paginated
 * on the calling thread (their text is not copied into a message). Errors come back as DocgenError; `close()`
 * stops the thread.
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
  const asPrinted = (r: Reply): RenderedSource => ({ pdf: Buffer.from(r.pdf!.buffer, r.pdf!.byteOffset, r.pdf!.byteLength), pages: r.pages, ms: r.ms! });
  const textOf = (f: SourceText): SourceText => ({ path: f.path, language: f.language, comments: f.comments, text: f.text, lines: f.lines });
  // Files handed to the preparer: path → the file object, so that only that very object is later sent by reference.
  let prep: { key: string; opts: PrepareOptions; sent: Map<string, object>; order: CodeFile[]; claims: Int32Array; batch: SourceText[]; chars: number } | undefined;
  // The files of the last source() call that went by reference, for lend().
  let lendable: Set<object> | undefined;
  const flush = () => {
    if (!prep?.batch.length || failed) return;
    worker.postMessage({ kind: 'prepare', files: prep.batch });
    prep.batch = [];
    prep.chars = 0;
  };
  return {
    preparer(opts) {
      const claims = new Int32Array(new SharedArrayBuffer(CLAIMABLE_FILES * 4));
      prep = { key: preparationKey(opts), opts, sent: new Map(), order: [], claims, batch: [], chars: 0 };
      lendable = undefined;
      const mine = prep;
      worker.postMessage({ kind: 'begin', opts, claims });
      return (f) => {
        if (prep !== mine || textOnDisk(f)) return;
        mine.batch.push(textOf(f));
        mine.sent.set(f.path, f);
        mine.order.push(f);
        mine.chars += f.text.length;
        if (mine.chars >= PREPARE_BATCH_CHARS) flush();
      };
    },
    source(opts, readBack) {
      if (opts.files.some(textOnDisk)) {
        // Paginated here, printed there.
        const document = buildHere(opts);
        return {
          document,
          printed: document.then(async (b) => asPrinted(await ask({ kind: 'print', model: printedSource(b.document), readBack }))),
        };
      }
      flush();
      const reuse = prep?.key === preparationKey(opts) ? prep.sent : undefined;
      lendable = reuse ? new Set(opts.files.filter((f) => reuse.get(f.path) === f)) : undefined;
      const files = opts.files.map((f): SourceText | PreparedRef | BuildSourceCodeOptions['files'][number] =>
        'prepared' in f ? f : reuse?.get(f.path) === f ? { ref: f.path } : textOf(f),
      );
      const documentId = next++;
      const document = new Promise<Reply>((resolve, reject) => {
        if (failed) return reject(failed);
        pending.set(documentId, { resolve, reject });
      }).then((r) => ({ document: { ...r.document!, manifest: sourceManifest(r.document!) }, ms: r.buildMs! }));
      const printed = ask({ kind: 'source', documentId, opts: { ...opts, files }, readBack }).then(asPrinted);
      return { document, printed };
    },
    lend() {
      const p = prep;
      const wanted = lendable;
      lendable = undefined;
      if (!p || !wanted) return;
      const counted: PreparedSourceFile[] = [];
      let claimed = 0;
      let kept = 0;
      try {
        for (let i = Math.min(p.order.length, CLAIMABLE_FILES) - 1; i >= 0; i--) {
          // The thread takes files in the order they were sent: once it holds one, it holds every earlier one.
          if (Atomics.compareExchange(p.claims, i, 0, CLAIM_CALLER) !== 0) break;
          claimed++;
          const f = p.order[i];
          // A file the document leaves out (intake dropped it after reading it) is only kept from the thread. The
          // last files, which fill the last pages, go with their printed lines; the others are counted only (the
          // thread has their text, and prepares again the few whose lines it prints).
          if (!wanted.has(f)) continue;
          const keep = kept < BLOCK_LINES_MAX;
          const prepared = prepareSourceFile(f, p.opts, keep);
          if (keep) kept += prepared.count;
          counted.push(prepared);
        }
      } finally {
        // The thread waits for what was claimed; a file missing here fails the document instead of hanging it.
        if (claimed) worker.postMessage({ kind: 'lent', files: counted });
      }
    },
    // The form is printed here: it is ready only after the analysis, when the thread still prints and reads back
    // the source-code PDF, and it is small (two pages).
    formPdf: (form) => renderApplicationFormPdf(form),
    async close() {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
