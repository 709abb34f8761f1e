import { describe, expect, it } from 'vitest';
import { displayWidth, wrapByWidth } from './width';

describe('display width', () => {
  it('counts CJK and fullwidth characters as two columns', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('用户登录')).toBe(8);
    expect(displayWidth('a，b')).toBe(4);
    expect(displayWidth('😀')).toBe(2);
    expect(displayWidth('e\u0301')).toBe(1);
  });
  it('wraps by columns without splitting a wide character and without losing text', () => {
    const line = 'const 提示 = "用户名或密码错误，请重新输入";';
    for (const cols of [5, 9, 10, 11, 40]) {
      const segs = wrapByWidth(line, cols);
      expect(segs.join('')).toBe(line);
      for (const s of segs) expect(displayWidth(s)).toBeLessThanOrEqual(cols);
    }
    expect(wrapByWidth('中文中文中', 4)).toEqual(['中文', '中文', '中']);
    expect(wrapByWidth('a'.repeat(10), 4)).toEqual(['aaaa', 'aaaa', 'aa']);
  });
});

describe('ambiguous punctuation in Chinese text', () => {
  it('plans quotes, ellipsis, dashes and box drawing as two columns', () => {
    expect(displayWidth('“提示”')).toBe(8);
    expect(displayWidth('……')).toBe(4);
    expect(displayWidth('——')).toBe(4);
    expect(displayWidth('├─')).toBe(4);
    expect(displayWidth('é')).toBe(1);
  });
});
