import type { FilingGuide } from '@mazhu/contracts';
import { A4 } from '../render/layout';
import { CJK, createPdf, drawHeader, MonoWriter, textWithFallback } from '../render/pdf-kit';
import { fieldCount } from './filing-guide';

/** Page geometry (points): A4 portrait, the materials' running header with the page number top-right. */
const G = { marginLeft: 56, marginRight: 56, headerBaseline: 40, headerFontSize: 9, headerRule: 48, bodyTop: 70, bodyBottom: A4.height - 56 };
const BODY = 10;
const GAP = 3;

const kb = (n: number) => (n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(2)} MB`);

/**
 * 申报指南.pdf: A4 pages with the header "申报指南 软件全称 版本号" and the page number top-right; sections 一 the
 * online form (a three-column table: field | value to copy | count against the limit, over-limit counts in red),
 * 二 the files to upload (slot, file, size, pages, note), 三 the 签章页 (steps, who signs or seals per owner, the
 * pledge passage boxed with its source, dates), 四 after submitting, and the sources. A table row or a paragraph never
 * splits across pages (a 1300-character 主要功能 fits one page). Resolves with the PDF bytes.
 */
export async function renderFilingGuidePdf(g: FilingGuide): Promise<Buffer> {
  const { doc, finish } = createPdf(`${g.name} 申报指南`);
  const left = G.marginLeft;
  const width = A4.width - G.marginLeft - G.marginRight;
  const writer = new MonoWriter(doc, G.headerFontSize, G.headerFontSize * 0.6);
  let page = 0;
  let y = 0;
  const newPage = () => {
    doc.addPage();
    page++;
    writer.begin();
    drawHeader(doc, writer, `申报指南 ${g.name} ${g.version}`, String(page), G);
    writer.end();
    y = G.bodyTop;
  };
  const ensure = (h: number) => {
    if (y + h > G.bodyBottom) newPage();
  };
  const height = (t: string, w: number, size = BODY) => {
    doc.font(CJK).fontSize(size);
    return doc.heightOfString(t || ' ', { width: w, lineGap: GAP });
  };
  const write = (t: string, x: number, at: number, w: number, size = BODY, color = '#000000') => {
    doc.font(CJK).fontSize(size).fillColor(color);
    textWithFallback(doc, t || ' ', x, at, { width: w, lineGap: GAP });
    doc.fillColor('#000000');
  };
  const para = (t: string, o: { size?: number; indent?: number; after?: number; color?: string } = {}) => {
    const size = o.size ?? BODY;
    const x = left + (o.indent ?? 0);
    const h = height(t, width - (o.indent ?? 0), size);
    ensure(h);
    write(t, x, y, width - (o.indent ?? 0), size, o.color);
    y += h + (o.after ?? 4);
  };
  const heading = (t: string) => {
    ensure(60);
    y += 8;
    para(t, { size: 13, after: 8 });
  };

  newPage();
  para(`${g.name} ${g.version} 申报指南`, { size: 16, after: 6 });
  para('按登记系统（中国版权保护中心）在线申请表的顺序列出每个字段要填写的内容、要上传的文件、签章页的签署方法和提交后的事项。字段内容取自本次生成的申请表，与源程序和文档一致。', { color: '#444444', after: 6 });

  heading('一、在线申请表（按填写顺序）');
  const c1 = 118;
  const c3 = 86;
  const c2 = width - c1 - c3;
  const pad = 4;
  const row = (cells: [string, string, string], o: { head?: boolean; countColor?: string } = {}) => {
    const h = Math.max(height(cells[0], c1 - 2 * pad), height(cells[1], c2 - 2 * pad), height(cells[2], c3 - 2 * pad)) + 2 * pad;
    ensure(h);
    if (o.head) doc.save().rect(left, y, width, h).fill('#eeeeee').restore();
    doc.save().lineWidth(0.5).strokeColor('#999999').rect(left, y, c1, h).rect(left + c1, y, c2, h).rect(left + c1 + c2, y, c3, h).stroke().restore();
    write(cells[0], left + pad, y + pad, c1 - 2 * pad);
    write(cells[1], left + c1 + pad, y + pad, c2 - 2 * pad);
    write(cells[2], left + c1 + c2 + pad, y + pad, c3 - 2 * pad, BODY, o.countColor);
    y += h;
  };
  row(['字段', '填写内容（可直接复制）', '字数 / 上限'], { head: true });
  for (const f of g.fields) {
    const c = fieldCount(f.label, f.value);
    row([f.note ? `${f.label}\n（${f.note}）` : f.label, f.value || '（不填）', c.text || '—'], { countColor: c.state === 'over' ? '#c00000' : c.state === 'warn' ? '#b26a00' : undefined });
  }

  heading('二、要上传的文件（均为 PDF）');
  for (const u of g.uploads) {
    const facts = [u.file ?? '（自行签署后扫描）', u.size !== undefined ? kb(u.size) : '', u.pages ? `${u.pages} 页` : ''].filter(Boolean).join('，');
    para(`■ ${u.slot}：${facts}`, { after: 2 });
    para(u.note, { indent: 14, color: '#444444', after: 6 });
  }
  para('门户对单个文件大小的上限未能在公开资料中核实，请以上传页面的提示为准；生成的“申请表.pdf”只供对照填写，不需上传。', { color: '#444444' });

  heading('三、签章页');
  g.signing.steps.forEach((s, i) => para(`${i + 1}. ${s}`, { after: 3 }));
  y += 4;
  para('谁来签名或盖章：', { after: 3 });
  if (!g.signing.signers.length) para('（申请表中还没有著作权人）', { indent: 14 });
  for (const s of g.signing.signers) para(`□ ${s.owner}（${s.category}）：${s.how}`, { indent: 14, after: 3 });
  y += 6;
  para('须手写抄写的声明（划线部分）：', { after: 4 });
  const box = height(g.signing.pledge.passage, width - 24, 12) + 20;
  ensure(box + 40);
  doc.save().lineWidth(1).rect(left, y, width, box).stroke().restore();
  write(g.signing.pledge.passage, left + 12, y + 10, width - 24, 12);
  y += box + 6;
  para(`出处：${g.signing.pledge.source}`, { color: '#444444', after: 3 });
  para(g.signing.pledge.note, { color: '#444444', after: 6 });
  para('日期：', { after: 3 });
  for (const d of g.signing.dates) para(`· ${d}`, { indent: 14, after: 3 });

  heading('四、提交之后');
  g.after.forEach((s, i) => para(`${i + 1}. ${s}`, { after: 3 }));

  heading('依据');
  for (const s of g.sources) para(`· ${s}`, { color: '#444444', after: 3 });
  return finish();
}
