// The PDF thread of the CLI (pdf-thread.ts threadRenderer): opens the CJK font as soon as it starts, turns files
// into printed lines as the caller reads them, then paginates the code (handing the document back at once), prints
// the source-code PDF and reads it back.
import { parentPort } from 'node:worker_threads';
import { DocgenError } from '../errors';
import { prepareLiteFonts } from '../render/pdf-lite';
import { printSource } from './pdf-print';
import { CLAIM_CALLER, CLAIM_THREAD, CLAIMABLE_FILES, type PreparedRef } from './pdf-claims';
import { printedSource, type PrintedSource } from './render-source-pdf';
import { buildSourceCodeDocument, BLOCK_LINES_MAX, prepareSourceFile, type BuildSourceCodeOptions, type PrepareOptions, type PreparedSourceFile, type SourceText } from './source-document';

type Request =
  | { kind: 'begin'; opts: PrepareOptions; claims: Int32Array }
  | { kind: 'prepare'; files: SourceText[] }
  | { kind: 'lent'; files: PreparedSourceFile[] }
  | ({ id: number } & (
  | { kind: 'source'; documentId: number; opts: Omit<BuildSourceCodeOptions, 'files'> & { files: (BuildSourceCodeOptions['files'][number] | PreparedRef)[] }; readBack: boolean }
  | { kind: 'print'; model: PrintedSource; readBack: boolean }
));

const errorOf = (e: unknown) => ({ code: e instanceof DocgenError ? e.code : undefined, message: (e as Error)?.message ?? String(e) });

/** The bytes in an ArrayBuffer of their own, so it can be transferred (a small Buffer may share Node's pool). */
function owning(b: Buffer): Uint8Array<ArrayBuffer> {
  return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer ? (b as Uint8Array<ArrayBuffer>) : new Uint8Array(b);
}

// The CJK font is read while the caller reads the code: for pdf-lite when it has CFF outlines, else (a TrueType
// CJK font) for pdfkit, loaded only then. It is read once the files already sent are prepared (setImmediate runs
// after the messages waiting at start), so a thread that starts late catches up with the reading first.
setImmediate(() => {
  void (async () => {
    try {
      if (!prepareLiteFonts()) (await import('../render/pdf-kit')).prepareFonts();
    } catch {
      /* a missing font is reported by the first document, as on the calling thread */
    }
  })();
});

// Files prepared ahead (kind 'begin', then 'prepare' batches), by path; a file that failed holds its error. The
// calling thread may take files too (claims, pdf-thread.ts lend): their counts come back in one 'lent' message, and
// their texts are kept here in case their lines are printed.
let preparing: PrepareOptions | undefined;
let claims: Int32Array | undefined;
let received = 0;
/** Printed lines of the files prepared so far with their lines kept. */
let keptLines = 0;
let lentAway = 0;
const prepared = new Map<string, PreparedSourceFile | Error>();
const lentTexts = new Map<string, SourceText>();
let lent: Promise<void> = Promise.resolve();
let settleLent: (() => void) | undefined;

/** The document's files with references to prepared files resolved; throws what preparing such a file threw. */
function resolveFiles(files: (BuildSourceCodeOptions['files'][number] | PreparedRef)[]): BuildSourceCodeOptions['files'] {
  return files.map((f) => {
    if (!('ref' in f)) return f;
    const p = prepared.get(f.ref);
    if (!p) throw new Error(`PDF 线程没有收到文件 ${f.ref}`);
    if (p instanceof Error) throw p;
    return p;
  });
}

parentPort!.on('message', (req: Request) => {
  if (req.kind === 'begin') {
    preparing = req.opts;
    claims = req.claims;
    received = 0;
    keptLines = 0;
    lentAway = 0;
    prepared.clear();
    lentTexts.clear();
    settleLent?.();
    lent = new Promise((resolve) => (settleLent = resolve));
    return;
  }
  if (req.kind === 'lent') {
    for (const p of req.files) prepared.set(p.path, { ...p, source: lentTexts.get(p.path) });
    settleLent?.();
    return;
  }
  if (req.kind === 'prepare') {
    for (const f of req.files) {
      const n = received++;
      if (claims && n < CLAIMABLE_FILES && Atomics.compareExchange(claims, n, 0, CLAIM_THREAD) === CLAIM_CALLER) {
        lentAway++;
        lentTexts.set(f.path, f);
        continue;
      }
      try {
        // The lines of the first files are kept (they are printed on the first pages); later files are only
        // counted, with their text kept to prepare again the few whose lines fall on the last pages. Holding every
        // line would only make the collector copy them.
        const keep = keptLines < BLOCK_LINES_MAX;
        const p = prepareSourceFile(f, preparing ?? {}, keep);
        if (keep) keptLines += p.count;
        else p.source = f;
        prepared.set(f.path, p);
      } catch (e) {
        prepared.set(f.path, e as Error);
      }
    }
    return;
  }
  // Anything else without an id (bin/code-cache.cjs's save-code-cache) is not for this module.
  if (!('id' in req)) return;
  void (async () => {
    try {
      let model: PrintedSource;
      if (req.kind === 'source') {
        const t = performance.now();
        let document;
        try {
          // The counts of files the calling thread took are on their way.
          if (lentAway) await lent;
          document = buildSourceCodeDocument({ ...req.opts, files: resolveFiles(req.opts.files) });
        } catch (e) {
          parentPort!.postMessage({ id: req.documentId, error: errorOf(e) });
          throw e;
        }
        // The code's text is not needed any more: let the collector drop it rather than copy it while printing.
        req.opts.files = [];
        prepared.clear();
        lentTexts.clear();
        // Without its manifest, which the calling thread makes again from the pages (sourceManifest): a copy of one
        // object per printed line, each with its file's path, costs more to send than to make.
        parentPort!.postMessage({ id: req.documentId, document: { ...document, manifest: undefined }, buildMs: performance.now() - t });
        model = printedSource(document);
      } else model = req.model;
      const r = await printSource(model, req.readBack);
      const pdf = owning(r.pdf);
      parentPort!.postMessage({ id: req.id, pdf, pages: r.pages, ms: r.ms }, [pdf.buffer]);
    } catch (e) {
      parentPort!.postMessage({ id: req.id, error: errorOf(e) });
    }
  })();
});
