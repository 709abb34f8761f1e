import { describe, expect, it } from 'vitest';
import { checkChineseIdNumber, checkCreditCode, checkOwnerIdentity, maskIdNumber, ZOwnerInput } from './owners';

describe('居民身份证 (GB 11643-1999)', () => {
  it('accepts valid numbers, with X as the check digit in either case', () => {
    for (const id of ['11010519491231002X', '11010519491231002x', '440304199001011233', '320106198507150011', '1101 0519 4912 3100 2X']) {
      expect(checkChineseIdNumber(id), id).toBeNull();
    }
  });

  it('names the rule that failed', () => {
    expect(checkChineseIdNumber('110105194912310021')).toBe('居民身份证号码校验位不符（GB 11643-1999 第 18 位校验码），请核对号码是否输错');
    expect(checkChineseIdNumber('440304199001011232')).toMatch(/校验位不符/);
    // A typo in the middle is caught by the check digit too.
    expect(checkChineseIdNumber('440304199001021233')).toMatch(/校验位不符/);
    expect(checkChineseIdNumber('11010519491231002')).toMatch(/应为 18 位/);
    expect(checkChineseIdNumber('11010519491231002Y')).toMatch(/应为 18 位/);
    expect(checkChineseIdNumber('110105194913310028')).toMatch(/“19491331”不是有效日期/);
    expect(checkChineseIdNumber('110105209901010010', '2026-11-23')).toMatch(/出生日期/);
    expect(checkChineseIdNumber('010105194912310021')).toMatch(/行政区划代码/);
  });
});

describe('统一社会信用代码 (GB 32100-2015)', () => {
  it('accepts valid codes, lower case normalised', () => {
    for (const c of ['91350100M000100Y43', '911100007109288314', '12100000400000624D', '91350100m000100y43']) expect(checkCreditCode(c), c).toBeNull();
  });

  it('names the rule that failed', () => {
    expect(checkCreditCode('91350100M000100Y44')).toBe('统一社会信用代码校验位不符（GB 32100-2015 第 18 位校验码），请核对是否输错');
    expect(checkCreditCode('911100007109288315')).toMatch(/校验位不符/);
    expect(checkCreditCode('91350100M000100Y4')).toBe('统一社会信用代码应为 18 位（现 17 位）');
    expect(checkCreditCode('91350100M000100I43')).toMatch(/不含 I、O、S、V、Z/);
    expect(checkCreditCode('913501A0M000100Y43')).toMatch(/第 3–8 位应为行政区划代码/);
  });
});

describe('类别, 国籍 and 证件类型 agree', () => {
  const person = { category: '自然人', nationality: '中国', idType: '居民身份证', idNumber: '11010519491231002X' };
  const company = { category: '企业法人', nationality: '中国', idType: '统一社会信用代码', idNumber: '91350100M000100Y43' };
  it('accepts matching pairs', () => {
    expect(checkOwnerIdentity(person)).toBeNull();
    expect(checkOwnerIdentity(company)).toBeNull();
    expect(checkOwnerIdentity({ category: '自然人', nationality: '美国', idType: '护照', idNumber: 'E12345678' })).toBeNull();
    expect(checkOwnerIdentity({ category: '自然人', nationality: '中国', idType: '港澳居民来往内地通行证', idNumber: 'H12345678' })).toBeNull();
    expect(checkOwnerIdentity({ category: '企业法人', nationality: '日本', idType: '其他', idNumber: '0100-01-123456' })).toBeNull();
  });
  it('refuses a company with a personal document and a person with a credit code', () => {
    expect(checkOwnerIdentity({ ...company, idType: '居民身份证', idNumber: person.idNumber })).toBe('国籍为中国的企业法人应使用统一社会信用代码');
    expect(checkOwnerIdentity({ ...person, idType: '统一社会信用代码', idNumber: company.idNumber })).toMatch(/自然人的证件类型应为/);
    expect(checkOwnerIdentity({ ...person, nationality: '美国' })).toMatch(/居民身份证仅适用于国籍为中国/);
    expect(checkOwnerIdentity({ category: '自然人', nationality: '中国', idType: '港澳居民来往内地通行证', idNumber: 'X1234' })).toMatch(/H 或 M 开头/);
  });
  it('the request schema carries the message on 证件号码', () => {
    const r = ZOwnerInput.safeParse({ name: '张三', ...person, idNumber: '110105194912310021', province: '北京市', city: '北京市' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['idNumber'], message: expect.stringMatching(/校验位不符/) });
    const missingCity = ZOwnerInput.safeParse({ name: '张三', ...person, province: '北京市' });
    expect(missingCity.error?.issues[0]?.message).toBe('国籍为中国的著作权人请填写城市');
  });
});

describe('masking', () => {
  it('keeps the first 6 and last 4 characters of an 18-character number', () => {
    expect(maskIdNumber('110105194912310021')).toBe('110105********0021');
    expect(maskIdNumber('91350100M000100Y43')).toBe('913501********0Y43');
  });
  it('shows at most a third of a short number', () => {
    expect(maskIdNumber('E12345678')).toBe('E1******8');
    expect(maskIdNumber('H12345678').replace(/\*/g, '').length).toBeLessThanOrEqual(3);
  });
});
