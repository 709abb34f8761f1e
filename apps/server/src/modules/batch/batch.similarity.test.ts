import { describe, expect, it } from 'vitest';
import { normalizeDate } from './batch.rows';
import { findWarnings, jaccard, nameSimilarity, normalizeName, shingles } from './batch.similarity';

describe('near-duplicate measures', () => {
  it('treats names that differ only by ending, version, spaces or punctuation as the same', () => {
    expect(normalizeName('智慧仓储 管理系统 V2.0')).toBe('智慧仓储管理');
    expect(nameSimilarity('智慧仓储管理系统', '智慧仓储管理平台')).toBe(1);
    expect(nameSimilarity('智慧仓储管理系统', '智慧仓储管理云系统')).toBeGreaterThanOrEqual(0.8);
    expect(nameSimilarity('智慧仓储管理系统', '校园图书借阅系统')).toBeLessThan(0.3);
  });

  it('measures 主要功能 by 3-character shingles, ignoring punctuation', () => {
    const a = shingles('用户登录，数据录入、查询统计。');
    expect(jaccard(a, shingles('用户登录 数据录入 查询统计'))).toBe(1);
    expect(jaccard(a, shingles('订单打印与发货管理'))).toBe(0);
  });

  it('reports each pair on both rows and earlier projects on the row only, with the reason', async () => {
    const w = await findWarnings(
      [
        { rowNo: 3, name: '门店收银系统', version: 'V1.0', archive: 'x' },
        { rowNo: 4, name: '门店收银平台', version: 'V1.0', files: ['a', 'b', 'c'] },
        { rowNo: 5, name: '图书借阅系统', version: 'V1.0', archive: 'x', files: ['a', 'b', 'z'] },
      ],
      [{ projectId: 9, name: '图书借阅软件', version: 'V1.0' }],
    );
    expect(w.get(3)!.map((x) => x.code).sort()).toEqual(['SAME_ARCHIVE', 'SAME_NAME']);
    expect(w.get(4)!.map((x) => x.code).sort()).toEqual(['SAME_NAME', 'SAME_PAGES']);
    expect(w.get(5)!.find((x) => x.code === 'SAME_NAME')!.message).toBe('与您之前的项目「图书借阅软件 V1.0」名称相同');
    expect(w.get(5)!.find((x) => x.code === 'SAME_PAGES')!.message).toBe('与第 4 行「门店收银平台 V1.0」的源程序文件有 67% 相同');
    expect(w.get(3)!.every((x) => x.reason.length > 20)).toBe(true);
  });
});

describe('dates as people type them', () => {
  it('reads YYYY-MM-DD, slashes, dots, 年月日, 8 digits and Excel serial days; refuses impossible dates', () => {
    for (const s of ['2025-06-30', '2025/6/30', '2025.6.30', '2025年6月30日', '20250630', '45838']) expect(normalizeDate(s), s).toBe('2025-06-30');
    for (const s of ['2025-02-30', '2025-13-01', '30/06/2025', '明天']) expect(normalizeDate(s), s).toBeUndefined();
  });
});
