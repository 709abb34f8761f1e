import { buildRawDocx, xmlText } from '../render/docx-raw';
import { A4, headerFontSize, twips } from '../render/layout';
import { CJK, createPdf, drawHeader, MonoWriter, textWithFallback } from '../render/pdf-kit';

/**
 * The 补正说明: the applicant's letter answering a correction notice (补正通知书) item by item — the notice's words,
 * what was changed, and where in the materials (with page references). Rendered as A4 PDF and DOCX with the same
 * header as the other materials (软件全称 版本号, page number top right).
 */
export interface CorrectionLetterItem {
  /** The item's number in the notice. */
  no: number;
  /** The notice's words, verbatim. */
  notice: string;
  /** What was done, one sentence per entry. */
  response: string[];
  /** Materials and pages concerned, e.g. "源程序（第 1–60 页）". */
  materials: string[];
}

export interface CorrectionLetter {
  /** Name and version after the correction (the header). */
  name: string;
  version: string;
  /** The name filed with the application, when the correction changed it. */
  filedName?: string;
  filedVersion?: string;
  /** 申请流水号, when known. */
  serialNo?: string;
  /** Date of the notice, YYYY-MM-DD. */
  noticeDate: string;
  /** Date of the letter, YYYY-MM-DD. */
  date: string;
  /** 著作权人 names, when known (the letter is signed by them). */
  applicants?: string[];
  items: CorrectionLetterItem[];
  /** Files handed in with the letter. */
  attachments: string[];
}

const CN_NUM = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
/** 1 → 一, 12 → 十二, 20 → 二十 (item headings). */
export function chineseOrdinal(n: number): string {
  if (n <= 10) return CN_NUM[n - 1] ?? String(n);
  if (n < 20) return `十${CN_NUM[n - 11]}`;
  if (n < 100) return `${CN_NUM[Math.floor(n / 10) - 1]}十${n % 10 ? CN_NUM[(n % 10) - 1] : ''}`;
  return String(n);
}

/** YYYY-MM-DD → 2026年3月5日. */
export const chineseDate = (d: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : d;
};

/** Two ideographic spaces: the first-line indent of a Chinese paragraph. */
const IND = '\u3000\u3000';

type Block = { kind: 'title' | 'heading' | 'para' | 'quote' | 'right' | 'gap'; text: string };

/** The letter as a list of blocks, shared by both renderers (so the PDF and the DOCX say the same). */
export function letterBlocks(l: CorrectionLetter): Block[] {
  const b: Block[] = [{ kind: 'title', text: '补正说明' }, { kind: 'para', text: '中国版权保护中心：' }];
  const subject = `“${l.filedName ?? l.name}”（版本号 ${l.filedVersion ?? l.version}${l.serialNo ? `，申请流水号 ${l.serialNo}` : ''}）`;
  b.push({
    kind: 'para',
    text: `${IND}我方已收到贵中心于${chineseDate(l.noticeDate)}就${subject}计算机软件著作权登记申请发出的补正通知书，现按通知书所列各项逐一补正，说明如下：`,
  });
  if (l.filedName && l.filedName !== l.name) b.push({ kind: 'para', text: `${IND}补正后软件全称为“${l.name}”，版本号 ${l.version}。` });
  for (const it of l.items) {
    b.push({ kind: 'heading', text: `${chineseOrdinal(it.no)}、关于通知书第 ${it.no} 项` });
    b.push({ kind: 'quote', text: `通知内容：${it.notice}` });
    b.push({ kind: 'para', text: `补正情况：${it.response.join('')}` });
    if (it.materials.length) b.push({ kind: 'para', text: `涉及材料：${it.materials.join('；')}。` });
  }
  if (l.attachments.length) {
    b.push({ kind: 'heading', text: '附件' });
    l.attachments.forEach((a, i) => b.push({ kind: 'para', text: `${i + 1}. ${a}` }));
  }
  b.push({ kind: 'gap', text: '' });
  b.push({ kind: 'right', text: `申请人（签章）：${l.applicants?.length ? l.applicants.join('、') : '＿＿＿＿＿＿＿＿'}` });
  b.push({ kind: 'right', text: chineseDate(l.date) });
  return b;
}

const G = { marginLeft: 70, marginRight: 70, headerBaseline: 44, headerFontSize: 9, headerRule: 52, top: 80, bottom: 70 };
const SIZES: Record<Block['kind'], { size: number; lead: number }> = {
  title: { size: 18, lead: 40 },
  heading: { size: 12, lead: 24 },
  para: { size: 11, lead: 20 },
  quote: { size: 10.5, lead: 19 },
  right: { size: 11, lead: 22 },
  gap: { size: 11, lead: 20 },
};

/**
 * Greedy line breaking by measured width: CJK breaks between any two characters, a run of Latin letters and digits
 * (a serial number, a file name) is not split unless it is longer than a line, and no line starts with closing
 * punctuation.
 */
function wrap(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let w = 0;
  const noStart = /^[，。、；：？！”’）》」』,.;:?!)]/;
  const tokens = text.match(/[A-Za-z0-9_.\-–~]+|[\s\S]/gu) ?? [];
  for (const ch of tokens.flatMap((t) => (doc.widthOfString(t) > width ? Array.from(t) : [t]))) {
    const cw = doc.widthOfString(ch);
    if (w + cw > width && line && !noStart.test(ch)) {
      lines.push(line);
      line = '';
      w = 0;
    }
    line += ch;
    w += cw;
  }
  if (line) lines.push(line);
  return lines;
}

/** Renders the 补正说明 as an A4 PDF. Resolves with the PDF bytes (deterministic for equal input). */
export async function renderCorrectionLetterPdf(l: CorrectionLetter): Promise<Buffer> {
  const { doc, finish } = createPdf(`${l.name} 补正说明`);
  const header = `${l.name} ${l.version}`;
  const width = A4.width - G.marginLeft - G.marginRight;
  const writer = new MonoWriter(doc, G.headerFontSize, G.headerFontSize * 0.6);
  let page = 0;
  let y = 0;
  const newPage = () => {
    doc.addPage();
    page++;
    writer.begin();
    drawHeader(doc, writer, header, String(page), { ...G, marginLeft: G.marginLeft, marginRight: G.marginRight });
    writer.end();
    y = G.top;
  };
  newPage();
  doc.font(CJK);
  for (const block of letterBlocks(l)) {
    const s = SIZES[block.kind];
    doc.fontSize(s.size);
    if (block.kind === 'gap') {
      y += s.lead;
      continue;
    }
    if (block.kind === 'heading') y += 6;
    const indent = block.kind === 'quote' ? 14 : 0;
    const lines = block.kind === 'title' ? [block.text] : wrap(doc, block.text, width - indent);
    for (const line of lines) {
      if (y + s.lead > A4.height - G.bottom) newPage();
      doc.fontSize(s.size);
      if (block.kind === 'title') doc.text(line, G.marginLeft, y, { width, align: 'center', lineBreak: false });
      else if (block.kind === 'right') doc.text(line, A4.width - G.marginRight - doc.widthOfString(line), y, { lineBreak: false });
      else {
        if (block.kind === 'quote') doc.fillColor('#333333');
        textWithFallback(doc, line, G.marginLeft + indent, y, { lineBreak: false });
        doc.fillColor('black');
      }
      y += s.lead;
    }
    if (block.kind === 'title') y += 4;
  }
  return finish();
}

/** Renders the same letter as DOCX (A4, header "软件全称 版本号" with the page number at a right tab). */
export async function renderCorrectionLetterDocx(l: CorrectionLetter): Promise<Buffer> {
  const left = twips(G.marginLeft);
  const right = twips(G.marginRight);
  const textWidth = twips(A4.width) - left - right;
  const run = (t: string, size: number, bold = false, color?: string) =>
    `<w:r><w:rPr>${bold ? '<w:b/>' : ''}${color ? `<w:color w:val="${color}"/>` : ''}<w:sz w:val="${Math.round(size * 2)}"/></w:rPr><w:t xml:space="preserve">${xmlText(t)}</w:t></w:r>`;
  const para = (b: Block) => {
    const s = SIZES[b.kind];
    const spacing = `<w:spacing w:before="${b.kind === 'heading' ? 120 : 0}" w:after="${b.kind === 'title' ? 240 : 60}" w:line="${twips(s.lead)}" w:lineRule="atLeast"/>`;
    const jc = b.kind === 'title' ? '<w:jc w:val="center"/>' : b.kind === 'right' ? '<w:jc w:val="right"/>' : '';
    const ind = b.kind === 'quote' ? '<w:ind w:left="280"/>' : '';
    return `<w:p><w:pPr>${spacing}${jc}${ind}</w:pPr>${b.text ? run(b.text, s.size, b.kind === 'title' || b.kind === 'heading', b.kind === 'quote' ? '333333' : undefined) : ''}</w:p>`;
  };
  const header = `${l.name} ${l.version}`;
  const r = `<w:rPr><w:sz w:val="${headerFontSize(header, textWidth / 20) * 2}"/></w:rPr>`;
  const headerXml =
    `<w:p><w:pPr><w:pBdr><w:bottom w:val="single" w:sz="4" w:space="1" w:color="000000"/></w:pBdr><w:tabs><w:tab w:val="right" w:pos="${textWidth}"/></w:tabs></w:pPr>` +
    `<w:r>${r}<w:t xml:space="preserve">${xmlText(header)}</w:t></w:r><w:r>${r}<w:tab/></w:r>` +
    `<w:r>${r}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${r}<w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r>${r}<w:fldChar w:fldCharType="separate"/></w:r><w:r>${r}<w:t>1</w:t></w:r><w:r>${r}<w:fldChar w:fldCharType="end"/></w:r></w:p>`;
  return buildRawDocx({
    body: letterBlocks(l).map(para).join(''),
    header: headerXml,
    page: { width: twips(A4.width), height: twips(A4.height), top: twips(G.top), right, bottom: twips(G.bottom), left, header: twips(28), footer: twips(20) },
    defaultRun: `<w:rFonts w:ascii="SimSun" w:hAnsi="SimSun" w:eastAsia="SimSun" w:cs="SimSun"/><w:sz w:val="22"/><w:lang w:val="en-US" w:eastAsia="zh-CN"/>`,
    defaultPara: `<w:spacing w:before="0" w:after="60"/>`,
    title: `${l.name} 补正说明`,
  });
}
