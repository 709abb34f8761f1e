import { A4, headerFontSize, twips } from './layout';
import { buildRawDocx, xmlText } from './docx-raw';
import { FORM_FIELDS, formValueText, type ApplicationForm } from './form';

const G = { marginLeft: 56.7, marginRight: 56.7, headerBaseline: 44, headerFontSize: 9, headerRule: 52 };

/**
 * Rows of the summary table in the online form's order. Each 著作权人 gets its own group of rows, as the online
 * form asks them: 名称, 类别, 国籍, 省份/城市, 证件类型, 证件号码 (numbered when there are several).
 */
export function formRows(form: ApplicationForm): [string, string][] {
  const out: [string, string][] = [];
  for (const f of FORM_FIELDS) {
    const v = form[f.key];
    if (v === undefined || (f.key === 'rightsItems' && Array.isArray(v) && v.length === 0)) continue;
    if (f.key === 'owners' && form.owners.length > 0) {
      form.owners.forEach((o, i) => {
        const n = form.owners.length > 1 ? `著作权人（${i + 1}）` : '著作权人';
        out.push(
          [n, o.name],
          [`${n}类别`, o.category],
          [`${n}国籍`, o.nationality],
          [`${n}省份/城市`, [o.province, o.city].filter(Boolean).join(' ')],
          [`${n}证件类型`, o.idType],
          [`${n}证件号码`, o.idNumber],
        );
      });
      continue;
    }
    out.push([f.label, formValueText(form, f.key)]);
  }
  return out;
}

/**
 * Renders the application-form summary (申请表信息, R11 fields in the online order) as an A4
 * PDF table, for copying into the online form and for the applicant's records. The header
 * carries name and version; the page number is top-right. Resolves with the PDF bytes.
 */
export async function renderApplicationFormPdf(form: ApplicationForm): Promise<Buffer> {
  const { createPdf, drawHeader, MonoWriter } = await import('./pdf-kit');
  const { doc, finish } = createPdf(`${form.fullName} 申请表信息`);
  const header = `${form.fullName} ${form.version}`;
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
  const title = '计算机软件著作权登记申请表（信息汇总）';
  const t = writer.lineMetrics(16);
  writer.text(title, left + (width - writer.measure(title, 16)) / 2, y + t.ascent, 16);
  y += 36;
  const m = writer.lineMetrics(size);
  for (const [label, value] of formRows(form)) {
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

/**
 * Renders the same table as DOCX (A4, fixed two-column table, header "软件全称 版本号" with the
 * page number at a right tab stop). Resolves with the .docx bytes. Field order and labels:
 * FORM_FIELDS (the R11 online form's order, cpcc-materials.md).
 */
export async function renderApplicationFormDocx(form: ApplicationForm): Promise<Buffer> {
  const left = twips(G.marginLeft);
  const right = twips(G.marginRight);
  const textWidth = twips(A4.width) - left - right;
  const labelW = 3000;
  const cell = (w: number, t: string, bold = false) =>
    `<w:tc><w:tcPr><w:tcW w:w="${w}" w:type="dxa"/></w:tcPr>` +
    t.split('\n').map((line) => `<w:p><w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${xmlText(line)}</w:t></w:r></w:p>`).join('') +
    `</w:tc>`;
  const border = '<w:top w:val="single" w:sz="4"/><w:left w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:right w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/><w:insideV w:val="single" w:sz="4"/>';
  const table =
    `<w:tbl><w:tblPr><w:tblW w:w="${textWidth}" w:type="dxa"/><w:tblBorders>${border}</w:tblBorders><w:tblLayout w:type="fixed"/></w:tblPr>` +
    `<w:tblGrid><w:gridCol w:w="${labelW}"/><w:gridCol w:w="${textWidth - labelW}"/></w:tblGrid>` +
    formRows(form).map(([l, v]) => `<w:tr>${cell(labelW, l, true)}${cell(textWidth - labelW, v || '—')}</w:tr>`).join('') +
    `</w:tbl>`;
  const title = `<w:p><w:pPr><w:jc w:val="center"/><w:spacing w:after="240"/></w:pPr><w:r><w:rPr><w:sz w:val="32"/></w:rPr><w:t>计算机软件著作权登记申请表（信息汇总）</w:t></w:r></w:p>`;
  const r = `<w:rPr><w:sz w:val="${headerFontSize(`${form.fullName} ${form.version}`, textWidth / 20) * 2}"/></w:rPr>`;
  const header =
    `<w:p><w:pPr><w:pBdr><w:bottom w:val="single" w:sz="4" w:space="1" w:color="000000"/></w:pBdr><w:tabs><w:tab w:val="right" w:pos="${textWidth}"/></w:tabs></w:pPr>` +
    `<w:r>${r}<w:t xml:space="preserve">${xmlText(`${form.fullName} ${form.version}`)}</w:t></w:r><w:r>${r}<w:tab/></w:r>` +
    `<w:r>${r}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${r}<w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r>${r}<w:fldChar w:fldCharType="separate"/></w:r><w:r>${r}<w:t>1</w:t></w:r><w:r>${r}<w:fldChar w:fldCharType="end"/></w:r></w:p>`;
  return buildRawDocx({
    body: title + table + '<w:p/>',
    header,
    page: { width: twips(A4.width), height: twips(A4.height), top: 1400, right, bottom: 1200, left, header: twips(28), footer: twips(20) },
    defaultRun: `<w:rFonts w:ascii="SimSun" w:hAnsi="SimSun" w:eastAsia="SimSun" w:cs="SimSun"/><w:sz w:val="21"/><w:lang w:val="en-US" w:eastAsia="zh-CN"/>`,
    defaultPara: `<w:spacing w:before="40" w:after="40"/>`,
    title: `${form.fullName} 申请表信息`,
  });
}
