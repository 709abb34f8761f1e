import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateAll, intakeDirectory, levelOf, readPdfPages, type GeneratedMaterials } from '../src/index';

// A Spring Boot admin back end written for this test (each file under its owner's Apache header), long enough that
// only its first and last 30 pages are printed:
// framework code (security filters, aspects) and a code generator sort before the business package by path, a
// WebSocket push service after it, configuration, utilities and style sheets lie around them — and the modules the
// document describes (users, roles, menus… each a Swagger-tagged controller, a service and an entity) sit in the middle
// of the path order.

const dir = mkdtempSync(path.join(tmpdir(), 'mazhu-order-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const JAVA = 'admin/src/main/java/com/acme';
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
};

/** The Apache header every Java file of the project opens with (its owner's notice). */
const HEADER = [
  '/*',
  ' * Copyright 2023 Acme Software Co., Ltd.',
  ' *',
  ' * Licensed under the Apache License, Version 2.0 (the "License");',
  ' * you may not use this file except in compliance with the License.',
  ' * You may obtain a copy of the License at',
  ' *',
  ' *     http://www.apache.org/licenses/LICENSE-2.0',
  ' *',
  ' * Unless required by applicable law or agreed to in writing, software',
  ' * distributed under the License is distributed on an "AS IS" BASIS,',
  ' * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.',
  ' * See the License for the specific language governing permissions and',
  ' * limitations under the License.',
  ' */',
].join('\n');

/** A Java class of about `methods` × 6 lines in package `pkg`, with the given annotations, under the project's header. */
function javaClass(pkg: string, name: string, methods: number, head = ''): string {
  const body: string[] = [];
  for (let i = 0; i < methods; i++) {
    body.push(`    /** 第 ${i + 1} 项处理：按条件查询并校验结果 */`, `    public Object handle${name}${i}(Long id, String keyword) {`, `        Object found = repository.find(id, keyword, ${i});`, `        if (found == null) throw new IllegalStateException("${name} ${i} 不存在");`, '        return found;', '    }');
  }
  return [HEADER, `package com.acme.${pkg};`, '', 'import java.util.List;', '', head, `public class ${name} {`, '    private final Repository repository = new Repository();', ...body, '}', ''].join('\n');
}

const MODULES: [key: string, label: string][] = [
  ['User', '用户管理'],
  ['Role', '角色管理'],
  ['Menu', '菜单管理'],
  ['Dept', '部门管理'],
  ['Post', '岗位管理'],
  ['Dict', '字典管理'],
  ['Notice', '通知公告'],
  ['Config', '参数设置'],
  ['Logininfor', '登录日志'],
  ['OperLog', '操作日志'],
  ['Job', '定时任务'],
  ['Online', '在线用户'],
  ['Cache', '缓存监控'],
  ['Server', '服务监控'],
  ['Tenant', '租户管理'],
  ['File', '文件管理'],
  ['Region', '地区管理'],
];

write(`${JAVA}/AdminApplication.java`, HEADER + '\npackage com.acme;\n\n@SpringBootApplication\npublic class AdminApplication {\n    public static void main(String[] args) {\n        SpringApplication.run(AdminApplication.class, args);\n    }\n}\n');
for (const n of ['JwtAuthenticationFilter', 'LoginAuthenticationProvider', 'PermissionEvaluatorImpl']) write(`${JAVA}/framework/security/${n}.java`, javaClass('framework.security', n, 60));
for (const n of ['DataScopeAspect', 'LogAspect', 'RateLimiterAspect']) write(`${JAVA}/framework/aspectj/${n}.java`, javaClass('framework.aspectj', n, 50));
for (const n of ['GenTableController', 'VelocityEngineFactory', 'GenTableServiceImpl']) write(`${JAVA}/generator/${n}.java`, javaClass('generator', n, 60));
for (const n of ['WebSocketServer', 'WebSocketUsers', 'SemaphoreUtils']) write(`${JAVA}/websocket/${n}.java`, javaClass('websocket', n, 80));
for (const n of ['RedisConfig', 'SecurityConfig', 'ThreadPoolConfig']) write(`${JAVA}/framework/config/${n}.java`, javaClass('framework.config', n, 40));
for (const n of ['StringUtils', 'DateUtils', 'ExcelUtil']) write(`${JAVA}/common/utils/${n}.java`, javaClass('common.utils', n, 70));
write('admin/src/main/resources/static/css/admin.css', Array.from({ length: 1200 }, (_, i) => `.panel-${i} { margin: ${i % 7}px; }`).join('\n') + '\n');
for (const [key, label] of MODULES) {
  write(`${JAVA}/system/controller/Sys${key}Controller.java`, javaClass('system.controller', `Sys${key}Controller`, 40, `@Api(tags = "系统：${label}")\n@RestController\n@RequestMapping("/system/${key.toLowerCase()}")`));
  write(`${JAVA}/system/service/impl/Sys${key}ServiceImpl.java`, javaClass('system.service.impl', `Sys${key}ServiceImpl`, 30, '@Service'));
  write(`${JAVA}/system/domain/Sys${key}.java`, javaClass('system.domain', `Sys${key}`, 10));
}

const name = '示例权限管理系统';
const filesOn = (g: GeneratedMaterials, from: number, to: number) => [...new Set(g.manifest.pages.slice(from, to).flatMap((p) => p.lines.map((l) => l.file)))];
const moduleFile = (f: string) => /\/system\/(controller|service\/impl|domain)\/Sys\w+\.java$/.test(f);

describe('the print order of a long Spring back end (fixture)', async () => {
  const r = await intakeDirectory(dir);
  const base = { name, version: 'V1.0', files: r.files, meta: r.meta, skipped: r.skipped, audience: 'web' as const, today: '2026-01-01' };
  const plain = await generateAll({ ...base, project: { name, version: 'V1.0', modules: [] } });
  const units = plain.analysis.structure.units;
  // What the built-in writer records: a module per code unit, named by the unit's label, with its evidence.
  const modules = MODULES.map(([, label]) => units.find((u) => u.label === label)!).map((u) => ({ name: u.label!, evidence: u.evidence.map((e) => `${e.file}${e.symbol ? '#' + e.symbol : ''}`) }));
  const g = await generateAll({ ...base, project: { name, version: 'V1.0', modules } });

  it('without the document’s modules the path order leaves framework and push-service code at the two ends', () => {
    expect(plain.source.totalPages).toBeGreaterThan(60);
    expect(filesOn(plain, 0, 30).filter((f) => f.includes('/framework/security/')).length).toBeGreaterThan(0);
    expect(filesOn(plain, 30, 60).filter((f) => f.includes('/websocket/')).length).toBeGreaterThan(0);
  });

  it('opens at the entry point, then prints the modules’ controllers first; both ends show only module code', () => {
    expect(g.manifest.pages[0].lines[0].file).toBe(`${JAVA}/AdminApplication.java`);
    const first = filesOn(g, 0, 30);
    const last = filesOn(g, 30, 60);
    expect(first[1]).toBe(`${JAVA}/system/controller/SysUserController.java`);
    expect(first.slice(1).filter((f) => !moduleFile(f))).toEqual([]);
    expect(last.filter((f) => !moduleFile(f))).toEqual([]);
    // Controllers before services and entities: one main file per module, as many modules as the pages hold.
    expect([...first.slice(1), ...last].every((f) => f.includes('/controller/'))).toBe(true);
    // Page 60 still ends at the end of the whole program, on a module's file.
    expect(g.manifest.pages[59].sourcePage).toBe(g.source.totalPages);
    expect(moduleFile(last[last.length - 1])).toBe(true);
    // Nothing is added or dropped: the same files and lines, only their order changes.
    expect(g.source.totalPages).toBe(plain.source.totalPages);
    expect(g.analysis.sourceLines).toBe(plain.analysis.sourceLines);
  });

  it('says in the check report which modules have code on the printed pages, first or last 30, and which do not', async () => {
    const item = g.report.items.find((i) => i.code === 'COVERAGE_PRINTED')!;
    const printed = MODULES.filter(([key]) => [...filesOn(g, 0, 60)].some((f) => f.endsWith(`/Sys${key}Controller.java`))).map(([, label]) => label);
    const missing = MODULES.map(([, label]) => label).filter((l) => !printed.includes(l));
    // 17 controllers of 40 methods (5 pages each) do not fit in 60 pages: the ones that do are named with their pages, the others listed.
    expect(printed.length).toBeGreaterThanOrEqual(8);
    expect(missing.length).toBeGreaterThan(0);
    expect(levelOf(item)).toBe('warning');
    expect(item.detail).toContain(`文档描述的 ${MODULES.length} 个模块中，${printed.length} 个的代码印在源程序页中`);
    expect(item.detail).toMatch(/前 30 页有 \d+ 个，后 30 页有 \d+ 个/);
    expect(item.detail).toContain(`${missing.length} 个的代码不在打印页中：${missing.join('、')}`);
    expect(item.evidence![0]).toMatch(/^用户管理：第 1–\d+ 页（admin\/src\/main\/java\/com\/acme\/system\/controller\/SysUserController\.java）$/);
    expect(item.evidence!.some((e) => /^\S+：第 (3\d|[45]\d|60)(–\d+)? 页/.test(e))).toBe(true);
    // The report's pages are the printed ones, read back from the PDF.
    const pdf = await readPdfPages(g.sourcePdf);
    expect(pdf.length).toBe(60);
    expect(pdf.map((p) => p.lines - p.continued)).toEqual(g.manifest.pages.map((p) => p.lines.length));
  });

  it('names the modules by their Swagger tags and prints no licence header, listing each with its holder', () => {
    const labels = units.filter((u) => u.kind === 'controller' && /\/system\//.test(u.evidence[0].file)).map((u) => u.label);
    expect(labels.sort()).toEqual(MODULES.map(([, label]) => label).sort());
    const rows = g.source.pages.flatMap((p) => p.lines.map((l) => l.text));
    expect(rows.filter((t) => /Licensed under|Copyright \d{4}|WITHOUT WARRANTIES/.test(t))).toEqual([]);
    const javaFiles = r.files.filter((f) => f.language === 'Java');
    expect(g.source.licences.filter((b) => b.from === 1).map((b) => b.file).sort()).toEqual(javaFiles.map((f) => f.path).sort());
    const item = g.report.items.find((i) => i.code === 'LICENCE_BLOCKS')!;
    expect(item.detail).toMatch(/署名：Acme Software Co\., Ltd/);
    expect(item.evidence![0]).toMatch(/^admin\/src\/main\/java\/com\/acme\/[\w/]+\.java:1–15 Apache-2\.0，署名“Acme Software Co\., Ltd\.?”$/);
  });

  it('with modules named in the code but without evidence, matches them to the code’s units by name', async () => {
    const byName = await generateAll({ ...base, project: { name, version: 'V1.0', modules: [{ name: '岗位管理' }, { name: '服务监控' }] } });
    const first = filesOn(byName, 0, 30);
    const last = filesOn(byName, 30, 60);
    expect(first[1]).toBe(`${JAVA}/system/controller/SysPostController.java`);
    expect([...first, ...last].some((f) => f.endsWith('/SysServerController.java'))).toBe(true);
    expect(byName.report.items.find((i) => i.code === 'COVERAGE_PRINTED')!.detail).toMatch(/^文档描述的 2 个模块中，2 个的代码印在源程序页中/);
  });
});
