/**
 * Display width in monospace columns (Unicode East Asian Width, UAX #11):
 * Wide and Fullwidth characters take two columns, combining marks and zero-width
 * characters none, everything else one. CPCC counts printed lines, so widths are
 * measured in columns, never in UTF-16 code units (cpcc-materials.md, "Physical pages
 * must equal logical pages").
 */
export function charWidth(cp: number): 0 | 1 | 2 {
  if (cp < 0x300) return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ? 0 : 1;
  // CJK Unified Ideographs (and Extension A) and Hangul syllables, the bulk of Chinese and Korean text: Wide.
  if ((cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0xac00 && cp <= 0xd7a3)) return 2;
  if (cp > 0xffff) return widthOf(cp);
  // The rest of the Basic Multilingual Plane is looked up in blocks of 256 code points, each worked out on first use.
  const hi = cp >> 8;
  let block = bmpWidths[hi];
  if (block === undefined) {
    block = bmpWidths[hi] = new Uint8Array(256);
    for (let i = 0; i < 256; i++) block[i] = widthOf((hi << 8) | i);
  }
  return block[cp & 0xff] as 0 | 1 | 2;
}

const bmpWidths: (Uint8Array | undefined)[] = new Array<Uint8Array | undefined>(256);

function widthOf(cp: number): 0 | 1 | 2 {
  if (cp < 0x300) return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ? 0 : 1;
  if (isZeroWidth(cp)) return 0;
  return isWide(cp) ? 2 : 1;
}

function isZeroWidth(cp: number): boolean {
  return (
    (cp >= 0x300 && cp <= 0x36f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x2028 && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x2064) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    (cp >= 0x1ab0 && cp <= 0x1aff) ||
    (cp >= 0x1dc0 && cp <= 0x1dff) ||
    (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0xfe20 && cp <= 0xfe2f) ||
    (cp >= 0xe0000 && cp <= 0xe0fff)
  );
}

/**
 * East Asian Ambiguous characters that Chinese text uses and that CJK fonts draw one em wide:
 * quotes “”‘’, …, —, ·, ×, ÷, °, ±, §, ※, №, ℃, arrows, circled numbers, box drawing, geometric
 * shapes, math operators. Word with a zh-CN East Asian language renders them in the CJK font,
 * so they are planned as two columns — never narrower than printed.
 */
function isAmbiguousWide(cp: number): boolean {
  if (cp < 0xa7 || cp > 0x27ff) return false;
  return (
    cp === 0xa7 || cp === 0xa8 || cp === 0xb0 || cp === 0xb1 || cp === 0xb7 || cp === 0xd7 || cp === 0xf7 ||
    (cp >= 0x2013 && cp <= 0x2016) ||
    (cp >= 0x2018 && cp <= 0x201f) ||
    (cp >= 0x2020 && cp <= 0x2022) ||
    (cp >= 0x2025 && cp <= 0x2027) ||
    cp === 0x2030 || cp === 0x2032 || cp === 0x2033 || cp === 0x2035 || cp === 0x203b ||
    cp === 0x2103 || cp === 0x2105 || cp === 0x2109 || cp === 0x2116 || cp === 0x2121 ||
    (cp >= 0x2160 && cp <= 0x216b) ||
    (cp >= 0x2170 && cp <= 0x2179) ||
    (cp >= 0x2190 && cp <= 0x2199) ||
    cp === 0x21d2 || cp === 0x21d4 ||
    (cp >= 0x2200 && cp <= 0x22ff) ||
    cp === 0x2312 ||
    (cp >= 0x2460 && cp <= 0x24ff) ||
    (cp >= 0x2500 && cp <= 0x25ff) ||
    (cp >= 0x2600 && cp <= 0x266f) ||
    cp === 0x273d ||
    (cp >= 0x2776 && cp <= 0x277f)
  );
}

/** True for East Asian Wide (W) and Fullwidth (F) code points, and the ambiguous ones Chinese text draws wide. */
export function isWide(cp: number): boolean {
  if (isAmbiguousWide(cp)) return true;
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    cp === 0x2329 ||
    cp === 0x232a ||
    (cp >= 0x231a && cp <= 0x231b) ||
    (cp >= 0x23e9 && cp <= 0x23ec) ||
    (cp >= 0x25fd && cp <= 0x25fe) ||
    (cp >= 0x2614 && cp <= 0x2615) ||
    (cp >= 0x2648 && cp <= 0x2653) ||
    (cp >= 0x26aa && cp <= 0x26ab) ||
    (cp >= 0x26bd && cp <= 0x26be) ||
    (cp >= 0x26c4 && cp <= 0x26c5) ||
    cp === 0x26a1 ||
    cp === 0x26ce ||
    cp === 0x26d4 ||
    cp === 0x26ea ||
    (cp >= 0x26f2 && cp <= 0x26f5) ||
    cp === 0x26fa ||
    cp === 0x26fd ||
    cp === 0x2705 ||
    (cp >= 0x270a && cp <= 0x270b) ||
    cp === 0x2728 ||
    cp === 0x274c ||
    cp === 0x274e ||
    (cp >= 0x2753 && cp <= 0x2755) ||
    cp === 0x2757 ||
    (cp >= 0x2795 && cp <= 0x2797) ||
    cp === 0x27b0 ||
    cp === 0x27bf ||
    (cp >= 0x2b1b && cp <= 0x2b1c) ||
    cp === 0x2b50 ||
    cp === 0x2b55 ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xa960 && cp <= 0xa97f) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe10 && cp <= 0xfe19) ||
    (cp >= 0xfe30 && cp <= 0xfe6f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x16fe0 && cp <= 0x18aff) ||
    (cp >= 0x1b000 && cp <= 0x1b2ff) ||
    cp === 0x1f004 ||
    cp === 0x1f0cf ||
    cp === 0x1f18e ||
    (cp >= 0x1f191 && cp <= 0x1f19a) ||
    (cp >= 0x1f200 && cp <= 0x1f251) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f680 && cp <= 0x1f6ff) ||
    (cp >= 0x1f7e0 && cp <= 0x1f7eb) ||
    (cp >= 0x1f90c && cp <= 0x1f9ff) ||
    (cp >= 0x1fa70 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** Width of a string in columns (see {@link charWidth}). */
export function displayWidth(s: string): number {
  let w = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x7f && c >= 0x20) {
      w++;
      continue;
    }
    const cp = s.codePointAt(i)!;
    if (cp > 0xffff) i++;
    w += charWidth(cp);
  }
  return w;
}

/**
 * Splits one logical line into printed segments of at most `maxColumns` columns.
 * A wide character never straddles two segments; nothing is added or dropped, so
 * `segments.join('') === line`. Returns `[line]` when it fits (also for '').
 */
export function wrapByWidth(line: string, maxColumns: number): string[] {
  if (maxColumns < 2) throw new RangeError('maxColumns must be ≥ 2');
  // Fast path: pure printable ASCII.
  let ascii = true;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c < 0x20 || c >= 0x7f) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    if (line.length <= maxColumns) return [line];
    const out: string[] = [];
    for (let i = 0; i < line.length; i += maxColumns) out.push(line.slice(i, i + maxColumns));
    return out;
  }
  const out: string[] = [];
  let start = 0;
  let w = 0;
  for (let i = 0; i < line.length; ) {
    const cp = line.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    const cw = charWidth(cp);
    if (w + cw > maxColumns && i > start) {
      out.push(line.slice(start, i));
      start = i;
      w = 0;
    }
    w += cw;
    i += len;
  }
  out.push(line.slice(start));
  return out;
}
