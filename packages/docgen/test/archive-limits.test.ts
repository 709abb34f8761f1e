import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DocgenError, intakeArchive } from '../src/index';
import { handZip, tar, type ZipEntry } from './helpers';

const deflated = (name: string, data: Buffer): ZipEntry => ({ name, stored: deflateRawSync(data, { level: 9 }), method: 8, usize: data.length, crc: crc32(data) });

/**
 * A text bomb with a normal ratio: `count` JavaScript files of `fileBytes` each (one deflated body reused), padded
 * with random bytes in a .bin entry so the whole archive compresses about 100:1 — below every ratio limit.
 */
function paddedTextBomb(count: number, body: Buffer): Buffer {
  const one = deflated('x.js', body);
  const entries = Array.from({ length: count }, (_, i) => ({ ...one, name: `app/src/m${i}.js` }));
  const declared = count * body.length;
  const pad = randomBytes(Math.ceil(declared / 100));
  entries.push({ name: 'app/assets/pad.bin', stored: pad, method: 0, usize: pad.length, crc: crc32(pad) });
  return handZip(entries);
}

async function refusal(run: Promise<unknown>): Promise<DocgenError> {
  const e = await run.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(DocgenError);
  return e as DocgenError;
}

const ENGLISH_INTERNALS = /invalid|unexpected|buffer|offset|bounds|error|header check|incorrect/i;

describe('archive limits enforced while inflating', () => {
  it('stops a 470 MiB text bomb padded to a 100:1 ratio once the kept code passes 128 MiB', async () => {
    // Lines of 1,000 characters: the byte limit, not the line limit, is what stops it.
    const line = `export const v = "${'a'.repeat(980)}";\n`;
    const body = Buffer.from(line.repeat(Math.floor((1024 * 1024 - 1) / line.length)));
    const zip = paddedTextBomb(Math.floor((470 * 1024 * 1024) / body.length), body);
    expect(zip.length).toBeLessThan(6 * 1024 * 1024);
    const e = await refusal(intakeArchive(zip, 'zip'));
    expect(e.code).toBe('ARCHIVE_TOO_LARGE');
    expect(e.message).toMatch(/源代码解压后超过 128 MB，已拒绝/);
  });

  it('stops an archive of short lines at 2,000,000 lines', async () => {
    const body = Buffer.alloc(1024 * 1024 - 1, 0x0a);
    const zip = paddedTextBomb(3, body);
    const e = await refusal(intakeArchive(zip, 'zip'));
    expect(e.code).toBe('ARCHIVE_TOO_LARGE');
    expect(e.message).toMatch(/超过 2,000,000 行/);
  });

  it('stops a .tar.gz of many small source files at the inflated-bytes limit, counted as the stream arrives', async () => {
    const files = Array.from({ length: 40 }, (_, i) => ({ name: `app/src/f${i}.js`, data: Buffer.from(`const x${i} = 1;\n`.repeat(30_000)) }));
    const e = await refusal(intakeArchive(gzipSync(tar(files)), 'tar.gz', { maxInflatedBytes: 4 * 1024 * 1024 }));
    expect(e.code).toBe('ARCHIVE_TOO_LARGE');
    expect(e.message).toMatch(/源代码解压后超过 4 MB/);
  });

  it('never inflates an entry that declares more than the largest file read (a 4 GiB claim is skipped, not allocated)', async () => {
    const src = Buffer.from('export const ok = 1;\n');
    const huge: ZipEntry = { ...deflated('app/src/huge.js', Buffer.from('x')), usize: 0xfffffffe };
    const r = await intakeArchive(handZip([deflated('app/src/ok.js', src), huge]), 'zip', { maxBytes: Number.MAX_SAFE_INTEGER, maxRatio: Infinity });
    expect(r.files.map((f) => f.path)).toEqual(['src/ok.js']);
    expect(r.skipped).toContainEqual({ path: 'src/huge.js', reason: expect.stringMatching(/^文件过大/) });
  });

  it('keeps normal archives under the limits readable', async () => {
    const r = await intakeArchive(zipSync({ 'p/src/main.ts': strToU8('export function main() {\n  return 1;\n}\n') }), 'zip');
    expect(r.stats.total.lines).toBe(3);
  });
});

describe('damaged archives are refused in Chinese', () => {
  const src = Buffer.from('export function main() {\n  return 1;\n}\n'.repeat(200));
  const good = deflated('app/src/main.js', src);
  const tgz = gzipSync(tar([{ name: 'app/src/main.js', data: src }]));
  const damaged: [string, () => Promise<unknown>][] = [
    // zlib: "invalid stored block lengths" / "invalid block type"
    ['a zip whose deflate body is garbage', () => intakeArchive(handZip([{ ...good, stored: Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0xff, 0x00, 0x00, 0x11]) }]), 'zip')],
    // zlib: "unexpected end of file"
    ['a zip whose deflate body is cut short', () => intakeArchive(handZip([{ ...good, stored: good.stored.subarray(0, 20) }]), 'zip')],
    ['a .tar.gz cut short', () => intakeArchive(tgz.subarray(0, Math.floor(tgz.length / 2)), 'tar.gz')],
    ['a .tar.gz with a corrupted body', () => intakeArchive(Buffer.concat([tgz.subarray(0, 10), Buffer.alloc(200, 0xff)]), 'tar.gz')],
    // DataView: "Offset is outside the bounds of the DataView"
    ['a zip whose directory points past its end', () => {
      const z = handZip([good]);
      z.writeUInt32LE(z.length - 10, z.length - 22 + 16);
      return intakeArchive(z, 'zip');
    }],
    ['a zip that is only a signature', () => intakeArchive(Buffer.from('PK\u0003\u0004'), 'zip')],
  ];
  it.each(damaged)('%s', async (_name, run) => {
    const e = await refusal(run());
    expect(e.message).toMatch(/[\u4e00-\u9fff]/);
    expect(e.message).not.toMatch(ENGLISH_INTERNALS);
  });
});
