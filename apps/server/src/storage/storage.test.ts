import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, createLocalDiskStore } from './index';

describe('local disk blob store', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-blobs-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const store = createLocalDiskStore(path.join(root, 'files'));

  it('puts, reads, streams and deletes a blob', async () => {
    await store.put('uploads/1/a.zip', Buffer.from('hello'));
    expect((await store.get('uploads/1/a.zip')).toString()).toBe('hello');
    const s = await store.stream('uploads/1/a.zip');
    expect(s.size).toBe(5);
    s.stream.destroy();
    expect(await store.exists('uploads/1/a.zip')).toBe(true);
    await store.delete('uploads/1/a.zip');
    await expect(store.get('uploads/1/a.zip')).rejects.toBeInstanceOf(BlobNotFoundError);
    await store.delete('uploads/1/a.zip');
    expect(fs.readdirSync(path.join(root, 'files/uploads/1'))).toEqual([]);
  });

  it('refuses keys that could leave the root', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../x', 'A/B', 'a//b', 'a/./b', '']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe blob key/);
    }
    expect(fs.existsSync(path.join(root, 'x'))).toBe(false);
  });
});
