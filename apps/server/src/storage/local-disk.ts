import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, BlobNotFoundError, type BlobStore } from './blob-store';

/**
 * BlobStore on the local disk under `root` (normally `<dataDir>/files`). Writes go to a temporary file
 * renamed into place, so a crash never leaves a half-written blob under its final key.
 */
export function createLocalDiskStore(root: string): BlobStore {
  const abs = path.resolve(root);
  const fileOf = (key: string): string => {
    const file = path.resolve(abs, assertSafeKey(key));
    if (!file.startsWith(abs + path.sep)) throw new Error(`unsafe blob key: ${key}`);
    return file;
  };
  const missing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    async put(key, data) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      try {
        await fsp.writeFile(tmp, data);
        await fsp.rename(tmp, file);
      } finally {
        await fsp.rm(tmp, { force: true });
      }
    },
    async putFile(key, source) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      try {
        await fsp.rename(source, file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
        // Another file system: copy under a temporary name, then rename into place.
        const tmp = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
        try {
          await fsp.copyFile(source, tmp);
          await fsp.rename(tmp, file);
        } finally {
          await fsp.rm(tmp, { force: true });
        }
        await fsp.rm(source, { force: true });
      }
    },
    localPath: fileOf,
    async get(key) {
      try {
        return await fsp.readFile(fileOf(key));
      } catch (e) {
        if (missing(e)) throw new BlobNotFoundError(key);
        throw e;
      }
    },
    async stream(key) {
      const file = fileOf(key);
      try {
        const st = await fsp.stat(file);
        return { stream: fs.createReadStream(file), size: st.size };
      } catch (e) {
        if (missing(e)) throw new BlobNotFoundError(key);
        throw e;
      }
    },
    async exists(key) {
      return fsp.stat(fileOf(key)).then(
        () => true,
        () => false,
      );
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}
