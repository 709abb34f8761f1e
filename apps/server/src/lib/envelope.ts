import { ApiCode, type Envelope } from '@mazhu/contracts';

/** `{code: 200, msg, data}` — the success envelope of every `/api/*` answer (spec §7). */
export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: ApiCode.Ok, msg, data };
}
