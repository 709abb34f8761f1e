import * as z from 'zod';
import { plainNumber } from './validation';

export { ApiCode, SIGN_OUT_CODES, type Envelope } from './codes';

/** Builds the zod schema of an envelope around `data`. */
export const ZEnvelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** Pagination request used by every list call: `page` from 1, `pageSize` 1–100 (default 10). */
export const ZPageQuery = z.object({
  page: plainNumber(z.number().int().min(1, '页码必须大于等于 1')).default(1),
  pageSize: plainNumber(z.number().int().min(1, '每页条数必须大于等于 1').max(100, '每页条数不能超过 100')).default(10),
});
export type PageQuery = z.infer<typeof ZPageQuery>;

/** A page of results: `list`, `total` rows matching, and the page asked for. */
export const ZPage = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
