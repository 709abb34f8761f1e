import axios from 'axios';
import { clientUid } from './captcha-math';

export type CaptchaType = 'blockPuzzle' | 'clickWord';

/** The AJ envelope of /api/captcha/*: HTTP 200, outcome in `repCode` (a string, "0000" = ok). */
export interface AjEnvelope<T> {
  repCode: string;
  repMsg: string | null;
  repData: T | null;
  success?: boolean;
}

export interface CaptchaChallenge {
  originalImageBase64: string;
  jigsawImageBase64?: string | null;
  wordList?: string[] | null;
  token: string;
  secretKey?: string | null;
}

/** Where the captcha endpoints live; `${apiBase}/captcha/get` and `${apiBase}/captcha/check`. */
export const DEFAULT_API_BASE = '/api';

const NETWORK_MESSAGE = '网络异常，请稍后重试';

async function post<T>(url: string, body: Record<string, unknown>): Promise<AjEnvelope<T>> {
  try {
    const res = await axios.post<AjEnvelope<T>>(url, body, { headers: { 'Content-Type': 'application/json' } });
    const data = res.data;
    if (!data || typeof data.repCode !== 'string') return { repCode: '9999', repMsg: NETWORK_MESSAGE, repData: null };
    return data;
  } catch {
    return { repCode: '9999', repMsg: NETWORK_MESSAGE, repData: null };
  }
}

/** POST {apiBase}/captcha/get with clientUid, ts and the optional purpose the solve will be bound to. Never throws. */
export function fetchCaptcha(captchaType: CaptchaType, purpose?: string, apiBase = DEFAULT_API_BASE): Promise<AjEnvelope<CaptchaChallenge>> {
  const uid = clientUid(captchaType === 'blockPuzzle' ? 'slider' : 'point');
  return post(`${apiBase}/captcha/get`, { captchaType, clientUid: uid, ts: Date.now(), ...(purpose ? { purpose } : {}) });
}

/** POST {apiBase}/captcha/check with the (encrypted) pointJson. Never throws. */
export function checkCaptcha(captchaType: CaptchaType, token: string, pointJson: string, apiBase = DEFAULT_API_BASE): Promise<AjEnvelope<unknown>> {
  const uid = clientUid(captchaType === 'blockPuzzle' ? 'slider' : 'point');
  return post(`${apiBase}/captcha/check`, { captchaType, token, pointJson, clientUid: uid, ts: Date.now() });
}

/** A failed check as the controls report it: the AJ repCode and its message. */
export interface CaptchaResultError {
  repCode: string;
  repMsg: string | null;
}

/** Props shared by the slider and the click-word control. */
export interface CaptchaControlProps {
  /** Image width in px: 310 by default, 330 inside the login/register modals (spec §9). Height is always 155. */
  width?: number;
  /** Sent to /captcha/get; the server then accepts the solve only for this purpose (e.g. 'sendCode'). */
  purpose?: string;
  /** Base of the captcha endpoints, default '/api'. */
  apiBase?: string;
  /** Called as soon as /captcha/check succeeds, with the `captchaVerification` for the business call. */
  onSuccess: (captchaVerification: string) => void;
  /**
   * Called when a check fails (repCode ≠ 0000). The slider shows 验证失败 and loads a new image after 1 s;
   * the click-word control resets after 0.7 s.
   */
  onError?: (error: CaptchaResultError) => void;
}
