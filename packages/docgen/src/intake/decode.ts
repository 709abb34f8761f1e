import { createRequire } from 'node:module';
import type * as Chardet from 'chardet';
import type * as IconvLite from 'iconv-lite';

let requireHere: NodeJS.Require | undefined;
let iconvModule: typeof IconvLite | undefined;
let chardetModule: typeof Chardet | undefined;
/** iconv-lite, loaded on first need: code in UTF-8 (nearly all of it) never loads it. */
export const iconvLite = (): typeof IconvLite => (iconvModule ??= (requireHere ??= createRequire(import.meta.url))('iconv-lite') as typeof IconvLite);
const detector = (): typeof Chardet => (chardetModule ??= (requireHere ??= createRequire(import.meta.url))('chardet') as typeof Chardet);

export type SourceEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'gb18030' | 'big5' | 'shift_jis' | 'latin1';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Looks like UTF-16 without BOM: many NULs on one parity of the first bytes. */
function sniffUtf16(b: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(b.length, 4096) & ~1;
  if (n < 8) return undefined;
  if (b.subarray(0, n).indexOf(0) < 0) return undefined; // no NUL: neither count can pass its threshold
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) evenZero++;
    if (b[i + 1] === 0) oddZero++;
  }
  const half = n / 2;
  if (oddZero > half * 0.4 && evenZero < half * 0.05) return 'utf-16le';
  if (evenZero > half * 0.4 && oddZero < half * 0.05) return 'utf-16be';
  return undefined;
}

/**
 * Decodes source bytes: UTF-8 (with or without BOM), UTF-16 LE/BE (BOM or sniffed),
 * otherwise the most likely legacy Chinese encoding (GB18030 ⊃ GBK ⊃ GB2312, or Big5),
 * as detected by chardet. Returns undefined for binary content (NUL bytes that are not UTF-16).
 * Line ends are normalised to '\n'.
 */
export function decodeSource(b: Uint8Array): { text: string; encoding: SourceEncoding } | undefined {
  let text: string | undefined;
  let encoding: SourceEncoding;
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
    text = new TextDecoder('utf-8').decode(b.subarray(3));
    encoding = 'utf-8-bom';
  } else if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) {
    text = iconvLite().decode(Buffer.from(b.buffer, b.byteOffset + 2, b.length - 2), 'utf-16le');
    encoding = 'utf-16le';
  } else if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
    text = iconvLite().decode(Buffer.from(b.buffer, b.byteOffset + 2, b.length - 2), 'utf-16be');
    encoding = 'utf-16be';
  } else {
    const u16 = sniffUtf16(b);
    if (u16) {
      text = iconvLite().decode(Buffer.from(b.buffer, b.byteOffset, b.length), u16);
      encoding = u16;
    } else {
      const head = b.subarray(0, 8192);
      if (head.includes(0)) return undefined;
      try {
        text = utf8.decode(b);
        encoding = 'utf-8';
      } catch {
        // Mainland code bases: GB18030 (⊃ GBK ⊃ GB2312) unless the detector is clearly sure of
        // Big5 or Shift_JIS; Latin-1 only when the bytes are not valid GB18030.
        const sample = b.subarray(0, 65536);
        const scores = new Map(detector().analyse(sample).map((m) => [m.name.toLowerCase(), m.confidence]));
        const gb = scores.get('gb18030') ?? 0;
        const big5 = scores.get('big5') ?? 0;
        const sjis = scores.get('shift_jis') ?? 0;
        const whole = Buffer.from(b.buffer, b.byteOffset, b.length);
        if (big5 >= 60 && big5 >= gb + 20) encoding = 'big5';
        else if (sjis >= 60 && sjis >= gb + 20) encoding = 'shift_jis';
        else {
          const asGb = iconvLite().decode(whole, 'gb18030');
          encoding = asGb.includes('\ufffd') && gb < 50 ? 'latin1' : 'gb18030';
          if (encoding === 'gb18030') text = asGb;
        }
        text ??= iconvLite().decode(whole, encoding);
      }
    }
  }
  if (text!.includes('\r')) text = text!.replace(/\r\n?/g, '\n');
  return { text: text!, encoding };
}
