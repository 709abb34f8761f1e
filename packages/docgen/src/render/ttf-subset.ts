import type { SfntFont } from './cff-subset';

/**
 * A subset of a font with TrueType outlines (glyf/loca), for a PDF's FontFile2 with CIDToGIDMap Identity: the
 * subset's glyph i is CID i, in inclusion order (glyph 0, .notdef, first). Composite glyphs bring their components
 * along, renumbered. Written are the tables a PDF viewer needs (ISO 32000-1 §9.9): head, hhea, maxp, hmtx, loca
 * (long offsets), glyf, and cvt/fpgm/prep unchanged when present. Reference: OpenType specification 1.9, glyf and
 * loca tables. Same interface as CffSubset (includeGlyph, glyphs, encode).
 */
export class TrueTypeSubset {
  readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

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

  /** The subset font file. Throws Error when a required table is missing or out of range. */
  encode(): Buffer {
    const b = this.font.stream.buffer;
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const table = (tag: string) => {
      const t = this.font.directory.tables[tag];
      if (!t || t.offset + t.length > b.length) return undefined;
      return t;
    };
    const need = (tag: string) => {
      const t = table(tag);
      if (!t) throw new Error(`TrueType 字体缺少 ${tag} 表`);
      return t;
    };
    const head = need('head');
    const hhea = need('hhea');
    const maxp = need('maxp');
    const hmtx = need('hmtx');
    const loca = need('loca');
    const glyf = need('glyf');
    const longLoca = v.getInt16(head.offset + 50) === 1;
    const numberOfHMetrics = v.getUint16(hhea.offset + 34);
    const numGlyphs = v.getUint16(maxp.offset + 4);
    const glyphRange = (gid: number): [number, number] => {
      if (gid >= numGlyphs) return [0, 0];
      const at = (i: number) => (longLoca ? v.getUint32(loca.offset + i * 4) : v.getUint16(loca.offset + i * 2) * 2);
      return [glyf.offset + at(gid), glyf.offset + at(gid + 1)];
    };
    const bodies: Uint8Array[] = [];
    const metrics: [number, number][] = [];
    // Components found while copying are appended to `glyphs` and copied in turn.
    for (let i = 0; i < this.glyphs.length; i++) {
      const gid = this.glyphs[i];
      const [start, end] = glyphRange(gid);
      let body: Uint8Array = b.subarray(start, end);
      if (body.length >= 10 && v.getInt16(start) < 0) {
        body = Uint8Array.from(body);
        const cv = new DataView(body.buffer);
        let p = 10;
        for (;;) {
          const flags = cv.getUint16(p);
          cv.setUint16(p + 2, this.includeGlyph(cv.getUint16(p + 2)));
          p += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
          if (!(flags & 0x0020) || p >= body.length) break;
        }
      }
      bodies.push(body);
      const long = Math.min(gid, numberOfHMetrics - 1);
      const advance = v.getUint16(hmtx.offset + long * 4);
      const lsb = gid < numberOfHMetrics ? v.getInt16(hmtx.offset + gid * 4 + 2) : v.getInt16(hmtx.offset + numberOfHMetrics * 4 + (gid - numberOfHMetrics) * 2);
      metrics.push([advance, lsb]);
    }
    const n = bodies.length;
    const pad4 = (x: number) => (x + 3) & ~3;
    const glyfOut = Buffer.alloc(bodies.reduce((a, g) => a + pad4(g.length), 0));
    const locaOut = Buffer.alloc((n + 1) * 4);
    let at = 0;
    bodies.forEach((g, i) => {
      locaOut.writeUInt32BE(at, i * 4);
      glyfOut.set(g, at);
      at += pad4(g.length);
    });
    locaOut.writeUInt32BE(at, n * 4);
    const hmtxOut = Buffer.alloc(n * 4);
    metrics.forEach(([adv, lsb], i) => {
      hmtxOut.writeUInt16BE(adv, i * 4);
      hmtxOut.writeInt16BE(lsb, i * 4 + 2);
    });
    const copy = (t: { offset: number; length: number }) => Buffer.from(b.subarray(t.offset, t.offset + t.length));
    const headOut = copy(head);
    headOut.writeUInt32BE(0, 8); // checkSumAdjustment: not computed (PDF viewers do not check it)
    headOut.writeInt16BE(1, 50); // indexToLocFormat: long offsets
    const hheaOut = copy(hhea);
    hheaOut.writeUInt16BE(n, 34);
    const maxpOut = copy(maxp);
    maxpOut.writeUInt16BE(n, 4);
    const tables: [string, Buffer][] = [
      ['head', headOut],
      ['hhea', hheaOut],
      ['maxp', maxpOut],
      ['hmtx', hmtxOut],
      ['loca', locaOut],
      ['glyf', glyfOut],
    ];
    for (const tag of ['cvt ', 'fpgm', 'prep']) {
      const t = table(tag);
      if (t) tables.push([tag, copy(t)]);
    }
    return writeSfnt(0x00010000, tables);
  }
}

/** An sfnt file from its tables: offset table, records sorted by tag with checksums, 4-byte-aligned data. */
function writeSfnt(flavor: number, tables: [string, Buffer][]): Buffer {
  tables.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const count = tables.length;
  const entrySelector = Math.floor(Math.log2(count));
  const searchRange = 2 ** entrySelector * 16;
  const headerSize = 12 + count * 16;
  const pad4 = (x: number) => (x + 3) & ~3;
  const out = Buffer.alloc(headerSize + tables.reduce((a, [, d]) => a + pad4(d.length), 0));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(count * 16 - searchRange, 10);
  let pos = headerSize;
  tables.forEach(([tag, data], i) => {
    const rec = 12 + i * 16;
    out.write(tag, rec, 'latin1');
    data.copy(out, pos);
    let sum = 0;
    for (let k = 0; k < pad4(data.length); k += 4) sum = (sum + out.readUInt32BE(pos + k)) >>> 0;
    out.writeUInt32BE(sum, rec + 4);
    out.writeUInt32BE(pos, rec + 8);
    out.writeUInt32BE(data.length, rec + 12);
    pos += pad4(data.length);
  });
  return out;
}
