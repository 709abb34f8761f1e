/**
 * Reads one file out of the code archive the user picked (zip or tar.gz) in the browser, for the preview of the
 * first page of the source-code document. Uses the browser's DecompressionStream ('deflate-raw', 'gzip');
 * no library. Supports what code archives use: zip (stored / deflate, no zip64) and ustar/GNU/pax tar.
 */

async function inflate(data: Uint8Array, format: 'deflate-raw' | 'gzip'): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const utf8 = new TextDecoder('utf-8');

/** Source text: UTF-8, or GB18030 (common in Chinese code bases) when the bytes are not valid UTF-8. */
export function decodeSource(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

interface Entry {
  name: string;
  read: () => Promise<Uint8Array>;
}

function zipEntries(buf: Uint8Array): Entry[] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  const count = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  const out: Entry[] = [];
  for (let n = 0; n < count && p + 46 <= buf.length; n++) {
    if (view.getUint32(p, true) !== 0x02014b50) break;
    const method = view.getUint16(p + 10, true);
    const compSize = view.getUint32(p + 20, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const local = view.getUint32(p + 42, true);
    const name = utf8.decode(buf.subarray(p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith('/')) continue;
    out.push({
      name,
      read: async () => {
        const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
        const data = buf.subarray(start, start + compSize);
        if (method === 0) return data;
        if (method === 8) return inflate(data, 'deflate-raw');
        throw new Error(`不支持的压缩方式 ${method}`);
      },
    });
  }
  return out;
}

function tarEntries(tar: Uint8Array): Entry[] {
  const out: Entry[] = [];
  const text = (a: number, b: number) => utf8.decode(tar.subarray(a, b)).replace(/\0.*$/s, '');
  let p = 0;
  let longName: string | null = null;
  while (p + 512 <= tar.length) {
    if (tar[p] === 0) break;
    const size = parseInt(text(p + 124, p + 136).trim() || '0', 8);
    const type = String.fromCharCode(tar[p + 156] || 48);
    const prefix = text(p + 345, p + 500);
    let name = longName ?? (prefix ? `${prefix}/${text(p, p + 100)}` : text(p, p + 100));
    longName = null;
    const dataStart = p + 512;
    const data = tar.subarray(dataStart, dataStart + size);
    p = dataStart + Math.ceil(size / 512) * 512;
    if (type === 'L') {
      longName = utf8.decode(data).replace(/\0.*$/s, '');
      continue;
    }
    if (type === 'x') {
      const m = /\d+ path=([^\n]*)\n/.exec(utf8.decode(data));
      if (m) longName = m[1];
      continue;
    }
    if (type !== '0' && type !== '\0' && type !== '7') continue;
    name = name.replace(/^\.\//, '');
    out.push({ name, read: async () => data });
  }
  return out;
}

/** The entries of a zip or tar.gz (by its first bytes). */
export async function listArchive(file: Blob): Promise<Entry[]> {
  const buf = new Uint8Array(await file.arrayBuffer());
  if (buf[0] === 0x50 && buf[1] === 0x4b) return zipEntries(buf);
  if (buf[0] === 0x1f && buf[1] === 0x8b) return tarEntries(await inflate(buf, 'gzip'));
  return [];
}

/** The text of `path` inside the archive (matched exactly or below a top folder), or null. */
export async function readArchiveFile(file: Blob, path: string): Promise<string | null> {
  const want = path.replace(/\\/g, '/').replace(/^\.?\//, '');
  if (!want) return null;
  const entries = await listArchive(file);
  const hit = entries.find((e) => e.name === want) ?? entries.find((e) => e.name.endsWith(`/${want}`));
  return hit ? decodeSource(await hit.read()) : null;
}

/** Lines of page 1 as the source-code document lays them out: blank lines removed, 50 per page. */
export function firstPageLines(source: string, perPage = 50): string[] {
  return source
    .split(/\r\n|\r|\n/)
    .map((l) => l.replace(/\t/g, '    ').replace(/\s+$/, ''))
    .filter((l) => l.trim() !== '')
    .slice(0, perPage);
}
