import { crc32, deflateRawSync } from 'node:zlib';

const strToU8 = (s: string): Uint8Array => Buffer.from(s, 'utf8');

/**
 * Writes a zip (OPC package) with Node's native deflate: no JavaScript inflate/deflate on the
 * render path. Entries in insertion order; [Content_Types].xml must come first for Word.
 */
function zipFiles(files: Record<string, Uint8Array>): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  // DOS date/time of 2000-01-01 00:00 for reproducible output.
  const dosTime = 0;
  const dosDate = ((2000 - 1980) << 9) | (1 << 5) | 1;
  for (const [name, data] of Object.entries(files)) {
    const nameBuf = Buffer.from(name, 'utf8');
    const deflated = data.length > 64 ? deflateRawSync(data, { level: 6 }) : undefined;
    const body = deflated && deflated.length < data.length ? deflated : data;
    const method = body === data ? 0 : 8;
    const crc = crc32(data);
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(0x800, 6);
    lh.writeUInt16LE(method, 8);
    lh.writeUInt16LE(dosTime, 10);
    lh.writeUInt16LE(dosDate, 12);
    lh.writeUInt32LE(crc, 14);
    lh.writeUInt32LE(body.length, 18);
    lh.writeUInt32LE(data.length, 22);
    lh.writeUInt16LE(nameBuf.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt16LE(0x800, 8);
    ch.writeUInt16LE(method, 10);
    ch.writeUInt16LE(dosTime, 12);
    ch.writeUInt16LE(dosDate, 14);
    ch.writeUInt32LE(crc, 16);
    ch.writeUInt32LE(body.length, 20);
    ch.writeUInt32LE(data.length, 24);
    ch.writeUInt16LE(nameBuf.length, 28);
    ch.writeUInt32LE(offset, 42);
    local.push(lh, nameBuf, Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    central.push(ch, nameBuf);
    offset += 30 + nameBuf.length + body.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const n = Object.keys(files).length;
  end.writeUInt16LE(n, 8);
  end.writeUInt16LE(n, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, cd, end]);
}

/** Escapes text for WordprocessingML and drops characters XML 1.0 cannot carry. */
export function xmlText(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[&<>]|[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (m) =>
    m === '&' ? '&amp;' : m === '<' ? '&lt;' : m === '>' ? '&gt;' : '',
  );
}

const NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

export interface RawDocxOptions {
  /** Paragraph XML of the body (without the final sectPr). */
  body: string;
  /** Paragraph XML of the default header (relationship id rIdHeader1). */
  header: string;
  /** More headers: relationship ids rIdHeader2, rIdHeader3 … in order. */
  extraHeaders?: string[];
  /** Images: relationship ids rIdImg1, rIdImg2 … in order. */
  media?: { data: Uint8Array; ext: 'png' | 'jpeg' }[];
  /** Page geometry in twips. */
  page: { width: number; height: number; top: number; right: number; bottom: number; left: number; header: number; footer: number };
  /** Default run properties (w:rPr children) and paragraph properties (w:pPr children). */
  defaultRun: string;
  defaultPara: string;
  title: string;
}

/**
 * Packages a minimal, standards-conforming .docx (OPC zip) from ready-made WordprocessingML.
 * Used for the source-code document where every paragraph is one printed line: writing the
 * XML directly is exact and an order of magnitude faster than an object model.
 */
export function buildRawDocx(o: RawDocxOptions): Buffer {
  const p = o.page;
  const document =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${NS}><w:body>${o.body}` +
    `<w:sectPr><w:headerReference w:type="default" r:id="rIdHeader1"/>` +
    `<w:pgSz w:w="${p.width}" w:h="${p.height}"/>` +
    `<w:pgMar w:top="${p.top}" w:right="${p.right}" w:bottom="${p.bottom}" w:left="${p.left}" w:header="${p.header}" w:footer="${p.footer}" w:gutter="0"/>` +
    `<w:pgNumType w:start="1"/><w:cols w:space="425"/><w:docGrid w:type="default" w:linePitch="280"/></w:sectPr></w:body></w:document>`;
  const hdr = (x: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:hdr ${NS}>${x}</w:hdr>`;
  const header = hdr(o.header);
  const extraHeaders = o.extraHeaders ?? [];
  const media = o.media ?? [];
  const styles =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles ${NS}><w:docDefaults><w:rPrDefault><w:rPr>${o.defaultRun}</w:rPr></w:rPrDefault>` +
    `<w:pPrDefault><w:pPr>${o.defaultPara}</w:pPr></w:pPrDefault></w:docDefaults>` +
    `<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style></w:styles>`;
  const settings =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:settings ${NS}><w:defaultTabStop w:val="420"/>` +
    `<w:characterSpacingControl w:val="doNotCompress"/><w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat></w:settings>`;
  const contentTypes =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
    `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
    `<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>` +
    `<Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/>` +
    `<Default Extension="png" ContentType="image/png"/><Default Extension="jpeg" ContentType="image/jpeg"/>` +
    `<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>` +
    extraHeaders.map((_, i) => `<Override PartName="/word/header${i + 2}.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>`).join('') +
    `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;
  const rels =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>` +
    `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;
  const docRels =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    `<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
    `<Relationship Id="rIdSettings" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings" Target="settings.xml"/>` +
    `<Relationship Id="rIdHeader1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>` +
    extraHeaders.map((_, i) => `<Relationship Id="rIdHeader${i + 2}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header${i + 2}.xml"/>`).join('') +
    media.map((m, i) => `<Relationship Id="rIdImg${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image${i + 1}.${m.ext}"/>`).join('') +
    `</Relationships>`;
  const core =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
    `<dc:title>${xmlText(o.title)}</dc:title><dc:creator>码著</dc:creator></cp:coreProperties>`;
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(contentTypes),
    '_rels/.rels': strToU8(rels),
    'docProps/core.xml': strToU8(core),
    'word/document.xml': strToU8(document),
    'word/styles.xml': strToU8(styles),
    'word/settings.xml': strToU8(settings),
    'word/header1.xml': strToU8(header),
    'word/_rels/document.xml.rels': strToU8(docRels),
  };
  extraHeaders.forEach((x, i) => (files[`word/header${i + 2}.xml`] = strToU8(hdr(x))));
  media.forEach((m, i) => (files[`word/media/image${i + 1}.${m.ext}`] = m.data));
  return zipFiles(files);
}
