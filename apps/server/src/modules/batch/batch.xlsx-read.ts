import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import type { SaxesParser as SaxesParserType, SaxesTagPlain } from 'saxes';

// saxes is the XML parser ExcelJS itself depends on (its own copy, a production dependency through exceljs).
const require = createRequire(import.meta.url);
const { SaxesParser } = createRequire(require.resolve('exceljs/package.json'))('saxes') as { SaxesParser: typeof SaxesParserType };

/**
 * Bounds of an uploaded workbook, checked while it is inflated and parsed (never after): the template has 33 columns
 * and at most 500 rows of at most 1300 characters a cell, so each bound is far above a real filled template and far
 * below what would hold up a thread.
 */
export const WORKBOOK_LIMITS = {
  /** Bytes one part of the package (a sheet, the shared strings, the styles) may inflate to. */
  partBytes: 16 * 1024 * 1024,
  /** Bytes all parts read may inflate to together. */
  totalBytes: 32 * 1024 * 1024,
  /** Parts (files) in the package. */
  entries: 2000,
  /** Distinct texts in the shared-strings table. */
  sharedStrings: 100_000,
  /** Characters in one cell (a shared string or an inline one). */
  cellChars: 10_000,
  /** Highest column that may hold a value (CV). */
  columns: 100,
  /** Row elements of a sheet, empty ones included. */
  rowElements: 20_000,
} as const;

/** The workbook is refused: `message` is the Chinese text for the user (naming the limit when one was hit). */
export class WorkbookRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkbookRefusal';
  }
}

/** Why reading a sheet stopped early: `stop()` was called by `onRow`. */
class Stop extends Error {}

const CORRUPT = '表格文件已损坏或不是有效的 Excel 工作簿（.xlsx），请用模板重新填写后上传';
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** A cell as read: text, a number with its number format, a boolean, an error, or a formula without result. */
export type RawCell =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number; date: boolean }
  | { kind: 'bool'; value: boolean }
  | { kind: 'error'; error: string; formula: boolean }
  | { kind: 'no-result' };

/** One row element of a sheet: its 1-based number and the cells by 1-based column. */
export interface RawRow {
  r: number;
  cells: Map<number, RawCell>;
}

interface Entry {
  name: string;
  method: number;
  csize: number;
  usize: number;
  local: number;
}

/**
 * An .xlsx package read with bounds: the zip directory is read from the bytes (no part is inflated to find it), and
 * each part is inflated in chunks (node:zlib) straight into a SAX parser (saxes), counting bytes as they come out, so a
 * part that inflates past WORKBOOK_LIMITS is refused after at most one chunk beyond the limit.
 */
export class XlsxPackage {
  private readonly entries = new Map<string, Entry>();
  private inflated = 0;

  constructor(private readonly buf: Uint8Array) {
    const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    let eocd = -1;
    for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) {
      if (dv.getUint32(i, true) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new WorkbookRefusal(CORRUPT);
    const count = dv.getUint16(eocd + 10, true);
    if (count > WORKBOOK_LIMITS.entries) throw new WorkbookRefusal(`表格文件内部的部件数（${count}）超过上限 ${WORKBOOK_LIMITS.entries}，不是正常的 Excel 工作簿`);
    let p = dv.getUint32(eocd + 16, true);
    for (let k = 0; k < count; k++) {
      if (p + 46 > buf.length || dv.getUint32(p, true) !== 0x02014b50) throw new WorkbookRefusal(CORRUPT);
      const nameLen = dv.getUint16(p + 28, true);
      const name = new TextDecoder().decode(buf.subarray(p + 46, p + 46 + nameLen)).replace(/^\//, '');
      this.entries.set(name.toLowerCase(), { name, method: dv.getUint16(p + 10, true), csize: dv.getUint32(p + 20, true), usize: dv.getUint32(p + 24, true), local: dv.getUint32(p + 42, true) });
      p += 46 + nameLen + dv.getUint16(p + 30, true) + dv.getUint16(p + 32, true);
    }
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  /**
   * Streams the part `name` into `sax` (its handlers already attached); returns false when the part is absent.
   * Throws WorkbookRefusal past the part or total limit, or for damaged data.
   */
  async parse(name: string, sax: SaxesParserType): Promise<boolean> {
    const e = this.entries.get(name.toLowerCase());
    if (!e) return false;
    const dv = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
    if (e.local + 30 > this.buf.length || dv.getUint32(e.local, true) !== 0x04034b50) throw new WorkbookRefusal(CORRUPT);
    const start = e.local + 30 + dv.getUint16(e.local + 26, true) + dv.getUint16(e.local + 28, true);
    const raw = this.buf.subarray(start, start + e.csize);
    if (raw.length !== e.csize) throw new WorkbookRefusal(CORRUPT);
    const decoder = new TextDecoder('utf-8');
    let partBytes = 0;
    const feed = (chunk: Uint8Array) => {
      partBytes += chunk.length;
      this.inflated += chunk.length;
      if (partBytes > WORKBOOK_LIMITS.partBytes) throw new WorkbookRefusal(`表格文件中的 ${e.name} 解压后超过上限 ${mb(WORKBOOK_LIMITS.partBytes)}，疑似压缩炸弹，已拒绝`);
      if (this.inflated > WORKBOOK_LIMITS.totalBytes) throw new WorkbookRefusal(`表格文件解压后超过上限 ${mb(WORKBOOK_LIMITS.totalBytes)}，疑似压缩炸弹，已拒绝`);
      sax.write(decoder.decode(chunk, { stream: true }));
    };
    try {
      if (e.method === 0) {
        for (let i = 0; i < raw.length; i += 64 * 1024) feed(raw.subarray(i, i + 64 * 1024));
      } else if (e.method === 8) {
        // Native zlib, fed the compressed bytes and read chunk by chunk: at most one chunk (64 KiB) past a limit.
        const inflate = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
        inflate.end(raw);
        try {
          for await (const chunk of inflate) feed(chunk as Buffer);
        } finally {
          inflate.destroy();
        }
      } else throw new WorkbookRefusal(CORRUPT);
      sax.write(decoder.decode());
      sax.close();
    } catch (err) {
      if (err instanceof WorkbookRefusal || err instanceof Stop) throw err;
      throw new WorkbookRefusal(CORRUPT);
    }
    return true;
  }
}

/** A SAX parser without namespace processing or position tracking (names keep their prefix, e.g. `r:id`). */
function sax(): SaxesParserType {
  return new SaxesParser({ position: false }) as SaxesParserType;
}

const localName = (n: string) => n.slice(n.indexOf(':') + 1);

/** Number formats Excel shows as dates (built-in ids 14–22, 27–36, 45–47, 50–58, or a format with date letters). */
function isDateFormat(id: number, code: string | undefined): boolean {
  if ((id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58)) return true;
  if (!code) return false;
  const bare = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[ymdhs]/i.test(bare) && !/^[#0.,%\s]*$/.test(bare);
}

/** A sheet of the workbook: name, visibility and the part holding its cells. */
export interface SheetInfo {
  name: string;
  hidden: boolean;
  part: string;
}

/**
 * The workbook's structure: visible and hidden sheets (in order), the 1904 date system flag, which cell styles are
 * dates, and the shared strings (each bounded by WORKBOOK_LIMITS.cellChars, at most WORKBOOK_LIMITS.sharedStrings).
 */
export async function readWorkbookParts(pkg: XlsxPackage): Promise<{ sheets: SheetInfo[]; date1904: boolean; dateStyles: boolean[]; shared: string[] }> {
  // Relationships of the workbook: r:id → part.
  const rels = new Map<string, string>();
  const relSax = sax();
  relSax.on('opentag', (t: SaxesTagPlain) => {
    if (localName(t.name) !== 'Relationship') return;
    const target = String(t.attributes.Target ?? '');
    rels.set(String(t.attributes.Id ?? ''), target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  });
  await pkg.parse('xl/_rels/workbook.xml.rels', relSax);

  const sheets: SheetInfo[] = [];
  let date1904 = false;
  const wbSax = sax();
  wbSax.on('opentag', (t: SaxesTagPlain) => {
    const n = localName(t.name);
    if (n === 'workbookPr') date1904 = ['1', 'true'].includes(String(t.attributes.date1904 ?? ''));
    if (n !== 'sheet') return;
    const rid = Object.entries(t.attributes).find(([k]) => localName(k) === 'id' && k !== 'sheetId')?.[1];
    const part = rels.get(String(rid ?? ''));
    if (part) sheets.push({ name: String(t.attributes.name ?? ''), hidden: ['hidden', 'veryHidden'].includes(String(t.attributes.state ?? '')), part });
  });
  if (!(await pkg.parse('xl/workbook.xml', wbSax))) throw new WorkbookRefusal(CORRUPT);

  // Styles: which cellXfs entries carry a date format.
  const numFmts = new Map<number, string>();
  const dateStyles: boolean[] = [];
  let inCellXfs = false;
  const stSax = sax();
  stSax.on('opentag', (t: SaxesTagPlain) => {
    const n = localName(t.name);
    if (n === 'numFmt') numFmts.set(Number(t.attributes.numFmtId), String(t.attributes.formatCode ?? ''));
    else if (n === 'cellXfs') inCellXfs = true;
    else if (n === 'xf' && inCellXfs) {
      const id = Number(t.attributes.numFmtId ?? 0);
      dateStyles.push(isDateFormat(id, numFmts.get(id)));
    }
  });
  stSax.on('closetag', (t: SaxesTagPlain) => {
    if (localName(t.name) === 'cellXfs') inCellXfs = false;
  });
  await pkg.parse('xl/styles.xml', stSax);

  // Shared strings: the text of <t> elements of each <si>, phonetic runs (<rPh>) left out.
  const shared: string[] = [];
  let cur: string[] | undefined;
  let curLen = 0;
  let inT = false;
  let inPh = false;
  const ssSax = sax();
  ssSax.on('opentag', (t: SaxesTagPlain) => {
    const n = localName(t.name);
    if (n === 'si') {
      if (shared.length >= WORKBOOK_LIMITS.sharedStrings) throw new WorkbookRefusal(`表格中的不同文字超过上限 ${WORKBOOK_LIMITS.sharedStrings} 条，不是正常的批量模板，已拒绝`);
      cur = [];
      curLen = 0;
    } else if (n === 'rPh') inPh = true;
    else if (n === 't' && !inPh) inT = true;
  });
  ssSax.on('text', (text: string) => {
    if (!inT || !cur) return;
    curLen += text.length;
    if (curLen > WORKBOOK_LIMITS.cellChars) throw new WorkbookRefusal(`表格中有单元格的内容超过上限 ${WORKBOOK_LIMITS.cellChars} 字，已拒绝`);
    cur.push(text);
  });
  ssSax.on('closetag', (t: SaxesTagPlain) => {
    const n = localName(t.name);
    if (n === 't') inT = false;
    else if (n === 'rPh') inPh = false;
    else if (n === 'si' && cur) {
      shared.push(cur.join(''));
      cur = undefined;
    }
  });
  await pkg.parse('xl/sharedStrings.xml', ssSax);
  return { sheets, date1904, dateStyles, shared };
}

/** Column number of a cell reference ("AB12" → 28), or undefined. */
function columnOf(ref: string): number | undefined {
  const m = /^([A-Z]{1,3})\d*$/.exec(ref);
  if (!m) return undefined;
  return [...m[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
}

/**
 * Streams the rows of a sheet part to `onRow` (in document order), with its merged ranges at the end. Throws
 * WorkbookRefusal past WORKBOOK_LIMITS (row elements, columns, cell length) and for damaged data. `onRow` may call
 * `stop()` to end the reading there (the merged ranges are then not read).
 */
export async function readSheet(
  pkg: XlsxPackage,
  part: string,
  ctx: { shared: string[]; dateStyles: boolean[] },
  onRow: (row: RawRow, stop: () => never) => void,
): Promise<{ merges: string[]; stopped: boolean }> {
  const merges: string[] = [];
  let rowCount = 0;
  let row: RawRow | undefined;
  let lastRow = 0;
  let cell: { col: number; t: string; s: number; f: boolean; v?: string; len: number } | undefined;
  let lastCol = 0;
  let into: 'v' | 'f' | 't' | undefined;
  let inPh = false;
  const stop = (): never => {
    throw new Stop();
  };
  const s = sax();
  s.on('opentag', (t: SaxesTagPlain) => {
    const n = localName(t.name);
    if (n === 'row') {
      if (++rowCount > WORKBOOK_LIMITS.rowElements) throw new WorkbookRefusal(`表格的行数（含空行）超过上限 ${WORKBOOK_LIMITS.rowElements} 行，已拒绝：请只保留要导入的软件行`);
      lastRow = Number(t.attributes.r) || lastRow + 1;
      row = { r: lastRow, cells: new Map() };
      lastCol = 0;
    } else if (n === 'c' && row) {
      const col = columnOf(String(t.attributes.r ?? '')) ?? lastCol + 1;
      lastCol = col;
      cell = { col, t: String(t.attributes.t ?? 'n'), s: Number(t.attributes.s ?? 0), f: false, len: 0 };
    } else if (cell && (n === 'v' || n === 'f')) {
      into = n;
      if (n === 'f') cell.f = true;
      else cell.v = '';
    } else if (cell && n === 'rPh') inPh = true;
    else if (cell && n === 't' && !inPh) {
      into = 't';
      cell.v ??= '';
    } else if (n === 'mergeCell' && merges.length < 10_000) merges.push(String(t.attributes.ref ?? ''));
  });
  s.on('text', (text: string) => {
    if (!cell || !into) return;
    if (into === 'f') return;
    cell.len += text.length;
    if (cell.len > WORKBOOK_LIMITS.cellChars) throw new WorkbookRefusal(`表格第 ${row?.r ?? '?'} 行有单元格的内容超过上限 ${WORKBOOK_LIMITS.cellChars} 字，已拒绝`);
    cell.v += text;
  });
  s.on('closetag', (t: SaxesTagPlain) => {
    const n = localName(t.name);
    if (n === 'v' || n === 'f' || n === 't') into = undefined;
    else if (n === 'rPh') inPh = false;
    else if (n === 'c' && cell && row) {
      const value = cellValue(cell, ctx);
      if (value) {
        if (cell.col > WORKBOOK_LIMITS.columns) throw new WorkbookRefusal(`表格第 ${row.r} 行在第 ${cell.col} 列有内容，超过上限 ${WORKBOOK_LIMITS.columns} 列，已拒绝：请使用下载的模板`);
        row.cells.set(cell.col, value);
      }
      cell = undefined;
    } else if (n === 'row' && row) {
      const done = row;
      row = undefined;
      onRow(done, stop);
    }
  });
  try {
    await pkg.parse(part, s);
  } catch (e) {
    if (e instanceof Stop) return { merges, stopped: true };
    throw e;
  }
  return { merges, stopped: false };
}

function cellValue(c: { t: string; s: number; f: boolean; v?: string }, ctx: { shared: string[]; dateStyles: boolean[] }): RawCell | undefined {
  if (c.v === undefined) return c.f ? { kind: 'no-result' } : undefined;
  switch (c.t) {
    case 's': {
      const text = ctx.shared[Number(c.v)];
      if (text === undefined) throw new WorkbookRefusal(CORRUPT);
      return { kind: 'text', text };
    }
    case 'str':
    case 'inlineStr':
      return { kind: 'text', text: c.v };
    case 'b':
      return { kind: 'bool', value: c.v.trim() === '1' };
    case 'e':
      return { kind: 'error', error: c.v, formula: c.f };
    default: {
      if (c.v.trim() === '') return c.f ? { kind: 'no-result' } : undefined;
      const value = Number(c.v);
      if (!Number.isFinite(value)) return { kind: 'text', text: c.v };
      return { kind: 'number', value, date: ctx.dateStyles[c.s] === true };
    }
  }
}

/** An Excel serial day number as a UTC date (1900 system with its 1900-02-29, or the 1904 system). */
export function excelDate(serial: number, date1904: boolean): Date {
  const days = date1904 ? serial + 1462 : serial;
  return new Date(Math.round((days - 25569) * 86_400_000));
}
