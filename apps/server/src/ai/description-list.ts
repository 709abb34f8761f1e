/**
 * The functions a user's description lists, item by item: the modules the user named. Three ways people write a
 * list are read, in this order of preference:
 * - numbered items: "1. 会议室管理 2. 预约申请", "1、…；2、…", "（1）…（2）…", "一、…二、…", "①…②…";
 * - one item per line (at least 3 lines; bullets "-", "•", "·" dropped; a heading line ending with "：" skipped);
 * - items separated by 、，,；; after a cue that announces functions ("包括", "提供", "支持", "主要功能：" …),
 *   at least 3 of them; a list after "面向", "适用于" names users or industries, not functions, and is not read.
 * An item "名称：说明" gives the name and keeps the explanation as `detail`.
 */

export interface ListedItem {
  /** The function as the user named it, without lead words and endings such as "等功能". */
  name: string;
  /** What the user wrote after "：" (or the whole item when its name was taken from a longer sentence). */
  detail: string;
  /** The item as written. */
  raw: string;
}

export interface DescriptionList {
  items: ListedItem[];
  /** The description without the list (what is left for the phrase reader). */
  rest: string;
}

const NAME_MAX = 16;
const LEAD = /^(?:本软件|该软件|本系统|该系统|本平台|该平台|软件|系统|平台|主要|功能|模块)*(?:主要)?(?:包括|包含|提供|支持|具备|具有|实现|涵盖|分为|有|含)?[：:]?\s*/u;
const TAIL = /(?:等(?:多项|多个|几个)?(?:功能模块|功能|模块|服务)?|功能模块|功能|模块)$/u;
const AUDIENCE = /(面向|适用于|适合|服务于|用户为|对象为|用户包括|客户包括)/u;
const CN_NUM = '一二三四五六七八九十';

function clean(raw: string): ListedItem | undefined {
  let s = raw.replace(/\s+/g, ' ').trim().replace(/^[-*•·]\s*/u, '').replace(/[。；;，,、.．\s]+$/u, '');
  const colon = /^([^：:]{2,20})[：:](.+)$/u.exec(s);
  let detail = '';
  if (colon) {
    s = colon[1]!.trim();
    detail = colon[2]!.trim();
  }
  const name = s.replace(LEAD, '').replace(TAIL, '').replace(/^(?:和|及|与|以及|或)/u, '').trim();
  if ([...name].length < 2 || !/[\u3400-\u9fff]/u.test(name)) return undefined;
  if ([...name].length > NAME_MAX) {
    // A sentence rather than a name: its first clause names the function, the whole stays as the explanation.
    const first = name.split(/[，,；;（(]/u)[0]!.trim();
    if ([...first].length < 2 || [...first].length > NAME_MAX) return undefined;
    return { name: first, detail: detail || name, raw };
  }
  return { name, detail, raw };
}

const numberOf = (m: string): number => {
  const d = /\d+/.exec(m)?.[0];
  if (d) return Number(d);
  const c = /[①-⑳]/u.exec(m)?.[0];
  if (c) return c.charCodeAt(0) - 0x2460 + 1;
  const cn = /[一二三四五六七八九十]+/u.exec(m)?.[0] ?? '';
  if (cn === '十') return 10;
  if (cn.startsWith('十')) return 10 + CN_NUM.indexOf(cn[1]!) + 1;
  return CN_NUM.indexOf(cn[0]!) + 1;
};

/** "1. a 2. b 3. c" and its variants: the items between consecutive markers 1, 2, 3 … */
function numbered(text: string): { items: ListedItem[]; start: number; end: number } | undefined {
  const marker = /(?:(?:^|(?<=[\s。；;，,：:！？!?]))(?:[（(](\d{1,2}|[一二三四五六七八九十]{1,2})[)）]|(\d{1,2})[.．、)）](?!\d)|([一二三四五六七八九十]{1,2})[、.．])|([①-⑳]))/gu;
  const found = [...text.matchAll(marker)];
  // The longest run counting 1, 2, 3 … in one marker family.
  let best: RegExpMatchArray[] = [];
  for (let i = 0; i < found.length; i++) {
    if (numberOf(found[i]![0]) !== 1) continue;
    const family = (m: RegExpMatchArray) => [1, 2, 3, 4].find((g) => m[g] !== undefined);
    const run = [found[i]!];
    for (let j = i + 1; j < found.length; j++) {
      const m = found[j]!;
      if (family(m) === family(found[i]!) && numberOf(m[0]) === run.length + 1) run.push(m);
    }
    if (run.length > best.length) best = run;
  }
  if (best.length < 2) return undefined;
  const items: ListedItem[] = [];
  let end = text.length;
  for (let k = 0; k < best.length; k++) {
    const from = best[k]!.index! + best[k]![0].length;
    let to = k + 1 < best.length ? best[k + 1]!.index! : text.length;
    if (k + 1 === best.length) {
      // The last item ends with its sentence or line.
      const stop = /[。！？!?\n]/u.exec(text.slice(from));
      if (stop) to = from + stop.index;
      end = to;
    }
    const it = clean(text.slice(from, to));
    if (it) items.push(it);
  }
  return items.length >= 2 ? { items, start: best[0]!.index!, end } : undefined;
}

/** One item per line: at least 3 short lines of one kind (all bulleted or none); a heading line "功能模块：" is skipped. */
function lines(text: string): { items: ListedItem[]; start: number; end: number } | undefined {
  let at = 0;
  let run: { items: ListedItem[]; start: number; end: number; bulleted: boolean } | undefined;
  let best: typeof run;
  for (const line of text.split('\n')) {
    const t = line.trim();
    const bulleted = /^[-*•·]/u.test(t);
    const it = t && !/[：:]$/u.test(t) && !/[。！？!?].+/u.test(t) && [...t].length <= 40 ? clean(t) : undefined;
    if (it && run && run.bulleted === bulleted) run = { ...run, items: [...run.items, it], end: at + line.length };
    else run = it ? { items: [it], start: at, end: at + line.length, bulleted } : undefined;
    if (run && (!best || run.items.length > best.items.length)) best = run;
    at += line.length + 1;
  }
  return best && best.items.length >= 3 ? best : undefined;
}

/** Lists after a cue word inside one sentence: "包括会议室登记、预约、审批". */
function separated(text: string): { items: ListedItem[]; spans: Array<[number, number]> } {
  const items: ListedItem[] = [];
  const spans: Array<[number, number]> = [];
  for (const m of text.matchAll(/[^。！？!?\n]+/gu)) {
    const sentence = m[0];
    // The list starts after the first cue word; what comes before it (e.g. "面向企业、学校") is not read.
    const cue = /(包括|包含|提供|支持|具备|具有|实现|涵盖|分为|功能[有为是]?[：:]|模块[有为是]?[：:]|[：:])/u.exec(sentence);
    if (!cue) continue;
    const after = sentence.slice(cue.index + cue[0].length);
    if (AUDIENCE.test(after.slice(0, 4))) continue;
    const raw = after.split(/[、，,；;]/u);
    if (raw.length < 2) continue;
    // "签到和统计" at the end: the last conjunction separates two items.
    const lastSplit = raw[raw.length - 1]!.split(/(?:以及|和|及|与)/u);
    if (lastSplit.length === 2 && lastSplit.every((x) => [...x.replace(TAIL, '').trim()].length >= 2)) raw.splice(raw.length - 1, 1, ...lastSplit);
    const got = raw.map(clean);
    if (got.filter(Boolean).length < 3 || got.some((x) => !x || [...x.name].length > 12)) continue;
    items.push(...(got as ListedItem[]));
    spans.push([m.index!, m.index! + sentence.length]);
  }
  return { items, spans };
}

const uniqueByName = (items: ListedItem[]) => items.filter((x, i) => items.findIndex((y) => y.name === x.name) === i);

/** The list of functions a description names (empty when it names none as a list). */
export function listedItems(description: string): DescriptionList {
  const text = description.replace(/\r\n?/g, '\n');
  const n = numbered(text) ?? lines(text);
  if (n) return { items: uniqueByName(n.items), rest: text.slice(0, n.start) + text.slice(n.end) };
  const s = separated(text);
  if (!s.items.length) return { items: [], rest: text };
  let rest = text;
  for (const [a, b] of [...s.spans].reverse()) rest = rest.slice(0, a) + rest.slice(b);
  return { items: uniqueByName(s.items), rest };
}
