import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { DocgenError } from '../errors';
import { readOnDemand } from './font-bytes';

export interface CjkFont {
  /** Font file bytes (TTF, OTF, TTC or WOFF). */
  data: Buffer;
  /** Face name inside a .ttc collection (pdfkit needs it), else undefined. */
  face?: string;
  /** Where it came from, for reports. */
  source: string;
}

const SYSTEM_CANDIDATES: { path: string; face?: string }[] = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf' },
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', face: 'WenQuanYiMicroHei' },
  { path: '/System/Library/Fonts/PingFang.ttc', face: 'PingFangSC-Regular' },
  { path: 'C:\\Windows\\Fonts\\simsun.ttc', face: 'SimSun' },
];

let cached: CjkFont | undefined;
let cachedOnDemand: CjkFont | undefined;

/** Where the CJK font is (see loadCjkFont): a path, the face in a collection, and whether it is a WOFF to unwrap. */
function findCjkFont(): { path: string; face?: string; woff: boolean } {
  const env = process.env.MAZHU_CJK_FONT;
  if (env) {
    const [p, face] = env.split('#');
    if (!existsSync(p)) throw new DocgenError('FONT_MISSING', `MAZHU_CJK_FONT 指向的字体不存在：${p}`);
    return { path: p, face: face || undefined, woff: true };
  }
  for (const c of SYSTEM_CANDIDATES) if (existsSync(c.path)) return { path: c.path, face: c.face, woff: false };
  try {
    const p = createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff');
    return { path: p, woff: true };
  } catch {
    throw new DocgenError('FONT_MISSING', '找不到中文字体：请安装 fonts-noto-cjk，或重新安装依赖 @fontsource/noto-sans-sc，或设置 MAZHU_CJK_FONT');
  }
}

/**
 * Finds a CJK font for the PDFs: `MAZHU_CJK_FONT` (path, or "path#Face" for a .ttc), then a
 * system Noto Sans CJK / WenQuanYi when installed (fonts-noto-cjk), else the Noto Sans SC
 * (SIL OFL 1.1) WOFF shipped by the npm package @fontsource/noto-sans-sc 4.x, so a machine with
 * only Node works. The font is read once per process.
 */
export function loadCjkFont(): CjkFont {
  if (cached) return cached;
  const f = findCjkFont();
  const bytes = readFileSync(f.path);
  return (cached = { data: f.woff ? woffToSfnt(bytes) : bytes, face: f.face, source: f.path });
}

/**
 * The CJK font of loadCjkFont, with a system font file read on demand (font-bytes.ts readOnDemand: only the byte
 * ranges the readers ask for with ensureBytes); a WOFF, which must be unwrapped, is read whole. For readers that
 * call ensureBytes (sfnt.ts, cff-subset.ts); `data` must not be handed to any other. Once per process. Throws
 * DocgenError FONT_MISSING.
 */
export function loadCjkFontOnDemand(): CjkFont {
  if (cachedOnDemand) return cachedOnDemand;
  const f = findCjkFont();
  if (f.woff) return (cachedOnDemand = loadCjkFont());
  return (cachedOnDemand = { data: readOnDemand(f.path), face: f.face, source: f.path });
}

export interface FallbackFont {
  /** Font file bytes (TTF or WOFF). */
  data: Buffer;
  /** Family name, for reports. */
  family: string;
  /** Where it came from. */
  source: string;
}

/**
 * Fonts for characters the CJK font lacks, tried in this order, all shipped from npm so every machine prints the
 * same: DejaVu Sans Mono and DejaVu Sans (dejavu-fonts-ttf 2.37.3; Bitstream Vera licence, DejaVu changes public
 * domain — embedding allowed): Latin, Greek, Cyrillic, box drawing, arrows, dingbats; Noto Sans Math and Noto Sans
 * Symbols 2 (@fontsource 5.x, SIL OFL 1.1): mathematical alphanumerics and operators, stars, checks, chess and
 * other symbols; Noto Emoji (@fontsource/noto-emoji 5.x, SIL OFL 1.1): monochrome emoji.
 */
const FALLBACK_FILES: { module: string; family: string }[] = [
  { module: 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf', family: 'DejaVu Sans Mono' },
  { module: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf', family: 'DejaVu Sans' },
  { module: '@fontsource/noto-sans-math/files/noto-sans-math-latin-400-normal.woff', family: 'Noto Sans Math' },
  { module: '@fontsource/noto-sans-symbols-2/files/noto-sans-symbols-2-symbols-400-normal.woff', family: 'Noto Sans Symbols 2' },
  { module: '@fontsource/noto-emoji/files/noto-emoji-emoji-400-normal.woff', family: 'Noto Emoji' },
];

/** How many symbol fonts there are (FALLBACK_FILES), installed or not; loadFallbackFont takes 0 … count − 1. */
export const FALLBACK_FONT_COUNT = FALLBACK_FILES.length;
/** Family names of the symbol fonts, by loadFallbackFont index. */
export const FALLBACK_FAMILIES: readonly string[] = FALLBACK_FILES.map((f) => f.family);

const fallbackByIndex: (FallbackFont | null | undefined)[] = [];

/**
 * Symbol font `i` of FALLBACK_FILES (0 is tried first), read on first request, once per process; null when its
 * package is not installed (its characters are then reported as unprintable, never printed as boxes).
 */
export function loadFallbackFont(i: number): FallbackFont | null {
  let f = fallbackByIndex[i];
  if (f === undefined) {
    const spec = FALLBACK_FILES[i];
    try {
      const p = createRequire(import.meta.url).resolve(spec.module);
      f = { data: woffToSfnt(readFileSync(p)), family: spec.family, source: p };
    } catch {
      f = null;
    }
    fallbackByIndex[i] = f;
  }
  return f;
}

/** The installed symbol fonts (loadFallbackFont), in fallback order; read once per process. */
export function loadFallbackFonts(): FallbackFont[] {
  const out: FallbackFont[] = [];
  for (let i = 0; i < FALLBACK_FONT_COUNT; i++) {
    const f = loadFallbackFont(i);
    if (f) out.push(f);
  }
  return out;
}

/**
 * A WOFF 1.0 font (W3C WOFF File Format 1.0, §3–5: 44-byte header, 20-byte table directory entries, each table
 * zlib-compressed when its compLength < origLength) as the plain sfnt (TrueType/OpenType) font it wraps: the same
 * tables, inflated with Node's zlib, behind an sfnt offset table and 16-byte table records (OpenType spec,
 * "Organization of an OpenType Font"). A parser then reads plain tables instead of inflating each one in JavaScript
 * on first use. Any other bytes (TTF, OTF, TTC, WOFF2), or a WOFF whose directory does not fit the file, are
 * returned unchanged.
 */
export function woffToSfnt(data: Buffer): Buffer {
  if (data.length < 44 || data.readUInt32BE(0) !== 0x774f4646 /* wOFF */) return data;
  const numTables = data.readUInt16BE(12);
  if (44 + numTables * 20 > data.length) return data;
  const entries: { tag: number; checksum: number; body: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const offset = data.readUInt32BE(at + 4);
    const compLength = data.readUInt32BE(at + 8);
    const origLength = data.readUInt32BE(at + 12);
    if (offset + compLength > data.length) return data;
    const stored = data.subarray(offset, offset + compLength);
    const body = compLength < origLength ? inflateSync(stored) : stored;
    if (body.length !== origLength) return data;
    entries.push({ tag: data.readUInt32BE(at), checksum: data.readUInt32BE(at + 16), body });
  }
  const pad4 = (n: number) => (n + 3) & ~3;
  const headerSize = 12 + numTables * 16;
  const out = Buffer.alloc(headerSize + entries.reduce((a, e) => a + pad4(e.body.length), 0));
  const entrySelector = Math.floor(Math.log2(Math.max(1, numTables)));
  const searchRange = 2 ** entrySelector * 16;
  out.writeUInt32BE(data.readUInt32BE(4), 0); // flavor: 0x00010000 (TrueType outlines) or 'OTTO' (CFF)
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let pos = headerSize;
  entries.forEach((e, i) => {
    const rec = 12 + i * 16;
    out.writeUInt32BE(e.tag, rec);
    out.writeUInt32BE(e.checksum, rec + 4);
    out.writeUInt32BE(pos, rec + 8);
    out.writeUInt32BE(e.body.length, rec + 12);
    e.body.copy(out, pos);
    pos += pad4(e.body.length);
  });
  return out;
}
