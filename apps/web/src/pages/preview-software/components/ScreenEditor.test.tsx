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
    expect(screen.getByTestId('edit-columns')).toBeTruthy();
    expect(screen.queryByTestId('edit-fields')).toBeNull();
    expect(screen.queryByTestId('edit-buttons')).toBeNull();
  });
});
