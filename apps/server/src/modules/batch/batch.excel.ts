import {
  BATCH_COLUMNS,
  BATCH_EXAMPLE_MARK,
  BATCH_MAX_FILE_BYTES,
  BATCH_MAX_ROWS,
  BATCH_SHEET_NAME,
  PROJECT_LIMITS,
  type BatchCellError,
  type BatchColumn,
  type BatchColumnKey,
  type BatchRowValues,
} from '@mazhu/contracts';
import ExcelJS from 'exceljs';
import { filesPool } from '../../jobs/files-pool';
import { badRequest } from '../../lib/errors';
import { normalizeDate } from './batch.rows';
import { excelDate, readSheet, readWorkbookParts, WorkbookRefusal, XlsxPackage, type RawCell, type RawRow, type SheetInfo } from './batch.xlsx-read';

const INSTRUCTIONS_SHEET = '填写说明';
const OPTIONS_SHEET = '选项';
/** Rows of the template that carry drop-down lists (header + example + the 500 data rows). */
const TEMPLATE_LAST_ROW = BATCH_MAX_ROWS + 2;

/** The example's 软件的主要功能: a real-looking text within the importer's 500–1300 characters (2026 form). */
const EXAMPLE_MAIN_FUNCTIONS =
  '本软件面向中小型仓储企业，提供入库、出库、库位、盘点和报表五大功能。入库管理支持按采购单或手工登记到货，录入货品编码、批次、数量和质检结果，' +
  '系统根据库位容量和货品类别推荐上架库位，并生成上架任务。出库管理根据销售订单生成拣货单，按库位路径排序拣货顺序，复核后打印出库单并扣减库存。' +
  '库位管理维护仓库、库区、货架和库位四级结构，记录每个库位的容量、当前存放货品和数量，支持库位冻结和移库操作。盘点管理支持全盘和按库区抽盘，' +
  '盘点人员使用手持终端扫描货品条码录入实盘数量，系统自动比对账面数量生成盘盈盘亏单，经审核后调整库存。报表功能提供库存台账、出入库流水、' +
  '库龄分析和库位利用率统计，支持按日期、仓库和货品类别筛选并导出为表格文件。系统设有用户与权限管理，管理员可为仓管员、拣货员和审核员分配不同的' +
  '菜单和操作权限，所有入库、出库、移库和盘点调整操作均记录操作人和时间，便于追溯。系统还提供库存预警，当货品库存低于下限或高于上限时在首页提示，' +
  '并可设置保质期临期提醒，帮助企业减少积压和过期损耗，提高仓储作业效率和库存准确率。' +
  '此外，系统支持从表格批量导入货品档案和期初库存，可为每个仓库指定独立的管理员，并提供操作日志查询，满足多仓库企业的日常管理需要。';

export interface TemplateLists {
  /** The user's registered owners (names), offered in the 著作权人 drop-down. */
  owners: string[];
  /** Platform names of GET /api/getPlatformType. */
  platforms: string[];
}

const headerText = (c: BatchColumn) => (c.required ? `*${c.label}` : c.label);
const colLetter = (i: number) => {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

function formatOf(c: BatchColumn): string {
  if (c.kind === 'date') return 'YYYY-MM-DD';
  if (c.kind === 'enum') return `选一项：${(c.options ?? []).join(' / ')}`;
  if (c.kind === 'multi') return `可多项，用“、”分隔：${(c.options ?? []).join('、')}`;
  return '文本';
}

/**
 * The batch template (.xlsx): sheet 软件信息 with one row per software and the columns of BATCH_COLUMNS in the
 * R11 order (required ones marked *), a drop-down list on every enumerated column (lists on the hidden sheet 选项;
 * 著作权人 offers the user's registered owners), a filled example row (skipped at import) and the sheet 填写说明
 * with every limit. Text format on the data cells keeps 版本号 “1.0” from turning into the number 1.
 */
export async function buildTemplate(lists: TemplateLists): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '码著';
  wb.created = new Date();

  const ws = wb.addWorksheet(BATCH_SHEET_NAME, { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
  ws.columns = BATCH_COLUMNS.map((c) => ({ header: headerText(c), key: c.key, width: c.width, style: { numFmt: c.kind === 'date' ? 'yyyy-mm-dd' : '@' } }));
  const header = ws.getRow(1);
  header.height = 30;
  header.eachCell((cellObj, i) => {
    const c = (BATCH_COLUMNS as readonly BatchColumn[])[i - 1];
    cellObj.font = { bold: true, color: { argb: c?.required ? 'FFC00000' : 'FF1F2937' } };
    cellObj.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDBEAFE' } };
    cellObj.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
    cellObj.note = `${c?.note ?? ''}`;
  });

  const example: Record<string, string> = Object.fromEntries(BATCH_COLUMNS.map((c) => [c.key, c.example]));
  example.name = `${BATCH_EXAMPLE_MARK}${example.name}`;
  example.mainFunctions = EXAMPLE_MAIN_FUNCTIONS;
  if (lists.owners[0]) example.owners = lists.owners[0];
  const ex = ws.addRow(BATCH_COLUMNS.map((c) => example[c.key] ?? ''));
  ex.eachCell((cellObj) => {
    cellObj.font = { italic: true, color: { argb: 'FF6B7280' } };
    cellObj.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF3F4F6' } };
  });

  // Drop-down lists: one column of the hidden sheet per list.
  const opts = wb.addWorksheet(OPTIONS_SHEET, { state: 'hidden' });
  let listCol = 0;
  const dv = (ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations;
  const addList = (colIndex: number, values: readonly string[], strict: boolean, title: string) => {
    if (values.length === 0) return;
    const letter = colLetter(listCol++);
    opts.getCell(`${letter}1`).value = title;
    values.forEach((v, i) => (opts.getCell(`${letter}${i + 2}`).value = v));
    const col = colLetter(colIndex);
    dv.add(`${col}2:${col}${TEMPLATE_LAST_ROW}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`'${OPTIONS_SHEET}'!$${letter}$2:$${letter}$${values.length + 1}`],
      showErrorMessage: strict,
      errorStyle: 'stop',
      errorTitle: '请从下拉列表中选择',
      error: `「${title}」只能选择列表中的值`,
    });
  };
  BATCH_COLUMNS.forEach((c, i) => {
    if (c.kind === 'enum') addList(i, c.options ?? [], true, c.label);
    // Several values are typed with “、”: the list only offers them, it does not refuse a typed list.
    else if (c.kind === 'multi') addList(i, c.options ?? [], false, c.label);
    else if (c.key === 'owners') addList(i, lists.owners, false, c.label);
    else if (c.key === 'platform') addList(i, lists.platforms, false, c.label);
  });

  const help = wb.addWorksheet(INSTRUCTIONS_SHEET);
  help.columns = [
    { header: '列名', key: 'label', width: 24 },
    { header: '必填', key: 'required', width: 8 },
    { header: '格式 / 可选值', key: 'format', width: 60 },
    { header: '长度限制', key: 'max', width: 14 },
    { header: '说明', key: 'note', width: 60 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of BATCH_COLUMNS as readonly BatchColumn[]) {
    help.addRow({ label: c.label, required: c.required ? '是' : '否', format: formatOf(c), max: c.max ? `≤ ${c.max} 字` : '', note: c.note });
  }
  help.addRow({});
  const rules = [
    '填写规则',
    `1. 每个软件一行，从“${BATCH_SHEET_NAME}”表第 3 行开始填写；第 2 行（以“${BATCH_EXAMPLE_MARK}”开头）是示例，导入时自动跳过，可以删除。`,
    `2. 每个文件最多 ${BATCH_MAX_ROWS} 行（空行不计），文件不超过 ${Math.round(BATCH_MAX_FILE_BYTES / 1024 / 1024)} MB，只支持 .xlsx 格式；请不要改动表头，不要合并单元格。`,
    '3. 带 * 的列必须填写；其余列可以留空：申请表中的环境、开发目的、面向领域、主要功能、技术特点等文字留空时，下单后由系统按固定规则依据软件信息和上传的代码起草（标为“规则草稿”，不是 AI），可在生成前后修改。',
    `4. 日期写成 YYYY-MM-DD（例如 2025-06-30），也可以使用 Excel 日期格式；开发完成日期不能晚于今天，首次发表日期不能早于开发完成日期。`,
    `5. 软件的主要功能如填写，须为 ${PROJECT_LIMITS.mainFunctionsMin}–${PROJECT_LIMITS.mainFunctionsMax} 字（2026 年 3 月起的新版申请表）。`,
    '6. 著作权人须先在网站“知识产权人”页面登记，表中填写已登记的名称或证件号码；多个著作权人用“、”分隔。',
    '7. 源程序量不在表中填写：请在网页上为每个软件上传代码压缩包（.zip / .tar.gz），源程序量和编程语言以代码分析结果为准。没有上传代码的软件只生成操作手册和申请表，源程序材料须在上传真实代码后生成，系统不会编造代码。',
    '8. 公式单元格取其计算结果；错误值（如 #N/A）会被报告为错误。',
    '9. 导入后网页会逐行检查并报告“第 N 行「列名」：问题”，可以在网页上直接修改；同名、相似名称、主要功能高度相似或重复使用同一份代码的软件会标为“需注意”，须逐条确认后才能下单。',
    '10. 中国版权保护中心自 2026 年起重点打击非正常申请：同一软件换名称或版本号重复登记、没有真实开发的批量申请、材料不实等，请只为真实开发的软件申请登记。',
  ];
  for (const r of rules) help.addRow({ label: r }).getCell(1).font = { bold: r === rules[0] };

  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A row read from the workbook: its row number in the sheet, the cells as text, and problems of the cells themselves. */
export interface SheetRow {
  rowNo: number;
  values: BatchRowValues;
  errors: BatchCellError[];
}

export interface ParsedWorkbook {
  rows: SheetRow[];
  notices: string[];
}

const norm = (s: string) => s.replace(/[\s*＊]/g, '');
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** What the first bytes say the file is (never trust the extension). */
function sniff(buf: Buffer): 'xlsx' | 'ole' | 'text' | 'other' {
  if (buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04) return 'xlsx';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'ole';
  const head = buf.subarray(0, 2048);
  let printable = 0;
  for (const b of head) if (b === 9 || b === 10 || b === 13 || b >= 32) printable++;
  return head.length > 0 && printable / head.length > 0.95 ? 'text' : 'other';
}

/** A cell as text; `problem` when the cell holds something that is not a value (an error, a formula without result). */
function cellText(v: RawCell | undefined, date1904: boolean): { text: string; problem?: string } {
  if (!v) return { text: '' };
  switch (v.kind) {
    case 'text':
      return { text: v.text };
    case 'number':
      if (v.date) return { text: ymd(excelDate(v.value, date1904)) };
      return { text: Number.isInteger(v.value) ? String(v.value) : String(Number(v.value.toPrecision(12))) };
    case 'bool':
      return { text: v.value ? '是' : '否' };
    case 'error':
      return { text: '', problem: v.formula ? `公式的结果是错误值 ${v.error}` : `单元格是错误值 ${v.error}，请改为实际内容` };
    case 'no-result':
      return { text: '', problem: '公式没有计算结果，请在 Excel 中重新计算并保存，或把公式“粘贴为数值”' };
  }
}

/**
 * Reads an uploaded workbook: the cheap checks here (precheckWorkbook), then `readWorkbook` in the untrusted-file
 * thread. Throws AppError with a Chinese message (400 for the file, naming the limit it broke; 503 when busy).
 */
export async function parseWorkbook(buf: Buffer): Promise<ParsedWorkbook> {
  precheckWorkbook(buf);
  return filesPool().workbook(buf);
}

/**
 * Checks that cost nothing before a workbook is read (size, kind sniffed from the first bytes); throws 400 with a
 * Chinese message. The reading itself (`readWorkbook`) runs in a worker thread (jobs/files-pool.ts).
 */
export function precheckWorkbook(buf: Uint8Array): void {
  if (buf.length === 0) throw badRequest('上传的文件是空的');
  if (buf.length > BATCH_MAX_FILE_BYTES) throw badRequest(`表格文件不能超过 ${Math.round(BATCH_MAX_FILE_BYTES / 1024 / 1024)} MB`);
  const kind = sniff(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength));
  if (kind === 'ole') throw badRequest('这是旧版 Excel（.xls）或加密的文件：请在 Excel 中“另存为”Excel 工作簿（.xlsx）后再上传');
  if (kind === 'text') throw badRequest('文件内容是文本（例如 CSV），不是 Excel 工作簿：请用模板填写，或在 Excel 中“另存为”.xlsx 格式后再上传');
  if (kind !== 'xlsx') throw badRequest('只支持 Excel 工作簿（.xlsx）文件，请下载模板填写后上传');
}

/**
 * Reads a filled template (call after precheckWorkbook, off the main thread): finds the sheet (软件信息, else the first
 * visible sheet with a 软件全称 header in its first 10 rows), maps columns by their header text (order and unknown
 * columns do not matter), turns every cell into text (Excel dates become YYYY-MM-DD, formulas give their result),
 * skips empty rows and the example row, and reports merged cells per row. The package is streamed through
 * `batch.xlsx-read.ts` with the bounds of WORKBOOK_LIMITS checked while inflating and parsing; reading stops at the
 * first data row past BATCH_MAX_ROWS + the rows counted up to the row-element bound.
 * Throws WorkbookRefusal (Chinese message) for a damaged package, a limit hit, a sheet without the header, or more
 * than BATCH_MAX_ROWS rows.
 */
export async function readWorkbook(buf: Uint8Array): Promise<ParsedWorkbook> {
  const pkg = new XlsxPackage(buf);
  const { sheets: all, date1904, dateStyles, shared } = await readWorkbookParts(pkg);
  const ctx = { shared, dateStyles };
  const text = (c: RawCell | undefined) => cellText(c, date1904);

  const headerOf = async (sheet: SheetInfo): Promise<RawRow | undefined> => {
    let found: RawRow | undefined;
    await readSheet(pkg, sheet.part, ctx, (row, stop) => {
      if (row.r > 10) stop();
      for (const [c, cell] of row.cells) {
        if (c <= 60 && norm(text(cell).text) === '软件全称') {
          found = row;
          stop();
        }
      }
    });
    return found;
  };
  const sheets = all.filter((w) => !w.hidden);
  let ws: SheetInfo | undefined;
  let header: RawRow | undefined;
  for (const w of [...sheets.filter((x) => x.name === BATCH_SHEET_NAME), ...sheets]) {
    header = await headerOf(w);
    if (header) {
      ws = w;
      break;
    }
  }
  if (!ws || !header) throw new WorkbookRefusal(`表格中找不到表头“软件全称”：请使用下载的模板（工作表“${BATCH_SHEET_NAME}”），不要改动第一行的列名`);
  const headerRow = header.r;
  const notices: string[] = [];
  const ignored = sheets.filter((w) => w !== ws && w.name !== INSTRUCTIONS_SHEET).map((w) => w.name);
  if (ignored.length) notices.push(`只导入了工作表“${ws.name}”，已忽略其他工作表：${ignored.join('、')}`);

  // Columns by header text.
  const colOf = new Map<number, BatchColumn>();
  const unknown: string[] = [];
  for (const [c, cell] of [...header.cells].sort((a, b) => a[0] - b[0])) {
    const raw = text(cell).text;
    const col = (BATCH_COLUMNS as readonly BatchColumn[]).find((x) => norm(x.label) === norm(raw));
    if (col && ![...colOf.values()].includes(col)) colOf.set(c, col);
    else if (raw.trim()) unknown.push(raw.trim());
  }
  const missing = (BATCH_COLUMNS as readonly BatchColumn[]).filter((c) => c.required && ![...colOf.values()].includes(c)).map((c) => c.label);
  if (missing.length) throw new WorkbookRefusal(`表格缺少必填的列：${missing.join('、')}。请使用下载的模板，不要删除或改名列`);
  if (unknown.length) notices.push(`已忽略模板以外的列：${unknown.join('、')}`);

  const byRow = new Map<number, SheetRow>();
  const examples = new Set<number>();
  let total = 0;
  let lastRow = headerRow;
  const rowsOver = () => `每个文件最多 ${BATCH_MAX_ROWS} 行（不含表头、示例和空行），本文件有 ${total} 行，请拆分成多个文件上传`;
  let merges: string[];
  try {
  ({ merges } = await readSheet(pkg, ws.part, ctx, (row) => {
    if (row.r <= headerRow) return;
    lastRow = Math.max(lastRow, row.r);
    const values: Record<string, string> = {};
    const errors: BatchCellError[] = [];
    let any = false;
    for (const [c, col] of colOf) {
      const { text: t0, problem } = text(row.cells.get(c));
      const t = col.kind === 'date' && t0 ? (normalizeDate(t0) ?? t0.trim()) : t0.replace(/\r\n/g, '\n').trim();
      if (t) {
        values[col.key] = t;
        any = true;
      }
      if (problem) {
        errors.push({ column: col.label, message: problem });
        any = true;
      }
    }
    if (!any) return; // empty row
    if ((values.name ?? '').startsWith(BATCH_EXAMPLE_MARK)) {
      examples.add(row.r);
      return; // the template's example
    }
    total++;
    if (byRow.size < BATCH_MAX_ROWS + 1) byRow.set(row.r, { rowNo: row.r, values: values as BatchRowValues, errors });
  }));
  } catch (e) {
    // The row-element bound of a sheet with more rows than any batch may have: the row rule is what the user needs.
    if (e instanceof WorkbookRefusal && total > BATCH_MAX_ROWS) throw new WorkbookRefusal(rowsOver().replace('本文件有', '本文件超过'));
    throw e;
  }

  // Merged ranges below the header: every covered row gets an error on that column.
  for (const m of merges) {
    const [a, b = a] = m.split(':');
    const dec = (x: string | undefined) => {
      const mm = /^([A-Z]+)(\d+)$/.exec(x ?? '');
      return mm ? { col: [...mm[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0), row: Number(mm[2]) } : undefined;
    };
    const from = dec(a);
    const to = dec(b);
    if (!from || !to || to.row <= headerRow) continue;
    for (let r = Math.max(from.row, headerRow + 1); r <= Math.min(to.row, lastRow); r++) {
      if (examples.has(r)) continue;
      for (const [c, col] of colOf) {
        if (c < from.col || c > to.col) continue;
        let row = byRow.get(r);
        if (!row) {
          total++;
          if (byRow.size > BATCH_MAX_ROWS) continue;
          row = { rowNo: r, values: {} as BatchRowValues, errors: [] };
          byRow.set(r, row);
        }
        row.errors.push({ column: col.label, message: `单元格被合并（${m}），请取消合并，每个软件单独一行填写` });
      }
    }
  }
  if (total > BATCH_MAX_ROWS) throw new WorkbookRefusal(rowsOver());
  const rows = [...byRow.values()].sort((x, y) => x.rowNo - y.rowNo);
  if (rows.length === 0) throw new WorkbookRefusal(`表格中没有要导入的软件：请从“${BATCH_SHEET_NAME}”表第 3 行开始，每个软件填写一行`);
  return { rows, notices };
}

export type { BatchColumnKey };
