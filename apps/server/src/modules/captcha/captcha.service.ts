import { randomInt } from 'node:crypto';
import type { Kv } from '../../kv';
import { aesDecrypt, buildCaptchaVerification, newToken, randomSecretKey, sha256 } from './captcha.crypto';
import { type CaptchaImages, loadCaptchaImages, NoBackgroundsError, type Random, SLIDER_Y } from './captcha.images';

/**
 * AJ-Captcha compatible captcha service (wire protocol: /work/shared/spec/ajcaptcha-protocol.md).
 *
 * Same wire format as the Java reference, stronger behaviour: CSPRNG tokens and keys, atomic one check per
 * token (GETDEL), verification entries bound to the client and purpose and deleted on read, per-client and
 * per-IP rate limits with lockout, bounded state (the `Kv`), per-request images (captcha.images.ts).
 */

export type CaptchaType = 'blockPuzzle' | 'clickWord';
export const CAPTCHA_TYPES: readonly CaptchaType[] = ['blockPuzzle', 'clickWord'];

/** AJ repCodes (`model/common/RepCodeEnum.java`), always strings on the wire. */
export const RepCode = {
  Success: '0000',
  Error: '0001',
  Blank: '0011',
  ParamType: '0015',
  ParamFormat: '0016',
  Invalid: '6110',
  CoordinateError: '6111',
  CaptchaError: '6112',
  NoBackground: '6113',
  GetLimit: '6201',
  Locked: '6202',
  CheckLimit: '6204',
  VerifyLimit: '6205',
  Exception: '9999',
} as const;
export type RepCode = (typeof RepCode)[keyof typeof RepCode];

/** The Chinese texts of RepCodeEnum; generic on purpose (no exception text is ever returned). */
export const REP_MSG: Record<RepCode, string> = {
  '0000': '成功',
  '0001': '操作失败',
  '0011': '参数不能为空',
  '0015': '参数类型错误',
  '0016': '参数格式错误',
  '6110': '验证码已失效，请重新获取',
  '6111': '验证失败',
  '6112': '获取验证码失败,请联系管理员',
  '6113': '底图未初始化成功，请检查路径',
  '6201': 'get接口请求次数超限，请稍后再试!',
  '6202': '接口验证失败数过多，请稍后再试',
  '6204': 'check接口请求次数超限，请稍后再试!',
  '6205': 'verify请求次数超限!',
  '9999': '服务器内部异常',
};

/** Service answer before the route wraps it in `{repCode, repMsg, repData, success}`. */
export interface AjResult<T> {
  repCode: RepCode;
  repMsg: string | null;
  repData: T | null;
}

/** Who is asking: `ip` from the socket (request.ip), `clientKey` = `clientKeyOf(ip, userAgent)`. */
export interface CaptchaClient {
  ip: string;
  clientKey: string;
}

/**
 * The client key the verification entry is bound to: SHA-256 of IP and User-Agent, 32 hex characters
 * (AJ's FrequencyLimitHandler uses MD5(ip + UA); we take the IP from the socket, never from a raw header).
 * Business routes compute the same value from `request.ip` and `request.headers['user-agent']`.
 */
export function clientKeyOf(ip: string, userAgent: string | undefined): string {
  return sha256(`${ip}\n${userAgent ?? ''}`).slice(0, 32);
}

export interface Point {
  x: number;
  y: number;
}

/** `repData` of /captcha/get (AJ `CaptchaVO`; unused fields null). `testAnswer` only in test mode. */
export interface CaptchaGetData {
  captchaType: CaptchaType;
  originalImageBase64: string;
  jigsawImageBase64: string | null;
  wordList: string[] | null;
  token: string;
  secretKey: string;
  result: false;
  point: null;
  pointJson: null;
  captchaVerification: null;
  /** CAPTCHA_TEST_MODE only: `{x, y}` for blockPuzzle, the three centres in click order for clickWord. */
  testAnswer?: Point | Point[];
}

/** `repData` of a successful /captcha/check: the request echoed (AJ does the same). */
export interface CaptchaCheckData {
  captchaType: CaptchaType;
  token: string;
  pointJson: string;
  result: true;
  clientUid: null;
  browserInfo: null;
  ts: number | string | null;
}

/** Fields of a /captcha/check request as received (JSON or multipart strings); validated here. */
export interface CaptchaCheckRequest {
  captchaType?: unknown;
  token?: unknown;
  pointJson?: unknown;
  ts?: unknown;
}

export type VerificationResult =
  | { ok: true; captchaType: CaptchaType }
  | { ok: false; repCode: RepCode; repMsg: string; reason: 'empty' | 'limit' | 'unknown' | 'client' | 'purpose' };

/** Limits over fixed windows counted from the first hit (AJ FrequencyLimitHandler semantics). */
export interface CaptchaLimits {
  /** Window of every counter, seconds (AJ: 60). */
  windowSeconds: number;
  /** /get per client key and per IP above which 6201 is answered (AJ default 100 per client). */
  getPerClient: number;
  getPerIp: number;
  /** /check per client key and per IP above which 6204 is answered. */
  checkPerClient: number;
  checkPerIp: number;
  /** `verification` calls per client key above which 6205 is answered. */
  verifyPerClient: number;
  /** Failed checks in a window above which the client (or IP) is locked (AJ: more than 5). */
  failPerClient: number;
  failPerIp: number;
  /** Lockout length, seconds (AJ: 300). While locked, get and check answer 6202. */
  lockSeconds: number;
}

/**
 * Defaults: a person never needs 60 images a minute; a bot rotating User-Agents still meets the per-IP
 * counters (generous for shared office/NAT addresses). Lockout after more than 5 failures a minute, as AJ.
 */
export const DEFAULT_CAPTCHA_LIMITS: CaptchaLimits = {
  windowSeconds: 60,
  getPerClient: 60,
  getPerIp: 300,
  checkPerClient: 60,
  checkPerIp: 300,
  verifyPerClient: 60,
  failPerClient: 5,
  failPerIp: 30,
  lockSeconds: 300,
};

export interface CaptchaServiceOptions {
  /** Short-lived store for tokens, verification entries, counters and locks. */
  kv: Kv;
  /** CAPTCHA_TEST_MODE: adds `repData.testAnswer` to /get and changes nothing else. Never in production. */
  testMode?: boolean;
  /** Clock in epoch ms (tests). Default `Date.now`. */
  now?: () => number;
  /** Source of image and placement randomness in [0, 1) (tests may seed it). Default: CSPRNG. Tokens and keys always use the CSPRNG. */
  random?: Random;
  /** Renderer; default loads the committed backgrounds and glyphs once. */
  images?: CaptchaImages | Promise<CaptchaImages>;
  limits?: Partial<CaptchaLimits>;
  /** Token lifetime, seconds (AJ EXPIRESIN_SECONDS = 120). */
  tokenTtlSeconds?: number;
  /** Verification entry lifetime, seconds (AJ EXPIRESIN_THREE = 180). */
  verificationTtlSeconds?: number;
  /** blockPuzzle tolerance on trunc(x) in 310-wide space (AJ `slip-offset`, default 5). */
  slipOffset?: number;
  /** clickWord: per-axis tolerance in px (310×155 space) around each glyph centre. Default CLICK_TOLERANCE (25, as AJ). */
  clickTolerance?: number;
  /** Checks arriving sooner than this after /get fail (bots). Default 0 (off); 300 is a sensible production value. */
  minSolveMs?: number;
  /** Prefix of every store key. Default `captcha:`. */
  keyPrefix?: string;
}

export interface CaptchaService {
  /**
   * POST /captcha/get. `type` as received (validated: missing 0011, unknown 0015). `purpose` is our optional
   * extension: when given (1–64 of `[A-Za-z0-9_.:-]`, else 0016) the solve is valid only for that purpose.
   * Answers 6202 while locked, 6201 over the get limit, 6113 without backgrounds, 6112 if rendering fails.
   */
  get(type: unknown, client: CaptchaClient, options?: { purpose?: unknown }): Promise<AjResult<CaptchaGetData>>;
  /**
   * POST /captcha/check. The token is deleted before anything is compared (one attempt per token).
   * 0011 missing field, 0015 unknown type, 6202 locked, 6204 over the check limit, 6110 unknown/expired/used
   * token, 0001 pointJson not decryptable or not JSON, 6111 wrong answer. Failures (0001, 6111) count toward
   * the lockout. On success stores the verification entry (bound to `client.clientKey` and the purpose).
   */
  check(req: CaptchaCheckRequest, client: CaptchaClient): Promise<AjResult<CaptchaCheckData>>;
  /**
   * Second verification, called in-process by business routes (AJ `captchaService.verification`).
   * Deletes the entry whatever the outcome (single use), then requires the same client key and, if the
   * captcha was fetched with a purpose, the same purpose. A captcha fetched without purpose is accepted for
   * any purpose, once.
   */
  verification(
    captchaVerification: string | null | undefined,
    binding: { clientKey: string; purpose?: string },
  ): Promise<VerificationResult>;
  /** Loads the images now (optional; the first /get does it otherwise). */
  ready(): Promise<void>;
}

interface TokenEntry {
  t: CaptchaType;
  k: string;
  /** blockPuzzle strip x */
  x?: number;
  /** clickWord centres in click order */
  p?: Point[];
  pu?: string;
  at: number;
}

interface VerificationEntry {
  t: CaptchaType;
  c: string;
  pu?: string;
}

/** Rendering failed unexpectedly; the route logs `cause` and answers 6112 (AJ API_CAPTCHA_ERROR). */
export class CaptchaRenderError extends Error {
  readonly repCode = RepCode.CaptchaError;
  constructor(cause: unknown) {
    super('captcha rendering failed', { cause });
    this.name = 'CaptchaRenderError';
  }
}

const PURPOSE_RE = /^[A-Za-z0-9_.:-]{1,64}$/;

const fail = <T>(repCode: RepCode, repMsg: string = REP_MSG[repCode]): AjResult<T> => ({ repCode, repMsg, repData: null });

let defaultImages: Promise<CaptchaImages> | undefined;

/** CSPRNG-backed uniform [0, 1) with 48 bits. */
const secureRandom: Random = () => randomInt(2 ** 47) / 2 ** 47;

/**
 * Builds the service. Dependencies are explicit so tests pass a memory Kv, a clock and a seeded random.
 * Throws if `testMode` is set while NODE_ENV=production (defence in depth; the app config refuses it first).
 */
export function createCaptchaService(options: CaptchaServiceOptions): CaptchaService {
  const { kv } = options;
  if (options.testMode && process.env.NODE_ENV === 'production') {
    throw new Error('captcha test mode (CAPTCHA_TEST_MODE) must not be enabled with NODE_ENV=production');
  }
  const now = options.now ?? Date.now;
  const random = options.random ?? secureRandom;
  const limits: CaptchaLimits = { ...DEFAULT_CAPTCHA_LIMITS, ...options.limits };
  const tokenTtl = options.tokenTtlSeconds ?? 120;
  const verificationTtl = options.verificationTtlSeconds ?? 180;
  const slipOffset = options.slipOffset ?? 5;
  const clickTolerance = options.clickTolerance ?? CLICK_TOLERANCE;
  const minSolveMs = options.minSolveMs ?? 0;
  const prefix = options.keyPrefix ?? 'captcha:';
  let images: Promise<CaptchaImages> | undefined = options.images ? Promise.resolve(options.images) : undefined;
  const loadImages = () => (images ??= defaultImages ??= loadCaptchaImages());

  const key = {
    token: (token: string) => `${prefix}token:${token}`,
    verification: (cv: string) => `${prefix}second:${sha256(cv)}`,
    counter: (kind: 'get' | 'check' | 'verify' | 'fail', scope: 'c' | 'ip', id: string) => `${prefix}limit:${kind}:${scope}:${id}`,
    lock: (scope: 'c' | 'ip', id: string) => `${prefix}lock:${scope}:${id}`,
  };
  const ipId = (ip: string) => sha256(ip).slice(0, 32);

  async function locked(client: CaptchaClient): Promise<boolean> {
    const [c, ip] = await Promise.all([kv.get(key.lock('c', client.clientKey)), kv.get(key.lock('ip', ipId(client.ip)))]);
    return c !== null || ip !== null;
  }

  /** Counts a hit for the client and its IP; true when either is over its limit. */
  async function overLimit(kind: 'get' | 'check', client: CaptchaClient): Promise<boolean> {
    const [c, ip] = await Promise.all([
      kv.incrWindow(key.counter(kind, 'c', client.clientKey), limits.windowSeconds),
      kv.incrWindow(key.counter(kind, 'ip', ipId(client.ip)), limits.windowSeconds),
    ]);
    const perClient = kind === 'get' ? limits.getPerClient : limits.checkPerClient;
    const perIp = kind === 'get' ? limits.getPerIp : limits.checkPerIp;
    return c > perClient || ip > perIp;
  }

  async function countFailure(client: CaptchaClient): Promise<void> {
    const [c, ip] = await Promise.all([
      kv.incrWindow(key.counter('fail', 'c', client.clientKey), limits.windowSeconds),
      kv.incrWindow(key.counter('fail', 'ip', ipId(client.ip)), limits.windowSeconds),
    ]);
    if (c > limits.failPerClient) await kv.set(key.lock('c', client.clientKey), '1', limits.lockSeconds);
    if (ip > limits.failPerIp) await kv.set(key.lock('ip', ipId(client.ip)), '1', limits.lockSeconds);
  }

  return {
    async ready() {
      await loadImages();
    },

    async get(type, client, opts = {}) {
      if (type === undefined || type === null || type === '') return fail(RepCode.Blank, '类型不能为空');
      if (!CAPTCHA_TYPES.includes(type as CaptchaType)) return fail(RepCode.ParamType, 'captchaType类型错误');
      const captchaType = type as CaptchaType;
      let purpose: string | undefined;
      if (opts.purpose !== undefined && opts.purpose !== null && opts.purpose !== '') {
        if (typeof opts.purpose !== 'string' || !PURPOSE_RE.test(opts.purpose)) return fail(RepCode.ParamFormat, 'purpose格式错误');
        purpose = opts.purpose;
      }
      if (await locked(client)) return fail(RepCode.Locked);
      if (await overLimit('get', client)) return fail(RepCode.GetLimit);

      const renderer = await loadImages();
      const token = newToken();
      const secretKey = randomSecretKey();
      const entry: TokenEntry = { t: captchaType, k: secretKey, at: now(), ...(purpose ? { pu: purpose } : {}) };
      let data: CaptchaGetData;
      try {
        if (captchaType === 'blockPuzzle') {
          const img = await renderer.renderBlockPuzzle(random);
          entry.x = img.x;
          data = baseData(captchaType, token, secretKey, img.background, img.piece, null);
          if (options.testMode) data.testAnswer = { x: img.x, y: SLIDER_Y };
        } else {
          const img = await renderer.renderClickWord(random, 3);
          entry.p = img.points;
          data = baseData(captchaType, token, secretKey, img.background, null, img.words);
          if (options.testMode) data.testAnswer = img.points.map((p) => ({ ...p }));
        }
      } catch (err) {
        if (err instanceof NoBackgroundsError) return fail(RepCode.NoBackground);
        throw new CaptchaRenderError(err);
      }
      await kv.set(key.token(token), JSON.stringify(entry), tokenTtl);
      return { repCode: RepCode.Success, repMsg: null, repData: data };
    },

    async check(req, client) {
      const { captchaType, token, pointJson } = req;
      if (captchaType === undefined || captchaType === null || captchaType === '') return fail(RepCode.Blank, '类型不能为空');
      if (!CAPTCHA_TYPES.includes(captchaType as CaptchaType)) return fail(RepCode.ParamType, 'captchaType类型错误');
      if (typeof token !== 'string' || token === '') return fail(RepCode.Blank, 'token不能为空');
      if (typeof pointJson !== 'string' || pointJson === '') return fail(RepCode.Blank, 'pointJson不能为空');
      if (await locked(client)) return fail(RepCode.Locked);
      if (await overLimit('check', client)) return fail(RepCode.CheckLimit);

      // One attempt per token: delete before comparing, whatever happens next.
      const raw = token.length <= 64 ? await kv.getDel(key.token(token)) : null;
      if (raw === null) return fail(RepCode.Invalid);
      const entry = JSON.parse(raw) as TokenEntry;

      let plaintext: string;
      let parsed: unknown;
      try {
        plaintext = aesDecrypt(pointJson, entry.k);
        parsed = JSON.parse(plaintext);
      } catch {
        await countFailure(client);
        return fail(RepCode.Error);
      }

      const passed =
        entry.t === captchaType &&
        now() - entry.at >= minSolveMs &&
        (entry.t === 'blockPuzzle' ? blockPuzzleMatches(parsed, entry.x ?? -1000, slipOffset) : clickWordMatches(parsed, entry.p ?? [], clickTolerance));
      if (!passed) {
        await countFailure(client);
        return fail(RepCode.CoordinateError);
      }

      const verification = buildCaptchaVerification(token, plaintext, entry.k);
      const ventry: VerificationEntry = { t: entry.t, c: client.clientKey, ...(entry.pu ? { pu: entry.pu } : {}) };
      await kv.set(key.verification(verification), JSON.stringify(ventry), verificationTtl);
      const ts = typeof req.ts === 'number' || typeof req.ts === 'string' ? req.ts : null;
      return {
        repCode: RepCode.Success,
        repMsg: null,
        repData: { captchaType: entry.t, token, pointJson, result: true, clientUid: null, browserInfo: null, ts },
      };
    },

    async verification(captchaVerification, binding) {
      const no = (repCode: RepCode, reason: Extract<VerificationResult, { ok: false }>['reason'], repMsg = REP_MSG[repCode]) =>
        ({ ok: false, repCode, repMsg, reason }) as const;
      if (!captchaVerification) return no(RepCode.Blank, 'empty', '二次校验参数不能为空');
      const count = await kv.incrWindow(key.counter('verify', 'c', binding.clientKey), limits.windowSeconds);
      if (count > limits.verifyPerClient) return no(RepCode.VerifyLimit, 'limit');
      if (captchaVerification.length > 1024) return no(RepCode.Invalid, 'unknown');
      const raw = await kv.getDel(key.verification(captchaVerification));
      if (raw === null) return no(RepCode.Invalid, 'unknown');
      const entry = JSON.parse(raw) as VerificationEntry;
      if (entry.c !== binding.clientKey) return no(RepCode.Invalid, 'client');
      if (entry.pu !== undefined && entry.pu !== binding.purpose) return no(RepCode.Invalid, 'purpose');
      return { ok: true, captchaType: entry.t };
    },
  };
}

function baseData(
  captchaType: CaptchaType,
  token: string,
  secretKey: string,
  background: Buffer,
  piece: Buffer | null,
  wordList: string[] | null,
): CaptchaGetData {
  return {
    captchaType,
    originalImageBase64: background.toString('base64'),
    jigsawImageBase64: piece ? piece.toString('base64') : null,
    wordList,
    token,
    secretKey,
    result: false,
    point: null,
    pointJson: null,
    captchaVerification: null,
  };
}

/** Java `Double.valueOf(String.valueOf(v)).intValue()`: numbers or numeric strings, truncated; missing → 0; else NaN. */
function truncCoordinate(v: unknown): number {
  if (v === undefined || v === null) return 0;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : NaN;
}

/**
 * AJ BlockPuzzleCaptchaServiceImpl.check: pass iff |trunc(x) − x₀| ≤ slipOffset (±5 px in 310-wide space)
 * and trunc(y) == 5 (the strip is cut at y 0, so every client sends 5).
 */
export function blockPuzzleMatches(point: unknown, x0: number, slipOffset: number): boolean {
  if (typeof point !== 'object' || point === null || Array.isArray(point)) return false;
  const p = point as Record<string, unknown>;
  const x = truncCoordinate(p.x);
  const y = truncCoordinate(p.y);
  return Math.abs(x - x0) <= slipOffset && y === SLIDER_Y;
}

/** Per-axis tolerance of a click around its glyph's centre, px in 310×155 space (AJ `HAN_ZI_SIZE` = 25). */
export const CLICK_TOLERANCE = 25;
/**
 * Display scales a client may have shown the 310×155 image at without scaling its clicks back: smaller than
 * natural, as AJ-Captcha's React client (280×140, raw offsets: 0.90); every click of one answer shares the scale.
 * Never above 1, so an answer off in the direction away from the corner is not stretched into a pass.
 */
export const CLICK_SCALE_RANGE: readonly [number, number] = [0.8, 1];

/**
 * Click-word check: the first three points, in wordList order, each within `tolerance` px of its glyph centre on
 * both axes (AJ ClickWordCaptchaServiceImpl compares |dx| ≤ 25 and |dy| ≤ 25, around the baseline corner; ours
 * around the centre, where users click). Clicks taken on an image displayed at another size and sent unscaled are
 * normalised first: the one display scale that best maps the centres onto the clicks (least squares, within
 * CLICK_SCALE_RANGE) is divided out, and the clicks must then fit. Fewer than three points fail.
 */
export function clickWordMatches(points: unknown, centres: Point[], tolerance = CLICK_TOLERANCE): boolean {
  if (!Array.isArray(points) || points.length < centres.length || centres.length === 0) return false;
  const clicks: Point[] = [];
  for (const raw of points.slice(0, centres.length)) {
    if (typeof raw !== 'object' || raw === null) return false;
    const p = raw as Record<string, unknown>;
    const x = truncCoordinate(p.x);
    const y = truncCoordinate(p.y);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
    clicks.push({ x, y });
  }
  const fits = (scale: number) => centres.every((c, i) => Math.abs(clicks[i].x / scale - c.x) <= tolerance && Math.abs(clicks[i].y / scale - c.y) <= tolerance);
  if (fits(1)) return true;
  let dot = 0;
  let norm = 0;
  centres.forEach((c, i) => {
    dot += clicks[i].x * c.x + clicks[i].y * c.y;
    norm += c.x * c.x + c.y * c.y;
  });
  const scale = Math.min(CLICK_SCALE_RANGE[1], Math.max(CLICK_SCALE_RANGE[0], dot / norm));
  return fits(scale);
}
