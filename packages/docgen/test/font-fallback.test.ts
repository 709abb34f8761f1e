import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeFile, chineseProject } from './fixtures-code';

// A fresh machine with only Node has no system CJK font: the npm-delivered Noto Sans SC must do.
const require = createRequire(import.meta.url);
const npmFont = require.resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff');

const before = process.env.MAZHU_CJK_FONT;
// The rendered PDFs, to look at (pdftoppm -r 80 -png).
const outDir = path.join(tmpdir(), 'mazhu-font-fallback');
mkdirSync(outDir, { recursive: true });

afterAll(() => {
  if (before === undefined) delete process.env.MAZHU_CJK_FONT;
  else process.env.MAZHU_CJK_FONT = before;
});

describe('the npm-delivered CJK font (no fonts-noto-cjk)', () => {
  it('renders and verifies a Chinese-heavy document', async () => {
    process.env.MAZHU_CJK_FONT = npmFont;
    const { buildSourceCodeDocument, renderSourceCodePdf, verifyPdf, loadCjkFont } = await import('../src/index');
    expect(loadCjkFont().source).toMatch(/noto-sans-sc.*\.woff$/);
    const files = Object.entries(chineseProject(3, 120)).map(([p, t]) => codeFile(p, t));
    const m = buildSourceCodeDocument({ name: '码著示例管理系统', version: 'V1.0', files });
    const pdf = await renderSourceCodePdf(m);
    const r = await verifyPdf(pdf, { header: m.header, pages: m.pages.length, plannedLines: m.pages.map((p) => p.lines.length), minLinesPerPage: 50 });
    expect(r.items.filter((i) => !i.ok)).toEqual([]);
    expect(pdf.toString('latin1')).toMatch(/NotoSansSC/);
  });
});

describe('symbols the CJK font lacks', () => {
  const symbols = `// 状态图标：✓ 通过 ✗ 失败 → 下一步 ★ 重点 ∑ 合计 ≠ ≤ ≥ ∞ ├── └── │ é ж Ω ⚠ ☑ ✔ 😀 🚀 👍 🔥 𝔸 ⟶ ♥`;
  const files = () => [
    codeFile('src/symbols.js', [symbols, ...Array.from({ length: 60 }, (_, i) => `export const step${i} = '${i % 2 ? '✓' : '✗'} 第${i}步 → ${i + 1} 😀';`)].join('\n') + '\n'),
    codeFile('src/sign.js', `// 手语书写符号 \u{1D800} 没有任何字体收录\nexport const sign = '\u{1D800}';\n`),
  ];

  it('prints every symbol from a symbol font shipped from npm, never as an empty box, and names what no font has', async () => {
    process.env.MAZHU_CJK_FONT = npmFont;
    const { buildSourceCodeDocument, renderSourceCodePdf, verifyMaterials, readPdfPages } = await import('../src/index');
    const m = buildSourceCodeDocument({ name: '码著示例管理系统', version: 'V1.0', files: files() });
    const pdf = await renderSourceCodePdf(m);
    writeFileSync(path.join(outDir, 'symbols.pdf'), pdf);
    const pages = await readPdfPages(pdf);
    expect(pages.reduce((a, p) => a + p.emptyGlyphs, 0)).toBe(0);
    // The one character no font has is printed as �, once in the comment and once in the string.
    expect(pages.reduce((a, p) => a + p.replacedGlyphs, 0)).toBe(2);
    const latin1 = pdf.toString('latin1');
    for (const family of ['DejaVuSansMono', 'NotoEmoji']) expect(latin1).toContain(family);
    const r = await verifyMaterials({ name: '码著示例管理系统', version: 'V1.0', source: { model: m, pdf } });
    const glyphs = r.items.find((i) => i.code === 'GLYPHS')!;
    expect(glyphs.ok && glyphs.warning).toBe(true);
    expect(glyphs.detail).toMatch(/2 个字符任何字体都没有字形，已印成“�”/);
    expect(glyphs.evidence).toEqual(['src/sign.js:1 U+1D800“\u{1D800}”', 'src/sign.js:2 U+1D800“\u{1D800}”']);
  });

  it('fails a PDF whose characters were drawn as .notdef boxes', async () => {
    process.env.MAZHU_CJK_FONT = npmFont;
    const { createPdf, CJK } = await import('../src/render/pdf-kit');
    const { verifyPdf } = await import('../src/index');
    const { doc, finish } = createPdf('boxes');
    doc.addPage();
    doc.font(CJK).fontSize(12).text('对勾 ✓ 与表情 😀', 80, 120, { lineBreak: false });
    const r = await verifyPdf(await finish(), { label: '文档' });
    const glyphs = r.items.find((i) => i.code === 'GLYPHS')!;
    expect(glyphs.ok).toBe(false);
    expect(glyphs.detail).toBe('第 1 页有 2 个字符没有字形，印出来是空框');
  });
});

describe('free text in the application form', () => {
  it('prints symbols in the values from the symbol fonts, with no empty box', async () => {
    process.env.MAZHU_CJK_FONT = npmFont;
    const { formFromProject, renderApplicationFormPdf, ZProject, readPdfPages } = await import('../src/index');
    const form = formFromProject(ZProject.parse({ name: '码著示例管理系统', version: 'V1.0', mainFunctions: '报表导出 → Excel ✓，统计 ∑ 合计，状态 ★ 标记 😀' }));
    const pdf = await renderApplicationFormPdf(form);
    writeFileSync(path.join(outDir, 'form.pdf'), pdf);
    const pages = await readPdfPages(pdf);
    expect(pages.reduce((a, p) => a + p.emptyGlyphs + p.replacedGlyphs, 0)).toBe(0);
    expect(pages.length).toBeGreaterThan(0);
  });
});
