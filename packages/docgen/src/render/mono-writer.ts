import { A4, headerFontSize } from './layout';
import { charWidth, displayWidth } from './width';

/**
 * The exact text writer of the code, form and manual pages, on any document that offers pdfkit's font objects:
 * a pdfkit document (pdf-kit.ts) or the small document of pdf-lite.ts. No PDF library is imported here.
 */

/** The document surface the writer draws on: fonts selected by name, content appended to the current page. */
export interface WriterDoc {
  font(name: string): unknown;
  addContent(content: string): unknown;
  registerFont(name: string, src: Buffer): unknown;
}

/** A symbol font for characters the CJK font lacks: its family and parsed font. */
export interface FallbackFace {
  family: string;
  font: FontkitFont;
}

/** The parts of pdfkit's internal font objects used for fast, exact text placement. */
export interface KitFont {
  id: string;
  ref(): unknown;
  encode(text: string): [string[], { xAdvance: number }[]];
}
/** The parsed font behind an embedded font (fontkit's, or pdf-lite's SfntFace): what the direct glyph path reads. */
export interface FontkitFont {
  glyphForCodePoint(cp: number): { id: number; advanceWidth: number };
  hasGlyphForCodePoint(cp: number): boolean;
  _cmapProcessor?: { lookup(cp: number): number };
  hmtx?: { metrics: { length: number; get(i: number): { advance: number } | undefined } };
}

/**
 * The glyph id and advance (font units) of `cp`: read straight from the font's cmap and hmtx tables where fontkit
 * exposes them — fontkit's glyphForCodePoint builds a Glyph object that classifies its characters with the Unicode
 * property tables (≈ 20 ms to load, and nothing here shapes text) — else through glyphForCodePoint. hmtx: glyphs
 * past numberOfHMetrics take the last advance (OpenType spec, hmtx table).
 */
function glyphMetrics(font: FontkitFont, cp: number): { id: number; advanceWidth: number } {
  const metrics = font.hmtx?.metrics;
  if (!font._cmapProcessor || !metrics || metrics.length === 0) return font.glyphForCodePoint(cp);
  const id = font._cmapProcessor.lookup(cp);
  const m = metrics.get(Math.min(id, metrics.length - 1));
  return m ? { id, advanceWidth: m.advance } : font.glyphForCodePoint(cp);
}
/** pdfkit EmbeddedFont internals used by the direct glyph path (checked at run time). */
export interface EmbeddedInternals {
  font?: FontkitFont;
  subset?: { includeGlyph(id: number): number };
  widths?: number[];
  unicode?: number[][];
  scale?: number;
}
/** The parts of a pdfkit document the writer reads: the selected font and the current page's font resources. */
export interface KitDoc {
  _font: KitFont;
  _registeredFonts?: Record<string, unknown>;
  page: { fonts: Record<string, unknown> };
}

/**
 * A running header's line as MonoWriter.line drew it: where and from which font state (x, baseline y as written,
 * size, column width, the font, size and horizontal scale selected before it), the operators it added and the
 * fonts they select, and the state it left.
 */
interface Repeat {
  x: number;
  y: string;
  fs: number;
  cw: number;
  fromFont: KitFont | undefined;
  fromSize: string;
  fromTz: string;
  ops: string[];
  fonts: KitFont[];
  font: KitFont | undefined;
  size: string;
  tz: string;
}

/**
 * A character as line() sets it: its columns (0: not printed), font, glyph code (4 hex digits), advance (1/1000 em),
 * whether it is full-width, and for one that is not, its TJ part at the size and column width it was made for.
 */
interface Cell {
  w: number;
  font: KitFont | undefined;
  hex: string;
  adv: number;
  wide: boolean;
  part: string;
  partFs: number;
  partCw: number;
}
const ZERO_WIDTH: Cell = { w: 0, font: undefined, hex: '', adv: 0, wide: false, part: '', partFs: NaN, partCw: NaN };
/** Printable ASCII characters from lastIndex on. */
const ASCII_RUN = /[\x20-\x7e]*/y;

/** What is printed instead of a character no font has: U+FFFD (�) where a font has it, else a full-width ？. */
export const REPLACEMENT = [0xfffd, 0xff1f];

/** The characters a PDF literal string escapes. */
const LITERAL_SPECIAL = /[\\()]/g;
const esc = (s: string) => s.replace(LITERAL_SPECIAL, '\\$&');
/** Only printable ASCII (set in Courier), or nothing. */
const PRINTABLE = /^[\x20-\x7e]*$/;
const num = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * Writes monospace lines with exact column placement, bypassing pdfkit's layout (which
 * would measure, wrap and be slow): printable ASCII in Courier, every other character in
 * the CJK font advanced by exactly its display width (2 columns for wide characters).
 * One printed line is always one line on the page. Coordinates are in points from the top-left.
 */
export class MonoWriter {
  private readonly courier: KitFont;
  private readonly cjk: KitFont;
  /** Symbol fonts registered in this document so far, by fallback index (registered on first use). */
  private readonly fallbacks = new Map<number, KitFont>();
  private readonly cache = new Map<number, { font: KitFont; hex: string; adv: number }>();
  /** num(baseline) by baseline: a page's lines sit on the same baselines as the last page's. */
  private readonly baselines = new Map<number, string>();
  /** What line() sets for a code point other than printable ASCII (kept for those whose glyph is kept in `cache`). */
  private readonly cells = new Map<number, Cell>();
  private pageFonts: Record<string, unknown> = {};
  private ops: string[] = [];
  private curFont: KitFont | undefined;
  private curSize = '';
  private curTz = '100';
  /** Strings of the last column geometry the ASCII path placed text with: `x`, the column width, the Courier size. */
  private colX = NaN;
  private colWidth = NaN;
  private colSize = '';
  /** `x` of a run starting at column k (num(x + k·columnWidth)), by k, for colX and colWidth. */
  private colAt: string[] = [];
  /** The geometry before the last (colX, colWidth, colSize, colAt of the one before). */
  private prevColX = NaN;
  private prevColWidth = NaN;
  private prevColSize = '';
  private prevColAt: string[] = [];
  /** For colX and colWidth, the start of a line's operators up to its text, by baseline (as written) and column. */
  private colHeads = new Map<string, string[]>();
  private prevColHeads = new Map<string, string[]>();
  /**
   * Non-ASCII lines drawn as `repeated` (running headers), by text: the operators they added and
   * the state they left, replayed when the same line is drawn again at the same place from the same state.
   */
  private readonly repeats = new Map<string, Repeat>();
  /** Characters no font could print (code point → occurrences); each was printed as REPLACEMENT, never as a box. */
  readonly unprintable = new Map<number, number>();
  private unprintedCount = 0;
  /** The fonts a line being remembered for replay selects (see `repeats`). */
  private lineFonts: KitFont[] | undefined;
  /**
   * `doc` must have the CJK font registered as 'cjk' (CJK); `fallbackFonts` gives the symbol fonts tried, in
   * order, for characters the CJK font lacks (none: such characters print as REPLACEMENT).
   */
  constructor(
    private readonly doc: WriterDoc,
    private readonly fontSize: number,
    private readonly columnWidth: number,
    private readonly fallbackFonts: () => FallbackFace[] = () => [],
  ) {
    const kd = doc as unknown as KitDoc;
    doc.font('Courier');
    this.courier = kd._font;
    doc.font('cjk');
    this.cjk = kd._font;
  }

  /** Starts collecting a page's text (call after doc.addPage()). */
  begin(): void {
    this.pageFonts = (this.doc as unknown as KitDoc).page.fonts;
    this.pageFonts[this.courier.id] = this.courier.ref();
    this.pageFonts[this.cjk.id] = this.cjk.ref();
    this.ops = ['BT'];
    this.curFont = undefined;
    this.curSize = '';
    this.curTz = '100';
  }

  /** The document's instance of symbol font `i`, registered on first use so unused fonts are not embedded. */
  private fallback(i: number): KitFont {
    let f = this.fallbacks.get(i);
    if (!f) {
      const kd = this.doc as unknown as KitDoc;
      const prev = kd._font;
      this.doc.registerFont(`fallback${i}`, this.fallbackFonts()[i].font as unknown as Buffer);
      this.doc.font(`fallback${i}`);
      f = kd._font;
      kd._font = prev;
      this.fallbacks.set(i, f);
    }
    return f;
  }

  /** The font that prints `cp`: the CJK font, else the first symbol font that has it, else undefined. */
  private fontFor(cp: number): KitFont | undefined {
    const cjk = (this.cjk as unknown as EmbeddedInternals).font;
    if (!cjk || cjk.hasGlyphForCodePoint(cp)) return this.cjk;
    const i = this.fallbackFonts().findIndex((f) => f.font.hasGlyphForCodePoint(cp));
    return i < 0 ? undefined : this.fallback(i);
  }

  private glyph(cp: number): { font: KitFont; hex: string; adv: number } {
    let g = this.cache.get(cp);
    if (!g) {
      let font = this.fontFor(cp);
      let drawn = cp;
      if (!font) {
        this.unprintable.set(cp, (this.unprintable.get(cp) ?? 0) + 1);
        this.unprintedCount++;
        drawn = REPLACEMENT.find((r) => this.fontFor(r)) ?? REPLACEMENT[REPLACEMENT.length - 1];
        font = this.fontFor(drawn) ?? this.cjk;
      }
      const f = font as unknown as EmbeddedInternals;
      if (f.font?.glyphForCodePoint && f.subset?.includeGlyph && f.widths && f.unicode && f.scale) {
        // Direct cmap lookup: one glyph per character, no OpenType shaping (code is monospace;
        // shaping would only cost time). Mirrors pdfkit's EmbeddedFont.encode bookkeeping.
        const glyph = glyphMetrics(f.font, drawn);
        const gid = f.subset.includeGlyph(glyph.id);
        f.widths[gid] ??= glyph.advanceWidth * f.scale;
        f.unicode[gid] ??= [drawn];
        g = { font, hex: gid.toString(16).padStart(4, '0'), adv: glyph.advanceWidth * f.scale };
      } else {
        const [hex, pos] = font.encode(String.fromCodePoint(drawn));
        g = { font, hex: hex.join(''), adv: pos.reduce((a, p) => a + p.xAdvance, 0) };
      }
      if (drawn === cp) this.cache.set(cp, g);
    }
    return g;
  }

  /**
   * Adds one line whose text baseline is `baseline` pt from the top, starting at `x` pt.
   * `fontSize`/`columnWidth` override the defaults for this line (headings); ASCII is set in
   * Courier at the size whose advance is exactly one column (0.6 em = columnWidth). `repeated`: the same line is
   * drawn on other pages (a running header): its operators are remembered and added again when it is.
   */
  line(text: string, x: number, baseline: number, fontSize = this.fontSize, columnWidth = this.columnWidth, repeated = false): void {
    // pdfkit pages start with a y-flipping CTM (1 0 0 -1 0 h cm); flip the text matrix back.
    let y = this.baselines.get(baseline);
    if (y === undefined) this.baselines.set(baseline, (y = num(baseline)));
    const fs = fontSize;
    const cw = columnWidth;
    if (x !== this.colX || cw !== this.colWidth) {
      // Two geometries kept: the code's, and the page number's that comes between its pages.
      const px = this.colX;
      const pw = this.colWidth;
      const ps = this.colSize;
      const pa = this.colAt;
      const ph = this.colHeads;
      const back = x === this.prevColX && cw === this.prevColWidth;
      this.colX = x;
      this.colWidth = cw;
      this.colSize = back ? this.prevColSize : num(cw / 0.6);
      this.colAt = back ? this.prevColAt : [];
      this.colHeads = back ? this.prevColHeads : new Map();
      this.prevColX = px;
      this.prevColWidth = pw;
      this.prevColSize = ps;
      this.prevColAt = pa;
      this.prevColHeads = ph;
    }
    const asciiSize = this.colSize;
    const ops = this.ops;
    if (PRINTABLE.test(text)) {
      // A line of printable ASCII (most code): one Courier run; leading spaces need no glyphs, just a move. (Its only
      // white space is the space, so trimStart drops exactly the leading spaces.)
      const body = text.trimStart();
      if (body === '') return;
      const k = text.length - body.length;
      if (this.curFont !== this.courier || this.curSize !== asciiSize || this.curTz !== '100') this.setFont(this.courier, asciiSize, '100');
      // `1 0 0 -1 x y Tm (` by baseline and column: the same few on every page.
      let heads = this.colHeads.get(y);
      if (heads === undefined) this.colHeads.set(y, (heads = []));
      const head = (heads[k] ??= `1 0 0 -1 ${(this.colAt[k] ??= num(x + k * cw))} ${y} Tm (`);
      ops.push(`${head}${esc(body)}) Tj`);
      return;
    }
    let opsFrom = 0;
    const unprinted = this.unprintedCount;
    if (repeated) {
      const r = this.repeats.get(text);
      if (r && r.x === x && r.y === y && r.fs === fs && r.cw === cw && r.fromFont === this.curFont && r.fromSize === this.curSize && r.fromTz === this.curTz) {
        for (let k = 0; k < r.fonts.length; k++) this.pageFonts[r.fonts[k].id] ??= r.fonts[k].ref();
        for (let k = 0; k < r.ops.length; k++) ops.push(r.ops[k]);
        this.curFont = r.font;
        this.curSize = r.size;
        this.curTz = r.tz;
        return;
      }
      opsFrom = ops.length;
      this.lineFonts = [];
    }
    const fromFont = this.curFont;
    const fromSize = this.curSize;
    const fromTz = this.curTz;
    let col = 0;
    let i = 0;
    const n = text.length;
    // The run of non-ASCII characters being collected: its font, whether its glyphs are full-width, its glyphs (hex
    // codes, or TJ parts joined by spaces) and its first column.
    let runFont: KitFont | undefined;
    let runWide = false;
    let runParts = '';
    let runCol = 0;
    // Full-width glyphs (advance 1 em) are set at a size and horizontal scale whose advance is exactly two columns, so
    // they sit edge to edge (text extraction sees one word, not letters with gaps); any other glyph is placed by a TJ
    // adjustment so that it, too, advances exactly its column width.
    const flush = () => {
      if (runFont === undefined) return;
      if (runWide) {
        const size = Math.min(fs * 1.1, 2 * cw);
        this.setFont(runFont, num(size), num(((2 * cw) / size) * 100));
        ops.push(`1 0 0 -1 ${num(x + runCol * cw)} ${y} Tm <${runParts}> Tj`);
      } else {
        this.setFont(runFont, num(fs), '100');
        ops.push(`1 0 0 -1 ${num(x + runCol * cw)} ${y} Tm [${runParts}] TJ`);
      }
      runFont = undefined;
    };
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c >= 0x20 && c < 0x7f) {
        ASCII_RUN.lastIndex = i;
        ASCII_RUN.test(text);
        const j = ASCII_RUN.lastIndex;
        // Leading spaces need no glyphs: just move.
        const segment = text.slice(i, j);
        const body = segment.trimStart();
        if (body !== '') {
          const k = i + segment.length - body.length;
          this.setFont(this.courier, asciiSize, '100');
          ops.push(`1 0 0 -1 ${num(x + (col + k - i) * cw)} ${y} Tm (${esc(body)}) Tj`);
        }
        col += j - i;
        i = j;
        continue;
      }
      // A run of non-ASCII characters, each in the CJK font or, where it has no glyph, the first symbol font that
      // has one.
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d >= 0x20 && d < 0x7f) break;
        const cp = text.codePointAt(i)!;
        i += cp > 0xffff ? 2 : 1;
        let cell = this.cells.get(cp);
        if (cell === undefined) {
          const w = charWidth(cp);
          if (w === 0) this.cells.set(cp, (cell = ZERO_WIDTH));
          else {
            const g = this.glyph(cp);
            cell = { w, font: g.font, hex: g.hex, adv: g.adv, wide: w === 2 && Math.abs(g.adv - 1000) < 0.5, part: '', partFs: NaN, partCw: NaN };
            // Kept when the glyph is (a character printed as REPLACEMENT is looked up, and counted, each time).
            if (this.cache.get(cp) === g) this.cells.set(cp, cell);
          }
        }
        if (cell.w === 0) continue;
        if (runFont === undefined || runFont !== cell.font || runWide !== cell.wide) {
          flush();
          runFont = cell.font;
          runWide = cell.wide;
          runParts = '';
          runCol = col;
        }
        if (runWide) runParts += cell.hex;
        else {
          if (cell.partFs !== fs || cell.partCw !== cw) this.setPart(cell, fs, cw);
          runParts = runParts === '' ? cell.part : `${runParts} ${cell.part}`;
        }
        col += cell.w;
      }
      flush();
    }
    if (this.lineFonts) {
      // Replayable only when nothing was unprintable (each occurrence is counted).
      if (this.unprintedCount === unprinted) {
        this.repeats.set(text, { x, y, fs, cw, fromFont, fromSize, fromTz, ops: ops.slice(opsFrom), fonts: this.lineFonts, font: this.curFont, size: this.curSize, tz: this.curTz });
      }
      this.lineFonts = undefined;
    }
  }

  /** Sets `cell.part`, the TJ part that places a glyph that is not full-width in its columns at size `fs`, column width `cw`. */
  private setPart(cell: Cell, fs: number, cw: number): void {
    // The glyph's advance made up to its columns; a narrow symbol in a two-column slot is centred in it.
    const slack = (cell.w * cw * 1000) / fs - cell.adv;
    const before = cell.w === 2 && slack > 0 ? slack / 2 : 0;
    cell.part = `${before ? num(-before) + ' ' : ''}<${cell.hex}> ${num(before - slack)}`;
    cell.partFs = fs;
    cell.partCw = cw;
  }

  /** Advance of one character at `fontSize`, in points, as `text` places it (0 for control and zero-width ones). */
  private advance(cp: number, fontSize: number): number {
    if (cp < 0x20 || (cp >= 0x7f && charWidth(cp) === 0)) return 0;
    return (this.glyph(cp).adv * fontSize) / 1000;
  }

  /** Width in points of `text` set by `text()` at `fontSize`. */
  measure(text: string, fontSize: number): number {
    let w = 0;
    for (const ch of text) w += this.advance(ch.codePointAt(0)!, fontSize);
    return w;
  }

  /**
   * Breaks `text` into lines no wider than `width` points at `fontSize` (as `text()` sets them): at newlines, after
   * spaces, and between Chinese characters — never before closing or after opening punctuation; a word longer
   * than a line is cut where it overflows. Trailing spaces are dropped.
   */
  wrap(text: string, width: number, fontSize: number): string[] {
    const out: string[] = [];
    for (const para of text.split('\n')) {
      const chars = [...para];
      let start = 0;
      let w = 0;
      let lastBreak = -1;
      for (let i = 0; i < chars.length; i++) {
        if (i > start && breakBetween(chars[i - 1], chars[i])) lastBreak = i;
        const cw = this.advance(chars[i].codePointAt(0)!, fontSize);
        if (w + cw > width && i > start && chars[i] !== ' ') {
          const cut = lastBreak > start ? lastBreak : i;
          out.push(chars.slice(start, cut).join('').trimEnd());
          start = cut;
          while (start < i && chars[start] === ' ') start++;
          w = this.measure(chars.slice(start, i).join(''), fontSize);
          lastBreak = -1;
        }
        w += cw;
      }
      out.push(chars.slice(start).join('').trimEnd());
    }
    return out;
  }

  /**
   * Adds `text` at its natural advances — every character in the CJK font, or the first symbol font that has it
   * (no shaping, no kerning) — with its baseline `baseline` pt from the top, starting at `x`.
   */
  text(text: string, x: number, baseline: number, fontSize: number): void {
    const y = num(baseline);
    let pos = x;
    let run: { font: KitFont; hex: string[]; x: number } | undefined;
    const flush = () => {
      if (!run) return;
      this.setFont(run.font, num(fontSize), '100');
      this.ops.push(`1 0 0 -1 ${num(run.x)} ${y} Tm <${run.hex.join('')}> Tj`);
      run = undefined;
    };
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const adv = this.advance(cp, fontSize);
      if (adv === 0) continue;
      const g = this.glyph(cp);
      if (run && run.font !== g.font) flush();
      run ??= { font: g.font, hex: [], x: pos };
      run.hex.push(g.hex);
      pos += adv;
    }
    flush();
  }

  /** Line height of `text()` at `fontSize` (the CJK font's ascender − descender + line gap), and its ascender. */
  lineMetrics(fontSize: number): { height: number; ascent: number } {
    const f = this.cjk as unknown as { ascender: number; descender: number; lineGap?: number };
    return { height: ((f.ascender - f.descender + (f.lineGap ?? 0)) * fontSize) / 1000, ascent: (f.ascender * fontSize) / 1000 };
  }

  private setFont(font: KitFont, size: string, tz: string): void {
    this.pageFonts[font.id] ??= font.ref();
    this.lineFonts?.push(font);
    if (this.curFont?.id !== font.id || this.curSize !== size) {
      this.ops.push(`/${font.id} ${size} Tf`);
      this.curFont = font;
      this.curSize = size;
    }
    if (this.curTz !== tz) {
      this.ops.push(`${tz} Tz`);
      this.curTz = tz;
    }
  }

  /** Writes the collected page text into the page's content stream. */
  end(): void {
    this.ops.push('ET');
    this.doc.addContent(this.ops.join('\n'));
    this.ops = [];
  }
}

const CLOSING = new Set('，。、；：？！）》」』】〕〉”’…—·,.;:?!)]}%');
const OPENING = new Set('（《「『【〔〈“‘([{');

/** Whether a line may break between two characters: after a space, or beside a wide (CJK) character, punctuation permitting. */
function breakBetween(prev: string, cur: string): boolean {
  if (CLOSING.has(cur) || OPENING.has(prev)) return false;
  if (prev === ' ') return cur !== ' ';
  return charWidth(prev.codePointAt(0)!) === 2 || charWidth(cur.codePointAt(0)!) === 2;
}

export interface HeaderGeometry {
  marginLeft: number;
  marginRight: number;
  headerBaseline: number;
  headerFontSize: number;
  headerRule: number;
}

/**
 * Draws a running header: `left` at the left margin and `right` (the page number) flush with
 * the right margin, on one baseline, with a thin rule underneath (cpcc-materials.md: name and
 * version in the header, page number top-right). Uses the exact writer (no text shaping), so it
 * costs nothing per page. Call between writer.begin() and writer.end().
 */
export function drawHeader(doc: WriterDoc, writer: MonoWriter, left: string, right: string, g: HeaderGeometry): void {
  let h = headers.get(g);
  if (!h || h.left !== left) {
    const fs = headerFontSize(left, A4.width - g.marginLeft - g.marginRight, g.headerFontSize);
    h = { left, fs, rule: `q 0.5 w ${g.marginLeft} ${g.headerRule} m ${num(A4.width - g.marginRight)} ${g.headerRule} l S Q` };
    headers.set(g, h);
  }
  const fs = h.fs;
  const cw = fs * 0.6;
  writer.line(left, g.marginLeft, g.headerBaseline, fs, cw, true);
  if (right) writer.line(right, A4.width - g.marginRight - displayWidth(right) * cw, g.headerBaseline, fs, cw);
  doc.addContent(h.rule);
}

/** The last header drawn with each geometry: its text, size and rule (the same on every page of a document). */
const headers = new WeakMap<HeaderGeometry, { left: string; fs: number; rule: string }>();
