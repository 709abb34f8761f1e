import { deflateSync } from 'node:zlib';
import { CffSubset, prepareCff } from './cff-subset';
import { loadCjkFont } from './fonts';
import { A4 } from './layout';
import type { KitFont, WriterDoc } from './mono-writer';
import { openCffFace, type SfntFace } from './sfnt';
import { charWidth } from './width';

/**
 * A small PDF writer for the pages MonoWriter sets — the source-code document and the application form: A4 pages
 * of text in Courier (a standard font, not embedded) and the CJK font (embedded as a CID-keyed CFF subset with
 * its widths and a ToUnicode map, as pdfkit embeds it), plus stroked rules and rectangles. It loads no PDF or font
 * library, so a process that prints only these documents starts in milliseconds. Reference: ISO 32000-1 §7.5
 * (file structure), §9.6–9.10 (fonts, ToUnicode).
 *
 * It takes only documents whose every character is in Courier's printable ASCII or in a CJK font with CFF outlines
 * (liteDocument answers undefined otherwise); pdf-kit.ts (pdfkit, symbol fonts, TrueType) prints the rest.
 */

let face: SfntFace | null | undefined;

/** The CJK font (loadCjkFont) as a CFF face, read once per process; null when it has no CFF outlines. */
function cjkFace(): SfntFace | null {
  if (face === undefined) {
    const f = loadCjkFont();
    face = openCffFace(f.data, f.face) ?? null;
  }
  return face;
}

/**
 * Reads the CJK font and its CFF tables now (a PDF thread does it while the code is still being read). False when
 * the font has no CFF outlines: its documents are printed by pdfkit. Throws DocgenError FONT_MISSING.
 */
export function prepareLiteFonts(): boolean {
  const f = cjkFace();
  if (f) prepareCff(f);
  return !!f;
}

/** Thrown when the CJK font's CFF table cannot be subset here; the caller prints with pdfkit instead. */
export class LiteUnsupported extends Error {}

/** An indirect object's number, written as `n 0 R` wherever it is referenced. */
class Ref {
  constructor(readonly n: number) {}
}

type PdfValue = number | string | Ref | PdfValue[] | { [key: string]: PdfValue } | Name | Literal | TextString;
/** A PDF name (/Type); plain strings in a dictionary are names too, this marks one inside arrays. */
class Name {
  constructor(readonly name: string) {}
}
/** A PDF literal string, ASCII only here. */
class Literal {
  constructor(readonly text: string) {}
}
/** A PDF text string in UTF-16BE with its byte-order mark, written in hex (any characters). */
class TextString {
  constructor(readonly text: string) {}
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

function serialize(v: PdfValue): string {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 1e4) / 1e4);
  if (typeof v === 'string') return `/${v}`;
  if (v instanceof Ref) return `${v.n} 0 R`;
  if (v instanceof Name) return `/${v.name}`;
  if (v instanceof Literal) return `(${v.text.replace(/[\\()]/g, (m) => '\\' + m)})`;
  if (v instanceof TextString) return `<FEFF${Array.from({ length: v.text.length }, (_, i) => hex4(v.text.charCodeAt(i))).join('')}>`;
  if (Array.isArray(v)) return `[${v.map(serialize).join(' ')}]`;
  return `<<\n${Object.entries(v)
    .map(([k, x]) => `/${k} ${serialize(x)}`)
    .join('\n')}\n>>`;
}

/** A font of a LiteDoc in the shape MonoWriter reads from pdfkit's fonts (KitFont plus EmbeddedInternals). */
interface LiteFont extends KitFont {
  ref(): Ref;
}

/**
 * A document in the making: MonoWriter draws on it as on a pdfkit document (font(), addContent(), the selected
 * font's internals); `finish()` writes the file.
 */
export class LiteDoc implements WriterDoc {
  private readonly objects: (string | Buffer | undefined)[] = [undefined];
  private readonly pageRefs: Ref[] = [];
  private readonly pagesRef: Ref;
  private readonly courier: LiteFont;
  private readonly cjk: LiteFont & { font: SfntFace; subset: CffSubset; widths: number[]; unicode: number[][]; scale: number; ascender: number; descender: number; lineGap: number };
  private content: string[] = [];
  /** The selected font (MonoWriter reads it after font()). */
  _font: LiteFont;
  /** The current page's font resources (MonoWriter adds the fonts it uses). */
  page: { fonts: Record<string, unknown> } = { fonts: {} };

  constructor(
    private readonly title: string,
    cjkFont: SfntFace,
  ) {
    this.pagesRef = this.reserve();
    const courierRef = this.reserve();
    this.courier = { id: 'F1', ref: () => courierRef, encode: unsupported };
    const cjkRef = this.reserve();
    const scale = 1000 / cjkFont.unitsPerEm;
    this.cjk = {
      id: 'F2',
      ref: () => cjkRef,
      encode: unsupported,
      font: cjkFont,
      subset: new CffSubset(cjkFont),
      // As pdfkit: glyph 0 (.notdef) first, its advance as read; every later width in 1/1000 em.
      widths: [cjkFont.glyphForCodePoint(0).advanceWidth],
      unicode: [[0]],
      scale,
      ascender: cjkFont.ascent * scale,
      descender: cjkFont.descent * scale,
      lineGap: cjkFont.lineGap * scale,
    };
    this._font = this.cjk;
  }

  private reserve(): Ref {
    this.objects.push(undefined);
    return new Ref(this.objects.length - 1);
  }

  private set(ref: Ref, dict: { [key: string]: PdfValue }): void {
    this.objects[ref.n] = serialize(dict);
  }

  private add(dict: { [key: string]: PdfValue }): Ref {
    const ref = this.reserve();
    this.set(ref, dict);
    return ref;
  }

  private addStream(dict: { [key: string]: PdfValue }, data: Buffer, compress = true): Ref {
    const body = compress ? deflateSync(data) : data;
    const ref = this.reserve();
    const head = serialize({ ...dict, Length: body.length, ...(compress ? { Filter: 'FlateDecode' } : {}) });
    this.objects[ref.n] = Buffer.concat([Buffer.from(`${head}\nstream\n`, 'latin1'), body, Buffer.from('\nendstream', 'latin1')]);
    return ref;
  }

  /** Selects 'Courier' or 'cjk' (the only fonts of this document). */
  font(name: string): this {
    if (name === 'Courier') this._font = this.courier;
    else if (name === 'cjk') this._font = this.cjk;
    else throw new LiteUnsupported(`字体 ${name}`);
    return this;
  }

  registerFont(name: string): never {
    throw new LiteUnsupported(`字体 ${name}`);
  }

  /** Starts a new A4 page; its content starts with pdfkit's y-flip, so coordinates run from the top-left. */
  addPage(): this {
    this.endPage();
    this.page = { fonts: {} };
    this.content = [`1 0 0 -1 0 ${A4.height} cm`];
    return this;
  }

  addContent(s: string): this {
    this.content.push(s);
    return this;
  }

  save(): this {
    return this.addContent('q');
  }
  restore(): this {
    return this.addContent('Q');
  }
  lineWidth(w: number): this {
    return this.addContent(`${w} w`);
  }
  rect(x: number, y: number, w: number, h: number): this {
    return this.addContent(`${x} ${y} ${w} ${h} re`);
  }
  stroke(): this {
    return this.addContent('S');
  }

  private endPage(): void {
    if (this.content.length === 0) return;
    const contents = this.addStream({}, Buffer.from(this.content.join('\n'), 'latin1'));
    const fonts: { [key: string]: PdfValue } = {};
    for (const [id, ref] of Object.entries(this.page.fonts)) fonts[id] = ref as Ref;
    this.pageRefs.push(
      this.add({
        Type: 'Page',
        Parent: this.pagesRef,
        MediaBox: [0, 0, A4.width, A4.height],
        Contents: contents,
        Resources: { ProcSet: [new Name('PDF'), new Name('Text')], Font: fonts },
      }),
    );
    this.content = [];
  }

  /** Writes the file: pages, the two fonts (the CJK subset encoded now), catalog, info, cross-reference table. */
  finish(): Buffer {
    this.endPage();
    this.set(this.pagesRef, { Type: 'Pages', Count: this.pageRefs.length, Kids: this.pageRefs });
    this.set(this.courier.ref(), { Type: 'Font', BaseFont: 'Courier', Subtype: 'Type1', Encoding: 'WinAnsiEncoding' });
    this.embedCjk();
    const info = this.add({ Title: new TextString(this.title), Producer: new TextString('码著 mazhu'), Creator: new TextString('码著 mazhu'), CreationDate: new Literal('D:20000101000000Z') });
    const root = this.add({ Type: 'Catalog', Pages: this.pagesRef });
    const parts: Buffer[] = [Buffer.from('%PDF-1.3\n%\xff\xff\xff\xff\n', 'latin1')];
    let at = parts[0].length;
    const offsets: number[] = [];
    for (let n = 1; n < this.objects.length; n++) {
      const body = this.objects[n];
      if (body === undefined) throw new Error(`PDF 对象 ${n} 未写入`);
      offsets[n] = at;
      const b = Buffer.concat([Buffer.from(`${n} 0 obj\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n', 'latin1')]);
      parts.push(b);
      at += b.length;
    }
    const xref = [`xref\n0 ${this.objects.length}\n0000000000 65535 f \n`];
    for (let n = 1; n < this.objects.length; n++) xref.push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
    xref.push(`trailer\n${serialize({ Size: this.objects.length, Root: root, Info: info })}\nstartxref\n${at}\n%%EOF\n`);
    parts.push(Buffer.from(xref.join(''), 'latin1'));
    return Buffer.concat(parts);
  }

  /** The CJK font as pdfkit embeds a CFF font: Type0 / CIDFontType0 / FontFile3 (CIDFontType0C), W, ToUnicode. */
  private embedCjk(): void {
    const f = this.cjk;
    const face = f.font;
    let cff: Buffer;
    try {
      cff = f.subset.encode();
    } catch (e) {
      throw new LiteUnsupported(`CFF 子集：${(e as Error).message}`);
    }
    const fontFile = this.addStream({ Subtype: 'CIDFontType0C' }, cff);
    const familyClass = face.familyClass >> 8;
    const flags = (face.isFixedPitch ? 1 : 0) | (familyClass >= 1 && familyClass <= 7 ? 2 : 0) | 4 | (familyClass === 10 ? 8 : 0) | (face.italic ? 64 : 0);
    const name = `MZAAAA+${face.postscriptName.replaceAll(' ', '_')}`;
    const descriptor = this.add({
      Type: 'FontDescriptor',
      FontName: name,
      Flags: flags,
      FontBBox: [face.bbox.minX * f.scale, face.bbox.minY * f.scale, face.bbox.maxX * f.scale, face.bbox.maxY * f.scale],
      ItalicAngle: face.italicAngle,
      Ascent: f.ascender,
      Descent: f.descender,
      CapHeight: (face.capHeight || face.ascent) * f.scale,
      XHeight: face.xHeight * f.scale,
      StemV: 0,
      FontFile3: fontFile,
    });
    const descendant = this.add({
      Type: 'Font',
      Subtype: 'CIDFontType0',
      BaseFont: name,
      CIDSystemInfo: { Registry: new Literal('Adobe'), Ordering: new Literal('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: [0, f.widths.map((w) => w ?? 0)],
    });
    const toUnicode = this.addStream({}, Buffer.from(toUnicodeCmap(f.unicode), 'latin1'));
    this.set(f.ref(), { Type: 'Font', Subtype: 'Type0', BaseFont: name, Encoding: 'Identity-H', DescendantFonts: [descendant], ToUnicode: toUnicode });
  }
}

function unsupported(): never {
  throw new LiteUnsupported('文字排版');
}

/** The ToUnicode CMap of the subset: CID i → the UTF-16 of unicode[i] (surrogate pairs for astral characters). */
function toUnicodeCmap(unicode: number[][]): string {
  const entries = unicode.map((cps, cid) => {
    const utf16 = (cps ?? [0]).map((cp) => (cp > 0xffff ? hex4(0xd800 + ((cp - 0x10000) >> 10)) + hex4(0xdc00 + ((cp - 0x10000) & 0x3ff)) : hex4(cp))).join('');
    return `<${hex4(cid)}> <${utf16}>`;
  });
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    blocks.push(`${chunk.length} beginbfchar\n${chunk.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo <<\n/Registry (Adobe)\n/Ordering (UCS)\n/Supplement 0\n>> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange\n<0000><ffff>\nendcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/**
 * A LiteDoc for a document whose text is `texts`, or undefined when something in it needs more than this writer
 * has: a CJK font without CFF outlines, or a character that is neither printable ASCII nor in the CJK font
 * (symbol fonts, the replacement character). Control and zero-width characters are not printed and pass.
 */
export function liteDocument(title: string, texts: Iterable<string>): LiteDoc | undefined {
  const f = cjkFace();
  if (!f) return undefined;
  const seen = new Set<number>();
  for (const t of texts) {
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c >= 0x20 && c < 0x7f) continue;
      const cp = t.codePointAt(i)!;
      if (cp > 0xffff) i++;
      if (seen.has(cp)) continue;
      seen.add(cp);
      if (charWidth(cp) !== 0 && !f.hasGlyphForCodePoint(cp)) return undefined;
    }
  }
  return new LiteDoc(title, f);
}
