import type { Socket } from 'node:net';
import { ApiCode } from '@mazhu/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * How much of a request body the server still reads, and throws away, after it has answered before the body ended
 * (a refused upload: too large, not signed in, a bad field): enough that a client which sends its whole body before
 * it reads the answer (Python's requests, curl without `Expect: 100-continue`) gets the Chinese envelope instead of
 * a broken pipe; beyond either bound the connection is closed.
 */
export const UNREAD_BODY_LIMITS = {
  /** Bytes read and thrown away after the answer. */
  bytes: 256 * 1024 * 1024,
  /** Time allowed for them to arrive, ms. */
  ms: 60_000,
} as const;

/** How long a connection whose request could not be parsed stays open for its answer to be read, ms. */
const UNPARSED_LINGER_MS = 5_000;

/** The answers to requests Node's HTTP parser refused, before any route saw them: [HTTP status, reason, envelope]. */
const PARSE_REFUSALS = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', { code: ApiCode.HeaderFieldsTooLarge, msg: '请求地址或请求头过长，请缩短后重试', data: null }],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', { code: ApiCode.RequestTimeout, msg: '请求发送超时，请检查网络后重试', data: null }],
  other: [400, 'Bad Request', { code: ApiCode.BadRequest, msg: '请求格式有误，无法识别', data: null }],
} as const;

const answered = new WeakSet<Socket>();

/**
 * Fastify's `clientErrorHandler`: answers a request Node's HTTP parser refused (a request line or headers over
 * Node's 16 KB `maxHeaderSize` → HTTP 431, a request not sent in time → 408, anything unparsable → 400) with a
 * Chinese envelope `{code, msg, data: null}` as JSON, then closes its side. The client's bytes still arriving are
 * read for up to 5 s (the parser refuses them again; those calls are ignored), so the client can finish sending and
 * read the answer rather than being reset. Connection resets need no answer.
 */
export function answerUnparsedRequest(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const [status, reason, envelope] = PARSE_REFUSALS[err.code === 'HPE_HEADER_OVERFLOW' || err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? err.code : 'other'];
  const body = Buffer.from(JSON.stringify(envelope));
  if (socket.writable) {
    socket.end(
      Buffer.concat([
        Buffer.from(
          `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${body.length}\r\ncache-control: no-store\r\nx-content-type-options: nosniff\r\nconnection: close\r\n\r\n`,
        ),
        body,
      ]),
    );
  }
  socket.setTimeout(0);
  setTimeout(() => socket.destroy(), UNPARSED_LINGER_MS).unref();
}

/**
 * Answers go out whole even when the request body is still arriving: an answer sent before the body ended keeps its
 * connection open (Fastify asks to close it after a refused body, which resets a client still sending) and the rest
 * of the body is read and thrown away, within UNREAD_BODY_LIMITS, after which the connection is closed.
 */
export async function readUnreadBodies(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const req = request.raw;
    // `complete` is false while the body is still arriving (undefined on app.inject()'s requests: nothing to read).
    if (req.complete !== false || !req.socket) return payload;
    reply.removeHeader('connection');
    const socket = req.socket;
    let read = 0;
    const close = () => socket.destroy();
    const timer = setTimeout(close, UNREAD_BODY_LIMITS.ms).unref();
    req.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > UNREAD_BODY_LIMITS.bytes) close();
    });
    req.once('end', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
    req.resume();
    return payload;
  });
}
