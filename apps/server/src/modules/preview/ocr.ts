import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

/** A line of text read on a screenshot and where it is, in the image's pixels. */
export interface OcrLine {
  text: string;
  box: { x: number; y: number; width: number; height: number };
}

/** Reads the text of a screenshot. */
export interface ScreenReader {
  /** The recognised lines (whitespace between CJK characters removed). Rejects when the image cannot be read. */
  read(image: Buffer): Promise<string[]>;
  /** `read`'s lines, and the lines of the first pass with their boxes (for masking and for finding a page's title). */
  readDetailed?(image: Buffer): Promise<{ lines: string[]; boxes: OcrLine[] }>;
  close(): Promise<void>;
}

/**
 * OCR of screenshots with tesseract.js and the simplified-Chinese model of the npm package
 * @tesseract.js-data/chi_sim (4.0.0_best_int, gzip), offline: nothing is downloaded at run time. One worker thread,
 * started on the first read (about 1 s) and kept; reads are queued one at a time (1–3 s each: the whole screen as is
 * and negated, then the top strip with the title bar or logo); `close()` ends the thread.
 */
export function createScreenReader(): ScreenReader {
  let worker: Promise<Worker> | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  const require = createRequire(import.meta.url);
  const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/chi_sim/package.json')), '4.0.0_best_int');

  const start = () =>
    (worker ??= createWorker('chi_sim', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' }).then(async (w) => {
      // Sauvola binarisation (thresholding_method 2) keeps light text on a coloured bar of a dark page, which a global
      // Otsu threshold merges with the bar.
      await w.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, preserve_interword_spaces: '1', thresholding_method: '2', debug_file: '/dev/null' } as never);
      return w;
    }));

  const lines = (text: string) =>
    text
      .split('\n')
      .map((l) => l.replace(/(?<=[\u4e00-\u9fff（）：])\s+|\s+(?=[\u4e00-\u9fff（）：])/g, '').trim())
      .filter(Boolean);

  const detailed = (image: Buffer): Promise<{ lines: string[]; boxes: OcrLine[] }> => {
    const run = chain.then(async () => {
        const w = await start();
        // Two passes over a greyscale copy: as is, and negated, so light text on a coloured title bar or a dark
        // theme is read as well as dark text on white. Small images are enlarged first.
        const meta = await sharp(image).metadata();
        const grey = sharp(image).greyscale().resize({ width: (meta.width ?? 0) < 900 ? (meta.width ?? 0) * 2 : undefined, withoutEnlargement: false });
        const scale = (meta.width ?? 0) < 900 ? 2 : 1;
        const [a, b] = [await grey.clone().png().toBuffer(), await grey.clone().negate({ alpha: false }).png().toBuffer()];
        const first = (await w.recognize(a, {}, { text: true, blocks: true })).data;
        const out = [...lines(first.text)];
        const boxes: OcrLine[] = [];
        for (const block of first.blocks ?? [])
          for (const para of block.paragraphs)
            for (const line of para.lines) {
              const text = lines(line.text)[0];
              const { x0, y0, x1, y1 } = line.bbox;
              if (text) boxes.push({ text, box: { x: Math.floor(x0 / scale), y: Math.floor(y0 / scale), width: Math.ceil((x1 - x0) / scale), height: Math.ceil((y1 - y0) / scale) } });
            }
        for (const l of lines((await w.recognize(b)).data.text)) if (!out.includes(l)) out.push(l);
        // The title bar / logo strip, where a screen shows the software's name and version, read on its own: the
        // sparse-text pass over the whole screen can miss light text on a coloured bar next to large blank areas.
        const width = meta.width ?? 0;
        const band = Math.min(meta.height ?? 0, Math.round(Math.min(Math.max((meta.height ?? 0) * 0.12, 60), 240)));
        if (width > 0 && band > 0) {
          const top = await sharp(image).extract({ left: 0, top: 0, width, height: band }).greyscale().png().toBuffer();
          for (const l of lines((await w.recognize(top)).data.text)) if (!out.includes(l)) out.push(l);
        }
        return { lines: out, boxes };
      });
    chain = run.catch(() => undefined);
    return run;
  };

  return {
    read: (image) => detailed(image).then((r) => r.lines),
    readDetailed: detailed,
    async close() {
      const w = worker;
      worker = undefined;
      if (w) await (await w).terminate();
    },
  };
}
