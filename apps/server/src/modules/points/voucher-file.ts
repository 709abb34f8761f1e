import crypto from 'node:crypto';
import { ApiCode, VOUCHER_LIMITS } from '@mazhu/contracts';
// The PDF reader alone (not the whole engine): renderVoucherPage runs in the untrusted-file thread.
import { renderPdfFirstPage } from '@mazhu/docgen/pdf-text';
import sharp from 'sharp';
import type { FilesPool } from '../../jobs/files-pool';
import { AppError, badRequest } from '../../lib/errors';

export type VoucherMime = (typeof VOUCHER_LIMITS.types)[number];

/** The type of a voucher from its first bytes (JPEG, PNG, WebP, PDF), never from its name; undefined otherwise. */
export function sniffVoucher(b: Buffer): VoucherMime | undefined {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return undefined;
}

export interface StoredVoucher {
  data: Buffer;
  mime: 'image/jpeg' | 'image/png' | 'application/pdf';
  ext: 'jpg' | 'png' | 'pdf';
  sha256: string;
  /** A PDF's page 1 drawn as a PNG: what operators look at instead of the PDF itself. */
  pagePng?: Buffer;
}

/** Longest side of a stored voucher image, px (a phone screenshot or a scanned receipt stays readable). */
const MAX_SIDE = 2400;

/** Longest side of the picture of a PDF voucher's page 1, px (an A4 bank slip at ≈ 190 dpi). */
const PDF_PAGE_SIDE = 2200;

/** Pictures inside a PDF voucher larger than this (width × height) are never decoded: a phone photo is 12–50 MP. */
const PDF_IMAGE_PIXELS = 60_000_000;

const PDF_UNREADABLE = 'PDF 无法打开（可能已损坏或加密），请重新导出转账回单，或上传转账截图';

/**
 * Page 1 of a PDF voucher drawn as a PNG (renderPdfFirstPage: the drawing only — scripts, open actions and attached
 * files of the PDF are neither run nor carried over). Runs in the untrusted-file thread (jobs/files-worker.ts).
 * Throws AppError 400 with a Chinese message for a PDF that cannot be drawn or holds a picture over the limit.
 */
export async function renderVoucherPage(pdf: Uint8Array): Promise<Buffer> {
  try {
    return (await renderPdfFirstPage(pdf, { maxSide: PDF_PAGE_SIDE, maxImagePixels: PDF_IMAGE_PIXELS })).png;
  } catch (e) {
    if ((e as { code?: string }).code === 'PDF_IMAGE_TOO_LARGE') throw badRequest(`PDF 中的图片超过 ${PDF_IMAGE_PIXELS / 1_000_000} 百万像素的上限，请上传转账截图`);
    throw badRequest(PDF_UNREADABLE);
  }
}

/**
 * Checks and normalises a transfer voucher: size ≤ VOUCHER_LIMITS.maxBytes; type sniffed from the bytes.
 * Images are decoded and re-encoded by sharp (EXIF orientation applied, metadata and anything appended dropped,
 * longest side ≤ 2400 px; PNG stays PNG, JPEG and WebP become JPEG); a PDF is kept as uploaded (the transfer's
 * evidence) after a check of its header and end marker, and its page 1 is drawn by `pages` (the untrusted-file
 * thread's renderVoucherPage) into `pagePng`, which is what operators are shown. Returns the bytes to store with their
 * sha256. Errors: 413 too large, 415 wrong type, 400 unreadable (a PDF whose page 1 cannot be drawn included).
 */
export async function normaliseVoucher(file: Buffer, pages: Pick<FilesPool, 'voucherPage'>): Promise<StoredVoucher> {
  if (file.length === 0) throw badRequest('上传的文件是空的，请重新选择转账凭证');
  if (file.length > VOUCHER_LIMITS.maxBytes) throw new AppError(ApiCode.PayloadTooLarge, `转账凭证不能超过 ${VOUCHER_LIMITS.maxBytes / 1024 / 1024} MB`);
  const type = sniffVoucher(file);
  if (!type) throw new AppError(ApiCode.UnsupportedMediaType, '转账凭证只支持 JPG、PNG、WebP 图片或 PDF 文件');
  let out: Omit<StoredVoucher, 'sha256'>;
  if (type === 'application/pdf') {
    if (!file.subarray(Math.max(0, file.length - 1024)).toString('latin1').includes('%%EOF')) throw badRequest('PDF 文件不完整，请重新导出转账回单后上传');
    out = { data: file, mime: 'application/pdf', ext: 'pdf', pagePng: await pages.voucherPage(file) };
  } else {
    try {
      const img = sharp(file, { limitInputPixels: 60_000_000, failOn: 'error' }).rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
      out =
        type === 'image/png'
          ? { data: await img.png({ compressionLevel: 8 }).toBuffer(), mime: 'image/png', ext: 'png' }
          : { data: await img.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer(), mime: 'image/jpeg', ext: 'jpg' };
    } catch {
      throw badRequest('图片无法识别，请上传清晰的转账截图（JPG 或 PNG）');
    }
  }
  return { ...out, sha256: crypto.createHash('sha256').update(out.data).digest('hex') };
}
