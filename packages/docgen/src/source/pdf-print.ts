import type { PrintedSource } from './render-source-pdf';
import { readPdfPages, type PdfPageReport } from '../verify/verify';

/** A printed source-code PDF, its pages as read back from the bytes (when asked for) and the milliseconds spent. */
export interface RenderedSource {
  pdf: Buffer;
  pages?: PdfPageReport[];
  ms: { render: number; read?: number };
}

/** Prints a source-code PDF and, with `readBack`, reads the bytes back; shared by both renderers. */
export async function printSource(model: PrintedSource, readBack: boolean): Promise<RenderedSource> {
  const { renderSourceCodePdf } = await import('./render-source-pdf');
  let t = performance.now();
  const pdf = await renderSourceCodePdf(model);
  const render = performance.now() - t;
  if (!readBack) return { pdf, ms: { render } };
  t = performance.now();
  const pages = await readPdfPages(pdf);
  return { pdf, pages, ms: { render, read: performance.now() - t } };
}

