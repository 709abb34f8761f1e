import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSourceCodeDocument, renderSourceCodePdf, verifyPdf } from '../src/index';
import { readPdfPagesPdfjs } from '../src/verify/verify';
import { readPdfLight } from '../src/verify/pdf-read';
import { renderFormTablePdf } from '../src/form/render-form-pdf';
import { CODE_LAYOUT } from '../src/render/layout';
import { drawHeader, MonoWriter } from '../src/render/mono-writer';
import { liteDocument, liteFallbackFonts } from '../src/render/pdf-lite';
import { chineseProject, codeFile } from './fixtures-code';

const dir = mkdtempSync(path.join(tmpdir(), 'mazhu-pdf-lite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The page rendered by poppler at 50 dpi, as PNG bytes. */
function pagePng(pdf: Buffer, page: number, name: string): Buffer {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '50', '-f', String(page), '-l', String(page), '-png', '-singlefile', file, path.join(dir, name)]);
  return readFileSync(path.join(dir, `${name}.png`));
}
const fontNames = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/BaseFont \/([\w+-]+)/g)].map((m) => m[1]);

describe('pdf-lite (the source-code document and the form without pdfkit)', () => {
  const files = Object.entries(chineseProject(4, 900)).map(([p, t]) => codeFile(p, t));
  const doc = buildSourceCodeDocument({ name: '码著示例管理系统', version: 'V2.1', files });

  it('prints the same pages as pdfkit: same text, same pixels, and a reader finds every planned line', async () => {
    const lite = await renderSourceCodePdf(doc);
    const kit = await renderSourceCodePdf(doc, { writer: 'pdfkit' });
    expect(fontNames(lite)).toContain('MZAAAA+NotoSansCJKsc-Regular');
    expect(fontNames(kit).some((n) => n.startsWith('MZAAAA+'))).toBe(false);
    expect(doc.pages.length).toBe(60);
    for (const p of [1, 31, 60]) expect(pagePng(lite, p, `lite-${p}`).equals(pagePng(kit, p, `kit-${p}`))).toBe(true);
    const text = (pdf: Buffer) => {
      writeFileSync(path.join(dir, 't.pdf'), pdf);
      return execFileSync('pdftotext', ['-layout', path.join(dir, 't.pdf'), '-'], { encoding: 'utf8' });
    };
    expect(text(lite)).toBe(text(kit));
    const r = await verifyPdf(lite, { header: doc.header, pages: doc.pages.length, plannedLines: doc.pages.map((p) => p.lines.length), minLinesPerPage: 50 });
    expect(r.ok).toBe(true);
    // The light reader and pdfjs read the same runs from the file.
    const ours = readPdfLight(lite)!;
    const pdfjs = await readPdfPagesPdfjs(lite);
    expect(ours.length).toBe(60);
    expect(pdfjs.map((p) => p.lines)).toEqual(doc.pages.map((p) => p.lines.length));
    expect(pdfjs.map((p) => p.pageNumber)).toEqual(doc.pages.map((p) => p.number));
    expect(ours[30].runs.map((r) => r.str).join('\n')).toContain(doc.pages[30].lines[10].text.trim());
  });

  it('prints characters the CJK font lacks in the symbol fonts (TrueType subsets), as pdfkit does', async () => {
    const code = 'const ok = "已完成 ✔ 🚀 ⚡ ∮ ☃";\nconsole.log(ok, "Ⅻ ↯ ♞");\n'.repeat(30);
    const withSymbols = buildSourceCodeDocument({ name: '码著示例管理系统', version: 'V2.1', files: [codeFile('src/a.js', code)] });
    const lite = await renderSourceCodePdf(withSymbols);
    const kit = await renderSourceCodePdf(withSymbols, { writer: 'pdfkit' });
    const names = fontNames(lite);
    expect(names[0]).toBe('Courier');
    expect(names).toContain('MZAAAA+NotoSansCJKsc-Regular');
    // Every font after the CJK one is a symbol font of ours, and the same families as pdfkit chose.
    const families = (ns: string[]) => ns.filter((n) => n.includes('+')).map((n) => n.split('+')[1]).sort();
    expect(families(names)).toEqual(families(fontNames(kit)));
    expect(families(names).length).toBeGreaterThan(1);
    expect(pagePng(lite, 1, 'sym-lite').equals(pagePng(kit, 1, 'sym-kit'))).toBe(true);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: lite, encoding: 'utf8' });
    expect(text).toContain('已完成 ✔ 🚀 ⚡ ∮ ☃');
    const r = await verifyPdf(lite, { header: withSymbols.header, pages: withSymbols.pages.length, plannedLines: withSymbols.pages.map((p) => p.lines.length), minLinesPerPage: 50 });
    expect(r.ok).toBe(true);
  });

  it('prints the application form table with the same text and pixels as pdfkit', async () => {
    const table = {
      name: '码著示例管理系统',
      header: '码著示例管理系统 V2.1',
      title: '计算机软件著作权登记申请表（信息）',
      rows: [
        ['软件全称', '码著示例管理系统'],
        ['版本号', 'V2.1'],
        ['软件的主要功能', '用户管理、角色权限、订单查询与导出；'.repeat(12)],
        ['源程序量', '52,239 行'],
        ['开发的硬件环境', ''],
      ] as [string, string][],
    };
    const lite = await renderFormTablePdf(table);
    const kit = await renderFormTablePdf(table, { writer: 'pdfkit' });
    expect(fontNames(lite)).toContain('MZAAAA+NotoSansCJKsc-Regular');
    expect(pagePng(lite, 1, 'form-lite').equals(pagePng(kit, 1, 'form-kit'))).toBe(true);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: lite, encoding: 'utf8' });
    expect(text).toContain('计算机软件著作权登记申请表（信息）');
    expect(text).toContain('52,239 行');
    expect(text.replace(/\s+/g, '')).toContain('用户管理、角色权限、订单查询与导出；'.repeat(3));
  });

  it('sets a line of printable ASCII in one step exactly as character by character', async () => {
    const lines = ['plain', 'trailing   ', '    indented (with) \\ escapes', '        ', '', ' ~!@#$%^&*()_+{}|:"<>?`-=[]\\;\',./', 'x'.repeat(88)];
    const pages = (suffix: string) => [{ number: 1, lines: [...lines, ...doc.pages[0].lines.map((l) => l.text)].map((text) => ({ text: text + suffix })) }];
    // A zero-width space prints nothing but sends the line through the character-by-character path.
    const fast = await renderSourceCodePdf({ header: doc.header, linesPerPage: 50, pages: pages('') });
    const slow = await renderSourceCodePdf({ header: doc.header, linesPerPage: 50, pages: pages('\u200b') });
    expect(fast.equals(slow)).toBe(true);
  });

  it('replays a running header as drawing it again would', () => {
    const texts = [doc.header, 'code'];
    const print = (writerPerPage: boolean) => {
      const lite = liteDocument('t', texts)!;
      let w = new MonoWriter(lite, CODE_LAYOUT.fontSize, CODE_LAYOUT.columnWidth, liteFallbackFonts);
      for (let n = 1; n <= 3; n++) {
        lite.addPage();
        if (writerPerPage) w = new MonoWriter(lite, CODE_LAYOUT.fontSize, CODE_LAYOUT.columnWidth, liteFallbackFonts);
        w.begin();
        drawHeader(lite, w, doc.header, String(n), CODE_LAYOUT);
        w.line(n === 2 ? '代码 code' : 'code', CODE_LAYOUT.marginLeft, 100);
        w.end();
      }
      return lite.finish();
    };
    expect(print(false).equals(print(true))).toBe(true);
  });
});
