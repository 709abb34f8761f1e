import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { CffSubset, prepareCff, type SfntFont } from './cff-subset';
import { loadCjkFont, loadFallbackFonts } from './fonts';
import { A4 } from './layout';
import { MonoWriter as BaseMonoWriter, REPLACEMENT, type FallbackFace, type FontkitFont, type KitDoc } from './mono-writer';
import { charWidth } from './width';

export { drawHeader, type HeaderGeometry } from './mono-writer';

export const CJK = 'cjk';

let fontkitFont: unknown;

/** Parses a font file with the fontkit inside pdfkit (the same objects pdfkit embeds). */
function parseFont(data: Buffer, face?: string): unknown {
  // No default font: the probe selects only the font it parses.
  const probe = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
  if (face) probe.registerFont('probe', data, face);
  else probe.registerFont('probe', data);
  probe.font('probe');
  return (probe as unknown as { _font: { font: unknown } })._font.font;
}

/**
 * The parsed CJK font, shared by every document of the process (pdfkit accepts a fontkit font
 * object): parsing a 20 MB collection and its glyph index once, not per document, keeps each
 * render fast. Each document still embeds its own subset.
 */
function sharedCjkFont(): unknown {
  if (!fontkitFont) {
    installCffSubsets();
    const font = loadCjkFont();
    fontkitFont = parseFont(font.data, font.face);
  }
  return fontkitFont;
}

/**
 * Reads and parses the CJK font (and its CFF tables) now rather than in the first document: a PDF thread calls it
 * while the code is still being read.
 */
export function prepareFonts(): void {
  const font = sharedCjkFont() as SfntFont;
  try {
    prepareCff(font);
  } catch {
    /* a CFF table this writer cannot read: the subset falls back to fontkit's writer when encoded */
  }
}

let fastCffSubsets = true;

/** Chooses the CFF subset writer of the documents made from now on: ours (default) or fontkit's (for comparison). */
export function useFastCffSubsets(on: boolean): void {
  fastCffSubsets = on;
}

interface SubsetLike {
  glyphs: number[];
  includeGlyph(g: number): number;
  encode(): Buffer | Uint8Array;
}

let cffSubsetsInstalled = false;

/**
 * Makes the subset of every font with CFF outlines a CffSubset (desubroutinized, small and fast to write), in place
 * of fontkit's: pdfkit asks for a subset as soon as a font is selected, and fontkit's CFF subset parses the font's
 * whole CFF table first (≈ 60 ms for Noto Sans CJK) although ours reads only the glyphs it writes. fontkit's font
 * class is reached through a small TrueType font of our own (DejaVu Sans Mono, from the fallback fonts' package);
 * without it, or for a font CffSubset cannot write (its encode throws), fontkit's subsetter is used. Once per process.
 */
function installCffSubsets(): void {
  if (cffSubsetsInstalled) return;
  cffSubsetsInstalled = true;
  let proto: { createSubset(this: SfntFont): SubsetLike };
  try {
    const file = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf');
    proto = Object.getPrototypeOf(parseFont(readFileSync(file))) as typeof proto;
  } catch {
    return;
  }
  const library = proto.createSubset;
  if (typeof library !== 'function') return;
  proto.createSubset = function (this: SfntFont) {
    if (!fastCffSubsets || !this.directory?.tables['CFF '] || !this.stream?.buffer) return library.call(this);
    const s = new CffSubset(this);
    const encode = s.encode.bind(s);
    s.encode = () => {
      try {
        return encode();
      } catch {
        const other = library.call(this);
        for (const g of s.glyphs) other.includeGlyph(g);
        return Buffer.from(other.encode());
      }
    };
    return s;
  };
}

let fallbackFonts: FallbackFace[] | undefined;

/** The parsed symbol fonts (loadFallbackFonts), in fallback order; parsed on first need, once per process. */
function sharedFallbackFonts(): FallbackFace[] {
  fallbackFonts ??= loadFallbackFonts().map((f) => ({ family: f.family, font: parseFont(f.data) as FontkitFont }));
  return fallbackFonts;
}

/**
 * Which font prints a code point: 'cjk' for the CJK font, the family of the first symbol font that has it
 * (see loadFallbackFonts), or null when no font can print it. Printable ASCII is set in Courier and is never asked.
 */
export function fontForCodePoint(cp: number): string | null {
  if ((sharedCjkFont() as FontkitFont).hasGlyphForCodePoint(cp)) return CJK;
  return sharedFallbackFonts().find((f) => f.font.hasGlyphForCodePoint(cp))?.family ?? null;
}

/**
 * Creates an A4 pdfkit document with the CJK font registered as 'cjk' and a
 * `finish()` that resolves with the PDF bytes. Deterministic (fixed dates) for equal inputs.
 * `opts.font` is the font selected at creation; by default the CJK font is.
 */
export function createPdf(title: string, opts: { font?: 'Courier' } = {}): { doc: PDFKit.PDFDocument; finish(): Promise<Buffer> } {
  const doc = new PDFDocument({
    // The font selected at creation: `opts.font`, else none here and the CJK font once registered (pdfkit would
    // select Helvetica, reading its metrics file, and Helvetica prints no Chinese).
    font: (opts.font ?? null) as string,
    size: [A4.width, A4.height],
    margin: 0,
    autoFirstPage: false,
    compress: true,
    info: { Title: title, Producer: '码著 mazhu', Creator: '码著 mazhu', CreationDate: new Date(Date.UTC(2000, 0, 1)) },
  });
  doc.registerFont(CJK, sharedCjkFont() as unknown as Buffer);
  if (!opts.font) doc.font(CJK);
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

/** MonoWriter on a pdfkit document, with the symbol fonts (loadFallbackFonts) for characters the CJK font lacks. */
export class MonoWriter extends BaseMonoWriter {
  constructor(doc: PDFKit.PDFDocument, fontSize: number, columnWidth: number) {
    super(doc, fontSize, columnWidth, sharedFallbackFonts);
  }
}

/**
 * Writes `text` with pdfkit's own layout (wrapping, `options` as for doc.text) in the CJK font, switching to the
 * first symbol font that has a glyph for each run of characters the CJK font lacks (loadFallbackFonts); a character
 * no font has is written as U+FFFD. Used for free text in tables and letters; code and manual lines use MonoWriter.
 * Leaves the CJK font selected.
 */
export function textWithFallback(doc: PDFKit.PDFDocument, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}): void {
  const runs: { font: string; text: string }[] = [];
  const cjk = sharedCjkFont() as FontkitFont;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let font = CJK;
    let out = ch;
    if (cp >= 0x20 && !cjk.hasGlyphForCodePoint(cp) && charWidth(cp) > 0) {
      let i = sharedFallbackFonts().findIndex((f) => f.font.hasGlyphForCodePoint(cp));
      if (i < 0) {
        out = String.fromCodePoint(REPLACEMENT[0]);
        i = sharedFallbackFonts().findIndex((f) => f.font.hasGlyphForCodePoint(REPLACEMENT[0]));
      }
      if (i >= 0) {
        font = `fallback${i}`;
        if (!(doc as unknown as KitDoc)._registeredFonts?.[font]) doc.registerFont(font, sharedFallbackFonts()[i].font as unknown as Buffer);
      } else out = String.fromCodePoint(REPLACEMENT[1]);
    }
    const last = runs[runs.length - 1];
    if (last?.font === font) last.text += out;
    else runs.push({ font, text: out });
  }
  if (runs.length === 0) runs.push({ font: CJK, text });
  // Every run on the CJK font's baseline (pdfkit would place each font's glyphs below its own ascender).
  doc.font(CJK);
  const kd = doc as unknown as KitDoc & { _font: { ascender: number }; _fontSize: number };
  const baseline = runs.length > 1 ? -((kd._font.ascender / 1000) * kd._fontSize) : undefined;
  runs.forEach((r, i) => {
    doc.font(r.font);
    const opts = { ...options, continued: i < runs.length - 1, ...(baseline !== undefined ? { baseline } : {}) };
    if (i === 0) doc.text(r.text, x, y, opts);
    else doc.text(r.text, opts);
  });
  doc.font(CJK);
}

