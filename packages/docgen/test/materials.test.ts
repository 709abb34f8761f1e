import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildManual,
  checkApplicationForm,
  formFromProject,
  generateAll,
  isValidCreditCode,
  manualExemptPages,
  manualPlannedLines,
  renderManualDocx,
  renderManualPdf,
  verifyPdf,
  ZProject,
  type ApplicationForm,
} from '../src/index';
import { main } from '../src/cli';
import { codeFile, chineseProject } from './fixtures-code';
import { SOFFICE, docxToPdf, png } from './helpers';

const project = JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/project.json'), 'utf8'));
const TODAY = '2026-11-21';

describe('application form rules', () => {
  const base = (): ApplicationForm => formFromProject(ZProject.parse(project), undefined, { code: 60, document: 20 });
  it('accepts a complete form', () => {
    const f = { ...base(), sourceLines: 1200 };
    expect(checkApplicationForm(f, undefined, TODAY).filter((i) => i.level === 'error')).toEqual([]);
  });
  it('reports each broken rule in Chinese', () => {
    const f: ApplicationForm = {
      ...base(),
      fullName: '码著工具',
      version: 'V1.0 Beta',
      mainFunctions: '太短了',
      techTags: ['云计算', '大数据', '人工智能', '5G'],
      techFeatures: '特'.repeat(101),
      devOs: '系'.repeat(51),
      languages: 'JavaScript',
      purpose: '码著工具',
      completionDate: '2026-13-01',
      publishStatus: '已发表',
      nature: '修改',
      owners: [{ name: '张三', nationality: '中国', category: '自然人', idType: '居民身份证', idNumber: '110105194912310021' }],
      sourceLines: 10,
    };
    const issues = checkApplicationForm(f, { languageList: ['JavaScript', 'HTML', 'CSS'], languages: 'JavaScript、HTML、CSS', sourceLines: 99 } as never, TODAY);
    const fields = issues.filter((i) => i.level === 'error').map((i) => i.field);
    for (const k of ['fullName', 'version', 'mainFunctions', 'techTags', 'techFeatures', 'devOs', 'languages', 'purpose', 'completionDate', 'publishDate', 'originalRegistrationNo', 'owners[0]', 'sourceLines']) {
      expect(fields).toContain(k);
    }
    expect(issues.find((i) => i.field === 'mainFunctions')!.message).toMatch(/500–1300/);
    expect(issues.find((i) => i.field === 'languages')!.message).toMatch(/HTML、CSS/);
  });
  it('checks date order and identity numbers', () => {
    const f = { ...base(), publishStatus: '已发表' as const, publishDate: '2026-01-01', publishCountry: '中国', publishCity: '杭州' };
    expect(checkApplicationForm(f, undefined, TODAY).map((i) => i.message).join()).toMatch(/首次发表日期不能早于开发完成日期/);
    expect(isValidCreditCode(project.owners[0].idNumber)).toBe(true);
    expect(isValidCreditCode('91330106MA2CFY3K8A')).toBe(false);
  });
});

describe('operation manual', () => {
  const withImages = {
    ...project,
    modules: project.modules.map((m: object, i: number) => ({ ...m, images: i % 2 === 0 ? [{ data: png(900, 560).toString('base64'), caption: '界面截图' }] : [] })),
  };
  it('has cover, contents, every chapter and module, ≥ 30 lines per text page, numbers from the contents', async () => {
    const m = buildManual(withImages);
    expect(m.pages[0].kind).toBe('cover');
    expect(m.pages[1].kind).toBe('toc');
    expect(m.pages[1].number).toBe(1);
    const titles = m.toc.map((t) => t.title);
    // No login in the project or its figures: the chapter does not promise one.
    for (const t of ['第1章 概述', '第2章 运行环境', '第3章 安装与使用', '第4章 功能模块', ...project.modules.map((x: { name: string }, i: number) => `4.${i + 1} ${x.name}`)]) {
      expect(titles).toContain(t);
    }
    expect(m.kind).toBe('操作手册');
    // Nothing the project does not say: no invented login steps and no invented FAQ.
    const text = m.pages.flatMap((p) => p.lines.map((l) => (l.kind === 'text' ? l.text : ''))).join('\n');
    expect(text).not.toMatch(/管理员分配的账号|第\d章 常见问题|登录方法/);
    expect(m.warnings.join()).toMatch(/未写登录步骤/);
    expect(m.warnings.join()).not.toMatch(/没有写明操作/);
    const pdf = await renderManualPdf(m);
    const exp = { label: '操作手册', header: m.header, pages: m.pages.length, numberedFrom: 2, minLinesPerPage: 30, exemptPages: manualExemptPages(m), plannedLines: manualPlannedLines(m), detectImages: true };
    const r = await verifyPdf(pdf, exp);
    expect(r.items.filter((i) => !i.ok)).toEqual([]);
    expect(r.pages.some((p) => p.hasImage)).toBe(true);
    // Table-of-contents page numbers point at the pages where the chapters are printed.
    for (const e of m.toc) expect(m.pages.find((p) => p.number === e.page)!.lines.some((l) => l.kind === 'text' && l.text === e.title)).toBe(true);
    if (SOFFICE) {
      const lo = await verifyPdf(docxToPdf(await renderManualDocx(m)), { ...exp, label: '操作手册(DOCX)' });
      expect(lo.items.filter((i) => !i.ok)).toEqual([]);
    }
  });

  it('names the modules that have no operations instead of writing steps for them', () => {
    const bare = { ...project, modules: [{ ...project.modules[0], operations: [] }, ...project.modules.slice(1)] };
    const m = buildManual(bare);
    const w = m.warnings.find((x) => x.includes('没有写明操作'));
    expect(w).toContain(project.modules[0].name);
    for (const x of project.modules.slice(1)) expect(w).not.toContain(`、${x.name}`);
  });
});

describe('long manuals', () => {
  const bigModules = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      name: `业务模块${i + 1}`,
      description: `业务模块${i + 1}用于管理第${i + 1}类业务数据，支持新增、编辑、删除、查询、导入和导出，并记录每一次操作的时间和操作人，便于审计和追溯。`.repeat(2),
      operations: Array.from({ length: 6 }, (_, k) => `第${k + 1}步：在“业务模块${i + 1}”页面中点击相应按钮，按提示填写表单后保存，系统校验通过后刷新列表。`),
    }));
  it('a manual with a two-page table of contents keeps every page exact (PDF and DOCX)', async () => {
    const m = buildManual({ ...project, modules: bigModules(45) });
    expect(m.pages.filter((p) => p.kind === 'toc').length).toBe(2);
    expect(m.selection).toBe('all');
    const exp = { label: '操作手册', header: m.header, pages: m.pages.length, numberedFrom: 2, minLinesPerPage: 30, exemptPages: manualExemptPages(m), plannedLines: manualPlannedLines(m) };
    const r = await verifyPdf(await renderManualPdf(m), exp);
    expect(r.items.filter((i) => !i.ok)).toEqual([]);
    if (SOFFICE) {
      const lo = await verifyPdf(docxToPdf(await renderManualDocx(m)), { ...exp, label: '操作手册(DOCX)' });
      expect(lo.items.filter((i) => !i.ok)).toEqual([]);
    }
  });
  it('over 60 pages: the first 30 and the last 30, numbered 1–60, without the cover', async () => {
    const m = buildManual({ ...project, modules: bigModules(160) });
    expect(m.totalPages).toBeGreaterThan(60);
    expect(m.selection).toBe('first-and-last-30');
    expect(m.pages).toHaveLength(60);
    expect(m.pages.map((p) => p.number)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const r = await verifyPdf(await renderManualPdf(m), { label: '操作手册', header: m.header, pages: 60, minLinesPerPage: 30, exemptPages: manualExemptPages(m), plannedLines: manualPlannedLines(m) });
    expect(r.items.filter((i) => !i.ok)).toEqual([]);
  });
});

describe('generateAll and the CLI', () => {
  const files = Object.entries(chineseProject(6, 120)).map(([p, t]) => codeFile(p, t));
  it('produces every material and a passing report for consistent data', async () => {
    const modules = ['用户', '订单', '商品'].map((w) => ({ name: `${w}管理`, description: `维护${w}信息。`, operations: [`查询${w}列表`] }));
    const res = await generateAll({ name: project.name, version: 'V1.0', files, project: { ...project, modules, softwareForm: 'web-admin', loginSteps: ['打开系统首页', '输入账号和密码后点击登录'] }, today: TODAY });
    expect(res.report.items.filter((i) => !i.ok)).toEqual([]);
    expect(res.report.items.find((i) => i.code === 'COVERAGE_DOC_TO_CODE')?.detail).toMatch(/3 个模块都在代码中找到/);
    expect(res.report.ok).toBe(true);
    expect(res.form.languages).toBe('JavaScript');
    expect(res.form.sourceLines).toBe(files.reduce((s, f) => s + f.lines, 0));
    for (const b of [res.sourcePdf, res.manualPdf!, res.formPdf]) expect(b.subarray(0, 5).toString()).toBe('%PDF-');
    for (const b of [res.sourceDocx, res.manualDocx!, res.formDocx]) expect(b.subarray(0, 2).toString()).toBe('PK');
  });
  it('fails the check when the document claims modules the code does not have', async () => {
    const res = await generateAll({ name: project.name, version: 'V1.0', files, project: { ...project, softwareForm: 'web-admin' }, today: TODAY });
    const cov = res.report.items.find((i) => i.code === 'COVERAGE_DOC_TO_CODE')!;
    expect(cov.ok).toBe(false);
    expect(cov.detail).toMatch(/积分充值/);
    expect(res.report.ok).toBe(false);
  });
  it('rejects a project whose name differs from --name', async () => {
    await expect(generateAll({ name: '别的管理系统', version: 'V1.0', files, project })).rejects.toThrow(/不一致/);
  });

  const run = async (...args: string[]) => {
    const errs: string[] = [];
    const logs: string[] = [];
    const e = console.error;
    const l = console.log;
    console.error = (m: string) => errs.push(m);
    console.log = (m: string) => logs.push(m);
    try {
      return { code: await main(args), err: errs.join('\n'), out: logs.join('\n') };
    } finally {
      console.error = e;
      console.log = l;
    }
  };
  it('exits non-zero with a clear Chinese message on bad input', async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'mazhu-cli-'));
    const emptyDir = path.join(tmp, 'empty');
    mkdirSync(emptyDir);
    writeFileSync(path.join(tmp, 'a.rar'), 'x');
    const cases: [string[], RegExp][] = [
      [['generate', path.join(tmp, 'missing'), '--name', '某某管理系统', '--version', 'V1.0', '--out', tmp], /找不到/],
      [['generate', emptyDir, '--name', '某某管理系统', '--version', 'V1.0', '--out', tmp], /没有可识别的源代码/],
      [['generate', path.join(tmp, 'a.rar'), '--name', '某某管理系统', '--version', 'V1.0', '--out', tmp], /不支持/],
      [['generate', emptyDir, '--name', '某某工具', '--version', 'V1.0', '--out', tmp], /软件全称须以/],
      [['generate', emptyDir, '--name', '某某管理系统', '--version', '第一版', '--out', tmp], /版本号格式/],
    ];
    for (const [args, msg] of cases) {
      const r = await run(...args);
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(msg);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
    rmSync(tmp, { recursive: true, force: true });
  });
  it('writes every output for a directory with project data', async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'mazhu-cli-'));
    const src = path.join(tmp, 'src');
    for (const [p, t] of Object.entries(chineseProject(4, 80))) {
      mkdirSync(path.dirname(path.join(src, p)), { recursive: true });
      writeFileSync(path.join(src, p), t);
    }
    writeFileSync(path.join(tmp, 'project.json'), JSON.stringify(project));
    const out = path.join(tmp, 'out');
    const r = await run('generate', src, '--name', project.name, '--version', 'V1.0', '--out', out, '--project', path.join(tmp, 'project.json'), '--form', 'web-admin');
    expect(r.code).toBe(0);
    for (const f of ['源程序.pdf', '源程序.docx', '操作手册.pdf', '操作手册.docx', '申请表.pdf', '申请表.docx', '申请表.json', 'manifest.json', 'report.json', '检查报告.txt', '检查报告.json', '源程序清单.txt']) {
      expect(existsSync(path.join(out, f))).toBe(true);
    }
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest.pages[0].lines[0].file).toBe('src/main.js');
    const v = await run('verify', path.join(out, '源程序.pdf'), '--name', project.name, '--version', 'V1.0');
    expect(v.code).toBe(0);
    expect(v.out).toMatch(/全部 \d+ 项通过/);
    const bad = await run('verify', path.join(out, '源程序.pdf'), '--name', '别的管理系统', '--version', 'V1.0');
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/页眉.*不一致/);
    rmSync(tmp, { recursive: true, force: true });
  });
});
