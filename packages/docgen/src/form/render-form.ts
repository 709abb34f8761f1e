import { A4, FORM_LAYOUT as G, headerFontSize, twips } from '../render/layout';
import { buildRawDocx, xmlText } from '../render/docx-raw';
import { FORM_FIELDS, formValueText, type ApplicationForm } from './form';

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
      out.push(...ownerRows(form.owners));
      continue;
    }
    out.push([f.label, formValueText(form, f.key)]);
  }
  return out;
}

/** The rows of the owners, one group each: 名称, 类别, 国籍, 省份/城市, 证件类型, 证件号码 (numbered when several). */
export function ownerRows(owners: ApplicationForm['owners']): [string, string][] {
  return owners.flatMap((o, i): [string, string][] => {
    const n = owners.length > 1 ? `著作权人（${i + 1}）` : '著作权人';
    return [
      [n, o.name],
      [`${n}类别`, o.category],
      [`${n}国籍`, o.nationality],
      [`${n}省份/城市`, [o.province, o.city].filter(Boolean).join(' ')],
      [`${n}证件类型`, o.idType],
      [`${n}证件号码`, o.idNumber],
    ];
  });
}

/** What the form's PDF prints: its title, the running header "软件全称 版本号" and the rows of the table. */
export interface FormTable {
  /** 软件全称 (the PDF's title). */
  name: string;
  title: string;
  header: string;
  rows: [string, string][];
}

export function formTable(form: ApplicationForm): FormTable {
  return { name: form.fullName, title: '计算机软件著作权登记申请表（信息汇总）', header: `${form.fullName} ${form.version}`, rows: formRows(form) };
}

/**
 * Renders the application-form summary (申请表信息, R11 fields in the online order) as an A4
 * PDF table, for copying into the online form and for the applicant's records. The header
 * carries name and version; the page number is top-right. Resolves with the PDF bytes.
 */
export async function renderApplicationFormPdf(form: ApplicationForm): Promise<Buffer> {
  const { renderFormTablePdf } = await import('./render-form-pdf');
  return renderFormTablePdf(formTable(form));
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
