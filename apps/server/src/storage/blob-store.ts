import type { Readable } from 'node:stream';

/**
 * Where uploads and generated materials live. Keys are chosen by the server (never by a client):
 * lower-case letters, digits, `-`, `_`, `.` and `/`-separated segments, e.g. `uploads/12/5f3a….zip`.
 * The default is the local disk under `<dataDir>/files/`; an S3-compatible store can implement the same interface.
 */
export interface BlobStore {
  put(key: string, data: Uint8Array): Promise<void>;
  /** Stores the file at `source` (a temporary file of this machine) under `key`, moving it: `source` is gone afterwards. */
  putFile(key: string, source: string): Promise<void>;
  /** The path of the blob on this machine's disk, for readers in other threads; undefined when not on a local disk. */
  localPath?(key: string): string;
  get(key: string): Promise<Buffer>;
  /** A stream of the blob, for downloads. Throws BlobNotFoundError when absent. */
  stream(key: string): Promise<{ stream: Readable; size: number }>;
  exists(key: string): Promise<boolean>;
  /** Deletes the blob; absent blobs are ignored. */
  delete(key: string): Promise<void>;
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`blob not found: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

const KEY_RE = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Throws unless `key` is a safe relative key (no `..`, no absolute path, no odd characters). */
export function assertSafeKey(key: string): string {
  if (!KEY_RE.test(key) || key.length > 200 || key.split('/').some((s) => s === '..' || s === '.')) {
    throw new Error(`unsafe blob key: ${JSON.stringify(key)}`);
  }
  return key;
}
