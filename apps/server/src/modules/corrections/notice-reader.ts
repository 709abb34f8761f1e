import { createRequire } from 'node:module';
import path from 'node:path';
import type { NoticeText } from '@mazhu/contracts';
// The PDF reader alone (not the whole engine): this module is loaded by the untrusted-file thread.
import { readPdfImages, readPdfText, type PdfImage } from '@mazhu/docgen/pdf-text';
import sharp from 'sharp';
import type { Worker } from 'tesseract.js';
import type { FilesPool } from '../../jobs/files-pool';
import { AppError, badRequest } from '../../lib/errors';

const require = createRequire(import.meta.url);

/** Kind of an uploaded notice file, from its first bytes (never from the client's file name). */
export function sniffNotice(buf: Uint8Array): 'pdf' | 'image' | undefined {
  if (buf[0] === 0x25 && buf[1] === 0x50 && buf[2] === 0x44 && buf[3] === 0x46) return 'pdf'; // %PDF
  if (buf[0] === 0x89 && buf[1] === 0x50 && buf[2] === 0x4e && buf[3] === 0x47) return 'image'; // PNG
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image'; // JPEG
  if (buf[0] === 0x52 && buf[1] === 0x49 && buf[2] === 0x46 && buf[3] === 0x46 && buf[8] === 0x57 && buf[9] === 0x45) return 'image'; // WebP
  return undefined;
}

/**
 * Bounds of a notice's pictures, checked before any pixel is decoded: a scan of an A4 page at 600 dpi is 35
 * megapixels; anything larger is refused (a 20000 × 20000 picture would take 1.2 GB once expanded to RGB).
 */
export const NOTICE_IMAGE_LIMITS = { maxPixels: 40_000_000 } as const;

const TOO_LARGE = `通知书中的图片超过 ${NOTICE_IMAGE_LIMITS.maxPixels / 1_000_000} 百万像素的上限，请上传 A4 大小、600 dpi 以内的扫描件或照片`;
const NOT_AN_IMAGE = '无法读取这张图片，请上传清晰的 PNG 或 JPEG 照片/扫描件';

/**
 * What the untrusted-file thread gives back for a notice: the PDF's text layer, or the pictures prepared for OCR
 * (grey, upright, 1600–2400 px wide PNGs), one per page.
 */
export type PreparedNotice = { kind: 'text'; text: string; pages: number } | { kind: 'images'; images: Uint8Array[]; pages: number };

/** Grey, upright (EXIF), at most 2400 px wide, contrast stretched: what tesseract reads best. Never more than maxPixels decoded. */
async function prepareImage(image: Buffer | { data: Uint8Array; width: number; height: number; channels: 3 | 4 }): Promise<Uint8Array> {
  try {
    const img = Buffer.isBuffer(image)
      ? sharp(image, { failOn: 'none', limitInputPixels: NOTICE_IMAGE_LIMITS.maxPixels })
      : sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: image.channels }, limitInputPixels: NOTICE_IMAGE_LIMITS.maxPixels });
    const meta = await img.metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > NOTICE_IMAGE_LIMITS.maxPixels) throw badRequest(TOO_LARGE);
    const prepared = img.rotate().greyscale().normalise();
    return await (meta.width && meta.width > 2400 ? prepared.resize({ width: 2400 }) : meta.width && meta.width < 1000 ? prepared.resize({ width: 1600 }) : prepared).png().toBuffer();
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (/pixel limit/i.test((e as Error).message ?? '')) throw badRequest(TOO_LARGE);
    throw badRequest(NOT_AN_IMAGE);
  }
}

/**
 * Reads a notice file as far as OCR: a PDF's text layer (pdfjs-dist through docgen), else the largest picture of each
 * page (a picture over NOTICE_IMAGE_LIMITS.maxPixels is refused before it is decoded), or a photo (PNG, JPEG, WebP),
 * prepared for OCR. Runs in the untrusted-file thread (jobs/files-worker.ts). Throws AppError with a Chinese message.
 */
export async function prepareNotice(file: Buffer): Promise<PreparedNotice> {
  const kind = sniffNotice(file);
  if (!kind) throw new AppError(415, '只支持 PDF、PNG、JPEG 或 WebP 格式的补正通知书');
  if (kind === 'image') return { kind: 'images', images: [await prepareImage(file)], pages: 1 };
  let r: { text: string; pages: number };
  try {
    r = await readPdfText(file);
  } catch {
    throw badRequest('无法读取这份 PDF（可能已损坏或加密），请上传通知书的照片或直接粘贴文字');
  }
  if (r.text.replace(/\s/g, '').length >= 4) return { kind: 'text', text: r.text, pages: r.pages };
  // No text layer: a scanned notice. Each page's picture is read by OCR.
  let images: PdfImage[];
  try {
    images = await readPdfImages(file, 10, NOTICE_IMAGE_LIMITS.maxPixels);
  } catch (e) {
    if ((e as { code?: string }).code === 'PDF_IMAGE_TOO_LARGE') throw badRequest(TOO_LARGE);
    images = [];
  }
  if (images.length === 0) throw badRequest('这份 PDF 既没有文字层也没有扫描图像，请上传通知书的照片，或直接粘贴文字');
  const prepared: Uint8Array[] = [];
  for (const img of images) prepared.push(await prepareImage(img));
  return { kind: 'images', images: prepared, pages: images.length };
}

/**
 * Reads the text of a correction notice from an uploaded file: the file is read in the untrusted-file thread
 * (`prepareNotice`: a PDF's text layer, else its page pictures; a photo/scan (PNG, JPEG, WebP)), and pictures are
 * read by OCR with tesseract.js and the simplified-Chinese language data from the npm package
 * `@tesseract.js-data/chi_sim` (offline: nothing is downloaded). One OCR worker is started on first use and reused;
 * recognitions run one at a time. Errors are AppErrors with a Chinese message.
 */
export function createNoticeReader(files: Pick<FilesPool, 'notice'>) {
  let worker: Promise<Worker> | undefined;
  let chain: Promise<unknown> = Promise.resolve();

  function ocrWorker(): Promise<Worker> {
    worker ??= (async () => {
      const { createWorker } = await import('tesseract.js');
      const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/chi_sim/package.json')), '4.0.0_best_int');
      // cacheMethod 'none': the language data is read from the package folder, never written anywhere else.
      return createWorker('chi_sim', 1, { langPath, gzip: true, cacheMethod: 'none' });
    })();
    worker.catch(() => {
      worker = undefined;
    });
    return worker;
  }

  function ocr(prepared: Uint8Array): Promise<{ text: string; confidence: number }> {
    const run = chain.then(async () => {
      const w = await ocrWorker();
      const r = await w.recognize(Buffer.from(prepared.buffer, prepared.byteOffset, prepared.byteLength));
      return { text: r.data.text, confidence: r.data.confidence };
    });
    chain = run.catch(() => undefined);
    return run;
  }

  return {
    async read(file: Buffer): Promise<NoticeText> {
      if (!sniffNotice(file)) throw new AppError(415, '只支持 PDF、PNG、JPEG 或 WebP 格式的补正通知书');
      const notice = await files.notice(file);
      if (notice.kind === 'text') return { text: notice.text, source: 'pdf', pages: notice.pages };
      const texts: string[] = [];
      let confidence = 0;
      for (const img of notice.images) {
        const o = await ocr(img);
        texts.push(o.text.trim());
        confidence += o.confidence / notice.images.length;
      }
      const text = texts.filter(Boolean).join('\n\n');
      const scannedPdf = sniffNotice(file) === 'pdf';
      if (text.replace(/\s/g, '').length < 4) {
        throw badRequest(scannedPdf ? '没有从扫描的 PDF 中识别出文字，请上传更清晰的扫描件，或直接粘贴文字' : '没有从图片中识别出文字，请上传更清晰、端正的照片，或直接粘贴文字');
      }
      return { text, source: 'image', pages: notice.pages, confidence: Math.round(confidence) };
    },
    async close(): Promise<void> {
      const w = worker;
      worker = undefined;
      if (w) await (await w.catch(() => undefined))?.terminate();
    },
  };
}
export type NoticeReader = ReturnType<typeof createNoticeReader>;
