import { A4, FORM_LAYOUT as G } from '../render/layout';
import { drawHeader, MonoWriter, type WriterDoc } from '../render/mono-writer';
import { liteDocument, liteFallbackFonts, LiteUnsupported } from '../render/pdf-lite';
import type { FormTable } from './render-form';

/** What drawFormPages draws on: a pdfkit document or a LiteDoc. */
type FormDoc = WriterDoc & {
  addPage(): unknown;
  save(): FormDoc;
  lineWidth(w: number): FormDoc;
  rect(x: number, y: number, w: number, h: number): FormDoc;
  stroke(): FormDoc;
  restore(): FormDoc;
};

/**
 * The application form's PDF from its table (render-form.ts formTable): A4, the title centred, one bordered row per
 * field (label | value, wrapped to the cell), a new page with the header and the next number when a row would pass
 * the bottom margin. Text is placed by the writer (glyph advances, own line breaking): no OpenType shaping. Printed
 * by pdf-lite.ts when it can read the fonts (a CJK font with CFF outlines), else — or with `opts.writer` 'pdfkit' —
 * by pdfkit. Resolves with the PDF
 * bytes. Kept apart from the form's schema so the PDF thread loads no zod.
 */
export async function renderFormTablePdf(table: FormTable, opts: { writer?: 'pdfkit' } = {}): Promise<Buffer> {
  const title = `${table.name} 申请表信息`;
  const lite = opts.writer === 'pdfkit' ? undefined : liteDocument(title, [table.header, table.title, ...table.rows.flat()]);
  if (lite) {
    try {
      drawFormPages(lite, new MonoWriter(lite, G.headerFontSize, G.headerFontSize * 0.6, liteFallbackFonts), table);
      return lite.finish();
    } catch (e) {
      if (!(e instanceof LiteUnsupported)) throw e;
    }
  }
  const kit = await import('../render/pdf-kit');
  const { doc, finish } = kit.createPdf(title);
  drawFormPages(doc as unknown as FormDoc, new kit.MonoWriter(doc, G.headerFontSize, G.headerFontSize * 0.6), table);
  return finish();
}

/** The form's pages on `doc` (pdf-lite or pdfkit), text set by `writer`. */
function drawFormPages(doc: FormDoc, writer: MonoWriter, table: FormTable): void {
  const header = table.header;
  const left = G.marginLeft;
  const width = A4.width - G.marginLeft - G.marginRight;
  const labelW = 150;
  const pad = 5;
  const size = 10;
  let page = 0;
  let y = 0;
  const newPage = () => {
    if (page > 0) writer.end();
    doc.addPage();
    page++;
    writer.begin();
    drawHeader(doc, writer, header, String(page), G);
    y = 70;
  };
  newPage();
  const title = table.title;
  const t = writer.lineMetrics(16);
  writer.text(title, left + (width - writer.measure(title, 16)) / 2, y + t.ascent, 16);
  y += 36;
  const m = writer.lineMetrics(size);
  for (const [label, value] of table.rows) {
    const labelLines = writer.wrap(label, labelW - 2 * pad, size);
    const valueLines = writer.wrap(value || '—', width - labelW - 2 * pad, size);
    const h = Math.max(labelLines.length, valueLines.length) * m.height + 2 * pad;
    if (y + h > A4.height - 50) newPage();
    doc.save().lineWidth(0.5).rect(left, y, labelW, h).rect(left + labelW, y, width - labelW, h).stroke().restore();
    labelLines.forEach((l, i) => writer.text(l, left + pad, y + pad + i * m.height + m.ascent, size));
    valueLines.forEach((l, i) => writer.text(l, left + labelW + pad, y + pad + i * m.height + m.ascent, size));
    y += h;
  }
  writer.end();
}

