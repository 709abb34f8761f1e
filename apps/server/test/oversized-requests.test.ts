import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp, buildUser } from './helper';

interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** A transport error the client saw (EPIPE, ECONNRESET) while sending or reading. */
  error?: string;
}

/**
 * Sends a request the way the plainest HTTP client does (Python's requests, curl without `Expect: 100-continue`):
 * the request line and headers, then `bodyBytes` of body in 1 MiB writes to the end (waiting for the socket to drain)
 * whatever the server does meanwhile, and only then takes the answer. Resolves with the answer parsed, and the first
 * transport error seen (a reset or broken pipe while sending, or the connection closed without an answer).
 */
function send(base: string, opts: { method: string; path: string; headers?: Record<string, string>; bodyBytes?: number; head?: Buffer; tail?: Buffer }): Promise<Answer> {
  return new Promise((resolve) => {
    const url = new URL(opts.path, base);
    const socket = net.connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    let error: string | undefined;
    let sent = false;
    /** The answer, once its headers and `content-length` bytes of body are in. */
    const parsed = (): Answer | undefined => {
      const raw = Buffer.concat(received);
      const split = raw.indexOf('\r\n\r\n');
      if (split < 0) return undefined;
      const [statusLine, ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length']);
      if (raw.length < split + 4 + length) return undefined;
      return { status: Number(statusLine!.split(' ')[1]), headers, body: raw.subarray(split + 4, split + 4 + length).toString('utf8') };
    };
    const finish = () => {
      const answer = parsed();
      if (sent && answer) {
        resolve({ ...answer, error });
        socket.destroy();
      }
    };
    socket.on('data', (c: Buffer) => {
      received.push(c);
      finish();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on('close', () => resolve({ ...(parsed() ?? {}), error: error ?? (parsed() ? undefined : 'closed without an answer') }));
    const head = [`${opts.method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`, ...Object.entries(opts.headers ?? {}).map(([k, v]) => `${k}: ${v}`)];
    if (!opts.headers?.['content-length'] && opts.bodyBytes !== undefined) head.push('transfer-encoding: chunked');
    const chunked = head.includes('transfer-encoding: chunked');
    const frame = (b: Buffer) => (chunked ? Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]) : b);
    const chunk = frame(Buffer.alloc(1024 * 1024, 0x41));
    let left = opts.bodyBytes ?? 0;
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    if (opts.head) socket.write(frame(opts.head));
    const pump = () => {
      while (left > 0 && !socket.destroyed) {
        const n = Math.min(left, 1024 * 1024);
        left -= n;
        if (!socket.write(n === 1024 * 1024 ? chunk : frame(Buffer.alloc(n, 0x41)))) return void socket.once('drain', pump);
      }
      if (socket.destroyed) return;
      if (opts.tail) socket.write(frame(opts.tail));
      if (chunked) socket.write('0\r\n\r\n');
      sent = true;
      finish();
    };
    pump();
  });
}

/** A multipart body around `size` bytes of file: its head and tail, to send the file's bytes between them. */
function multipartAround(field: string, fileName: string) {
  const boundary = `----mazhu${Date.now()}`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head: Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${fileName}"\r\ncontent-type: application/octet-stream\r\n\r\n`),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

describe('requests too large for the server are answered in Chinese, never cut off', async () => {
  const app = await buildTestApp();
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const u = await buildUser(app);

  it('answers a 1 MB query string with HTTP 431 and a Chinese envelope', async () => {
    const r = await send(base, { method: 'GET', path: `/api/getNoticeList?keyword=${'a'.repeat(1024 * 1024)}` });
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(431);
    expect(r.headers!['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(r.body!)).toEqual({ code: 431, msg: '请求地址或请求头过长，请缩短后重试', data: null });
  });

  it('answers oversized header fields the same way', async () => {
    const r = await send(base, { method: 'GET', path: '/api/health/live', headers: { 'x-padding': 'b'.repeat(64 * 1024) } });
    expect(r.status).toBe(431);
    expect(JSON.parse(r.body!)).toMatchObject({ code: 431 });
  });

  for (const declared of [true, false]) {
    it(`answers a 60 MB code upload ${declared ? 'with' : 'without'} a declared length with the Chinese 413 message, not a broken pipe`, async () => {
      const mp = multipartAround('file', 'code.zip');
      const size = 60 * 1024 * 1024;
      const headers: Record<string, string> = { ...u.headers, 'content-type': mp.contentType };
      if (declared) headers['content-length'] = String(mp.head.length + size + mp.tail.length);
      const r = await send(base, { method: 'POST', path: '/api/uploadCodeProject', headers, bodyBytes: size, head: mp.head, tail: mp.tail });
      expect(r.error).toBeUndefined();
      expect(r.status).toBe(200);
      const env = JSON.parse(r.body!) as { code: number; msg: string };
      expect(env.code).toBe(413);
      expect(env.msg).toMatch(/50 MB/);
    });
  }

  it('answers a 60 MB voucher (a route that reads files in memory) with the Chinese 413 message', async () => {
    const mp = multipartAround('file', 'voucher.png');
    const size = 60 * 1024 * 1024;
    const r = await send(base, { method: 'POST', path: '/api/uploadRechargeVoucher', headers: { ...u.headers, 'content-type': mp.contentType, 'content-length': String(mp.head.length + size + mp.tail.length) }, bodyBytes: size, head: mp.head, tail: mp.tail });
    expect(r.error).toBeUndefined();
    const env = JSON.parse(r.body!) as { code: number; msg: string };
    expect(env.code).toBe(413);
  });

  it('answers a 5 MB JSON body (over the 1 MB limit) with the Chinese 413 message', async () => {
    const r = await send(base, { method: 'POST', path: '/api/getProjectList', headers: { ...u.headers, 'content-type': 'application/json', 'content-length': String(5 * 1024 * 1024 + 2) }, head: Buffer.from('"'), bodyBytes: 5 * 1024 * 1024, tail: Buffer.from('"') });
    expect(r.error).toBeUndefined();
    expect(JSON.parse(r.body!)).toMatchObject({ code: 413, msg: '请求内容过大，请缩小后重试' });
  });
});
