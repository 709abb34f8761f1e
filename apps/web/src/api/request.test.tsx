import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, type RenderResult } from '@testing-library/react';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { EMPTY_USER } from '@mazhu/contracts';
import { CANCEL_ALL, CANCEL_DUPLICATE, CANCEL_ONE, cancelAllRequests, cancelRequest, get, http, post, upload } from './request';
import { useUserStore } from '@/stores/user';
import { setNavigator } from '@/utils/navigation';
import { notify } from '@/utils/notify';
import Messages from '@/components/layout/Messages';

type Reply = { status?: number; body?: unknown; delayMs?: number; fail?: Error; echo?: boolean };

const seen: InternalAxiosRequestConfig[] = [];
let replies: Reply[] = [];

/** A fake transport: answers in order, honours the abort signal like the real XHR adapter. */
const adapter: AxiosAdapter = (config) => {
  seen.push(config);
  const reply = replies.shift() ?? { body: { code: 200, msg: 'ok', data: null } };
  return new Promise<AxiosResponse>((resolve, reject) => {
    const signal = config.signal as AbortSignal | undefined;
    const timer = setTimeout(() => {
      if (reply.fail) return reject(reply.fail);
      const data = reply.echo ? { code: 200, msg: '', data: (config.params as { n?: number } | undefined)?.n } : reply.body;
      resolve({ data, status: reply.status ?? 200, statusText: '', headers: {}, config });
    }, reply.delayMs ?? 0);
    signal?.addEventListener?.('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });
};

const visibleMessages = () => Array.from(document.querySelectorAll('.ant-message-notice')).map((n) => n.textContent);

describe('request layer', () => {
  const navigate = vi.fn();

  let toasts: RenderResult | undefined;
  beforeAll(() => {
    // Where the app shows toasts: antd's message instance, mounted on the first message.
    toasts = render(<Messages />);
  });

  afterAll(async () => {
    // Unmounted, and React's scheduled work run, while the test DOM still exists (jsdom is torn down after the file).
    await act(async () => {
      notify.destroy();
      toasts?.unmount();
    });
    await new Promise((r) => setTimeout(r, 50));
  });

  beforeEach(() => {
    http.defaults.adapter = adapter;
    seen.length = 0;
    replies = [];
    localStorage.clear();
    navigate.mockReset();
    setNavigator(navigate);
    useUserStore.setState({ token: '', sessionId: '', user: { ...EMPTY_USER } });
  });

  afterEach(async () => {
    cancelAllRequests();
    await act(async () => {
      notify.destroy();
      await new Promise((r) => setTimeout(r, 50));
    });
  });

  it('sends token, sessionid and content-type headers; GET payload goes URL-encoded into the query', async () => {
    useUserStore.getState().setSession('tok-1', 'sess-1');
    await get('/api/getNotification', { page: 1, category: '政策 法规', empty: undefined });
    const cfg = seen[0];
    expect(cfg.headers.get('token')).toBe('tok-1');
    expect(cfg.headers.get('sessionid')).toBe('sess-1');
    expect(String(cfg.headers.get('content-type'))).toContain('application/json');
    expect(cfg.timeout).toBe(60_000);
    const query = http.getUri(cfg).split('?')[1];
    expect(query).toBe(`page=1&category=${encodeURIComponent('政策 法规')}`);
  });

  it('keeps the content-type header on a GET as it leaves through XMLHttpRequest (axios drops it without a body)', async () => {
    http.defaults.adapter = 'xhr';
    const sent: Record<string, string> = {};
    const setHeader = vi.spyOn(XMLHttpRequest.prototype, 'setRequestHeader').mockImplementation((k: string, v: string) => void (sent[k.toLowerCase()] = v));
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
    try {
      const call = get('/api/getNotification', { page: 1 }, { cancelKey: 'content-type' });
      await new Promise((r) => setTimeout(r, 20));
      cancelRequest('content-type');
      await call.catch(() => undefined);
      expect(send).toHaveBeenCalled();
      expect(sent['content-type']).toContain('application/json');
      expect(sent.token).toBeDefined();
    } finally {
      setHeader.mockRestore();
      send.mockRestore();
    }
  });

  it('POST sends JSON, uploads send multipart form data', async () => {
    await post('/api/editAdmin', { name: '李四' });
    expect(seen[0].method).toBe('post');
    expect(seen[0].data).toBe(JSON.stringify({ name: '李四' }));
    await upload('/api/sendCodeByVerification', { account: '13800138000', type: 1 });
    expect(seen[1].data).toBeInstanceOf(FormData);
    expect((seen[1].data as FormData).get('account')).toBe('13800138000');
    expect((seen[1].data as FormData).get('type')).toBe('1');
  });

  it('a repeated request to the same URL cancels the earlier one', async () => {
    replies = [{ delayMs: 30, echo: true }, { delayMs: 30, echo: true }];
    const first = get<number>('/api/getCommonProblem', { n: 1 });
    await new Promise((r) => setTimeout(r, 5)); // the first one is on the wire
    const second = get<number>('/api/getCommonProblem', { n: 2 });
    await expect(first).rejects.toMatchObject({ message: CANCEL_DUPLICATE });
    await expect(second).resolves.toMatchObject({ data: 2 });
    // Different URLs do not cancel each other.
    replies = [{ delayMs: 10, echo: true }, { delayMs: 10, echo: true }];
    const [a, b] = await Promise.all([get<number>('/api/getCaseType', { n: 3 }), get<number>('/api/getPlatformType', { n: 4 })]);
    expect([a?.data, b?.data]).toEqual([3, 4]);
  });

  it('cancels one request by URL, or all of them', async () => {
    replies = [{ delayMs: 50 }, { delayMs: 50 }, { delayMs: 50 }];
    const one = get('/api/a');
    cancelRequest('/api/a');
    await expect(one).rejects.toMatchObject({ message: CANCEL_ONE });
    const b = get('/api/b');
    const c = get('/api/c');
    cancelAllRequests();
    await expect(b).rejects.toMatchObject({ message: CANCEL_ALL });
    await expect(c).rejects.toMatchObject({ message: CANCEL_ALL });
  });

  it('shows the msg of an error code, one message on screen at a time', async () => {
    replies = [{ body: { code: 400, msg: '第一条错误', data: null } }, { body: { code: 409, msg: '第二条错误', data: null } }];
    await act(async () => {
      await get('/api/one');
      await get('/api/two');
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(visibleMessages()).toEqual(['第二条错误']);
  });

  it('does not show a message for 200, 202, or the payment-information call', async () => {
    replies = [
      { body: { code: 200, msg: '操作成功', data: null } },
      { body: { code: 202, msg: '登录成功', data: null } },
      { body: { code: 500, msg: '支付信息获取失败', data: null } },
    ];
    const shown = vi.spyOn(notify, 'error');
    await get('/api/x');
    await post('/api/login', {});
    const res = await get('/api/getPaymentInformation');
    expect(res?.code).toBe(500);
    expect(shown).not.toHaveBeenCalled();
    shown.mockRestore();
  });

  it.each([302, 304, 305])('code %i clears token, sessionId and user info and goes to /', async (code) => {
    useUserStore.getState().setSession('tok', 'sess');
    useUserStore.getState().setUser({ id: 9, name: '王五' });
    replies = [{ body: { code, msg: '登录已失效，请重新登录', data: null } }];
    await act(async () => {
      await get('/api/getUserPoints');
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('sessionId')).toBeNull();
    expect(localStorage.getItem('user-info')).toBeNull();
    expect(useUserStore.getState().user).toEqual(EMPTY_USER);
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('an HTTP status other than 200 is logged and yields an empty result', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    replies = [{ status: 502, body: '<html>Bad Gateway</html>' }];
    await expect(get('/api/getCaseType')).resolves.toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('HTTP 502'));
    log.mockRestore();
  });

  it('network failures reject to the caller', async () => {
    replies = [{ fail: Object.assign(new Error('Network Error'), { code: 'ERR_NETWORK' }) }];
    await expect(get('/api/getCaseType')).rejects.toThrow('Network Error');
  });
});
