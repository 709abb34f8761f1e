import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPrototype, closePrototypePool, codeScreensOf, describeScreen, generateAll, intakeDirectory, levelOf, moduleSteps, modulePages, readPdfPages, renderScreens, screenFactsOf, screenOperationSteps, type GeneratedMaterials } from '../src/index';
import { CACHE, tarballName } from './global-setup';

// A real WeChat mini-program nobody here wrote, fetched at test time with `npm pack` and cached in .cache/npm: the
// example app of wux-weapp 3.11.3 (MIT), 90 pages each titled in its own page .json (navigationBarTitleText), their
// .js/.wxml/.wxss, and beside them `dist/` — a copy of the wux-weapp component library whose files open with the
// library author's copyright header: vendored third-party code. When the registry cannot be reached the tests are
// skipped and say why.

const SPEC = 'wux-weapp@3.11.3';

function fetchPack(): { tgz?: string; reason?: string } {
  const tgz = path.join(CACHE, tarballName(SPEC));
  if (existsSync(tgz)) return { tgz };
  try {
    mkdirSync(CACHE, { recursive: true });
    execFileSync('npm', ['pack', SPEC, '--silent'], { cwd: CACHE, stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 });
    return existsSync(tgz) ? { tgz } : { reason: `npm pack ${SPEC} left no tarball` };
  } catch (e) {
    return { reason: `npm pack ${SPEC} failed: ${String((e as { stderr?: Buffer }).stderr ?? e).trim().split('\n').at(-1)}` };
  }
}

const pack = fetchPack();
const tmp = mkdtempSync(path.join(tmpdir(), 'mazhu-mp-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const NOT_PROGRAM = /(^|\/)(tests?|__tests__|dist)\/|\.(test|spec)\.js$|\.min\.js$/;
const LICENCE_LINE = /Licensed under|Released under the|Permission is hereby granted|SPDX-License-Identifier|Copyright (\(c\) )?\d{4}/i;
const filesOn = (g: GeneratedMaterials, from: number, to: number) => [...new Set(g.manifest.pages.slice(from, to).flatMap((p) => p.lines.map((l) => l.file)))];

describe.skipIf(!pack.tgz)(`a WeChat mini-program with titled pages and a vendored component library (${SPEC} example)${pack.reason ? ` — skipped: ${pack.reason}` : ''}`, async () => {
  // Unpacked by the system tar: the app is the package's example/ folder.
  execFileSync('tar', ['xzf', pack.tgz!, '-C', tmp, 'package/example']);
  const root = path.join(tmp, 'package', 'example');
  const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');
  const name = '组件示例小程序系统';
  const r = await intakeDirectory(root);
  const base = { name, version: 'V1.0', files: r.files, meta: r.meta, skipped: r.skipped, audience: 'web' as const, today: '2026-01-01' };
  const g = await generateAll({ ...base, project: { name, version: 'V1.0', modules: [] } });
  const units = g.analysis.structure.units.filter((u) => u.kind === 'page');
  // What the built-in writer records: one module per titled page, named by its title, with the page's evidence.
  const modules = units.map((u) => ({ name: u.label!, evidence: u.evidence.map((e) => `${e.file}${e.symbol ? '#' + e.symbol : ''}`) }));
  const grounded = await generateAll({ ...base, project: { name, version: 'V1.0', modules } });

  it('prints its own pages only: 60 pages of ≥ 50 whole lines from app.js on, the manifest equal to the PDF', async () => {
    for (const doc of [g, grounded]) {
      const m = doc.manifest;
      expect(m.pages[0].lines[0]).toEqual({ file: 'app.js', line: 1 });
      expect(filesOn(doc, 0, 60).filter((f) => NOT_PROGRAM.test(f))).toEqual([]);
      expect(doc.source.pages.flatMap((p) => p.lines.map((l) => l.text)).filter((t) => LICENCE_LINE.test(t))).toEqual([]);
      const pdf = await readPdfPages(doc.sourcePdf);
      expect(pdf.length).toBe(60);
      expect(pdf.map((p) => p.lines)).toEqual(m.pages.map((p) => p.rows));
      const whole = pdf.map((p) => p.lines - p.continued);
      expect(whole).toEqual(m.pages.map((p) => p.lines.length));
      expect(whole.filter((n) => n < 50)).toEqual([]);
      expect(m.pages[59].sourcePage).toBe(m.totalPages);
    }
  });

  it('leaves the vendored component library out of the pages and out of 源程序量, and says so in the report', () => {
    // The copy in dist/ names its author in every header; none of its files is in the program.
    expect(read('dist/index.js')).toMatch(/Copyright 2017-\d{4} skyvow/);
    const distFiles = readdirSync(path.join(root, 'dist'), { recursive: true }).map(String).filter((f) => /\.(js|wxml|wxss|wxs)$/.test(f));
    expect(distFiles.length).toBeGreaterThan(100);
    expect(r.files.filter((f) => f.path.startsWith('dist/'))).toEqual([]);
    expect(r.skipped.find((s) => s.path === 'dist/')?.category).toBeDefined();
    expect(g.report.items.find((i) => i.code === 'SELECTION_CATEGORIES')!.evidence!.join('\n')).toMatch(/dist\//);
    // 源程序量: the lines of the files printed from, counted again from the files on disk.
    const lines = r.files.reduce((a, f) => {
      const t = read(f.path);
      return a + t.split('\n').length - (t.endsWith('\n') ? 1 : 0);
    }, 0);
    expect(g.analysis.sourceLines).toBe(lines);
    expect(g.form.sourceLines).toBe(lines);
  });

  it('never fills the printed pages with style sheets', () => {
    expect(r.files.filter((f) => f.language === 'WXSS').length).toBeGreaterThan(50);
    for (const doc of [g, grounded]) expect(filesOn(doc, 0, 60).filter((f) => f.endsWith('.wxss'))).toEqual([]);
  });

  it('names each page module by the title its own page .json gives it', () => {
    const titled = readdirSync(path.join(root, 'pages'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.json'))
      .map((f) => ({ page: `pages/${f}`.replace(/\.json$/, ''), title: (JSON.parse(read(`pages/${f}`)) as { navigationBarTitleText?: string }).navigationBarTitleText }))
      .filter((p) => p.title);
    expect(titled.length).toBeGreaterThan(80);
    // Every unit names its page by that page's title (typos included: the code's own words, not a folder name).
    for (const u of units) {
      const pageFiles = new Set(u.evidence.map((e) => e.file.replace(/\.\w+$/, '')));
      const own = titled.filter((p) => pageFiles.has(p.page)).map((p) => p.title);
      expect(own).toContain(u.label);
    }
    // And every titled page is some module's page (a page in a folder called layout too), but the home page: the
    // manual's 主界面.
    const home = (JSON.parse(read('app.json')) as { pages: string[] }).pages[0];
    const covered = new Set(units.flatMap((u) => u.evidence.map((e) => e.file.replace(/\.\w+$/, ''))));
    expect(titled.filter((p) => !covered.has(p.page)).map((p) => p.page)).toEqual([home]);
  });

  it('prints the modules’ page code on the first and the last 30 pages, and names the modules it could not fit', () => {
    const moduleFiles = new Set(modules.flatMap((m) => m.evidence.map((e) => e.split('#')[0])));
    expect(filesOn(grounded, 0, 30).slice(1).filter((f) => !moduleFiles.has(f))).toEqual([]);
    expect(filesOn(grounded, 30, 60).filter((f) => !moduleFiles.has(f))).toEqual([]);
    const item = grounded.report.items.find((i) => i.code === 'COVERAGE_PRINTED')!;
    const [, printed, first, last, missing] = /(\d+) 个的代码印在源程序页中（前 30 页有 (\d+) 个，后 30 页有 (\d+) 个）；(\d+) 个的代码不在打印页中/.exec(item.detail)!.map(Number);
    expect(first).toBeGreaterThan(10);
    expect(last).toBeGreaterThan(10);
    expect(printed + missing).toBe(modules.length);
    // Before, the path order printed the first and last pages' worth of modules only.
    const plainModules = modules.filter((m) => m.evidence.some((e) => filesOn(g, 0, 60).includes(e.split('#')[0]))).length;
    expect(printed).toBeGreaterThan(plainModules);
  });

  it('takes each module’s steps and screen from its own page: its buttons and fields, no made-up rows', () => {
    const pages = grounded.analysis.pages!;
    const proto = buildPrototype({ name, version: 'V1.0', hasUi: true, platformId: 'mobile', today: '2026-01-01', modules: modules.map((m) => ({ name: m.name, page: screenFactsOf(modulePages(pages, m.evidence)) })) });
    let withActions = 0;
    modules.forEach((m, i) => {
      const own = modulePages(pages, m.evidence);
      const ownText = own.map((p) => read(p.file)).join('\n');
      // Steps: each cites a line of the module's own page, and every text it quotes is written in that page.
      const steps = moduleSteps(pages, m.evidence);
      for (const s of steps) {
        expect(s.evidence.every((e) => own.some((p) => e.startsWith(`${p.file}:`)))).toBe(true);
        for (const q of s.text.matchAll(/“([^”]+)”/g)) expect(q[1] === m.name || ownText.includes(q[1])).toBe(true);
      }
      if (steps.some((s) => /点击|填写|选择|输入/.test(s.text))) withActions++;
      // Screen: only the page's own labels and buttons; no filler rows such as 商品一, 商品二.
      const screen = proto.screens.find((s) => s.key === `module-${i + 1}`);
      if (!screen) return; // a prototype draws the first 30 modules
      const labels = [...(screen.fields ?? []).map((f) => f.label), ...(screen.buttons ?? []), ...(screen.columns ?? []), ...(screen.tabs ?? [])];
      expect(labels.filter((l) => !ownText.includes(l))).toEqual([]);
      expect((screen.rows ?? []).flat().filter((c) => /^\S*[\u4e00-\u9fff][一二三四五六七八九十]$/.test(c))).toEqual([]);
    });
    // The pages with buttons and forms give steps of their own; the manual prints them.
    expect(withActions).toBeGreaterThan(10);
    const form = modules.findIndex((m) => m.evidence.some((e) => e.startsWith('pages/form/index.wxml')));
    const formSteps = moduleSteps(pages, modules[form].evidence).map((s) => s.text).join('\n');
    expect(formSteps).toMatch(/姓名/);
    const manual = grounded.manual!.pages.flatMap((p) => p.lines.map((l) => (l.kind === 'text' ? l.text : ''))).join('');
    expect(manual.replace(/\s/g, '')).toContain(moduleSteps(pages, modules[form].evidence)[1].text.replace(/\s/g, ''));
  });

  it('draws its prototype from its own pages: no login screen (it has no login), the home page as written, no filler; the report names each prototype figure with its page', async () => {
    const pages = grounded.analysis.pages!;
    const app = JSON.parse(read('app.json')) as { pages: string[]; tabBar: { list: { text: string }[] } };
    const code = codeScreensOf(pages, { units: grounded.analysis.structure.units, routes: grounded.analysis.hints.routes });
    // No page, unit or route of the example signs in (its getPhoneNumber cell is a list demo, not a login).
    expect(code.login).toBeNull();
    const tabs = app.tabBar.list.map((t) => t.text);
    expect(code.tabBar).toEqual(tabs);
    const proto = buildPrototype({ name, version: 'V1.0', hasUi: true, platformId: 'mobile', today: '2026-01-01', modules: modules.map((m) => ({ name: m.name, page: screenFactsOf(modulePages(pages, m.evidence)) })), ...code });
    expect(proto.screens.filter((s) => s.kind === 'login')).toEqual([]);
    const shown = proto.screens.slice(0, 9);
    const rendered = await renderScreens(proto.app, shown, { parallel: false });
    await closePrototypePool();
    const identity = [name, 'V1.0', `${name} V1.0`, '版本 V1.0', ...tabs];
    const FILLER = /^\S*[\u4e00-\u9fff][一二三四五六七八九十]$|示例|测试|商品|防护手套|螺栓|餐饮|办公开支/;
    for (const [i, r] of rendered.entries()) {
      // Nothing but the software's identity, its tab bar and the words its own page writes: no filler row, no trade.
      const own = i === 0 ? read(`${app.pages[0]}.wxml`) + read(`${app.pages[0]}.json`) : modulePages(pages, modules[i - 1].evidence).map((p) => read(p.file) + read(p.file.replace(/\.wxml$/, '.json'))).join('\n');
      expect(r.texts.filter((t) => !identity.includes(t) && !own.includes(t)), r.key).toEqual([]);
      expect(r.texts.filter((t) => !identity.includes(t) && FILLER.test(t)), r.key).toEqual([]);
    }
    // The main screen is the home page: its title and the texts its WXML writes.
    expect(rendered[0]).toMatchObject({ key: 'main', texts: expect.arrayContaining(['Demo', 'Wux Weapp', '一套组件化、可复用、易扩展的微信小程序 UI 组件库']) });

    // The manual with these figures: no 登录 section, no login figure; every prototype in the report with its page.
    const place = (key: string) => (key === 'main' ? ('main' as const) : ('module' as const));
    const screens = rendered.map((r, i) => ({ place: place(r.key), moduleIndex: r.key === 'main' ? undefined : Number(r.key.slice(7)) - 1, data: Uint8Array.from(r.png), source: 'prototype' as const, lead: describeScreen(shown[i], r.texts), steps: screenOperationSteps(shown[i], r.texts) }));
    const withFigures = await generateAll({ ...base, project: { name, version: 'V1.0', modules, screens } });
    const manual = withFigures.manual!;
    expect(manual.outline.chapters.flatMap((c) => [c.title, ...c.sections.map((x) => x.title)]).filter((t) => /登录/.test(t))).toEqual([]);
    expect(manual.figures.map((f) => f.caption).filter((c) => /登录/.test(c))).toEqual([]);
    expect(manual.figures).toHaveLength(rendered.length);
    const item = withFigures.report.items.find((i) => i.code === 'FIGURE_PROTOTYPE')!;
    expect(levelOf(item)).toBe('warning');
    expect(item.detail).toMatch(/文档鉴别材料缺少软件运行截图[\s\S]*全部主要功能对应的真实界面截图/);
    expect(item.detail).toMatch(/mazhu capture[\s\S]*上传截图包[\s\S]*截取屏幕[\s\S]*上传截图/);
    expect(item.evidence).toEqual(manual.figures.map((f) => expect.stringMatching(new RegExp(`^图${f.number} ${f.caption}（操作手册第 ${f.page} 页）：界面原型，请截取软件.+的真实截图`))));
    // Each page the report names is the printed page that carries the figure's caption (the cover has no number).
    const pdf = path.join(tmp, 'mp-manual.pdf');
    writeFileSync(pdf, withFigures.manualPdf!);
    for (const f of manual.figures) expect(execFileSync('pdftotext', ['-f', String(f.page + 1), '-l', String(f.page + 1), pdf, '-'], { encoding: 'utf8' }).replace(/\s/g, ''), `图${f.number}`).toContain(`图${f.number}${f.caption}`.replace(/\s/g, ''));
  }, 300_000);
});
