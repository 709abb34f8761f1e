import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertSafeKey, BlobNotFoundError, type BlobStore } from './blob-store';

export interface S3StoreOptions {
  /** e.g. `http://127.0.0.1:9000` (MinIO, Ceph, s3rver) or a cloud endpoint such as `https://cos.ap-shanghai.myqcloud.com`. */
  endpoint: string;
  bucket: string;
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket, e.g. `mazhu/` (several deployments may share a bucket). */
  prefix?: string;
  /** Path-style addressing (`endpoint/bucket/key`), which every S3-compatible server accepts. Default true. */
  forcePathStyle?: boolean;
}

const notFound = (e: unknown): boolean =>
  (e instanceof S3ServiceException && (e.$metadata.httpStatusCode === 404 || e.name === 'NoSuchKey' || e.name === 'NotFound')) ||
  (e as { name?: string }).name === 'NoSuchKey';

/**
 * BlobStore on an S3-compatible object store (AWS SDK v3), so web and worker processes on different machines share
 * uploads and materials. Keys are the same safe relative keys as on disk, under `prefix`. A put is one PUT of the
 * whole object (S3 makes it visible atomically: never half-written).
 */
export function createS3Store(opts: S3StoreOptions): BlobStore & { client: S3Client } {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region ?? 'us-east-1',
    forcePathStyle: opts.forcePathStyle ?? true,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
  });
  const Bucket = opts.bucket;
  const prefix = opts.prefix ?? '';
  const Key = (key: string) => prefix + assertSafeKey(key);

  return {
    client,
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: data, ContentLength: data.byteLength }));
    },
    /**
     * Uploads the file in one PUT, then removes it. Read whole first (at most one upload, MAX_UPLOAD_MB): a stream
     * body makes the SDK send aws-chunked checksummed content that S3-compatible servers do not all decode.
     */
    async putFile(key, source) {
      const data = await fsp.readFile(source);
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: data, ContentLength: data.byteLength }));
      await fsp.rm(source, { force: true });
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (e) {
        if (notFound(e)) throw new BlobNotFoundError(key);
        throw e;
      }
    },
    async stream(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return { stream: res.Body as Readable, size: Number(res.ContentLength ?? 0) };
      } catch (e) {
        if (notFound(e)) throw new BlobNotFoundError(key);
        throw e;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return true;
      } catch (e) {
        if (notFound(e)) return false;
        throw e;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
  };
}
