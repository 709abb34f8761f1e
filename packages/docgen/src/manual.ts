import { DocgenError } from './errors';
import { ZProject, type Project, type ProjectInput } from './project';
import { validateName, validateVersion } from './names';
import { A4, headerFontSize, twips } from './layout';
import { wrapByWidth, displayWidth } from './width';
import { decodeImage, type DecodedImage } from './images';
import { createPdf, drawHeader, MonoWriter } from './pdf-kit';
import { buildRawDocx, xmlText } from './docx-raw';

/** Manual page geometry (points). 40 lines of 10.5 pt (五号) text per page on a 17.6 pt pitch. */
export const MANUAL_LAYOUT = {
  fontSize: 10.5,
  columnWidth: 5.25,
  /** 86 columns = 43 CJK characters = 451.5 pt of the 481 pt text width. */
  columns: 86,
  linesPerPage: 40,
  linePitch: 17.6,
  marginLeft: 57,
  marginRight: 57,
  bodyTop: 72,
  headerBaseline: 44,
  headerFontSize: 9,
  headerRule: 52,
  /** Minimum lines on a text page (登记办法 第十条: 文档每页不少于30行). */
  minLines: 30,
} as const;

export type ManualLineStyle = 'h1' | 'h2' | 'body' | 'toc' | 'caption' | 'title';

export interface ManualTextLine {
  kind: 'text';
  style: ManualLineStyle;
  text: string;
}
export interface ManualImageLine {
  kind: 'image';
  image: DecodedImage;
  /** Lines (slots) the figure occupies. */
  slots: number;
  /** Drawn size in points. */
  width: number;
  height: number;
}
export type ManualLine = ManualTextLine | ManualImageLine;

export interface ManualPage {
  kind: 'cover' | 'toc' | 'text';
  /** Printed page number (counted from the table of contents), null on the cover. */
  number: number | null;
  lines: ManualLine[];
}

export interface ManualModel {
  name: string;
  version: string;
  header: string;
  title: string;
  selection: 'all' | 'first-and-last-30';
  /** Numbered pages of the whole manual (before selection). */
  totalPages: number;
  pages: ManualPage[];
  /** Chapter → page, as printed in the table of contents. */
  toc: { level: 1 | 2; title: string; page: number }[];
  warnings: string[];
}

interface Block {
  type: 'h1' | 'h2' | 'p' | 'step' | 'image';
  text?: string;
  image?: DecodedImage;
  caption?: string;
}

const cols = (style: ManualLineStyle): number => {
  const g = MANUAL_LAYOUT;
  const size = style === 'h1' ? 15 : style === 'h2' ? 12 : g.fontSize;
  return Math.floor((g.columns * g.fontSize) / size);
};

const NO_LINE_START = new Set([...'，。、；：！？）》」』】〉”’…—%,.;:!?)]}']);
const isWordChar = (c: string) => /[A-Za-z0-9_]/.test(c);

/**
 * Wraps prose by display width with two courtesies of Chinese typesetting: closing punctuation
 * never starts a line (the previous character moves down with it), and Latin words are not cut.
 * Every line fits `columns`; nothing is added or dropped.
 */
export function wrapProse(text: string, columns: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  let start = 0;
  while (start < chars.length) {
    let w = 0;
    let i = start;
    while (i < chars.length) {
      const cw = displayWidth(chars[i]);
      if (w + cw > columns) break;
      w += cw;
      i++;
    }
    if (i >= chars.length) {
      out.push(chars.slice(start).join(''));
      break;
    }
    let brk = i;
    if (NO_LINE_START.has(chars[brk]) && brk - 1 > start) brk--;
    else if (isWordChar(chars[brk]) && isWordChar(chars[brk - 1])) {
      let k = brk - 1;
      while (k > start && isWordChar(chars[k - 1]) && brk - k < 24) k--;
      if (k > start && !isWordChar(chars[k - 1])) brk = k;
    }
    out.push(chars.slice(start, brk).join(''));
    start = brk;
    while (start < chars.length && chars[start] === ' ') start++;
  }
  return out;
}

function paragraph(text: string, indent = 4, columns = MANUAL_LAYOUT.columns): string[] {
  const out: string[] = [];
  for (const para of text.split(/\n+/).map((s) => s.trim()).filter(Boolean)) out.push(...wrapProse(' '.repeat(indent) + para, columns));
  return out;
}

function hangingList(label: string, text: string, columns = MANUAL_LAYOUT.columns): string[] {
  const pad = ' '.repeat(displayWidth(label));
  return wrapProse(text, columns - pad.length).map((l, i) => (i === 0 ? label : pad) + l);
}

function blocksFromProject(p: Project, warnings: string[]): Block[] {
  const b: Block[] = [];
  const h1 = (t: string) => b.push({ type: 'h1', text: t });
  const h2 = (t: string) => b.push({ type: 'h2', text: t });
  const para = (t: string | undefined) => t && t.trim() && b.push({ type: 'p', text: t.trim() });
  const steps = (arr: string[]) => arr.forEach((s, i) => b.push({ type: 'step', text: `${i + 1}. ${s.trim()}` }));
  const full = `${p.name}${p.version}`;

  h1('第1章 概述');
  h2('1.1 编写目的');
  para(`本手册介绍${full}（以下简称“本软件”）的运行环境、安装与登录方法以及各功能模块的操作步骤，供本软件的使用人员和维护人员阅读。`);
  h2('1.2 软件简介');
  para(p.description || `${p.name}是面向${p.domain || '相关业务'}的${p.category}。`);
  if (p.purpose) para(`开发目的：${p.purpose}`);
  if (p.domain) para(`面向领域/行业：${p.domain}`);
  h2('1.3 主要功能');
  if (p.mainFunctions.trim()) para(p.mainFunctions);
  if (p.modules.length) {
    para(`本软件包括以下${p.modules.length}个功能模块：`);
    p.modules.forEach((m, i) => b.push({ type: 'step', text: `${i + 1}. ${m.name}${m.description ? '：' + m.description.split(/[。\n]/)[0] + '。' : ''}` }));
  }
  if (p.techFeatures.trim() || p.techTags.length) {
    h2('1.4 技术特点');
    para([p.techTags.length ? `技术领域：${p.techTags.join('、')}。` : '', p.techFeatures].join(''));
  }

  h1('第2章 运行环境');
  h2('2.1 硬件环境');
  para(p.runHardware ? `运行的硬件环境：${p.runHardware}` : undefined);
  para(p.devHardware ? `开发的硬件环境：${p.devHardware}` : undefined);
  h2('2.2 软件环境');
  para(p.runPlatform ? `运行平台/操作系统：${p.runPlatform}` : undefined);
  para(p.runSupport ? `运行支撑环境/支持软件：${p.runSupport}` : undefined);
  h2('2.3 开发环境');
  para(p.devOs ? `开发该软件的操作系统：${p.devOs}` : undefined);
  para(p.devTools ? `软件开发环境/开发工具：${p.devTools}` : undefined);
  if (p.languages.length) para(`编程语言：${p.languages.join('、')}`);

  h1('第3章 安装与登录');
  h2('3.1 安装与部署');
  if (p.installSteps.length) steps(p.installSteps);
  else {
    const web = /web|浏览器|网页|b\/s|h5/i.test(`${p.platform ?? ''}${p.runPlatform}${p.runSupport}`);
    para(
      web
        ? `本软件为浏览器/服务器（B/S）结构，服务端部署完成后，用户无需在本地安装客户端，使用${p.runSupport || '主流浏览器'}访问系统地址即可使用。`
        : `按照运行环境的要求准备${p.runPlatform || '运行平台'}及${p.runSupport || '支撑软件'}，将本软件安装到目标设备后即可启动使用。`,
    );
  }
  h2('3.2 登录');
  if (p.loginSteps.length) steps(p.loginSteps);
  else {
    steps([`打开${p.name}，进入登录页面。`, '输入管理员分配的账号和密码。', '点击“登录”按钮，验证通过后进入系统首页；验证失败时页面提示错误原因，可重新输入。']);
  }

  h1('第4章 功能模块');
  if (p.modules.length === 0) warnings.push('项目未填写功能模块，操作手册缺少功能说明章节的内容');
  let fig = 0;
  p.modules.forEach((m, i) => {
    h2(`4.${i + 1} ${m.name}`);
    para(m.description);
    if (m.operations.length) {
      b.push({ type: 'p', text: '操作步骤如下：' });
      steps(m.operations);
    }
    m.images.forEach((img, k) => {
      const d = decodeImage(img.data);
      if (!d) {
        warnings.push(`模块“${m.name}”的第 ${k + 1} 张图片不是 PNG 或 JPEG，已跳过`);
        return;
      }
      fig++;
      b.push({ type: 'image', image: d, caption: `图${fig} ${img.caption || m.name}` });
    });
  });

  h1('第5章 常见问题');
  const faq = p.faq.length
    ? p.faq
    : [
        { q: '无法登录怎么办？', a: '请确认账号和密码输入正确，注意区分大小写；多次失败后请联系管理员重置密码。' },
        { q: '页面显示异常怎么办？', a: `请使用${p.runSupport || '推荐的运行环境'}，并清除缓存后重新打开。` },
        { q: '操作后数据没有更新怎么办？', a: '请检查网络连接后刷新页面；如问题仍然存在，请记录操作步骤并联系系统管理员。' },
      ];
  faq.forEach((f, i) => {
    b.push({ type: 'p', text: `问题${i + 1}：${f.q}` });
    b.push({ type: 'p', text: `解答：${f.a}` });
  });
  return b;
}

/**
 * Builds the operation manual (操作手册, 文档鉴别材料) from project data: cover, table of
 * contents, 概述, 运行环境, 安装与登录, one section per functional module with its operations
 * and figures, 常见问题. Lines are laid out by display width on a fixed grid, 40 per page, so
 * every text page except the last carries at least 30 lines (登记办法 第十条: 文档每页不少于
 * 30行; pages with figures are exempt); page numbers are counted from the table of contents
 * (cpcc-materials.md); over 60 numbered pages → the first 30 and the last 30 (without the cover).
 * Throws DocgenError BAD_PROJECT / BAD_NAME / BAD_VERSION.
 */
export function buildManual(project: ProjectInput | Project): ManualModel {
  const parsed = ZProject.safeParse(project);
  if (!parsed.success) throw new DocgenError('BAD_PROJECT', `项目数据不完整或格式错误：${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('；')}`);
  const p = parsed.data;
  const name = validateName(p.name);
  const version = validateVersion(p.version);
  p.name = name;
  p.version = version;
  const g = MANUAL_LAYOUT;
  const warnings: string[] = [];
  const blocks = blocksFromProject(p, warnings);

  // Lay blocks out as lines.
  type Marked = ManualLine & { toc?: { level: 1 | 2; title: string } };
  const lines: Marked[] = [];
  const maxImgW = A4.width - g.marginLeft - g.marginRight;
  for (const bl of blocks) {
    if (bl.type === 'h1' || bl.type === 'h2') {
      for (const t of wrapByWidth(bl.text!, cols(bl.type))) lines.push({ kind: 'text', style: bl.type, text: t, toc: t === bl.text ? { level: bl.type === 'h1' ? 1 : 2, title: bl.text! } : undefined });
    } else if (bl.type === 'p') {
      for (const t of paragraph(bl.text!)) lines.push({ kind: 'text', style: 'body', text: t });
    } else if (bl.type === 'step') {
      const m = /^(\d+\.\s)(.*)$/.exec(bl.text!)!;
      for (const t of hangingList('    ' + m[1], m[2])) lines.push({ kind: 'text', style: 'body', text: t });
    } else if (bl.type === 'image') {
      const img = bl.image!;
      const maxSlots = 20;
      let w = Math.min(maxImgW, img.width * 0.75);
      let h = (w * img.height) / img.width;
      if (h > maxSlots * g.linePitch - 6) {
        h = maxSlots * g.linePitch - 6;
        w = (h * img.width) / img.height;
      }
      const slots = Math.ceil((h + 6) / g.linePitch);
      lines.push({ kind: 'image', image: img, slots, width: w, height: h });
      lines.push({ kind: 'text', style: 'caption', text: bl.caption! });
    }
  }

  // Paginate the body.
  const body: ManualPage[] = [];
  let cur: Marked[] = [];
  let used = 0;
  const flush = () => {
    if (cur.length) body.push({ kind: 'text', number: 0, lines: cur });
    cur = [];
    used = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const slots = l.kind === 'image' ? l.slots + 1 : 1; // image + its caption travel together
    const isHeading = l.kind === 'text' && (l.style === 'h1' || l.style === 'h2');
    if (used + slots > g.linesPerPage || (isHeading && used + 2 > g.linesPerPage)) {
      if (l.kind === 'image' && g.linesPerPage - used >= 8 && used < g.minLines) {
        // Shrink the figure into the room left rather than leaving a short page.
        const room = g.linesPerPage - used - 1;
        const scale = Math.min(1, (room * g.linePitch - 6) / l.height);
        l.width *= scale;
        l.height *= scale;
        l.slots = room;
      } else flush();
    }
    cur.push(l);
    used += l.kind === 'image' ? l.slots : 1;
    if (l.kind === 'image') {
      cur.push(lines[++i]);
      used++;
    }
  }
  flush();
  // Balance the last two pages so the last one also has ≥ 30 lines when possible: move trailing
  // text lines of the previous page (never a figure or its caption) while that page keeps ≥ 30
  // lines or is a figure page (exempt).
  if (body.length >= 2) {
    const last = body[body.length - 1];
    const prev = body[body.length - 2];
    const hasImage = (pg: ManualPage) => pg.lines.some((l) => l.kind === 'image');
    if (!hasImage(last)) {
      while (last.lines.length < g.minLines && prev.lines.length > 1) {
        const tail = prev.lines[prev.lines.length - 1];
        const before = prev.lines[prev.lines.length - 2];
        if (tail.kind !== 'text' || before.kind === 'image') break;
        if (!hasImage(prev) && prev.lines.length - 1 < g.minLines) break;
        last.lines.unshift(prev.lines.pop()!);
      }
    }
  }

  // Table of contents (page numbers counted from the first contents page).
  const tocEntries: { level: 1 | 2; title: string; bodyPage: number }[] = [];
  body.forEach((pg, bi) => pg.lines.forEach((l) => (l as Marked).toc && tocEntries.push({ ...(l as Marked).toc!, bodyPage: bi })));
  const tocCapacity = g.linesPerPage - 2;
  const tocPages = Math.max(1, Math.ceil(tocEntries.length / tocCapacity));
  const toc = tocEntries.map((e) => ({ level: e.level, title: e.title, page: tocPages + e.bodyPage + 1 }));
  const tocLines: ManualLine[][] = [];
  for (let i = 0; i < tocPages; i++) {
    const pageLines: ManualLine[] = i === 0 ? [{ kind: 'text', style: 'h1', text: '目    录' }, { kind: 'text', style: 'body', text: '' }] : [];
    for (const e of toc.slice(i * tocCapacity, (i + 1) * tocCapacity)) {
      const left = (e.level === 1 ? '' : '    ') + e.title;
      const right = String(e.page);
      const room = g.columns - displayWidth(left) - right.length - 2;
      pageLines.push({ kind: 'text', style: 'toc', text: room > 2 ? `${left} ${'.'.repeat(room)} ${right}` : `${left} ${right}` });
    }
    tocLines.push(pageLines);
  }
  const numbered: ManualPage[] = [
    ...tocLines.map((l) => ({ kind: 'toc' as const, number: 0, lines: l })),
    ...body.map((pg) => ({ ...pg, lines: pg.lines.map((l) => (l.kind === 'text' ? { kind: 'text' as const, style: l.style, text: l.text } : l)) })),
  ];
  numbered.forEach((pg, i) => (pg.number = i + 1));
  const cover: ManualPage = {
    kind: 'cover',
    number: null,
    lines: [
      { kind: 'text', style: 'title', text: name },
      { kind: 'text', style: 'title', text: '操作手册' },
      { kind: 'text', style: 'body', text: `版本号：${version}` },
      ...(p.owners.length ? [{ kind: 'text' as const, style: 'body' as const, text: `著作权人：${p.owners.map((o) => o.name).join('、')}` }] : []),
      ...(p.completionDate ? [{ kind: 'text' as const, style: 'body' as const, text: `日期：${p.completionDate}` }] : []),
    ],
  };
  let pages: ManualPage[];
  let selection: ManualModel['selection'] = 'all';
  if (numbered.length + 1 <= 60) pages = [cover, ...numbered];
  else {
    selection = 'first-and-last-30';
    const back = numbered.slice(numbered.length - 30).map((pg, i) => ({ ...pg, number: 31 + i }));
    pages = [...numbered.slice(0, 30), ...back];
    warnings.push(`操作手册共 ${numbered.length} 页，超过 60 页，按规定提交前 30 页和后 30 页（不含封面）`);
  }
  return { name, version, header: `${name} ${version}`, title: `${name}操作手册`, selection, totalPages: numbered.length, pages, toc, warnings };
}

const sizeOf = (style: ManualLineStyle) => (style === 'h1' ? 15 : style === 'h2' ? 12 : style === 'title' ? 22 : style === 'caption' ? 9 : MANUAL_LAYOUT.fontSize);

/** Physical pages (1-based) that carry no page number or are exempt from the 30-line rule. */
export function manualExemptPages(model: ManualModel): number[] {
  return model.pages.map((p, i) => (p.kind !== 'text' ? i + 1 : 0)).filter((n) => n > 0);
}

/** Lines per physical page as planned (text lines; a figure counts its caption only). */
export function manualPlannedLines(model: ManualModel): number[] {
  return model.pages.map((p) => p.lines.filter((l) => l.kind === 'text' && l.text.trim() !== '').length);
}

/**
 * Renders the manual as an A4 PDF: header "软件全称 版本号" on every page, the page number at
 * the top right from the table of contents on (the cover carries none), text on the fixed
 * line grid, figures scaled into their slots. Resolves with the PDF bytes.
 */
export async function renderManualPdf(model: ManualModel): Promise<Buffer> {
  const g = MANUAL_LAYOUT;
  const { doc, finish } = createPdf(model.title);
  const w = new MonoWriter(doc, g.fontSize, g.columnWidth);
  const textWidth = A4.width - g.marginLeft - g.marginRight;
  for (const page of model.pages) {
    doc.addPage();
    w.begin();
    drawHeader(doc, w, model.header, page.number === null ? '' : String(page.number), g);
    const images: { l: ManualImageLine; top: number }[] = [];
    if (page.kind === 'cover') {
      let y = 300;
      for (const l of page.lines) {
        if (l.kind !== 'text') continue;
        const fs = sizeOf(l.style);
        const cw = fs / 2;
        const x = g.marginLeft + (textWidth - displayWidth(l.text) * cw) / 2;
        w.line(l.text, x, y, fs, cw);
        y += l.style === 'title' ? 44 : 26;
      }
    } else {
      let slot = 0;
      for (const l of page.lines) {
        const top = g.bodyTop + slot * g.linePitch;
        if (l.kind === 'image') {
          images.push({ l, top });
          slot += l.slots;
          continue;
        }
        const fs = sizeOf(l.style);
        const cw = fs / 2;
        const x = l.style === 'caption' ? g.marginLeft + (textWidth - displayWidth(l.text) * cw) / 2 : l.style === 'h1' && page.kind === 'toc' && slot === 0 ? g.marginLeft + (textWidth - displayWidth(l.text) * cw) / 2 : g.marginLeft;
        if (l.text.trim()) w.line(l.text, x, top + g.linePitch * 0.75, fs, cw);
        slot++;
      }
    }
    w.end();
    for (const { l, top } of images) {
      doc.image(l.image.data, g.marginLeft + (textWidth - l.width) / 2, top + 3, { width: l.width, height: l.height });
    }
  }
  return finish();
}

const MONO = 'Courier New';
const CJKF = 'SimSun';

function runsXml(text: string, fs: number): string {
  // Split into ASCII (Courier New at 0.6 em = one column) and other runs (CJK font, 1 em = two columns).
  const out: string[] = [];
  const asciiHalfPts = Math.round((fs / 2 / 0.6) * 2);
  const re = /([\x20-\x7e]+)|([^\x20-\x7e]+)/g;
  for (const m of text.matchAll(re)) {
    if (m[1]) out.push(`<w:r><w:rPr><w:rFonts w:ascii="${MONO}" w:hAnsi="${MONO}" w:eastAsia="${CJKF}" w:cs="${MONO}"/><w:sz w:val="${asciiHalfPts}"/></w:rPr><w:t xml:space="preserve">${xmlText(m[1])}</w:t></w:r>`);
    else out.push(`<w:r><w:rPr><w:rFonts w:ascii="${CJKF}" w:hAnsi="${CJKF}" w:eastAsia="${CJKF}" w:cs="${CJKF}"/><w:sz w:val="${Math.round(fs * 2)}"/></w:rPr><w:t xml:space="preserve">${xmlText(m[2])}</w:t></w:r>`);
  }
  return out.join('');
}

function headerXml(text: string, withNumber: boolean, textWidth: number): string {
  const r = `<w:rPr><w:rFonts w:ascii="${CJKF}" w:hAnsi="${CJKF}" w:eastAsia="${CJKF}" w:cs="${CJKF}"/><w:sz w:val="${headerFontSize(text, textWidth / 20) * 2}"/></w:rPr>`;
  const num = withNumber
    ? `<w:r>${r}<w:tab/></w:r><w:r>${r}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${r}<w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r>${r}<w:fldChar w:fldCharType="separate"/></w:r><w:r>${r}<w:t>1</w:t></w:r><w:r>${r}<w:fldChar w:fldCharType="end"/></w:r>`
    : '';
  return (
    `<w:p><w:pPr><w:pBdr><w:bottom w:val="single" w:sz="4" w:space="1" w:color="000000"/></w:pBdr><w:tabs><w:tab w:val="right" w:pos="${textWidth}"/></w:tabs>` +
    `<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r>${r}<w:t xml:space="preserve">${xmlText(text)}</w:t></w:r>${num}</w:p>`
  );
}

function drawingXml(idx: number, w: number, h: number): string {
  const cx = Math.round(w * 12700);
  const cy = Math.round(h * 12700);
  return (
    `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${idx}" name="图${idx}"/>` +
    `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${idx}" name="image${idx}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="rIdImg${idx}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
  );
}

/**
 * Renders the manual as DOCX with the PDF's grid: one paragraph per line at an exact pitch,
 * an explicit page break before every page, the cover in its own section with an unnumbered
 * header, and page numbering restarting at 1 on the table of contents (PAGE field at a right
 * tab stop). Resolves with the .docx bytes.
 */
export async function renderManualDocx(model: ManualModel): Promise<Buffer> {
  const g = MANUAL_LAYOUT;
  const pitch = twips(g.linePitch);
  const top = twips(g.bodyTop);
  const height = twips(A4.height);
  const bottom = height - top - pitch * g.linesPerPage - Math.round(pitch / 2);
  const left = twips(g.marginLeft);
  const right = twips(g.marginRight);
  const textWidth = twips(A4.width) - left - right;
  const geometry = `<w:pgSz w:w="${twips(A4.width)}" w:h="${height}"/><w:pgMar w:top="${top}" w:right="${right}" w:bottom="${bottom}" w:left="${left}" w:header="${twips(28)}" w:footer="${twips(20)}" w:gutter="0"/>`;
  const media: { data: Uint8Array; ext: 'png' | 'jpeg' }[] = [];
  const parts: string[] = [];
  let first = true;
  let prevKind: ManualPage['kind'] | undefined;
  for (const page of model.pages) {
    let firstOnPage = true;
    // Every page starts with an explicit break, except the first and the one after the cover
    // (the cover's section break already starts a new page).
    const needsBreak = !first && prevKind !== 'cover';
    prevKind = page.kind;
    const pb = () => {
      const s = firstOnPage && needsBreak ? '<w:pageBreakBefore/>' : '';
      firstOnPage = false;
      return s;
    };
    if (page.kind === 'cover') {
      parts.push(`<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="${twips(228)}" w:lineRule="exact"/></w:pPr></w:p>`);
      for (const l of page.lines) {
        if (l.kind !== 'text') continue;
        const fs = sizeOf(l.style);
        parts.push(`<w:p><w:pPr><w:jc w:val="center"/><w:spacing w:before="0" w:after="0" w:line="${twips(l.style === 'title' ? 44 : 26)}" w:lineRule="exact"/></w:pPr>${runsXml(l.text, fs)}</w:p>`);
      }
      // End of the cover section: its own header without a page number.
      parts.push(`<w:p><w:pPr><w:sectPr><w:headerReference w:type="default" r:id="rIdHeader2"/><w:type w:val="nextPage"/>${geometry}</w:sectPr></w:pPr></w:p>`);
      first = false;
      continue;
    }
    for (const l of page.lines) {
      if (l.kind === 'image') {
        media.push({ data: l.image.data, ext: l.image.ext });
        parts.push(`<w:p><w:pPr>${pb()}<w:jc w:val="center"/><w:spacing w:before="0" w:after="0" w:line="${pitch * l.slots}" w:lineRule="exact"/></w:pPr>${drawingXml(media.length, l.width, l.height)}</w:p>`);
        continue;
      }
      const fs = sizeOf(l.style);
      const center = l.style === 'caption' || (page.kind === 'toc' && l.style === 'h1');
      parts.push(`<w:p><w:pPr>${pb()}${center ? '<w:jc w:val="center"/>' : ''}</w:pPr>${runsXml(l.text, fs)}</w:p>`);
    }
    first = false;
  }
  const defaultRun = `<w:rFonts w:ascii="${MONO}" w:hAnsi="${MONO}" w:eastAsia="${CJKF}" w:cs="${MONO}"/><w:kern w:val="0"/><w:sz w:val="21"/><w:lang w:val="en-US" w:eastAsia="zh-CN"/>`;
  const defaultPara =
    `<w:widowControl w:val="0"/><w:snapToGrid w:val="0"/><w:autoSpaceDE w:val="0"/><w:autoSpaceDN w:val="0"/>` +
    `<w:spacing w:before="0" w:after="0" w:line="${pitch}" w:lineRule="exact"/><w:ind w:left="0" w:right="0"/>`;
  return buildRawDocx({
    body: parts.join(''),
    header: headerXml(model.header, true, textWidth),
    extraHeaders: [headerXml(model.header, false, textWidth)],
    media,
    page: { width: twips(A4.width), height, top, right, bottom, left, header: twips(28), footer: twips(20) },
    defaultRun,
    defaultPara,
    title: model.title,
  });
}
