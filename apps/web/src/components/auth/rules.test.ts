import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import { accountFields, accountRules, codeRules, isAccount } from './rules';

const blurValidator = accountRules.find((r): r is RuleObject => typeof r === 'object' && 'validator' in r && Boolean(r.validator))!;
const validate = (v: string) => blurValidator.validator!(blurValidator, v, () => undefined);

describe('account rules (spec §5)', () => {
  it('a valid mainland mobile is sent as mobile with codeType 1, anything else as email with codeType 2', () => {
    expect(accountFields('13800138000')).toEqual({ mobile: '13800138000', codeType: 1 });
    expect(accountFields(' zhang@example.cn ')).toEqual({ email: 'zhang@example.cn', codeType: 2 });
    expect(accountFields('12800138000')).toEqual({ email: '12800138000', codeType: 2 });
  });

  it('accepts a mobile or an e-mail', () => {
    expect(isAccount('19912345678')).toBe(true);
    expect(isAccount('li.si@corp.com.cn')).toBe(true);
    expect(isAccount('1380013800')).toBe(false);
    expect(isAccount('a@b.c')).toBe(false);
  });

  it('uses the spec messages: 请输入手机号 (required), 请输入合法的手机号 on blur, max 50', async () => {
    expect(accountRules[0]).toMatchObject({ required: true, message: '请输入手机号' });
    expect(accountRules[1]).toMatchObject({ max: 50 });
    expect(blurValidator.validateTrigger).toBe('onBlur');
    await expect(validate('12345')).rejects.toThrow('请输入合法的手机号');
    await expect(validate('13800138000')).resolves.toBeUndefined();
    await expect(validate('')).resolves.toBeUndefined();
  });

  it('verification code: 请输入验证码, at most 6', () => {
    expect(codeRules).toEqual([
      expect.objectContaining({ required: true, message: '请输入验证码' }),
      expect.objectContaining({ max: 6 }),
    ]);
  });
});
