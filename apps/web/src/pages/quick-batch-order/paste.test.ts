import { describe, expect, it } from 'vitest';
import { parseTsv, rowsFromPaste } from './paste';

describe('pasting rows from a spreadsheet', () => {
  it('reads tab-separated cells, quoted cells with newlines and tabs, and skips empty lines', () => {
    expect(parseTsv('a\tb\r\n\r\n"多行\n文字"\t"含""引号"""\n')).toEqual([
      ['a', 'b'],
      ['多行\n文字', '含"引号"'],
    ]);
  });

  it('maps columns by the template order, or by a pasted header row', () => {
    expect(rowsFromPaste('仓储管理系统\t仓储\tV1.0\n')).toEqual([{ name: '仓储管理系统', shortName: '仓储', version: 'V1.0' }]);
    expect(rowsFromPaste('*版本号\t*软件全称\t开发完成日期\nV2.0\t排班系统\t2025-01-02\nV1.0\t【示例】智慧仓储管理系统\t\n')).toEqual([
      { version: 'V2.0', name: '排班系统', completionDate: '2025-01-02' },
    ]);
  });
});
