import { createRequire } from 'node:module';
import path from 'node:path';
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
 * raw RGB/RGBA pixels for OCR. Pages without a picture are skipped; 1-bit images are expanded to RGB. A picture of
 * more than `maxPixels` (width × height) is never decoded: pdfjs refuses it from its dictionary (`maxImageSize`) and
 * this throws DocgenError PDF_IMAGE_TOO_LARGE. Throws DocgenError PDF_UNREADABLE for bytes that are not a readable PDF.
 */
export async function readPdfImages(pdf: Uint8Array, maxPages = 10, maxPixels = 40_000_000): Promise<PdfImage[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc;
  try {
    // verbosity 1: pdfjs reports an image over maxImageSize only by a warning (it leaves the image out of the page).
    doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 1, maxImageSize: maxPixels }).promise;
  } catch (e) {
    throw new DocgenError('PDF_UNREADABLE', `无法读取 PDF：${(e as Error).message}`);
  }
  const out: PdfImage[] = [];
  try {
    for (let i = 1; i <= Math.min(doc.numPages, maxPages); i++) {
      const page = await doc.getPage(i);
      const { value: ops, warnings } = await withPdfjsWarnings(() => page.getOperatorList());
      if (warnings.some((w) => /exceeded maximum allowed size/i.test(w))) throw new DocgenError('PDF_IMAGE_TOO_LARGE', `PDF 第 ${i} 页的图片超过 ${maxPixels} 像素的上限`);
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

/**
 * Runs `fn` while collecting pdfjs-dist's warnings (it writes them with console.log as "Warning: …"); other lines pass
 * through. pdfjs-dist runs its parser in the calling thread under Node, so its warnings of this call land here.
 */
async function withPdfjsWarnings<T>(fn: () => Promise<T>): Promise<{ value: T; warnings: string[] }> {
  const warnings: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('Warning: ')) warnings.push(args[0]);
    else log(...args);
  };
  try {
    return { value: await fn(), warnings };
  } finally {
    console.log = log;
  }
}

/** Bounds of renderPdfFirstPage. */
export interface PdfPageRenderLimits {
  /** Longest side of the picture, px. */
  maxSide: number;
  /** Pixels (width × height) of any picture inside the page beyond which the page is refused before decoding it. */
  maxImagePixels: number;
}

/**
 * Page 1 of a PDF drawn as a PNG (white background, longest side `maxSide` px or the page at 2× if smaller), with
 * pdfjs-dist and the canvas it loads under Node (@napi-rs/canvas). Only the page's drawing is made: no script, form,
 * annotation action or attached file of the PDF is run or carried into the picture. Fonts the PDF does not embed come
 * from pdfjs-dist's standard fonts and CMaps. Returns the PNG, its size in px and the PDF's page count. Throws
 * DocgenError PDF_IMAGE_TOO_LARGE (a picture over `maxImagePixels`) or PDF_UNREADABLE (not a readable PDF, encrypted,
 * no page, or not drawable).
 */
export async function renderPdfFirstPage(pdf: Uint8Array, limits: PdfPageRenderLimits): Promise<{ png: Buffer; width: number; height: number; pages: number }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // File-system paths with a trailing separator: pdfjs-dist reads them with fs.readFile under Node.
  const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')) + path.sep;
  const params = {
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: `${pdfjsRoot}standard_fonts${path.sep}`,
    cMapUrl: `${pdfjsRoot}cmaps${path.sep}`,
    cMapPacked: true,
    maxImageSize: limits.maxImagePixels,
    // Warnings on: a picture over maxImageSize is reported only by one (collected below, never logged).
    verbosity: 1,
  };
  let doc;
  try {
    doc = (await withPdfjsWarnings(() => pdfjs.getDocument(params).promise)).value;
  } catch (e) {
    throw new DocgenError('PDF_UNREADABLE', `无法读取 PDF：${(e as Error).message}`);
  }
  try {
    const { value, warnings } = await withPdfjsWarnings(async () => {
      const page = await doc.getPage(1);
      const natural = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: Math.min(2, limits.maxSide / Math.max(natural.width, natural.height)) });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      // The document's canvas factory (typed as Object by pdfjs-dist): NodeCanvasFactory under Node.
      const factory = doc.canvasFactory as { create(w: number, h: number): unknown };
      const { canvas, context } = factory.create(width, height) as {
        canvas: { toBuffer(mime: 'image/png'): Buffer };
        context: Parameters<typeof page.render>[0]['canvasContext'] & { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void };
      };
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      await page.render({ canvasContext: context, viewport, annotationMode: pdfjs.AnnotationMode.DISABLE }).promise;
      page.cleanup();
      return { png: canvas.toBuffer('image/png'), width, height };
    });
    if (warnings.some((w) => /exceeded maximum allowed size/i.test(w))) throw new DocgenError('PDF_IMAGE_TOO_LARGE', `PDF 第 1 页的图片超过 ${limits.maxImagePixels} 像素的上限`);
    return { ...value, pages: doc.numPages };
  } catch (e) {
    if (e instanceof DocgenError) throw e;
    throw new DocgenError('PDF_UNREADABLE', `无法绘制 PDF 第 1 页：${(e as Error).message}`);
  } finally {
    await doc.destroy();
  }
}
