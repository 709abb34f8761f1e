/**
 * A subset of an OpenType font with CFF outlines (Noto Sans CJK and other CJK fonts), written as a CID-keyed bare
 * CFF font for a PDF (FontFile3 /CIDFontType0C) in the order glyphs were included: the subset's glyph i is CID i.
 *
 * Charstrings are written desubroutinized: every call of a global or local subroutine is replaced by the
 * subroutine's code, so the subset carries no subroutine tables. A CJK font's tables hold tens of thousands of
 * subroutines; keeping their numbering (as fontkit's subsetter does, with every unused one emptied) costs ~100 KB
 * and ~50 ms per document for a few dozen glyphs. Outlines, hints, widths and the Private dictionaries (copied
 * byte for byte but for their Subrs entry) are unchanged. Reference: Adobe TN 5176 (CFF) and TN 5177 (Type 2
 * charstrings).
 *
 * `encode()` throws Error for a font this writer does not handle (a CFF2 table, a charstring that computes a
 * subroutine number, seac-style endchar); the caller then uses the library's own subsetter.
 */
import { bytesLoader } from './font-bytes';

export interface SfntFont {
  stream: { buffer: Uint8Array };
  directory: { tables: Record<string, { offset: number; length: number } | undefined> };
}

/** An INDEX read in place: item i spans [at(i), at(i + 1)) (absolute positions); offsets are read on demand. */
interface Index {
  count: number;
  at(i: number): number;
  /** First byte after the INDEX. */
  end: number;
}

const STANDARD_STRINGS = 391;

/** Makes bytes [start, end) of the CFF table readable (font-bytes.ts: a font read on demand); else does nothing. */
type Ensure = (start: number, end: number) => void;
const whole: Ensure = () => undefined;

function readIndex(b: Uint8Array, pos: number, ensure: Ensure): Index {
  ensure(pos, pos + 3);
  const count = (b[pos] << 8) | b[pos + 1];
  if (count === 0) return { count: 0, at: () => pos + 2, end: pos + 2 };
  const offSize = b[pos + 2];
  const first = pos + 3;
  const base = first + (count + 1) * offSize - 1;
  const at = (i: number) => {
    const p = first + i * offSize;
    ensure(p, p + offSize);
    let v = 0;
    for (let k = 0; k < offSize; k++) v = v * 256 + b[p + k];
    return base + v;
  };
  return { count, at, end: at(count) };
}

function item(b: Uint8Array, idx: Index, i: number, ensure: Ensure): Uint8Array {
  const start = idx.at(i);
  const end = idx.at(i + 1);
  ensure(start, end);
  return b.subarray(start, end);
}

/** A DICT as its entries: operator key ("17", "12 36") → operand values and the entry's raw bytes. */
type DictEntries = Map<string, { values: number[]; raw: Uint8Array }>;

function readDict(d: Uint8Array): DictEntries {
  const out: DictEntries = new Map();
  let values: number[] = [];
  let start = 0;
  let i = 0;
  while (i < d.length) {
    const b0 = d[i];
    if (b0 <= 21) {
      let key = String(b0);
      i++;
      if (b0 === 12) key = `12 ${d[i++]}`;
      out.set(key, { values, raw: d.subarray(start, i) });
      values = [];
      start = i;
    } else if (b0 === 28) {
      values.push(((d[i + 1] << 24) | (d[i + 2] << 16)) >> 16);
      i += 3;
    } else if (b0 === 29) {
      values.push((d[i + 1] << 24) | (d[i + 2] << 16) | (d[i + 3] << 8) | d[i + 4]);
      i += 5;
    } else if (b0 === 30) {
      // Real number: nibbles up to 0xf; only its bytes matter here (entries are copied raw).
      i++;
      while (i < d.length && (d[i] & 0x0f) !== 0x0f && (d[i] & 0xf0) !== 0xf0) i++;
      i++;
      values.push(NaN);
    } else if (b0 >= 32 && b0 <= 246) {
      values.push(b0 - 139);
      i++;
    } else if (b0 >= 247 && b0 <= 250) {
      values.push((b0 - 247) * 256 + d[i + 1] + 108);
      i += 2;
    } else if (b0 >= 251 && b0 <= 254) {
      values.push(-(b0 - 251) * 256 - d[i + 1] - 108);
      i += 2;
    } else throw new Error(`CFF DICT: byte ${b0}`);
  }
  return out;
}

/** DICT operand as a 5-byte integer (fixed size, so offsets can be laid out before they are known). */
const int5 = (v: number) => [29, (v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
const intOp = (v: number) => (v >= -107 && v <= 107 ? [v + 139] : int5(v));

function writeIndex(items: Uint8Array[]): Buffer {
  if (items.length === 0) return Buffer.from([0, 0]);
  const total = items.reduce((a, x) => a + x.length, 0) + 1;
  const offSize = total < 0x100 ? 1 : total < 0x10000 ? 2 : total < 0x1000000 ? 3 : 4;
  const head = Buffer.alloc(3 + (items.length + 1) * offSize);
  head.writeUInt16BE(items.length, 0);
  head[2] = offSize;
  let off = 1;
  for (let i = 0; i <= items.length; i++) {
    head.writeUIntBE(off, 3 + i * offSize, offSize);
    if (i < items.length) off += items[i].length;
  }
  return Buffer.concat([head, ...items]);
}

const bias = (n: number) => (n < 1240 ? 107 : n < 33900 ? 1131 : 32768);

/** Parsed source font: what the writer needs, read once per font object. */
interface CffSource {
  b: Uint8Array;
  ensure: Ensure;
  name: Uint8Array;
  top: DictEntries;
  charStrings: Index;
  gsubrs: Index;
  /** Font DICTs with their Private DICT and local subroutines (one for a name-keyed font). */
  fds: { dict: DictEntries | undefined; privRaw: Uint8Array; subrs: Index }[];
  fdOf(gid: number): number;
}

const sources = new WeakMap<object, CffSource>();

function parseCff(font: SfntFont): CffSource {
  const cached = sources.get(font);
  if (cached) return cached;
  const t = font.directory.tables['CFF '];
  if (!t) throw new Error('no CFF table');
  const b = font.stream.buffer.subarray(t.offset, t.offset + t.length);
  const load = bytesLoader(font.stream.buffer);
  const ensure: Ensure = load ? (start, end) => load(t.offset + start, t.offset + Math.min(end, t.length)) : whole;
  ensure(0, 4);
  if (b[0] !== 1) throw new Error(`CFF version ${b[0]}`);
  const names = readIndex(b, b[2], ensure);
  const tops = readIndex(b, names.end, ensure);
  const strings = readIndex(b, tops.end, ensure);
  const gsubrs = readIndex(b, strings.end, ensure);
  const top = readDict(item(b, tops, 0, ensure));
  const csOff = top.get('17')?.values[0];
  if (csOff === undefined) throw new Error('CFF without CharStrings');
  const charStrings = readIndex(b, csOff, ensure);
  const noSubrs = () => readIndex(new Uint8Array(2), 0, whole);
  const privateOf = (dict: DictEntries | undefined) => {
    const p = dict?.get('18')?.values;
    if (!p) return { privRaw: new Uint8Array(0), subrs: noSubrs() };
    const [size, off] = p;
    ensure(off, off + size);
    const priv = readDict(b.subarray(off, off + size));
    const subrsOff = priv.get('19')?.values[0];
    const privRaw = Buffer.concat([...priv].filter(([k]) => k !== '19').map(([, e]) => e.raw));
    return { privRaw, subrs: subrsOff === undefined ? noSubrs() : readIndex(b, off + subrsOff, ensure) };
  };
  let fds: CffSource['fds'];
  let fdOf: (gid: number) => number = () => 0;
  const fdArrayOff = top.get('12 36')?.values[0];
  if (top.has('12 30') && fdArrayOff !== undefined) {
    const fdIndex = readIndex(b, fdArrayOff, ensure);
    fds = Array.from({ length: fdIndex.count }, (_, i) => {
      const dict = readDict(item(b, fdIndex, i, ensure));
      return { dict, ...privateOf(dict) };
    });
    const sel = top.get('12 37')!.values[0];
    ensure(sel, sel + 3);
    if (b[sel] === 0) {
      fdOf = (gid) => {
        ensure(sel + 1 + gid, sel + 2 + gid);
        return b[sel + 1 + gid];
      };
    } else if (b[sel] === 3) {
      const n = (b[sel + 1] << 8) | b[sel + 2];
      ensure(sel + 3, sel + 3 + n * 3 + 2);
      const firsts: number[] = [];
      const fdsOfRange: number[] = [];
      for (let i = 0; i < n; i++) {
        firsts.push((b[sel + 3 + i * 3] << 8) | b[sel + 4 + i * 3]);
        fdsOfRange.push(b[sel + 5 + i * 3]);
      }
      fdOf = (gid) => {
        let lo = 0;
        let hi = n - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (firsts[mid] <= gid) lo = mid;
          else hi = mid - 1;
        }
        return fdsOfRange[lo];
      };
    } else throw new Error(`FDSelect format ${b[sel]}`);
  } else fds = [{ dict: undefined, ...privateOf(top) }];
  const src: CffSource = { b, ensure, name: item(b, names, 0, ensure), top, charStrings, gsubrs, fds, fdOf };
  sources.set(font, src);
  return src;
}

/** Reads a CFF font's tables ahead of its first subset (a thread that waits for work does it meanwhile). */
export function prepareCff(font: SfntFont): void {
  if (font.directory?.tables['CFF ']) parseCff(font);
}

/** The charstring of `gid` with every subroutine call replaced by the subroutine's code. */
function flatten(src: CffSource, gid: number): Uint8Array {
  const b = src.b;
  const fd = src.fds[src.fdOf(gid)];
  const out: number[] = [];
  let stack = 0;
  let stems = 0;
  let lastNum = -1;
  let lastNumValue = 0;
  let ended = false;
  const run = (start: number, end: number, depth: number) => {
    if (depth > 10) throw new Error('CFF subroutine nesting');
    src.ensure(start, end);
    let i = start;
    while (i < end && !ended) {
      const v = b[i];
      if (v >= 32 || v === 28) {
        lastNum = out.length;
        if (v === 28) {
          lastNumValue = ((b[i + 1] << 24) | (b[i + 2] << 16)) >> 16;
          out.push(v, b[i + 1], b[i + 2]);
          i += 3;
        } else if (v <= 246) {
          lastNumValue = v - 139;
          out.push(v);
          i++;
        } else if (v <= 250) {
          lastNumValue = (v - 247) * 256 + b[i + 1] + 108;
          out.push(v, b[i + 1]);
          i += 2;
        } else if (v <= 254) {
          lastNumValue = -(v - 251) * 256 - b[i + 1] - 108;
          out.push(v, b[i + 1]);
          i += 2;
        } else {
          lastNumValue = NaN;
          out.push(v, b[i + 1], b[i + 2], b[i + 3], b[i + 4]);
          i += 5;
        }
        stack++;
        continue;
      }
      if (v === 10 || v === 29) {
        // callsubr / callgsubr: the subroutine number is the last operand.
        if (lastNum < 0 || lastNum !== out.length - numLen(out, lastNum) || !Number.isInteger(lastNumValue)) throw new Error('computed subroutine number');
        out.length = lastNum;
        stack--;
        lastNum = -1;
        const subrs = v === 10 ? fd.subrs : src.gsubrs;
        const n = lastNumValue + bias(subrs.count);
        if (n < 0 || n >= subrs.count) throw new Error('subroutine out of range');
        run(subrs.at(n), subrs.at(n + 1), depth + 1);
        i++;
        continue;
      }
      lastNum = -1;
      if (v === 11) return; // return
      if (v === 14) {
        if (stack >= 4) throw new Error('seac endchar');
        out.push(v);
        ended = true;
        return;
      }
      if (v === 1 || v === 3 || v === 18 || v === 23) stems += stack >> 1;
      if (v === 19 || v === 20) {
        stems += stack >> 1;
        const maskBytes = (stems + 7) >> 3;
        out.push(v);
        for (let k = 1; k <= maskBytes; k++) out.push(b[i + k]);
        i += 1 + maskBytes;
        stack = 0;
        continue;
      }
      if (v === 12) {
        out.push(v, b[i + 1]);
        i += 2;
      } else {
        out.push(v);
        i++;
      }
      stack = 0;
    }
  };
  run(src.charStrings.at(gid), src.charStrings.at(gid + 1), 0);
  return Uint8Array.from(out);
}

/** Length in bytes of the number token starting at out[at]. */
function numLen(out: number[], at: number): number {
  const v = out[at];
  return v === 28 ? 3 : v === 255 ? 5 : v >= 247 ? 2 : 1;
}

/**
 * The glyphs of one document's subset, in inclusion order (glyph 0 is .notdef), with the interface pdfkit's
 * EmbeddedFont uses (fontkit's Subset: includeGlyph, glyphs, cff, encode).
 */
export class CffSubset {
  readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();
  /** Marks the subset as CFF for pdfkit (it then embeds FontFile3 /CIDFontType0C). */
  readonly cff = true;

  constructor(private readonly font: SfntFont) {
    this.includeGlyph(0);
  }

  includeGlyph(glyph: number | { id: number }): number {
    const id = typeof glyph === 'object' ? glyph.id : glyph;
    let n = this.mapping.get(id);
    if (n === undefined) {
      n = this.glyphs.length;
      this.glyphs.push(id);
      this.mapping.set(id, n);
    }
    return n;
  }

  encode(): Buffer {
    const src = parseCff(this.font);
    const charStrings = this.glyphs.map((g) => flatten(src, g));
    // Font DICTs in first-use order.
    const usedFds: number[] = [];
    const fdIndexOf = new Map<number, number>();
    const fdSelect = this.glyphs.map((g) => {
      const fd = src.fdOf(g);
      let n = fdIndexOf.get(fd);
      if (n === undefined) {
        n = usedFds.length;
        usedFds.push(fd);
        fdIndexOf.set(fd, n);
      }
      return n;
    });
    const n = this.glyphs.length;
    const header = Buffer.from([1, 0, 4, 4]);
    const nameIndex = writeIndex([src.name]);
    const stringIndex = writeIndex([Buffer.from('Adobe'), Buffer.from('Identity')]);
    const gsubrIndex = writeIndex([]);
    const charset = n > 1 ? Buffer.from([2, 0, 1, (n - 2) >> 8, (n - 2) & 255]) : Buffer.from([0]);
    const fdSelectBytes = Buffer.from([0, ...fdSelect]);
    const charStringIndex = writeIndex(charStrings);
    const copied = ['5', '12 7'].flatMap((k) => (src.top.has(k) ? [src.top.get(k)!.raw] : []));
    const topDict = (offs: { charset: number; charStrings: number; fdArray: number; fdSelect: number }) =>
      Buffer.concat([
        Buffer.from([...intOp(STANDARD_STRINGS), ...intOp(STANDARD_STRINGS + 1), 139, 12, 30]),
        ...copied,
        Buffer.from([...int5(n), 12, 34, ...int5(offs.charset), 15, ...int5(offs.charStrings), 17, ...int5(offs.fdArray), 12, 36, ...int5(offs.fdSelect), 12, 37]),
      ]);
    const zero = { charset: 0, charStrings: 0, fdArray: 0, fdSelect: 0 };
    const topIndexLen = writeIndex([topDict(zero)]).length;
    const charsetOff = header.length + nameIndex.length + topIndexLen + stringIndex.length + gsubrIndex.length;
    const fdSelectOff = charsetOff + charset.length;
    const charStringsOff = fdSelectOff + fdSelectBytes.length;
    const fdArrayOff = charStringsOff + charStringIndex.length;
    const fdDict = (fd: number, privOff: number) => {
      const d = src.fds[fd].dict;
      const kept = d ? [...d].filter(([k]) => k !== '12 38' && k !== '18').map(([, e]) => e.raw) : [];
      return Buffer.concat([...kept, Buffer.from([...int5(src.fds[fd].privRaw.length), ...int5(privOff), 18])]);
    };
    const fdArrayLen = writeIndex(usedFds.map((fd) => fdDict(fd, 0))).length;
    let privOff = fdArrayOff + fdArrayLen;
    const privOffs = usedFds.map((fd) => {
      const at = privOff;
      privOff += src.fds[fd].privRaw.length;
      return at;
    });
    const fdArray = writeIndex(usedFds.map((fd, i) => fdDict(fd, privOffs[i])));
    const top = writeIndex([topDict({ charset: charsetOff, charStrings: charStringsOff, fdArray: fdArrayOff, fdSelect: fdSelectOff })]);
    return Buffer.concat([header, nameIndex, top, stringIndex, gsubrIndex, charset, fdSelectBytes, charStringIndex, fdArray, ...usedFds.map((fd) => src.fds[fd].privRaw)]);
  }
}
