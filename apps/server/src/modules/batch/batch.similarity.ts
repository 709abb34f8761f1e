import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { BatchWarningCode, SIMILARITY, type BatchWarning } from '@mazhu/contracts';

/**
 * Near-duplicate checks of a batch (需注意 items), against the other rows and the user's earlier projects.
 * Thresholds are `SIMILARITY` in the contracts (names: bigram Dice ≥ 0.8; 主要功能: Jaccard of 3-character
 * shingles ≥ 0.5; code: same archive bytes, or ≥ 50 % of the printed code files identical).
 */

/** One software to compare: a row of the batch (`rowNo`) or an earlier project (`projectId`). */
export interface Candidate {
  rowNo?: number;
  projectId?: number;
  name: string;
  version: string;
  mainFunctions?: string;
  /** SHA-256 of the code archive. */
  archive?: string;
  /** SHA-1 of each printed code file's text. */
  files?: string[];
}

const REASONS: Record<BatchWarning['code'], string> = {
  SAME_NAME:
    '中国版权保护中心将“同一软件换名称或版本号重复登记”列为非正常申请：同名软件会被要求说明或直接不予登记。如果确是不同的软件，请使用能区分它们的名称。',
  SIMILAR_NAME: '名称高度相似的软件在审查中会被比对；如果是同一软件的不同版本，应按“修改”登记并填写原登记号，而不是作为新软件申请。',
  SIMILAR_FUNCTIONS:
    '主要功能说明高度相似，会被视为模板代写或同一软件重复申请（2026 年重点打击的非正常申请），可能被要求补正或不予登记。请按每个软件的真实功能分别撰写。',
  SAME_ARCHIVE: '两个软件使用了同一份代码压缩包，源程序鉴别材料将完全相同，属于同一软件重复登记，审查会不予登记。',
  SAME_PAGES: '两个软件的源程序文件大部分相同，打印出的源程序页面会重复出现，审查中会被认定为同一软件或材料不实。',
};

/** A name without spaces, punctuation and version marks: two names are "the same" only when these are equal. */
export function identityName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[vｖ]\s*\d+(\.\d+)*/g, '')
    .replace(/[\s\p{P}\p{S}]/gu, '');
}

const ENDING = /(软件|系统|平台|app|小程序)+$/u;

/** The name's stem: its identity without the ending 软件/系统/平台/APP/小程序 (what the similarity is measured on). */
export function normalizeName(name: string): string {
  return identityName(name).replace(ENDING, '');
}

const bigrams = (s: string): Map<string, number> => {
  const m = new Map<string, number>();
  const cs = [...s];
  for (let i = 0; i < cs.length - 1; i++) {
    const g = cs[i]! + cs[i + 1]!;
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
};

interface PreparedName {
  norm: string;
  grams: Map<string, number>;
  count: number;
}
const prepareName = (name: string): PreparedName => {
  const norm = normalizeName(name);
  return { norm, grams: bigrams(norm), count: Math.max(1, [...norm].length - 1) };
};

function dice(x: PreparedName, y: PreparedName): number {
  if (!x.norm || !y.norm) return 0;
  if (x.norm === y.norm) return 1;
  let shared = 0;
  for (const [g, n] of x.grams) shared += Math.min(n, y.grams.get(g) ?? 0);
  return (2 * shared) / (x.count + y.count);
}

/** Sørensen–Dice similarity of character bigrams of the normalised names, 0–1. */
export const nameSimilarity = (a: string, b: string): number => dice(prepareName(a), prepareName(b));

/** The set of k-character shingles of a text, without spaces and punctuation. */
export function shingles(text: string, k: number = SIMILARITY.shingle): Set<string> {
  const cs = [...text.replace(/[\s\p{P}\p{S}]/gu, '')];
  const out = new Set<string>();
  for (let i = 0; i + k <= cs.length; i++) out.add(cs.slice(i, i + k).join(''));
  return out;
}

/** Jaccard similarity of two shingle sets, 0–1. */
export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, big] = a.size < b.size ? [a, b] : [b, a];
  let inter = 0;
  for (const s of small) if (big.has(s)) inter++;
  return inter / (a.size + b.size - inter);
}

const who = (c: Candidate) => (c.rowNo !== undefined ? `第 ${c.rowNo} 行「${c.name} ${c.version}」` : `您之前的项目「${c.name} ${c.version}」`);
const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * The 需注意 items of every batch row (keyed by rowNo). Each pair of batch rows is reported on both rows; an
 * earlier project only on the row. Texts: what was found, the similarity where measured, and CPCC's reason.
 * Shingle overlaps are counted through an inverted index, yielding to the event loop between rows, so a
 * 500-row batch does not hold up other requests.
 */
export async function findWarnings(rows: Candidate[], earlier: Candidate[]): Promise<Map<number, BatchWarning[]>> {
  const out = new Map<number, BatchWarning[]>();
  const add = (row: Candidate, w: Omit<BatchWarning, 'reason'>) => {
    if (row.rowNo === undefined) return;
    const list = out.get(row.rowNo) ?? [];
    if (!list.some((x) => x.code === w.code && x.other.rowNo === w.other.rowNo && x.other.projectId === w.other.projectId)) list.push({ ...w, reason: REASONS[w.code] });
    out.set(row.rowNo, list);
  };
  const ref = (c: Candidate) => ({ ...(c.rowNo !== undefined ? { rowNo: c.rowNo } : {}), ...(c.projectId !== undefined ? { projectId: c.projectId } : {}), name: `${c.name} ${c.version}` });
  const all = [...rows, ...earlier];
  const names = all.map((c) => prepareName(c.name));
  const fileSets = all.map((c) => (c.files?.length ? new Set(c.files) : undefined));

  // Names and code: pairwise, cheap.
  for (let i = 0; i < rows.length; i++) {
    const a = rows[i]!;
    for (let j = 0; j < all.length; j++) {
      const b = all[j]!;
      if (j <= i && j < rows.length) continue; // each batch pair once; b may be an earlier project
      const report = (w: Omit<BatchWarning, 'reason' | 'other'>) => {
        add(a, { ...w, other: ref(b) });
        add(b, { ...w, other: ref(a), message: w.message.replace(who(b), who(a)) });
      };
      const sim = dice(names[i]!, names[j]!);
      if (sim === 1 && identityName(a.name) === identityName(b.name)) {
        report({ code: BatchWarningCode.SameName, message: `与${who(b)}名称相同${a.version === b.version ? '' : '（仅版本号不同）'}` });
      } else if (sim === 1) {
        const ending = (n: string) => ENDING.exec(identityName(n))?.[0] ?? '无结尾';
        report({ code: BatchWarningCode.SimilarName, message: `与${who(b)}名称只有结尾不同（“${ending(a.name)}”与“${ending(b.name)}”），属于名称高度相似`, similarity: sim });
      } else if (sim >= SIMILARITY.name) report({ code: BatchWarningCode.SimilarName, message: `与${who(b)}名称高度相似（相似度 ${pct(sim)}）`, similarity: sim });
      if (a.archive && a.archive === b.archive) report({ code: BatchWarningCode.SameArchive, message: `与${who(b)}上传的是同一份代码压缩包` });
      else if (fileSets[i] && fileSets[j]) {
        const A = fileSets[i]!;
        const B = fileSets[j]!;
        let shared = 0;
        for (const f of B) if (A.has(f)) shared++;
        const ratio = shared / Math.min(A.size, B.size);
        if (ratio >= SIMILARITY.codeFiles) report({ code: BatchWarningCode.SamePages, message: `与${who(b)}的源程序文件有 ${pct(ratio)} 相同`, similarity: ratio });
      }
    }
    if (i % 50 === 49) await yieldToLoop();
  }

  // 主要功能: shingle sets, candidate pairs through an inverted index.
  const sets = all.map((c) => (c.mainFunctions ? shingles(c.mainFunctions) : new Set<string>()));
  const plain = all.map((c) => (c.mainFunctions ?? '').replace(/[\s\p{P}\p{S}]/gu, ''));
  const index = new Map<string, number[]>();
  sets.forEach((s, k) => {
    for (const g of s) {
      const l = index.get(g);
      if (l) l.push(k);
      else index.set(g, [k]);
    }
  });
  for (let i = 0; i < rows.length; i++) {
    const si = sets[i]!;
    if (si.size === 0) continue;
    const counts = new Map<number, number>();
    for (const g of si) for (const k of index.get(g)!) if (k > i) counts.set(k, (counts.get(k) ?? 0) + 1);
    for (const [k, inter] of counts) {
      const sim = inter / (si.size + sets[k]!.size - inter);
      if (sim < SIMILARITY.functions) continue;
      const b = all[k]!;
      const a = rows[i]!;
      // Identical wording (punctuation and spaces aside) is said as such; otherwise the measured similarity.
      const how = plain[i] === plain[k] ? '完全相同' : `高度相似（相似度 ${pct(sim)}）`;
      add(a, { code: BatchWarningCode.SimilarFunctions, message: `“软件的主要功能”与${who(b)}${how}`, other: ref(b), similarity: sim });
      add(b, { code: BatchWarningCode.SimilarFunctions, message: `“软件的主要功能”与${who(a)}${how}`, other: ref(a), similarity: sim });
    }
    if (i % 20 === 19) await yieldToLoop();
  }
  return out;
}
