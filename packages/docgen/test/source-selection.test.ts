import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateAll, intakeDirectory, readPdfPages, type GeneratedMaterials, type IntakeResult } from '../src/index';
import { CACHE as NPM_CACHE, tarballName } from './global-setup';

// Real code bases the engine was not written against, fetched at test time with `apt-get download` (Debian packages
// that ship source) and cached under the system temporary folder: a Django site app with ORM migrations and tests
// (django-cas-server 2.0.0) and a Go command-line library whose every file opens with an Apache licence header naming
// "The Cobra Authors" (cobra 1.6.1, with *_test.go files). Debian's packages leave out the projects' CI files, so CI
// and build files are checked on the real trees' names in test/intake-filters.test.ts instead.

const CACHE = path.join(tmpdir(), 'mazhu-debs');

/** The package unpacked (dpkg-deb -x) under CACHE, or a reason why it could not be fetched. */
function debTree(pkg: string, version: string): { dir?: string; reason?: string } {
  const dir = path.join(CACHE, `${pkg}_${version}`);
  if (existsSync(path.join(dir, '.done'))) return { dir };
  try {
    mkdirSync(dir, { recursive: true });
    execFileSync('apt-get', ['download', `${pkg}=${version}`], { cwd: CACHE, stdio: 'ignore', timeout: 60_000 });
    const deb = path.join(CACHE, `${pkg}_${version.replace(/^\d+:/, '')}_all.deb`);
    execFileSync('dpkg-deb', ['-x', deb, dir]);
    execFileSync('touch', [path.join(dir, '.done')]);
    return { dir };
  } catch (e) {
    return { reason: `无法下载 ${pkg}=${version}：${(e as Error).message.split('\n')[0]}` };
  }
}

const NOT_PROGRAM = /_test\.go$|(^|\/)tests?\/|(^|\/)migrations\/|(^|\/)test_[^/]*\.py$|(^|\/)tests?\.py$|(^|\/)\.github\/|(^|\/)(Makefile|Dockerfile|Jenkinsfile)$|\.(sh|bat)$|\.min\.js$/;
const LICENCE_LINE = /Licensed under the|Permission is hereby granted|GNU (Lesser |Affero )?General Public License|Redistribution and use in source|SPDX-License-Identifier|Copyright (\(c\) )?\d{4}|WITHOUT WARRANTIES OR CONDITIONS/i;
const SECRET_KINDS = new Set(['private-key', 'api-key', 'password', 'hash', 'ip', 'phone', 'id-number', 'email', 'author']);
const PRIVATE_IP = /\b(127\.\d+|10\.\d+|192\.168|169\.254|172\.(1[6-9]|2\d|3[01]))\.\d+(\.\d+)?\b/;

/** What every source-code document must satisfy, read back from its PDF. */
async function checkDocument(g: GeneratedMaterials, r: IntakeResult, root: string) {
  const m = g.manifest;
  const printedFiles = new Set(m.pages.flatMap((p) => p.lines.map((l) => l.file)));
  // No test, migration, CI/build or vendored file printed, and none counted in 源程序量.
  expect([...printedFiles].filter((f) => NOT_PROGRAM.test(f))).toEqual([]);
  expect(r.files.filter((f) => NOT_PROGRAM.test(f.path)).map((f) => f.path)).toEqual([]);
  expect(g.analysis.sourceLines).toBe(r.files.reduce((a, f) => a + f.lines, 0));
  // No licence boilerplate printed.
  const rows = g.source.pages.flatMap((p) => p.lines.map((l) => l.text));
  expect(rows.filter((t) => LICENCE_LINE.test(t))).toEqual([]);
  // Page 1 opens at the entry point, its first line.
  expect(m.pages[0].lines[0]).toEqual({ file: r.files[0].path, line: expect.any(Number) });
  // The PDF read back: pages, rows, whole lines (≥ 50 on every page but the last of a document under 60 pages).
  const pdf = await readPdfPages(g.sourcePdf);
  expect(pdf.length).toBe(m.printedPages);
  const whole = pdf.map((p) => p.lines - p.continued);
  expect(pdf.map((p) => p.lines)).toEqual(m.pages.map((p) => p.rows));
  expect(whole).toEqual(m.pages.map((p) => p.lines.length));
  expect(whole.reduce((a, n) => a + n, 0)).toBe(m.printedLines);
  const mustBeFull = m.printedPages === 60 ? whole : whole.slice(0, -1);
  expect(mustBeFull.filter((n) => n < 50)).toEqual([]);
  if (m.totalPages > 60) expect(m.pages[59].sourcePage).toBe(m.totalPages);
  else expect(m.totalPages).toBe(m.printedPages);
  // At least 99 % of the lines fit one row (or the smallest legible size is used).
  expect(m.wrappedLines <= m.totalPrintedLines * 0.01 || m.fontSize === 7).toBe(true);
  // Masks only of secret kinds; a masked address was a private or loopback one.
  for (const f of g.source.scrub.findings) {
    expect(SECRET_KINDS.has(f.kind)).toBe(true);
    if (f.kind === 'ip') expect(readFileSync(path.join(root, f.file), 'utf8').split('\n')[f.line - 1]).toMatch(PRIVATE_IP);
  }
}

const cas = debTree('python3-django-cas-server', '2.0.0-2');
describe.skipIf(!cas.dir)(`a Django site app (django-cas-server 2.0.0)${cas.reason ? `：${cas.reason}` : ''}`, () => {
  const root = path.join(cas.dir ?? '', 'usr/lib/python3/dist-packages/cas_server');
  it('prints its own program only: no tests, no migrations, 50 whole lines a page, the manifest equal to the PDF', async () => {
    const r = await intakeDirectory(root);
    const g = await generateAll({ name: '统一身份认证服务系统', version: 'V1.0', files: r.files, meta: r.meta, skipped: r.skipped });
    await checkDocument(g, r, root);
    const cats = (c: string) => r.skipped.filter((s) => s.category === c).map((s) => s.path);
    expect(cats('test')).toContain('tests/test_view.py');
    expect(cats('generated').some((p) => p.startsWith('migrations/'))).toBe(true);
    // The report counts what was left out, by category.
    const left = g.report.items.find((i) => i.code === 'SELECTION_CATEGORIES')!;
    expect(left.detail).toMatch(/测试代码 \d+ 个，自动生成的代码 \d+ 个/);
    // Page 1 opens at the site's URL configuration (a Django app's entry), not at a template or settings.
    expect(g.manifest.pages[0].lines[0].file).toBe('urls.py');
  }, 120_000);
});

const cobra = debTree('golang-github-spf13-cobra-dev', '1.6.1-1');
describe.skipIf(!cobra.dir)(`a Go command-line library with licence headers (cobra 1.6.1)${cobra.reason ? `：${cobra.reason}` : ''}`, () => {
  const root = path.join(cobra.dir ?? '', 'usr/share/gocode/src/github.com/spf13/cobra');
  it('leaves out *_test.go, removes every Apache header whole and lists it with its holder', async () => {
    const r = await intakeDirectory(root);
    const g = await generateAll({ name: '命令行框架管理系统', version: 'V1.0', files: r.files, meta: r.meta, skipped: r.skipped });
    await checkDocument(g, r, root);
    expect(r.skipped.filter((s) => s.path.endsWith('_test.go')).every((s) => s.category === 'test')).toBe(true);
    expect(r.skipped.filter((s) => s.category === 'test').length).toBeGreaterThan(10);
    // One header per file, 13 lines each, all naming The Cobra Authors, under the Apache licence.
    const withHeader = r.files.filter((f) => f.text.startsWith('// Copyright 2013-2022 The Cobra Authors'));
    expect(withHeader.length).toBeGreaterThan(10);
    expect(g.source.licences.filter((b) => b.from === 1).map((b) => b.file).sort()).toEqual(withHeader.map((f) => f.path).sort());
    expect(g.source.licences.every((b) => b.licence === 'Apache-2.0' && b.holder === 'The Cobra Authors')).toBe(true);
    const item = g.report.items.find((i) => i.code === 'LICENCE_BLOCKS')!;
    expect(item.detail).toMatch(/署名：The Cobra Authors/);
    expect(item.evidence![0]).toMatch(/^[\w/]+\.go:1–13 Apache-2\.0，署名“The Cobra Authors”$/);
  }, 120_000);
});

// A Go command-line tool on the standard library's flag package that is also a library: age 1.1.1 (cmd/age,
// cmd/age-keygen, the age package), with *_test.go files and the licence line of "The age Authors" on every file.
const age = debTree('golang-filippo-age-dev', '1.1.1-1');
describe.skipIf(!age.dir)(`a Go command-line tool on the flag package (age 1.1.1)${age.reason ? `：${age.reason}` : ''}`, () => {
  const root = path.join(age.dir ?? '', 'usr/share/gocode/src/filippo.io/age');
  it('is a command-line tool whose 使用说明 lists its flags as commands and parameters, and its functions apart', async () => {
    const r = await intakeDirectory(root);
    const name = '文件加密工具软件';
    const g = await generateAll({ name, version: 'V1.0', files: r.files, meta: r.meta, skipped: r.skipped, audience: 'web', project: { name, version: 'V1.0', modules: [] }, today: '2026-01-01' });
    await checkDocument(g, r, root);
    expect(g.analysis.form?.form).toBe('cli');
    expect(g.manual!.kind).toBe('使用说明');
    const body = g.manual!.pages.filter((p) => p.kind === 'text').flatMap((p) => p.lines.map((l) => (l.kind === 'text' ? l.text : '')));
    const chapter = (title: string) => {
      const at = body.findIndex((l) => new RegExp(`^第\\d+章 ${title}$`).test(l));
      const end = body.findIndex((l, i) => i > at && /^第\d+章 /.test(l));
      return at < 0 ? '' : body.slice(at, end < 0 ? undefined : end).join('\n');
    };
    const commands = chapter('命令与参数');
    // The flags cmd/age/age.go defines with flag.BoolVar / flag.StringVar / flag.Var, each with its usage text.
    for (const flag of ['-decrypt', '-encrypt', '-passphrase', '-recipient', '-identity', '-armor']) expect(commands).toContain(flag);
    expect(commands).toContain('decrypt the input');
    // No function of the library is presented as a command; they have a chapter of their own.
    expect(commands).not.toMatch(/\bEncrypt\(|\bParseRecipients\(/);
    expect(chapter('程序接口')).toMatch(/\bEncrypt\(/);
  }, 120_000);
});

// A Java code base whose every file opens with the Apache Software Foundation's licence header: cordova-android
// 15.1.0 (its Java framework, Gradle build files and Node.js tooling), fetched with `npm pack` into .cache/npm.
const CORDOVA = 'cordova-android@15.1.0';
function npmTree(spec: string): { dir?: string; reason?: string } {
  const dir = path.join(NPM_CACHE, spec.replace('@', '-'));
  if (existsSync(path.join(dir, '.done'))) return { dir };
  try {
    mkdirSync(dir, { recursive: true });
    const tgz = path.join(NPM_CACHE, tarballName(spec));
    if (!existsSync(tgz)) execFileSync('npm', ['pack', spec, '--silent'], { cwd: NPM_CACHE, stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 });
    execFileSync('tar', ['xzf', tgz, '-C', dir]);
    execFileSync('touch', [path.join(dir, '.done')]);
    return { dir };
  } catch (e) {
    return { reason: `无法下载 ${spec}：${(e as Error).message.split('\n')[0]}` };
  }
}

const cordova = npmTree(CORDOVA);
describe.skipIf(!cordova.dir)(`a Java code base with the ASF licence header on every file (${CORDOVA})${cordova.reason ? `：${cordova.reason}` : ''}`, () => {
  const root = path.join(cordova.dir ?? '', 'package');
  it('prints no licence line: every header removed whole and listed with its holder; no build file printed', async () => {
    const r = await intakeDirectory(root);
    const g = await generateAll({ name: '移动应用容器管理系统', version: 'V1.0', files: r.files, meta: r.meta, skipped: r.skipped });
    await checkDocument(g, r, root);
    const java = r.files.filter((f) => f.path.endsWith('.java'));
    expect(java.length).toBeGreaterThan(30);
    const headed = java.filter((f) => f.text.trimStart().startsWith('/*') && f.text.includes('Licensed to the Apache Software Foundation (ASF)'));
    expect(headed.length).toBe(java.length);
    // Each Java file's header is one removed block (its blank lines inside /* … */ included), naming the ASF, under
    // the Apache licence.
    const blocks = g.source.licences.filter((b) => b.file.endsWith('.java') && b.from === 1);
    expect(blocks.every((b) => b.to === 18)).toBe(true);
    expect(new Set(blocks.map((b) => b.file))).toEqual(new Set(headed.map((f) => f.path)));
    expect(blocks.every((b) => b.licence === 'Apache-2.0')).toBe(true);
    expect(blocks.every((b) => /Apache Software Foundation/.test(b.holder ?? ''))).toBe(true);
    const item = g.report.items.find((i) => i.code === 'LICENCE_BLOCKS')!;
    expect(item.detail).toMatch(/Apache Software Foundation/);
    // Gradle build scripts are build files, never program.
    const printed = new Set(g.manifest.pages.flatMap((p) => p.lines.map((l) => l.file)));
    expect([...printed].filter((f) => /\.gradle$|(^|\/)gradle\//.test(f))).toEqual([]);
  }, 120_000);
});
