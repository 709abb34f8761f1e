import { DocgenError } from '../errors';
import { A4 } from '../render/layout';
import { readPdfLight, type PdfTextRun } from './pdf-read';

/** One page as read back from a PDF. */
export interface PdfPageReport {
  /** 1-based physical page index. */
  index: number;
  width: number;
  height: number;
  /** Header text without the page number, whitespace removed. */
  header: string;
  /** The number printed at the top right, or null. */
  pageNumber: number | null;
  /** Text lines below the header (distinct baselines with visible text). */
  lines: number;
  /** Of those, rows whose leftmost text starts with "↪": continuations of the line above (source code), not lines. */
  continued: number;
  /** True when the page carries an image (figure pages are exempt from the 30-line rule). */
  hasImage: boolean;
  /** Right edge of the rightmost text, in points from the left. */
  maxRight: number;
  /** Glyphs drawn as .notdef (an empty box): characters the font used has no glyph for (text layer U+0000). */
  emptyGlyphs: number;
  /** Glyphs printed as the replacement character � because no font had the character (text layer U+FFFD). */
  replacedGlyphs: number;
}

/**
 * One check. Its level is 未通过 when `ok` is false, 需注意 when `warning` is set, else 通过 (see
 * `levelOf`). `code` is stable (e.g. COVERAGE_DOC_TO_CODE); `evidence` lists places (file:line,
 * file#symbol) or facts the item rests on.
 */
export interface VerifyItem {
  ok: boolean;
  title: string;
  detail: string;
  /** A warning (需注意): does not block the filing but is never shown as passed. */
  warning?: boolean;
  code?: string;
  evidence?: string[];
}

/** The three levels of the check report: error = 未通过 (blocks a clean filing), warning = 需注意, info = 通过. */
export type CheckLevel = 'error' | 'warning' | 'info';
export const CHECK_LEVEL_LABELS: Record<CheckLevel, string> = { error: '未通过', warning: '需注意', info: '通过' };
export function levelOf(i: Pick<VerifyItem, 'ok' | 'warning'>): CheckLevel {
  return !i.ok ? 'error' : i.warning ? 'warning' : 'info';
}

export interface VerifyReport {
  ok: boolean;
  items: VerifyItem[];
  pages: PdfPageReport[];
}

export interface PdfExpectations {
  /** What the document is, for the Chinese titles: 源程序 or 操作手册. */
  label?: string;
  /** Expected header text ("软件全称 版本号"); compared without whitespace. */
  header?: string;
  /** Exact number of pages expected (the plan). */
  pages?: number;
  /** Lines planned for each page (the plan); when given each page must match exactly. */
  plannedLines?: number[];
  /** Every page except the last must carry at least this many lines (code 50, documents 30). */
  minLinesPerPage?: number;
  /** Pages (1-based physical) exempt from the line minimum: cover, contents, figure pages. */
  exemptPages?: number[];
  /** First printed page number (default 1); pages before `numberedFrom` carry no number (a cover). */
  numberedFrom?: number;
  /** Maximum pages allowed (default 60: 登记办法 第十条). */
  maxPages?: number;
  /** Points from the top of the page below which text is body text (default 62). */
  headerZone?: number;
  /** Detect figures (slower: reads every page's operators). Default false. */
  detectImages?: boolean;
}

interface TextItem {
  str: string;
  transform: number[];
  width?: number;
}

/** A character other than white space (what String.prototype.trim keeps). */
const VISIBLE = /\S/;
/** U+0000 or U+FFFD. */
const MARKED = /[\0\ufffd]/;

/** How many times the character `ch` occurs in `s`. */
function occurrences(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i >= 0; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

/**
 * One page's report from its printed text runs: runs are grouped into rows by baseline (within 2 pt); rows in the
 * top `headerZone` points are the header, whose rightmost run, when it starts right of the page's middle and ends
 * in digits, carries the page number; every other row with visible text is a body line.
 */
function pageReport(index: number, view: number[], runs: PdfTextRun[], hasImage: boolean, headerZone: number): PdfPageReport {
  const [x0, y0, x1, y1] = view;
  const width = x1 - x0;
  const height = y1 - y0;
  // One pass over the runs: the visible ones, whether they already run top to bottom, the rightmost edge, the glyphs
  // drawn as .notdef (pdfkit maps glyph 0 to U+0000 in the ToUnicode map) or as the stand-in U+FFFD.
  const items: PdfTextRun[] = [];
  let ordered = true;
  let maxRight = 0;
  let emptyGlyphs = 0;
  let replacedGlyphs = 0;
  for (let i = 0; i < runs.length; i++) {
    const it = runs[i];
    if (!VISIBLE.test(it.str)) continue;
    // `<=` agrees with the sort's comparator (b.y − a.y), which takes two equal infinities as equal.
    if (ordered && items.length > 0) ordered = it.y <= items[items.length - 1].y;
    items.push(it);
    maxRight = Math.max(maxRight, it.right);
    if (MARKED.test(it.str)) {
      emptyGlyphs += occurrences(it.str, '\u0000');
      replacedGlyphs += occurrences(it.str, '\ufffd');
    }
  }
  // Rows top to bottom (a stable sort leaves a list already in that order as it is): a run within 2 pt of a row's
  // first baseline joins it. Rows in the header zone keep their runs; any other row is a body line.
  const sorted = ordered ? items : [...items].sort((a, b) => b.y - a.y);
  const headerRows: PdfTextRun[][] = [];
  let lines = 0;
  let continued = 0;
  // The leftmost run of the current body row.
  let left: PdfTextRun | undefined;
  const endBody = () => {
    if (left && left.str.trimStart().startsWith('↪')) continued++;
    left = undefined;
  };
  let rowY = 0;
  let row: PdfTextRun[] | undefined;
  for (let i = 0; i < sorted.length; i++) {
    const it = sorted[i];
    if (i > 0 && Math.abs(rowY - it.y) < 2) {
      if (row) row.push(it);
      else if (left && it.x < left.x) left = it;
      continue;
    }
    endBody();
    rowY = it.y;
    if (y1 - rowY < headerZone) headerRows.push((row = [it]));
    else {
      row = undefined;
      left = it;
      lines++;
    }
  }
  endBody();
  let header = '';
  let pageNumber: number | null = null;
  for (const hr of headerRows) {
    const byX = hr.sort((a, b) => a.x - b.x);
    const lastItem = byX[byX.length - 1];
    const lastText = lastItem.str.trim();
    const m = /(\d+)$/.exec(lastText);
    if (m && lastItem.x > width / 2) {
      pageNumber = Number(m[1]);
      header += byX.slice(0, -1).map((t) => t.str).join('') + lastText.slice(0, -m[1].length);
    } else header += byX.map((t) => t.str).join('');
  }
  return { index, width, height, header: header.replace(/\s+/g, ''), pageNumber, lines, continued, hasImage, maxRight, emptyGlyphs, replacedGlyphs };
}

// eslint-disable-next-line @typescript-eslint/consistent-type-imports -- lazy import keeps pdfjs off the render path
let pdfjsPromise: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;

/**
 * Reads a PDF back and returns, per page, the header text, the top-right page number and the number of body lines
 * (distinct baselines that carry text). Reads with the light reader (pdf-read.ts: the file's own text operators,
 * fonts and widths) and, for a file it does not read, with pdfjs-dist (`readPdfPagesPdfjs`). Throws DocgenError
 * PDF_UNREADABLE when the bytes are not a PDF.
 */
export async function readPdfPages(pdf: Uint8Array, headerZone = 62, detectImages = false): Promise<PdfPageReport[]> {
  const light = readPdfLight(pdf);
  if (light) return light.map((p, i) => pageReport(i + 1, p.view, p.runs, detectImages && p.hasImage, headerZone));
  return readPdfPagesPdfjs(pdf, headerZone, detectImages);
}

/** readPdfPages with pdfjs-dist, a full PDF library: for files the light reader gives up on (and to compare with it). */
export async function readPdfPagesPdfjs(pdf: Uint8Array, headerZone = 62, detectImages = false): Promise<PdfPageReport[]> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdfjs = await pdfjsPromise;
  let doc;
  try {
    doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  } catch (e) {
    throw new DocgenError('PDF_UNREADABLE', `无法读取 PDF：${(e as Error).message}`);
  }
  const pages: PdfPageReport[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const tc = await page.getTextContent();
    const runs = (tc.items as TextItem[])
      .filter((it) => typeof it.str === 'string')
      .map((it) => ({ str: it.str, x: it.transform[4], y: it.transform[5], right: it.transform[4] + (it.width ?? 0) }));
    let hasImage = false;
    if (detectImages) try {
      const ops = await page.getOperatorList();
      hasImage = ops.fnArray.some((f: number) => f === pdfjs.OPS.paintImageXObject || f === pdfjs.OPS.paintInlineImageXObject);
    } catch {
      /* ignore */
    }
    pages.push(pageReport(i, page.view, runs, hasImage, headerZone));
    page.cleanup();
  }
  await doc.destroy();
  return pages;
}

const ranges = (nums: number[]): string => {
  if (nums.length === 0) return '';
  const out: string[] = [];
  let s = nums[0];
  let p = nums[0];
  for (const n of nums.slice(1).concat([NaN])) {
    if (n === p + 1) {
      p = n;
      continue;
    }
    out.push(s === p ? `${s}` : `${s}–${p}`);
    s = n;
    p = n;
  }
  return out.slice(0, 12).join('、') + (out.length > 12 ? ' 等' : '');
};

/**
 * The pre-submission check of one PDF (程序或文档鉴别材料): page count ≤ 60 (登记办法 第十条),
 * A4 portrait, the header "软件全称 版本号" on every page, page numbers top-right in sequence,
 * at least `minLinesPerPage` lines on every page but the last (program 50, document 30;
 * figure pages and `exemptPages` excepted), and — when the plan is given — printed pages
 * and lines equal to the planned ones. Returns Chinese pass/fail items; `ok` is their conjunction.
 */
export async function verifyPdf(pdf: Uint8Array, exp: PdfExpectations = {}): Promise<VerifyReport> {
  return judgePdfPages(await readPdfPages(pdf, exp.headerZone, exp.detectImages), exp);
}

/**
 * verifyPdf's checks on pages already read back from the PDF by readPdfPages (with the same `headerZone` and
 * `detectImages`) — by another thread, say, right after it printed the file.
 */
export function judgePdfPages(pages: PdfPageReport[], exp: PdfExpectations = {}): VerifyReport {
  const label = exp.label ?? '材料';
  const items: VerifyItem[] = [];
  const maxPages = exp.maxPages ?? 60;
  items.push({
    ok: pages.length > 0 && pages.length <= maxPages && (exp.pages === undefined || exp.pages === pages.length),
    title: `${label}页数`,
    detail: `共 ${pages.length} 页` + (exp.pages !== undefined ? `，计划 ${exp.pages} 页` : '') + `（不超过 ${maxPages} 页）`,
  });
  const notA4 = pages.filter((p) => Math.abs(p.width - A4.width) > 2 || Math.abs(p.height - A4.height) > 2).map((p) => p.index);
  items.push({ ok: notA4.length === 0, title: `${label}纸张`, detail: notA4.length ? `第 ${ranges(notA4)} 页不是 A4 纵向` : '全部为 A4 纵向' });
  const overflow = pages.filter((p) => p.maxRight > p.width - 10).map((p) => p.index);
  items.push({ ok: overflow.length === 0, title: `${label}版心`, detail: overflow.length ? `第 ${ranges(overflow)} 页有文字超出页面右边缘` : '所有文字都在页面内，没有被截断' });
  const empty = pages.filter((p) => p.emptyGlyphs > 0);
  const replaced = pages.filter((p) => p.replacedGlyphs > 0);
  const sum = (ps: PdfPageReport[], k: 'emptyGlyphs' | 'replacedGlyphs') => ps.reduce((a, p) => a + p[k], 0);
  items.push({
    ok: empty.length === 0,
    ...(empty.length === 0 && replaced.length ? { warning: true } : {}),
    code: 'GLYPHS',
    title: `${label}字形`,
    detail: empty.length
      ? `第 ${ranges(empty.map((p) => p.index))} 页有 ${sum(empty, 'emptyGlyphs')} 个字符没有字形，印出来是空框`
      : replaced.length
        ? `第 ${ranges(replaced.map((p) => p.index))} 页有 ${sum(replaced, 'replacedGlyphs')} 个字符任何字体都没有字形，已印成“�”`
        : '每个字符都有字形（中文字体缺少的符号由随产品安装的符号字体印出），没有空框',
  });
  const from = exp.numberedFrom ?? 1;
  if (exp.header !== undefined) {
    const want = exp.header.replace(/\s+/g, '');
    const bad = pages.filter((p) => p.index >= from && p.header !== want).map((p) => p.index);
    items.push({
      ok: bad.length === 0,
      title: `${label}页眉`,
      detail: bad.length ? `第 ${ranges(bad)} 页页眉与“${exp.header}”不一致（读到“${pages[bad[0] - 1].header}”）` : `每页页眉均为“${exp.header}”`,
    });
  }
  const badNum = pages.filter((p) => p.index >= from && p.pageNumber !== p.index - from + 1).map((p) => p.index);
  items.push({
    ok: badNum.length === 0,
    title: `${label}页码`,
    detail: badNum.length
      ? `第 ${ranges(badNum)} 页右上角页码不连续（读到 ${pages[badNum[0] - 1].pageNumber ?? '无'}）`
      : `右上角页码为 1–${pages.length - from + 1}，连续`,
  });
  if (exp.minLinesPerPage !== undefined) {
    const exempt = new Set(exp.exemptPages ?? []);
    const short = pages
      .filter((p, i) => i < pages.length - 1 && !exempt.has(p.index) && !p.hasImage && p.lines - p.continued < exp.minLinesPerPage!)
      .map((p) => p.index);
    const whole = (p: PdfPageReport | undefined) => (p ? p.lines - p.continued : 0);
    const rows = pages.reduce((a, p) => a + p.continued, 0);
    items.push({
      ok: short.length === 0,
      title: `${label}每页行数`,
      detail: short.length
        ? `第 ${ranges(short)} 页不足 ${exp.minLinesPerPage} 行（如第 ${short[0]} 页仅 ${whole(pages[short[0] - 1])} 行）`
        : `除末页外每页不少于 ${exp.minLinesPerPage} 行（末页 ${whole(pages[pages.length - 1])} 行）` + (rows ? `；另有 ${rows} 行是上一行的续行（以“↪”标出，不计入行数）` : ''),
    });
  }
  if (exp.plannedLines) {
    const diff = pages.filter((p, i) => exp.plannedLines![i] !== p.lines).map((p) => p.index);
    const countOk = exp.plannedLines.length === pages.length;
    items.push({
      ok: diff.length === 0 && countOk,
      title: `${label}打印页与计划一致`,
      detail:
        !countOk
          ? `打印出 ${pages.length} 页，计划 ${exp.plannedLines.length} 页`
          : diff.length
            ? `第 ${ranges(diff)} 页行数与计划不符（第 ${diff[0]} 页打印 ${pages[diff[0] - 1].lines} 行，计划 ${exp.plannedLines[diff[0] - 1]} 行）`
            : `${pages.length} 页逐页行数与计划一致`,
    });
  }
  return { ok: items.every((i) => i.ok), items, pages };
}
