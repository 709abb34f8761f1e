import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * Font files read in part. A CJK collection such as NotoSansCJK-Regular.ttc is 19.5 MB, of which printing a few
 * hundred glyphs reads well under 1 MB: the table directory, one face's cmap, hmtx and small tables, the CFF index
 * headers and the charstrings and subroutines of the glyphs used. readOnDemand gives a buffer the size of the file
 * that holds its bytes only where ensureBytes was called; the readers (sfnt.ts, cff-subset.ts) call ensureBytes
 * before they read a range. For any other buffer ensureBytes does nothing, so the same readers take whole files.
 */

/** Bytes are read in pages of this size, so that neighbouring small reads share one. */
const PAGE = 4096;

const loaders = new WeakMap<Uint8Array, (start: number, end: number) => void>();

/**
 * Makes bytes [start, end) of `data` (absolute positions, clamped to its length) hold the file's bytes, when `data`
 * came from readOnDemand; otherwise does nothing. Throws Error when the file is shorter than when it was opened.
 */
export function ensureBytes(data: Uint8Array, start: number, end: number): void {
  loaders.get(data)?.(start, end);
}

/** The loader of a buffer from readOnDemand (as ensureBytes, for a reader that calls it often), else undefined. */
export function bytesLoader(data: Uint8Array): ((start: number, end: number) => void) | undefined {
  return loaders.get(data);
}

/**
 * A buffer of the size of the file at `path`, read on demand (ensureBytes). The file stays open for the life of
 * the process (one descriptor); its untouched pages take no memory. Throws what opening the file throws.
 */
export function readOnDemand(path: string): Buffer {
  const fd = openSync(path, 'r');
  let size: number;
  try {
    size = fstatSync(fd).size;
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  // Zero-filled: the pages of a large allocation are mapped when first written, so unread ranges cost nothing.
  const data = Buffer.alloc(size);
  const loaded = new Uint8Array(Math.ceil(size / PAGE));
  loaders.set(data, (start, end) => {
    const stop = Math.min(end, size);
    if (start >= stop) return;
    const last = Math.floor((stop - 1) / PAGE);
    for (let p = Math.floor(Math.max(0, start) / PAGE); p <= last; ) {
      if (loaded[p]) {
        p++;
        continue;
      }
      // One read for each run of pages not read yet.
      let q = p;
      while (q < last && !loaded[q + 1]) q++;
      const to = Math.min((q + 1) * PAGE, size);
      for (let at = p * PAGE; at < to; ) {
        const n = readSync(fd, data, at, to - at, at);
        if (n <= 0) throw new Error(`字体文件 ${path} 比打开时短`);
        at += n;
      }
      loaded.fill(1, p, q + 1);
      p = q + 1;
    }
  });
  return data;
}
