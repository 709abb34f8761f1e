import PDFDocument from 'pdfkit';
import { loadCjkFont } from './fonts';
import { A4, headerFontSize } from './layout';
import { charWidth, displayWidth } from './width';

/** The parts of pdfkit's internal font objects used for fast, exact text placement. */
interface KitFont {
  id: string;
  ref(): unknown;
  encode(text: string): [string[], { xAdvance: number }[]];
}
/** pdfkit EmbeddedFont internals used by the direct glyph path (checked at run time). */
interface EmbeddedInternals {
  font?: { glyphForCodePoint(cp: number): { id: number; advanceWidth: number } };
  subset?: { includeGlyph(id: number): number };
  widths?: number[];
  unicode?: number[][];
  scale?: number;
}
interface KitDoc {
  _font: KitFont;
  page: { fonts: Record<string, unknown> };
}

export const CJK = 'cjk';

let fontkitFont: unknown;

/**
 * The parsed CJK font, shared by every document of the process (pdfkit accepts a fontkit font
 * object): parsing a 20 MB collection and its glyph index once, not per document, keeps each
 * render fast. Each document still embeds its own subset.
 */
function sharedCjkFont(): unknown {
  if (!fontkitFont) {
    const font = loadCjkFont();
    const probe = new PDFDocument({ autoFirstPage: false });
    if (font.face) probe.registerFont(CJK, font.data, font.face);
    else probe.registerFont(CJK, font.data);
    probe.font(CJK);
    fontkitFont = (probe as unknown as { _font: { font: unknown } })._font.font;
  }
  return fontkitFont;
}

/**
 * Creates an A4 pdfkit document with the CJK font registered as 'cjk' and a
 * `finish()` that resolves with the PDF bytes. Deterministic (fixed dates) for equal inputs.
 */
export function createPdf(title: string): { doc: PDFKit.PDFDocument; finish(): Promise<Buffer> } {
  const doc = new PDFDocument({
    size: [A4.width, A4.height],
    margin: 0,
    autoFirstPage: false,
    compress: true,
    info: { Title: title, Producer: '码著 mazhu', Creator: '码著 mazhu', CreationDate: new Date(Date.UTC(2000, 0, 1)) },
  });
  doc.registerFont(CJK, sharedCjkFont() as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish() {
      doc.end();
      return done;
    },
  };
}

const esc = (s: string) => s.replace(/[\\()]/g, (m) => '\\' + m);
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
  private readonly cache = new Map<number, { hex: string; adv: number }>();
  private ops: string[] = [];
  private curFont = '';
  private curTz = '100';
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly fontSize: number,
    private readonly columnWidth: number,
  ) {
    const kd = doc as unknown as KitDoc;
    doc.font('Courier');
    this.courier = kd._font;
    doc.font(CJK);
    this.cjk = kd._font;
  }

  /** Starts collecting a page's text (call after doc.addPage()). */
  begin(): void {
    const fonts = (this.doc as unknown as KitDoc).page.fonts;
    fonts[this.courier.id] = this.courier.ref();
    fonts[this.cjk.id] = this.cjk.ref();
    this.ops = ['BT'];
    this.curFont = '';
    this.curTz = '100';
  }

  private glyph(cp: number): { hex: string; adv: number } {
    let g = this.cache.get(cp);
    if (!g) {
      const f = this.cjk as unknown as EmbeddedInternals;
      if (f.font?.glyphForCodePoint && f.subset?.includeGlyph && f.widths && f.unicode && f.scale) {
        // Direct cmap lookup: one glyph per character, no OpenType shaping (code is monospace;
        // shaping would only cost time). Mirrors pdfkit's EmbeddedFont.encode bookkeeping.
        const glyph = f.font.glyphForCodePoint(cp);
        const gid = f.subset.includeGlyph(glyph.id);
        f.widths[gid] ??= glyph.advanceWidth * f.scale;
        f.unicode[gid] ??= [cp];
        g = { hex: gid.toString(16).padStart(4, '0'), adv: glyph.advanceWidth * f.scale };
      } else {
        const [hex, pos] = this.cjk.encode(String.fromCodePoint(cp));
        g = { hex: hex.join(''), adv: pos.reduce((a, p) => a + p.xAdvance, 0) };
      }
      this.cache.set(cp, g);
    }
    return g;
  }

  /**
   * Adds one line whose text baseline is `baseline` pt from the top, starting at `x` pt.
   * `fontSize`/`columnWidth` override the defaults for this line (headings); ASCII is set in
   * Courier at the size whose advance is exactly one column (0.6 em = columnWidth).
   */
  line(text: string, x: number, baseline: number, fontSize = this.fontSize, columnWidth = this.columnWidth): void {
    // pdfkit pages start with a y-flipping CTM (1 0 0 -1 0 h cm); flip the text matrix back.
    const y = num(baseline);
    const fs = fontSize;
    const cw = columnWidth;
    const asciiSize = num(cw / 0.6);
    const ops = this.ops;
    let col = 0;
    let i = 0;
    const n = text.length;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c >= 0x20 && c < 0x7f) {
        let j = i + 1;
        while (j < n) {
          const d = text.charCodeAt(j);
          if (d < 0x20 || d >= 0x7f) break;
          j++;
        }
        // Leading spaces need no glyphs: just move.
        let k = i;
        while (k < j && text.charCodeAt(k) === 32) k++;
        if (k < j) {
          this.setFont(this.courier.id, asciiSize, '100');
          ops.push(`1 0 0 -1 ${num(x + (col + k - i) * cw)} ${y} Tm (${esc(text.slice(k, j))}) Tj`);
        }
        col += j - i;
        i = j;
        continue;
      }
      // A run of non-ASCII characters in the CJK font. Full-width glyphs (advance 1 em) are set at
      // a size and horizontal scale whose advance is exactly two columns, so they sit edge to edge
      // (text extraction sees one word, not letters with gaps); any other glyph is placed by a TJ
      // adjustment so that it, too, advances exactly its column width.
      const startCol = col;
      let wide = '';
      let other: string[] = [];
      let segCol = col;
      const flushWide = () => {
        if (!wide) return;
        const size = Math.min(fs * 1.1, 2 * cw);
        const tz = num(((2 * cw) / size) * 100);
        this.setFont(this.cjk.id, num(size), tz);
        ops.push(`1 0 0 -1 ${num(x + segCol * cw)} ${y} Tm <${wide}> Tj`);
        wide = '';
      };
      const flushOther = () => {
        if (!other.length) return;
        this.setFont(this.cjk.id, num(fs), '100');
        ops.push(`1 0 0 -1 ${num(x + segCol * cw)} ${y} Tm [${other.join(' ')}] TJ`);
        other = [];
      };
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d >= 0x20 && d < 0x7f) break;
        const cp = text.codePointAt(i)!;
        i += cp > 0xffff ? 2 : 1;
        const w = charWidth(cp);
        if (w === 0) continue;
        const g = this.glyph(cp);
        if (w === 2 && Math.abs(g.adv - 1000) < 0.5) {
          if (other.length) {
            flushOther();
            segCol = col;
          }
          wide += g.hex;
        } else {
          if (wide) {
            flushWide();
            segCol = col;
          }
          other.push(`<${g.hex}> ${num(g.adv - (w * cw * 1000) / fs)}`);
        }
        col += w;
      }
      void startCol;
      flushWide();
      flushOther();
    }
  }

  private setFont(id: string, size: string, tz: string): void {
    const key = `${id}/${size}`;
    if (this.curFont !== key) {
      this.ops.push(`/${id} ${size} Tf`);
      this.curFont = key;
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
export function drawHeader(doc: PDFKit.PDFDocument, writer: MonoWriter, left: string, right: string, g: HeaderGeometry): void {
  const fs = headerFontSize(left, A4.width - g.marginLeft - g.marginRight, g.headerFontSize);
  const cw = fs * 0.6;
  writer.line(left, g.marginLeft, g.headerBaseline, fs, cw);
  if (right) writer.line(right, A4.width - g.marginRight - displayWidth(right) * cw, g.headerBaseline, fs, cw);
  doc.addContent(`q 0.5 w ${g.marginLeft} ${g.headerRule} m ${num(A4.width - g.marginRight)} ${g.headerRule} l S Q`);
}
