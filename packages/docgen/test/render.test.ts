import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  analyseCode,
  buildSourceCodeDocument,
  intakeArchive,
  renderSourceCodeDocx,
  renderSourceCodePdf,
  verifyPdf,
  type CodeFile,
  type SourceCodeDocument,
} from '../src/index';
import { CACHE, tarballName } from './global-setup';
import { codeFile, chineseProject, gbk } from './fixtures-code';
import { SOFFICE, docxToPdf } from './helpers';
import { decodeSource } from '../src/intake/decode';

const VERSION = 'V1.0';

async function checkPdf(m: SourceCodeDocument) {
  const pdf = await renderSourceCodePdf(m);
  const r = await verifyPdf(pdf, { label: '源程序', header: m.header, pages: m.pages.length, plannedLines: m.pages.map((p) => p.lines.length), minLinesPerPage: 50 });
  expect(r.items.filter((i) => !i.ok)).toEqual([]);
  return r;
}

async function checkDocx(m: SourceCodeDocument) {
  const docx = await renderSourceCodeDocx(m);
  const pdf = docxToPdf(docx);
  const r = await verifyPdf(pdf, { label: '源程序(DOCX)', header: m.header, pages: m.pages.length, plannedLines: m.pages.map((p) => p.lines.length), minLinesPerPage: 50 });
  expect(r.items.filter((i) => !i.ok)).toEqual([]);
}

const corpora: [string, string, string[]][] = [
  ['lodash@4.17.21', '洛达什工具函数库系统', ['JavaScript']],
  ['node-gyp@10.2.0', '原生模块构建工具软件', ['Python', 'JavaScript']],
  ['nan@2.22.0', '原生抽象接口平台', ['C++']],
  ['bootstrap@5.3.3', '前端界面组件库系统', ['JavaScript', 'CSS']],
];

describe.each(corpora)('real code base %s', (spec, name, langs) => {
  let model: SourceCodeDocument;
  let files: CodeFile[];
  it('is read, analysed and paginated', async () => {
    const r = await intakeArchive(path.join(CACHE, tarballName(spec)), 'tar.gz');
    files = r.files;
    const a = analyseCode(files);
    for (const l of langs) expect(a.languageList).toContain(l);
    expect(a.sourceLines).toBe(files.reduce((s, f) => s + f.lines, 0));
    model = buildSourceCodeDocument({ name, version: VERSION, files });
    expect(model.pages.length).toBe(Math.min(60, model.totalPages));
    if (model.totalPages > 60) {
      const last = model.pages[59].lines.at(-1)!;
      expect(model.files[last.file]).toBe(files.at(-1)!.path);
    }
  });
  it('prints a PDF whose pages, lines, headers and numbers match the plan', async () => {
    await checkPdf(model);
  });
  it.skipIf(!SOFFICE)('prints a DOCX that LibreOffice lays out exactly as planned', async () => {
    await checkDocx(model);
  });
});

describe('Chinese-heavy, GBK and long-line code', () => {
  const files = [
    ...Object.entries(chineseProject(14, 200)).map(([p, t]) => codeFile(p, t)),
    // GBK bytes decoded through intake's decoder
    codeFile('src/legacy/登录.java', decodeSource(gbk('// 用户登录\npublic class 登录服务 {\n  String 提示 = "用户名或密码错误，请重新输入";\n}\n'))!.text, 'Java', 'c'),
    codeFile('src/zz-long.js', `const 超长 = '${'很长的中文字符串，'.repeat(60)}';\nconst ascii = '${'x'.repeat(700)}';\n`),
  ];
  const model = buildSourceCodeDocument({ name: '码著示例管理系统', version: VERSION, files });
  it('wraps by display width so physical pages equal planned pages (PDF)', async () => {
    expect(model.pages.length).toBeGreaterThan(1);
    await checkPdf(model);
  });
  it.skipIf(!SOFFICE)('and in the DOCX through LibreOffice', async () => {
    await checkDocx(model);
  });
  it.skipIf(!SOFFICE)('with 60 lines per page too (PDF and DOCX)', async () => {
    const dense = buildSourceCodeDocument({ name: '码著示例管理系统', version: VERSION, files, linesPerPage: 60 });
    expect(dense.pages[0].lines.filter((l) => l.part === 0)).toHaveLength(60);
    await checkPdf(dense);
    await checkDocx(dense);
  });
  it.skipIf(!SOFFICE)('a very long software name shrinks the header instead of wrapping it', async () => {
    const name = '某某省某某市某某区智慧城市综合治理与公共服务一体化大数据分析及可视化决策支持管理平台';
    const m = buildSourceCodeDocument({ name, version: 'V10.2.3', files: files.slice(0, 3) });
    await checkPdf(m);
    await checkDocx(m);
  });
  it('a tiny project prints all of its pages, unpadded', async () => {
    const tiny = buildSourceCodeDocument({ name: '码著示例管理系统', version: VERSION, files: [files.at(-2)!] });
    expect(tiny.pages).toHaveLength(1);
    expect(tiny.pages[0].lines).toHaveLength(4);
    const r = await checkPdf(tiny);
    expect(r.pages[0].lines).toBe(4);
  });
});
