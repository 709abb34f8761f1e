import { DocgenError } from '../errors';
import type { CodeFile } from '../intake/intake';
import { scanSource } from '../intake/lexer';
import { appendScrubReport, nextScrubTrigger, Scrubber, type ScrubReport } from './scrub';
import { CODE_LAYOUT } from '../render/layout';
import { displayWidth, wrapByWidth } from '../render/width';
import { validateName, validateVersion } from '../form/names';

/** One printed line: its text and where it comes from (file index into `files`, 1-based line, wrap part). */
export interface PrintedLine {
  text: string;
  file: number;
  line: number;
  /** 0 for the first printed segment of a logical line, 1, 2 … for wrapped continuations. */
  part: number;
}

export interface SourcePage {
  /** Printed page number (1 … N, N ≤ 60). */
  number: number;
  /** Page index in the whole paginated program (1-based); differs from `number` in the back block. */
  sourcePage: number;
  lines: PrintedLine[];
}

export interface ManifestLine {
  file: string;
  line: number;
  part?: number;
}

/** JSON manifest: every printed line → file:line (written as manifest.json). */
export interface SourceManifest {
  name: string;
  version: string;
  linesPerPage: number;
  columns: number;
  selection: 'all' | 'first-and-last-30';
  /** Pages of the whole program after normalisation and wrapping. */
  totalPages: number;
  printedPages: number;
  /** Printed lines of the whole program (after blank removal and wrapping). */
  totalPrintedLines: number;
  /** 源程序量: total lines of every admitted file, as counted at intake. */
  sourceLines: number;
  files: string[];
  pages: { page: number; sourcePage: number; lines: ManifestLine[] }[];
}

export interface SourceCodeDocument {
  name: string;
  version: string;
  /** Header text, "软件全称 版本号" exactly as on the form. */
  header: string;
  linesPerPage: number;
  columns: number;
  selection: 'all' | 'first-and-last-30';
  totalPages: number;
  totalPrintedLines: number;
  sourceLines: number;
  files: string[];
  pages: SourcePage[];
  manifest: SourceManifest;
  scrub: ScrubReport;
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
  /** Printed columns per line (default CODE_LAYOUT.columns); changes need matching renderer geometry. */
  columns?: number;
  tabWidth?: number;
  /** 开发完成日期 (YYYY-MM-DD): dates after it found in the code are reported (hygiene, cpcc-materials.md). */
  completionDate?: string;
}

/**
 * One file turned into printed lines by prepareSourceFile, ready to be placed in a document in any order: how many
 * printed lines it makes (`count`), the printed segments (`texts`, with their 1-based source line and wrap part in
 * `meta` as [line, part] pairs; absent when prepared to count only), what the scrubber removed (findings listed up to
 * SCRUB_FINDINGS_LIMIT) and the late dates (at most 50).
 */
export interface PreparedSourceFile {
  prepared: true;
  path: string;
  /** Intake's line count of the file (源程序量). */
  lines: number;
  /** preparationKey of the options it was prepared with. */
  key: string;
  count: number;
  texts?: string[];
  meta?: number[];
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
  /** Lines per page, default 50; values below 50 are refused (登记办法 第十条: 每页不少于50行). */
  linesPerPage?: number;
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
  return `${opts.stripComments ? 1 : 0}|${opts.scrub === false ? 0 : 1}|${opts.columns ?? CODE_LAYOUT.columns}|${opts.tabWidth ?? 4}|${completion}`;
}

/**
 * Turns one file into printed lines (the per-file half of buildSourceCodeDocument): blank lines removed, comments
 * removed when asked (token-aware), invisible characters dropped, tabs expanded, trailing spaces trimmed, secrets
 * and personal data scrubbed, lines wrapped by display width (CJK = 2 columns) at `columns`. Files are independent:
 * a document made of files prepared in any order equals one built from their text.
 */
export function prepareSourceFile(f: SourceText, opts: PrepareOptions, keepTexts = true): PreparedSourceFile {
  const columns = opts.columns ?? CODE_LAYOUT.columns;
  const tabWidth = opts.tabWidth ?? 4;
  const completion = opts.completionDate && /^\d{4}-\d{2}-\d{2}$/.test(opts.completionDate) ? opts.completionDate : undefined;
  const scrubber = opts.scrub === false ? undefined : new Scrubber();
  const texts: string[] = [];
  const meta: number[] = [];
  const lateDates: PreparedSourceFile['lateDates'] = [];
  let count = 0;
  const push = (text: string, line: number, part: number) => {
    count++;
    if (!keepTexts) return;
    texts.push(text);
    meta.push(line, part);
  };
  scrubber?.beginFile(f.language);
  const text = opts.stripComments ? scanSource(f.text, f.comments).stripped : f.text;
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
        count += Math.ceil((e - start) / columns);
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
    // Every UTF-16 unit takes at most two columns (a surrogate pair, one character, at most two).
    if (line.length <= columns && (plain || line.length * 2 <= columns || !NON_ASCII.test(line))) push(line, lineNo, 0);
    else if (plain) {
      // Printable ASCII: one column a character (wrapByWidth's ASCII path, without checking every character again).
      for (let p = 0, i = 0; i < line.length; p++, i += columns) push(line.slice(i, i + columns), lineNo, p);
    } else {
      const segs = wrapByWidth(line, columns);
      for (let p = 0; p < segs.length; p++) push(segs[p], lineNo, p);
    }
  }
  scrubber?.endFile();
  return {
    prepared: true,
    path: f.path,
    lines: f.lines,
    key: preparationKey(opts),
    count,
    ...(keepTexts ? { texts, meta } : {}),
    scrub: scrubber?.report ?? { findings: [], counts: {}, total: 0, truncated: false },
    lateDates,
  };
}

/** The manifest of a source-code document (manifest.json): every printed line → file:line (and wrap part). */
export function sourceManifest(d: Omit<SourceCodeDocument, 'header' | 'manifest' | 'scrub' | 'lateDates'>): SourceManifest {
  return {
    name: d.name,
    version: d.version,
    linesPerPage: d.linesPerPage,
    columns: d.columns,
    selection: d.selection,
    totalPages: d.totalPages,
    printedPages: d.pages.length,
    totalPrintedLines: d.totalPrintedLines,
    sourceLines: d.sourceLines,
    files: d.files,
    pages: d.pages.map((pg) => ({
      page: pg.number,
      sourcePage: pg.sourcePage,
      lines: pg.lines.map((l) => (l.part ? { file: d.files[l.file], line: l.line, part: l.part } : { file: d.files[l.file], line: l.line })),
    })),
  };
}

/**
 * Builds the source-code document model (程序鉴别材料): normalises every file (prepareSourceFile: blank lines
 * removed, optional token-aware comment removal, secrets and personal data scrubbed, tabs to spaces, lines wrapped
 * by display width), paginates `linesPerPage` lines per page and selects the pages to print:
 * ≤ 60 pages → all; more → the first 30 and the last 30, the last page ending at the end of
 * the last file, never padded or repeated (登记办法 第十条; cpcc-materials.md).
 * Memory is bounded: files are prepared one at a time and only the first and the last 30 pages of printed lines
 * are held. When every file comes prepared, files prepared to count only are prepared again from their `source` if
 * their lines fall on a printed page, and skipped otherwise. Throws DocgenError BAD_NAME / BAD_VERSION / BAD_OPTION /
 * EMPTY_CODEBASE; Error when a prepared file was prepared with other options, or was counted without its source and
 * is printed.
 */
export function buildSourceCodeDocument(opts: BuildSourceCodeOptions): SourceCodeDocument {
  const name = validateName(opts.name);
  const version = validateVersion(opts.version);
  const lpp = opts.linesPerPage ?? 50;
  if (!Number.isInteger(lpp) || lpp < 50 || lpp > MAX_LINES_PER_PAGE) throw new DocgenError('BAD_OPTION', '每页行数须为 50–80 之间的整数（登记办法第十条：程序每页不少于 50 行）');
  const columns = opts.columns ?? CODE_LAYOUT.columns;
  const key = preparationKey(opts);
  const blockLines = BLOCK_PAGES * lpp;

  // The first and the last `blockLines` printed lines, as parallel arrays (no object per line):
  // memory stays bounded by what can be printed, whatever the size of the code base.
  const frontText: string[] = [];
  const frontMeta = new Int32Array(blockLines * 3);
  const ringText: string[] = new Array(blockLines);
  const ringMeta = new Int32Array(blockLines * 3);
  let total = 0;
  const files: string[] = [];
  let sourceLines = 0;
  const scrub: ScrubReport = { findings: [], counts: {}, total: 0, truncated: false };
  const lateDates: SourceCodeDocument['lateDates'] = [];

  // With every file prepared the number of printed lines is known before placing any: a file whose lines all fall
  // between the printed blocks is only counted.
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
        frontMeta[total * 3] = fi;
        frontMeta[total * 3 + 1] = meta[j * 2];
        frontMeta[total * 3 + 2] = meta[j * 2 + 1];
      }
      const r = total % blockLines;
      ringText[r] = text;
      ringMeta[r * 3] = fi;
      ringMeta[r * 3 + 1] = meta[j * 2];
      ringMeta[r * 3 + 2] = meta[j * 2 + 1];
      total++;
    }
  }
  if (total === 0) throw new DocgenError('EMPTY_CODEBASE', '代码中没有可打印的行（去除空行和注释后为空）');

  const frontLine = (i: number): PrintedLine => ({ text: frontText[i], file: frontMeta[i * 3], line: frontMeta[i * 3 + 1], part: frontMeta[i * 3 + 2] });
  const ringLine = (i: number): PrintedLine => {
    const r = i % blockLines;
    return { text: ringText[r], file: ringMeta[r * 3], line: ringMeta[r * 3 + 1], part: ringMeta[r * 3 + 2] };
  };
  const totalPages = Math.ceil(total / lpp);
  const pages: SourcePage[] = [];
  let selection: SourceCodeDocument['selection'];
  if (totalPages <= 2 * BLOCK_PAGES) {
    selection = 'all';
    // All lines: the front block plus whatever followed it, from the ring buffer.
    const all: PrintedLine[] = [];
    for (let i = 0; i < total; i++) all.push(i < blockLines ? frontLine(i) : ringLine(i));
    for (let p = 0; p < totalPages; p++) pages.push({ number: p + 1, sourcePage: p + 1, lines: all.slice(p * lpp, (p + 1) * lpp) });
  } else {
    selection = 'first-and-last-30';
    for (let p = 0; p < BLOCK_PAGES; p++) {
      const lines: PrintedLine[] = [];
      for (let i = p * lpp; i < (p + 1) * lpp; i++) lines.push(frontLine(i));
      pages.push({ number: p + 1, sourcePage: p + 1, lines });
    }
    // Back block: the last 1,500 printed lines, so page 60 ends exactly at the end of the last file.
    // total > 60 pages ⇒ total > 3,000 lines ⇒ no overlap with the front block.
    const backStart = total - blockLines;
    const firstSourcePage = Math.floor(backStart / lpp) + 1;
    for (let p = 0; p < BLOCK_PAGES; p++) {
      const lines: PrintedLine[] = [];
      for (let i = backStart + p * lpp; i < backStart + (p + 1) * lpp; i++) lines.push(ringLine(i));
      pages.push({ number: BLOCK_PAGES + p + 1, sourcePage: firstSourcePage + p, lines });
    }
  }
  const header = `${name} ${version}`;
  const manifest = sourceManifest({ name, version, linesPerPage: lpp, columns, selection, totalPages, totalPrintedLines: total, sourceLines, files, pages });
  return {
    name,
    version,
    header,
    linesPerPage: lpp,
    columns,
    selection,
    totalPages,
    totalPrintedLines: total,
    sourceLines,
    files,
    pages,
    manifest,
    scrub,
    lateDates,
  };
}
