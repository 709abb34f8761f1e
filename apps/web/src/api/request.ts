import axios, { type AxiosRequestConfig, type AxiosResponse, CanceledError } from 'axios';
import { ApiCode, LIMITS, SIGN_OUT_CODES, type Envelope } from '@mazhu/contracts';
import { useUserStore } from '@/stores/user';
import { notify } from '@/utils/notify';
import { navigateTo } from '@/utils/navigation';

/**
 * The request layer (spec §7–8).
 * - headers `token`, `sessionid`, `content-type`; 60 s timeout;
 * - GET sends the payload as a URL-encoded query string, POST as JSON, uploads as multipart/form-data;
 * - a repeated request to the same URL cancels the earlier one;
 * - body code other than 200/202 shows `msg` (one message at a time; never for the payment-information call);
 * - 302/304/305 clear token, sessionId and user info and go to /;
 * - an HTTP status other than 200 is logged and yields an empty result (`null`);
 * - network failures reject to the caller.
 */

export const CANCEL_DUPLICATE = 'duplicate request cancelled';
export const CANCEL_ONE = 'request cancelled';
export const CANCEL_ALL = 'all requests cancelled';

/** Calls whose error message is never shown (spec §8). */
const SILENT_URLS = new Set(['/api/getPaymentInformation']);

export interface RequestOptions {
  /** Do not show the body's msg on an error code (the caller handles it). */
  silent?: boolean;
  /** Key used for duplicate cancellation; defaults to the URL. `false` opts out. */
  cancelKey?: string | false;
  /** An external abort signal (e.g. TanStack Query's). */
  signal?: AbortSignal;
  timeout?: number;
}

/** What a call resolves to: the envelope, or `null` when the HTTP status was not 200. */
export type ApiResult<T> = Envelope<T> | null;

interface MazhuConfig extends AxiosRequestConfig {
  mazhu?: { silent: boolean; cancelKey: string | false };
}

const pending = new Map<string, AbortController>();

/** URL-encodes a flat payload for the query string; `undefined` and `null` values are left out. */
export function toQueryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  }
  return parts.join('&');
}

/** Cancels the in-flight request registered under `key` (by default its URL). */
export function cancelRequest(key: string): void {
  const controller = pending.get(key);
  if (controller) {
    controller.abort(new CanceledError(CANCEL_ONE));
    pending.delete(key);
  }
}

export function cancelAllRequests(): void {
  for (const controller of pending.values()) controller.abort(new CanceledError(CANCEL_ALL));
  pending.clear();
}

export function isCancel(err: unknown): boolean {
  return axios.isCancel(err);
}

let signingOut = false;

/** Clears the session and goes to / (codes 302/304/305). */
export function forceSignOut(): void {
  useUserStore.getState().clear();
  if (signingOut) return;
  signingOut = true;
  navigateTo('/', { replace: true });
  setTimeout(() => {
    signingOut = false;
  }, 0);
}

/** Where a client finds its session and what it does when the server says the session is gone. */
export interface ApiClientOptions {
  /** The `token` and `sessionid` headers to send. */
  credentials: () => { token: string; sessionId: string };
  /** Called on 302/304/305 (after the message is shown). */
  onSignOut: () => void;
}

/**
 * One request client with the behaviour above. The user site's client (`get`, `post`, `upload`, `http`) is built
 * from it with the user's session; the back office builds its own with the operator's session.
 */
export function createApiClient(client: ApiClientOptions) {
  const http = axios.create({
    timeout: LIMITS.requestTimeoutMs,
    // Resolve every status: non-200 is handled below instead of being thrown.
    validateStatus: () => true,
    paramsSerializer: { serialize: (params) => toQueryString(params as Record<string, unknown>) },
  });

  http.interceptors.request.use((config) => {
    const { token, sessionId } = client.credentials();
    config.headers.set('token', token ?? '');
    config.headers.set('sessionid', sessionId ?? '');
    if (!(config.data instanceof FormData) && !config.headers.has('content-type')) {
      config.headers.set('content-type', 'application/json;charset=UTF-8');
    }
    return config;
  });

  async function send<T>(config: MazhuConfig, options: RequestOptions): Promise<ApiResult<T>> {
    const url = config.url ?? '';
    const cancelKey = options.cancelKey === undefined ? url : options.cancelKey;
    const controller = new AbortController();
    if (cancelKey !== false) {
      pending.get(cancelKey)?.abort(new CanceledError(CANCEL_DUPLICATE));
      pending.set(cancelKey, controller);
    }
    if (options.signal) {
      if (options.signal.aborted) controller.abort(new CanceledError(CANCEL_ONE));
      else options.signal.addEventListener('abort', () => controller.abort(new CanceledError(CANCEL_ONE)), { once: true });
    }

    let response: AxiosResponse<Envelope<T>>;
    try {
      response = await http.request<Envelope<T>>({
        ...config,
        signal: controller.signal,
        timeout: options.timeout ?? LIMITS.requestTimeoutMs,
      });
    } catch (err) {
      // The abort reason carries the spec's cancel message.
      if (controller.signal.aborted && controller.signal.reason instanceof CanceledError) throw controller.signal.reason;
      throw err;
    } finally {
      if (cancelKey !== false && pending.get(cancelKey) === controller) pending.delete(cancelKey);
    }

    if (response.status !== 200) {
      console.error(`[request] ${config.method?.toUpperCase()} ${url} answered HTTP ${response.status}`);
      return null;
    }
    const body = response.data;
    if (body && typeof body === 'object' && typeof body.code === 'number') {
      if (body.code !== ApiCode.Ok && body.code !== ApiCode.LoginOk) {
        const silent = options.silent || SILENT_URLS.has(url);
        if (!silent && body.msg) notify.error(body.msg);
        if (SIGN_OUT_CODES.includes(body.code)) client.onSignOut();
      }
    }
    return body;
  }

  /**
   * GET with the payload as a query string. The body is an empty string (never sent by the browser) so the
   * content-type header the spec requires on every call stays on: axios drops it when there is no data.
   */
  function get<T>(url: string, params?: object, options: RequestOptions = {}): Promise<ApiResult<T>> {
    return send<T>({ url, method: 'get', params, data: '' }, options);
  }

  function post<T>(url: string, data?: object, options: RequestOptions = {}): Promise<ApiResult<T>> {
    return send<T>({ url, method: 'post', data: data ?? {} }, options);
  }

  /** multipart/form-data: plain values are appended as text, Blobs as files. */
  function upload<T>(url: string, data: FormData | Record<string, unknown>, options: RequestOptions = {}): Promise<ApiResult<T>> {
    const form = data instanceof FormData ? data : toFormData(data);
    return send<T>({ url, method: 'post', data: form }, options);
  }

  return { http, get, post, upload };
}

const userClient = createApiClient({ credentials: () => useUserStore.getState(), onSignOut: forceSignOut });
export const { http, get, post, upload } = userClient;

export function toFormData(data: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value);
    else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}

/** An error for TanStack Query when the envelope's code is not a success code (the message was already shown). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    msg: string,
  ) {
    super(msg || `请求失败（${code}）`);
    this.name = 'ApiError';
  }
}

/**
 * For queries: the data of a successful envelope; `null` for an empty result (non-200 HTTP);
 * throws ApiError for an error code so the page can show its error state.
 */
export function unwrap<T>(res: ApiResult<T>): T | null {
  if (res === null) return null;
  if (res.code === ApiCode.Ok || res.code === ApiCode.LoginOk) return res.data ?? null;
  throw new ApiError(res.code, res.msg);
}
