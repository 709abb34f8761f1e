// Plain limits and patterns without zod, so pages that only need them (the home page's request layer and user
// store) do not pull the schema library into their chunks.

/**
 * Limits and patterns shared by the web forms and the server (product spec §5, §9).
 */
export const LIMITS = {
  account: 50,
  name: 50,
  code: 6,
  invitationCode: 20,
  passwordMin: 6,
  passwordMax: 64,
  /** Request timeout of the web client, ms (spec §9). */
  requestTimeoutMs: 60_000,
} as const;

/** Mainland mobile: 11 digits, first 1, second 3–9 (spec §5). */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
/** E-mail: simple pattern with a top-level part of 2 or more letters (spec §5). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export const isMobile = (v: string): boolean => MOBILE_RE.test(v);
export const isEmail = (v: string): boolean => EMAIL_RE.test(v);
