/**
 * Captcha components (AJ-Captcha wire protocol against POST /api/captcha/get and /api/captcha/check).
 *
 *   <CaptchaPopup open={open} width={330} purpose="sendCode"
 *     onSuccess={(cv) => { setOpen(false); sendCode({ ..., captchaVerification: cv }); }}
 *     onClose={() => setOpen(false)} />
 *
 * Stable DOM hooks for browser tests (Playwright):
 * - `.mz-captcha`                 root of either control; `data-state` is loading | ready | dragging | checking | success | fail | error
 * - `.mz-captcha__image`          the 310×155 (or W×155) background <img>
 * - `.mz-captcha__tip`            result / error text (验证成功 with seconds, 验证失败, or the server's repMsg)
 * - `.mz-captcha__refresh`        refresh button
 * - `.mz-captcha-slider__handle`  slider drag handle (50×40): mouse down on it, move the mouse by dx, mouse up
 * - `.mz-captcha-slider__piece`   the piece strip <img> (left = drag distance in px)
 * - `.mz-captcha-slider__bar`     the bar the handle moves in
 * - `.mz-captcha-click__panel`    click-word click target (click at the glyph's offset inside it)
 * - `.mz-captcha-click__words`    the prompt 请依次点击【字,字,字】
 * - `.mz-captcha-click__mark`     numbered markers of the clicks made
 * - `.mz-captcha-popup`           the popup Modal (title 请完成安全验证)
 *
 * With CAPTCHA_TEST_MODE=1, /captcha/get returns repData.testAnswer (310×155 space). To solve the slider in a
 * browser: drag by dx = testAnswer.x · W / 310 px (W = the image width, 310 or 330). Click-word: click each
 * point at (p.x · W / 310, p.y) px inside `.mz-captcha-click__panel`, in order.
 */
export { default as SliderCaptcha, type SliderCaptchaProps, type CaptchaResultError, type CaptchaState, SLIDER_RETRY_MS } from './SliderCaptcha';
export { default as ClickWordCaptcha, type ClickWordCaptchaProps, CLICK_CHECK_DELAY_MS, CLICK_RETRY_MS } from './ClickWordCaptcha';
export { default as CaptchaPopup, type CaptchaPopupProps, POPUP_CLOSE_DELAY_MS } from './CaptchaPopup';
export { type AjEnvelope, type CaptchaChallenge, type CaptchaType, checkCaptcha, fetchCaptcha } from './captcha-api';
export { aesEncrypt, encodeAnswer } from './captcha-crypto';
export { BAR_HEIGHT, BASE_HEIGHT, BASE_WIDTH, clickPoint, HANDLE_WIDTH, sliderPoint, stripWidth } from './captcha-math';
