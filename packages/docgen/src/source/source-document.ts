import { DocgenError } from '../errors';
import type { CodeFile } from '../intake/intake';
import { scanSource } from '../intake/lexer';
import { appendScrubReport, nextScrubTrigger, Scrubber, type ScrubReport } from './scrub';
import { chooseCodeFont, CODE_FONTS } from '../render/layout';
import { displayWidth, wrapByWidth } from '../render/width';
import { licenceBlocks, type LicenceBlock } from './licence';
import { validateName, validateVersion } from '../form/names';

/**
 * One printed row: its text and where it comes from (file index into `files`, 1-based line, wrap part). A row with
 * part > 0 continues the source line above: its text starts with CONTINUATION and it is never counted as a line.
 */
export interface PrintedLine {
  text: string;
  file: number;
  line: number;
  /** 0 for the first printed segment of a logical line, 1, 2 … for wrapped continuations. */
  part: number;
}

/** What a row continuing the source line above starts with (the verifier reads it back: such rows are not lines). */
export const CONTINUATION = '↪ ';
const CONTINUATION_WIDTH = 2;

export interface SourcePage {
  /** Printed page number (1 … N, N ≤ 60). */
  number: number;
  /** Page index in the whole paginated program (1-based); differs from `number` in the back block. */
  sourcePage: number;
  lines: PrintedLine[];
}

/** One whole source line printed on a page (a line continued on further rows is listed once). */
export interface ManifestLine {
  file: string;
  line: number;
}

/** JSON manifest: every printed line → file:line (written as manifest.json). */
export interface SourceManifest {
  name: string;
  version: string;
  /** Whole source lines per page (every page has this many but the last of a document under 60 pages). */
  linesPerPage: number;
  columns: number;
  /** Code font size in points. */
  fontSize: number;
  selection: 'all' | 'first-and-last-30';
  /**
   * Pages of the whole program at `linesPerPage` whole lines a page. Over 60 pages the first 30 are counted from the
   * start and the last 30 from the end, so page 60 is page `totalPages` of the whole program.
   */
  totalPages: number;
  printedPages: number;
  /** Whole source lines of the whole program that are printed (after blank, licence-block and author-line removal). */
  totalPrintedLines: number;
  /** Of those, the lines wider than `columns` (continued on further rows). */
  wrappedLines: number;
  /** Whole source lines on the printed pages. */
  printedLines: number;
  /** 源程序量: total lines of every admitted file, as counted at intake. */
  sourceLines: number;
  files: string[];
  /** Per printed page: its whole source lines, each once, and the rows it prints (lines + continuation rows). */
  pages: { page: number; sourcePage: number; rows: number; lines: ManifestLine[] }[];
}

export interface SourceCodeDocument {
  name: string;
  version: string;
  /** Header text, "软件全称 版本号" exactly as on the form. */
  header: string;
  /** Whole source lines per page. */
  linesPerPage: number;
  columns: number;
  /** Code font size in points (chooseCodeFont: at least 99 % of the lines fit one row when possible). */
  fontSize: number;
  selection: 'all' | 'first-and-last-30';
  totalPages: number;
  /** Whole source lines of the program (see SourceManifest.totalPrintedLines). */
  totalPrintedLines: number;
  /** Whole lines wider than `columns`. */
  wrappedLines: number;
  sourceLines: number;
  files: string[];
  pages: SourcePage[];
  manifest: SourceManifest;
  scrub: ScrubReport;
  /** Licence and copyright comment blocks removed from the printed code (file, lines, licence, holder); at most 2,000. */
  licences: (LicenceBlock & { file: string })[];
  /** Lines in those blocks (all of them, also past the listed 2,000). */
  licenceLines: number;
  /** Dates later than the completion date found in the code (file, 1-based line, the date); at most 50. */
  lateDates: { file: string; line: number; date: string }[];
}

/** What a code file gives the source-code document: its path, text, language, comment style and intake line count. */
export type SourceText = Pick<CodeFile, 'path' | 'language' | 'comments' | 'text' | 'lines'>;

/** How files are turned into printed lines (every field but `completionDate` has the default of BuildSourceCodeOptions). */
export interface PrepareOptions {
  /** Remove comments (token-aware) before printing. Default false. */
  stripComments?: boolean;
  /** Scrub secrets and personal data. Default true. */
  scrub?: boolean;
  tabWidth?: number;
  /** 开发完成日期 (YYYY-MM-DD): dates after it found in the code are reported (hygiene, cpcc-materials.md). */
  completionDate?: string;
}

/**
 * One file turned into printed lines by prepareSourceFile, ready to be placed in a document in any order: how many
 * whole source lines it prints (`count`), how many of them are wider than each CODE_FONTS entry's columns (`over`),
 * the lines (`texts`, unwrapped, with their 1-based source line in `meta`; absent when prepared to count only), the
 * licence blocks removed, what the scrubber removed (findings listed up to SCRUB_FINDINGS_LIMIT) and the late dates
 * (at most 50).
 */
export interface PreparedSourceFile {
  prepared: true;
  path: string;
  /** Intake's line count of the file (源程序量). */
  lines: number;
  /** preparationKey of the options it was prepared with. */
  key: string;
  count: number;
  over: number[];
  texts?: string[];
  meta?: number[];
  licences: LicenceBlock[];
  licenceLines: number;
  /** A counted file's text, for buildSourceCodeDocument to prepare it again when its lines fall on a printed page. */
  source?: SourceText;
  scrub: ScrubReport;
  lateDates: { line: number; date: string }[];
}

export interface BuildSourceCodeOptions extends PrepareOptions {
  /** 软件全称 (must end in 软件/系统/平台). */
  name: string;
  /** 版本号, e.g. V1.0. */
  version: string;
  /**
   * Files in print order (intake gives entry point first): their text, or the lines prepareSourceFile made of
   * them with the same options (the CLI's PDF thread prepares files while the code is still being read).
   */
  files: (SourceText | PreparedSourceFile)[];
  /** Whole source lines per page, default 50; values below 50 are refused (登记办法 第十条: 每页不少于50行). */
  linesPerPage?: number;
  /** Printed columns per row (default: chosen from the lines' widths, chooseCodeFont). */
  columns?: number;
}

const BLOCK_PAGES = 30;
const MAX_LINES_PER_PAGE = 80;
/**
 * The most printed lines a block of 30 pages can hold (at the largest lines per page allowed): a preparer that
 * keeps the printed lines of the first files in print order up to this many, or of the last files, holds every line
 * of the first, or the last, 30 pages.
 */
export const BLOCK_LINES_MAX = BLOCK_PAGES * MAX_LINES_PER_PAGE;
const LATE_DATES_LIMIT = 50;
const LICENCES_LIMIT = 2000;

function expandTabs(s: string, tabWidth: number): string {
  let out = '';
  let col = 0;
  let from = 0;
  for (let i = s.indexOf('\t'); i >= 0; i = s.indexOf('\t', from)) {
    const seg = s.slice(from, i);
    out += seg;
    col += NON_ASCII.test(seg) ? displayWidth(seg) : seg.length;
    const n = tabWidth - (col % tabWidth);
    out += ' '.repeat(n);
    col += n;
    from = i + 1;
  }
  return out + s.slice(from);
}

// C0/C1 controls (tab excluded), zero-width and bidi controls: never printed.
const DATE_HINT = /20\d\d[-/.年]/;
const DATE_HINT_AT = /20\d\d[-/.年]/g;
const DATE_RE = /(20\d\d)[-/.年](1[0-2]|0?[1-9])[-/.月](3[01]|[12]\d|0?[1-9])(?!\d)/g;
const NON_ASCII = /[^\x20-\x7e]/;
/** A character other than printable ASCII, tab and line breaks, searched from lastIndex (sticky-free, global). */
const NOT_PLAIN_AT = /[^\x20-\x7e\t\n\r]/g;
// eslint-disable-next-line no-control-regex
const INVISIBLE_HINT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/;
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;

/** The index of `ch` in `text` at or after `from`, or text.length. */
function indexOrEnd(text: string, ch: string, from: number): number {
  const i = text.indexOf(ch, from);
  return i < 0 ? text.length : i;
}

/** A string that is equal for two PrepareOptions exactly when they prepare files the same way. */
export function preparationKey(opts: PrepareOptions): string {
  const completion = opts.completionDate && /^\d{4}-\d{2}-\d{2}$/.test(opts.completionDate) ? opts.completionDate : '';
  return `${opts.stripComments ? 1 : 0}|${opts.scrub === false ? 0 : 1}|${opts.tabWidth ?? 4}|${completion}`;
}

/** Counts a line of display width `w` in `over` (lines wider than each CODE_FONTS entry's columns). */
function countWidth(over: number[], w: number): void {
  for (let k = 0; k < CODE_FONTS.length && w > CODE_FONTS[k].columns; k++) over[k]++;
}

/**
 * Turns one file into printed lines (the per-file half of buildSourceCodeDocument): blank lines removed, licence and
 * copyright comment blocks of its head removed whole (licence.ts), comments removed when asked (token-aware),
 * invisible characters dropped, tabs expanded, trailing spaces trimmed, secrets and personal data scrubbed. Lines are
 * kept whole; their display widths (CJK = 2 columns) are counted against each code font's columns. Files are
 * independent: a document made of files prepared in any order equals one built from their text.
 */
export function prepareSourceFile(f: SourceText, opts: PrepareOptions, keepTexts = true): PreparedSourceFile {
  const tabWidth = opts.tabWidth ?? 4;
  const completion = opts.completionDate && /^\d{4}-\d{2}-\d{2}$/.test(opts.completionDate) ? opts.completionDate : undefined;
  const scrubber = opts.scrub === false ? undefined : new Scrubber();
  const texts: string[] = [];
  const meta: number[] = [];
  const lateDates: PreparedSourceFile['lateDates'] = [];
  const over: number[] = CODE_FONTS.map(() => 0);
  let count = 0;
  scrubber?.beginFile(f.language);
  const source = f.text;
  const licences = opts.stripComments ? [] : licenceBlocks(source, f.comments);
  let licenceLines = 0;
  for (const b of licences) licenceLines += b.to - b.from + 1;
  // The next licence block (index into `licences`) and its first line: lines from it to its last are skipped.
  let nextBlock = 0;
  let blockFrom = licences.length ? licences[0].from : Infinity;
  const text = opts.stripComments ? scanSource(source, f.comments).stripped : source;
  const n = text.length;
  // Most code is printable ASCII, tabs and line breaks: a line of only those holds no invisible or wide
  // character, and the only character to drop is a carriage return. `odd` is where the next other character is
  // (n when none): a line ending before it is plain, so a file with a few such characters pays only on their lines.
  let odd = -1;
  // For lines only counted: where the next tab, carriage return, scrubber trigger and date hint are.
  let tab = -1;
  let cr = -1;
  let trigger = -1;
  let date = -1;
  let start = 0;
  let lineNo = 0;
  while (start < n || (start === n && lineNo === 0)) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = n;
    lineNo++;
    if (lineNo >= blockFrom) {
      if (lineNo === licences[nextBlock].to) {
        nextBlock++;
        blockFrom = nextBlock < licences.length ? licences[nextBlock].from : Infinity;
      }
      start = end + 1;
      continue;
    }
    if (odd < start) {
      NOT_PLAIN_AT.lastIndex = start;
      odd = NOT_PLAIN_AT.test(text) ? NOT_PLAIN_AT.lastIndex - 1 : n;
    }
    const plain = end <= odd;
    // Blank lines are removed (cpcc-materials.md: blank lines do not count) — checked without allocating, from the
    // line's end: most lines end in a visible character, while most start with indentation.
    let e = end;
    for (let c = text.charCodeAt(e - 1); e > start && (c === 32 || c === 9 || c === 13 || c === 12 || c === 11); c = text.charCodeAt(e - 1)) e--;
    if (e === start) {
      start = end + 1;
      continue;
    }
    if (!keepTexts && plain && !scrubber?.keyBlockOpen) {
      // Counted only: a plain line without a tab, a carriage return but at its end, anything the scrubber looks at
      // or a date is printed as it is, trailing spaces aside — its printed lines are counted without making it.
      if (tab < start) tab = indexOrEnd(text, '\t', start);
      if (cr < start) cr = indexOrEnd(text, '\r', start);
      if (scrubber && trigger < start) trigger = nextScrubTrigger(text, start);
      if (completion && date < start) {
        DATE_HINT_AT.lastIndex = start;
        date = DATE_HINT_AT.exec(text)?.index ?? n;
      }
      if (end <= tab && cr >= end - 1 && (!scrubber || end <= trigger) && (!completion || end <= date)) {
        // Without a tab, form feed or vertical tab on the line, `e` is where its trailing spaces and CR begin.
        count++;
        if (e - start > CODE_FONTS[0].columns) countWidth(over, e - start);
        start = end + 1;
        continue;
      }
    }
    let line: string | null = text.slice(start, end);
    start = end + 1;
    if (plain) {
      // The only invisible character a plain text can hold: usually one ending the line (CRLF).
      if (line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
      if (line.indexOf('\r') >= 0) line = line.replace(INVISIBLE, '');
    } else if (INVISIBLE_HINT.test(line)) line = line.replace(INVISIBLE, '');
    if (line.indexOf('\t') >= 0) line = expandTabs(line, tabWidth);
    const last = line.charCodeAt(line.length - 1);
    if (last === 32 || last === 9 || last === 13 || last === 12 || last === 11 || last > 127) line = line.trimEnd();
    if (completion && DATE_HINT.test(line)) {
      for (const m of line.matchAll(DATE_RE)) {
        const d = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
        if (d > completion && lateDates.length < LATE_DATES_LIMIT) lateDates.push({ line: lineNo, date: d });
      }
    }
    if (scrubber) {
      const before = line;
      line = scrubber.line(f.path, lineNo, line);
      if (line === null) continue;
      // A plain line the scrubber left as it was still holds the visible character found above: only a changed line,
      // or one of a text with Unicode spaces (which trim() removes), can have become blank.
      if ((line !== before || !plain) && line.trim() === '') continue;
    } else if (line === '') continue;
    count++;
    // Every UTF-16 unit takes at most two columns (a surrogate pair, one character, at most two).
    const narrow = CODE_FONTS[0].columns;
    if (line.length > narrow || (!plain && line.length * 2 > narrow)) countWidth(over, plain || !NON_ASCII.test(line) ? line.length : displayWidth(line));
    if (keepTexts) {
      texts.push(line);
      meta.push(lineNo);
    }
  }
  scrubber?.endFile();
  return {
    prepared: true,
    path: f.path,
    lines: f.lines,
    key: preparationKey(opts),
    count,
    over,
    licences,
    licenceLines,
    ...(keepTexts ? { texts, meta } : {}),
    scrub: scrubber?.report ?? { findings: [], counts: {}, total: 0, truncated: false },
    lateDates,
  };
}

/**
 * The rows a whole source line prints at `columns`: the line itself when it fits, else its first `columns` columns
 * and then rows of CONTINUATION followed by the rest, wrapped by display width (CJK = 2 columns).
 */
export function rowsOf(line: string, columns: number): string[] {
  if (line.length <= columns && (line.length * 2 <= columns || !NON_ASCII.test(line) || displayWidth(line) <= columns)) return [line];
  const first = wrapByWidth(line, columns)[0];
  return [first, ...wrapByWidth(line.slice(first.length), columns - CONTINUATION_WIDTH).map((r) => CONTINUATION + r)];
}

/** The manifest of a source-code document (manifest.json): every printed whole line → file:line, once. */
export function sourceManifest(d: Omit<SourceCodeDocument, 'header' | 'manifest' | 'scrub' | 'lateDates' | 'licences' | 'licenceLines'>): SourceManifest {
  let printedLines = 0;
  const pages = d.pages.map((pg) => {
    const lines: ManifestLine[] = [];
    for (const l of pg.lines) if (!l.part) lines.push({ file: d.files[l.file], line: l.line });
    printedLines += lines.length;
    return { page: pg.number, sourcePage: pg.sourcePage, rows: pg.lines.length, lines };
  });
  return {
    name: d.name,
    version: d.version,
    linesPerPage: d.linesPerPage,
    columns: d.columns,
    fontSize: d.fontSize,
    selection: d.selection,
    totalPages: d.totalPages,
    printedPages: d.pages.length,
    totalPrintedLines: d.totalPrintedLines,
    wrappedLines: d.wrappedLines,
    printedLines,
    sourceLines: d.sourceLines,
    files: d.files,
    pages,
  };
}

/**
 * Builds the source-code document model (程序鉴别材料): normalises every file (prepareSourceFile: blank lines and
 * licence blocks removed, optional token-aware comment removal, secrets and personal data scrubbed, tabs to spaces),
 * chooses the code font so that at least 99 % of the lines fit one row (chooseCodeFont), paginates `linesPerPage`
 * whole source lines per page — a longer line goes on over CONTINUATION rows of the same page, which never count as
 * lines — and selects the pages to print: ≤ 60 pages → all; more → the first 30 and the last 30, the last page ending
 * at the end of the last file, never padded or repeated (登记办法 第十条; cpcc-materials.md). Every printed page but
 * the last of a document under 60 pages holds exactly `linesPerPage` whole lines.
 * Memory is bounded: files are prepared one at a time and only the first and the last 30 pages of lines are held.
 * When every file comes prepared, files prepared to count only are prepared again from their `source` if their lines
 * fall on a printed page, and skipped otherwise. Throws DocgenError BAD_NAME / BAD_VERSION / BAD_OPTION /
 * EMPTY_CODEBASE; Error when a prepared file was prepared with other options, or was counted without its source and
 * is printed.
 */
export function buildSourceCodeDocument(opts: BuildSourceCodeOptions): SourceCodeDocument {
  const name = validateName(opts.name);
  const version = validateVersion(opts.version);
  const lpp = opts.linesPerPage ?? 50;
  if (!Number.isInteger(lpp) || lpp < 50 || lpp > MAX_LINES_PER_PAGE) throw new DocgenError('BAD_OPTION', '每页行数须为 50–80 之间的整数（登记办法第十条：程序每页不少于 50 行）');
  if (opts.columns !== undefined && (!Number.isInteger(opts.columns) || opts.columns < 40 || opts.columns > CODE_FONTS[CODE_FONTS.length - 1].columns)) {
    throw new DocgenError('BAD_OPTION', `每行列数须为 40–${CODE_FONTS[CODE_FONTS.length - 1].columns} 之间的整数`);
  }
  const key = preparationKey(opts);
  const blockLines = BLOCK_PAGES * lpp;

  // The first and the last `blockLines` whole lines, as parallel arrays (no object per line):
  // memory stays bounded by what can be printed, whatever the size of the code base.
  const frontText: string[] = [];
  const frontMeta = new Int32Array(blockLines * 2);
  const ringText: string[] = new Array(blockLines);
  const ringMeta = new Int32Array(blockLines * 2);
  let total = 0;
  const over: number[] = CODE_FONTS.map(() => 0);
  const files: string[] = [];
  let sourceLines = 0;
  const scrub: ScrubReport = { findings: [], counts: {}, total: 0, truncated: false };
  const lateDates: SourceCodeDocument['lateDates'] = [];
  const licences: SourceCodeDocument['licences'] = [];
  let licenceLines = 0;

  // With every file prepared the number of lines is known before placing any: a file whose lines all fall between
  // the printed blocks is only counted.
  let known = -1;
  if (opts.files.every((f) => 'prepared' in f)) {
    known = 0;
    for (const f of opts.files) known += (f as PreparedSourceFile).count;
  }
  for (const input of opts.files) {
    let p = 'prepared' in input ? input : prepareSourceFile(input, opts);
    if (p.key !== key) throw new Error(`${p.path} 的打印行是按其他选项准备的`);
    const fi = files.length;
    files.push(p.path);
    sourceLines += p.lines;
    appendScrubReport(scrub, p.scrub);
    for (let k = 0; k < over.length; k++) over[k] += p.over[k];
    licenceLines += p.licenceLines;
    for (const b of p.licences) if (licences.length < LICENCES_LIMIT) licences.push({ file: p.path, ...b });
    for (const d of p.lateDates) if (lateDates.length < LATE_DATES_LIMIT) lateDates.push({ file: p.path, line: d.line, date: d.date });
    if (known >= 0 && total >= blockLines && total + p.count <= known - blockLines) {
      total += p.count;
      continue;
    }
    if (!p.texts) {
      if (!p.source) throw new Error(`${p.path} 只计了行数，没有原文`);
      const again = prepareSourceFile(p.source, opts);
      if (again.count !== p.count) throw new Error(`${p.path} 两次准备的行数不同`);
      p = again;
    }
    const texts = p.texts!;
    const meta = p.meta!;
    for (let j = 0; j < texts.length; j++) {
      const text = texts[j];
      if (total < blockLines) {
        frontText.push(text);
        frontMeta[total * 2] = fi;
        frontMeta[total * 2 + 1] = meta[j];
      }
      const r = total % blockLines;
      ringText[r] = text;
      ringMeta[r * 2] = fi;
      ringMeta[r * 2 + 1] = meta[j];
      total++;
    }
  }
  if (total === 0) throw new DocgenError('EMPTY_CODEBASE', '代码中没有可打印的行（去除空行和注释后为空）');

  const font = chooseCodeFont(total, over, opts.columns);
  const columns = font.columns;
  const wrappedLines = over[CODE_FONTS.findIndex((f) => f.columns === columns)] ?? 0;
  /** The rows of whole lines [from, to) (taken from the front block or the ring) as a page. */
  const page = (number: number, sourcePage: number, from: number, to: number): SourcePage => {
    const lines: PrintedLine[] = [];
    for (let i = from; i < to; i++) {
      const front = i < blockLines;
      const r = front ? i : i % blockLines;
      const text = front ? frontText[r] : ringText[r];
      const meta = front ? frontMeta : ringMeta;
      const file = meta[r * 2];
      const line = meta[r * 2 + 1];
      const rows = rowsOf(text, columns);
      for (let part = 0; part < rows.length; part++) lines.push({ text: rows[part], file, line, part });
    }
    return { number, sourcePage, lines };
  };
  const totalPages = Math.ceil(total / lpp);
  const pages: SourcePage[] = [];
  let selection: SourceCodeDocument['selection'];
  if (totalPages <= 2 * BLOCK_PAGES) {
    selection = 'all';
    for (let p = 0; p < totalPages; p++) pages.push(page(p + 1, p + 1, p * lpp, Math.min(total, (p + 1) * lpp)));
  } else {
    selection = 'first-and-last-30';
    for (let p = 0; p < BLOCK_PAGES; p++) pages.push(page(p + 1, p + 1, p * lpp, (p + 1) * lpp));
    // Back block: the last 1,500 whole lines, so page 60 ends exactly at the end of the last file. Its pages are
    // counted from the end of the program (page 60 is page `totalPages`); the one page of the whole program that is
    // not full lies between the blocks, unprinted. total > 60 pages ⇒ no overlap with the front block.
    const backStart = total - blockLines;
    for (let p = 0; p < BLOCK_PAGES; p++) pages.push(page(BLOCK_PAGES + p + 1, totalPages - BLOCK_PAGES + p + 1, backStart + p * lpp, backStart + (p + 1) * lpp));
  }
  const header = `${name} ${version}`;
  const common = { name, version, linesPerPage: lpp, columns, fontSize: font.fontSize, selection, totalPages, totalPrintedLines: total, wrappedLines, sourceLines, files, pages };
  return { ...common, header, manifest: sourceManifest(common), scrub, lateDates, licences, licenceLines };
}
