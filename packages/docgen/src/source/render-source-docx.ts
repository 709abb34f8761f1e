import type { SourceCodeDocument } from './source-document';
import { A4, CODE_LAYOUT, codeLinePitch, headerFontSize, twips } from '../render/layout';
import { buildRawDocx, xmlText } from '../render/docx-raw';

const MONO = 'Courier New';
const CJK = 'SimSun';

/**
 * Renders the source-code document as DOCX with the same geometry as the PDF: A4 portrait,
 * one paragraph per printed row at an exact 14 pt line pitch (lineRule exact; tighter on a page with continuation
 * rows past 50) in the document's code size, an explicit
 * page break before the first line of every page (never left to the word processor: Word
 * would otherwise print 54–56 lines on some pages, cpcc-materials.md), and a header holding
 * "软件全称 版本号" on the left and a PAGE field at a right tab stop. The page body fits exactly
 * 50 lines, so a 51st could never land on a page. Resolves with the .docx bytes.
 */
export async function renderSourceCodeDocx(model: SourceCodeDocument): Promise<Buffer> {
  const g = CODE_LAYOUT;
  const pitch = twips(codeLinePitch(model.linesPerPage));
  const top = twips(g.bodyTop);
  const height = twips(A4.height);
  // Room for the most rows a page holds (each page starts with a page break; a page with more rows than lines per
  // page sets its rows' tighter pitch), + a little slack, less than one more row.
  const rows = Math.max(model.linesPerPage, ...model.pages.map((p) => p.lines.length));
  const rowPitch = twips(codeLinePitch(rows));
  const bottom = height - top - rowPitch * rows - Math.round(rowPitch / 2);
  const left = twips(g.marginLeft);
  const right = twips(g.marginRight);
  const textWidth = twips(A4.width) - left - right;
  const parts: string[] = [];
  let firstPage = true;
  for (const page of model.pages) {
    const tight = page.lines.length > model.linesPerPage ? `<w:spacing w:before="0" w:after="0" w:line="${twips(codeLinePitch(page.lines.length))}" w:lineRule="exact"/>` : '';
    for (let i = 0; i < page.lines.length; i++) {
      const pb = i === 0 && !firstPage ? '<w:pageBreakBefore/>' : '';
      parts.push(`<w:p><w:pPr>${pb}${tight}</w:pPr><w:r><w:t xml:space="preserve">${xmlText(page.lines[i].text)}</w:t></w:r></w:p>`);
    }
    firstPage = false;
  }
  const hdrRun = `<w:rPr><w:rFonts w:ascii="${CJK}" w:hAnsi="${CJK}" w:eastAsia="${CJK}" w:cs="${CJK}"/><w:sz w:val="${headerFontSize(model.header, textWidth / 20, g.headerFontSize) * 2}"/></w:rPr>`;
  const header =
    `<w:p><w:pPr><w:pBdr><w:bottom w:val="single" w:sz="4" w:space="1" w:color="000000"/></w:pBdr>` +
    `<w:tabs><w:tab w:val="right" w:pos="${textWidth}"/></w:tabs><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>` +
    `<w:r>${hdrRun}<w:t xml:space="preserve">${xmlText(model.header)}</w:t></w:r><w:r>${hdrRun}<w:tab/></w:r>` +
    `<w:r>${hdrRun}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${hdrRun}<w:instrText xml:space="preserve"> PAGE </w:instrText></w:r>` +
    `<w:r>${hdrRun}<w:fldChar w:fldCharType="separate"/></w:r><w:r>${hdrRun}<w:t>1</w:t></w:r><w:r>${hdrRun}<w:fldChar w:fldCharType="end"/></w:r></w:p>`;
  const defaultRun = `<w:rFonts w:ascii="${MONO}" w:hAnsi="${MONO}" w:eastAsia="${CJK}" w:cs="${MONO}"/><w:kern w:val="0"/><w:sz w:val="${Math.round(model.fontSize * 2)}"/><w:szCs w:val="${Math.round(model.fontSize * 2)}"/><w:lang w:val="en-US" w:eastAsia="zh-CN"/>`;
  const defaultPara =
    `<w:widowControl w:val="0"/><w:snapToGrid w:val="0"/><w:autoSpaceDE w:val="0"/><w:autoSpaceDN w:val="0"/>` +
    `<w:spacing w:before="0" w:after="0" w:line="${pitch}" w:lineRule="exact"/><w:ind w:left="0" w:right="0"/><w:jc w:val="left"/>`;
  return buildRawDocx({
    body: parts.join(''),
    header,
    page: { width: twips(A4.width), height, top, right, bottom, left, header: twips(28), footer: twips(20) },
    defaultRun,
    defaultPara,
    title: `${model.header} 源程序`,
  });
}
