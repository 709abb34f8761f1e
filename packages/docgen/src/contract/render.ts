import { buildRawDocx, xmlText } from '../render/docx-raw';
import { A4, headerFontSize, twips } from '../render/layout';
import { CJK, createPdf, drawHeader, MonoWriter } from '../render/pdf-kit';
import { displayWidth } from '../render/width';
import type { ContractDocument } from './model';
import { chineseDate, partyLabel, partyLines, signatureBlock, signatureRows } from './templates';

/** Page geometry of a contract (points): A4 portrait, 2.5 cm side margins, the materials' running header. */
const G = { marginLeft: 70, marginRight: 70, headerBaseline: 44, headerFontSize: 9, headerRule: 52, bodyTop: 78, bodyBottom: A4.height - 64 };
const BODY = 11;
const LINE_GAP = 5;
/** Height of one party's signature cell: room for a round seal of 4.2 cm (≈ 119 pt) beside the lines. */
const SIGN_CELL = 132;
/**
 * A party's name in its signature cell is one line under its label: at the cell's text size, or shrunk down to
 * NAME_MIN in a half-width cell; a name that does not fit even then gets a full-width row, shrunk down to NAME_MIN_FULL. Only a
 * name longer than a full line at that size (about 60 characters) wraps.
 */
const SIGN_SIZE = 10.5;
const NAME_MIN = 8;
const NAME_MIN_FULL = 7;
const SIGN_PAD = 10;

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
  const signs = d.parties.map((p) => {
    const b = signatureBlock(p);
    return `<td>${[`${b.label}${b.name}`, ...b.lines].map(esc).join('<br/><br/>')}</td>`;
  });
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
 * pages), signing date, then a signature block per party — two per row, each at least 132 pt high so a seal
 * fits, a row never split across pages. A party's name never breaks: at the top it moves under its label when it
 * would wrap after it; in its signature cell it has a line of its own, shrunk to fit (down to 8 pt), or a
 * full-width row when even that is too wide. Resolves with the PDF bytes.
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

  /** Width of `s` at `size` in the CJK font. */
  const measure = (s: string, size: number) => doc.font(CJK).fontSize(size).widthOfString(s);
  /** The largest size (whole half-points, at most SIGN_SIZE) at which `s` fits `w` on one line; undefined below `min`. */
  const fitSize = (s: string, w: number, min: number) => {
    const size = Math.min(SIGN_SIZE, Math.floor(((SIGN_SIZE * (w - 1)) / measure(s, SIGN_SIZE)) * 2) / 2);
    return size >= min ? size : undefined;
  };
  /** A party's first line at the top; a name that would wrap after its label starts a line of its own. */
  const partyText = (p: ContractDocument['parties'][number]) => {
    const lines = partyLines(p);
    if (measure(lines[0]!, BODY) > width) lines.splice(0, 1, partyLabel(p), p.name);
    return lines.join('\n');
  };

  newPage();
  block(d.title, { size: 18, align: 'center', bold: true, after: 18 });
  for (const p of d.parties) block(partyText(p), { after: 8 });
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
  type Cell = { text: string; size: number; gap: number }[];
  /** The lines of one signature cell `w` wide: the label, the name on a line of its own (shrunk to fit), the rest. */
  const cell = (p: ContractDocument['parties'][number], w: number, min: number): Cell => {
    const b = signatureBlock(p);
    return [
      { text: b.label, size: SIGN_SIZE, gap: 4 },
      { text: b.name, size: fitSize(b.name, w - 2 * SIGN_PAD, min) ?? NAME_MIN_FULL, gap: 14 },
      ...b.lines.map((text) => ({ text, size: SIGN_SIZE, gap: 14 })),
    ];
  };
  const cellHeight = (c: Cell, w: number) => c.reduce((h, l) => h + doc.font(CJK).fontSize(l.size).heightOfString(l.text, { width: w - 2 * SIGN_PAD, lineGap: 2 }) + l.gap, SIGN_PAD);
  for (const row of signatureRows(d.parties, (p) => fitSize(p.name, colW - 2 * SIGN_PAD, NAME_MIN) !== undefined)) {
    const w = row.full ? width : colW;
    const cells = row.parties.map((p) => cell(p, w, row.full ? NAME_MIN_FULL : NAME_MIN));
    const h = Math.max(SIGN_CELL, ...cells.map((c) => cellHeight(c, w)));
    ensure(h);
    for (const [j, c] of cells.entries()) {
      const x = left + j * w;
      doc.save().lineWidth(0.5).strokeColor('#888888').rect(x, y, w, h).stroke().restore();
      let ly = y + SIGN_PAD;
      for (const l of c) {
        doc.font(CJK).fontSize(l.size);
        const opts = { width: w - 2 * SIGN_PAD, lineGap: 2 };
        doc.text(l.text, x + SIGN_PAD, ly, opts);
        ly += doc.heightOfString(l.text, opts) + l.gap;
      }
    }
    y += h;
  }
  return finish();
}

/**
 * Font size (pt, whole half-points, at most `base`) at which `s` fits `width` points on one line of the DOCX,
 * counting 0.55 em per display column (a CJK character is two columns, 1.1 em: SimSun's 1 em plus room for the
 * font LibreOffice or Word substitutes); undefined when even `min` is too large.
 */
function docxFitSize(s: string, width: number, base: number, min: number): number | undefined {
  const size = Math.min(base, Math.floor((width / (displayWidth(s) * 0.55)) * 2) / 2);
  return size >= min ? size : undefined;
}

/**
 * Renders the same contract as DOCX (A4, SimSun 小四 body, left-aligned: only the preamble and the articles'
 * paragraphs are justified, with a two-character first-line indent — short lines such as the parties, the date
 * and the signature cells are never stretched), bold headings, the running header with a PAGE field at a right
 * tab, and a signature table whose rows do not split across pages, each 2.3 cm high for a seal. A party's name
 * stays on one line as in the PDF: on a line of its own under its label, shrunk when needed, in a full-width row
 * when it does not fit a half-width cell. Resolves with the .docx bytes.
 */
export async function renderContractDocx(d: ContractDocument): Promise<Buffer> {
  const left = twips(G.marginLeft);
  const right = twips(G.marginRight);
  const textWidth = twips(A4.width) - left - right;
  const run = (t: string, rPr = '') => `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${xmlText(t)}</w:t></w:r>`;
  const para = (t: string, pPr = '', rPr = '') => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${t.split('\n').map((l, i) => (i ? '<w:r><w:br/></w:r>' : '') + run(l, rPr)).join('')}</w:p>`;
  const prose = '<w:ind w:firstLineChars="200" w:firstLine="480"/><w:jc w:val="both"/>';
  const BASE = 12;
  const body: string[] = [];
  body.push(para(d.title, '<w:jc w:val="center"/><w:spacing w:after="360"/>', '<w:b/><w:sz w:val="36"/>'));
  for (const p of d.parties) {
    const lines = partyLines(p);
    if (!docxFitSize(lines[0]!, textWidth / 20, BASE, BASE)) lines.splice(0, 1, partyLabel(p), p.name);
    body.push(para(lines.join('\n'), '<w:spacing w:after="120"/>'));
  }
  body.push(para(d.preamble, `${prose}<w:spacing w:before="120" w:after="120"/>`));
  for (const a of d.articles) {
    body.push(para(a.heading, '<w:keepNext/><w:spacing w:before="200" w:after="80"/>', '<w:b/>'));
    for (const p of a.paragraphs) body.push(para(p, prose));
  }
  body.push(para(signDateLine(d), '<w:spacing w:before="240" w:after="120"/>'));
  body.push(para('（以下为签字盖章处）', '<w:keepNext/>', '<w:sz w:val="18"/>'));
  const half = Math.floor(textWidth / 2);
  /** Text width of a cell (pt): its width less the default cell margins (0.19 cm each side). */
  const inner = (w: number) => w / 20 - 12;
  const cell = (p: ContractDocument['parties'][number] | undefined, w: number, span: number, min: number) => {
    const props = `<w:tcPr><w:tcW w:w="${w}" w:type="dxa"/>${span > 1 ? `<w:gridSpan w:val="${span}"/>` : ''}</w:tcPr>`;
    if (!p) return `<w:tc>${props}<w:p/></w:tc>`;
    const b = signatureBlock(p);
    const line = (t: string, rPr = '') => para(t, '<w:spacing w:before="160"/>', rPr);
    const size = docxFitSize(b.name, inner(w), BASE, min) ?? min;
    const name = para(b.name, '<w:spacing w:before="40"/>', size < BASE ? `<w:sz w:val="${size * 2}"/>` : '');
    return `<w:tc>${props}${[line(b.label), name, ...b.lines.map((l) => line(l))].join('')}</w:tc>`;
  };
  const rows = signatureRows(d.parties, (p) => docxFitSize(p.name, inner(half), BASE, NAME_MIN) !== undefined).map((row) => {
    const cells = row.full ? cell(row.parties[0], half * 2, 2, NAME_MIN_FULL) : cell(row.parties[0], half, 1, NAME_MIN) + cell(row.parties[1], half, 1, NAME_MIN);
    return `<w:tr><w:trPr><w:cantSplit/><w:trHeight w:val="${twips(SIGN_CELL)}" w:hRule="atLeast"/></w:trPr>${cells}</w:tr>`;
  });
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
    defaultPara: `<w:spacing w:before="0" w:after="60" w:line="360" w:lineRule="auto"/><w:jc w:val="left"/>`,
    title: d.title,
  });
}
