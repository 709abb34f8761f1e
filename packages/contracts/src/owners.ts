import * as z from 'zod';
import { ZPageQuery } from './envelope';
import { plainNumber } from './validation';

/**
 * Copyright owners (著作权人) — the registry at /owner, reused by every project's application form.
 * Fields follow the R11 form (shared/spec/cpcc-materials.md, "Application form" → 著作权人): 名称, 类别, 国籍,
 * 省份, 城市, 证件类型, 证件号码, plus optional contact fields.
 *
 * Calls (all need sign-in; another user's id always answers 404 「著作权人不存在或无权访问」):
 *   POST /api/getIntellectualList     ZOwnerListQuery   → Page<OwnerListItem>   (证件号码 masked)
 *   POST /api/addIntellectual         ZOwnerInput       → OwnerDetails
 *   POST /api/editIntellectual        ZEditOwnerRequest → OwnerDetails
 *   GET  /api/getIntellectualDetails?id=                → OwnerDetails          (the one answer with the whole number)
 *   GET  /api/delIntellectual?id=                       → null (refused with the project names while a project uses it)
 *
 * 证件号码 is personal data: stored encrypted (AES-256-GCM), masked in lists and logs (110105********1234).
 */

/** 著作权人类别 (R11). */
export const OWNER_CATEGORIES = ['自然人', '企业法人', '机关法人', '事业单位法人', '社会团体法人', '其他组织'] as const;
export type OwnerCategory = (typeof OWNER_CATEGORIES)[number];
/** 证件类型 (R11). */
export const ID_TYPES = ['居民身份证', '统一社会信用代码', '护照', '港澳居民来往内地通行证', '台湾居民来往大陆通行证', '其他'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** 证件类型 a natural person may hold. */
export const PERSON_ID_TYPES: readonly IdType[] = ['居民身份证', '护照', '港澳居民来往内地通行证', '台湾居民来往大陆通行证', '其他'];
/** 证件类型 of a legal person or other organisation: a Chinese one has a 统一社会信用代码; a foreign one files 其他. */
export const ORGANISATION_ID_TYPES: readonly IdType[] = ['统一社会信用代码', '其他'];

export const OWNER_LIMITS = { nameMax: 100, placeMax: 30, contactMax: 50, phoneMax: 30, emailMax: 60, addressMax: 200, idNumberMax: 30 } as const;

/** Default 国籍 (the form's first choice). */
export const CHINA = '中国';

const GB11643_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const GB11643_CHECK = '10X98765432';
/** GB 32100-2015 code alphabet: digits and capitals without I, O, S, V, Z. */
const GB32100_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const GB32100_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Canonical form of an identity number: spaces removed, letters upper-case. */
export const normalizeIdNumber = (v: string): string => v.replace(/\s+/g, '').toUpperCase();

/** Check digit (0–9 or X) of the first 17 digits of a 居民身份证 number, GB 11643-1999 (ISO 7064 MOD 11-2). */
export function chineseIdCheckDigit(first17: string): string {
  let s = 0;
  for (let i = 0; i < 17; i++) s += (first17.charCodeAt(i) - 48) * GB11643_WEIGHTS[i]!;
  return GB11643_CHECK[s % 11]!;
}

/** Check character of the first 17 characters of a 统一社会信用代码, GB 32100-2015 (weights 3^i mod 31, mod 31). */
export function creditCodeCheckChar(first17: string): string {
  let s = 0;
  for (let i = 0; i < 17; i++) s += GB32100_ALPHABET.indexOf(first17[i]!) * GB32100_WEIGHTS[i]!;
  return GB32100_ALPHABET[(31 - (s % 31)) % 31]!;
}

function realDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * Checks a 居民身份证 number (GB 11643-1999): 18 characters (17 digits + a digit or X), a 6-digit address code,
 * a real birth date (1900 to today) and the check digit. Returns the Chinese message naming the rule that failed,
 * or null when the number is valid. `today` (YYYY-MM-DD) bounds the birth date.
 */
export function checkChineseIdNumber(raw: string, today = new Date().toISOString().slice(0, 10)): string | null {
  const id = normalizeIdNumber(raw);
  if (!/^\d{17}[\dX]$/.test(id)) return '居民身份证号码应为 18 位：前 17 位数字，最后一位为数字或 X';
  if (id[0] === '0' || id[0] === '9') return '居民身份证号码前 6 位应为行政区划代码（地址码）';
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (y < 1900 || !realDate(y, m, d) || birth > today) return `居民身份证号码第 7–14 位应为出生日期，“${id.slice(6, 14)}”不是有效日期`;
  if (chineseIdCheckDigit(id.slice(0, 17)) !== id[17]) return '居民身份证号码校验位不符（GB 11643-1999 第 18 位校验码），请核对号码是否输错';
  return null;
}

/**
 * Checks a 统一社会信用代码 (GB 32100-2015): 18 characters from the code alphabet (digits and capitals without
 * I, O, S, V, Z), a 6-digit administrative-division code in positions 3–8, and the check character. Returns the
 * Chinese message naming the rule that failed, or null when valid.
 */
export function checkCreditCode(raw: string): string | null {
  const c = normalizeIdNumber(raw);
  if (c.length !== 18) return `统一社会信用代码应为 18 位（现 ${c.length} 位）`;
  if (![...c].every((ch) => GB32100_ALPHABET.includes(ch))) return '统一社会信用代码只能由数字和大写字母组成（不含 I、O、S、V、Z）';
  if (!/^\d{6}$/.test(c.slice(2, 8))) return '统一社会信用代码第 3–8 位应为行政区划代码（6 位数字）';
  if (creditCodeCheckChar(c.slice(0, 17)) !== c[17]) return '统一社会信用代码校验位不符（GB 32100-2015 第 18 位校验码），请核对是否输错';
  return null;
}

/** True when `id` is a valid 居民身份证 number (GB 11643-1999). */
export const isValidChineseIdNumber = (id: string): boolean => checkChineseIdNumber(id) === null;
/** True when `code` is a valid 统一社会信用代码 (GB 32100-2015). */
export const isValidCreditCode = (code: string): boolean => checkCreditCode(code) === null;

/**
 * Checks that 类别, 国籍 and 证件类型 agree and that 证件号码 is well formed for its type. A natural person holds a
 * personal document (never a 统一社会信用代码); a Chinese legal person or organisation holds a 统一社会信用代码 and a
 * foreign one files 其他; a 居民身份证 belongs to a Chinese national. Returns a Chinese message or null.
 * Used by the server's schemas and the web form's live validation (one rule, both sides).
 */
export function checkOwnerIdentity(o: { category: string; nationality?: string; idType: string; idNumber: string }, today?: string): string | null {
  const chinese = (o.nationality ?? CHINA).trim() === CHINA;
  const idType = o.idType as IdType;
  if (o.category === '自然人') {
    if (!PERSON_ID_TYPES.includes(idType)) return '自然人的证件类型应为居民身份证、护照、港澳或台湾居民通行证等个人证件，不能是统一社会信用代码';
    if (idType === '居民身份证' && !chinese) return '居民身份证仅适用于国籍为中国的自然人，外籍人士请选择护照';
  } else if (chinese && idType !== '统一社会信用代码') {
    return `国籍为中国的${o.category}应使用统一社会信用代码`;
  } else if (!chinese && !ORGANISATION_ID_TYPES.includes(idType)) {
    return `${o.category}的证件类型应为统一社会信用代码或其他`;
  }
  const id = normalizeIdNumber(o.idNumber);
  if (!id) return '请输入证件号码';
  switch (idType) {
    case '居民身份证':
      return checkChineseIdNumber(id, today);
    case '统一社会信用代码':
      return checkCreditCode(id);
    case '护照':
      return /^[A-Z0-9]{5,17}$/.test(id) ? null : '护照号码应为 5–17 位字母或数字';
    case '港澳居民来往内地通行证':
      return /^[HM]\d{8}(\d{2})?$/.test(id) ? null : '港澳居民来往内地通行证号码应以 H 或 M 开头，后接 8 或 10 位数字';
    case '台湾居民来往大陆通行证':
      return /^\d{8}(\d{2})?$/.test(id) ? null : '台湾居民来往大陆通行证号码应为 8 或 10 位数字';
    default:
      return id.length >= 2 && id.length <= OWNER_LIMITS.idNumberMax ? null : `证件号码应为 2–${OWNER_LIMITS.idNumberMax} 个字符`;
  }
}

/**
 * Masks an identity number for lists and logs: the first 6 and the last 4 characters stay, the rest become `*`
 * (110105194912310021 → 110105********0021). Short numbers keep less: at most a third of the characters is shown.
 */
export function maskIdNumber(id: string): string {
  const v = normalizeIdNumber(id);
  if (v.length >= 14) return v.slice(0, 6) + '*'.repeat(v.length - 10) + v.slice(-4);
  const keep = Math.floor(v.length / 3);
  const head = Math.ceil(keep / 2);
  const tail = keep - head;
  return v.slice(0, head) + '*'.repeat(v.length - keep) + (tail ? v.slice(-tail) : '');
}

const optText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).meta({ title: label }).optional();

const ZOwnerFields = z.object({
  /** 名称: the person's or organisation's full name, exactly as on the identity document. */
  name: z
    .string({ error: '请输入著作权人名称' })
    .trim()
    .min(1, '请输入著作权人名称')
    .max(OWNER_LIMITS.nameMax, `著作权人名称不能超过 ${OWNER_LIMITS.nameMax} 个字符`)
    .meta({ title: '名称' }),
  category: z.enum(OWNER_CATEGORIES, { error: '请选择著作权人类别（自然人、企业法人、机关法人、事业单位法人、社会团体法人或其他组织）' }).meta({ title: '类别' }),
  nationality: z.string().trim().min(1, '请输入国籍').max(OWNER_LIMITS.placeMax, `国籍不能超过 ${OWNER_LIMITS.placeMax} 个字符`).meta({ title: '国籍' }).default(CHINA),
  /** 省份 and 城市 (the form asks both for a Chinese owner). */
  province: optText('省份', OWNER_LIMITS.placeMax),
  city: optText('城市', OWNER_LIMITS.placeMax),
  idType: z.enum(ID_TYPES, { error: '请选择证件类型' }).meta({ title: '证件类型' }),
  idNumber: z
    .string({ error: '请输入证件号码' })
    .max(OWNER_LIMITS.idNumberMax + 10, `证件号码不能超过 ${OWNER_LIMITS.idNumberMax} 个字符`)
    .transform(normalizeIdNumber)
    .pipe(z.string().min(1, '请输入证件号码'))
    .meta({ title: '证件号码' }),
  /** Optional contact fields (not printed on the application form). */
  contactName: optText('联系人', OWNER_LIMITS.contactMax),
  contactPhone: optText('联系电话', OWNER_LIMITS.phoneMax),
  email: optText('电子邮箱', OWNER_LIMITS.emailMax),
  address: optText('详细地址', OWNER_LIMITS.addressMax),
});

/** 省份 and 城市 are required for a Chinese owner (the R11 form asks for both). */
function checkPlaces(o: { nationality?: string; province?: string; city?: string }): { path: string; message: string } | null {
  if ((o.nationality ?? CHINA) !== CHINA) return null;
  if (!o.province) return { path: 'province', message: '国籍为中国的著作权人请填写省份' };
  if (!o.city) return { path: 'city', message: '国籍为中国的著作权人请填写城市' };
  return null;
}

function refineOwner(o: z.output<typeof ZOwnerFields>, ctx: z.RefinementCtx): void {
  const place = checkPlaces(o);
  if (place) ctx.addIssue({ code: 'custom', path: [place.path], message: place.message });
  const msg = checkOwnerIdentity(o);
  if (msg) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: msg });
}

/** POST /api/addIntellectual — a new owner. 证件号码 is checked against its type (checkOwnerIdentity). */
export const ZOwnerInput = ZOwnerFields.superRefine(refineOwner);
export type OwnerInput = z.input<typeof ZOwnerInput>;

/** POST /api/editIntellectual — `id` plus the whole owner (the form edits every field; checked as on add). */
export const ZEditOwnerRequest = ZOwnerFields.extend({
  id: plainNumber(z.number({ error: '请指定著作权人' }).int().positive('著作权人编号无效')).meta({ title: '著作权人编号' }),
}).superRefine(refineOwner);
export type EditOwnerRequest = z.input<typeof ZEditOwnerRequest>;

/** POST /api/getIntellectualList — `keyword` matches the name, or a whole 证件号码 exactly. */
export const ZOwnerListQuery = ZPageQuery.extend({
  keyword: z.string().trim().max(50, '关键词不能超过 50 个字符').optional(),
  category: z.enum(OWNER_CATEGORIES, { error: '著作权人类别无效' }).meta({ title: '类别' }).optional(),
});
export type OwnerListQuery = z.input<typeof ZOwnerListQuery>;

/** An owner as listed: 证件号码 masked. */
export const ZOwnerListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(OWNER_CATEGORIES),
  nationality: z.string(),
  province: z.string(),
  city: z.string(),
  idType: z.enum(ID_TYPES),
  /** e.g. 110105********0021. */
  idNumberMasked: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  email: z.string(),
  address: z.string(),
  /** Projects naming this owner (a used owner cannot be deleted). */
  projectCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnerListItem = z.infer<typeof ZOwnerListItem>;

/** GET /api/getIntellectualDetails — the owner with the whole 证件号码 (only to its user). */
export const ZOwnerDetails = ZOwnerListItem.extend({ idNumber: z.string() });
export type OwnerDetails = z.infer<typeof ZOwnerDetails>;

/** One line for pickers and logs: 名称（类别，证件类型 masked）. */
export const ownerLabel = (o: Pick<OwnerListItem, 'name' | 'category' | 'idType' | 'idNumberMasked'>): string =>
  `${o.name}（${o.category}，${o.idType} ${o.idNumberMasked}）`;
