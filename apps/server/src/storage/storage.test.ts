import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, createLocalDiskStore, createS3Store, type BlobStore } from './index';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-blobs-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** What every BlobStore must do, whatever holds the bytes. */
function contract(name: string, open: () => Promise<BlobStore>) {
  describe(`${name} blob store`, () => {
    let store: BlobStore;
    beforeAll(async () => {
      store = await open();
    });

    it('puts, reads, streams and deletes a blob', async () => {
      const bytes = Buffer.from('码著 hello');
      await store.put('uploads/1/a.zip', bytes);
      expect(await store.get('uploads/1/a.zip')).toEqual(bytes);
      const s = await store.stream('uploads/1/a.zip');
      expect(s.size).toBe(bytes.length);
      const chunks: Buffer[] = [];
      for await (const c of s.stream) chunks.push(Buffer.from(c as Uint8Array));
      expect(Buffer.concat(chunks)).toEqual(bytes);
      expect(await store.exists('uploads/1/a.zip')).toBe(true);
      await store.delete('uploads/1/a.zip');
      expect(await store.exists('uploads/1/a.zip')).toBe(false);
      await expect(store.get('uploads/1/a.zip')).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.stream('uploads/1/a.zip')).rejects.toBeInstanceOf(BlobNotFoundError);
      await store.delete('uploads/1/a.zip'); // deleting an absent blob is not an error
    });

    it('replaces a blob as a whole and keeps binary data exact', async () => {
      const big = Buffer.alloc(3 * 1024 * 1024 + 7);
      for (let i = 0; i < big.length; i++) big[i] = (i * 31) & 0xff;
      await store.put('materials/9/x.pdf', Buffer.from('old'));
      await store.put('materials/9/x.pdf', big);
      expect((await store.get('materials/9/x.pdf')).equals(big)).toBe(true);
    });

    it('moves an uploaded file in (putFile): the blob has its bytes and the temporary file is gone', async () => {
      const src = path.join(tmp, `spooled-${name.replace(/\W/g, '')}.part`);
      const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) & 0xff));
      fs.writeFileSync(src, bytes);
      await store.putFile('uploads/2/b.zip', src);
      expect((await store.get('uploads/2/b.zip')).equals(bytes)).toBe(true);
      expect(fs.existsSync(src)).toBe(false);
    });

    it('refuses keys that could leave the root', async () => {
      for (const key of ['../x', '/etc/passwd', 'a/../../x', 'A/B', 'a//b', 'a/./b', '']) {
        await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe blob key/);
      }
    });
  });
}

contract('local disk', async () => createLocalDiskStore(path.join(tmp, 'files')));

// A real S3-compatible server (s3rver, from npm) on a free port, talked to by the AWS SDK over HTTP.
let s3: S3rver | undefined;
afterAll(async () => {
  await s3?.close();
});
contract('S3', async () => {
  fs.mkdirSync(path.join(tmp, 's3'), { recursive: true });
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3') });
  const { port } = (await s3.run()) as { port: number };
  const store = createS3Store({ endpoint: `http://127.0.0.1:${port}`, bucket: 'mazhu', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: 'test/' });
  await store.client.send(new CreateBucketCommand({ Bucket: 'mazhu' }));
  return store;
});
