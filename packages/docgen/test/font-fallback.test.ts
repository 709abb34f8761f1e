import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { codeFile, chineseProject } from './fixtures-code';

// A fresh machine with only Node has no system CJK font: the npm-delivered Noto Sans SC must do.
const require = createRequire(import.meta.url);
const npmFont = require.resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff');

const before = process.env.MAZHU_CJK_FONT;

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
