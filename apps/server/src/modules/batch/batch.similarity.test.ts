import { describe, expect, it } from 'vitest';
import { normalizeDate } from './batch.rows';
import { findWarnings, identityName, jaccard, nameSimilarity, normalizeName, shingles } from './batch.similarity';

describe('near-duplicate measures', () => {
  it('treats names that differ only by version, spaces or punctuation as the same, and by the ending as similar', () => {
    expect(normalizeName('智慧仓储 管理系统 V2.0')).toBe('智慧仓储管理');
    expect(identityName('智慧仓储 管理系统 V2.0')).toBe(identityName('智慧仓储管理系统'));
    expect(identityName('智慧仓储管理系统')).not.toBe(identityName('智慧仓储管理平台'));
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
    // 系统 vs 平台 is a similar name, not the same name.
    expect(w.get(3)!.map((x) => x.code).sort()).toEqual(['SAME_ARCHIVE', 'SIMILAR_NAME']);
    expect(w.get(3)!.find((x) => x.code === 'SIMILAR_NAME')!.message).toBe('与第 4 行「门店收银平台 V1.0」名称只有结尾不同（“系统”与“平台”），属于名称高度相似');
    expect(w.get(4)!.map((x) => x.code).sort()).toEqual(['SAME_PAGES', 'SIMILAR_NAME']);
    expect(w.get(5)!.find((x) => x.code === 'SIMILAR_NAME')!.message).toBe('与您之前的项目「图书借阅软件 V1.0」名称只有结尾不同（“系统”与“软件”），属于名称高度相似');
    expect(w.get(5)!.find((x) => x.code === 'SAME_PAGES')!.message).toBe('与第 4 行「门店收银平台 V1.0」的源程序文件有 67% 相同');
    expect(w.get(3)!.every((x) => x.reason.length > 20)).toBe(true);
  });

  it('reports the same name as the same, and identical 主要功能 wording apart from similar wording', async () => {
    const text = '用户登录后可以录入仓库、库位和货品，办理入库、出库与盘点，并按日期查询库存流水和统计报表。'.repeat(3);
    const w = await findWarnings(
      [
        { rowNo: 1, name: '智慧仓储管理系统', version: 'V1.0', mainFunctions: text },
        { rowNo: 2, name: '智慧仓储 管理系统', version: 'V2.0', mainFunctions: text.replace(/。/g, '；') },
        { rowNo: 3, name: '校园图书借阅系统', version: 'V1.0', mainFunctions: text.replace('统计报表', '借阅排行') },
      ],
      [],
    );
    expect(w.get(1)!.find((x) => x.code === 'SAME_NAME')!.message).toBe('与第 2 行「智慧仓储 管理系统 V2.0」名称相同（仅版本号不同）');
    const fn = w.get(1)!.filter((x) => x.code === 'SIMILAR_FUNCTIONS').map((x) => x.message);
    expect(fn).toContain('“软件的主要功能”与第 2 行「智慧仓储 管理系统 V2.0」完全相同');
    expect(fn.find((m) => m.includes('第 3 行'))).toMatch(/高度相似（相似度 \d+%）$/);
  });
});

describe('dates as people type them', () => {
  it('reads YYYY-MM-DD, slashes, dots, 年月日, 8 digits and Excel serial days; refuses impossible dates', () => {
    for (const s of ['2025-06-30', '2025/6/30', '2025.6.30', '2025年6月30日', '20250630', '45838']) expect(normalizeDate(s), s).toBe('2025-06-30');
    for (const s of ['2025-02-30', '2025-13-01', '30/06/2025', '明天']) expect(normalizeDate(s), s).toBeUndefined();
  });
});
