import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CffSubset } from '../src/render/cff-subset';
import { readOnDemand } from '../src/render/font-bytes';
import { woffToSfnt } from '../src/render/fonts';
import { openCffFace } from '../src/render/sfnt';

const require = createRequire(import.meta.url);
// fontkit (pdfkit's font parser) ships no types: the members compared here.
type KitFont = {
  postscriptName: string;
  unitsPerEm: number;
  numGlyphs: number;
  ascent: number;
  descent: number;
  lineGap: number;
  capHeight: number;
  xHeight: number;
  italicAngle: number;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
  characterSet: number[];
  glyphForCodePoint(cp: number): { id: number; advanceWidth: number };
};
const fontkit = require('fontkit') as { create(data: Buffer, face?: string): KitFont };

const SYSTEM_TTC = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const fonts: { label: string; data: () => Buffer; face?: string }[] = [
  { label: 'npm Noto Sans SC (WOFF unwrapped)', data: () => woffToSfnt(readFileSync(require.resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff'))) },
  ...(existsSync(SYSTEM_TTC) ? [{ label: 'system Noto Sans CJK collection, SC face', data: () => readFileSync(SYSTEM_TTC), face: 'NotoSansCJKsc-Regular' }] : []),
];

describe('openCffFace', () => {
  it.each(fonts)('reads $label with the glyph ids, advances and metrics fontkit reads', ({ data, face }) => {
    const bytes = data();
    const ours = openCffFace(bytes, face)!;
    const kit = fontkit.create(bytes, face);
    expect(ours).toBeDefined();
    for (const k of ['postscriptName', 'unitsPerEm', 'numGlyphs', 'ascent', 'descent', 'lineGap', 'capHeight', 'xHeight', 'italicAngle'] as const) expect([k, ours[k]]).toEqual([k, kit[k]]);
    expect(ours.bbox).toEqual({ minX: kit.bbox.minX, minY: kit.bbox.minY, maxX: kit.bbox.maxX, maxY: kit.bbox.maxY });
    // Every 37th mapped code point, and code points the font lacks (astral, private use, unassigned).
    const cps = [...kit.characterSet.filter((_, i) => i % 37 === 0), 0x1f600, 0xe000, 0x0378, 0x10ffff];
    for (const cp of cps) {
      const a = kit.glyphForCodePoint(cp);
      const b = ours.glyphForCodePoint(cp);
      expect([cp, b.id, b.advanceWidth]).toEqual([cp, a.id, a.advanceWidth]);
      expect(ours.hasGlyphForCodePoint(cp)).toBe(a.id !== 0);
    }
  });

  it.skipIf(!existsSync(SYSTEM_TTC))('reads a collection on demand: the metrics, glyphs and subset of the whole file, without reading the rest', () => {
    const whole = readFileSync(SYSTEM_TTC);
    const partial = readOnDemand(SYSTEM_TTC);
    const a = openCffFace(whole, 'NotoSansCJKsc-Regular')!;
    const b = openCffFace(partial, 'NotoSansCJKsc-Regular')!;
    for (const k of ['postscriptName', 'unitsPerEm', 'numGlyphs', 'ascent', 'descent', 'lineGap', 'capHeight', 'xHeight', 'italicAngle', 'bbox'] as const) expect([k, b[k]]).toEqual([k, a[k]]);
    const sa = new CffSubset(a);
    const sb = new CffSubset(b);
    for (const ch of '码著软件著作权登记源程序鉴别材料，第 1 页（共 60 页）V1.0 ①→“”…龘') {
      const cp = ch.codePointAt(0)!;
      expect([ch, b.glyphForCodePoint(cp)]).toEqual([ch, a.glyphForCodePoint(cp)]);
      sa.includeGlyph(a.glyphForCodePoint(cp));
      sb.includeGlyph(b.glyphForCodePoint(cp));
    }
    expect(sb.encode().equals(sa.encode())).toBe(true);
    // A table no reader here uses (GSUB) was never read.
    const gsub = b.directory.tables.GSUB!;
    const mid = gsub.offset + (gsub.length >> 1);
    expect(whole.subarray(mid, mid + 4096).some((x) => x !== 0)).toBe(true);
    expect(partial.subarray(mid, mid + 4096).every((x) => x === 0)).toBe(true);
  });

  it('gives up on fonts without CFF outlines and on bytes that are not a font', () => {
    expect(openCffFace(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf')))).toBeUndefined();
    expect(openCffFace(Buffer.from('not a font at all'))).toBeUndefined();
    expect(openCffFace(readFileSync(require.resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff')))).toBeUndefined();
  });
});
