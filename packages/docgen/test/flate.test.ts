import { constants, deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflate, inflate, inflateWhole } from '../src/flate';

/** Text that compresses like a page of code, `n` bytes long. */
function codeLike(n: number): Buffer {
  const lines: string[] = [];
  for (let i = 0, len = 0; len < n; i++) {
    const l = `1 0 0 -1 ${56.7 + (i % 7) * 5.4} ${80.92 + (i % 50) * 14} Tm (const value${i} = compute(${i * 7919 % 1000}, 'x');) Tj`;
    lines.push(l);
    len += l.length + 1;
  }
  return Buffer.from(lines.join('\n')).subarray(0, n);
}

/** Bytes that hardly compress (their deflate output outgrows one 64 KB output chunk). */
function noise(n: number): Buffer {
  const b = Buffer.alloc(n);
  let x = 12345;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  return b;
}

describe('flate (one zlib state for many buffers)', () => {
  const inputs = [Buffer.alloc(0), Buffer.from('BT ET'), codeLike(3300), codeLike(250_000), noise(150_000), codeLike(3300)];

  it('deflates to the bytes deflateSync writes, buffer after buffer', () => {
    for (const data of inputs) expect(deflate(data).equals(deflateSync(data))).toBe(true);
  });

  it('inflates as inflateSync with Z_SYNC_FLUSH, truncated streams included, and throws its error on corrupt data', () => {
    const sync = (d: Uint8Array) => inflateSync(d, { finishFlush: constants.Z_SYNC_FLUSH });
    for (const data of inputs) {
      const z = deflateSync(data);
      expect(inflate(z).equals(data)).toBe(true);
      const cut = z.subarray(0, Math.floor(z.length / 2));
      expect(inflate(cut).equals(sync(cut))).toBe(true);
    }
    const corrupt = Buffer.from([0x78, 0x9c, 0xff, 0xff, 0xff, 0x00]);
    let expected: NodeJS.ErrnoException | undefined;
    try {
      sync(corrupt);
    } catch (e) {
      expected = e as NodeJS.ErrnoException;
    }
    expect(expected?.code).toMatch(/^Z_/);
    expect(() => inflate(corrupt)).toThrow(expect.objectContaining({ code: expected!.code, message: expected!.message }));
    // The next buffer gets a fresh state.
    expect(inflate(deflateSync(inputs[2])).equals(inputs[2])).toBe(true);
  });

  it('inflates whole streams as inflateSync, and fails a truncated one with its error', () => {
    for (const data of inputs) expect(inflateWhole(deflateSync(data)).equals(data)).toBe(true);
    const cut = deflateSync(inputs[3]).subarray(0, 1000);
    let expected: NodeJS.ErrnoException | undefined;
    try {
      inflateSync(cut);
    } catch (e) {
      expected = e as NodeJS.ErrnoException;
    }
    expect(expected?.code).toBe('Z_BUF_ERROR');
    expect(() => inflateWhole(cut)).toThrow(expect.objectContaining({ code: expected!.code, message: expected!.message }));
    expect(inflateWhole(deflateSync(inputs[2])).equals(inputs[2])).toBe(true);
  });
});
