/**
 * Captcha module (AJ-Captcha wire protocol). Wiring:
 *
 *   const captcha = createCaptchaService({ kv, testMode: config.captchaTestMode });
 *   await app.register(captchaRoutes, { captcha });          // POST /api/captcha/get, /api/captcha/check
 *   // in a business route (send code, login):
 *   const v = await captcha.verification(body.captchaVerification, { clientKey: captchaClientOf(request).clientKey, purpose: 'sendCode' });
 *   if (!v.ok) throw badRequest(v.repMsg);
 */
export {
  type AjResult,
  type CaptchaCheckData,
  type CaptchaCheckRequest,
  type CaptchaClient,
  type CaptchaGetData,
  type CaptchaLimits,
  type CaptchaService,
  type CaptchaServiceOptions,
  type CaptchaType,
  type Point,
  type VerificationResult,
  CAPTCHA_TYPES,
  CaptchaRenderError,
  clientKeyOf,
  createCaptchaService,
  DEFAULT_CAPTCHA_LIMITS,
  REP_MSG,
  RepCode,
} from './captcha.service';
export { type AjEnvelope, captchaClientOf, captchaRoutes } from './captcha.routes';
export { aesDecrypt, aesEncrypt, buildCaptchaVerification } from './captcha.crypto';
export { type CaptchaImages, loadCaptchaImages } from './captcha.images';
