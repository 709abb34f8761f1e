import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '@mazhu/contracts';
import ScreenEditor from './ScreenEditor';

const LIST: ScreenSpec = {
  key: 'module-1',
  kind: 'list',
  title: '入库管理',
  fields: [{ label: '入库单号', value: '', type: 'text' }],
  columns: ['入库单号', '供应商', '状态'],
  rows: [
    ['RK001', '华东仓', '已完成'],
    ['RK002', '华南仓', '待审核'],
  ],
  buttons: ['新增', '导出'],
  stats: [],
  groups: [],
};

const CHART: ScreenSpec = {
  key: 'module-2',
  kind: 'chart',
  title: '库存统计',
  fields: [],
  columns: ['月份', '入库数量'],
  rows: [['6月', '120']],
  buttons: ['查询'],
  stats: [],
  chart: { labels: ['5月', '6月'], values: [80, 120] },
  groups: [],
};

describe('ScreenEditor (side panel of /preview-software)', () => {
  afterEach(cleanup);

  it('moves and removes a table column together with its sample data', () => {
    const onChange = vi.fn();
    const { rerender } = render(<ScreenEditor spec={LIST} onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('下移列“入库单号”'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ columns: ['供应商', '入库单号', '状态'], rows: [['华东仓', 'RK001', '已完成'], ['华南仓', 'RK002', '待审核']] }));
    rerender(<ScreenEditor spec={LIST} onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('删除列“供应商”'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ columns: ['入库单号', '状态'], rows: [['RK001', '已完成'], ['RK002', '待审核']] }));
  });

  it('reorders buttons, so another one becomes the primary action', () => {
    const onChange = vi.fn();
    render(<ScreenEditor spec={LIST} onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('上移按钮“导出”'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ buttons: ['导出', '新增'] }));
  });

  it('offers only the elements the kind of screen draws', () => {
    render(<ScreenEditor spec={{ ...LIST, kind: 'main', key: 'main', title: '首页' }} onChange={vi.fn()} />);
    for (const id of ['edit-columns', 'edit-rows', 'edit-stats', 'edit-chart']) expect(screen.getByTestId(id)).toBeTruthy();
    expect(screen.queryByTestId('edit-fields')).toBeNull();
    expect(screen.queryByTestId('edit-buttons')).toBeNull();
    cleanup();
    render(<ScreenEditor spec={LIST} onChange={vi.fn()} />);
    expect(screen.getByTestId('edit-rows')).toBeTruthy();
    expect(screen.queryByTestId('edit-stats')).toBeNull();
    expect(screen.queryByTestId('edit-chart')).toBeNull();
  });

  it('edits a sample cell under its column, adds an empty row and removes one; at 10 rows adding stops', () => {
    const onChange = vi.fn();
    const { rerender } = render(<ScreenEditor spec={LIST} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('第 2 行 供应商'), { target: { value: '西北仓' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ rows: [['RK001', '华东仓', '已完成'], ['RK002', '西北仓', '待审核']] }));
    fireEvent.click(screen.getByRole('button', { name: /添加行/ }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ rows: [...LIST.rows, ['', '', '']] }));
    fireEvent.click(screen.getByLabelText('删除行“RK001”'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ rows: [['RK002', '华南仓', '待审核']] }));
    expect(screen.getByLabelText('第 1 行 入库单号').getAttribute('maxlength')).toBe('40');

    const ten = Array.from({ length: 10 }, (_, i) => [`RK0${i}`, '华东仓', '已完成']);
    rerender(<ScreenEditor spec={{ ...LIST, rows: ten }} onChange={onChange} />);
    expect(screen.getByRole('button', { name: /添加行/ }).hasAttribute('disabled')).toBe(true);
  });

  it('edits statistic cards (at most 4) and says which one has no name', () => {
    const onChange = vi.fn();
    const stats = [
      { label: '库存总量', value: '1280' },
      { label: '本月新增', value: '96' },
    ];
    const { rerender } = render(<ScreenEditor spec={{ ...CHART, stats }} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('第 2 个统计卡片数值'), { target: { value: '108' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ stats: [stats[0], { label: '本月新增', value: '108' }] }));
    fireEvent.click(screen.getByTestId('edit-stats').querySelector('.pv-section-head button')!);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ stats: [...stats, { label: '指标3', value: '0' }] }));

    rerender(<ScreenEditor spec={{ ...CHART, stats: [...stats, { label: '', value: '3' }, { label: '完成率', value: '98%' }] }} onChange={onChange} />);
    expect(screen.getByTestId('edit-stats').textContent).toContain('第 3 个统计卡片的名称不能为空');
    expect(screen.getByTestId('edit-stats').querySelector<HTMLButtonElement>('.pv-section-head button')!.disabled).toBe(true);
  });

  it('edits chart points as name and value together; a negative or missing value is explained', () => {
    const onChange = vi.fn();
    const { rerender } = render(<ScreenEditor spec={CHART} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('第 2 个数据点数值'), { target: { value: '150' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ chart: { labels: ['5月', '6月'], values: [80, 150] } }));
    fireEvent.click(screen.getByLabelText('删除数据点“5月”'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ chart: { labels: ['6月'], values: [120] } }));
    fireEvent.click(screen.getByTestId('edit-chart').querySelector('.pv-section-head button')!);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ chart: { labels: ['5月', '6月', '项3'], values: [80, 120, 0] } }));
    expect(screen.getByLabelText('第 1 个数据点名称').getAttribute('maxlength')).toBe('8');

    rerender(<ScreenEditor spec={{ ...CHART, chart: { labels: ['5月', '6月'], values: [-5, Number.NaN] } }} onChange={onChange} />);
    const text = screen.getByTestId('edit-chart').textContent;
    expect(text).toContain('图表第 1 个数据点的数值不能小于 0');
    expect(text).toContain('图表第 2 个数据点的数值请填写数字');
  });
});
