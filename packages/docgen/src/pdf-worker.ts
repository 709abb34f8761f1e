// The PDF thread of the CLI (pdf-thread.ts threadRenderer): loads pdfkit and the CJK font as soon as it starts,
// then prints the PDFs it is sent and reads the source-code PDF back.
import { parentPort } from 'node:worker_threads';
import { DocgenError } from './errors';
import { prepareFonts } from './pdf-kit';
import { printSource } from './pdf-print';
import type { FormTable } from './render-form';
import { renderFormTablePdf } from './render-form-pdf';
import type { PrintedSource } from './render-source-pdf';

type Request = { id: number } & ({ kind: 'source'; model: PrintedSource; readBack: boolean } | { kind: 'form'; table: FormTable });

/** The bytes in an ArrayBuffer of their own, so it can be transferred (a small Buffer may share Node's pool). */
function owning(b: Buffer): Uint8Array<ArrayBuffer> {
  return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer ? (b as Uint8Array<ArrayBuffer>) : new Uint8Array(b);
}

try {
  prepareFonts();
} catch {
  /* a missing font is reported by the first document, as on the calling thread */
}

parentPort!.on('message', (req: Request) => {
  void (async () => {
    try {
      if (req.kind === 'source') {
        const r = await printSource(req.model, req.readBack);
        const pdf = owning(r.pdf);
        parentPort!.postMessage({ id: req.id, pdf, pages: r.pages, ms: r.ms }, [pdf.buffer]);
      } else {
        const pdf = owning(await renderFormTablePdf(req.table));
        parentPort!.postMessage({ id: req.id, pdf }, [pdf.buffer]);
      }
    } catch (e) {
      parentPort!.postMessage({ id: req.id, error: { code: e instanceof DocgenError ? e.code : undefined, message: (e as Error)?.message ?? String(e) } });
    }
  })();
});
