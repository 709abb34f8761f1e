/**
 * Hostile files built in memory for the tests and the attack bench (nothing big is committed): inflating to hundreds
 * of MB from a few hundred KB, by repeating one deflate block sequence (each block compressed on its own, flushed to
 * a byte boundary, so copies can follow each other) and closing the stream with an empty final block.
 */
import { BATCH_COLUMNS } from '@mazhu/contracts';
import zlib from 'node:zlib';

/** A raw deflate stream of `chunk` repeated `times` times, built from one compression of `chunk`. */
export function repeatedDeflate(chunk: Buffer, times: number): Buffer {
  const block = zlib.deflateRawSync(chunk, { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 9 });
  return Buffer.concat([...Array.from({ length: times }, () => block), Buffer.from([0x03, 0x00])]);
}

/** A zip of already deflated (method 8) or stored (method 0) entries; sizes as declared by the caller. */
export function zipOf(entries: { name: string; data: Buffer; method: 0 | 8; size: number }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(0x800, 6);
    h.writeUInt16LE(e.method, 8);
    h.writeUInt32LE(e.data.length, 18);
    h.writeUInt32LE(e.size >>> 0, 22);
    h.writeUInt16LE(name.length, 26);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x800, 8);
    c.writeUInt16LE(e.method, 10);
    c.writeUInt32LE(e.data.length, 20);
    c.writeUInt32LE(e.size >>> 0, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    locals.push(h, name, e.data);
    central.push(c, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const stored = (name: string, text: string) => {
  const data = Buffer.from(text, 'utf8');
  return { name, data: zlib.deflateRawSync(data), method: 8 as const, size: data.length };
};

/** The package parts every workbook below shares; `sheet` and `shared` are deflated streams with their inflated sizes. */
function workbook(sheet: { data: Buffer; size: number }, shared?: { data: Buffer; size: number }): Buffer {
  const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  return zipOf([
    stored('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>'),
    stored('xl/workbook.xml', `<?xml version="1.0"?><workbook ${NS}><sheets><sheet name="软件信息" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    stored('xl/_rels/workbook.xml.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'),
    ...(shared ? [{ name: 'xl/sharedStrings.xml', data: shared.data, method: 8 as const, size: shared.size }] : []),
    { name: 'xl/worksheets/sheet1.xml', data: sheet.data, method: 8, size: sheet.size },
  ]);
}

/** The template's header row as inline strings (row 1). */
const headerRow = () => `<row r="1">${BATCH_COLUMNS.map((c) => `<c t="inlineStr"><is><t>${c.label}</t></is></c>`).join('')}</row>`;

/** Deflates `head`, then `chunk` × times, then `tail`, as one raw deflate stream. */
function streamOf(head: string, chunk: string, times: number, tail: string): { data: Buffer; size: number } {
  const h = zlib.deflateRawSync(Buffer.from(head), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const body = repeatedDeflate(Buffer.from(chunk), times).subarray(0, -2);
  const t = zlib.deflateRawSync(Buffer.from(tail));
  return { data: Buffer.concat([h, body, t]), size: Buffer.byteLength(head) + Buffer.byteLength(chunk) * times + Buffer.byteLength(tail) };
}

/**
 * A workbook whose shared strings inflate to about `mb` MB (strings of 4,000 characters), from a file of a few hundred
 * KB; its sheet is a valid template header. The attack that froze a server for 35 s.
 */
export function sharedStringsBomb(mb = 400): Buffer {
  const one = `<si><t>${'码'.repeat(1000)}${'A'.repeat(1000)}</t></si>`;
  const chunk = one.repeat(Math.ceil((1024 * 1024) / Buffer.byteLength(one)));
  const shared = streamOf('<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">', chunk, mb, '</sst>');
  const sheet = streamOf(`<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${headerRow()}`, '', 0, '<row r="2"><c r="A2" t="s"><v>0</v></c></row></sheetData></worksheet>');
  return workbook(sheet, shared);
}

/** A workbook of `rows` (rounded up to a thousand) data rows under the template's header (rows without numbers, one cell each). */
export function manyRowsWorkbook(rows = 1_000_000): Buffer {
  const sheet = streamOf(
    `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${headerRow()}`,
    '<row><c t="inlineStr"><is><t>批量测试管理系统</t></is></c></row>'.repeat(1000),
    Math.ceil(rows / 1000),
    '</sheetData></worksheet>',
  );
  return workbook(sheet);
}

/** Adler-32 of `n` zero bytes (a = 1, b = n mod 65521). */
const adlerOfZeros = (n: number) => (((n % 65521) << 16) | 1) >>> 0;

/**
 * A PDF of one page without a text layer holding one 1-bit `side` × `side` picture of zeros (FlateDecode): ≈ 49 KB for
 * 20000 × 20000, 400 million pixels (1.2 GB once expanded to RGB). The attack that answered 500 after 11 s.
 */
export function pdfImageBomb(side = 20_000): Buffer {
  const rowBytes = Math.ceil(side / 8);
  const total = rowBytes * side;
  const chunkRows = 256;
  const deflated = Buffer.concat([Buffer.from([0x78, 0xda]), repeatedDeflate(Buffer.alloc(rowBytes * chunkRows), Math.floor(side / chunkRows)).subarray(0, -2), zlib.deflateRawSync(Buffer.alloc(rowBytes * (side % chunkRows)))]);
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(adlerOfZeros(total));
  const stream = Buffer.concat([deflated, adler]);
  const content = Buffer.from(`q ${side / 100} 0 0 ${side / 100} 0 0 cm /Im1 Do Q`);
  const objs: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${side / 100} ${side / 100}] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>`),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
    Buffer.concat([Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`), stream, Buffer.from('\nendstream')]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objs.forEach((o, i) => {
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')]);
    offsets.push(at);
    parts.push(b);
    at += b.length;
  });
  const xref = `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

/** A PNG declaring `side` × `side` 1-bit grey pixels, all zero (≈ 49 KB for 20000 × 20000). */
export function pngPixelBomb(side = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grey
  const row = Math.ceil(side / 8) + 1;
  const idat = Buffer.concat([Buffer.from([0x78, 0xda]), repeatedDeflate(Buffer.alloc(row * 100), side / 100).subarray(0, -2), Buffer.from([0x03, 0x00]), Buffer.from([0, 0, 0, 0])]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}
