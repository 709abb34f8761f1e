import type { OwnerDetails, OwnerInput } from '@mazhu/contracts';
import type { App } from '../src/app';
import { body } from './helper';

/** A natural person with a valid 居民身份证 number (GB 11643-1999 example, check digit X). */
export const PERSON = { name: '张三', category: '自然人', nationality: '中国', province: '北京市', city: '北京市', idType: '居民身份证', idNumber: '11010519491231002X' } as const;
/** An enterprise with a valid 统一社会信用代码 (GB 32100-2015). */
export const COMPANY = { name: '码著科技有限公司', category: '企业法人', nationality: '中国', province: '福建省', city: '福州市', idType: '统一社会信用代码', idNumber: '91350100M000100Y43' } as const;

/** Factory: an owner added through POST /api/addIntellectual. */
export async function buildOwner(app: App, headers: Record<string, string>, input: OwnerInput = COMPANY): Promise<OwnerDetails> {
  const r = body<OwnerDetails>(await app.inject({ method: 'POST', url: '/api/addIntellectual', headers, payload: input }));
  if (r.code !== 200) throw new Error(`addIntellectual: ${r.msg}`);
  return r.data;
}
