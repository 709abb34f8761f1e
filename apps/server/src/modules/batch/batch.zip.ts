import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { unzipSync, Zip, ZipPassThrough } from 'fflate';

/** One software's materials inside the batch zip: its folder and where its own zip is stored. */
export interface ZipSource {
  folder: string;
  load(): Promise<Uint8Array>;
}

/**
 * Streams one zip with a folder per software: each project's materials zip is read in turn, unpacked and its files
 * are written stored (the PDFs and DOCX are already compressed) under `<folder>/`. One project is held in memory
 * at a time and the writer waits for the client when more than 8 MB are buffered, so a 500-software batch does
 * not load everything at once. Errors while reading end the stream with the error.
 */
export function streamBatchZip(sources: ZipSource[]): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  void (async () => {
    try {
      for (const s of sources) {
        const files = unzipSync(await s.load());
        for (const [name, data] of Object.entries(files)) {
          if (name.endsWith('/')) continue;
          const entry = new ZipPassThrough(`${s.folder}/${name.split('/').pop()}`);
          zip.add(entry);
          entry.push(data, true);
        }
        if (out.writableLength > 8 * 1024 * 1024) await once(out, 'drain');
      }
      zip.end();
    } catch (e) {
      out.destroy(e instanceof Error ? e : new Error(String(e)));
    }
  })();
  return out;
}

/** Folder names made unique (a second “名称_版本” gets “_第N行”), and free of characters file systems refuse. */
export function uniqueFolders(items: { base: string; rowNo: number }[]): string[] {
  const seen = new Set<string>();
  return items.map(({ base, rowNo }) => {
    let f = base.replace(/[\\/:*?"<>|\r\n\t]/g, '_');
    if (seen.has(f)) f = `${f}_第${rowNo}行`;
    seen.add(f);
    return f;
  });
}
