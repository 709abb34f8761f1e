import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatSourceManifest, generateAll, intakeDirectory, levelOf, type GeneratedMaterials } from '../src/index';

// A Spring Boot admin back end in the shape of the public Java admin projects (controllers with Chinese Javadoc labels,
// a scheduled-job sub-module, monitoring, a service, a MyBatis mapper XML, application.yml with a database password,
// a schema script with a bcrypt hash and 127.0.0.1, pom.xml 3.8.1, a LICENSE and @author lines of another author).
// The fixture is hand-written for this test (test/fixtures/spring-admin); no public project's code is copied.

const DIR = path.join(import.meta.dirname, 'fixtures', 'spring-admin');
const name = '蓝山仓储管理系统';

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [path.relative(DIR, p).split(path.sep).join('/')];
  });
}

const allText = (g: GeneratedMaterials) => g.source.pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n');
const item = (g: GeneratedMaterials, code: string) => g.report.items.find((i) => i.code === code);

describe('a Java/Spring admin back end with Chinese comments (hand-written fixture)', async () => {
  const r = await intakeDirectory(DIR);
  const base = { name, version: 'V1.0', files: r.files, meta: r.meta, skipped: r.skipped, audience: 'web' as const, today: '2026-01-01' };
  const g = await generateAll({ ...base, project: { name, version: 'V1.0', modules: [] } });
  const units = g.analysis.structure.units;
  const grounded = await generateAll({
    ...base,
    project: { name, version: 'V1.0', modules: units.map((u) => ({ name: u.label ?? u.words.join(' '), description: '', evidence: u.evidence.map((e) => `${e.file}${e.symbol ? '#' + e.symbol : ''}`) })) },
  });
  const files = walk(DIR);
  const read = (f: string) => readFileSync(path.join(DIR, f), 'utf8');

  it('is a back end without screens: a 设计说明书 with its endpoints, no login page', () => {
    expect(g.analysis.form.form).toBe('service');
    expect(grounded.manual!.kind).toBe('设计说明书');
    expect(grounded.form.documentKind).toBe('设计说明书');
    const text = grounded.manual!.pages.flatMap((p) => p.lines.map((l) => (l.kind === 'text' ? l.text : ''))).join('\n');
    expect(text).not.toMatch(/登录界面|输入账号/);
    expect(text).toMatch(/PUT \/monitor\/job\/run/);
  });

  it('has a module for every controller, the scheduled job and the monitoring, named by the code’s Chinese labels', async () => {
    const controllers = files.filter((f) => /@RestController/.test(read(f)));
    expect(controllers.length).toBe(7);
    const covered = new Set(units.flatMap((u) => u.evidence.map((e) => e.file)));
    expect(controllers.filter((f) => !covered.has(f))).toEqual([]);
    expect(units.map((u) => u.label)).toEqual(expect.arrayContaining(['仓库信息', '库存台账', '采购订单', '供应商档案', '定时任务', '服务器监控', '登录日志']));
    expect(units.find((u) => u.kind === 'job')?.evidence[0].file).toMatch(/StockAlertTask\.java$/);
    expect(item(grounded, 'COVERAGE_DOC_TO_CODE')?.ok).toBe(true);
    expect(levelOf(item(grounded, 'COVERAGE_CODE_TO_DOC')!)).toBe('info');
    const invented = await generateAll({ ...base, project: { name, version: 'V1.0', modules: [{ name: '仓库信息' }, { name: '会员积分' }] } });
    expect(levelOf(item(invented, 'COVERAGE_DOC_TO_CODE')!)).toBe('error');
    expect(item(invented, 'COVERAGE_DOC_TO_CODE')!.detail).toMatch(/其中 1 个在代码中找不到：会员积分/);
    expect(item(invented, 'COVERAGE_CODE_TO_DOC')!.detail).toMatch(/定时任务/);
  });

  it('prints the mapper XML and the schema, never the password, the hash or the loopback address', () => {
    const printed = allText(g);
    expect(formatSourceManifest(g.manifest)).toMatch(/mapper\/StockMapper\.xml/);
    expect(printed).toMatch(/insertAlertsBelowSafetyStock/);
    expect(printed).toMatch(/create table wms_stock/);
    expect(printed).not.toMatch(/\$2a\$10\$[./A-Za-z0-9]{53}|127\.0\.0\.1|192\.168\.|Init@2021wms|Wms#2024pass/);
    expect(item(g, 'SCRUBBED_HASH')!.evidence).toEqual(['sql/schema.sql:35']);
    expect(item(g, 'SCRUBBED_PASSWORD')!.evidence).toEqual(['wms-admin/src/main/java/com/lanshan/wms/service/StockService.java:18']);
    expect(item(g, 'SCRUBBED_IP')!.evidence).toEqual(['sql/schema.sql:35']);
    // the configuration file is read for checks but not printed
    expect(r.skipped.find((s) => s.path.endsWith('application.yml'))?.reason).toMatch(/不印入源程序/);
  });

  it('says it is someone else’s code and lists every removed @author line; warns that pom.xml says 3.8.1', () => {
    const third = item(g, 'THIRD_PARTY_CODE')!;
    // Only the copyright holder may register: someone else's code is 未通过 until the user declares or removes it.
    expect(levelOf(third)).toBe('error');
    expect(third.evidence!.join()).toMatch(/许可证文件的版权人“王建国”：LICENSE/);
    const authorLines = files.filter((f) => f.endsWith('.java')).flatMap((f) => read(f).split('\n').map((l, i) => ({ f, i: i + 1, l }))).filter((x) => /@author 王建国/.test(x.l));
    const removed = item(g, 'ATTRIBUTION_REMOVED')!;
    expect(levelOf(removed)).toBe('warning');
    expect([...removed.evidence!].sort()).toEqual(authorLines.map((x) => `${x.f}:${x.i} 作者 王建国`).sort());
    expect(allText(g)).not.toMatch(/王建国/);
    const v = item(g, 'VERSION_IN_CODE')!;
    expect(levelOf(v)).toBe('warning');
    expect(v.detail).toMatch(/pom\.xml:\d+ 为 3\.8\.1/);
  });

  it('has 源程序量 and 编程语言 equal to an independent count of the files included', () => {
    const included = files.filter((f) => /\.(java|xml|sql)$/.test(f) && f !== 'pom.xml');
    expect(r.files.map((f) => f.path).sort()).toEqual(included.sort());
    const lines = included.reduce((n, f) => {
      const t = read(f);
      return n + t.split('\n').length - (t.endsWith('\n') ? 1 : 0);
    }, 0);
    expect(g.analysis.sourceLines).toBe(lines);
    expect(g.form.sourceLines).toBe(lines);
    expect([...g.analysis.languageList].sort()).toEqual(['Java', 'SQL', 'XML']);
  });
});
