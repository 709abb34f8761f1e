import { ApiCode } from '@mazhu/contracts';

/**
 * A user-facing error: answered as HTTP 200 `{code, msg, data: null}` with a Chinese `msg`.
 * Throw it from services; the envelope plugin presents it. Never put internals in `msg`.
 */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    msg: string,
    public readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string) => new AppError(ApiCode.BadRequest, msg);
export const notFound = (msg = '数据不存在或无权访问') => new AppError(ApiCode.NotFound, msg);
export const conflict = (msg: string) => new AppError(ApiCode.Conflict, msg);
export const forbidden = (msg = '无权执行此操作') => new AppError(ApiCode.Forbidden, msg);
export const tooMany = (msg = '操作过于频繁，请稍后再试') => new AppError(ApiCode.TooManyRequests, msg);
