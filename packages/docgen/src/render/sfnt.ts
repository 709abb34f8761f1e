/**
 * A reader of the few tables of an OpenType font that placing and embedding glyphs needs — cmap (formats 4 and 12),
 * hhea, hmtx, head, OS/2, post, maxp, name — for fonts with CFF outlines (Noto Sans CJK, Source Han Sans and the
 * npm Noto Sans SC). Reference: OpenType specification 1.9, "Font file" (offset table, TTC header) and the table
 * chapters named above. Values are in font units unless said otherwise.
 *
 * It answers the same questions, with the same numbers, as fontkit's font object does for pdfkit (glyph id of a
 * code point, advance, ascent/descent/line gap from hhea, cap height from OS/2, bounding box from head), so a page
 * set with either prints the same glyphs at the same places.
 */
import { ensureBytes } from './font-bytes';

/** One face of a font file: table access by tag and the metrics a PDF font descriptor needs. */
export class SfntFace {
  /** The whole file (for a TTC, all faces): table offsets are absolute. */
  readonly stream: { buffer: Uint8Array };
  readonly directory: { tables: Record<string, { offset: number; length: number } | undefined> };
  readonly postscriptName: string;
  readonly unitsPerEm: number;
  /** hhea ascender, descender (negative) and line gap. */
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
  /** OS/2 sCapHeight (version ≥ 2), else the ascent. */
  readonly capHeight: number;
  /** OS/2 sxHeight (version ≥ 2), else 0. */
  readonly xHeight: number;
  readonly bbox: { minX: number; minY: number; maxX: number; maxY: number };
  /** post italicAngle, degrees. */
  readonly italicAngle: number;
  readonly isFixedPitch: boolean;
  readonly italic: boolean;
  /** OS/2 sFamilyClass (class in the high byte), 0 without OS/2. */
  readonly familyClass: number;
  readonly numGlyphs: number;
  /** Code point → glyph id (0 when the font has none), the interface fontkit's cmap processor offers. */
  readonly _cmapProcessor: { lookup(cp: number): number };
  /** Advances of glyphs 0 … numberOfHMetrics − 1 (later glyphs take the last one), as fontkit's hmtx.metrics. */
  readonly hmtx: { metrics: { length: number; get(i: number): { advance: number } | undefined } };

  private readonly view: DataView;

  /**
   * The face whose offset table is at `at` in `data` (a whole file, or one read on demand: see font-bytes.ts). The
   * tables read here are read whole, except hmtx, read by the glyphs asked for. Throws Error when a table is missing.
   */
  constructor(data: Uint8Array, at: number) {
    this.stream = { buffer: data };
    const v = (this.view = new DataView(data.buffer, data.byteOffset, data.byteLength));
    const tables = readDirectory(data, v, at);
    this.directory = { tables };
    const need = (tag: string) => {
      const t = tables[tag];
      if (!t || t.offset + t.length > data.length) throw new Error(`字体缺少 ${tag} 表`);
      if (tag !== 'hmtx') ensureBytes(data, t.offset, t.offset + t.length);
      return t.offset;
    };
    const head = need('head');
    this.unitsPerEm = v.getUint16(head + 18);
    this.bbox = { minX: v.getInt16(head + 36), minY: v.getInt16(head + 38), maxX: v.getInt16(head + 40), maxY: v.getInt16(head + 42) };
    this.italic = (v.getUint16(head + 44) & 2) !== 0;
    const hhea = need('hhea');
    this.ascent = v.getInt16(hhea + 4);
    this.descent = v.getInt16(hhea + 6);
    this.lineGap = v.getInt16(hhea + 8);
    const numberOfHMetrics = v.getUint16(hhea + 34);
    this.numGlyphs = v.getUint16(need('maxp') + 4);
    const os2 = tables['OS/2'] && need('OS/2');
    const os2Version = os2 === undefined ? -1 : v.getUint16(os2);
    this.familyClass = os2 === undefined ? 0 : v.getInt16(os2 + 30);
    this.capHeight = os2Version >= 2 ? v.getInt16(os2 + 88) : this.ascent;
    this.xHeight = os2Version >= 2 ? v.getInt16(os2 + 86) : 0;
    const post = need('post');
    this.italicAngle = v.getInt32(post + 4) / 65536;
    this.isFixedPitch = v.getUint32(post + 12) !== 0;
    this.postscriptName = readPostscriptName(v, data, tables.name && need('name'));
    const hmtx = need('hmtx');
    const metricsCache = new Map<number, { advance: number }>();
    this.hmtx = {
      metrics: {
        length: numberOfHMetrics,
        get: (i) => {
          if (i < 0 || i >= numberOfHMetrics) return undefined;
          let m = metricsCache.get(i);
          if (!m) {
            ensureBytes(data, hmtx + i * 4, hmtx + i * 4 + 2);
            metricsCache.set(i, (m = { advance: v.getUint16(hmtx + i * 4) }));
          }
          return m;
        },
      },
    };
    this._cmapProcessor = { lookup: cmapLookup(v, need('cmap')) };
  }

  /** True for CFF outlines ('CFF ' table), false for TrueType (glyf). */
  get isCff(): boolean {
    return !!this.directory.tables['CFF '];
  }

  hasGlyphForCodePoint(cp: number): boolean {
    return this._cmapProcessor.lookup(cp) !== 0;
  }

  /** Glyph id and advance of a code point (glyph 0, .notdef, when the font has none). */
  glyphForCodePoint(cp: number): { id: number; advanceWidth: number } {
    const id = this._cmapProcessor.lookup(cp);
    const m = this.hmtx.metrics;
    return { id, advanceWidth: m.get(Math.min(id, m.length - 1))?.advance ?? 0 };
  }
}

/** The table directory of the face at `at`: tag → absolute offset and length (read on demand when need be). */
function readDirectory(data: Uint8Array, v: DataView, at: number): Record<string, { offset: number; length: number }> {
  ensureBytes(data, at, at + 12);
  const numTables = v.getUint16(at + 4);
  ensureBytes(data, at + 12, at + 12 + numTables * 16);
  const tables: Record<string, { offset: number; length: number }> = {};
  for (let i = 0; i < numTables; i++) {
    const r = at + 12 + i * 16;
    const tag = String.fromCharCode(data[r], data[r + 1], data[r + 2], data[r + 3]);
    tables[tag] = { offset: v.getUint32(r + 8), length: v.getUint32(r + 12) };
  }
  return tables;
}

/** nameID 6 (PostScript name) from the name table: Windows (UTF-16BE) or Macintosh (Roman) record; '' if none. */
function readPostscriptName(v: DataView, data: Uint8Array, name: number | undefined): string {
  if (name === undefined) return '';
  const count = v.getUint16(name + 2);
  const strings = name + v.getUint16(name + 4);
  for (let i = 0; i < count; i++) {
    const r = name + 6 + i * 12;
    if (v.getUint16(r + 6) !== 6) continue;
    const platform = v.getUint16(r);
    const len = v.getUint16(r + 8);
    const off = strings + v.getUint16(r + 10);
    if (platform === 3 || platform === 0) {
      let s = '';
      for (let k = 0; k + 1 < len; k += 2) s += String.fromCharCode(v.getUint16(off + k));
      return s;
    }
    if (platform === 1) return String.fromCharCode(...data.subarray(off, off + len));
  }
  return '';
}

/**
 * The lookup of the best Unicode subtable: (3,10) or (0,4/6) format 12 for the full range, else (3,1) or (0,3)
 * format 4 for the Basic Multilingual Plane. Throws when the font has neither.
 */
function cmapLookup(v: DataView, cmap: number): (cp: number) => number {
  const n = v.getUint16(cmap + 2);
  let f12: number | undefined;
  let f4: number | undefined;
  for (let i = 0; i < n; i++) {
    const r = cmap + 4 + i * 8;
    const platform = v.getUint16(r);
    const encoding = v.getUint16(r + 2);
    const sub = cmap + v.getUint32(r + 4);
    const format = v.getUint16(sub);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) f12 ??= sub;
    else if (format === 4) f4 ??= sub;
  }
  if (f12 !== undefined) {
    const groups = v.getUint32(f12 + 12);
    const base = f12 + 16;
    return (cp) => {
      let lo = 0;
      let hi = groups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const g = base + mid * 12;
        if (cp < v.getUint32(g)) hi = mid - 1;
        else if (cp > v.getUint32(g + 4)) lo = mid + 1;
        else return v.getUint32(g + 8) + cp - v.getUint32(g);
      }
      return 0;
    };
  }
  if (f4 !== undefined) {
    const segX2 = v.getUint16(f4 + 6);
    const ends = f4 + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const rangeOffsets = deltas + segX2;
    return (cp) => {
      if (cp > 0xffff) return 0;
      let lo = 0;
      let hi = segX2 / 2 - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        if (cp > v.getUint16(ends + mid * 2)) lo = mid + 1;
        else if (mid > 0 && cp <= v.getUint16(ends + (mid - 1) * 2)) hi = mid - 1;
        else {
          const start = v.getUint16(starts + mid * 2);
          if (cp < start) return 0;
          const delta = v.getUint16(deltas + mid * 2);
          const ro = v.getUint16(rangeOffsets + mid * 2);
          if (ro === 0) return (cp + delta) & 0xffff;
          const g = v.getUint16(rangeOffsets + mid * 2 + ro + (cp - start) * 2);
          return g === 0 ? 0 : (g + delta) & 0xffff;
        }
      }
      return 0;
    };
  }
  throw new Error('字体没有 Unicode 字符映射表');
}

/**
 * The face of an OpenType font file: the file's only face, or in a collection (TTC) the face whose PostScript name
 * is `face` (the first face without one); with CFF outlines only when `cffOnly`. Undefined when there is no such
 * face (WOFF, CFF2 without a CFF table…) or a table cannot be read — the caller then uses a full font library.
 */
export function openFace(data: Uint8Array, face?: string, opts: { cffOnly?: boolean } = {}): SfntFace | undefined {
  try {
    const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
    ensureBytes(data, 0, 12);
    const tag = v.getUint32(0);
    const starts: number[] = [];
    if (tag === 0x74746366 /* ttcf */) {
      const n = v.getUint32(8);
      ensureBytes(data, 12, 12 + n * 4);
      for (let i = 0; i < n; i++) starts.push(v.getUint32(12 + i * 4));
    } else starts.push(0);
    for (const at of starts) {
      ensureBytes(data, at, at + 4);
      const flavor = v.getUint32(at);
      const cff = flavor === 0x4f54544f; /* OTTO */
      const trueType = flavor === 0x00010000 || flavor === 0x74727565; /* true */
      if (!cff && !(trueType && !opts.cffOnly)) continue;
      if (face !== undefined) {
        // Another face of a collection is passed over by its name alone, without reading its other tables.
        const name = readDirectory(data, v, at).name;
        if (!name) continue;
        ensureBytes(data, name.offset, name.offset + name.length);
        if (readPostscriptName(v, data, name.offset) !== face) continue;
      }
      const f = new SfntFace(data, at);
      if (cff ? !f.directory.tables['CFF '] : !f.directory.tables.glyf || !f.directory.tables.loca) continue;
      if (face === undefined || f.postscriptName === face) return f;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/** openFace restricted to CFF outlines (the CJK font of pdf-lite). */
export function openCffFace(data: Uint8Array, face?: string): SfntFace | undefined {
  return openFace(data, face, { cffOnly: true });
}
