// The PDF thread of the CLI (pdf-thread.ts threadRenderer): loads pdfkit and the CJK font as soon as it starts,
// then prints the PDFs it is sent and reads the source-code PDF back.
import { parentPort } from 'node:worker_threads';
import { DocgenError } from './errors';
import type { ApplicationForm } from './form';
import { prepareFonts } from './pdf-kit';
import { printSource } from './pdf-thread';
import { renderApplicationFormPdf } from './render-form';
import type { PrintedSource } from './render-source-pdf';

type Request = { id: number } & ({ kind: 'source'; model: PrintedSource; readBack: boolean } | { kind: 'form'; form: ApplicationForm });

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
        parentPort!.postMessage({ id: req.id, pdf: r.pdf, pages: r.pages, ms: r.ms }, [r.pdf.buffer as ArrayBuffer]);
      } else {
        const pdf = await renderApplicationFormPdf(req.form);
        parentPort!.postMessage({ id: req.id, pdf }, [pdf.buffer as ArrayBuffer]);
      }
    } catch (e) {
      parentPort!.postMessage({ id: req.id, error: { code: e instanceof DocgenError ? e.code : undefined, message: (e as Error)?.message ?? String(e) } });
    }
  })();
});
