import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiCode } from '@mazhu/contracts';
import { AppError } from './errors';

/**
 * An uploaded file written to a temporary file as it arrived (never held in memory): what a route that spools its
 * upload finds in its body instead of a Buffer. The file is deleted when the answer has been sent, unless the
 * handler moved it (BlobStore.putFile).
 */
export class SpooledFile {
  constructor(
    /** Absolute path of the temporary file. */
    readonly path: string,
    /** Bytes written. */
    readonly size: number,
    /** The first bytes of the file (up to 16), for sniffing its kind. */
    readonly head: Buffer,
    /** The file name the client gave (not trusted for anything but display). */
    readonly filename: string,
  ) {}
}

/** Route option (`config.spool`) of a route whose multipart file is written to disk as it arrives. */
export interface SpoolRouteConfig {
  /** The largest file accepted, in bytes (read for every request: it may be an operator setting). */
  maxBytes(): Promise<number>;
  /** The Chinese refusal for a file over `maxBytes`, given the limit in MB. */
  tooLarge(mb: number): string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    spool?: SpoolRouteConfig;
  }
}

/** The refusal of a file beyond the route's limit (PayloadTooLarge, the route's Chinese text). */
export function spoolTooLarge(cfg: SpoolRouteConfig, maxBytes: number): AppError {
  return new AppError(ApiCode.PayloadTooLarge, cfg.tooLarge(Math.floor(maxBytes / 1024 / 1024)));
}

/**
 * Writes an upload stream to a new file under `dir` as it arrives, counting bytes: past `maxBytes` the stream is
 * destroyed, the partial file removed and spoolTooLarge thrown — the rest of the upload is never written.
 * Memory: one chunk at a time.
 */
export async function spoolToDisk(source: NodeJS.ReadableStream, opts: { dir: string; maxBytes: number; filename: string; cfg: SpoolRouteConfig }): Promise<SpooledFile> {
  await fsp.mkdir(opts.dir, { recursive: true });
  const file = path.join(opts.dir, `upload-${crypto.randomUUID()}.part`);
  let size = 0;
  const head: Buffer[] = [];
  let headLen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > opts.maxBytes) return done(spoolTooLarge(opts.cfg, opts.maxBytes));
      if (headLen < 16) {
        head.push(chunk.subarray(0, 16 - headLen));
        headLen += Math.min(16, chunk.length);
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, fs.createWriteStream(file, { flags: 'wx' }));
  } catch (e) {
    await fsp.rm(file, { force: true });
    throw e;
  }
  return new SpooledFile(file, size, Buffer.concat(head).subarray(0, 16), opts.filename);
}

/**
 * Deletes spool files under `dir` older than `maxAgeMs` (default 1 hour): what a crash in the middle of an upload
 * left behind. Files of uploads in progress are younger. Returns how many were removed.
 */
export async function removeStaleSpools(dir: string, maxAgeMs = 3600_000): Promise<number> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  let n = 0;
  for (const name of names) {
    if (!/^upload-[\w-]+\.part$/.test(name)) continue;
    const file = path.join(dir, name);
    const st = await fsp.stat(file).catch(() => undefined);
    if (st && Date.now() - st.mtimeMs > maxAgeMs) {
      await fsp.rm(file, { force: true });
      n++;
    }
  }
  return n;
}

/** Deletes the temporary files of spooled uploads (those a handler moved are already gone). */
export async function removeSpooled(files: Iterable<SpooledFile>): Promise<void> {
  await Promise.all([...files].map((f) => fsp.rm(f.path, { force: true })));
}
