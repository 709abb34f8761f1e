/** The text of every page of a PDF as pdf.js reads it (items joined, whitespace removed): for read-back checks. */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join('').replace(/\s+/g, ''));
  }
  return pages;
}

/**
 * A one-page PDF (595 × 842 pt) that carries active content the way a hostile voucher would: a document-open
 * JavaScript action (/OpenAction /JS), a named document script (/Names /JavaScript), an attached file
 * (/Names /EmbeddedFiles, `payload.exe`) and a page-open action (/AA). The page itself draws a red box covering its
 * upper-left quarter (x 0–297, top 0–421) and the text `TRANSFER 100.00` in black Helvetica (not embedded).
 */
export function activeContentPdf(): Buffer {
  const content = '1 0 0 rg 0 421 297.5 421 re f\n0 g BT /F1 24 Tf 72 300 Td (TRANSFER 100.00) Tj ET\n';
  const attachment = 'MZ this stands for an executable';
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R /Names << /JavaScript << /Names [(init) 6 0 R] >> /EmbeddedFiles << /Names [(payload.exe) 7 0 R] >> >> >>`,
    `<< /Type /Pages /Kids [3 0 R] /Count 1 >>`,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 9 0 R >> >> /Contents 4 0 R /AA << /O 6 0 R >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    `<< /S /JavaScript /JS (app.alert\\('opened'\\); this.exportDataObject\\({cName: 'payload.exe', nLaunch: 2}\\);) >>`,
    `<< /S /JavaScript /JS (app.launchURL\\('https://example.invalid/'\\);) >>`,
    `<< /Type /Filespec /F (payload.exe) /UF (payload.exe) /EF << /F 8 0 R >> >>`,
    `<< /Type /EmbeddedFile /Length ${attachment.length} >>\nstream\n${attachment}\nendstream`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>`,
  ];
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
