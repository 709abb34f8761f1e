import { deflateSync } from 'node:zlib';
import { CffSubset, prepareCff } from './cff-subset';
import { FALLBACK_FAMILIES, FALLBACK_FONT_COUNT, loadCjkFontOnDemand, loadFallbackFont } from './fonts';
import { A4 } from './layout';
import type { FallbackFace, FontkitFont, KitFont, WriterDoc } from './mono-writer';
import { openCffFace, openFace, type SfntFace } from './sfnt';
import { TrueTypeSubset } from './ttf-subset';
import { charWidth } from './width';

/**
 * A small PDF writer for the pages MonoWriter sets — the source-code document and the application form: A4 pages
 * of text in Courier (a standard font, not embedded), the CJK font and the symbol fonts (loadFallbackFonts) for
 * characters it lacks — each embedded as a CID-keyed subset (CFF: FontFile3; TrueType: FontFile2) with its widths
 * and a ToUnicode map, as pdfkit embeds them — plus stroked rules and rectangles. It loads no PDF or font library,
 * so a process that prints only these documents starts in milliseconds. Reference: ISO 32000-1 §7.5 (file
 * structure), §9.6–9.10 (fonts, ToUnicode).
 *
 * It needs a CJK font with CFF outlines and symbol fonts it can read (liteDocument answers undefined otherwise);
 * pdf-kit.ts (pdfkit) prints such documents.
 */

let face: SfntFace | null | undefined;

/**
 * The CJK font as a CFF face, once per process, read on demand (loadCjkFontOnDemand: the tables and glyphs used,
 * not the whole collection); null when it has no CFF outlines.
 */
function cjkFace(): SfntFace | null {
  if (face === undefined) {
    const f = loadCjkFontOnDemand();
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

let fallbacks: FallbackFace[] | undefined;

/** A face with no glyphs: a symbol font whose package is not installed. */
const NO_GLYPHS: FontkitFont = { glyphForCodePoint: () => ({ id: 0, advanceWidth: 0 }), hasGlyphForCodePoint: () => false };

/**
 * The symbol fonts in fallback order (FALLBACK_FILES), each read when its `font` is first looked at, once per
 * process. Readers look at them in order and stop at the first that has the glyph (MonoWriter, liteDocument), so a
 * document whose characters are all in the CJK font reads none, and one with a few symbols reads only the fonts up
 * to the one that has them. A font that is not installed has no glyphs; looking at one this writer cannot read
 * throws LiteUnsupported (the document is then printed by pdfkit).
 */
function fallbackFaces(): FallbackFace[] {
  fallbacks ??= Array.from({ length: FALLBACK_FONT_COUNT }, (_, i): FallbackFace => {
    let face: FontkitFont | undefined;
    return {
      family: FALLBACK_FAMILIES[i],
      get font(): FontkitFont {
        if (!face) {
          const f = loadFallbackFont(i);
          face = f ? openFace(f.data) : NO_GLYPHS;
          if (!face) throw new LiteUnsupported(`符号字体 ${FALLBACK_FAMILIES[i]}`);
        }
        return face;
      },
    };
  });
  return fallbacks;
}

/** The symbol fonts for MonoWriter on a LiteDoc (see fallbackFaces). */
export const liteFallbackFonts = (): FallbackFace[] => fallbackFaces();

/** Thrown when a font cannot be subset here; the caller prints with pdfkit instead. */
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
/** An embedded font: its face, subset and what MonoWriter records of each glyph it includes. */
interface EmbeddedFont extends LiteFont {
  font: SfntFace;
  subset: CffSubset | TrueTypeSubset;
  widths: number[];
  unicode: number[][];
  scale: number;
  ascender: number;
  descender: number;
  lineGap: number;
}

/**
 * A document in the making: MonoWriter draws on it as on a pdfkit document (font(), registerFont(), addContent(),
 * the selected font's internals); `finish()` writes the file.
 */
export class LiteDoc implements WriterDoc {
  /** Each object's body: a dictionary or other value as text, or a stream's dictionary (text) and its bytes. */
  private readonly objects: (string | { head: string; data: Buffer } | undefined)[] = [undefined];
  /** A page dictionary up to its /Contents value, the same on every page. */
  private pageHead: string | undefined;
  /** The last page's /Resources and the font entries it was made from. */
  private pageResources = { fonts: '', text: '' };
  private readonly pageRefs: Ref[] = [];
  private readonly pagesRef: Ref;
  private readonly courier: LiteFont;
  private readonly fonts = new Map<string, LiteFont>();
  private readonly embedded: EmbeddedFont[] = [];
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
    this.fonts.set('Courier', this.courier);
    this.registerFont('cjk', cjkFont);
    this._font = this.fonts.get('cjk')!;
  }

  /** Registers a parsed face (SfntFace) under `name`, as pdfkit's registerFont does with a fontkit font. */
  registerFont(name: string, src: Buffer | SfntFace): this {
    const face = src as SfntFace;
    if (Buffer.isBuffer(src) || typeof face.glyphForCodePoint !== 'function') throw new LiteUnsupported(`字体 ${name}`);
    const ref = this.reserve();
    const scale = 1000 / face.unitsPerEm;
    const font: EmbeddedFont = {
      id: `F${this.fonts.size + 1}`,
      ref: () => ref,
      encode: unsupported,
      font: face,
      subset: face.isCff ? new CffSubset(face) : new TrueTypeSubset(face),
      // As pdfkit: glyph 0 (.notdef) first, its advance as read; every later width in 1/1000 em.
      widths: [face.glyphForCodePoint(0).advanceWidth],
      unicode: [[0]],
      scale,
      ascender: face.ascent * scale,
      descender: face.descent * scale,
      lineGap: face.lineGap * scale,
    };
    this.fonts.set(name, font);
    this.embedded.push(font);
    return this;
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

  /** A stream object, Flate-compressed at zlib `level` (default 6). */
  private addStream(dict: { [key: string]: PdfValue }, data: Buffer, level = 6): Ref {
    const body = deflateSync(data, { level });
    const ref = this.reserve();
    const head = serialize({ ...dict, Length: body.length, Filter: 'FlateDecode' });
    this.objects[ref.n] = { head, data: body };
    return ref;
  }

  /** Selects a font by name: 'Courier', 'cjk' or a registered one. */
  font(name: string): this {
    const f = this.fonts.get(name);
    if (!f) throw new LiteUnsupported(`字体 ${name}`);
    this._font = f;
    return this;
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
    // Level 1: a page of code (text operators and hex glyph codes) comes out about 7 % larger than at level 6, in a
    // third of the time — and a document has sixty of them.
    const contents = this.addStream({}, Buffer.from(this.content.join('\n'), 'latin1'), 1);
    // serialize() of { Type, Parent, MediaBox, Contents, Resources }, its parts kept from page to page.
    this.pageHead ??= `<<\n/Type /Page\n/Parent ${serialize(this.pagesRef)}\n/MediaBox ${serialize([0, 0, A4.width, A4.height])}\n/Contents `;
    let fontKey = '';
    for (const id in this.page.fonts) fontKey += `${id} ${(this.page.fonts[id] as Ref).n} `;
    if (fontKey !== this.pageResources.fonts) {
      const fonts: { [key: string]: PdfValue } = {};
      for (const [id, ref] of Object.entries(this.page.fonts)) fonts[id] = ref as Ref;
      this.pageResources = { fonts: fontKey, text: serialize({ ProcSet: [new Name('PDF'), new Name('Text')], Font: fonts }) };
    }
    const page = this.reserve();
    this.objects[page.n] = `${this.pageHead}${contents.n} 0 R\n/Resources ${this.pageResources.text}\n>>`;
    this.pageRefs.push(page);
    this.content = [];
  }

  /** Writes the file: pages, the fonts (subsets encoded now), catalog, info, cross-reference table. */
  finish(): Buffer {
    this.endPage();
    this.set(this.pagesRef, { Type: 'Pages', Count: this.pageRefs.length, Kids: this.pageRefs });
    this.set(this.courier.ref(), { Type: 'Font', BaseFont: 'Courier', Subtype: 'Type1', Encoding: 'WinAnsiEncoding' });
    for (const f of this.embedded) this.embed(f);
    const info = this.add({ Title: new TextString(this.title), Producer: new TextString('码著 mazhu'), Creator: new TextString('码著 mazhu'), CreationDate: new Literal('D:20000101000000Z') });
    const root = this.add({ Type: 'Catalog', Pages: this.pagesRef });
    // Texts are written as Latin-1 (one byte a character), straight into the file's one buffer.
    const header = '%PDF-1.3\n%\xff\xff\xff\xff\n';
    let at = header.length;
    const offsets: number[] = [];
    for (let n = 1; n < this.objects.length; n++) {
      const body = this.objects[n];
      if (body === undefined) throw new Error(`PDF 对象 ${n} 未写入`);
      offsets[n] = at;
      at += `${n} 0 obj\n`.length + (typeof body === 'string' ? body.length : body.head.length + '\nstream\n'.length + body.data.length + '\nendstream'.length) + '\nendobj\n'.length;
    }
    const xref = [`xref\n0 ${this.objects.length}\n0000000000 65535 f \n`];
    for (let n = 1; n < this.objects.length; n++) xref.push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
    xref.push(`trailer\n${serialize({ Size: this.objects.length, Root: root, Info: info })}\nstartxref\n${at}\n%%EOF\n`);
    const tail = xref.join('');
    const file = Buffer.allocUnsafe(at + tail.length);
    let p = file.write(header, 0, 'latin1');
    for (let n = 1; n < this.objects.length; n++) {
      const body = this.objects[n]!;
      p += file.write(`${n} 0 obj\n`, p, 'latin1');
      if (typeof body === 'string') p += file.write(body, p, 'latin1');
      else {
        p += file.write(`${body.head}\nstream\n`, p, 'latin1');
        p += body.data.copy(file, p);
        p += file.write('\nendstream', p, 'latin1');
      }
      p += file.write('\nendobj\n', p, 'latin1');
    }
    p += file.write(tail, p, 'latin1');
    if (p !== file.length) throw new Error('PDF 长度不符');
    return file;
  }

  /**
   * A font as pdfkit embeds it: Type0 over CIDFontType0 with FontFile3 /CIDFontType0C (CFF outlines) or
   * CIDFontType2 with FontFile2 and CIDToGIDMap Identity (TrueType outlines); W widths; ToUnicode.
   */
  private embed(f: EmbeddedFont): void {
    const face = f.font;
    const cff = face.isCff;
    let data: Buffer;
    try {
      data = f.subset.encode();
    } catch (e) {
      throw new LiteUnsupported(`字体子集：${(e as Error).message}`);
    }
    const fontFile = this.addStream(cff ? { Subtype: 'CIDFontType0C' } : {}, data);
    const familyClass = face.familyClass >> 8;
    const flags = (face.isFixedPitch ? 1 : 0) | (familyClass >= 1 && familyClass <= 7 ? 2 : 0) | 4 | (familyClass === 10 ? 8 : 0) | (face.italic ? 64 : 0);
    const tag = `MZAAA${String.fromCharCode(65 + this.embedded.indexOf(f))}`;
    const name = `${tag}+${face.postscriptName.replaceAll(' ', '_')}`;
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
      [cff ? 'FontFile3' : 'FontFile2']: fontFile,
    });
    const descendant = this.add({
      Type: 'Font',
      Subtype: cff ? 'CIDFontType0' : 'CIDFontType2',
      BaseFont: name,
      CIDSystemInfo: { Registry: new Literal('Adobe'), Ordering: new Literal('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: [0, f.widths.map((w) => w ?? 0)],
      ...(cff ? {} : { CIDToGIDMap: 'Identity' }),
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
 * A LiteDoc for a document whose text is `texts`, or undefined when printing it needs a font this writer cannot
 * read: a CJK font without CFF outlines, or — for a character the CJK font lacks — a symbol font it cannot read.
 * Control and zero-width characters are not printed and pass.
 */
export function liteDocument(title: string, texts: Iterable<string>): LiteDoc | undefined {
  const f = cjkFace();
  if (!f) return undefined;
  // Every character other than printable ASCII, once, by code point: the texts joined by line feeds and each run of
  // printable ASCII and line feeds replaced by one line feed (a control character, not printed, so passed over; and
  // no surrogate pair is made of two that were apart).
  const other = (Array.isArray(texts) ? texts : [...texts]).join('\n').replace(/[\x20-\x7e\n]+/g, '\n');
  for (const ch of new Set(other)) {
    const cp = ch.codePointAt(0)!;
    if (charWidth(cp) === 0 || f.hasGlyphForCodePoint(cp)) continue;
    // A character the CJK font lacks is printed in the first symbol font that has it, or as REPLACEMENT: the fonts
    // looked at on the way must be readable here.
    try {
      fallbackFaces().some((x) => x.font.hasGlyphForCodePoint(cp));
    } catch (e) {
      if (e instanceof LiteUnsupported) return undefined;
      throw e;
    }
  }
  return new LiteDoc(title, f);
}

