import { describe, expect, it } from 'vitest';
import { buildSourceCodeDocument, displayWidth } from '../src/index';
import fc from 'fast-check';
import { Scrubber } from '../src/source/scrub';
import { prepareSourceFile } from '../src/source/source-document';
import { licenceBlocks } from '../src/source/licence';
import { codeFile, chineseProject } from './fixtures-code';

const NAME = '码著示例管理系统';

describe('source-code document plan', () => {
  it('prints every page of a tiny project once, unpadded', () => {
    const files = [codeFile('index.js', Array.from({ length: 120 }, (_, i) => `console.log(${i});\n\n`).join(''))];
    const m = buildSourceCodeDocument({ name: NAME, version: 'V1.0', files });
    expect(m.selection).toBe('all');
    expect(m.pages.map((p) => p.lines.length)).toEqual([50, 50, 20]);
    expect(m.pages.map((p) => p.number)).toEqual([1, 2, 3]);
    const printed = m.pages.flatMap((p) => p.lines.map((l) => l.line));
    expect(printed).toEqual(Array.from({ length: 120 }, (_, i) => 2 * i + 1)); // blank lines removed, nothing repeated
    expect(m.manifest.pages[0].lines[0]).toEqual({ file: 'index.js', line: 1 });
    expect(m.sourceLines).toBe(240);
  });

  it('keeps 50 whole lines on every page, a longer line going on over marked continuation rows', () => {
    const files = Object.entries(chineseProject(3, 60)).map(([p, t]) => codeFile(p, t));
    const m = buildSourceCodeDocument({ name: NAME, version: 'V1.0', files, columns: 88 });
    const all = m.pages.flatMap((p) => p.lines);
    for (const l of all) expect(displayWidth(l.text)).toBeLessThanOrEqual(m.columns);
    expect(all.some((l) => l.part > 0)).toBe(true);
    for (const l of all) expect(l.text.startsWith('↪ ')).toBe(l.part > 0);
    // Every page but the last holds exactly 50 whole lines; its continuation rows come on top.
    for (const p of m.pages.slice(0, -1)) expect(p.lines.filter((l) => l.part === 0)).toHaveLength(50);
    expect(m.pages.some((p) => p.lines.length > 50)).toBe(true);
    // The manifest lists each whole line once, on the page where it is printed.
    expect(m.manifest.pages.map((p) => p.lines.length)).toEqual(m.pages.map((p) => p.lines.filter((l) => l.part === 0).length));
    expect(m.manifest.printedLines).toBe(m.totalPrintedLines);
    // Re-joining the parts (without the marks) gives back each original (trimmed) line.
    const joined = new Map<string, string>();
    for (const l of all) joined.set(`${l.file}:${l.line}`, (joined.get(`${l.file}:${l.line}`) ?? '') + (l.part ? l.text.slice(2) : l.text));
    const first = files[0].text.split('\n');
    for (const [k, v] of joined) {
      const [fi, ln] = k.split(':').map(Number);
      if (fi === 0) expect(v).toBe(first[ln - 1].trimEnd());
    }
  });

  it('selects the first 30 and the last 30 pages of a long program, ending at the end of the last file', () => {
    const files = Array.from({ length: 40 }, (_, f) => codeFile(`src/m${String(f).padStart(2, '0')}.js`, Array.from({ length: 97 }, (_, i) => `let v${i} = ${f};`).join('\n') + '\n'));
    const m = buildSourceCodeDocument({ name: NAME, version: 'V1.0', files });
    expect(m.totalPages).toBe(Math.ceil((40 * 97) / 50));
    expect(m.selection).toBe('first-and-last-30');
    expect(m.pages).toHaveLength(60);
    expect(m.pages.every((p) => p.lines.length === 50)).toBe(true);
    expect(m.pages.map((p) => p.number)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const last = m.pages[59].lines[49];
    expect(m.files[last.file]).toBe('src/m39.js');
    expect(last.line).toBe(97);
    const keys = m.pages.flatMap((p) => p.lines.map((l) => `${l.file}:${l.line}:${l.part}`));
    expect(new Set(keys).size).toBe(3000); // never repeated
    expect(m.pages[30].sourcePage).toBeGreaterThan(30);
    // The last page is the last page of the whole program (the one short page lies between the blocks).
    expect(m.pages[59].sourcePage).toBe(m.totalPages);
  });

  it('chooses the largest code size at which 99 % of the lines fit one row', () => {
    const lines = (n: number, width: number) => Array.from({ length: n }, (_, i) => `x${i} = "${'a'.repeat(width - 8 - String(i).length)}";`.padEnd(width, ' ')).join('\n');
    const doc = (text: string) => buildSourceCodeDocument({ name: NAME, version: 'V1.0', files: [codeFile('a.py', text)] });
    expect([doc(lines(200, 80)).fontSize, doc(lines(200, 80)).columns]).toEqual([9, 88]);
    // 5 % of the lines are 102 columns wide: 7.5 pt, 104 columns.
    const mixed = doc(lines(190, 80) + '\n' + lines(10, 102));
    expect([mixed.fontSize, mixed.columns, mixed.wrappedLines]).toEqual([7.5, 104, 0]);
    // Wider than the smallest size allows: 7 pt, and the wider lines are continued.
    const wide = doc(lines(200, 130));
    expect([wide.fontSize, wide.columns, wide.wrappedLines]).toEqual([7, 112, 200]);
    expect(wide.pages[0].lines.filter((l) => l.part === 0)).toHaveLength(50);
    expect(wide.pages[0].lines).toHaveLength(100);
  });

  it('refuses fewer than 50 lines per page, a bad name or version', () => {
    const files = [codeFile('a.js', 'x\n')];
    expect(() => buildSourceCodeDocument({ name: NAME, version: 'V1.0', files, linesPerPage: 40 })).toThrow(/不少于 50 行/);
    expect(() => buildSourceCodeDocument({ name: '码著示例', version: 'V1.0', files })).toThrow(/软件.*系统.*平台/);
    expect(() => buildSourceCodeDocument({ name: NAME, version: 'V1.0 Beta', files })).toThrow(/版本号/);
  });

  it('removes comments token-aware when asked', () => {
    const files = [codeFile('a.js', '// 作者注释\nconst s = "// 不是注释"; /* 块 */\n/*\n 多行\n*/\nlet x = 1;\n')];
    const m = buildSourceCodeDocument({ name: NAME, version: 'V1.0', files, stripComments: true });
    expect(m.pages[0].lines.map((l) => [l.text, l.line])).toEqual([
      ['const s = "// 不是注释";', 2],
      ['let x = 1;', 6],
    ]);
  });

  it('reports dates later than the completion date', () => {
    const files = [codeFile('a.js', '// 2025-12-01 创建\n// 修改于 2026年3月5日\nconst d = "2024/01/02";\n')];
    const m = buildSourceCodeDocument({ name: NAME, version: 'V1.0', files, completionDate: '2026-01-15' });
    expect(m.lateDates).toEqual([{ file: 'a.js', line: 2, date: '2026-03-05' }]);
  });

  it('builds the same document from files prepared one by one, in any order, as from their text', () => {
    // Secrets past the findings limit, late dates past their cap, tabs, CJK wrapping and blank lines across files.
    const secrets = Array.from({ length: 1500 }, (_, i) => `const password${i} = "s3cret-${i}"; // 联系 admin${i}@corp.cn 2026-0${(i % 9) + 1}-01`).join('\n');
    const files = [
      codeFile('main.js', `\tconst 名称 = '${'长'.repeat(70)}';\n\n${secrets}\n`),
      codeFile('b.js', secrets.replace(/password/g, 'token')),
      codeFile('c.sh', 'export DB_PASSWORD=hunter22\nping 192.168.1.20\n', 'Shell', 'hash'),
    ];
    const opts = { name: NAME, version: 'V1.0', completionDate: '2026-01-15' };
    const whole = buildSourceCodeDocument({ ...opts, files });
    expect(whole.scrub.total).toBeGreaterThan(3000);
    expect(whole.scrub.truncated).toBe(true);
    expect(whole.scrub.findings).toHaveLength(2000);
    expect(whole.scrub.findings[0]).toMatchObject({ file: 'main.js', line: 3 });
    expect(Object.values(whole.scrub.counts).reduce((a, n) => a + n, 0)).toBe(whole.scrub.total);
    expect(Object.keys(whole.scrub.counts)).toEqual(['password', 'email', 'ip']);
    expect(whole.lateDates).toHaveLength(50);
    expect(whole.lateDates.every((d, i) => d.file === 'main.js' && (i === 0 || d.line > whole.lateDates[i - 1].line))).toBe(true);
    const prepared = [...files].reverse().map((f) => prepareSourceFile(f, opts)).reverse();
    const mixed = buildSourceCodeDocument({ ...opts, files: [prepared[0], files[1], prepared[2]] });
    expect(mixed).toEqual(whole);
    // Counted only (no printed lines kept): prepared again from the source where printed, skipped in between.
    const long = Array.from({ length: 40 }, (_, i) => codeFile(`m${i}.js`, Array.from({ length: 120 }, (_, j) => `let v${i}_${j} = ${j}; // 行 ${j}`).join('\n')));
    const everything = [...files, ...long];
    const counted = everything.map((f, i) => (i % 2 ? { ...prepareSourceFile(f, opts, false), source: f } : prepareSourceFile(f, opts)));
    expect(counted[1].texts).toBeUndefined();
    expect(buildSourceCodeDocument({ ...opts, files: counted })).toEqual(buildSourceCodeDocument({ ...opts, files: everything }));
    // A counted file whose lines are printed cannot be printed without its text.
    expect(() => buildSourceCodeDocument({ ...opts, files: everything.map((f) => prepareSourceFile(f, opts, false)) })).toThrow(/只计了行数/);
    // Prepared with other options (no scrubbing): refused rather than printed unscrubbed.
    expect(() => buildSourceCodeDocument({ ...opts, files: [prepareSourceFile(files[0], { ...opts, scrub: false })] })).toThrow();
  });

  it('skips only lines the scrubber would return unchanged (plain-text and trigger fast paths)', () => {
    // Every line normalised and handed to a Scrubber, the straightforward way: what prepareSourceFile must equal.
    const expandTabs = (line: string) => {
      let out = '';
      for (const ch of line) out += ch === '\t' ? ' '.repeat(4 - (displayWidth(out) % 4)) : ch;
      return out;
    };
    const oracle = (path: string, text: string, language: string) => {
      const scrubber = new Scrubber();
      scrubber.beginFile(language);
      const out: [string, number][] = [];
      const blocks = licenceBlocks(text, 'js');
      text.split('\n').forEach((raw, i) => {
        if (blocks.some((b) => i + 1 >= b.from && i + 1 <= b.to)) return;
        if (/^[ \t\r\f\v]*$/.test(raw)) return;
        // eslint-disable-next-line no-control-regex
        const line = scrubber.line(path, i + 1, expandTabs(raw.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g, '')).trimEnd());
        if (line === null || line.trim() === '') return;
        out.push([line, i + 1]);
      });
      return { out, report: scrubber.report };
    };
    const pieces = ['key', 'pass', '@', 'a@b.cn', ' @param', '123', '4567', '\t', '\r', '\r\n', '\n', ' ', 'x', '值', '\u200b', '\u00a0', '(c)', 'token = "abcd1234"', '192.168.1.2', '-----BEGIN RSA PRIVATE KEY-----', 'MIIEpAIBAAKCAQEA', '-----END RSA PRIVATE KEY-----', '13912345678', 'sk-', '://u:p@h', '中文注释'.repeat(12), '2024-05-06', '123\t4567', ' '.repeat(70), 'abcdefgh'.repeat(12), '// ', 'copyright 2019 张三', 'y'.repeat(60), '@email x', ' @Contact', 'api_key = "x1y2z3w4"', 'accessKey: "abc123"', 'PASSWD=', 'passed', 'http://example.com/a', '1.2.3', '10.0.0.1', 'get(key)', '?pwd=', 'jdbc:mysql://root:Pa55!@db', '139 1234 5678', '`', '$argon2id$v=19$m=1,t=2,p=1$c2FsdA$aGFzaA'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 60 }), fc.constantFrom('JavaScript', 'Shell'), (parts, language) => {
        const text = parts.join('');
        const file = { path: 'f.js', language, comments: 'js' as const, text, lines: 1 };
        const got = prepareSourceFile(file, {});
        const want = oracle('f.js', text, language);
        const rows = got.texts!.map((t, i): [string, number] => [t, got.meta![i]]);
        expect(rows).toEqual(want.out);
        expect(got.scrub).toEqual(want.report);
        // Counted only (the lines are not made): the same count, findings and late dates.
        const opts = { completionDate: '2020-01-01' };
        const full = prepareSourceFile(file, opts);
        const counted = prepareSourceFile(file, opts, false);
        expect(counted.texts).toBeUndefined();
        expect([counted.count, counted.over, counted.scrub, counted.lateDates]).toEqual([full.count, full.over, full.scrub, full.lateDates]);
        expect(full.over).toEqual([88, 98, 104, 112].map((c) => want.out.filter(([t]) => displayWidth(t) > c).length));
      }),
      {
        numRuns: 400,
        examples: [
          [['-----BEGIN RSA PRIVATE KEY-----', '\n', 'MIIEpAIBAAKCAQEA', '\n', 'x', '-----END RSA PRIVATE KEY-----', '\n', 'MIIEpAIBAAKCAQEA'], 'JavaScript'],
          // Wrapped only once trailing spaces are counted, or once a tab is expanded.
          [['y'.repeat(60), ' '.repeat(70), '\n', ...Array<string>(10).fill('\t'), 'y'.repeat(60)], 'JavaScript'],
          // Author lines known by @email / @contact only.
          [['// ', '@email x', '\n', '// ', ' @Contact', '\n', 'x'], 'JavaScript'],
        ],
      },
    );
  });
});
