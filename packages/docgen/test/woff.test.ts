import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from '../src/render/fonts';

const require = createRequire(import.meta.url);
// fontkit (pdfkit's font parser) ships no types: the few members used here.
const fontkit = require('fontkit') as { create(data: Buffer): unknown };
const WOFFS = [
  '@fontsource/noto-sans-math/files/noto-sans-math-latin-400-normal.woff',
  '@fontsource/noto-sans-symbols-2/files/noto-sans-symbols-2-symbols-400-normal.woff',
  '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff',
];

type Font = { numGlyphs: number; postscriptName: string; characterSet: number[]; glyphForCodePoint(cp: number): { id: number; advanceWidth: number } };

describe('woffToSfnt', () => {
  it.each(WOFFS)('unwraps %s into a font with the same glyphs, ids and advances as the WOFF itself', (mod) => {
    const woff = readFileSync(require.resolve(mod));
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).not.toBe(0x774f4646);
    expect(sfnt.length).toBeGreaterThan(woff.length);
    const a = fontkit.create(woff) as unknown as Font;
    const b = fontkit.create(sfnt) as unknown as Font;
    expect(b.numGlyphs).toBe(a.numGlyphs);
    expect(b.postscriptName).toBe(a.postscriptName);
    const cps = a.characterSet.filter((_, i) => i % 97 === 0);
    expect(cps.length).toBeGreaterThan(3);
    for (const cp of cps) {
      const ga = a.glyphForCodePoint(cp);
      const gb = b.glyphForCodePoint(cp);
      expect([gb.id, gb.advanceWidth]).toEqual([ga.id, ga.advanceWidth]);
    }
  });

  it('returns other fonts and damaged WOFF files unchanged', () => {
    const ttf = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'));
    expect(woffToSfnt(ttf)).toBe(ttf);
    const woff = readFileSync(require.resolve(WOFFS[0]));
    const cut = woff.subarray(0, 200);
    expect(woffToSfnt(cut)).toBe(cut);
  });
});
