import { createRequire } from 'node:module';
import path from 'node:path';
import type { NoticeText } from '@mazhu/contracts';
import { readPdfImages, readPdfText } from '@mazhu/docgen';
import sharp from 'sharp';
import type { Worker } from 'tesseract.js';
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
 * Reads the text of a correction notice from an uploaded file: a PDF's text layer (pdfjs-dist through docgen; a
 * scanned PDF without one has its page pictures read by OCR), or a photo/scan (PNG, JPEG, WebP) by OCR with tesseract.js and the simplified-Chinese language data from the npm
 * package `@tesseract.js-data/chi_sim` (offline: nothing is downloaded). One OCR worker is started on first use
 * and reused; recognitions run one at a time. Errors are AppErrors with a Chinese message.
 */
export function createNoticeReader() {
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

  async function ocr(image: Buffer): Promise<{ text: string; confidence: number }> {
    let prepared: Buffer;
    try {
      // Grey, upright (EXIF), at most 2400 px wide, contrast stretched: what tesseract reads best.
      const img = sharp(image, { failOn: 'none' }).rotate().greyscale().normalise();
      const meta = await img.metadata();
      prepared = await (meta.width && meta.width > 2400 ? img.resize({ width: 2400 }) : meta.width && meta.width < 1000 ? img.resize({ width: 1600 }) : img).png().toBuffer();
    } catch {
      throw badRequest('无法读取这张图片，请上传清晰的 PNG 或 JPEG 照片/扫描件');
    }
    const run = chain.then(async () => {
      const w = await ocrWorker();
      const r = await w.recognize(prepared);
      return { text: r.data.text, confidence: r.data.confidence };
    });
    chain = run.catch(() => undefined);
    return run;
  }

  return {
    async read(file: Buffer): Promise<NoticeText> {
      const kind = sniffNotice(file);
      if (!kind) throw new AppError(415, '只支持 PDF、PNG、JPEG 或 WebP 格式的补正通知书');
      if (kind === 'pdf') {
        let r: { text: string; pages: number };
        try {
          r = await readPdfText(file);
        } catch {
          throw badRequest('无法读取这份 PDF（可能已损坏或加密），请上传通知书的照片或直接粘贴文字');
        }
        if (r.text.replace(/\s/g, '').length >= 4) return { text: r.text, source: 'pdf', pages: r.pages };
        // No text layer: a scanned notice. Each page's picture is read by OCR.
        const images = await readPdfImages(file).catch(() => []);
        if (images.length === 0) throw badRequest('这份 PDF 既没有文字层也没有扫描图像，请上传通知书的照片，或直接粘贴文字');
        const texts: string[] = [];
        let confidence = 0;
        for (const img of images) {
          const png = await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), { raw: { width: img.width, height: img.height, channels: img.channels } }).png().toBuffer();
          const o = await ocr(png);
          texts.push(o.text.trim());
          confidence += o.confidence / images.length;
        }
        const text = texts.filter(Boolean).join('\n\n');
        if (text.replace(/\s/g, '').length < 4) throw badRequest('没有从扫描的 PDF 中识别出文字，请上传更清晰的扫描件，或直接粘贴文字');
        return { text, source: 'image', pages: images.length, confidence: Math.round(confidence) };
      }
      const r = await ocr(file);
      if (r.text.replace(/\s/g, '').length < 4) throw badRequest('没有从图片中识别出文字，请上传更清晰、端正的照片，或直接粘贴文字');
      return { text: r.text.trim(), source: 'image', pages: 1, confidence: Math.round(r.confidence) };
    },
    async close(): Promise<void> {
      const w = worker;
      worker = undefined;
      if (w) await (await w.catch(() => undefined))?.terminate();
    },
  };
}
export type NoticeReader = ReturnType<typeof createNoticeReader>;
