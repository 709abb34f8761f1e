// The envelope's codes without zod, so the web's request layer ships without the schema library.

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
  /** The request was not sent completely in time (answered by the server before any route saw it). */
  RequestTimeout: 408,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
  /** The request line or headers are over Node's limit (a query string of a megabyte): HTTP 431 with this envelope. */
  HeaderFieldsTooLarge: 431,
  InsufficientBalance: 460,
  ServerError: 500,
  /** The server is busy (database lock or statement timeout, serialisation failure): retrying later works. */
  Busy: 503,
} as const;
export type ApiCode = (typeof ApiCode)[keyof typeof ApiCode];

/** Codes that force the web app to sign out (spec §4, §8). */
export const SIGN_OUT_CODES: readonly number[] = [ApiCode.NotSignedIn, ApiCode.SessionExpired, ApiCode.SessionRevoked];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
