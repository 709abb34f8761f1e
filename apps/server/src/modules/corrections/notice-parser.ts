import { isCalendarDate, type DocumentKind, type ItemFix, type NoticeItem, type ParsedNotice } from '@mazhu/contracts';
import { NOTICE_RULES, type NoticeRule } from './notice-rules.data';

/**
 * Reads a correction notice (补正通知书): normalises the text (OCR and PDF artefacts), splits it into its numbered
 * items, and matches each item against the rule table (notice-rules.data.ts). Pure: no I/O.
 * Every item is kept with its verbatim text; an item no rule matches is returned with `recognised: false`.
 */

const CJK = '\\u3000-\\u303f\\u3400-\\u4dbf\\u4e00-\\u9fff\\uff00-\\uffef';
const SPACE_NEAR_CJK = new RegExp(`(?<=[${CJK}])[ \\t\\u00a0]+|[ \\t\\u00a0]+(?=[${CJK}])`, 'g');

/**
 * Text as shown to the user: line ends unified, full-width digits folded to ASCII, spaces next to Chinese
 * characters removed (OCR puts a space between every character; PDF text layers often do too), runs of blank
 * lines collapsed. Chinese punctuation is kept.
 */
export function normaliseNotice(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\uff10-\uff19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(SPACE_NEAR_CJK, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Text for matching: NFKC (full-width forms folded), lower-case, every whitespace removed. */
export const matchKey = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

const CN_DIGITS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
function chineseNumber(s: string): number {
  if (s === '十') return 10;
  if (s.length === 1) return CN_DIGITS[s] ?? 0;
  if (s.startsWith('十')) return 10 + (CN_DIGITS[s[1]!] ?? 0);
  if (s.endsWith('十')) return (CN_DIGITS[s[0]!] ?? 0) * 10;
  return (CN_DIGITS[s[0]!] ?? 0) * 10 + (CN_DIGITS[s[2]!] ?? 0);
}

interface Marker {
  n: number;
  /** Where the marker starts and where the item text after it starts. */
  start: number;
  end: number;
}

/** A marker counts only at the start of the text, of a line, or after a sentence end or a colon. */
const BOUNDARY = '(?<=^|[\\n。；;！!？?：:）)\\s])';
const FAMILIES: { re: RegExp; num: (m: RegExpExecArray) => number }[] = [
  { re: new RegExp(`${BOUNDARY}[ \\t]*(\\d{1,2})[ \\t]*[、.．,，)）](?!\\d)`, 'g'), num: (m) => Number(m[1]) },
  { re: new RegExp(`${BOUNDARY}[ \\t]*[（(](\\d{1,2})[)）]`, 'g'), num: (m) => Number(m[1]) },
  { re: new RegExp(`${BOUNDARY}[ \\t]*(?:第)?([一二三四五六七八九十]{1,3})[ \\t]*(?:[、.．,，]|(?:条|项)[、.．:：，,]?)`, 'g'), num: (m) => chineseNumber(m[1]!) },
  { re: new RegExp(`${BOUNDARY}[ \\t]*([\\u2460-\\u2473])`, 'g'), num: (m) => m[1]!.charCodeAt(0) - 0x245f },
  { re: new RegExp(`${BOUNDARY}[ \\t]*[（(]([一二三四五六七八九十]{1,3})[)）]`, 'g'), num: (m) => chineseNumber(m[1]!) },
  { re: new RegExp(`${BOUNDARY}[ \\t]*第(\\d{1,2})(?:条|项)[、.．:：，,]?`, 'g'), num: (m) => Number(m[1]) },
];

/** The longest chain 1, 2, 3 … of markers of one family, in text order. */
function findChain(text: string): Marker[] {
  let best: Marker[] = [];
  for (const f of FAMILIES) {
    const all: Marker[] = [];
    f.re.lastIndex = 0;
    for (let m = f.re.exec(text); m; m = f.re.exec(text)) all.push({ n: f.num(m), start: m.index, end: m.index + m[0].length });
    const chain: Marker[] = [];
    for (const m of all) {
      const want = chain.length + 1;
      if (m.n === want && (chain.length === 0 || m.start >= chain[chain.length - 1]!.end)) chain.push(m);
    }
    if (chain.length > best.length) best = chain;
  }
  return best;
}

/** Sentences that close a notice rather than ask for a change (deadline reminder, signature, contact). */
const CLOSING = /^(请(?:于|在|自)?(?:收到|接到)?本?(?:通知|补正通知书?)?.{0,12}(?:之日起)?.{0,6}(?:30|三十)(?:日|天)内|逾期|特此通知|此致|联系(?:电话|人|方式)|如有疑问|审查员|中国版权保护中心|\d{4}年\d{1,2}月\d{1,2}日)/;

function splitClosing(last: string): { item: string; closing: string } {
  // Candidate cut points: the start of every sentence and line of the last item.
  const cuts = [...last.matchAll(/[。；;！!\n]\s*/g)].map((m) => m.index + m[0].length);
  for (const c of cuts) {
    const rest = last.slice(c).trim();
    if (rest && CLOSING.test(rest)) return { item: last.slice(0, c).trim(), closing: rest };
  }
  return { item: last.trim(), closing: '' };
}

const compiled = NOTICE_RULES.map((r) => ({
  rule: r,
  any: r.any.map((p) => new RegExp(p, 'i')),
  all: (r.all ?? []).map((p) => new RegExp(p, 'i')),
  none: (r.none ?? []).map((p) => new RegExp(p, 'i')),
}));

/** The rules an item's text matches, in table order. */
export function matchRules(text: string): NoticeRule[] {
  const key = matchKey(text);
  return compiled.filter((c) => c.any.some((re) => re.test(key)) && c.all.every((re) => re.test(key)) && !c.none.some((re) => re.test(key))).map((c) => c.rule);
}

/** A fresh (open) fix for a rule. */
export const fixOf = (r: NoticeRule): ItemFix => ({
  reason: r.reason,
  title: r.title,
  kind: r.kind,
  description: r.description,
  touches: [...r.touches],
  fields: [...r.fields],
  state: 'open',
});

/**
 * A stored fix as shown for a project whose document is `doc`: the title and description of the current rule
 * table, told for that document — a 设计说明书 or 使用说明 (software without a user interface) is never offered
 * screenshots or an 操作手册. The fix's state and recorded change are kept.
 */
export function describeFix(fix: ItemFix, doc: DocumentKind): ItemFix {
  const rule = NOTICE_RULES.find((r) => r.reason === fix.reason);
  if (!rule) return fix;
  const description = doc === '操作手册' ? rule.description : (rule.withoutUi ?? rule.description.replaceAll('操作手册', doc));
  return { ...fix, title: rule.title, description };
}

function itemOf(no: number, text: string): NoticeItem {
  const rules = matchRules(text);
  return { no, text, fixes: rules.map(fixOf), recognised: rules.length > 0 };
}

/** Dates written in the notice (2026年3月5日, 2026-03-05, 2026/3/5, 2026.3.5), as YYYY-MM-DD, in text order. */
export function findDates(text: string): string[] {
  const out: string[] = [];
  for (const m of text.normalize('NFKC').matchAll(/(20\d{2})\s*[年\-/.]\s*(\d{1,2})\s*[月\-/.]\s*(\d{1,2})\s*日?/g)) {
    const d = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
    if (isCalendarDate(d) && !out.includes(d)) out.push(d);
  }
  return out;
}

/** 申请流水号, e.g. 2026R11L1234567 (year, R11 form, L + number). */
export const findSerialNo = (text: string): string | undefined => /20\d{2}R\d{2}L\d{5,9}/i.exec(text.normalize('NFKC'))?.[0].toUpperCase();

/**
 * Splits a notice into items and matches them. Items are the numbered parts (1、 1. （1） 一、 （一） ① 第1条 …, the
 * longest consecutive chain from 1); a notice without numbering is split into its lines, or its sentences when it
 * is one line, a sentence no rule matches being joined to the item before it.
 */
export function parseNotice(raw: string): ParsedNotice {
  const text = normaliseNotice(raw);
  const chain = findChain(text);
  let preamble = '';
  let closing = '';
  let items: NoticeItem[];
  if (chain.length > 0) {
    preamble = text.slice(0, chain[0]!.start).trim();
    const parts = chain.map((m, i) => text.slice(m.end, i + 1 < chain.length ? chain[i + 1]!.start : text.length).trim());
    const last = splitClosing(parts[parts.length - 1]!);
    parts[parts.length - 1] = last.item;
    closing = last.closing;
    items = parts.map((t, i) => itemOf(i + 1, t));
  } else {
    const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
    const pieces = lines.length > 1 ? lines : (text.match(/[^。；;！!？?]+[。；;！!？?]?/g) ?? []).map((s) => s.trim()).filter(Boolean);
    if (pieces.length > 1 && /[:：]$/.test(pieces[0]!) && matchRules(pieces[0]!).length === 0) preamble = pieces.shift()!;
    const merged: string[] = [];
    for (const p of pieces) {
      if (CLOSING.test(p) && merged.length > 0) {
        closing = closing ? `${closing}\n${p}` : p;
        continue;
      }
      if (merged.length > 0 && matchRules(p).length === 0 && !closing) merged[merged.length - 1] += lines.length > 1 ? `\n${p}` : p;
      else merged.push(p);
    }
    items = merged.map((t, i) => itemOf(i + 1, t));
  }
  const recognised = items.filter((i) => i.recognised).length;
  const serialNo = findSerialNo(text);
  return { preamble, items, closing, dates: findDates(text), ...(serialNo ? { serialNo } : {}), recognised, unrecognised: items.length - recognised };
}
