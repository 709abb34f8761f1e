import type { SourceCodeDocument } from './source-document';
import { CODE_LAYOUT, codeLinePitch } from './layout';

/** What the PDF prints of a source-code document: the header, the line pitch and each page's number and lines. */
export type PrintedSource = Pick<SourceCodeDocument, 'header' | 'linesPerPage'> & { pages: { number: number; lines: { text: string }[] }[] };

/** The printed part of a document, for sending to another thread (no manifest, files or scrub report). */
export function printedSource(m: SourceCodeDocument): PrintedSource {
  return { header: m.header, linesPerPage: m.linesPerPage, pages: m.pages.map((p) => ({ number: p.number, lines: p.lines.map((l) => ({ text: l.text })) })) };
}

/**
 * Renders the source-code document as an A4 portrait PDF: on every page the header
 * "软件全称 版本号" at the top left and the page number (1 … N, N ≤ 60; the back block
 * continues 31–60) at the top right, then exactly the planned lines — 50 per page except
 * possibly the document's last page — in 9 pt Courier with CJK characters in the CJK font
 * at double width. Text is placed line by line, so the PDF never re-wraps.
 * Resolves with the PDF bytes. Sources: 登记办法 第十条; cpcc-materials.md (header, page numbers).
 */
export async function renderSourceCodePdf(model: PrintedSource): Promise<Buffer> {
  const { createPdf, drawHeader, MonoWriter } = await import('./pdf-kit');
  const g = CODE_LAYOUT;
  const { doc, finish } = createPdf(`${model.header} 源程序`, { font: 'Courier' });
  const writer = new MonoWriter(doc, g.fontSize, g.columnWidth);
  const pitch = codeLinePitch(model.linesPerPage);
  const firstBaseline = g.bodyTop + pitch * 0.78;
  for (const page of model.pages) {
    doc.addPage();
    writer.begin();
    drawHeader(doc, writer, model.header, String(page.number), g);
    for (let i = 0; i < page.lines.length; i++) writer.line(page.lines[i].text, g.marginLeft, firstBaseline + i * pitch);
    writer.end();
  }
  return finish();
}
