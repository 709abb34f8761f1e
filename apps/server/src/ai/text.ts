/**
 * Small text helpers of the AI writer. Lengths are counted in characters (Unicode code points), the unit of zod 4's
 * `.min()/.max()` on strings; a Chinese character counts 1 (an emoji too, unlike `string.length`).
 */

const SENTENCE_END = /[。！？；!?;]/;
const CLAUSE_END = /[，、,：:]/;

/** Length in characters (code points), as zod counts it. */
export function cpLen(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) n++;
  }
  return n;
}

/** Characters that are not whitespace: what a reader would call the length of a Chinese text. */
export function visibleLength(s: string): number {
  return cpLen(s.replace(/\s+/g, ''));
}

/**
 * Cuts `s` to at most `max` characters at a sentence boundary (。！？；), else at a clause boundary
 * (，、：, which is replaced by 。), else hard at `max` (ending in 。 when there is room). Never returns more than `max`.
 */
export function trimToLength(s: string, max: number): string {
  const t = s.trim();
  if (cpLen(t) <= max) return t;
  const head = [...t].slice(0, max);
  for (let i = head.length - 1; i >= Math.floor(max * 0.4); i--) {
    if (SENTENCE_END.test(head[i])) return head.slice(0, i + 1).join('').trim();
  }
  for (let i = head.length - 2; i >= Math.floor(max * 0.4); i--) {
    if (CLAUSE_END.test(head[i])) return (head.slice(0, i).join('') + '。').trim();
  }
  const joined = head.join('');
  return isCjk(joined) ? head.slice(0, max - 1).join('') + '。' : joined.trim();
}

/** Cuts a short label (module name, operation, environment item) to `max` without adding punctuation. */
export function clip(s: string, max: number): string {
  const t = s.trim();
  return cpLen(t) <= max ? t : [...t].slice(0, max).join('').trim();
}

/** True when the text contains CJK ideographs. */
export function isCjk(s: string): boolean {
  return /[\u3400-\u9fff]/.test(s);
}

/**
 * Normalises a Chinese text written by a user or a model: collapses spaces, turns half-width punctuation between
 * CJK characters into full-width, removes repeated punctuation and repeated sentences, and ends it with 。.
 */
export function normalizeChinese(s: string): string {
  let t = s.replace(/\r\n?/g, '\n').replace(/[ \t\u3000]+/g, ' ');
  t = t.replace(/([\u3400-\u9fff）》」])\s*,\s*/g, '$1，');
  t = t.replace(/([\u3400-\u9fff）》」])\s*\.\s*(?=[\u3400-\u9fff（《「]|$)/gm, '$1。');
  t = t.replace(/([\u3400-\u9fff])\s*;\s*/g, '$1；');
  t = t.replace(/([\u3400-\u9fff])\s*:\s*/g, '$1：');
  t = t.replace(/([\u3400-\u9fff])\s*\?\s*/g, '$1？');
  t = t.replace(/([\u3400-\u9fff])\s*!\s*/g, '$1！');
  t = t.replace(/([\u3400-\u9fff])\s*\(\s*/g, '$1（').replace(/\s*\)\s*(?=[\u3400-\u9fff，。])/g, '）');
  t = t.replace(/([\u3400-\u9fff，。；：、]) (?=[\u3400-\u9fff，。；：、])/g, '$1');
  t = t.replace(/([，。；：、！？])[，。；：、！？]+/g, '$1');
  t = t
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('');
  t = dedupeSentences(t);
  if (t && !/[。！？.!?]$/.test(t)) t = t.replace(/[，、；：,;:]$/, '') + '。';
  return t;
}

/** Splits a Chinese text into sentences, keeping each sentence's end mark. */
export function sentences(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (const ch of s) {
    cur += ch;
    if (/[。！？!?；;\n]/.test(ch)) {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
    }
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** Removes sentences that repeat an earlier one (compared without punctuation and spaces). */
export function dedupeSentences(s: string): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const sen of sentences(s)) {
    const key = sen.replace(/[\s，。；：、！？,.;:!?]/g, '');
    if (!key || seen.has(key)) continue;
    seen.add(key);
    kept.push(sen);
  }
  return kept.join('');
}

/** Joins items with 、 and the last with 和 (或 with `or`), e.g. ["A","B","C"] → "A、B和C". */
export function joinCn(items: readonly string[], last = '和'): string {
  if (items.length <= 1) return items.join('');
  return items.slice(0, -1).join('、') + last + items[items.length - 1];
}

/** Joins items with a separator while the result stays within `max` characters (whole items only). */
export function joinWithin(items: readonly string[], sep: string, max: number): string {
  let out = '';
  for (const it of items) {
    const next = out ? out + sep + it : it;
    if (cpLen(next) > max) break;
    out = next;
  }
  return out;
}

/** Unique items, first occurrence kept, empty items dropped. */
export function uniq<T>(items: Iterable<T>, key: (t: T) => string = (t) => String(t)): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const it of items) {
    const k = key(it);
    if (!k || seen.has(k)) continue;
    seen.add(k);
    out.push(it);
  }
  return out;
}

/** FNV-1a 32-bit hash: a stable seed for choosing among equivalent phrasings. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Picks one of `options` by `seed` (deterministic). */
export function pick<T>(options: readonly T[], seed: number): T {
  const n = options.length;
  return options[(((seed | 0) % n) + n) % n];
}

/**
 * Empty marketing words that reviewers read as template text (cpcc-materials.md: avoid 赋能, 一站式, 旨在,
 * 智能化…; manuals rejected as 「太制式」), each with a plain replacement ('' = dropped).
 */
export const MARKETING_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/赋能/g, '支持'],
  [/一站式/g, ''],
  [/旨在/g, '用于'],
  [/智能化/g, '自动'],
  [/全方位(的)?/g, ''],
  [/全流程/g, ''],
  [/助力/g, '帮助'],
  [/打造/g, '建设'],
  [/极致(的)?/g, ''],
  [/行业领先(的)?|业界领先(的)?/g, ''],
  [/高效便捷(的)?|便捷高效(的)?/g, ''],
  [/无缝(的)?/g, ''],
  [/颠覆(性的?)?/g, ''],
];

/**
 * Drops empty marketing words and tautologies ("公告管理模块提供公告管理相关功能。", "X模块用于X相关业务") from a
 * Chinese text; the rest is kept as written.
 */
export function plainWords(text: string): string {
  let t = text;
  for (const [re, to] of MARKETING_WORDS) t = t.replace(re, to);
  // "<名称>(模块)(提供|用于|负责)<名称的核心>相关(的)?(功能|业务|操作)" says nothing.
  t = t.replace(/([\u4e00-\u9fff]{2,10}?)(管理)?(模块)?[，,]?(提供|用于|负责|实现)(了)?\1(管理)?相关(的)?(功能|业务|操作|服务)[。；;]?/gu, '');
  return t.replace(/，，+/g, '，').replace(/^[，。；\s]+/, '').trim();
}

/** True when a text is a tautology or empty after `plainWords`. */
export function saysNothing(text: string): boolean {
  return plainWords(text).replace(/[。，；\s]/g, '').length === 0;
}
