import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseErrorEnvelope, isMalformedBodyError } from '../../plugins/envelope';
import { DependencyUnavailable } from '../../lib/unavailable';
import { type AjResult, type CaptchaClient, type CaptchaService, clientKeyOf, REP_MSG, RepCode } from './captcha.service';

/**
 * AJ envelope on every answer, HTTP 200 (protocol §1): `success` is `repCode === "0000"`, repCode a string.
 */
export interface AjEnvelope<T = unknown> {
  repCode: string;
  repMsg: string | null;
  repData: T | null;
  success: boolean;
}

const envelope = <T>(r: AjResult<T>): AjEnvelope<T> => ({ repCode: r.repCode, repMsg: r.repMsg, repData: r.repData, success: r.repCode === RepCode.Success });

/**
 * The client the captcha binds to, from the socket IP (`request.ip`, which honours the app's trustProxy
 * setting, never a raw X-Forwarded-For) and the User-Agent. Business routes pass `.clientKey` to
 * `captcha.verification(…, { clientKey, purpose })`.
 */
export function captchaClientOf(request: FastifyRequest): CaptchaClient {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, clientKey: clientKeyOf(request.ip, typeof ua === 'string' ? ua : undefined) };
}

const str = (max: number) => z.string().max(max);
/** Request fields of both calls; unknown fields are accepted and ignored (protocol §1). Multipart fields arrive as strings. */
const ZCaptchaBody = z
  .looseObject({
    captchaType: str(32).optional(),
    token: str(128).optional(),
    pointJson: str(4096).optional(),
    purpose: str(64).optional(),
    clientUid: str(128).optional(),
    ts: z.union([z.number(), str(32)]).optional(),
  })
  .nullish();

/**
 * POST /api/captcha/get and /api/captcha/check (AJ-Captcha wire protocol). Accepts JSON (what AJ clients
 * send), multipart (the spec's form; needs @fastify/multipart with `attachFieldsToBody: 'keyValues'`) and
 * urlencoded bodies. Always HTTP 200 with `{repCode, repMsg, repData, success}`, also on malformed input
 * (0016) and internal errors (6112 / 9999, logged, never a stack trace). Register without fastify-plugin so
 * its error handler stays scoped to these routes.
 */
export async function captchaRoutes(app: FastifyInstance, opts: { captcha: CaptchaService }): Promise<void> {
  const { captcha } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  }

  app.setErrorHandler((error: FastifyError & { repCode?: string }, request, reply) => {
    // The store (Redis) did not answer: AJ's generic failure with the Chinese reason, never 9999 after a long wait.
    if (error instanceof DependencyUnavailable) return reply.status(200).send(envelope({ repCode: RepCode.Error, repMsg: error.message, repData: null }));
    let repCode: RepCode = RepCode.Exception;
    if (error.repCode === RepCode.CaptchaError) repCode = RepCode.CaptchaError;
    else if (error.statusCode === 429) repCode = request.url.includes('/check') ? RepCode.CheckLimit : RepCode.GetLimit;
    else if (isMalformedBodyError(error) || databaseErrorEnvelope(error) || error.validation || error.code?.startsWith('FST_ERR_CTP') || error.code?.startsWith('FST_') || (error.statusCode ?? 500) < 500) {
      repCode = RepCode.ParamFormat;
    }
    if (repCode !== RepCode.Exception && repCode !== RepCode.CaptchaError) request.log.info({ err: error }, 'captcha: bad request');
    else request.log.error({ err: error }, 'captcha: internal error');
    return reply.status(200).send(envelope({ repCode, repMsg: REP_MSG[repCode], repData: null }));
  });

  r.post('/api/captcha/get', { schema: { body: ZCaptchaBody } }, async (request) => {
    const body = request.body ?? {};
    return envelope(await captcha.get(body.captchaType, captchaClientOf(request), { purpose: body.purpose }));
  });

  r.post('/api/captcha/check', { schema: { body: ZCaptchaBody } }, async (request) => {
    const body = request.body ?? {};
    return envelope(await captcha.check(body, captchaClientOf(request)));
  });
}
