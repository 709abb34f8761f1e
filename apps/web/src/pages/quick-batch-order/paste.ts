import { BATCH_COLUMNS, BATCH_EXAMPLE_MARK, type BatchColumnKey, type BatchRowValues } from '@mazhu/contracts';

/**
 * Cells copied from a spreadsheet (Excel, WPS, LibreOffice put tab-separated text on the clipboard; a cell holding a
 * tab, a newline or a quote is wrapped in double quotes with quotes doubled). Returns rows of cells.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/\r\n?/g, '\n');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === '\t') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim()));
}

const norm = (s: string) => s.replace(/[\s*＊]/g, '');

/**
 * Pasted rows as table rows. A first row naming the template's headers (软件全称, 版本号…) maps the columns by name;
 * otherwise the columns are taken in the template's order. Empty rows and the template's example row are dropped.
 */
export function rowsFromPaste(text: string): BatchRowValues[] {
  const cells = parseTsv(text);
  if (cells.length === 0) return [];
  const header = cells[0]!.map(norm);
  const byName = header.includes('软件全称');
  const keys: (BatchColumnKey | undefined)[] = byName
    ? header.map((h) => BATCH_COLUMNS.find((c) => norm(c.label) === h)?.key)
    : BATCH_COLUMNS.map((c) => c.key);
  return cells
    .slice(byName ? 1 : 0)
    .map((r) => {
      const v: Record<string, string> = {};
      r.forEach((c, i) => {
        const k = keys[i];
        if (k && c.trim()) v[k] = c.trim();
      });
      return v as BatchRowValues;
    })
    .filter((v) => Object.keys(v).length > 0 && !(v.name ?? '').startsWith(BATCH_EXAMPLE_MARK));
}
