import { A4, FORM_LAYOUT as G } from './layout';
import { createPdf, drawHeader, MonoWriter } from './pdf-kit';
import type { FormTable } from './render-form';

/**
 * The application form's PDF from its table (render-form.ts formTable): A4, the title centred, one bordered row per
 * field (label | value, wrapped to the cell), a new page with the header and the next number when a row would pass
 * the bottom margin. Resolves with the PDF bytes. Kept apart from the form's schema so the PDF thread loads no zod.
 */
export async function renderFormTablePdf(table: FormTable): Promise<Buffer> {
  const { doc, finish } = createPdf(`${table.name} 申请表信息`);
  const header = table.header;
  const left = G.marginLeft;
  const width = A4.width - G.marginLeft - G.marginRight;
  const labelW = 150;
  const pad = 5;
  const size = 10;
  let page = 0;
  let y = 0;
  // Text is placed by the writer (glyph advances, own line breaking): no OpenType shaping of the CJK font.
  const writer = new MonoWriter(doc, G.headerFontSize, G.headerFontSize * 0.6);
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
  return finish();
}

