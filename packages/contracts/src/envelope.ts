import { z } from 'zod';

/**
 * Business codes carried in the `{code, msg, data}` envelope of every `/api/*` answer (HTTP status is always 200).
 * Source: product spec §7–8. 200 ok, 202 login success, 302/304/305 session gone (the client signs out),
 * anything else is a user-visible error whose `msg` is shown in Chinese.
 */
export const ApiCode = {
  Ok: 200,
  LoginOk: 202,
  /** No session token sent, or the token is unknown. */
  NotSignedIn: 302,
  /** The session expired (idle or absolute lifetime passed). */
  SessionExpired: 304,
  /** The session was revoked: logout, password change, or an operator's action. */
  SessionRevoked: 305,
  BadRequest: 400,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
  InsufficientBalance: 460,
  ServerError: 500,
} as const;
export type ApiCode = (typeof ApiCode)[keyof typeof ApiCode];

/** Codes that force the web app to sign out (spec §4, §8). */
export const SIGN_OUT_CODES: readonly number[] = [ApiCode.NotSignedIn, ApiCode.SessionExpired, ApiCode.SessionRevoked];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Builds the zod schema of an envelope around `data`. */
export const ZEnvelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** Pagination request used by every list call: `page` from 1, `pageSize` 1–100 (default 10). */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1, '页码必须大于等于 1').default(1),
  pageSize: z.coerce.number().int().min(1, '每页条数必须大于等于 1').max(100, '每页条数不能超过 100').default(10),
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
