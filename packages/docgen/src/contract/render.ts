import { buildRawDocx, xmlText } from '../render/docx-raw';
import { A4, headerFontSize, twips } from '../render/layout';
import { CJK, createPdf, drawHeader, MonoWriter } from '../render/pdf-kit';
import type { ContractDocument } from './model';
import { chineseDate, partyLines, signatureLines } from './templates';

/** Page geometry of a contract (points): A4 portrait, 2.5 cm side margins, the materials' running header. */
const G = { marginLeft: 70, marginRight: 70, headerBaseline: 44, headerFontSize: 9, headerRule: 52, bodyTop: 78, bodyBottom: A4.height - 64 };
const BODY = 11;
const LINE_GAP = 5;
/** Height of one party's signature cell: room for a round seal of 4.2 cm (≈ 119 pt) beside the lines. */
const SIGN_CELL = 132;

const headerText = (d: ContractDocument) => `${d.header} ${d.title}`;
const signDateLine = (d: ContractDocument) => `签订日期：${d.signDate ? chineseDate(d.signDate) : '      年    月    日'}${d.signPlace ? `    签订地点：${d.signPlace}` : ''}`;

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The filled contract as HTML (for the preview beside the form on /settings/contract): title, parties, preamble,
 * articles, signing date and one signature block per party. Plain elements with `contract-*` classes; no script,
 * no style attributes.
 */
export function renderContractHtml(d: ContractDocument): string {
  const parties = d.parties.map((p) => `<p class="contract-party">${partyLines(p).map(esc).join('<br/>')}</p>`).join('');
  const articles = d.articles.map((a) => `<h3>${esc(a.heading)}</h3>${a.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}`).join('');
  const signs = d.parties.map((p) => `<td>${signatureLines(p).map(esc).join('<br/><br/>')}</td>`);
  const rows: string[] = [];
  for (let i = 0; i < signs.length; i += 2) rows.push(`<tr>${signs[i]}${signs[i + 1] ?? '<td></td>'}</tr>`);
  return (
    `<article class="contract"><h2 class="contract-title">${esc(d.title)}</h2>${parties}<p>${esc(d.preamble)}</p>${articles}` +
    `<p class="contract-date">${esc(signDateLine(d))}</p><table class="contract-signatures"><tbody>${rows.join('')}</tbody></table></article>`
  );
}

/**
 * Renders the contract as an A4 PDF with the materials' CJK font and running header ("软件全称 版本号 合同名称",
 * page number top-right): title, parties with their 证件号码, preamble, articles (a paragraph never splits across
 * pages), signing date, then a signature block per party — two per row, each 132 pt high so a seal fits, a row
 * never split across pages. Resolves with the PDF bytes.
 */
export async function renderContractPdf(d: ContractDocument): Promise<Buffer> {
  const { doc, finish } = createPdf(d.title);
  const left = G.marginLeft;
  const width = A4.width - G.marginLeft - G.marginRight;
  const writer = new MonoWriter(doc, G.headerFontSize, G.headerFontSize * 0.6);
  let page = 0;
  let y = 0;
  const newPage = () => {
    doc.addPage();
    page++;
    writer.begin();
    drawHeader(doc, writer, headerText(d), String(page), G);
    writer.end();
    y = G.bodyTop;
  };
  const ensure = (h: number) => {
    if (y + h > G.bodyBottom) newPage();
  };
  /** A block of text; `bold` strokes the glyph outlines (the CJK font has no bold face). */
  const block = (text: string, o: { size?: number; indent?: boolean; align?: 'left' | 'center'; bold?: boolean; after?: number } = {}) => {
    const size = o.size ?? BODY;
    const t = o.indent ? `\u3000\u3000${text}` : text;
    doc.font(CJK).fontSize(size);
    const opts = { width, lineGap: LINE_GAP, align: o.align ?? 'left' } as const;
    const h = doc.heightOfString(t, opts);
    ensure(h);
    if (o.bold) doc.save().lineWidth(size / 40).text(t, left, y, { ...opts, stroke: true, fill: true }).restore();
    else doc.text(t, left, y, opts);
    y += h + (o.after ?? 4);
  };

  newPage();
  block(d.title, { size: 18, align: 'center', bold: true, after: 18 });
  for (const p of d.parties) block(partyLines(p).join('\n'), { after: 8 });
  y += 4;
  block(d.preamble, { indent: true, after: 10 });
  for (const a of d.articles) {
    ensure(BODY * 4); // a heading is not left alone at the foot of a page
    block(a.heading, { size: 12, bold: true, after: 4 });
    for (const p of a.paragraphs) block(p, { indent: true, after: 6 });
    y += 4;
  }
  y += 6;
  block(signDateLine(d), { after: 10 });
  block('（以下为签字盖章处）', { size: 9, after: 8 });

  const colW = width / 2;
  for (let i = 0; i < d.parties.length; i += 2) {
    ensure(SIGN_CELL);
    for (const [j, p] of d.parties.slice(i, i + 2).entries()) {
      const x = left + j * colW;
      doc.save().lineWidth(0.5).strokeColor('#888888').rect(x, y, colW, SIGN_CELL).stroke().restore();
      doc.font(CJK).fontSize(10.5);
      let ly = y + 10;
      for (const line of signatureLines(p)) {
        doc.text(line, x + 10, ly, { width: colW - 20, lineGap: 2 });
        ly += doc.heightOfString(line, { width: colW - 20, lineGap: 2 }) + 14;
      }
    }
    y += SIGN_CELL;
  }
  return finish();
}

/**
 * Renders the same contract as DOCX (A4, SimSun 小四 body with a two-character first-line indent, bold
 * headings, the running header with a PAGE field at a right tab, and a signature table whose rows do not split
 * across pages, each 2.3 cm high for a seal). Resolves with the .docx bytes.
 */
export async function renderContractDocx(d: ContractDocument): Promise<Buffer> {
  const left = twips(G.marginLeft);
  const right = twips(G.marginRight);
  const textWidth = twips(A4.width) - left - right;
  const run = (t: string, rPr = '') => `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${xmlText(t)}</w:t></w:r>`;
  const para = (t: string, pPr = '', rPr = '') => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${t.split('\n').map((l, i) => (i ? '<w:r><w:br/></w:r>' : '') + run(l, rPr)).join('')}</w:p>`;
  const indent = '<w:ind w:firstLineChars="200" w:firstLine="480"/>';
  const body: string[] = [];
  body.push(para(d.title, '<w:jc w:val="center"/><w:spacing w:after="360"/>', '<w:b/><w:sz w:val="36"/>'));
  for (const p of d.parties) body.push(para(partyLines(p).join('\n'), '<w:spacing w:after="120"/>'));
  body.push(para(d.preamble, `${indent}<w:spacing w:before="120" w:after="120"/>`));
  for (const a of d.articles) {
    body.push(para(a.heading, '<w:keepNext/><w:spacing w:before="200" w:after="80"/>', '<w:b/>'));
    for (const p of a.paragraphs) body.push(para(p, indent));
  }
  body.push(para(signDateLine(d), '<w:spacing w:before="240" w:after="120"/>'));
  body.push(para('（以下为签字盖章处）', '<w:keepNext/>', '<w:sz w:val="18"/>'));
  const half = Math.floor(textWidth / 2);
  const cell = (lines: string[]) =>
    `<w:tc><w:tcPr><w:tcW w:w="${half}" w:type="dxa"/></w:tcPr>${lines.length ? lines.map((l) => para(l, '<w:spacing w:before="160"/>')).join('') : '<w:p/>'}</w:tc>`;
  const rows: string[] = [];
  for (let i = 0; i < d.parties.length; i += 2) {
    const pair = d.parties.slice(i, i + 2);
    rows.push(`<w:tr><w:trPr><w:cantSplit/><w:trHeight w:val="${twips(SIGN_CELL)}" w:hRule="atLeast"/></w:trPr>${cell(signatureLines(pair[0]!))}${cell(pair[1] ? signatureLines(pair[1]) : [])}</w:tr>`);
  }
  const border = '<w:top w:val="single" w:sz="4" w:color="888888"/><w:left w:val="single" w:sz="4" w:color="888888"/><w:bottom w:val="single" w:sz="4" w:color="888888"/><w:right w:val="single" w:sz="4" w:color="888888"/><w:insideH w:val="single" w:sz="4" w:color="888888"/><w:insideV w:val="single" w:sz="4" w:color="888888"/>';
  body.push(
    `<w:tbl><w:tblPr><w:tblW w:w="${half * 2}" w:type="dxa"/><w:tblBorders>${border}</w:tblBorders><w:tblLayout w:type="fixed"/></w:tblPr>` +
      `<w:tblGrid><w:gridCol w:w="${half}"/><w:gridCol w:w="${half}"/></w:tblGrid>${rows.join('')}</w:tbl><w:p/>`,
  );
  const h = headerText(d);
  const r = `<w:rPr><w:sz w:val="${headerFontSize(h, textWidth / 20) * 2}"/></w:rPr>`;
  const header =
    `<w:p><w:pPr><w:pBdr><w:bottom w:val="single" w:sz="4" w:space="1" w:color="000000"/></w:pBdr><w:tabs><w:tab w:val="right" w:pos="${textWidth}"/></w:tabs></w:pPr>` +
    `<w:r>${r}<w:t xml:space="preserve">${xmlText(h)}</w:t></w:r><w:r>${r}<w:tab/></w:r>` +
    `<w:r>${r}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${r}<w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r>${r}<w:fldChar w:fldCharType="separate"/></w:r><w:r>${r}<w:t>1</w:t></w:r><w:r>${r}<w:fldChar w:fldCharType="end"/></w:r></w:p>`;
  return buildRawDocx({
    body: body.join(''),
    header,
    page: { width: twips(A4.width), height: twips(A4.height), top: 1560, right, bottom: 1280, left, header: twips(28), footer: twips(20) },
    defaultRun: `<w:rFonts w:ascii="SimSun" w:hAnsi="SimSun" w:eastAsia="SimSun" w:cs="SimSun"/><w:sz w:val="24"/><w:lang w:val="en-US" w:eastAsia="zh-CN"/>`,
    defaultPara: `<w:spacing w:before="0" w:after="60" w:line="360" w:lineRule="auto"/><w:jc w:val="both"/>`,
    title: d.title,
  });
}
