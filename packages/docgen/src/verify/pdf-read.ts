import { constants as zc, inflateSync } from 'node:zlib';

/**
 * A small PDF reader for the pre-submission check: it parses the file (cross-reference tables and streams, object
 * streams, Flate streams with PNG predictors, the page tree) and runs each page's content stream through the text
 * operators (q/Q, cm, BT/ET, Tf, Tc, Tw, Tz, TL, Ts, Td, TD, Tm, T*, Tj, TJ, ', ", Do of forms and images, inline
 * images), decoding every shown string with the font's ToUnicode map (or its simple encoding) and placing every
 * glyph with the font's widths. What it returns are the printed glyphs, grouped into text runs, as a PDF viewer
 * would place them — not anything our layout planned.
 *
 * It reads what PDF writers commonly produce (pdfkit, LibreOffice, Word, Chromium/Skia). Whatever it does not read
 * — encryption, filters other than Flate, Type 3 fonts without ToUnicode or glyph names, CID fonts without ToUnicode or with a CMap other than
 * Identity-H, standard fonts other than Courier without widths, fonts set through ExtGState, broken
 * cross-references — makes it give up (`undefined`) so the caller can fall back to a full PDF library.
 */

/** One run of glyphs on a baseline, in PDF user space (points, y up). */
export interface PdfTextRun {
  str: string;
  /** Origin of the first glyph. */
  x: number;
  y: number;
  /** Right end of the last glyph's advance. */
  right: number;
}

export interface PdfReadPage {
  /** The visible box (CropBox within MediaBox): x0, y0, x1, y1. */
  view: [number, number, number, number];
  runs: PdfTextRun[];
  /** True when the page paints an image (image XObject or inline image, masks excepted). */
  hasImage: boolean;
}

class Unsupported extends Error {}

class Name {
  constructor(readonly name: string) {}
}
class Ref {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
class Op {
  constructor(
    readonly op: string,
    /** Operators of up to three characters as a number (see opKey), for a fast switch; -1 for longer words. */
    readonly key: number,
  ) {}
}

/** A word of up to three bytes packed into a number: its length, then its bytes. */
function opKey(b: ArrayLike<number>, start: number, len: number): number {
  if (len > 3) return -1;
  return (len << 24) | b[start] | (len > 1 ? b[start + 1] << 8 : 0) | (len > 2 ? b[start + 2] << 16 : 0);
}
const K = (word: string) => opKey(Array.from(word, (c) => c.charCodeAt(0)), 0, word.length);
const [K_q, K_Q, K_cm, K_BT, K_Tf, K_Tc, K_Tw, K_Tz, K_TL, K_Ts, K_Td, K_TD, K_Tm, K_Tstar, K_Tj, K_quote, K_dquote, K_TJ, K_gs, K_Do, K_BI, K_ID] = [
  'q', 'Q', 'cm', 'BT', 'Tf', 'Tc', 'Tw', 'Tz', 'TL', 'Ts', 'Td', 'TD', 'Tm', 'T*', 'Tj', "'", '"', 'TJ', 'gs', 'Do', 'BI', 'ID',
].map(K);
/** Short operators by key, long words by text: interned, as a content stream repeats a handful of them thousands of times. */
const SHORT_OPS = new Map<number, Op>();
class Stream {
  constructor(
    readonly dict: Dict,
    readonly start: number,
    readonly length: number,
  ) {}
}
const OPS = new Map<string, Op>();
type Dict = Map<string, Value>;
type Value = number | boolean | null | Name | Ref | Uint8Array | Value[] | Dict | Stream;

/** Byte classes: 1 white space, 2 delimiter, 0 regular (PDF 32000-1 §7.2.2). */
const CLASS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) CLASS[c] = 1;
for (const c of '()<>[]{}/%') CLASS[c.charCodeAt(0)] = 2;
const isWs = (c: number) => CLASS[c] === 1;
const isDelim = (c: number) => CLASS[c] === 2;
const END_ARRAY = Symbol('[');
const END_DICT = Symbol('<<');

/** PDF white space (§7.2.2) for the patterns below; JavaScript's \s differs (it has \v and U+00A0, lacks NUL). */
const WS = '[\\0\\t\\n\\f\\r ]';
/** A number as Lexer.number reads it, written the plain way (no doubled signs, at most 15 integer digits). */
const NUM_TOKEN = '[+-]?(?:\\d{1,15}(?:\\.\\d*)?|\\.\\d+)';
/** The end of a token: white space, a delimiter or the end of the bytes. */
const TOKEN_END = '(?![^\\0\\t\\n\\f\\r ()<>\\[\\]{}/%])';
/** After an integer: `g R`, the rest of a reference. */
const REF_TAIL = new RegExp(`${WS}+(\\d{1,15})${WS}+R${TOKEN_END}`, 'y');
/**
 * After an integer, a next token that cannot start a reference's tail: one that is not a number, or a number followed
 * by a token that is not R (comments are left to the token-by-token reading).
 */
const NO_REF_TAIL = new RegExp(`${WS}*(?:[^0-9+\\-.%\\0\\t\\n\\f\\r ]|$)|${WS}+${NUM_TOKEN}${WS}+[^R%\\0\\t\\n\\f\\r ]`, 'y');
/** The regular characters of a name other than #. */
const NAME_CHARS = /[^\0\t\n\f\r ()<>[\]{}/%#]*/y;
/** A cross-reference table entry in its usual form: offset, generation, n or f. */
const XREF_ENTRY = new RegExp(`${WS}*(\\d{1,15})${WS}+\\d{1,15}${WS}+([nf])${TOKEN_END}`, 'y');
/** `endstream` after a stream's data (JavaScript white space, as the check has always allowed). */
const ENDSTREAM = /\s*endstream/y;

/** Tokenizer and object parser over a byte buffer (file or decoded stream). */
class Lexer {
  /** `text`: the same bytes as a Latin-1 string, when the caller has it; file objects are then read a little faster. */
  constructor(
    readonly b: Uint8Array,
    public pos = 0,
    readonly text?: string,
  ) {}

  skipWs(): void {
    const b = this.b;
    for (;;) {
      while (this.pos < b.length && CLASS[b[this.pos]] === 1) this.pos++;
      if (b[this.pos] !== 37) return;
      while (this.pos < b.length && b[this.pos] !== 10 && b[this.pos] !== 13) this.pos++;
    }
  }

  /** The next token as a value, an operator keyword, or an end marker; undefined at the end. */
  next(): Value | Op | typeof END_ARRAY | typeof END_DICT | undefined {
    this.skipWs();
    const b = this.b;
    if (this.pos >= b.length) return undefined;
    const c = b[this.pos];
    if (c === 47) return this.name();
    if (c === 40) return this.literal();
    if (c === 60) {
      if (b[this.pos + 1] === 60) {
        this.pos += 2;
        return this.dict();
      }
      return this.hex();
    }
    if (c === 62 && b[this.pos + 1] === 62) {
      this.pos += 2;
      return END_DICT;
    }
    if (c === 91) {
      this.pos++;
      const out: Value[] = [];
      for (;;) {
        const t = this.next();
        if (t === END_ARRAY || t === undefined) return out;
        if (t === END_DICT || t instanceof Op) throw new Unsupported('array');
        out.push(t);
      }
    }
    if (c === 93) {
      this.pos++;
      return END_ARRAY;
    }
    if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) return this.number();
    const start = this.pos;
    while (this.pos < b.length && CLASS[b[this.pos]] === 0) this.pos++;
    if (this.pos === start) {
      this.pos++;
      throw new Unsupported('token');
    }
    const key = opKey(b, start, this.pos - start);
    if (key >= 0) {
      let op = SHORT_OPS.get(key);
      if (!op) SHORT_OPS.set(key, (op = new Op(latin1(b, start, this.pos), key)));
      return op;
    }
    const word = this.text !== undefined ? this.text.substring(start, this.pos) : latin1(b, start, this.pos);
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    let op = OPS.get(word);
    if (!op) {
      op = new Op(word, -1);
      if (OPS.size < 256) OPS.set(word, op);
    }
    return op;
  }

  private number(): number {
    const b = this.b;
    let i = this.pos;
    let sign = 1;
    if (b[i] === 45 || b[i] === 43) {
      if (b[i] === 45) sign = -1;
      i++;
      while (b[i] === 45 || b[i] === 43) i++; // "--5" is read as -5, like PDF viewers
    }
    let v = 0;
    while (b[i] >= 48 && b[i] <= 57) v = v * 10 + b[i++] - 48;
    if (b[i] === 46) {
      i++;
      let scale = 0.1;
      while (b[i] >= 48 && b[i] <= 57) {
        v += (b[i++] - 48) * scale;
        scale /= 10;
      }
    }
    this.pos = i;
    return sign * v;
  }

  private name(): Name {
    const b = this.b;
    this.pos++;
    if (this.text !== undefined) {
      // Regular characters up to the end of the name; one with a # escape is read below.
      NAME_CHARS.lastIndex = this.pos;
      NAME_CHARS.test(this.text);
      const end = NAME_CHARS.lastIndex;
      if (b[end] !== 35) {
        const s = this.text.substring(this.pos, end);
        this.pos = end;
        return new Name(s);
      }
    }
    let s = '';
    while (this.pos < b.length && CLASS[b[this.pos]] === 0) {
      if (b[this.pos] === 35 && this.pos + 2 < b.length) {
        s += String.fromCharCode(parseInt(latin1(b, this.pos + 1, this.pos + 3), 16));
        this.pos += 3;
      } else s += String.fromCharCode(b[this.pos++]);
    }
    return new Name(s);
  }

  private literal(): Uint8Array {
    const b = this.b;
    this.pos++;
    // Most strings have no escapes and no nested parentheses: a view of the bytes.
    for (let i = this.pos; i < b.length; i++) {
      const c = b[i];
      if (c === 41) {
        const out = b.subarray(this.pos, i);
        this.pos = i + 1;
        return out;
      }
      if (c === 92 || c === 40) break;
    }
    const out: number[] = [];
    let depth = 1;
    while (this.pos < b.length) {
      const c = b[this.pos++];
      if (c === 92) {
        const e = b[this.pos++];
        if (e === 110) out.push(10);
        else if (e === 114) out.push(13);
        else if (e === 116) out.push(9);
        else if (e === 98) out.push(8);
        else if (e === 102) out.push(12);
        else if (e === 13) {
          if (b[this.pos] === 10) this.pos++;
        } else if (e === 10) {
          /* line continuation */
        } else if (e >= 48 && e <= 55) {
          let v = e - 48;
          for (let k = 0; k < 2 && b[this.pos] >= 48 && b[this.pos] <= 55; k++) v = v * 8 + b[this.pos++] - 48;
          out.push(v & 255);
        } else out.push(e);
        continue;
      }
      if (c === 40) depth++;
      else if (c === 41 && --depth === 0) break;
      out.push(c);
    }
    return Uint8Array.from(out);
  }

  private hex(): Uint8Array {
    const b = this.b;
    this.pos++;
    const out: number[] = [];
    let hi = -1;
    while (this.pos < b.length && b[this.pos] !== 62) {
      const d = hexDigit(b[this.pos++]);
      if (d < 0) continue;
      if (hi < 0) hi = d;
      else {
        out.push(hi * 16 + d);
        hi = -1;
      }
    }
    this.pos++;
    if (hi >= 0) out.push(hi * 16);
    return Uint8Array.from(out);
  }

  private dict(): Dict {
    const d: Dict = new Map();
    for (;;) {
      const k = this.next();
      if (k === END_DICT || k === undefined) return d;
      if (!(k instanceof Name)) throw new Unsupported('dict key');
      const v = this.value();
      if (v === END_DICT) {
        d.set(k.name, null);
        return d;
      }
      d.set(k.name, v);
    }
  }

  /** One object, with `n g R` read as a reference (file objects, not content streams). */
  value(): Value | typeof END_DICT {
    const t = this.next();
    if (t === undefined || t === END_ARRAY || t instanceof Op) throw new Unsupported('value');
    if (typeof t === 'number' && Number.isInteger(t)) {
      const text = this.text;
      if (text !== undefined) {
        // The common cases decided by pattern: `g R` follows, or the next token cannot start a reference's tail.
        REF_TAIL.lastIndex = this.pos;
        const m = REF_TAIL.exec(text);
        if (m !== null) {
          this.pos = REF_TAIL.lastIndex;
          return new Ref(t, numberOf(m[1]));
        }
        NO_REF_TAIL.lastIndex = this.pos;
        if (NO_REF_TAIL.test(text)) return t;
      }
      const save = this.pos;
      const g = this.next();
      if (typeof g === 'number' && Number.isInteger(g)) {
        const r = this.next();
        if (r instanceof Op && r.op === 'R') return new Ref(t, g);
      }
      this.pos = save;
    }
    if (t instanceof Array) return t.map((v) => v);
    return t;
  }
}

/** Arrays inside file objects may hold references: re-read them with reference parsing. */
function parseFileValue(lx: Lexer): Value {
  lx.skipWs();
  const b = lx.b;
  if (b[lx.pos] === 91) {
    lx.pos++;
    const out: Value[] = [];
    for (;;) {
      lx.skipWs();
      if (lx.pos >= b.length) throw new Unsupported('eof');
      if (b[lx.pos] === 93) {
        lx.pos++;
        return out;
      }
      out.push(parseFileValue(lx));
    }
  }
  if (b[lx.pos] === 60 && b[lx.pos + 1] === 60) {
    lx.pos += 2;
    const d: Dict = new Map();
    for (;;) {
      lx.skipWs();
      if (lx.pos >= b.length) throw new Unsupported('eof');
      if (b[lx.pos] === 62 && b[lx.pos + 1] === 62) {
        lx.pos += 2;
        return d;
      }
      const k = lx.next();
      if (!(k instanceof Name)) throw new Unsupported('dict key');
      d.set(k.name, parseFileValue(lx));
    }
  }
  const v = lx.value();
  if (v === END_DICT) throw new Unsupported('dict');
  return v;
}

const hexDigit = (c: number) => (c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1);

function latin1(b: Uint8Array, start: number, end: number): string {
  if (end - start > 16) return Buffer.from(b.buffer, b.byteOffset + start, end - start).toString('latin1');
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(b[i]);
  return s;
}

function indexOfBytes(b: Uint8Array, word: string, from: number, back = false): number {
  const w = Buffer.from(word, 'latin1');
  const buf = Buffer.from(b.buffer, b.byteOffset, b.length);
  return back ? buf.lastIndexOf(w, from) : buf.indexOf(w, from);
}

interface XrefEntry {
  type: 1 | 2;
  /** Byte offset (type 1) or number of the object stream (type 2). */
  at: number;
  index: number;
}

/** The file's object table and object access. */
class PdfFile {
  private readonly xref = new Map<number, XrefEntry>();
  private readonly cache = new Map<number, Value>();
  private readonly objStreams = new Map<number, { data: Uint8Array; text: string | undefined; offsets: Map<number, number> }>();
  trailer: Dict = new Map();

  /** The file as a Latin-1 string (one character a byte). */
  private readonly text: string;
  /** `text` for the lexers of file objects when they may read common forms by pattern (see readPdfLight). */
  private readonly patternText: string | undefined;

  constructor(
    readonly b: Uint8Array,
    readonly patterns = true,
  ) {
    if (latin1(b, 0, Math.min(1024, b.length)).indexOf('%PDF-') < 0) throw new Unsupported('not a PDF');
    this.text = latin1(b, 0, b.length);
    this.patternText = patterns ? this.text : undefined;
    const sx = indexOfBytes(b, 'startxref', b.length, true);
    if (sx < 0) throw new Unsupported('startxref');
    const lx = new Lexer(b, sx + 9);
    let offset = lx.next();
    const seen = new Set<number>();
    let first = true;
    while (typeof offset === 'number' && !seen.has(offset)) {
      seen.add(offset);
      const trailer = this.readXref(offset);
      if (first) this.trailer = trailer;
      first = false;
      const prev = trailer.get('Prev');
      offset = typeof prev === 'number' ? prev : undefined;
    }
    if (this.trailer.has('Encrypt')) throw new Unsupported('encrypted');
  }

  /** Reads one cross-reference section (table or stream) at `offset`; returns its trailer dictionary. */
  private readXref(offset: number): Dict {
    const lx = new Lexer(this.b, offset, this.patternText);
    lx.skipWs();
    if (latin1(this.b, lx.pos, lx.pos + 4) === 'xref') {
      lx.pos += 4;
      for (;;) {
        const t = lx.next();
        if (t instanceof Op && t.op === 'trailer') break;
        const count = lx.next();
        if (typeof t !== 'number' || typeof count !== 'number') throw new Unsupported('xref table');
        for (let i = 0; i < count; i++) {
          XREF_ENTRY.lastIndex = lx.pos;
          const m = this.patterns ? XREF_ENTRY.exec(this.text) : null;
          if (m !== null) {
            lx.pos = XREF_ENTRY.lastIndex;
            if (!this.xref.has(t + i)) this.xref.set(t + i, { type: 1, at: m[2] === 'n' ? +m[1] : -1, index: 0 });
            continue;
          }
          const off = lx.next();
          lx.next();
          const kind = lx.next();
          if (typeof off !== 'number' || !(kind instanceof Op)) throw new Unsupported('xref entry');
          if (kind.op === 'n' && !this.xref.has(t + i)) this.xref.set(t + i, { type: 1, at: off, index: 0 });
          else if (kind.op === 'f' && !this.xref.has(t + i)) this.xref.set(t + i, { type: 1, at: -1, index: 0 });
        }
      }
      const trailer = parseFileValue(lx);
      if (!(trailer instanceof Map)) throw new Unsupported('trailer');
      const hybrid = trailer.get('XRefStm');
      if (typeof hybrid === 'number') this.readXref(hybrid);
      return trailer;
    }
    const s = this.objectAt(offset);
    if (!(s instanceof Stream) || (s.dict.get('Type') as Name | undefined)?.name !== 'XRef') throw new Unsupported('xref stream');
    const data = this.decode(s);
    const w = (s.dict.get('W') as number[]).map(Number);
    const size = s.dict.get('Size') as number;
    const index = (s.dict.get('Index') as number[] | undefined) ?? [0, size];
    let p = 0;
    const field = (n: number, dflt: number) => {
      if (n === 0) return dflt;
      let v = 0;
      for (let k = 0; k < n; k++) v = v * 256 + data[p++];
      return v;
    };
    for (let k = 0; k < index.length; k += 2) {
      for (let i = 0; i < index[k + 1]; i++) {
        const type = field(w[0], 1);
        const a = field(w[1], 0);
        const c = field(w[2], 0);
        const num = index[k] + i;
        if (this.xref.has(num)) continue;
        if (type === 1) this.xref.set(num, { type: 1, at: a, index: 0 });
        else if (type === 2) this.xref.set(num, { type: 2, at: a, index: c });
        else this.xref.set(num, { type: 1, at: -1, index: 0 });
      }
    }
    return s.dict;
  }

  /** Parses `n g obj … endobj` at a byte offset. */
  private objectAt(offset: number): Value {
    const lx = new Lexer(this.b, offset, this.patternText);
    const n = lx.next();
    const g = lx.next();
    const kw = lx.next();
    if (typeof n !== 'number' || typeof g !== 'number' || !(kw instanceof Op) || kw.op !== 'obj') throw new Unsupported('object header');
    const v = parseFileValue(lx);
    lx.skipWs();
    if (v instanceof Map && this.text.startsWith('stream', lx.pos)) {
      let start = lx.pos + 6;
      if (this.b[start] === 13) start++;
      if (this.b[start] === 10) start++;
      const len = this.resolve(v.get('Length'));
      if (typeof len !== 'number') throw new Unsupported('stream length');
      let ends: boolean;
      if (Number.isInteger(len) && len >= 0) {
        // `endstream` within 20 bytes of the data's end.
        ENDSTREAM.lastIndex = start + len;
        ends = ENDSTREAM.test(this.text) && ENDSTREAM.lastIndex <= start + len + 20;
      } else ends = /^\s*endstream/.test(latin1(this.b, start + len, start + len + 20));
      if (!ends) throw new Unsupported('stream length mismatch');
      return new Stream(v, start, len);
    }
    return v;
  }

  get(num: number): Value {
    if (this.cache.has(num)) return this.cache.get(num)!;
    const e = this.xref.get(num);
    let v: Value = null;
    if (e && e.type === 1 && e.at >= 0) v = this.objectAt(e.at);
    else if (e && e.type === 2) {
      let os = this.objStreams.get(e.at);
      if (!os) {
        const s = this.get(e.at);
        if (!(s instanceof Stream)) throw new Unsupported('object stream');
        const data = this.decode(s);
        const n = s.dict.get('N') as number;
        const first = s.dict.get('First') as number;
        const text = this.patterns ? latin1(data, 0, data.length) : undefined;
        const lx = new Lexer(data, 0, text);
        const offsets = new Map<number, number>();
        for (let i = 0; i < n; i++) {
          const on = lx.next();
          const off = lx.next();
          if (typeof on !== 'number' || typeof off !== 'number') throw new Unsupported('object stream header');
          offsets.set(on, first + off);
        }
        os = { data, text, offsets };
        this.objStreams.set(e.at, os);
      }
      const at = os.offsets.get(num);
      if (at === undefined) throw new Unsupported('object not in stream');
      v = parseFileValue(new Lexer(os.data, at, os.text));
    }
    this.cache.set(num, v);
    return v;
  }

  resolve(v: Value | undefined): Value | undefined {
    for (let i = 0; v instanceof Ref && i < 32; i++) v = this.get(v.num);
    return v;
  }

  dict(v: Value | undefined): Dict | undefined {
    const r = this.resolve(v);
    if (r instanceof Map) return r;
    if (r instanceof Stream) return r.dict;
    return undefined;
  }

  /** The decoded bytes of a stream (Flate, with PNG predictors; no filter). */
  decode(s: Stream): Uint8Array {
    let data: Uint8Array = this.b.subarray(s.start, s.start + s.length);
    const f = this.resolve(s.dict.get('Filter'));
    const filters = f === undefined || f === null ? [] : Array.isArray(f) ? f.map((x) => this.resolve(x)) : [f];
    const parms = this.resolve(s.dict.get('DecodeParms'));
    filters.forEach((filter, i) => {
      if (!(filter instanceof Name) || (filter.name !== 'FlateDecode' && filter.name !== 'Fl')) throw new Unsupported(`filter ${String((filter as Name)?.name)}`);
      data = inflateSync(data, { finishFlush: zc.Z_SYNC_FLUSH });
      const p = this.dict(Array.isArray(parms) ? parms[i] : parms);
      const predictor = p?.get('Predictor');
      if (typeof predictor === 'number' && predictor >= 10) data = unpredictPng(data, (p!.get('Columns') as number) ?? 1, ((p!.get('Colors') as number) ?? 1) * (((p!.get('BitsPerComponent') as number) ?? 8) / 8));
      else if (typeof predictor === 'number' && predictor > 1) throw new Unsupported('TIFF predictor');
    });
    return data;
  }
}

/** Undoes PNG row filters (cross-reference and object streams use them). */
function unpredictPng(data: Uint8Array, columns: number, bpp: number): Uint8Array {
  const bytesPerPixel = Math.max(1, Math.ceil(bpp));
  const rowLen = Math.ceil(columns * bpp);
  const rows = Math.floor(data.length / (rowLen + 1));
  const out = new Uint8Array(rows * rowLen);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLen + 1)];
    const src = r * (rowLen + 1) + 1;
    const dst = r * rowLen;
    for (let i = 0; i < rowLen; i++) {
      const raw = data[src + i];
      const left = i >= bytesPerPixel ? out[dst + i - bytesPerPixel] : 0;
      const up = r > 0 ? out[dst - rowLen + i] : 0;
      const upLeft = r > 0 && i >= bytesPerPixel ? out[dst - rowLen + i - bytesPerPixel] : 0;
      let v: number;
      if (type === 0) v = raw;
      else if (type === 1) v = raw + left;
      else if (type === 2) v = raw + up;
      else if (type === 3) v = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      } else throw new Unsupported('PNG filter');
      out[dst + i] = v & 255;
    }
  }
  return out;
}

// ---- fonts ------------------------------------------------------------------------------------------------------

interface FontInfo {
  codeLen: 1 | 2;
  /**
   * One-byte fonts: every code's text and width, looked up once; `ascii` when printable ASCII codes are their own
   * characters (Courier, WinAnsi and most simple fonts) and `asciiWidth` when they all share one width (monospace).
   */
  table?: { texts: (string | undefined)[]; widths: number[]; ascii: boolean; asciiWidth?: number };
  /** The text of a code; undefined when the font cannot tell (the reader then gives up). */
  text(code: number): string | undefined;
  /** Advance width in 1/1000 of the font size. */
  width(code: number): number;
  /**
   * Two-byte fonts: the text state a page last showed whole strings in (size, Tz, Tc, m0 of Tm × CTM) and, by
   * code, the text, advance × m0, move and move × m0 in it (text first: the array keeps the numbers boxed as they are).
   */
  moves?: { size: number; th: number; tc: number; m0: number; codes: Map<number, (string | number)[]> };
}

/** Windows-1252 (WinAnsiEncoding) for 0x80–0x9F; 0xA0–0xFF are Latin-1. */
const WIN_ANSI_80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
/** Glyph names of printable ASCII (the Adobe Glyph List's names for 0x20–0x7E). */
const ASCII_NAMES =
  'space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright asterisk plus comma hyphen period slash zero one two three four five six seven eight nine colon semicolon less equal greater question at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore grave a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde'.split(
    ' ',
  );
const NAME_TO_TEXT = new Map<string, string>(ASCII_NAMES.map((n, i) => [n, String.fromCharCode(32 + i)]));
NAME_TO_TEXT.set('quoteright', '’').set('quoteleft', '‘').set('minus', '−').set('bullet', '•').set('endash', '–').set('emdash', '—');

function glyphNameText(name: string): string | undefined {
  const known = NAME_TO_TEXT.get(name);
  if (known !== undefined) return known;
  let m = /^uni((?:[0-9A-F]{4})+)$/.exec(name);
  if (m) return m[1].match(/.{4}/g)!.map((h) => String.fromCharCode(parseInt(h, 16))).join('');
  m = /^u([0-9A-F]{4,6})$/.exec(name);
  if (m) return String.fromCodePoint(parseInt(m[1], 16));
  return undefined;
}

/** A ToUnicode CMap: single codes and ranges, each to UTF-16 text. */
function parseToUnicode(data: Uint8Array): { map: Map<number, string>; ranges: { lo: number; hi: number; base: string }[] } {
  const lx = new Lexer(data);
  const map = new Map<number, string>();
  const ranges: { lo: number; hi: number; base: string }[] = [];
  const code = (b: Uint8Array) => b.reduce((a, x) => a * 256 + x, 0);
  const utf16 = (b: Uint8Array) => {
    let s = '';
    for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode((b[i] << 8) | b[i + 1]);
    return s;
  };
  for (;;) {
    const t = lx.next();
    if (t === undefined) break;
    if (!(t instanceof Op)) continue;
    if (t.op === 'usecmap') throw new Unsupported('usecmap');
    if (t.op === 'beginbfchar') {
      for (;;) {
        const src = lx.next();
        if (src instanceof Op) break;
        const dst = lx.next();
        if (src instanceof Uint8Array && dst instanceof Uint8Array) map.set(code(src), utf16(dst));
        else if (src instanceof Uint8Array && dst instanceof Name) map.set(code(src), glyphNameText(dst.name) ?? '');
      }
    } else if (t.op === 'beginbfrange') {
      for (;;) {
        const lo = lx.next();
        if (lo instanceof Op) break;
        const hi = lx.next();
        const dst = lx.next();
        if (!(lo instanceof Uint8Array) || !(hi instanceof Uint8Array)) continue;
        const a = code(lo);
        const z = code(hi);
        if (dst instanceof Uint8Array) ranges.push({ lo: a, hi: z, base: utf16(dst) });
        else if (Array.isArray(dst)) dst.forEach((d, i) => d instanceof Uint8Array && a + i <= z && map.set(a + i, utf16(d)));
      }
    }
  }
  return { map, ranges };
}

function toUnicodeLookup(file: PdfFile, v: Value | undefined): ((code: number) => string | undefined) | undefined {
  const s = file.resolve(v);
  if (!(s instanceof Stream)) return undefined;
  const { map, ranges } = parseToUnicode(file.decode(s));
  return (code) => {
    const t = map.get(code);
    if (t !== undefined) return t;
    for (const r of ranges) {
      if (code >= r.lo && code <= r.hi) {
        const last = r.base.charCodeAt(r.base.length - 1) + (code - r.lo);
        return r.base.slice(0, -1) + String.fromCharCode(last);
      }
    }
    return undefined;
  };
}

/** The font with each code's text and width looked up once (a page shows the same few hundred codes again and again). */
function memoized(f: FontInfo): FontInfo {
  if (f.codeLen === 1) {
    const texts: (string | undefined)[] = [];
    const widths: number[] = [];
    for (let c = 0; c < 256; c++) {
      texts.push(f.text(c));
      widths.push(f.width(c));
    }
    let ascii = true;
    let mono = true;
    for (let c = 32; c < 127; c++) {
      if (ascii && texts[c] !== String.fromCharCode(c)) ascii = false;
      if (mono && widths[c] !== widths[32]) mono = false;
    }
    const table = { texts, widths, ascii, asciiWidth: mono ? widths[32] : undefined };
    return { codeLen: 1, table, text: (c) => table.texts[c], width: (c) => table.widths[c] };
  }
  const texts = new Map<number, string | undefined>();
  const widths = new Map<number, number>();
  return {
    codeLen: f.codeLen,
    text(code) {
      if (texts.has(code)) return texts.get(code);
      const t = f.text(code);
      texts.set(code, t);
      return t;
    },
    width(code) {
      let w = widths.get(code);
      if (w === undefined) widths.set(code, (w = f.width(code)));
      return w;
    },
  };
}

function loadFont(file: PdfFile, ref: Value | undefined): FontInfo {
  return memoized(readFont(file, ref));
}

function readFont(file: PdfFile, ref: Value | undefined): FontInfo {
  const d = file.dict(ref);
  if (!d) throw new Unsupported('font');
  const subtype = (file.resolve(d.get('Subtype')) as Name | undefined)?.name;
  const toUnicode = toUnicodeLookup(file, d.get('ToUnicode'));
  if (subtype === 'Type0') {
    const enc = file.resolve(d.get('Encoding'));
    if (!(enc instanceof Name) || enc.name !== 'Identity-H') throw new Unsupported('CID encoding');
    if (!toUnicode) throw new Unsupported('CID font without ToUnicode');
    const desc = file.dict((file.resolve(d.get('DescendantFonts')) as Value[] | undefined)?.[0]);
    const dw = (file.resolve(desc?.get('DW')) as number | undefined) ?? 1000;
    const widths = new Map<number, number>();
    const wRanges: [number, number, number][] = [];
    const w = (file.resolve(desc?.get('W')) as Value[] | undefined) ?? [];
    for (let i = 0; i < w.length; ) {
      const first = file.resolve(w[i]) as number;
      const next = file.resolve(w[i + 1]);
      if (Array.isArray(next)) {
        next.forEach((x, k) => widths.set(first + k, file.resolve(x) as number));
        i += 2;
      } else {
        wRanges.push([first, next as number, file.resolve(w[i + 2]) as number]);
        i += 3;
      }
    }
    return {
      codeLen: 2,
      text: toUnicode,
      width: (c) => widths.get(c) ?? wRanges.find(([a, z]) => c >= a && c <= z)?.[2] ?? dw,
    };
  }
  if (subtype !== 'Type1' && subtype !== 'TrueType' && subtype !== 'MMType1' && subtype !== 'Type3') throw new Unsupported(`font ${subtype}`);
  const base = (file.resolve(d.get('BaseFont')) as Name | undefined)?.name ?? '';
  const firstChar = (file.resolve(d.get('FirstChar')) as number | undefined) ?? 0;
  const widthsArr = file.resolve(d.get('Widths')) as Value[] | undefined;
  const missing = (file.resolve(file.dict(d.get('FontDescriptor'))?.get('MissingWidth')) as number | undefined) ?? 0;
  const courier = /^Courier/.test(base.replace(/^[A-Z]{6}\+/, ''));
  if (!widthsArr && !courier) throw new Unsupported('standard font widths');
  // Type 3 widths are in glyph space: FontMatrix turns them into text space (1/1000 units here).
  const fm = subtype === 'Type3' ? (file.resolve(d.get('FontMatrix')) as Value[] | undefined) : undefined;
  const scale = fm ? Number(file.resolve(fm[0])) * 1000 : 1;
  const widths = widthsArr?.map((x) => (file.resolve(x) as number) * scale);
  const enc = file.resolve(d.get('Encoding'));
  const encDict = enc instanceof Map ? enc : undefined;
  const baseEnc = enc instanceof Name ? enc.name : (file.resolve(encDict?.get('BaseEncoding')) as Name | undefined)?.name;
  const differences = new Map<number, string>();
  const diffs = file.resolve(encDict?.get('Differences')) as Value[] | undefined;
  let at = 0;
  for (const x of diffs ?? []) {
    const v = file.resolve(x);
    if (typeof v === 'number') at = v;
    else if (v instanceof Name) differences.set(at++, v.name);
  }
  const symbolic = /Symbol|Dingbats/.test(base) || subtype === 'Type3';
  const byEncoding = (c: number): string | undefined => {
    const diff = differences.get(c);
    if (diff !== undefined) return glyphNameText(diff);
    if (symbolic) return undefined;
    if (c >= 32 && c < 127) return String.fromCharCode(c);
    if (baseEnc === 'WinAnsiEncoding' || (baseEnc === undefined && subtype === 'TrueType')) {
      if (c >= 0xa0) return String.fromCharCode(c);
      if (c >= 0x80) return WIN_ANSI_80[c - 0x80];
    }
    return undefined;
  };
  return {
    codeLen: 1,
    text: (c) => toUnicode?.(c) ?? byEncoding(c),
    width: (c) => (widths ? (widths[c - firstChar] ?? missing) : 600),
  };
}

// ---- content streams --------------------------------------------------------------------------------------------

type Matrix = [number, number, number, number, number, number];
const mul = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

interface GState {
  ctm: Matrix;
  font: FontInfo | undefined;
  size: number;
  tc: number;
  tw: number;
  th: number;
  tl: number;
  ts: number;
}

/** Collects glyphs into runs: a glyph joins the last run when on its baseline and close to its end. */
class RunCollector {
  readonly runs: PdfTextRun[] = [];
  private last: (PdfTextRun & { h: number }) | undefined;

  glyph(str: string, x: number, y: number, right: number, h: number): void {
    const l = this.last;
    if (l !== undefined) {
      // Each field read once (a number read from an object is boxed anew while the code is not optimised).
      const lh = l.h;
      const tol = h === lh ? h : Math.max(h, lh);
      if (Math.abs(y - l.y) <= tol * 0.3) {
        const lr = l.right;
        const gap = x - lr;
        if (gap <= tol * 0.6 && gap >= -tol * 0.5) {
          if (gap > tol * 0.1 && str !== ' ' && !l.str.endsWith(' ')) l.str += ' ';
          l.str += str;
          l.right = Math.max(lr, right);
          return;
        }
      }
    }
    this.last = { str, x, y, right, h };
    this.runs.push(this.last);
  }
}

/** A number (see NUM_TOKEN), captured. */
const NUM = `(${NUM_TOKEN})`;
/** The white space between tokens. */
const WS_RUN = /[\0\t\n\f\r ]+/;
/**
 * The commonest operators of a text-heavy content stream in one sequence: optionally `/F size Tf` and `scale Tz`,
 * then `a b c d e f Tm` and a string shown with `Tj` — a literal without nested parentheses, or a hex string of
 * whole bytes. Matched at an operator boundary, it is read in one step with exactly the meaning the token-by-token
 * loop gives it; anything else goes through that loop.
 */
const TM_SHOW = new RegExp(
  `(?:${WS}*/([A-Za-z0-9_.+-]+)${WS}+${NUM}${WS}+Tf${WS}+)?(?:${WS}*${NUM}${WS}+Tz${WS}+)?` +
    `${WS}*(${NUM_TOKEN}(?:${WS}+${NUM_TOKEN}){3})${WS}+${NUM}${WS}+${NUM}${WS}*Tm${WS}*` +
    `(?:\\(((?:[^()\\\\]|\\\\[\\s\\S])*)\\)|<((?:[0-9A-Fa-f]{2})*)>)${WS}*Tj(?![^\\0\\t\\n\\f\\r ()<>\\[\\]{}/%])`,
  'y',
);
/** `a b c d e f cm` in plain form (see TM_SHOW), read in one step. */
const CM = new RegExp(`${WS}*${NUM}${WS}+${NUM}${WS}+${NUM}${WS}+${NUM}${WS}+${NUM}${WS}+${NUM}${WS}+cm${TOKEN_END}`, 'y');
/**
 * `q … Q` holding only numbers and the operators of paths and line style (a rule, a box): nothing in it changes what
 * the text loop keeps (q saves the state and Q restores it), so it is passed over in one step.
 */
const PATH_BLOCK = new RegExp(`${WS}*q(?:${WS}+(?:${NUM_TOKEN}|[wJjMimlcvyhSsFn]|re|[fBbW]\\*?))*${WS}+Q${TOKEN_END}`, 'y');
/** Escapes other than \\, \( and \) (those the quick unescape handles). */
const OTHER_ESCAPE = /\\[^\\()]/;
const SIMPLE_ESCAPE = /\\([\\()])/g;
/** Only printable ASCII. */
const PRINTABLE = /^[\x20-\x7e]+$/;

const LINEAR = new Map<string, (string | number)[]>();
/**
 * The four numbers written `a b c d` (white space between), as numberOf reads them, at [1]–[4] after the text itself
 * (so the array holds the numbers as they are, without unboxing them into a double array).
 */
function linearOf(t: string): (string | number)[] {
  let m = LINEAR.get(t);
  if (m === undefined) {
    const p = t.split(WS_RUN);
    m = [t, numberOf(p[0]), numberOf(p[1]), numberOf(p[2]), numberOf(p[3])];
    if (LINEAR.size < 256) LINEAR.set(t, m);
  }
  return m;
}

const NUMBERS = new Map<string, number>();
/** A number token's value, computed as Lexer.number computes it (digit by digit), so both paths agree to the bit. */
function numberOf(t: string): number {
  let v = NUMBERS.get(t);
  if (v !== undefined) return v;
  let i = 0;
  let sign = 1;
  const c0 = t.charCodeAt(0);
  if (c0 === 45 || c0 === 43) {
    if (c0 === 45) sign = -1;
    i = 1;
  }
  v = 0;
  for (; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 46) break;
    v = v * 10 + c - 48;
  }
  if (i < t.length) {
    let scale = 0.1;
    for (i++; i < t.length; i++) {
      v += (t.charCodeAt(i) - 48) * scale;
      scale /= 10;
    }
  }
  v *= sign;
  if (NUMBERS.size < 4096) NUMBERS.set(t, v);
  return v;
}

/** Bytes as a string of char codes 0–255. */
function byteString(b: Uint8Array): string {
  return latin1(b, 0, b.length);
}

class PageReader {
  hasImage = false;
  readonly out = new RunCollector();
  private depth = 0;

  /** `fonts`: the fonts read so far, by object number (or dictionary), shared by the pages of one file. */
  constructor(
    private readonly file: PdfFile,
    private readonly fonts: Map<unknown, FontInfo>,
  ) {}

  run(content: Uint8Array, resources: Dict | undefined, ctm: Matrix): void {
    if (++this.depth > 12) throw new Unsupported('form nesting');
    const file = this.file;
    const out = this.out;
    // Common operator sequences read by pattern (TM_SHOW, PATH_BLOCK, CM) unless the caller asked for tokens only.
    const patterns = this.file.patterns;
    const text = byteString(content);
    const lx = new Lexer(content, 0, patterns ? text : undefined);
    // The graphics state's text parameters (§9.3) and CTM, and the text matrix and text line matrix (§9.4.2), are
    // variables of their own rather than fields and array elements: a number read from those is boxed anew each time
    // while the code is not optimised, as it is not in a short run. q saves them in a GState, Q restores them.
    const stack: GState[] = [];
    let cur: Matrix = ctm;
    let font: FontInfo | undefined;
    let size = 0;
    let tc = 0;
    let tw = 0;
    let th = 1;
    let tl = 0;
    let ts = 0;
    let tm0 = 1;
    let tm1 = 0;
    let tm2 = 0;
    let tm3 = 1;
    let tm4 = 0;
    let tm5 = 0;
    let tlm0 = 1;
    let tlm1 = 0;
    let tlm2 = 0;
    let tlm3 = 1;
    let tlm4 = 0;
    let tlm5 = 0;
    // A shown string moves the text matrix by `move` (text space units); applied when its translation is next read, as
    // the next operator mostly sets a new matrix anyway.
    let move = 0;
    let moved = false;
    const setTm = (a: number, b: number, c: number, d: number, e: number, f: number) => {
      moved = false;
      tm0 = tlm0 = a;
      tm1 = tlm1 = b;
      tm2 = tlm2 = c;
      tm3 = tlm3 = d;
      tm4 = tlm4 = e;
      tm5 = tlm5 = f;
    };
    const ops: Value[] = [];
    const num = (i: number) => {
      const v = ops[ops.length - i];
      return typeof v === 'number' ? v : 0;
    };
    // What a shown string's placement takes from the state besides the text matrix's translation, kept while that
    // state stays the same (from one code line to the next it does): Tm × CTM without its translation (m0–m3), the
    // CTM, the glyph height, whether the string is one run, and the advances of a monospace font's printable ASCII.
    let kTm0 = NaN;
    let kTm1 = NaN;
    let kTm2 = NaN;
    let kTm3 = NaN;
    let kCtm: Matrix | undefined;
    let kFont: FontInfo | undefined;
    let kSize = NaN;
    let kTh = NaN;
    let kTc = NaN;
    let kTw = NaN;
    let c0 = 1;
    let c1 = 0;
    let c2 = 0;
    let c3 = 1;
    let c4 = 0;
    let c5 = 0;
    let m0 = 1;
    let m1 = 0;
    let m2 = 0;
    let m3 = 1;
    let h = 0;
    let whole = false;
    let ascii = false;
    let step = 0;
    let advM0 = 0;
    /** For a CID font in one run: code → [text, advance × m0, move, move × m0] (FontInfo.moves). */
    let glyphs: Map<number, (string | number)[]> | undefined;
    // The last placement worked out for each font: lines switch between fonts and back (CJK and ASCII runs) in one
    // state. [ctm, tm0–tm3, size, th, tc, tw, then c0–c5, m0–m3, h, whole, ascii, step, advM0, glyphs]: the matrix
    // first, so the array keeps its numbers boxed as they are.
    const placed = new Map<FontInfo, unknown[]>();
    const placement = (f: FontInfo) => {
      kTm0 = tm0;
      kTm1 = tm1;
      kTm2 = tm2;
      kTm3 = tm3;
      kCtm = cur;
      kFont = f;
      kSize = size;
      kTh = th;
      kTc = tc;
      kTw = tw;
      const p = placed.get(f);
      if (p !== undefined && p[0] === cur && p[1] === tm0 && p[2] === tm1 && p[3] === tm2 && p[4] === tm3 && p[5] === size && p[6] === th && p[7] === tc && p[8] === tw) {
        c0 = p[9] as number;
        c1 = p[10] as number;
        c2 = p[11] as number;
        c3 = p[12] as number;
        c4 = p[13] as number;
        c5 = p[14] as number;
        m0 = p[15] as number;
        m1 = p[16] as number;
        m2 = p[17] as number;
        m3 = p[18] as number;
        h = p[19] as number;
        whole = p[20] as boolean;
        ascii = p[21] as boolean;
        step = p[22] as number;
        advM0 = p[23] as number;
        glyphs = p[24] as typeof glyphs;
        return;
      }
      c0 = cur[0];
      c1 = cur[1];
      c2 = cur[2];
      c3 = cur[3];
      c4 = cur[4];
      c5 = cur[5];
      m0 = tm0 * c0 + tm1 * c2;
      m1 = tm0 * c1 + tm1 * c3;
      m2 = tm2 * c0 + tm3 * c2;
      m3 = tm2 * c1 + tm3 * c3;
      h = Math.hypot(size * m2, size * m3);
      // Character and word spacing too small to part glyphs (as pdfkit, LibreOffice and Chromium write): the whole
      // string is one run, handed over at once.
      whole = m1 === 0 && Math.abs(tc * th * m0) <= h * 0.1 && Math.abs(tw * th * m0) <= h * 0.1;
      const table = f.table;
      ascii = whole && table !== undefined && table.ascii && table.asciiWidth !== undefined && tw === 0;
      if (whole && f.codeLen === 2) {
        // A code's text, advance × m0, move and move × m0 depend on the font, size, Tz, Tc and m0 only: kept per font
        // for the last such state (a line switches between fonts, not between states of one font).
        let kept = f.moves;
        if (kept === undefined || kept.size !== size || kept.th !== th || kept.tc !== tc || kept.m0 !== m0) f.moves = kept = { size, th, tc, m0, codes: new Map() };
        glyphs = kept.codes;
      } else glyphs = undefined;
      if (ascii) {
        const adv = (table!.asciiWidth! / 1000) * size * th;
        step = adv + tc * th;
        advM0 = adv * m0;
      }
      placed.set(f, [cur, tm0, tm1, tm2, tm3, size, th, tc, tw, c0, c1, c2, c3, c4, c5, m0, m1, m2, m3, h, whole, ascii, step, advM0, glyphs]);
    };
    /** Shows a string of codes (each char one byte, 0–255). */
    const show = (bytes: string) => {
      const f = font;
      if (!f) throw new Unsupported('text without font');
      if (tm0 !== kTm0 || tm1 !== kTm1 || tm2 !== kTm2 || tm3 !== kTm3 || cur !== kCtm || f !== kFont || size !== kSize || th !== kTh || tc !== kTc || tw !== kTw) placement(f);
      // Text space to device: Tm × CTM; a glyph's advance tx moves it by tx·(m0, m1).
      if (moved) {
        tm4 = move * tm0 + tm4;
        tm5 = move * tm1 + tm5;
        moved = false;
      }
      const m4 = tm4 * c0 + tm5 * c2 + c4;
      const m5 = tm4 * c1 + tm5 * c3 + c5;
      let ex = ts * m2 + m4;
      let ey = ts * m3 + m5;
      let total = 0;
      let str = '';
      let right = ex;
      const x0 = ex;
      const y0 = ey;
      const len = bytes.length;
      const table = f.table;
      if (ascii && PRINTABLE.test(bytes)) {
        // A monospace run of printable ASCII (a code line in Courier): its text is its bytes, its glyphs evenly spaced.
        str = bytes;
        right = ex + (len - 1) * step * m0 + advM0;
        total = len * step;
      } else if (whole && table) {
        // One-byte font: codes index the font's tables directly.
        const scale = (size * th) / 1000;
        for (let i = 0; i < len; i++) {
          const code = bytes.charCodeAt(i);
          const t = table.texts[code];
          if (t === undefined) throw new Unsupported('glyph without text');
          const adv = table.widths[code] * scale;
          str += t;
          if (t !== '') right = ex + adv * m0;
          const tx = adv + (tc + (code === 32 ? tw : 0)) * th;
          ex += tx * m0;
          total += tx;
        }
      } else if (whole && f.codeLen === 2) {
        // Two-byte codes (a CID font) in one run: each code's text and moves taken from `codes` (see placement).
        const codes = glyphs!;
        for (let i = 0; i + 2 <= len; i += 2) {
          const code = (bytes.charCodeAt(i) << 8) | bytes.charCodeAt(i + 1);
          let g = codes.get(code);
          if (g === undefined) {
            const t = f.text(code);
            if (t === undefined) throw new Unsupported('glyph without text');
            const adv = (f.width(code) / 1000) * size * th;
            const tx = adv + (tc + 0) * th;
            codes.set(code, (g = [t, adv * m0, tx, tx * m0]));
          }
          const t = g[0] as string;
          str += t;
          if (t !== '') right = ex + (g[1] as number);
          ex += g[3] as number;
          total += g[2] as number;
        }
      } else
        for (let i = 0, n = f.codeLen; i + n <= len; i += n) {
          const code = n === 2 ? (bytes.charCodeAt(i) << 8) | bytes.charCodeAt(i + 1) : bytes.charCodeAt(i);
          const t = f.text(code);
          if (t === undefined) throw new Unsupported('glyph without text');
          const adv = (f.width(code) / 1000) * size * th;
          if (whole) {
            str += t;
            if (t !== '') right = ex + adv * m0;
          } else if (t !== '') out.glyph(t, ex, ey, ex + adv * m0, h);
          const tx = adv + (tc + (n === 1 && code === 32 ? tw : 0)) * th;
          ex += tx * m0;
          ey += tx * m1;
          total += tx;
        }
      if (whole && str !== '') out.glyph(str, x0, y0, right, h);
      move = total;
      moved = true;
    };
    // The page's fonts by resource name, as Tf selects them again and again.
    const fontByName = new Map<string, FontInfo>();
    const selectFont = (name: string | undefined, fontSize: number) => {
      size = fontSize;
      const known = name !== undefined ? fontByName.get(name) : undefined;
      if (known !== undefined) {
        font = known;
        return;
      }
      const ref = name !== undefined ? file.dict(resources?.get('Font'))?.get(name) : undefined;
      if (ref === undefined) throw new Unsupported('unknown font');
      const key = ref instanceof Ref ? ref.num : ref;
      let f = this.fonts.get(key);
      if (!f) this.fonts.set(key, (f = loadFont(file, ref)));
      fontByName.set(name!, f);
      font = f;
    };
    const nextLine = (tx: number, ty: number) => {
      const e = tx * tlm0 + ty * tlm2 + tlm4;
      const f = tx * tlm1 + ty * tlm3 + tlm5;
      setTm(tlm0, tlm1, tlm2, tlm3, e, f);
    };
    let linear: (string | number)[] = [''];
    for (;;) {
      if (patterns && ops.length === 0) {
        TM_SHOW.lastIndex = lx.pos;
        const m = TM_SHOW.exec(text);
        if (m !== null) {
          const lit = m[7];
          const plain = lit === undefined || lit.indexOf('\\') < 0;
          // A literal with escapes other than \\, \( and \) is left to the loop.
          if (plain || !OTHER_ESCAPE.test(lit)) {
            if (m[1] !== undefined) selectFont(m[1], numberOf(m[2]));
            if (m[3] !== undefined) th = numberOf(m[3]) / 100;
            // A matrix's first four numbers are the same from one line to the next: read again only when they differ.
            if (m[4] !== linear[0]) linear = linearOf(m[4]);
            tm0 = tlm0 = linear[1] as number;
            tm1 = tlm1 = linear[2] as number;
            tm2 = tlm2 = linear[3] as number;
            tm3 = tlm3 = linear[4] as number;
            tm4 = tlm4 = numberOf(m[5]);
            tm5 = tlm5 = numberOf(m[6]);
            moved = false;
            if (lit === undefined) show(Buffer.from(m[8], 'hex').toString('latin1'));
            else show(plain ? lit : lit.replace(SIMPLE_ESCAPE, '$1'));
            lx.pos = TM_SHOW.lastIndex;
            continue;
          }
        }
        PATH_BLOCK.lastIndex = lx.pos;
        if (PATH_BLOCK.test(text)) {
          lx.pos = PATH_BLOCK.lastIndex;
          continue;
        }
        CM.lastIndex = lx.pos;
        const c = CM.exec(text);
        if (c !== null) {
          cur = mul([numberOf(c[1]), numberOf(c[2]), numberOf(c[3]), numberOf(c[4]), numberOf(c[5]), numberOf(c[6])], cur);
          lx.pos = CM.lastIndex;
          continue;
        }
      }
      const t = lx.next();
      if (t === undefined) break;
      if (!(t instanceof Op)) {
        if (t !== END_ARRAY && t !== END_DICT) ops.push(t);
        continue;
      }
      switch (t.key) {
        case K_q:
          stack.push({ ctm: cur, font, size, tc, tw, th, tl, ts });
          break;
        case K_Q:
          if (stack.length) ({ ctm: cur, font, size, tc, tw, th, tl, ts } = stack.pop()!);
          break;
        case K_cm:
          cur = mul([num(6), num(5), num(4), num(3), num(2), num(1)], cur);
          break;
        case K_BT:
          setTm(1, 0, 0, 1, 0, 0);
          break;
        case K_Tf: {
          const name = ops[ops.length - 2];
          selectFont(name instanceof Name ? name.name : undefined, num(1));
          break;
        }
        case K_Tc:
          tc = num(1);
          break;
        case K_Tw:
          tw = num(1);
          break;
        case K_Tz:
          th = num(1) / 100;
          break;
        case K_TL:
          tl = num(1);
          break;
        case K_Ts:
          ts = num(1);
          break;
        case K_Td:
          nextLine(num(2), num(1));
          break;
        case K_TD:
          tl = -num(1);
          nextLine(num(2), num(1));
          break;
        case K_Tm:
          setTm(num(6), num(5), num(4), num(3), num(2), num(1));
          break;
        case K_Tstar:
          nextLine(0, -tl);
          break;
        case K_Tj:
          if (ops[ops.length - 1] instanceof Uint8Array) show(byteString(ops[ops.length - 1] as Uint8Array));
          break;
        case K_quote:
          nextLine(0, -tl);
          if (ops[ops.length - 1] instanceof Uint8Array) show(byteString(ops[ops.length - 1] as Uint8Array));
          break;
        case K_dquote:
          tw = num(3);
          tc = num(2);
          nextLine(0, -tl);
          if (ops[ops.length - 1] instanceof Uint8Array) show(byteString(ops[ops.length - 1] as Uint8Array));
          break;
        case K_TJ: {
          const arr = ops[ops.length - 1];
          if (!Array.isArray(arr)) break;
          for (const e of arr) {
            if (e instanceof Uint8Array) show(byteString(e));
            else if (typeof e === 'number') {
              const tx = (-e / 1000) * size * th;
              if (moved) {
                tm4 = move * tm0 + tm4;
                tm5 = move * tm1 + tm5;
                moved = false;
              }
              tm4 = tx * tm0 + tm4;
              tm5 = tx * tm1 + tm5;
            }
          }
          break;
        }
        case K_gs: {
          const name = ops[ops.length - 1];
          const g = name instanceof Name ? file.dict(file.dict(resources?.get('ExtGState'))?.get(name.name)) : undefined;
          if (g?.has('Font')) throw new Unsupported('font in ExtGState');
          break;
        }
        case K_Do: {
          const name = ops[ops.length - 1];
          const xo = name instanceof Name ? file.resolve(file.dict(resources?.get('XObject'))?.get(name.name)) : undefined;
          if (xo instanceof Stream) {
            const sub = (file.resolve(xo.dict.get('Subtype')) as Name | undefined)?.name;
            if (sub === 'Image') {
              if (file.resolve(xo.dict.get('ImageMask')) !== true) this.hasImage = true;
            } else if (sub === 'Form') {
              const fm = file.resolve(xo.dict.get('Matrix')) as number[] | undefined;
              const m: Matrix = fm && fm.length === 6 ? (fm.map((x) => Number(file.resolve(x))) as Matrix) : [1, 0, 0, 1, 0, 0];
              this.run(file.decode(xo), file.dict(xo.dict.get('Resources')) ?? resources, mul(m, cur));
            }
          }
          break;
        }
        case K_BI: {
          // Inline image: its dictionary up to ID, then binary data up to EI (preceded and followed by white space).
          let mask = false;
          for (;;) {
            const k = lx.next();
            if (k === undefined || (k instanceof Op && k.key === K_ID)) break;
            if (k instanceof Name && (k.name === 'IM' || k.name === 'ImageMask')) mask = lx.next() === true;
          }
          const b = content;
          let p = lx.pos + 1;
          while (p + 2 < b.length && !(isWs(b[p - 1]) && b[p] === 69 && b[p + 1] === 73 && (p + 2 >= b.length || isWs(b[p + 2]) || isDelim(b[p + 2])))) p++;
          lx.pos = p + 2;
          if (!mask) this.hasImage = true;
          break;
        }
        default:
          break;
      }
      ops.length = 0;
    }
    this.depth--;
  }
}

/** Content of a page: one stream or an array of streams, joined. */
function pageContent(file: PdfFile, v: Value | undefined): Uint8Array {
  const c = file.resolve(v);
  const parts = Array.isArray(c) ? c.map((x) => file.resolve(x)) : [c];
  const bufs: Uint8Array[] = [];
  for (const p of parts) {
    if (p instanceof Stream) bufs.push(file.decode(p), Buffer.from('\n'));
  }
  return Buffer.concat(bufs);
}

function box(file: PdfFile, v: Value | undefined): [number, number, number, number] | undefined {
  const a = file.resolve(v);
  if (!Array.isArray(a) || a.length !== 4) return undefined;
  const [x0, y0, x1, y1] = a.map((x) => Number(file.resolve(x)));
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

/**
 * Reads every page of a PDF: its visible box, its text runs and whether it paints an image. Resolves with
 * undefined when the file uses something this reader does not read (see the module comment).
 *
 * Common forms — a text line's `Tf Tz Tm Tj`, a plain `cm`, a `q … Q` of path operators, references and
 * cross-reference entries written the plain way — are read by pattern, in one step each, with the meaning the
 * token-by-token reading gives them. `opts.patterns` false reads every token one by one (the same result, slower:
 * tests compare the two).
 */
export function readPdfLight(pdf: Uint8Array, opts: { patterns?: boolean } = {}): PdfReadPage[] | undefined {
  try {
    const file = new PdfFile(pdf, opts.patterns ?? true);
    const root = file.dict(file.trailer.get('Root'));
    const pages: PdfReadPage[] = [];
    const seen = new Set<unknown>();
    const fonts = new Map<unknown, FontInfo>();
    const walk = (node: Value | undefined, inherited: { resources?: Dict; media?: Value; crop?: Value }) => {
      if (seen.has(node instanceof Ref ? node.num : node)) throw new Unsupported('page tree cycle');
      seen.add(node instanceof Ref ? node.num : node);
      const d = file.dict(node);
      if (!d) throw new Unsupported('page node');
      const inh = {
        resources: file.dict(d.get('Resources')) ?? inherited.resources,
        media: d.get('MediaBox') ?? inherited.media,
        crop: d.get('CropBox') ?? inherited.crop,
      };
      const kids = file.resolve(d.get('Kids'));
      if (Array.isArray(kids)) {
        for (const k of kids) walk(k, inh);
        return;
      }
      const media = box(file, inh.media) ?? [0, 0, 612, 792];
      const crop = box(file, inh.crop);
      const view: [number, number, number, number] = crop
        ? [Math.max(media[0], crop[0]), Math.max(media[1], crop[1]), Math.min(media[2], crop[2]), Math.min(media[3], crop[3])]
        : media;
      const reader = new PageReader(file, fonts);
      reader.run(pageContent(file, d.get('Contents')), inh.resources, [1, 0, 0, 1, 0, 0]);
      pages.push({ view, runs: reader.out.runs, hasImage: reader.hasImage });
    };
    walk(root?.get('Pages'), {});
    return pages;
  } catch (e) {
    if (e instanceof Unsupported || e instanceof RangeError || e instanceof TypeError || (e as NodeJS.ErrnoException)?.code?.startsWith?.('Z_')) return undefined;
    throw e;
  }
}
