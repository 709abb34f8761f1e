import { afterAll, describe, expect, it } from 'vitest';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { intakeDirectory } from '../src/intake/intake';
import { threadRenderer } from '../src/source/pdf-thread';
import { startPdfWorker } from '../src/source/pdf-worker-start';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/spring-admin');
const renderer = threadRenderer(startPdfWorker());
afterAll(() => renderer.close());

describe('the CLI thread', () => {
  it('paginates and prints in the thread the document the calling thread would build', async () => {
    const { files } = await intakeDirectory(fixture);
    const { localRenderer } = await import('../src/source/pdf-thread');
    const opts = { name: '码著示例管理系统', version: 'V1.0', files };
    const here = localRenderer.source(opts, true);
    const there = renderer.source(opts, true);
    const [a, b] = [await here.document, await there.document];
    expect(b.document.pages).toEqual(a.document.pages);
    expect(b.document.manifest).toEqual(a.document.manifest);
    const [pa, pb] = [await here.printed, await there.printed];
    expect(pb.pages).toEqual(pa.pages);
    expect(pb.pdf.equals(pa.pdf)).toBe(true);
  });

  it('uses the lines it prepared while the code was read, only for the very files handed over with the same options', async () => {
    const { localRenderer } = await import('../src/source/pdf-thread');
    const opts = { name: '码著示例管理系统', version: 'V1.0' };
    const { files } = await intakeDirectory(fixture, { onFile: renderer.preparer!({ scrub: true }) });
    expect(files.length).toBeGreaterThan(5);
    const here = await localRenderer.source({ ...opts, files }, true).document;
    // Same objects: every file goes by reference.
    const there = renderer.source({ ...opts, files }, true);
    expect((await there.document).document).toEqual(here.document);
    expect((await there.printed).pdf.equals(await localRenderer.source({ ...opts, files }, true).printed.then((p) => p.pdf))).toBe(true);
    // A changed copy of a handed file is sent with its text, not taken from what was prepared.
    const sink = renderer.preparer!({});
    files.forEach(sink);
    const changed = files.map((f, i) => (i === 0 ? { ...f, text: `${f.text}\nint extraLine = 1;\n` } : f));
    const a = await localRenderer.source({ ...opts, files: changed }, false).document;
    expect((await renderer.source({ ...opts, files: changed }, false).document).document).toEqual(a.document);
    // Other options (comments stripped) than those the files were prepared with: prepared again from the text.
    files.forEach(renderer.preparer!({ stripComments: false }));
    const stripped = await localRenderer.source({ ...opts, files, stripComments: true }, false).document;
    expect((await renderer.source({ ...opts, files, stripComments: true }, false).document).document).toEqual(stripped.document);
    expect(stripped.document.totalPrintedLines).toBeLessThan(here.document.totalPrintedLines);
  });

  it('builds the same document when the calling thread counts the files the thread has not started (lend)', async () => {
    const { localRenderer } = await import('../src/source/pdf-thread');
    const opts = { name: '码著示例管理系统', version: 'V1.0' };
    // Enough files that the thread is still busy when the calling thread lends itself.
    const { codeFile } = await import('./fixtures-code');
    const files = Array.from({ length: 300 }, (_, i) => codeFile(`src/m${String(i).padStart(3, '0')}.js`, Array.from({ length: 60 }, (_, j) => `export const v${i}_${j} = '${'值'.repeat(j % 7)}${j}'; // password = "p${j}x"`).join('\n')));
    const sink = renderer.preparer!({});
    files.forEach(sink);
    const there = renderer.source({ ...opts, files }, true);
    renderer.lend!();
    const here = localRenderer.source({ ...opts, files }, true);
    expect((await there.document).document).toEqual((await here.document).document);
    expect((await there.printed).pdf.equals((await here.printed).pdf)).toBe(true);
  });

  it('keeps the lines of the first files only and prepares again the counted files printed on the last pages', async () => {
    const { localRenderer } = await import('../src/source/pdf-thread');
    const { BLOCK_LINES_MAX } = await import('../src/source/source-document');
    const { codeFile } = await import('./fixtures-code');
    const opts = { name: '码著示例管理系统', version: 'V1.0', linesPerPage: 80 };
    // 110 files of 70 lines: more than the front block holds at 80 lines a page, and more than 60 pages, so files past
    // the kept ones are printed both between the blocks (skipped) and on the last pages (prepared again).
    const files = Array.from({ length: 110 }, (_, i) => codeFile(`src/f${String(i).padStart(2, '0')}.ts`, Array.from({ length: 70 }, (_, j) => `export const k${i}_${j} = '${'码'.repeat((i + j) % 50)}${j}';`).join('\n')));
    const sink = renderer.preparer!({});
    files.forEach(sink);
    const there = renderer.source({ ...opts, files }, true);
    const here = localRenderer.source({ ...opts, files }, true);
    const doc = (await there.document).document;
    expect(doc.totalPrintedLines).toBeGreaterThan(BLOCK_LINES_MAX + 60 * 80);
    expect(doc).toEqual((await here.document).document);
    expect((await there.printed).pdf.equals((await here.printed).pdf)).toBe(true);
  });

  it('paginates here and prints there a code base whose text intake keeps on disk', async () => {
    const { files } = await intakeDirectory(fixture);
    const onDisk = files.map((f) => {
      const { text, ...rest } = f;
      return Object.defineProperty(rest, 'text', { enumerable: true, get: () => text }) as typeof f;
    });
    const { localRenderer } = await import('../src/source/pdf-thread');
    const opts = { name: '码著示例管理系统', version: 'V1.0' };
    const here = localRenderer.source({ ...opts, files }, true);
    const there = renderer.source({ ...opts, files: onDisk }, true);
    expect((await there.document).document.pages).toEqual((await here.document).document.pages);
    expect((await there.printed).pdf.equals((await here.printed).pdf)).toBe(true);
  });

  it('hands back the builder’s error for code with nothing to print', async () => {
    const files = [{ path: 'a.js', language: 'JavaScript', comments: 'js' as const, text: '\n\n', encoding: 'utf-8' as const, bytes: 2, lines: 2, codeLines: 0, commentLines: 0, blankLines: 2 }];
    const r = renderer.source({ name: '码著示例管理系统', version: 'V1.0', files }, true);
    await expect(r.document).rejects.toMatchObject({ code: 'EMPTY_CODEBASE' });
    await expect(r.printed).rejects.toMatchObject({ code: 'EMPTY_CODEBASE' });
  });
});
