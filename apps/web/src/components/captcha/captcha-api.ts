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
