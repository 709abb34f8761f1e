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

describe('prose wrapping for the manual', async () => {
  const { wrapProse } = await import('../manual/manual');
  it('never starts a line with closing punctuation and never cuts a Latin word', () => {
    const text = '本系统是一套面向软件开发企业和个人开发者的软件著作权登记材料准备平台，支持 TypeScript、JavaScript 和 Python 等编程语言。';
    for (const cols of [20, 21, 22, 23, 30, 31]) {
      const lines = wrapProse(text, cols);
      expect(lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, '')); // only spaces at breaks are dropped
      for (const l of lines) {
        expect(displayWidth(l)).toBeLessThanOrEqual(cols);
        expect('，。、；：！？）'.includes(l[0])).toBe(false);
      }
      expect(lines.some((l) => /[A-Za-z]$/.test(l) && /^[A-Za-z]/.test(lines[lines.indexOf(l) + 1] ?? ''))).toBe(false);
    }
  });
});
