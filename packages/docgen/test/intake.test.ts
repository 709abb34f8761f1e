import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { crc32, gzipSync } from 'node:zlib';
import { zipSync, strToU8 } from 'fflate';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocgenError, intakeArchive, intakeDirectory } from '../src/index';
import { handZip, tar, which } from './helpers';

/** A stored (uncompressed) zip with raw name bytes and no UTF-8 flag, as old Windows tools write. */
function rawZip(entries: [Buffer, Buffer][]): Buffer {
  return handZip(entries.map(([name, data]) => ({ name, stored: data, method: 0, usize: data.length, crc: crc32(data) })));
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mazhu-intake-'));
  const w = (rel: string, data: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), data);
  };
  w('.gitignore', 'secret/\n*.gen.js\n');
  w('src/utils/helper.js', 'export const add = (a, b) => a + b;\n');
  w('src/main.js', "import { add } from './utils/helper.js';\n\n// 入口\nconsole.log(add(1, 2));\n");
  w('src/app.js', 'export default {};\n');
  w('src/styles/site.css', 'body { margin: 0 }\n');
  w('src/page.html', '<html><body>hi</body></html>\n');
  w('src/gbk.java', iconv.encode('// 用户登录服务\npublic class 登录 { String 提示 = "密码错误"; }\n', 'gbk'));
  w('src/bom.ts', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('const 名称 = "码著";\n')]));
  w('src/u16.ts', Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('const 版本 = "V1.0";\n', 'utf-16le')]));
  w('src/x.gen.js', 'generated\n');
  w('secret/keys.js', 'const k = 1;\n');
  w('node_modules/lib/index.js', 'module.exports = 1;\n');
  w('dist/bundle.js', 'x\n');
  w('src/vendor.min.js', 'var a=1;\n');
  w('package-lock.json', '{}');
  w('src/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
  w('README.md', '# hi\n');
  w('src/big.js', 'var x = [' + '1,'.repeat(5000) + '];'.repeat(1) + '\n' + ('y' + '=1;'.repeat(400) + '\n').repeat(3));
  w('src/empty.js', '\n\n');
  try {
    symlinkSync('/etc/passwd', path.join(dir, 'src/link.js'));
  } catch {
    /* no symlinks on this fs */
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('directory intake', () => {
  it('keeps only first-party source, decodes every encoding and puts the entry point first', async () => {
    const r = await intakeDirectory(dir);
    const paths = r.files.map((f) => f.path);
    expect(paths[0]).toBe('src/main.js');
    // Business files by path; style sheets and utilities in the middle of the program (never on the first or last pages of a long one).
    const support = ['src/styles/site.css', 'src/utils/helper.js'];
    const business = paths.slice(1).filter((p) => !support.includes(p));
    expect(business).toEqual([...business].sort());
    const at = paths.indexOf(support[0]);
    expect(paths.slice(at, at + 2)).toEqual(support);
    expect(at).toBeGreaterThan(1);
    expect(paths).toEqual(expect.arrayContaining(['src/utils/helper.js', 'src/app.js', 'src/styles/site.css', 'src/page.html', 'src/gbk.java', 'src/bom.ts', 'src/u16.ts']));
    for (const bad of ['src/x.gen.js', 'secret/keys.js', 'node_modules/lib/index.js', 'dist/bundle.js', 'src/vendor.min.js', 'package-lock.json', 'src/logo.png', 'README.md', 'src/big.js', 'src/link.js', 'src/empty.js']) {
      expect(paths).not.toContain(bad);
    }
    const byPath = Object.fromEntries(r.files.map((f) => [f.path, f]));
    expect(byPath['src/gbk.java'].text).toContain('用户登录服务');
    expect(byPath['src/gbk.java'].encoding).toBe('gb18030');
    expect(byPath['src/bom.ts'].text.startsWith('const 名称')).toBe(true);
    expect(byPath['src/u16.ts'].text).toContain('版本');
    expect(byPath['src/main.js']).toMatchObject({ lines: 4, codeLines: 2, commentLines: 1, blankLines: 1, language: 'JavaScript' });
    expect(Object.keys(r.stats.byLanguage).sort()).toEqual(['CSS', 'HTML', 'Java', 'JavaScript', 'TypeScript']);
    expect(r.stats.total.lines).toBe(r.files.reduce((a, f) => a + f.lines, 0));
    expect(r.skipped.find((s) => s.path === 'src/big.js')?.reason).toMatch(/压缩|超长/);
  });
  it('can keep no file text in memory (retainText: false) and still give the same files', async () => {
    const a = await intakeDirectory(dir);
    const b = await intakeDirectory(dir, { retainText: false });
    expect(b.files.map((f) => [f.path, f.lines, f.text])).toEqual(a.files.map((f) => [f.path, f.lines, f.text]));
    expect(Object.getOwnPropertyDescriptor(b.files[0], 'text')?.get).toBeTypeOf('function');
  });
  it('keeps texts up to a character budget and re-reads the rest (retainText: a number)', async () => {
    const a = await intakeDirectory(dir);
    const budget = a.files[0].text.length;
    const b = await intakeDirectory(dir, { retainText: budget });
    expect(b.files.map((f) => [f.path, f.text])).toEqual(a.files.map((f) => [f.path, f.text]));
    const kept = b.files.filter((f) => Object.getOwnPropertyDescriptor(f, 'text')?.get === undefined);
    expect(kept.reduce((n, f) => n + f.text.length, 0)).toBeLessThanOrEqual(budget);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(b.files.length);
  });
  it('reads files larger than its read buffer whole, and skips those over maxFileBytes with their size', async () => {
    const d = mkdtempSync(path.join(tmpdir(), 'mazhu-sizes-'));
    const body = (bytes: number, tag: string) => {
      const line = `const ${tag} = 1; // ${'x'.repeat(40)}\n`;
      const text = line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes - 1) + '\n';
      return text;
    };
    const sizes: Record<string, number> = { 'a.js': 1000, 'b.js': 300_000, 'c.js': 400_000, 'd.js': 400_001, 'e.js': 600_000, 'f.js': 262_144, 'g.js': 524_288 };
    for (const [name, bytes] of Object.entries(sizes)) writeFileSync(path.join(d, name), body(bytes, name[0]));
    writeFileSync(path.join(d, 'setup.py'), 'from setuptools import setup\nsetup(name="demo")\n');
    const r = await intakeDirectory(d, { maxFileBytes: 400_000 });
    const byPath = Object.fromEntries(r.files.map((f) => [f.path, f]));
    for (const name of ['a.js', 'b.js', 'c.js', 'f.js']) {
      expect(byPath[name].bytes).toBe(sizes[name]);
      expect(byPath[name].text).toBe(body(sizes[name], name[0]));
    }
    expect(r.skipped.filter((s) => /\.js$/.test(s.path))).toEqual([
      { path: 'd.js', reason: '文件过大（391 KB），多为数据或生成文件' },
      { path: 'e.js', reason: '文件过大（586 KB），多为数据或生成文件' },
      { path: 'g.js', reason: '文件过大（512 KB），多为数据或生成文件' },
    ]);
    expect(byPath['setup.py'].text).toContain('setup(name="demo")');
    expect(r.meta.map((m) => m.path)).toEqual(['setup.py']);
    rmSync(d, { recursive: true });
  });
  it('refuses a missing directory and an empty code base in Chinese', async () => {
    await expect(intakeDirectory(path.join(dir, 'nope'))).rejects.toMatchObject({ code: 'INPUT_NOT_FOUND' });
    const empty = mkdtempSync(path.join(tmpdir(), 'mazhu-empty-'));
    writeFileSync(path.join(empty, 'README.md'), 'x');
    await expect(intakeDirectory(empty)).rejects.toThrow(/没有可识别的源代码/);
    rmSync(empty, { recursive: true });
  });
});

describe('archive intake', () => {
  const good = { 'proj/src/index.ts': strToU8('export const a = 1;\n'), 'proj/.gitignore': strToU8('gen/\n'), 'proj/gen/x.ts': strToU8('x\n') };
  it('skips a vendored node_modules inside an archive once, without listing every file', async () => {
    const entries = [{ name: 'p/src/index.js', data: 'export default 1;\n' }, ...Array.from({ length: 200 }, (_, i) => ({ name: `p/node_modules/x${i}/index.js`, data: 'module.exports = 1;\n' }))];
    const t = await intakeArchive(gzipSync(tar(entries)), 'tar.gz');
    expect(t.files.map((f) => f.path)).toEqual(['src/index.js']);
    expect(t.skipped.filter((s) => s.path.includes('node_modules'))).toEqual([{ path: 'node_modules/', reason: '第三方或构建输出目录 node_modules/', category: 'vendored' }]);
    const z = await intakeArchive(zipSync(Object.fromEntries(entries.map((e) => [e.name, strToU8(e.data)]))), 'zip');
    expect(z.files.map((f) => f.path)).toEqual(['src/index.js']);
    expect(z.skipped.filter((s) => s.path.includes('node_modules'))).toHaveLength(1);
  });
  it.each([
    [
      'Spring Boot',
      {
        'demo/src/main/resources/static/index.html': '<html></html>\n',
        'demo/src/main/java/com/demo/controller/LoginController.java': 'public class LoginController {}\n',
        'demo/src/main/java/com/demo/DemoApplication.java': '@SpringBootApplication\npublic class DemoApplication { public static void main(String[] a) {} }\n',
      },
      'src/main/java/com/demo/DemoApplication.java',
    ],
    ['Vue', { 'web/index.html': '<div id="app"></div>\n', 'web/src/App.vue': '<template><div/></template>\n', 'web/src/main.js': "import { createApp } from 'vue';\ncreateApp(App).mount('#app');\n" }, 'src/main.js'],
    ['Python', { 'pkg/cli.py': 'x = 1\n', 'pkg/_data.py': "if __name__ == '__main__':\n    pass\n", 'pkg/__main__.py': 'from .cli import x\n' }, '__main__.py'],
    ['Go', { 'svc/internal/db.go': 'package db\n', 'svc/cmd/server/main.go': 'package main\n\nfunc main() {\n}\n' }, 'cmd/server/main.go'],
  ])('puts the %s entry point first', async (_k, files, entry) => {
    const r = await intakeArchive(zipSync(Object.fromEntries(Object.entries(files).map(([p, t]) => [p, strToU8(t)]))), 'zip');
    expect(r.files[0].path).toBe(entry);
  });
  it('reads GBK file names of zips made on Chinese Windows', async () => {
    const r = await intakeArchive(rawZip([[iconv.encode('项目/源码/登录.js', 'gbk'), iconv.encode('// 登录\nconsole.log("登录");\n', 'gbk')]]), 'zip');
    expect(r.files.map((f) => [f.path, f.text.includes('登录')])).toEqual([['源码/登录.js', true]]);
  });
  it('reads a zip and a tar.gz in memory, stripping the common root and honouring .gitignore', async () => {
    const z = await intakeArchive(zipSync(good), 'zip');
    expect(z.files.map((f) => f.path)).toEqual(['src/index.ts']);
    const t = await intakeArchive(gzipSync(tar([{ name: 'package/lib/main.js', data: 'module.exports = 1;\n' }, { name: 'package/lib/b.js', data: 'b\n' }])), 'tar.gz');
    expect(t.files.map((f) => f.path)).toEqual(['lib/main.js', 'lib/b.js']);
  });

  /** `files` (path → text) written under a fresh folder `proj/`, for an archiver to pack from the folder's parent. */
  function project(files: Record<string, string>): string {
    const root = mkdtempSync(path.join(tmpdir(), 'mazhu-zip64-'));
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, 'proj', rel)), { recursive: true });
      writeFileSync(path.join(root, 'proj', rel), text);
    }
    return root;
  }
  const CODE = { 'src/Main.java': 'public class Main {\n  public static void main(String[] args) { System.out.println("码著"); }\n}\n', 'src/util.py': 'def add(a, b):\n    return a + b\n' };

  it.skipIf(!which('zip'))('reads a ZIP64 archive written by Info-ZIP (`zip -fz`: 64-bit sizes, ZIP64 end of directory)', async () => {
    const root = project(CODE);
    try {
      execFileSync('zip', ['-q', '-fz', '-r', 'code.zip', 'proj'], { cwd: root });
      const r = await intakeArchive(readFileSync(path.join(root, 'code.zip')), 'zip');
      expect(r.files.map((f) => [f.path, f.text])).toEqual(expect.arrayContaining(Object.entries(CODE)));
      expect(r.files).toHaveLength(2);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.skipIf(!which('python3'))('reads a ZIP64 archive whose every size and offset is in 64-bit fields (Python zipfile at its ZIP64 thresholds)', async () => {
    const root = project(CODE);
    try {
      // zipfile writes ZIP64 fields past 4 GiB or 65,535 entries; with its thresholds at 0 it writes them for every
      // entry, as for an archive of that size, without writing gigabytes.
      const script = [
        'import os, sys, zipfile',
        'zipfile.ZIP64_LIMIT = 0',
        'zipfile.ZIP_FILECOUNT_LIMIT = 0',
        "with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:",
        "    for base, _, names in os.walk('proj'):",
        '        for n in names: z.write(os.path.join(base, n))',
      ].join('\n');
      execFileSync('python3', ['-c', script, 'code.zip'], { cwd: root });
      const r = await intakeArchive(readFileSync(path.join(root, 'code.zip')), 'zip');
      expect(r.files.map((f) => [f.path, f.text])).toEqual(expect.arrayContaining(Object.entries(CODE)));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.skipIf(!which('zip'))('keeps the zip-bomb limits for ZIP64 archives', async () => {
    const root = project({ 'src/a.js': 'a'.repeat(8 * 1024 * 1024) });
    try {
      execFileSync('zip', ['-q', '-9', '-fz', '-r', 'code.zip', 'proj'], { cwd: root });
      const zip = readFileSync(path.join(root, 'code.zip'));
      await expect(intakeArchive(zip, 'zip')).rejects.toThrow(/压缩炸弹/);
      await expect(intakeArchive(zip, 'zip', { maxBytes: 1024 * 1024, maxRatio: 1e9 })).rejects.toThrow(/超过上限/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  const hostile: [string, () => Promise<unknown>, RegExp][] = [
    ['zip path traversal', () => intakeArchive(zipSync({ '../../evil.js': strToU8('x') }), 'zip'), /路径穿越/],
    ['zip absolute path', () => intakeArchive(zipSync({ '/etc/evil.js': strToU8('x') }), 'zip'), /绝对路径/],
    ['zip symlink', () => intakeArchive(zipSync({ 'a/link.js': [strToU8('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }] }), 'zip'), /符号链接/],
    ['zip too many files', () => intakeArchive(zipSync(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}.js`, strToU8('x')]))), 'zip', { maxFiles: 20 }), /数量/],
    ['zip bomb', () => intakeArchive(zipSync({ 'a.js': new Uint8Array(8 * 1024 * 1024) }, { level: 9 }), 'zip'), /压缩炸弹/],
    ['zip too large', () => intakeArchive(zipSync({ 'a.js': new Uint8Array(3 * 1024 * 1024) }), 'zip', { maxBytes: 1024 * 1024 }), /超过上限/],
    ['tar traversal', () => intakeArchive(gzipSync(tar([{ name: 'x/../../evil.js', data: 'x' }])), 'tar.gz'), /路径穿越/],
    ['tar absolute', () => intakeArchive(gzipSync(tar([{ name: '/tmp/evil.js', data: 'x' }])), 'tar.gz'), /绝对路径/],
    ['tar symlink outside', () => intakeArchive(gzipSync(tar([{ name: 'a/l.js', type: '2', link: '../../../etc/passwd' }])), 'tar.gz'), /之外|外部/],
    ['tar hardlink absolute', () => intakeArchive(gzipSync(tar([{ name: 'a/l.js', type: '1', link: '/etc/shadow' }])), 'tar.gz'), /外部/],
    ['tar.gz bomb', () => intakeArchive(gzipSync(tar([{ name: 'a.js', data: Buffer.alloc(20 * 1024 * 1024) }]), { level: 9 }), 'tar.gz'), /压缩炸弹/],
    ['tar.gz too large', () => intakeArchive(gzipSync(tar([{ name: 'a.js', data: Buffer.alloc(2 * 1024 * 1024) }])), 'tar.gz', { maxBytes: 1024 * 1024 }), /超过上限/],
    ['not a zip', () => intakeArchive(Buffer.from('hello'), 'zip'), /不是有效的 zip/],
    ['unsupported kind', () => intakeArchive(Buffer.from('Rar!'), 'rar' as 'zip'), /不支持/],
  ];
  it.each(hostile)('refuses %s with a Chinese DocgenError and writes nothing', async (_name, run, msg) => {
    const err = await run().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DocgenError);
    expect((err as DocgenError).message).toMatch(msg);
    // Archives are read in memory: nothing may appear outside (or inside) a temp dir.
    expect(existsSync('/tmp/evil.js')).toBe(false);
    expect(existsSync(path.join(process.cwd(), 'evil.js'))).toBe(false);
    expect(existsSync(path.resolve(process.cwd(), '..', '..', 'evil.js'))).toBe(false);
  });
});

describe('SQL scripts never fill the printed tail', () => {
  it('places a schema script that sorts last in the middle, so the last 30 pages are Java', async () => {
    const { buildSourceCodeDocument } = await import('../src/index');
    const java = (name: string) =>
      [`package com.example.${name};`, '', `/** ${name} 业务处理 */`, `public class ${name}Service {`, ...Array.from({ length: 400 }, (_, i) => `    public int step${i}(int x) { return x + ${i}; } // 第 ${i} 步`), '}', ''].join('\n');
    const ddl = Array.from({ length: 300 }, (_, i) => `CREATE TABLE t_${i} (\n  id BIGINT PRIMARY KEY,\n  name VARCHAR(64) NOT NULL COMMENT '名称'\n);\n`).join('');
    const entries: Record<string, string> = { 'admin/src/main/java/com/example/Application.java': 'package com.example;\n\npublic class Application {\n    public static void main(String[] args) { }\n}\n' };
    for (const n of ['Order', 'User', 'Dept', 'Menu', 'Role', 'Notice', 'Job', 'Log']) entries[`system/src/main/java/com/example/${n}Service.java`] = java(n);
    entries['sql/schema.sql'] = ddl;
    const r = await intakeArchive(zipSync(Object.fromEntries(Object.entries(entries).map(([p, t]) => [p, strToU8(t)]))), 'zip');
    expect(r.files.map((f) => f.path)).toContain('sql/schema.sql');
    const doc = buildSourceCodeDocument({ name: '示例管理系统', version: 'V1.0', files: r.files });
    expect(doc.totalPages).toBeGreaterThan(60);
    const sql = doc.files.indexOf('sql/schema.sql');
    const pagesWithSql = (pages: typeof doc.pages) => pages.filter((p) => p.lines.some((l) => l.file === sql)).length;
    expect(pagesWithSql(doc.pages.slice(30))).toBe(0);
    expect(pagesWithSql(doc.pages.slice(0, 30))).toBe(0);
    expect(doc.pages[59].lines.at(-1)!.text).toBe('}');
  });
});
