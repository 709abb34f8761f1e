import type { SourceCodeDocument } from './source-document';
import { CODE_LAYOUT, codeLinePitch } from '../render/layout';
import { drawHeader, MonoWriter, type WriterDoc } from '../render/mono-writer';
import { liteDocument, liteFallbackFonts, LiteUnsupported } from '../render/pdf-lite';

/** What the PDF prints of a source-code document: the header, lines per page, the code font and each page's number and rows. */
export type PrintedSource = Pick<SourceCodeDocument, 'header' | 'linesPerPage'> & { fontSize?: number; pages: { number: number; lines: { text: string }[] }[] };

/** The printed part of a document, for sending to another thread (no manifest, files or scrub report). */
export function printedSource(m: SourceCodeDocument): PrintedSource {
  return { header: m.header, linesPerPage: m.linesPerPage, fontSize: m.fontSize, pages: m.pages.map((p) => ({ number: p.number, lines: p.lines.map((l) => ({ text: l.text })) })) };
}

/**
 * Renders the source-code document as an A4 portrait PDF: on every page the header
 * "软件全称 版本号" at the top left and the page number (1 … N, N ≤ 60; the back block
 * continues 31–60) at the top right, then exactly the planned rows — 50 whole source lines per page except
 * possibly the document's last page, plus the rows continuing the few longer lines — in Courier at the document's
 * code size (7–9 pt) with CJK characters in the CJK font at double width; a page with more rows than lines per page
 * has a tighter line pitch. Text is placed row by row, so the PDF never re-wraps.
 * Printed by pdf-lite.ts when it can read the fonts (a CJK font with CFF outlines), else — or with
 * `opts.writer` 'pdfkit', to compare the two — by pdfkit (pdf-kit.ts).
 * Resolves with the PDF bytes. Sources: 登记办法 第十条; cpcc-materials.md (header, page numbers).
 */
export async function renderSourceCodePdf(model: PrintedSource, opts: { writer?: 'pdfkit' } = {}): Promise<Buffer> {
  const title = `${model.header} 源程序`;
  const fs = model.fontSize ?? CODE_LAYOUT.fontSize;
  const lite = opts.writer === 'pdfkit' ? undefined : liteDocument(title, printedTexts(model));
  if (lite) {
    try {
      drawSourcePages(lite, new MonoWriter(lite, fs, fs * 0.6, liteFallbackFonts), model);
      return lite.finish();
    } catch (e) {
      if (!(e instanceof LiteUnsupported)) throw e;
    }
  }
  const kit = await import('../render/pdf-kit');
  const { doc, finish } = kit.createPdf(title, { font: 'Courier' });
  drawSourcePages(doc, new kit.MonoWriter(doc, fs, fs * 0.6), model);
  return finish();
}

/** Every text the source-code document prints: the header and each line. */
function printedTexts(model: PrintedSource): string[] {
  const texts = [model.header];
  for (const page of model.pages) for (const l of page.lines) texts.push(l.text);
  return texts;
}

/** The pages of the source-code document, drawn on `doc` (pdf-lite or pdfkit) with `writer`. */
function drawSourcePages(doc: WriterDoc & { addPage(): unknown }, writer: MonoWriter, model: PrintedSource): void {
  const g = CODE_LAYOUT;
  const x = g.marginLeft;
  // Row i's baseline at the usual pitch, the same on every page (after a string, so the array keeps the numbers as
  // they are); a page with more rows than lines per page computes its own.
  const pitch = codeLinePitch(model.linesPerPage);
  const baselines: (string | number)[] = ['baselines'];
  for (const page of model.pages) {
    doc.addPage();
    writer.begin();
    drawHeader(doc, writer, model.header, String(page.number), g);
    const lines = page.lines;
    const tight = lines.length > model.linesPerPage ? codeLinePitch(lines.length) : 0;
    for (let i = 0; i < lines.length; i++) {
      const y = tight ? g.bodyTop + tight * 0.78 + i * tight : ((baselines[i + 1] ??= g.bodyTop + pitch * 0.78 + i * pitch) as number);
      writer.line(lines[i].text, x, y);
    }
    writer.end();
  }
}
