import { DocgenError } from '../errors';

interface TextItem {
  str: string;
  transform: number[];
  hasEOL?: boolean;
}

/**
 * The text layer of a PDF (e.g. a correction notice downloaded from the CPCC site), read with pdfjs-dist: per page,
 * text items are grouped into lines by baseline (top to bottom, left to right) and pages are joined with a blank
 * line. A scanned PDF has no text layer and gives `text: ''`. Throws DocgenError PDF_UNREADABLE for bytes that are
 * not a readable PDF (or an encrypted one).
 */
export async function readPdfText(pdf: Uint8Array, maxPages = 30): Promise<{ text: string; pages: number }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc;
  try {
    doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  } catch (e) {
    throw new DocgenError('PDF_UNREADABLE', `无法读取 PDF：${(e as Error).message}`);
  }
  const out: string[] = [];
  const pages = Math.min(doc.numPages, maxPages);
  try {
    for (let i = 1; i <= pages; i++) {
      const page = await doc.getPage(i);
      const tc = await page.getTextContent();
      const items = (tc.items as TextItem[]).filter((it) => typeof it.str === 'string' && it.str !== '');
      const rows: { y: number; items: TextItem[] }[] = [];
      for (const it of [...items].sort((a, b) => b.transform[5]! - a.transform[5]!)) {
        const y = it.transform[5]!;
        const last = rows[rows.length - 1];
        if (last && Math.abs(last.y - y) < 3) last.items.push(it);
        else rows.push({ y, items: [it] });
      }
      out.push(rows.map((r) => r.items.sort((a, b) => a.transform[4]! - b.transform[4]!).map((t) => t.str).join('')).join('\n'));
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  return { text: out.join('\n\n').trim(), pages };
}

/** A raster image taken from a PDF page (8 bits per channel, row-major). */
export interface PdfImage {
  page: number;
  width: number;
  height: number;
  channels: 3 | 4;
  data: Uint8Array;
}

/**
 * The largest picture of each page of a PDF (a scanned notice is one picture per page), decoded by pdfjs-dist into
 * raw RGB/RGBA pixels for OCR. Pages without a picture are skipped; 1-bit images are expanded to RGB. Throws
 * DocgenError PDF_UNREADABLE for bytes that are not a readable PDF.
 */
export async function readPdfImages(pdf: Uint8Array, maxPages = 10): Promise<PdfImage[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc;
  try {
    doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  } catch (e) {
    throw new DocgenError('PDF_UNREADABLE', `无法读取 PDF：${(e as Error).message}`);
  }
  const out: PdfImage[] = [];
  try {
    for (let i = 1; i <= Math.min(doc.numPages, maxPages); i++) {
      const page = await doc.getPage(i);
      const ops = await page.getOperatorList();
      let best: PdfImage | undefined;
      for (let k = 0; k < ops.fnArray.length; k++) {
        if (ops.fnArray[k] !== pdfjs.OPS.paintImageXObject) continue;
        const name = (ops.argsArray[k] as unknown[])[0] as string;
        const img = await new Promise<{ width: number; height: number; kind: number; data?: Uint8Array } | null>((resolve) => {
          try {
            (page.objs as unknown as { get(n: string, cb: (v: unknown) => void): void }).get(name, (v) => resolve(v as never));
          } catch {
            resolve(null);
          }
        });
        if (!img?.data || !img.width || !img.height) continue;
        let channels: 3 | 4;
        let data: Uint8Array;
        if (img.kind === 3) [channels, data] = [4, img.data];
        else if (img.kind === 2) [channels, data] = [3, img.data];
        else {
          // 1 bit per pixel, rows padded to whole bytes; 1 = white.
          const rowBytes = Math.ceil(img.width / 8);
          data = new Uint8Array(img.width * img.height * 3);
          for (let y = 0; y < img.height; y++)
            for (let x = 0; x < img.width; x++) {
              const on = (img.data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
              data.fill(on ? 255 : 0, (y * img.width + x) * 3, (y * img.width + x) * 3 + 3);
            }
          channels = 3;
        }
        if (!best || img.width * img.height > best.width * best.height) best = { page: i, width: img.width, height: img.height, channels, data };
      }
      if (best) out.push(best);
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  return out;
}
