import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { multipart, upload } from '../../../test/projects.factories';
import { removeStaleSpools } from '../../lib/spool';

/** A zip of one real source file plus `padBytes` of stored random data (an archive of a chosen size). */
function codeZip(padBytes: number): Buffer {
  return Buffer.from(
    zipSync({ 'app/src/main.ts': new TextEncoder().encode('export function main(): number {\n  return 42;\n}\n'), 'app/assets/pad.bin': [randomBytes(padBytes), { level: 0 }] }),
  );
}

const tmpFiles = (app: App) => {
  const dir = path.join(app.deps.config.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const storedUploads = (app: App, userId: number) => {
  const dir = path.join(app.deps.config.dataDir, 'files', 'uploads', String(userId));
  // Archives only: each has its kept file list beside it (`<archive>.files.json.gz`).
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith('.files.json.gz')) : [];
};

describe('code archive uploads: written to disk as they arrive, limited, analysed off the event loop', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ MAX_UPLOAD_MB: '1', UPLOAD_QUOTA_MB: '2' });
  });

  it('analyses an archive in the intake threads and moves it into storage, leaving no temporary file', async () => {
    const a = await buildUser(app);
    const r = await upload(app, a.headers, codeZip(1000), 'demo.zip');
    expect(r.code, r.msg).toBe(200);
    expect(r.data.analysis).toMatchObject({ languages: ['TypeScript'], sourceLines: 3 });
    expect(storedUploads(app, a.userId)).toHaveLength(1);
    expect(tmpFiles(app)).toEqual([]);
  });

  it('refuses an archive over MAX_UPLOAD_MB from its declared length, in Chinese, storing nothing', async () => {
    const a = await buildUser(app);
    const r = await upload(app, a.headers, codeZip(1536 * 1024), 'big.zip');
    expect(r.code).toBe(413);
    expect(r.msg).toMatch(/^代码压缩包不能超过 1 MB/);
    expect(storedUploads(app, a.userId)).toEqual([]);
    expect(tmpFiles(app)).toEqual([]);
  });

  it('cuts off a streamed upload without a declared length once it passes the limit', async () => {
    const a = await buildUser(app);
    const mp = await multipart({ file: { data: codeZip(3 * 1024 * 1024), name: 'big.zip' } });
    // Sent in 64 KiB chunks with no content-length: only counting the bytes as they arrive can stop it.
    const chunks = Array.from({ length: Math.ceil(mp.payload.length / 65536) }, (_, i) => mp.payload.subarray(i * 65536, (i + 1) * 65536));
    const stream = Readable.from(chunks);
    const res = await app.inject({ method: 'POST', url: '/api/uploadCodeProject', headers: { ...a.headers, 'content-type': mp.contentType }, payload: stream });
    const r = body(res);
    expect(r.code).toBe(413);
    expect(r.msg).toMatch(/^代码压缩包不能超过 1 MB/);
    expect(storedUploads(app, a.userId)).toEqual([]);
    expect(tmpFiles(app)).toEqual([]);
  });

  it('refuses an upload signed out before reading it', async () => {
    const r = await upload(app, {}, codeZip(1000), 'a.zip');
    expect(r.code).toBe(302);
    expect(tmpFiles(app)).toEqual([]);
  });

  it('answers a zip bomb with the engine’s Chinese reason, and a damaged archive without English internals', async () => {
    const a = await buildUser(app);
    const line = Buffer.from('\n'.repeat(1024 * 1024 - 1));
    const bomb = Buffer.from(zipSync(Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`app/src/f${i}.js`, line]))));
    const r = await upload(app, a.headers, bomb, 'bomb.zip');
    expect(r.code).toBe(413);
    expect(r.msg).toMatch(/超过 2,000,000 行，已拒绝/);
    const good = codeZip(10);
    const damaged = Buffer.concat([good.subarray(0, 40), Buffer.alloc(200, 0xee), good.subarray(240)]);
    const d = await upload(app, a.headers, damaged, 'damaged.zip');
    expect(d.code).toBe(400);
    expect(d.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(d.msg).not.toMatch(/invalid|unexpected|buffer|offset|bounds/i);
    expect(storedUploads(app, a.userId)).toEqual([]);
  });

  it('keeps each user under the upload quota: unused old uploads make room, recent or used ones do not', async () => {
    const a = await buildUser(app);
    const first = await upload(app, a.headers, codeZip(800 * 1024), 'one.zip');
    expect(first.code, first.msg).toBe(200);
    const second = await upload(app, a.headers, codeZip(800 * 1024), 'two.zip');
    expect(second.code, second.msg).toBe(200);
    // 1.6 MB stored of 2 MB: a third is refused while both are recent…
    const third = await upload(app, a.headers, codeZip(800 * 1024), 'three.zip');
    expect(third.code).toBe(413);
    expect(third.msg).toMatch(/超过每个账号 2 MB 的上限/);
    expect(storedUploads(app, a.userId)).toHaveLength(2);
    // …and accepted once the oldest is an hour old and unused: it is removed (row and archive) to make room.
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    await app.deps.db.updateTable('code_uploads').set({ created_at: hourAgo }).where('id', '=', first.data.uploadId).execute();
    const again = await upload(app, a.headers, codeZip(800 * 1024), 'three.zip');
    expect(again.code, again.msg).toBe(200);
    const ids = (await app.deps.db.selectFrom('code_uploads').select('id').where('user_id', '=', a.userId).execute()).map((u) => u.id);
    expect(ids).toEqual([second.data.uploadId, again.data.uploadId]);
    expect(storedUploads(app, a.userId)).toHaveLength(2);
  });

  it('removes spool files a crash left behind (older than an hour) and keeps those of uploads in progress', async () => {
    const dir = path.join(app.deps.config.dataDir, 'tmp');
    fs.mkdirSync(dir, { recursive: true });
    const old = path.join(dir, 'upload-0c1d-old.part');
    const fresh = path.join(dir, 'upload-0c1d-new.part');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await removeStaleSpools(dir)).toBe(1);
    expect(tmpFiles(app)).toEqual(['upload-0c1d-new.part']);
    fs.rmSync(fresh);
  });
});
