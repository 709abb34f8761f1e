import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPrototype, closePrototypePool, codeScreensOf, generateAll, intakeArchive, levelOf, modulePages, renderScreens, screenFactsOf, type GeneratedMaterials } from '../src/index';
import { CACHE } from './global-setup';

// Real open-source code bases the engine was not written against, fetched with `npm pack` (test/global-setup.ts):
// qs 6.13.0 (a JavaScript library without a user interface, BSD-3-Clause) and vue-element-admin 3.9.3 (a Vue admin
// front end, MIT, with a vendored TinyMCE); and a Python service fetched with pip (below). Each is checked end to end:
// form, document kind, coverage both ways, no invented module, nothing secret printed, the provenance and version
// warnings, and 源程序量 against an independent count.

const tmp = mkdtempSync(path.join(tmpdir(), 'mazhu-real-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Lines of the included files counted independently: the tarball unpacked by the system `tar`, each file read and split. */
function independentCount(tgz: string, files: string[]): { lines: number } {
  const dir = mkdtempSync(path.join(tmp, 'x-'));
  execFileSync('tar', ['xzf', tgz, '-C', dir]);
  let lines = 0;
  for (const f of files) {
    const t = readFileSync(path.join(dir, 'package', f), 'utf8');
    lines += t.split('\n').length - (t.endsWith('\n') ? 1 : 0);
  }
  return { lines };
}

const allText = (g: GeneratedMaterials) => g.source.pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n');
const manualText = (g: GeneratedMaterials) => g.manual!.pages.flatMap((p) => p.lines.map((l) => (l.kind === 'text' ? l.text : ''))).join('\n');
const item = (g: GeneratedMaterials, code: string) => g.report.items.find((i) => i.code === code);

async function run(spec: string, name: string) {
  const tgz = path.join(CACHE, spec);
  const r = await intakeArchive(readFileSync(tgz), 'tar.gz');
  const g = await generateAll({
    name,
    version: 'V1.0',
    files: r.files,
    meta: r.meta,
    skipped: r.skipped,
    audience: 'web',
    project: { name, version: 'V1.0', modules: [] },
    today: '2026-01-01',
  });
  return { r, g, tgz };
}

describe('a JavaScript library without a user interface (qs 6.13.0)', async () => {
  const { r, g, tgz } = await run('qs-6.13.0.tgz', '查询字符串解析软件');
  // What the built-in writer does: one module per code unit, with the unit's evidence (file#symbol).
  const units = g.analysis.structure.units;
  const grounded = await generateAll({
    name: '查询字符串解析软件',
    version: 'V1.0',
    files: r.files,
    meta: r.meta,
    skipped: r.skipped,
    audience: 'web',
    project: { name: '查询字符串解析软件', version: 'V1.0', modules: units.map((u) => ({ name: u.words.join(' '), description: '', evidence: u.evidence.map((e) => `${e.file}${e.symbol ? '#' + e.symbol : ''}`) })) },
    today: '2026-01-01',
  });

  it('is detected as a library and gets a 设计说明书 with its interface, never a login page', () => {
    expect(g.analysis.form.form).toBe('library');
    expect(grounded.manual!.kind).toBe('设计说明书');
    const text = manualText(grounded);
    expect(text).not.toMatch(/登录|账号和密码/);
    expect(text).toMatch(/对外接口/);
    expect(text).toMatch(/parse\(str, opts\)/);
    expect(text).toMatch(/stringify\(object, opts\)/);
  });

  it('counts coverage both ways and fails a module the code does not have', async () => {
    expect(item(grounded, 'COVERAGE_DOC_TO_CODE')?.ok).toBe(true);
    expect(levelOf(item(grounded, 'COVERAGE_CODE_TO_DOC')!)).toBe('info');
    const invented = await generateAll({
      name: '查询字符串解析软件',
      version: 'V1.0',
      files: r.files,
      meta: r.meta,
      project: { name: '查询字符串解析软件', version: 'V1.0', modules: [{ name: '接口鉴权' }, { name: '运行监控' }] },
      today: '2026-01-01',
    });
    const cov = item(invented, 'COVERAGE_DOC_TO_CODE')!;
    expect(levelOf(cov)).toBe('error');
    expect(cov.detail).toMatch(/接口鉴权、运行监控/);
    expect(levelOf(item(invented, 'COVERAGE_CODE_TO_DOC')!)).toBe('warning');
  });

  it('warns about third-party code and the version in package.json, and never shows a warning as passed', () => {
    const third = item(g, 'THIRD_PARTY_CODE')!;
    // Only the copyright holder may register: someone else's code is 未通过 until the user declares or removes it.
    expect(levelOf(third)).toBe('error');
    expect(third.detail).toMatch(/只有软件的著作权人.*才能申请登记/);
    expect(third.evidence!.join()).toMatch(/LICENSE/);
    const v = item(g, 'VERSION_IN_CODE')!;
    expect(levelOf(v)).toBe('warning');
    expect(v.detail).toMatch(/package\.json:\d+ 为 6\.13\.0/);
    for (const i of g.report.items) if (i.warning) expect(i.ok && levelOf(i)).toBe('warning');
  });

  it('has 源程序量 and 编程语言 equal to an independent count of the files included', () => {
    expect(g.analysis.languageList).toEqual(['JavaScript']);
    expect(g.analysis.sourceLines).toBe(independentCount(tgz, r.files.map((f) => f.path)).lines);
    expect(g.form.sourceLines).toBe(g.analysis.sourceLines);
    expect(r.files.some((f) => f.path.startsWith('dist/'))).toBe(false);
  });
});

describe('a Vue admin front end (vue-element-admin 3.9.3)', async () => {
  const { r, g, tgz } = await run('vue-element-admin-3.9.3.tgz', '自动化测试管理平台');
  const units = g.analysis.structure.units;

  it('is detected as a web admin with a user interface and gets an 操作手册', () => {
    expect(g.analysis.form.form).toBe('web-admin');
    expect(g.manual!.kind).toBe('操作手册');
    expect(units.filter((u) => u.kind === 'page').length).toBeGreaterThanOrEqual(2);
  });

  it('lists CSS and HTML written inside .vue files under 编程语言, and counts lines independently', () => {
    for (const l of ['Vue', 'JavaScript', 'CSS', 'HTML']) expect(g.analysis.languageList).toContain(l);
    expect(g.analysis.sourceLines).toBe(independentCount(tgz, r.files.map((f) => f.path)).lines);
  });

  it('leaves the vendored TinyMCE out and names the public project it comes from', () => {
    expect(r.files.some((f) => f.path.includes('tinymce'))).toBe(false);
    expect(r.skipped.some((s) => s.path === 'static/tinymce4.7.5/' && /第三方库目录/.test(s.reason))).toBe(true);
    const third = item(g, 'THIRD_PARTY_CODE')!;
    expect(third.detail).toMatch(/vue-element-admin/);
    expect(levelOf(item(g, 'VERSION_IN_CODE')!)).toBe('warning');
  });

  it('prints no loopback or private address, password or hash', () => {
    const printed = allText(g);
    expect(printed).not.toMatch(/\b127\.0\.0\.1\b|\b192\.168\.\d+\.\d+|\b10\.\d+\.\d+\.\d+\b/);
    expect(printed).not.toMatch(/\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}/);
    expect(printed).not.toMatch(/password\s*[:=]\s*['"][^'"*]{3,}['"]/i);
  });

  it('has no login page, so neither its prototype nor its manual shows a login; its screens show its own pages, no filler', async () => {
    // This packed version keeps the translations of a login form (src/lang/zh.js: 系统登录, 账号, 密码) but no login
    // view, route or store action: the router's "/" leads to the automation-usage dashboard.
    expect(r.files.find((f) => f.path === 'src/lang/zh.js')!.text).toMatch(/title: '系统登录'[\s\S]*password: '密码'/);
    expect(r.files.filter((f) => /login/i.test(f.path) || (/\.vue$/.test(f.path) && /loginForm|handleLogin/.test(f.text)))).toEqual([]);
    const pages = g.analysis.pages!;
    const code = codeScreensOf(pages, { units, routes: g.analysis.hints.routes });
    expect(code.login).toBeNull();
    const modules = units.filter((u) => u.kind === 'page').map((u) => ({ name: u.label ?? u.words.join(' '), page: screenFactsOf(modulePages(pages, u.evidence.map((e) => e.file))) }));
    const proto = buildPrototype({ name: '自动化测试管理平台', version: 'V1.0', hasUi: true, platformId: 'web-admin', today: '2026-01-01', modules, ...code });
    expect(proto.screens.map((s) => s.key)).toEqual(['main', ...modules.map((_, i) => `module-${i + 1}`)]);
    const rendered = await renderScreens(proto.app, proto.screens, { parallel: false });
    await closePrototypePool();
    // Each screen: the name and version, the menu of its own modules, and the words of its own page; nobody signed in.
    const frame = ['自动化测试管理平台 V1.0', '首页', ...modules.flatMap((m) => [m.name, `${m.name}列表`]), '‹', '›', '1', /^共 \d+ 条$/];
    rendered.forEach((s, i) => {
      const own = i === 0 ? '' : modulePages(pages, units.filter((u) => u.kind === 'page')[i - 1].evidence.map((e) => e.file)).map((p) => r.files.find((f) => f.path === p.file)!.text).join('\n');
      expect(s.texts.filter((t) => !frame.some((x) => (typeof x === 'string' ? x === t : x.test(t))) && !own.includes(t)), s.key).toEqual([]);
      expect(s.texts.filter((t) => /^\S*[\u4e00-\u9fff][一二三四五六七八九十]$|示例|测试数据|管理员|账号|密码/.test(t)), s.key).toEqual([]);
    });
    // The manual says nothing of a login: no 登录 section, and the chapter is 安装与使用.
    const titles = g.manual!.outline.chapters.flatMap((c) => [c.title, ...c.sections.map((x) => x.title)]);
    expect(titles).toContain('安装与使用');
    expect(titles.filter((t) => /登录/.test(t))).toEqual([]);
    expect(manualText(g)).not.toMatch(/登录/);
  });
});

// A Python service: jupyter_server 2.21.1 (Tornado handlers, BSD-3-Clause), fetched with pip from the configured
// package index at test time. CI without pip or without that index skips it and says why.
const PY_SPEC = 'jupyter_server==2.21.1';
const PY_CACHE = path.join(CACHE, '..', 'pypi');
function fetchWheel(): { wheel?: string; reason?: string } {
  const found = () => (existsSync(PY_CACHE) ? readdirSync(PY_CACHE).find((f) => /^jupyter_server-2\.21\.1-.*\.whl$/.test(f)) : undefined);
  if (!found()) {
    mkdirSync(PY_CACHE, { recursive: true });
    try {
      execFileSync('pip', ['download', PY_SPEC, '--no-deps', '--only-binary', ':all:', '--retries', '0', '--timeout', '10', '-q', '-d', PY_CACHE], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 });
    } catch (e) {
      const err = e as { code?: string; stderr?: Buffer };
      return { reason: err.code === 'ENOENT' ? 'pip is not installed' : `pip could not download ${PY_SPEC}: ${String(err.stderr ?? e).trim().split('\n').at(-1)}` };
    }
  }
  const w = found();
  return w ? { wheel: path.join(PY_CACHE, w) } : { reason: `pip did not leave a wheel of ${PY_SPEC}` };
}
const py = fetchWheel();
if (py.reason) console.warn(`[real-code] Python service test skipped: ${py.reason}`);

describe.skipIf(!py.wheel)(`a Python service (${PY_SPEC})${py.reason ? ` — skipped: ${py.reason}` : ''}`, async () => {
  const name = '交互计算服务软件';
  const r = await intakeArchive(readFileSync(py.wheel!), 'zip');
  const base = { name, version: 'V1.0', files: r.files, meta: r.meta, skipped: r.skipped, audience: 'web' as const, today: '2026-01-01' };
  const g = await generateAll({ ...base, project: { name, version: 'V1.0', modules: [] } });
  const units = g.analysis.structure.units;
  // The modules the built-in writer records: one per code unit, with the unit's evidence (file#symbol).
  const grounded = await generateAll({
    ...base,
    project: { name, version: 'V1.0', modules: units.map((u) => ({ name: u.label ?? u.words.join(' '), description: '', evidence: u.evidence.map((e) => `${e.file}${e.symbol ? '#' + e.symbol : ''}`) })) },
  });
  // The wheel unpacked by Python's own zipfile module, read file by file.
  const dir = mkdtempSync(path.join(tmp, 'py-'));
  execFileSync('python3', ['-m', 'zipfile', '-e', py.wheel!, dir]);
  const handlerFiles = r.files.map((f) => f.path).filter((p) => /^\s*default_handlers\s*=\s*\[/m.test(readFileSync(path.join(dir, p), 'utf8')));

  it('is detected as a service and gets a 设计说明书 with its endpoints, never a login page', () => {
    expect(g.analysis.form.form).toBe('service');
    expect(grounded.manual!.kind).toBe('设计说明书');
    expect(grounded.form.documentKind).toBe('设计说明书');
    const text = manualText(grounded);
    expect(text).not.toMatch(/登录界面|账号和密码|输入账号/);
    expect(text).toMatch(/GET \/api\/kernels → MainKernelHandler\.get\(self\)/);
    expect(text).toMatch(/\/api\/kernels\/\{kernel_id\}/);
  });

  it('has a module for every handler table of the code, and counts coverage both ways', async () => {
    expect(handlerFiles.length).toBeGreaterThanOrEqual(10);
    const unitFiles = new Set(units.flatMap((u) => u.evidence.map((e) => e.file)));
    expect(handlerFiles.filter((f) => !unitFiles.has(f))).toEqual([]);
    for (const w of ['contents', 'kernels', 'sessions', 'kernelspecs', 'config', 'events', 'nbconvert']) expect(units.map((u) => u.words.join(' '))).toContain(w);
    expect(item(grounded, 'COVERAGE_DOC_TO_CODE')?.ok).toBe(true);
    expect(levelOf(item(grounded, 'COVERAGE_CODE_TO_DOC')!)).toBe('info');
    const invented = await generateAll({ ...base, project: { name, version: 'V1.0', modules: [{ name: '用户管理' }, { name: '报表统计' }] } });
    const cov = item(invented, 'COVERAGE_DOC_TO_CODE')!;
    expect(levelOf(cov)).toBe('error');
    expect(cov.detail).toMatch(/用户管理、报表统计/);
    expect(levelOf(item(invented, 'COVERAGE_CODE_TO_DOC')!)).toBe('warning');
  });

  it('prints no password, hash or loopback address, and lists each place it masked', () => {
    const printed = allText(g);
    expect(printed).not.toMatch(/\b127\.0\.0\.1\b|\b192\.168\.\d+\.\d+|\b10\.\d+\.\d+\.\d+\b|::1\b/);
    expect(printed).not.toMatch(/\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}|\$argon2/);
    const ip = item(g, 'SCRUBBED_IP');
    expect(ip?.evidence?.some((e) => e.startsWith('jupyter_server/serverapp.py:'))).toBe(true);
  });

  it('warns that it is third-party code, names the removed attributions, and warns about the version', () => {
    const third = item(g, 'THIRD_PARTY_CODE')!;
    // Only the copyright holder may register: someone else's code is 未通过 until the user declares or removes it.
    expect(levelOf(third)).toBe('error');
    expect(third.evidence!.join()).toMatch(/许可证文件的版权人“IPython Development Team”：[^，]*LICENSE/);
    const removed = item(g, 'ATTRIBUTION_REMOVED')!;
    expect(levelOf(removed)).toBe('warning');
    expect(removed.detail).toMatch(/Jupyter Development Team/);
    // "`@authorized` decorator" is not an @author line
    expect(removed.evidence!.join()).not.toMatch(/decorator\.py:85|ized/);
    const v = item(g, 'VERSION_IN_CODE')!;
    expect(levelOf(v)).toBe('warning');
    expect(v.detail).toMatch(/jupyter_server\/_version\.py:\d+ 为 2\.21\.1/);
  });

  it('has 源程序量 and 编程语言 equal to an independent count of the files included', () => {
    let lines = 0;
    const langs = new Set<string>();
    const byExt: Record<string, string> = { py: 'Python', html: 'HTML', css: 'CSS', js: 'JavaScript' };
    for (const f of r.files) {
      const t = readFileSync(path.join(dir, f.path), 'utf8');
      lines += t.split('\n').length - (t.endsWith('\n') ? 1 : 0);
      langs.add(byExt[f.path.slice(f.path.lastIndexOf('.') + 1)] ?? f.path);
    }
    expect(g.analysis.sourceLines).toBe(lines);
    expect(g.form.sourceLines).toBe(lines);
    expect([...g.analysis.languageList].sort()).toEqual([...langs].sort());
  });
});
