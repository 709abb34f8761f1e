import { PACK_LIMITS, SCREENSHOT_LIMITS, ZScreenshotManifest, type PersonalDataSeen, type ScreenshotManifest } from '@mazhu/contracts';
import { findPersonalData, type PersonalData } from '@mazhu/docgen';
import { unzip, type UnzipFileInfo } from 'fflate';
import sharp from 'sharp';
import { AppError, badRequest } from '../../lib/errors';
import { ApiCode } from '@mazhu/contracts';
import type { OcrLine } from './ocr';

/** An image of a pack as found in it (not yet checked). */
export interface PackImage {
  file: string;
  data: Buffer;
}

export interface ReadPack {
  images: PackImage[];
  manifest?: ScreenshotManifest;
  manifestNote: string | null;
  rejected: { file: string; msg: string }[];
}

const isPng = (b: Uint8Array) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5);
const IMAGE_NAME = /\.(png|jpe?g)$/i;

/**
 * The images and manifest of an uploaded screenshot pack: a zip (from `mazhu capture`, or any zip of PNG/JPEG files)
 * or one PNG/JPEG. Limits (PACK_LIMITS, SCREENSHOT_LIMITS) are applied to the zip's declared sizes before anything is
 * inflated: at most `maxEntries` entries, each image ≤ SCREENSHOT_LIMITS.maxBytes and compressed at most `maxRatio`:1
 * (PNG and JPEG hardly compress, so a higher ratio is a bomb), `maxTotalBytes` in all; inflating runs in fflate's
 * worker threads for large entries, and the output buffer of an entry is its declared size, so a forged header cannot
 * inflate more. Other files are listed in `rejected`. Throws 413 for a pack over the limits, 400 for anything else
 * that is not a pack.
 */
export async function readPack(bytes: Buffer): Promise<ReadPack> {
  if (bytes.length > PACK_LIMITS.maxBytes) throw new AppError(ApiCode.PayloadTooLarge, `截图包不能超过 ${PACK_LIMITS.maxBytes / 1024 / 1024} MB`);
  if (isPng(bytes) || isJpeg(bytes)) return { images: [{ file: isPng(bytes) ? '截图.png' : '截图.jpg', data: bytes }], manifestNote: null, rejected: [] };
  if (!isZip(bytes)) throw badRequest('请上传截图包（.zip）或 PNG、JPEG 格式的截图');
  const rejected: ReadPack['rejected'] = [];
  let entries = 0;
  let total = 0;
  let tooLarge = '';
  const filter = (f: UnzipFileInfo) => {
    entries++;
    if (f.name.endsWith('/') || f.name.startsWith('__MACOSX/') || /(^|\/)\./.test(f.name)) return false;
    if (entries > PACK_LIMITS.maxEntries) {
      tooLarge ||= `截图包中的文件超过 ${PACK_LIMITS.maxEntries} 个`;
      return false;
    }
    const manifest = f.name === 'manifest.json';
    if (!manifest && !IMAGE_NAME.test(f.name)) {
      rejected.push({ file: f.name, msg: '不是 PNG 或 JPEG 图片，已忽略' });
      return false;
    }
    const limit = manifest ? 1024 * 1024 : SCREENSHOT_LIMITS.maxBytes;
    if (f.originalSize > limit) {
      rejected.push({ file: f.name, msg: `文件超过 ${limit / 1024 / 1024} MB，已忽略` });
      return false;
    }
    if (f.compression !== 0 && f.compression !== 8) {
      rejected.push({ file: f.name, msg: '压缩方式不受支持，已忽略' });
      return false;
    }
    if (f.originalSize > Math.max(f.size, 1) * PACK_LIMITS.maxRatio && f.originalSize > 64 * 1024) {
      tooLarge ||= `“${f.name}”的压缩比异常，疑似压缩炸弹，已拒绝`;
      return false;
    }
    total += f.originalSize;
    if (total > PACK_LIMITS.maxTotalBytes) {
      tooLarge ||= `截图包解压后超过 ${PACK_LIMITS.maxTotalBytes / 1024 / 1024} MB`;
      return false;
    }
    return true;
  };
  let files: Record<string, Uint8Array>;
  try {
    files = await new Promise<Record<string, Uint8Array>>((resolve, reject) => unzip(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), { filter }, (err, out) => (err ? reject(err) : resolve(out))));
  } catch {
    throw badRequest('截图包已损坏，无法解压：请重新打包后上传');
  }
  if (tooLarge) throw new AppError(ApiCode.PayloadTooLarge, tooLarge);
  let manifest: ScreenshotManifest | undefined;
  let manifestNote: string | null = null;
  if (files['manifest.json']) {
    try {
      const parsed = ZScreenshotManifest.safeParse(JSON.parse(Buffer.from(files['manifest.json']).toString('utf8')));
      if (parsed.success) manifest = parsed.data;
      else manifestNote = 'manifest.json 的格式不正确，已按截图上的文字匹配模块';
    } catch {
      manifestNote = 'manifest.json 不是有效的 JSON，已按截图上的文字匹配模块';
    }
  }
  const names = Object.keys(files)
    .filter((n) => IMAGE_NAME.test(n))
    .sort((a, b) => a.localeCompare(b, 'zh-CN', { numeric: true }));
  // Manifest order first (the capture order), then the other images by name.
  const order = manifest ? [...manifest.shots.map((s) => s.file).filter((f) => names.includes(f)), ...names.filter((n) => !manifest.shots.some((s) => s.file === n))] : names;
  if (order.length > PACK_LIMITS.maxImages) throw new AppError(ApiCode.PayloadTooLarge, `一个截图包最多 ${PACK_LIMITS.maxImages} 张截图，这个包有 ${order.length} 张`);
  if (!order.length) throw badRequest('截图包中没有 PNG 或 JPEG 截图');
  return { images: order.map((file) => ({ file, data: Buffer.from(files[file]) })), manifest, manifestNote, rejected };
}

/** A screen an image can be matched to. */
export interface MatchTarget {
  id: number;
  key: string;
  title: string;
  moduleName: string;
}

const norm = (s: string) => s.replace(/[\s\p{P}\p{S}]+/gu, '').toLowerCase();
const LOGIN = /登录|登入|登陆|login|signin/i;
const MAIN = /^(首页|主页|主界面|工作台|控制台|仪表盘|概览|dashboard|home)$/i;

/** The screen a title names: a module of that name (exact, then one containing the other), the login or the main screen. */
export function screenByTitle(title: string, targets: MatchTarget[], used: Set<number>): MatchTarget | undefined {
  const t = norm(title);
  if (t.length < 2) return undefined;
  const free = targets.filter((x) => !used.has(x.id));
  const modules = free.filter((x) => x.key === 'module');
  const name = (x: MatchTarget) => norm(x.moduleName || x.title);
  return (
    modules.find((x) => name(x) === t) ??
    modules.filter((x) => name(x).length >= 2 && (t.includes(name(x)) || name(x).includes(t))).sort((a, b) => name(b).length - name(a).length)[0] ??
    (LOGIN.test(t) ? free.find((x) => x.key === 'login') : undefined) ??
    (MAIN.test(t) ? free.find((x) => x.key === 'main') : undefined)
  );
}

/**
 * The page title of a screenshot read by OCR: among the lines outside a left side menu (the left 18 % of the width,
 * where every module's name is listed), the tallest one that names a module or is the login/main screen's word;
 * undefined when none does. Returns the title and its screen.
 */
export function screenByOcr(boxes: OcrLine[], width: number, targets: MatchTarget[], used: Set<number>): { title: string; target: MatchTarget } | undefined {
  const content = boxes.filter((b) => b.box.x >= width * 0.18).sort((a, b) => b.box.height - a.box.height || a.box.y - b.box.y);
  for (const line of content) {
    const target = screenByTitle(line.text, targets, used);
    // A module name inside a longer sentence (a table cell, a notice) is not a title: at most 4 characters more.
    if (target && norm(line.text).length <= norm(target.moduleName || target.title).length + 4) return { title: line.text, target };
  }
  return undefined;
}

/** Personal data on a screen and the box of the line it is on (image pixels). */
export interface PersonalFinding extends PersonalData {
  box: OcrLine['box'];
}

/** Findings stored with an uploaded screenshot (`project_screens.findings_json`). */
export interface ScreenFindings {
  blank?: boolean;
  personal?: PersonalFinding[];
}

/**
 * The findings of an image: blank when its greyscale has (almost) no variation (standard deviation under 4 of 255; a
 * sparse page of small text on white measures about 12), and the personal data (`findPersonalData`) on each OCR line, with the line's box.
 */
export async function screenFindings(data: Buffer, boxes: OcrLine[]): Promise<ScreenFindings> {
  const st = await sharp(data).greyscale().stats();
  const blank = st.channels[0].stdev < 4;
  const personal: PersonalFinding[] = [];
  for (const b of boxes) for (const p of findPersonalData(b.text)) personal.push({ ...p, box: b.box });
  return { blank, personal };
}

const LABELS: Record<PersonalData['kind'], string> = { phone: '手机号', 'id-number': '身份证号', email: '邮箱' };

/** Personal data as shown to the user: the kind's label and the value with its middle hidden (138****5678). */
export function presentPersonal(p: PersonalData[]): PersonalDataSeen[] {
  return p.map((x) => {
    const t = x.text;
    const shown = x.kind === 'email' ? t.replace(/^(.)[^@]*/, '$1***') : `${t.slice(0, 3)}${'*'.repeat(Math.max(t.length - 7, 3))}${t.slice(-4)}`;
    return { kind: x.kind, label: LABELS[x.kind], text: shown };
  });
}

/**
 * Draws a filled dark box (4 px larger on every side) over each finding's line and re-encodes the image in its own
 * format. Resolves with the new bytes.
 */
export async function maskImage(data: Buffer, mime: string, personal: PersonalFinding[]): Promise<Buffer> {
  const meta = await sharp(data).metadata();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  const rects = personal
    .map(({ box }) => {
      const x = Math.max(0, box.x - 4);
      const y = Math.max(0, box.y - 4);
      return `<rect x="${x}" y="${y}" width="${Math.min(w - x, box.width + 8)}" height="${Math.min(h - y, box.height + 8)}" fill="#1f1f1f"/>`;
    })
    .join('');
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${rects}</svg>`);
  const out = sharp(data).composite([{ input: svg, top: 0, left: 0 }]);
  return mime === 'image/jpeg' ? out.jpeg({ quality: 88, mozjpeg: true }).toBuffer() : out.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
}

/** OCR lines without the personal data masked (a masked line is gone from the picture). */
export function linesWithout(lines: string[], personal: PersonalData[]): string[] {
  return lines.filter((l) => !personal.some((p) => l.includes(p.text)) && !findPersonalData(l).length);
}
