import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { plainNumber } from './validation';

describe('plainNumber: numbers written as text, read strictly', () => {
  const amount = plainNumber(z.number());

  it('reads plain base-10 integers and decimals, and JSON numbers as they are', () => {
    for (const [input, value] of [['12', 12], ['-3', -3], ['0.5', 0.5], [' 7 ', 7], ['007', 7], [12, 12], [-0.25, -0.25]] as const) {
      expect(amount.parse(input), String(input)).toBe(value);
    }
  });

  it('refuses hexadecimal, exponents, signs, separators and empty text with a Chinese message, never a silent 0 or 16', () => {
    for (const input of ['0x10', '0b11', '1e3', '+5', '1,000', '.5', '5.', 'Infinity', 'NaN', '', '  ', '１２']) {
      const r = amount.safeParse(input);
      expect(r.success, JSON.stringify(input)).toBe(false);
      expect(r.error!.issues[0]!.message).toBe('应填写十进制数字，如 12 或 0.5');
    }
  });

  it('refuses null, arrays, booleans and objects instead of reading them as 0 or 1', () => {
    for (const input of [null, [], [5], true, false, {}]) expect(amount.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });

  it('keeps the rules and messages of the schema it wraps', () => {
    const id = plainNumber(z.number({ error: '请指定编号' }).int('编号必须为整数').positive('编号无效'));
    expect(id.safeParse('1.5').error!.issues[0]!.message).toBe('编号必须为整数');
    expect(id.safeParse('0').error!.issues[0]!.message).toBe('编号无效');
    expect(id.safeParse(undefined).error!.issues[0]!.message).toBe('请指定编号');
    expect(plainNumber(z.number()).default(3).parse(undefined)).toBe(3);
    expect(plainNumber(z.number()).optional().parse(undefined)).toBeUndefined();
  });
});
