import * as zlib from 'node:zlib';

/**
 * Flate (zlib format, RFC 1950) for many small buffers in a row: a PDF has one content stream per page. Each
 * deflateSync/inflateSync call builds a stream object with its zlib state and frees it again (≈ 70 µs a call when
 * the code is not optimised, more than compressing a page); a Flate here keeps one zlib state and resets it between
 * buffers, through the native handle Node's own synchronous functions write to. The bytes are those of
 * deflateSync/inflateSync with the same options (zlib is deterministic, and a reset state is a fresh one). Where the
 * handle is not there as expected (another Node version), every call goes through deflateSync/inflateSync.
 */

/** The parts of Node's zlib handle used here (lib/zlib.js processChunkSync writes to it the same way). */
interface ZlibHandle {
  writeSync(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): void;
  reset(): void;
  onerror: (message: string, errno: number) => void;
}
interface HandleOwner {
  _handle?: ZlibHandle;
  _writeState?: Uint32Array;
  close(): void;
}

const OUT_CHUNK = 64 * 1024;

class Flate {
  private handle: ZlibHandle | null | undefined;
  private state: Uint32Array | undefined;
  private owner: HandleOwner | undefined;
  private error: { message: string; errno: number } | undefined;
  private out: Buffer | undefined;

  constructor(
    private readonly make: () => zlib.Deflate | zlib.Inflate,
    private readonly fallback: (data: Uint8Array) => Buffer,
    private readonly flush: number,
  ) {}

  /** The zlib state, made on first use; null when this Node's zlib objects do not have the expected handle. */
  private open(): ZlibHandle | null {
    if (this.handle !== undefined) return this.handle;
    const owner = this.make() as unknown as HandleOwner;
    const h = owner._handle;
    if (!h || typeof h.writeSync !== 'function' || typeof h.reset !== 'function' || !(owner._writeState instanceof Uint32Array)) {
      owner.close();
      return (this.handle = null);
    }
    h.onerror = (message, errno) => {
      this.error = { message, errno };
    };
    this.owner = owner;
    this.state = owner._writeState;
    return (this.handle = h);
  }

  run(data: Uint8Array): Buffer {
    const h = this.open();
    if (!h) return this.fallback(data);
    const state = this.state!;
    const out = (this.out ??= Buffer.allocUnsafe(OUT_CHUNK));
    let parts: Buffer[] | undefined;
    let inOff = 0;
    let inLen = data.length;
    let result: Buffer;
    this.error = undefined;
    for (;;) {
      h.writeSync(this.flush, data, inOff, inLen, out, 0, OUT_CHUNK);
      const error = this.error as { message: string; errno: number } | undefined;
      if (error !== undefined) {
        // The state is left as zlib's error left it: the next buffer gets a new one.
        this.handle = undefined;
        this.owner!.close();
        const e = new Error(error.message) as NodeJS.ErrnoException;
        e.errno = error.errno;
        e.code = (zlib as unknown as { codes: Record<number, string> }).codes[error.errno] ?? 'Z_DATA_ERROR';
        throw e;
      }
      const availOut = state[0];
      const availIn = state[1];
      const chunk = Buffer.from(out.subarray(0, OUT_CHUNK - availOut));
      inOff += inLen - availIn;
      inLen = availIn;
      if (availOut !== 0) {
        result = parts ? Buffer.concat([...parts, chunk]) : chunk;
        break;
      }
      (parts ??= []).push(chunk);
    }
    h.reset();
    return result;
  }
}

const deflating = new Flate(() => zlib.createDeflate(), (d) => zlib.deflateSync(d), zlib.constants.Z_FINISH);
const inflating = new Flate(
  () => zlib.createInflate(),
  (d) => zlib.inflateSync(d, { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  zlib.constants.Z_SYNC_FLUSH,
);

const inflatingWhole = new Flate(() => zlib.createInflate(), (d) => zlib.inflateSync(d), zlib.constants.Z_FINISH);

/** deflateSync(data)'s bytes (zlib format, default level), through the thread's one deflate state. */
export function deflate(data: Uint8Array): Buffer {
  return deflating.run(data);
}

/**
 * inflateSync(data, { finishFlush: Z_SYNC_FLUSH })'s bytes — a truncated stream gives what it holds — through the
 * thread's one inflate state. Throws an Error whose `code` is zlib's (Z_DATA_ERROR, …) on corrupt data.
 */
export function inflate(data: Uint8Array): Buffer {
  return inflating.run(data);
}

/**
 * inflateSync(data)'s bytes (the stream must be whole), through the thread's one inflate state for that. Throws an
 * Error whose `code` is zlib's, as inflateSync does (Z_BUF_ERROR "unexpected end of file" for a truncated stream).
 */
export function inflateWhole(data: Uint8Array): Buffer {
  return inflatingWhole.run(data);
}
