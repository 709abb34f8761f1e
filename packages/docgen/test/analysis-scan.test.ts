import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareAnalysis, analyseCode, findCodeNotes, intakeDirectory, type CodeFile } from '../src/index';
import { handlerRoutesOf, pythonHandlerRoutes, sharingHandlerRoutes } from '../src/analysis/code-structure';
import { AUTHOR_RE, authorLines } from '../src/intake/provenance';
import { fileHas, hasAny, hasAtLineStart, hasDecoratorCall, hasLiteral, hasNameAfter, hasPathKey, hasRouteCall, hasVersionValue } from '../src/intake/text-scan';
import { codeFile } from './fixtures-code';

// The analysis tests cheap necessary conditions (text-scan.ts) before its regular expressions and reads the author
// lines of a file in one scan. Each shortcut is checked here against the plain computation it stands for, on texts
// built from the pieces the expressions look for (seeded, so a failure repeats), and the analysis of a code base that
// holds every pattern is checked against its result recorded before the shortcuts existed.

const DIR = path.join(import.meta.dirname, 'fixtures', 'analysis-patterns');
const EXPECTED = path.join(import.meta.dirname, 'fixtures', 'analysis-patterns.expected.json');

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` texts of up to `length` pieces each, drawn from `pieces`. */
function texts(pieces: readonly string[], count: number, length: number, seed: number): string[] {
  const next = random(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let s = '';
    const n = 1 + Math.floor(next() * length);
    for (let k = 0; k < n; k++) s += pieces[Math.floor(next() * pieces.length)];
    out.push(s);
  }
  return out;
}

const SPACES = [' ', '\t', '\n', '\r', '\u00a0', '\u2028', '\u3000', '\ufeff', '\v'];

const pick = <T,>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)];
const spaces = (next: () => number) => (next() < 0.4 ? '' : Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(next, SPACES)).join(''));
const NOISE = ['', 'x', ' ', '\n', "'/", '"/', '(', ')', '.get', 'path', ':', '@', 'version'];
/** `count` texts shaped by `make` (each part sometimes wrong), with noise around and sometimes twice. */
function shaped(count: number, seed: number, make: (next: () => number) => string): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () => pick(next, NOISE) + make(next) + pick(next, NOISE) + (next() < 0.3 ? make(next) : ''));
}

describe('route and path prefilters', () => {
  // Every route expression of the analysis (hints, form, units) and the path expression of the hints.
  const ROUTE_EXPRESSIONS = [
    /\b(?:app|router|server|fastify)\.(?:get|post|put|delete|patch|route)\(\s*['"`](\/[^'"`]*)['"`]/,
    /@(?:app|bp|router)\.(?:route|get|post|put|delete)\(\s*['"](\/[^'"]*)['"]/,
    /@\w+\.(route|get|post|put|delete|patch)\(\s*['"]\//,
    /\b(app|router|server|fastify)\.(get|post|put|delete|patch)\(\s*['"`]\//,
    /\b(?:app|router|server|fastify|route)\.(get|post|put|delete|patch)\(\s*['"`](\/[^'"`]*)['"`]/,
  ];
  const PATH_EXPRESSION = /\bpath\s*:\s*['"`](\/[\w\-/:.]*)['"`]/;
  const routeCall = (next: () => number) =>
    pick(next, ['', '@', 'x']) +
    pick(next, ['app', 'router', 'route', 'server', 'fastify', 'bp', 'apps', '']) +
    pick(next, ['.', '', ' .']) +
    pick(next, ['get', 'post', 'put', 'delete', 'patch', 'route', 'head', 'websocket']) +
    pick(next, ['(', ' (', '']) +
    spaces(next) +
    pick(next, ["'", '"', '`', '']) +
    pick(next, ['/', 'x', '']) +
    pick(next, ['users', '', 'a b', "'", '"']) +
    pick(next, ["'", '"', '`', '']);
  const pathKey = (next: () => number) =>
    pick(next, ['path', 'paths', 'xpath', 'Path', '']) + spaces(next) + pick(next, [':', '：', '=', '']) + spaces(next) + pick(next, ["'", '"', '`', '']) + pick(next, ['/', '']) + pick(next, ['user', 'a:b', '', 'a b']) + pick(next, ["'", '"', '`', '']);

  it('hasRouteCall holds wherever a route expression matches', () => {
    let matched = 0;
    let rejected = 0;
    for (const t of shaped(30_000, 1, routeCall)) {
      if (!hasRouteCall(t)) rejected++;
      if (!ROUTE_EXPRESSIONS.some((re) => re.test(t))) continue;
      matched++;
      expect(hasRouteCall(t), JSON.stringify(t)).toBe(true);
    }
    expect(matched).toBeGreaterThan(200);
    expect(rejected).toBeGreaterThan(10_000);
  });

  it('hasPathKey holds wherever the path expression matches', () => {
    let matched = 0;
    let rejected = 0;
    for (const t of shaped(30_000, 2, pathKey)) {
      if (!hasPathKey(t)) rejected++;
      if (!PATH_EXPRESSION.test(t)) continue;
      matched++;
      expect(hasPathKey(t), JSON.stringify(t)).toBe(true);
    }
    expect(matched).toBeGreaterThan(200);
    expect(rejected).toBeGreaterThan(10_000);
  });

  it('reads a route call and a path key over any whitespace, and nothing else', () => {
    expect(hasRouteCall("app.get(\n\t '/x')")).toBe(true);
    expect(hasRouteCall('@bp.route(\u3000"/x")')).toBe(true);
    expect(hasRouteCall("app.get ('/x')")).toBe(false);
    expect(hasRouteCall("app.head('/x')")).toBe(false);
    expect(hasRouteCall("foo('/x')")).toBe(false);
    expect(hasPathKey("path \n:\u00a0'/user'")).toBe(true);
    expect(hasPathKey("paths: '/user'")).toBe(false);
    expect(hasPathKey("path = '/user'")).toBe(false);
  });
});

describe('literal prefilters', () => {
  it('hasLiteral answers as includes, whatever the anchor', () => {
    for (const t of texts(['exports', 'xports', 'e', 'module', '.', 'x', 'ports.', ' '], 5_000, 12, 3)) {
      expect(hasLiteral(t, 'module.exports', 'xports')).toBe(t.includes('module.exports'));
      expect(hasLiteral(t, 'exports.', 'xports')).toBe(t.includes('exports.'));
      expect(hasLiteral(t, 'exports.', 'e')).toBe(t.includes('exports.'));
    }
    expect(() => hasLiteral('x', 'exports.', 'y')).toThrow(RangeError);
  });

  it('hasAtLineStart holds exactly where /^word/m matches', () => {
    for (const t of texts(['export', 'xport', 'e', ' ', '\n', '\r', '\u2028', '\u2029', 'x', 'module.', 'exports'], 10_000, 10, 4)) {
      expect(hasAtLineStart(t, 'export', 'xport'), JSON.stringify(t)).toBe(/^export/m.test(t));
      expect(hasAtLineStart(t, 'export'), JSON.stringify(t)).toBe(/^export/m.test(t));
    }
  });

  it('hasNameAfter holds wherever a declaration of one of the names matches', () => {
    const names = new Set(['debounce', 'start']);
    const decl = /(?:var|let|const)\s+(\w+)/g;
    const fn = /function\s+(\w+)/g;
    let declared = 0;
    for (const t of texts(['var', 'let', 'const', 'function', 'debounce', 'start', 'x', '_', ...SPACES, '=', '('], 20_000, 8, 6)) {
      const byDecl = [...t.matchAll(decl)].some((m) => names.has(m[1]));
      const byFn = [...t.matchAll(fn)].some((m) => names.has(m[1]));
      if (byDecl) expect(hasNameAfter(t, names, ['var', 'let', 'const']), JSON.stringify(t)).toBe(true);
      if (byFn) expect(hasNameAfter(t, names, ['function']), JSON.stringify(t)).toBe(true);
      if (byDecl || byFn) declared++;
    }
    expect(declared).toBeGreaterThan(300);
    expect(hasNameAfter('module.exports = debounce; debounce()', names, ['function'])).toBe(false);
  });

  it('hasDecoratorCall holds wherever a route decorator expression matches', () => {
    const decorator = /@(\w+)\.(route|get|post|put|delete|patch|websocket)\(\s*['"]([^'"]*)['"]/;
    let matched = 0;
    const call = (next: () => number) =>
      pick(next, ['@', '', 'x@', '@@']) + pick(next, ['app', 'bp', '_x9', '', 'a.b']) + pick(next, ['.', '', ' .']) + pick(next, ['route', 'get', 'post', 'put', 'delete', 'patch', 'websocket', 'head', 'getter']) + pick(next, ['(', ' (', '']) + spaces(next) + pick(next, ["'", '"', '']) + pick(next, ['/x', '', 'a b']) + pick(next, ["'", '"', '']);
    for (const t of shaped(30_000, 7, call)) {
      if (!decorator.test(t)) continue;
      matched++;
      expect(hasDecoratorCall(t, ['route', 'get', 'post', 'put', 'delete', 'patch', 'websocket']), JSON.stringify(t)).toBe(true);
    }
    expect(matched).toBeGreaterThan(300);
    expect(hasDecoratorCall('@.get(', ['get'])).toBe(false);
    expect(hasDecoratorCall('@app.getter(', ['get'])).toBe(false);
  });

  it('hasVersionValue holds wherever the version constant expression matches', () => {
    const constant = /\b(?:__version__|VERSION|APP_VERSION|SOFTWARE_VERSION|appVersion|version)\s*(?:=|:)\s*['"](v?\d+(?:\.\d+){1,3})['"]/;
    let matched = 0;
    let rejected = 0;
    const constantLike = (next: () => number) =>
      pick(next, ['', 'x', '_', 'my']) + pick(next, ['__version__', 'VERSION', 'APP_VERSION', 'SOFTWARE_VERSION', 'appVersion', 'version', 'Version', 'versio', '__version', 'VERSIONS']) + spaces(next) + pick(next, ['=', ':', '', '==', '=>']) + spaces(next) + pick(next, ["'", '"', '`', '']) + pick(next, ['v', '', 'V']) + pick(next, ['1', 'x', '']) + pick(next, ['.2', '.2.3', '']) + pick(next, ["'", '"', '']);
    for (const t of shaped(40_000, 8, constantLike)) {
      const has = hasVersionValue(t);
      if (!has) rejected++;
      if (!constant.test(t)) continue;
      matched++;
      expect(has, JSON.stringify(t)).toBe(true);
    }
    expect(matched).toBeGreaterThan(100);
    expect(rejected).toBeGreaterThan(10_000);
  });

  it('hasAny holds when one of the literals is in the text', () => {
    expect(hasAny('a Scheduler() b', ['Schedu', 'job('])).toBe(true);
    expect(hasAny('nothing here', ['Schedu', 'job('])).toBe(false);
    expect(hasAny('anything', [])).toBe(false);
  });

  it('fileHas answers for the text it is given, and from its memo only for a prefix of a text it has read', () => {
    const file = { id: 1 };
    const text = 'x'.repeat(50) + "app.get('/x')";
    // Read first on a prefix without the call: the whole text is read again, not answered from the memo.
    expect(fileHas(file, text.slice(0, 40), 'routeCall')).toBe(false);
    expect(fileHas(file, text, 'routeCall')).toBe(true);
    expect(fileHas(file, text.slice(0, 40), 'routeCall')).toBe(true); // a necessary condition still
    const both = { id: 2 };
    expect(fileHas(both, "path: '/x', app.post( \"/y\")", 'pathKey')).toBe(true);
    expect(fileHas(both, "path: '/x', app.post( \"/y\")", 'routeCall')).toBe(true);
    const keyOnly = { id: 3 };
    expect(fileHas(keyOnly, "path: '/x'", 'routeCall')).toBe(false);
    expect(fileHas(keyOnly, "path: '/x'", 'pathKey')).toBe(true);
    expect(fileHas({}, '无', 'han')).toBe(true);
    expect(fileHas({}, 'ascii', 'han')).toBe(false);
    expect(fileHas({}, '@GetMapping("/x")', 'mapping')).toBe(true);
  });
});

describe('author lines', () => {
  it('are the lines AUTHOR_RE matches one by one, in order', () => {
    const pieces = ['@author', 'author', 'Author', 'AUTHOR', ':', '：', '作', '者', 'copyright', 'Copyright', '(c)', '(C)', '2020', '©', '版权所有', ' x', 'y', '\n', '\n', ' ', '\t', '\r', '\u2028', '// ', '# '];
    let named = 0;
    for (const t of texts(pieces, 20_000, 16, 5)) {
      const expected = t.split('\n').filter((l) => AUTHOR_RE.test(l));
      named += expected.length;
      expect(authorLines(t), JSON.stringify(t)).toEqual(expected);
    }
    expect(named).toBeGreaterThan(1_000);
  });

  it('do not join a name across a line break', () => {
    expect(authorLines('// author\n: someone')).toEqual([]);
    expect(authorLines('/* (c)\n2020 */')).toEqual([]);
    expect(authorLines('x\n// Author: A\ny\n# 版权所有 B')).toEqual(['// Author: A', '# 版权所有 B']);
  });
});

describe('handler routes shared within an analysis', () => {
  const TEXT = `class KernelHandler(APIHandler):\n    def get(self, kernel_id):\n        pass\n\ndefault_handlers = [(r"/api/kernels/%s" % _kernel_id_regex, KernelHandler)]\n`;

  it('are those of pythonHandlerRoutes, read once per text inside sharingHandlerRoutes', () => {
    const plain = pythonHandlerRoutes(TEXT);
    expect(plain.length).toBe(1);
    expect(handlerRoutesOf(TEXT)).toEqual(plain);
    sharingHandlerRoutes(() => {
      const first = handlerRoutesOf(TEXT);
      expect(first).toEqual(plain);
      expect(handlerRoutesOf(TEXT)).toBe(first);
      sharingHandlerRoutes(() => expect(handlerRoutesOf(TEXT)).toBe(first));
    });
    // Outside, each call reads the text again.
    expect(handlerRoutesOf(TEXT)).not.toBe(handlerRoutesOf(TEXT));
  });
});

describe('the analysis of a code base with every pattern it reads', () => {
  // Each file alone too: a signal another file also gives (a second route, a second desktop library) shows there.
  it('is the analysis recorded before the prefilters and the shared scans, as a whole and file by file', async () => {
    // Every fixture file is analysed, those the print would leave out (tests, third-party headers) included.
    const r = await intakeDirectory(DIR, { include: ['**'] });
    await prepareAnalysis(r.files);
    const analysis = analyseCode(r.files, r.meta);
    const perFile = Object.fromEntries(r.files.map((f) => [f.path, analyseCode([f], [])]));
    const expected = JSON.parse(readFileSync(EXPECTED, 'utf8')) as { whole: unknown; perFile: Record<string, unknown> };
    // Print order is not the analysis' concern: the same files, in any order.
    expect(Object.keys(perFile).sort()).toEqual(Object.keys(expected.perFile).sort());
    // The record predates labelFrom (where a unit's label comes from): compared without it.
    const recorded = (v: unknown) => JSON.parse(JSON.stringify(v, (k, x: unknown) => (k === 'labelFrom' ? undefined : x))) as unknown;
    for (const [file, a] of Object.entries(perFile)) expect(recorded(a), file).toEqual(expected.perFile[file]);
    expect(recorded(analysis)).toEqual(expected.whole);
    // The fixture reaches every part: routes, units, interface, versions, names, provenance, notes.
    expect(analysis.hints.routes.length).toBeGreaterThan(10);
    expect(analysis.structure.api.some((a) => a.kind === 'endpoint')).toBe(true);
    expect(analysis.provenance.knownProjects.length).toBe(2);
    expect(analysis.notes?.length).toBeGreaterThan(5);
  });
});

describe('code notes of an analysis', () => {
  const files: CodeFile[] = [codeFile('src/views/user/index.vue', `<script>\nexport default { methods: { del() { this.$confirm('确认删除吗？'); } } };\n</script>\n`, 'Vue')];

  it('are read on first use, equal to findCodeNotes, kept, listed by JSON and replaceable', () => {
    const analysis = analyseCode(files);
    expect(Object.keys(analysis)).toContain('notes');
    const notes = analysis.notes;
    expect(notes).toEqual(findCodeNotes(files));
    expect(notes?.length).toBe(1);
    expect(analysis.notes).toBe(notes);
    expect((JSON.parse(JSON.stringify(analysis)) as { notes: unknown }).notes).toEqual(notes);
    expect({ ...analysis }.notes).toBe(notes);
    analysis.notes = [];
    expect(analysis.notes).toEqual([]);
  });

  it('are read from the files as they were given, not from a later change of the array', () => {
    const list = [...files];
    const analysis = analyseCode(list);
    list.length = 0;
    expect(analysis.notes).toEqual(findCodeNotes(files));
  });
});

describe('folders below a JVM main source root are package names', () => {
  const controller = (pkg: string) =>
    [`package ${pkg}.controller;`, '', '@RestController', '@RequestMapping("/users")', 'public class UserController {', '    @GetMapping("/list")', '    public List<User> list() { return service.list(); }', '}', ''].join('\n');
  it('reads the interfaces of a Spring Initializr project (package com.example.demo), not those of a sample project; the class’s mapping is only its base path', async () => {
    const { codeFile } = await import('./fixtures-code');
    const { readCodeStructure } = await import('../src/analysis/code-structure');
    const files = [
      codeFile('src/main/java/com/example/demo/controller/UserController.java', controller('com.example.demo'), 'Java', 'c'),
      codeFile('examples/shop/src/main/java/com/shop/controller/UserController.java', controller('com.shop'), 'Java', 'c'),
    ];
    const { api } = readCodeStructure(files);
    expect(api.filter((a) => a.kind === 'endpoint').map((a) => `${a.signature} ${a.file}`)).toEqual(['GET /users/list → list() src/main/java/com/example/demo/controller/UserController.java']);
  });
});

describe('interface items name the line of their declaration', () => {
  it('a CommonJS function and a Java method after blank lines', async () => {
    const { codeFile } = await import('./fixtures-code');
    const { readCodeStructure } = await import('../src/analysis/code-structure');
    const js = codeFile('lib/debounce.js', 'var x = 1;\n\n\nfunction debounce(func, wait) {\n  return func;\n}\n\nmodule.exports = debounce;\n');
    const java = codeFile('src/main/java/com/acme/util/Texts.java', 'package com.acme.util;\n\npublic class Texts {\n\n\n    public static String trim(String s) { return s; }\n}\n', 'Java', 'c');
    const { api } = readCodeStructure([js, java]);
    expect(api.map((a) => `${a.name}:${a.line}`)).toEqual(expect.arrayContaining(['debounce:4', 'trim:6']));
  });
});
