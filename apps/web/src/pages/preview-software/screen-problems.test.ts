import { describe, expect, it } from 'vitest';
import type { ScreenSpec } from '@mazhu/contracts';
import { screenProblems } from './screen-problems';

const CHART: ScreenSpec = {
  key: 'module-2',
  kind: 'chart',
  title: '库存统计',
  fields: [],
  columns: ['月份', '入库数量'],
  rows: [['6月', '120']],
  buttons: ['查询'],
  stats: [{ label: '本月新增', value: '120' }],
  chart: { labels: ['5月', '6月'], values: [80, 120] },
  groups: [],
};

const messages = (spec: ScreenSpec) => screenProblems(spec).map((p) => `${p.path}: ${p.message}`);

describe('screenProblems (what the side panel says about a screen the schema refuses)', () => {
  it('has nothing to say about a valid screen', () => {
    expect(screenProblems(CHART)).toEqual([]);
  });

  it('names the cell by its column, the statistic card and the chart point by their position', () => {
    expect(
      messages({
        ...CHART,
        rows: [['6月', '入'.repeat(41)]],
        stats: [{ label: ' ', value: '120' }],
        chart: { labels: ['5月', '九个字的月份名称啊'], values: [-3, Number.NaN] },
      }),
    ).toEqual([
      'rows.0.1: 第 1 行的“入库数量”不能超过 40 个字',
      'stats.0.label: 第 1 个统计卡片的名称不能为空',
      'chart.labels.1: 图表第 2 个数据点的名称不能超过 8 个字',
      'chart.values.0: 图表第 1 个数据点的数值不能小于 0',
      'chart.values.1: 图表第 2 个数据点的数值请填写数字',
    ]);
  });

  it('reports lists over their bounds and empty names of the other elements', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => [`${i + 1}月`, '1']);
    expect(messages({ ...CHART, title: '', columns: ['月份', ''], rows: eleven, stats: [...CHART.stats, ...CHART.stats, ...CHART.stats, ...CHART.stats, ...CHART.stats] })).toEqual([
      'title: 页面标题不能为空',
      'columns.1: 第 2 列的名称不能为空',
      'rows: 表格最多 10 行',
      'stats: 统计卡片最多 4 个',
    ]);
    expect(messages({ ...CHART, chart: { labels: [], values: [1e10] } })).toEqual(['chart.values.0: 图表第 1 个数据点的数值不能超过 1000000000']);
  });
});
