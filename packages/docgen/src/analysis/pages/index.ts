import type { CodeFile, MetaFile } from '../../intake/intake';
import type { CodeUnit } from '../code-structure';
import { isDisplayTitle, zhTranslations } from '../vocabulary';
import { eachEl, jsxElements, markupElements, type El } from './elements';
import { emptyFacts, type PageCall, type PageFacts } from './model';
import { pageParser, type Grammar, type PageParser } from './parser';
import { applyRules, usable } from './rules';
import { apiFunctions, applyScript, type ScriptContext } from './script';

export * from './model';
export { pageSteps, moduleSteps, modulePages, type PageStep } from './steps';

/**
 * Page facts: each user-interface page of the code read with a parser (web-tree-sitter) — Vue single-file components,
 * React/JSX pages, WeChat mini-program pages (WXML with the page's .json and script), Android layouts and server-side
 * templates (Django/Jinja) — into its title, fields, search conditions, table columns, buttons, tabs, confirmation
 * prompts, input-rule messages and server calls, each with its line; every page attached to the code unit
 * (code-structure.ts) whose evidence holds its file or its page folder. Pure apart from loading the grammars once.
 */

const MAX_FILES = 800;
const MAX_TEXT = 300_000;
const PAGE_DIR = /(?:^|\/)(?:src\/)?(views|pages|screens|page|view|containers|routes|templates)\//i;
const SKIP = /(^|\/)(node_modules|dist|build|unpackage|miniprogram_npm|vendor|static|public|tests?|__tests__|e2e|mock|mocks)\//i;
const API_DIR = /(^|\/)(api|apis|services?|request|http)(\/|\.[jt]s$)/i;

const stripExt = (p: string) => p.replace(/\.[^./]+$/, '');
const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

/** Blanks out the template language of a server-side template, keeping translated texts and every line. */
export function templateText(t: string): string {
  return t
    .replace(/\{%\s*(?:trans|translate)\s+(["'])(.*?)\1[^%]*%\}/g, '$2')
    .replace(/\{\{\s*(?:_|gettext|trans)\(\s*(["'])(.*?)\1\s*\)\s*\}\}/g, '$2')
    .replace(/\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}|\{#[\s\S]*?#\}/g, (m) => m.replace(/[^\n]/g, ''));
}

/** The API functions of the code's api/service files, by file (without extension). */
function apiIndex(files: CodeFile[], parser: PageParser): Map<string, Map<string, PageCall>> {
  const out = new Map<string, Map<string, PageCall>>();
  for (const f of files) {
    if (!API_DIR.test(f.path) || !/\.[cm]?[jt]s$/.test(f.path) || f.text.length > MAX_TEXT || SKIP.test(f.path)) continue;
    const tree = parser.parse(/\.ts$/.test(f.path) ? 'typescript' : 'javascript', f.text);
    if (!tree) continue;
    try {
      const fns = apiFunctions(tree.rootNode);
      if (fns.size) out.set(stripExt(f.path).replace(/\/index$/, ''), fns);
    } finally {
      tree.delete();
    }
  }
  return out;
}

function apiResolver(index: Map<string, Map<string, PageCall>>, pageFile: string): ScriptContext['apiCall'] {
  return (source, name) => {
    let spec: string;
    if (source.startsWith('.')) {
      const parts = dirOf(pageFile).split('/').filter(Boolean);
      for (const seg of source.split('/')) {
        if (seg === '..') parts.pop();
        else if (seg !== '.') parts.push(seg);
      }
      spec = parts.join('/');
    } else spec = source.replace(/^[@~]\/?/, '').replace(/^src\//, '');
    spec = stripExt(spec).replace(/\/index$/, '');
    for (const [file, fns] of index) {
      if (file === spec || file.endsWith(`/${spec}`) || file.endsWith(spec)) {
        const c = fns.get(name);
        if (c) return { ...c, file };
      }
    }
    return undefined;
  };
}

/** Android string resources (res/values…/strings.xml), Chinese values first. */
function androidStrings(meta: MetaFile[]): Map<string, string> {
  const out = new Map<string, string>();
  const sorted = [...meta].filter((m) => /(^|\/)res\/values[\w-]*\/strings\.xml$/.test(m.path)).sort((a, b) => (/values-zh/.test(b.path) ? 1 : 0) - (/values-zh/.test(a.path) ? 1 : 0));
  for (const m of sorted) for (const x of m.text.matchAll(/<string\s+name="([\w.]+)"[^>]*>([^<]*)<\/string>/g)) if (!out.has(x[1])) out.set(x[1], x[2].replace(/\\n/g, ' ').trim());
  return out;
}

/** How a login page signs the user in, from its fields, buttons, open-type attributes and calls. */
function loginMethod(facts: PageFacts, els: El[], text: string): PageFacts['login'] {
  if (!/login|signin|sign-in|登录|登入/i.test(`${facts.file} ${facts.title?.text ?? ''} ${facts.buttons.map((b) => b.text).join(' ')}`)) return undefined;
  const labels = [...facts.fields, ...facts.search].map((f) => f.text).join(' ');
  const phone = /手机|电话|phone|mobile/i.test(labels) && /验证码|code|sms/i.test(labels);
  if (phone) return 'phone';
  if ([...eachEl(els)].some((e) => /getPhoneNumber/.test(e.attrs.get('open-type')?.value ?? ''))) return 'phone';
  if (/\bwx\.login\(|getUserProfile|open-type="getUserInfo"/.test(text)) return 'wechat';
  if (/密码|password/i.test(labels) || facts.fields.some((f) => f.kind === 'password')) return 'password';
  return undefined;
}

function found(f: PageFacts): boolean {
  return !!(f.title || f.fields.length || f.search.length || f.columns.length || f.buttons.length || f.tabs.length || f.texts?.length || f.confirms.length || f.validations.length || f.calls.length);
}

function readScript(parser: PageParser, grammar: Grammar, text: string, facts: PageFacts, ctx: ScriptContext, jsx: boolean): El[] {
  const tree = parser.parse(grammar, text);
  if (!tree) return [];
  try {
    const els = jsx ? jsxElements(tree.rootNode, ctx.offset) : [];
    if (els.length) applyRules(els, facts);
    applyScript(tree.rootNode, facts, ctx);
    return els;
  } finally {
    tree.delete();
  }
}

/** Reads one file's page facts; undefined when the file is not a page or says nothing. */
function readPage(f: CodeFile, parser: PageParser, ctx: { api: Map<string, Map<string, PageCall>>; byPath: Map<string, CodeFile>; meta: Map<string, MetaFile>; strings: Map<string, string> }): PageFacts | undefined {
  const text = f.text;
  const path = f.path;
  const apiCall = apiResolver(ctx.api, path);
  let els: El[] = [];
  let facts: PageFacts;
  if (/\.vue$/.test(path)) {
    facts = emptyFacts(path, 'vue');
    const tree = parser.parse('vue', text);
    if (!tree) return undefined;
    try {
      for (const n of tree.rootNode.namedChildren) {
        if (!n) continue;
        if (n.type === 'template_element') {
          els = markupElements(n);
          applyRules(els, facts);
        } else if (n.type === 'script_element') {
          const raw = n.namedChildren.find((c) => c?.type === 'raw_text');
          if (!raw) continue;
          const lang = /lang=["'](tsx?|jsx)["']/.exec(n.namedChildren[0]?.text ?? '')?.[1];
          readScript(parser, lang === 'tsx' ? 'tsx' : lang === 'ts' ? 'typescript' : 'javascript', raw.text, facts, { apiCall, offset: raw.startPosition.row }, lang === 'tsx' || lang === 'jsx');
        }
      }
    } finally {
      tree.delete();
    }
  } else if (/\.wxml$/.test(path)) {
    facts = emptyFacts(path, 'wxml');
    const tree = parser.parse('html', text);
    if (!tree) return undefined;
    try {
      els = markupElements(tree.rootNode);
      applyRules(els, facts);
    } finally {
      tree.delete();
    }
    const base = stripExt(path);
    const script = ctx.byPath.get(`${base}.js`) ?? ctx.byPath.get(`${base}.ts`);
    if (script) readScript(parser, script.path.endsWith('.ts') ? 'typescript' : 'javascript', script.text, facts, { apiCall: apiResolver(ctx.api, script.path) }, false);
    const json = ctx.meta.get(`${base}.json`);
    const title = json ? /"navigationBarTitleText"\s*:\s*"([^"]+)"/.exec(json.text) : null;
    if (title) facts.title = { text: title[1], line: json!.text.slice(0, title.index).split('\n').length };
  } else if (/\.(jsx|tsx)$/.test(path) || (/\.(js|ts)$/.test(path) && PAGE_DIR.test(path) && /<[A-Za-z][\w.]*[\s/>]/.test(text) && !API_DIR.test(path))) {
    facts = emptyFacts(path, 'react');
    els = readScript(parser, /\.tsx$/.test(path) ? 'tsx' : /\.ts$/.test(path) ? 'tsx' : 'javascript', text, facts, { apiCall }, true);
    if (!els.length && !facts.columns.length && !facts.fields.length) return undefined;
  } else if (f.language === 'HTML' && /(^|\/)templates?\/|\.(jinja2?|j2|djhtml)$/.test(path)) {
    facts = emptyFacts(path, 'template');
    const tree = parser.parse('html', templateText(text));
    if (!tree) return undefined;
    try {
      els = markupElements(tree.rootNode);
      applyRules(els, facts);
      if (!facts.title) {
        const h = [...eachEl(els)].find((e) => /^h[12]$/.test(e.tag) && e.text);
        if (h) facts.title = { text: h.text, line: h.line };
      }
    } finally {
      tree.delete();
    }
  } else return undefined;
  facts.login = loginMethod(facts, els, text);
  return found(facts) ? facts : undefined;
}

/** Reads an Android layout (res/layout…/x.xml, kept among the meta files) with its string resources. */
function readLayout(m: MetaFile, parser: PageParser, strings: Map<string, string>): PageFacts | undefined {
  const facts = emptyFacts(m.path, 'android');
  const tree = parser.parse('html', m.text.replace(/<\?xml[^>]*\?>/, (x) => ' '.repeat(x.length)));
  if (!tree) return undefined;
  try {
    const els = markupElements(tree.rootNode);
    applyRules(els, facts, { resolve: (raw) => strings.get(raw.replace(/^@(android:)?string\//, '')) });
  } finally {
    tree.delete();
  }
  return found(facts) ? facts : undefined;
}

const str = (x: unknown): x is string => typeof x === 'string' && x.trim() !== '';
const ROUTER_FILE = /(^|\/)(router|routers|routes?)(\/|\.[cm]?[jt]sx?$)/i;
const HOME_NAME = /(?:^|\/)(?:views|pages|screens)\/(?:home|dashboard|index|welcome|workbench|main)(?:\/index)?\.\w+$/i;

/** A mini-program or uni-app configuration (app.json, pages.json), comments allowed; undefined when it is not one. */
function appConfig(text: string): { pages: string[]; entry?: string; tabs: { page: string; text: string }[] } | undefined {
  let cfg: { pages?: unknown[]; entryPagePath?: unknown; tabBar?: { list?: { pagePath?: unknown; text?: unknown }[] } };
  try {
    cfg = JSON.parse(text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')) as typeof cfg;
  } catch {
    return undefined;
  }
  const pages = (Array.isArray(cfg.pages) ? cfg.pages : []).map((x) => (typeof x === 'string' ? x : (x as { path?: unknown } | null)?.path)).filter(str);
  if (!pages.length) return undefined;
  const list = Array.isArray(cfg.tabBar?.list) ? cfg.tabBar.list : [];
  return { pages, entry: str(cfg.entryPagePath) ? cfg.entryPagePath : undefined, tabs: list.filter((t) => str(t?.pagePath) && str(t?.text)).map((t) => ({ page: t.pagePath as string, text: (t.text as string).trim() })) };
}

/**
 * Marks the app's home page and its bottom tab bar on the pages (PageFacts.home, .tab): from a mini-program's
 * app.json or a uni-app pages.json (the entry page, else the first page; tabBar.list), else from the router (the
 * page "/" redirects to or loads), else a views/pages home, dashboard or index page.
 */
function markShell(pages: PageFacts[], files: CodeFile[], meta: MetaFile[]): void {
  const byBase = (base: string) => pages.find((p) => stripExt(p.file) === base.replace(/^\//, ''));
  let home: PageFacts | undefined;
  for (const m of meta) {
    if (!/(^|\/)(app|pages)\.json$/.test(m.path)) continue;
    const cfg = appConfig(m.text);
    if (!cfg) continue;
    const at = (page: string) => `${dirOf(m.path) ? `${dirOf(m.path)}/` : ''}${page.replace(/^\//, '')}`;
    home ??= byBase(at(cfg.entry ?? cfg.pages[0]));
    cfg.tabs.forEach((t, order) => {
      const p = byBase(at(t.page));
      if (p && usable(t.text, 8) && !p.tab) p.tab = { text: t.text, order };
    });
  }
  for (const f of files) {
    if (home || !ROUTER_FILE.test(f.path) || f.text.length > MAX_TEXT) continue;
    const root = /\bpath:\s*['"]\/?['"][^{}]*?\b(?:redirect:\s*['"]([^'"]+)['"]|component:\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"])/.exec(f.text);
    if (!root) continue;
    const target = (root[1] ?? root[2]).replace(/^[@~]\/?/, '').replace(/\/index$/, '').replace(/\/+$/, '');
    const last = target.slice(target.lastIndexOf('/') + 1);
    if (last) home = pages.find((p) => new RegExp(`(^|/)${last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/index)?\\.\\w+$`).test(p.file) && !/(^|\/)components?\//.test(p.file));
  }
  home ??= pages.find((p) => HOME_NAME.test(p.file));
  if (home) home.home = true;
}

/** The page folder of a file: the path up to and including the folder under views/ or pages/ ("src/views/system/user"). */
export function pageGroupOf(file: string): string | undefined {
  const m = /^(.*?(?:^|\/)(?:views|pages|screens)\/[\w-]+)(?:\/|\.[\w]+$)/i.exec(file);
  return m?.[1];
}

/**
 * Every page of the code with what it shows and does (see PageFacts), attached to the unit whose evidence holds the
 * page's file or its page folder; the home page and the tab bar's pages marked (markShell). `meta` gives the
 * mini-program pages' .json (titles), app.json / pages.json, and Android layouts and strings.
 * Reads at most 800 pages of at most 300 KB each.
 */
export async function readPageFacts(files: CodeFile[], meta: MetaFile[] = [], units: CodeUnit[] = []): Promise<PageFacts[]> {
  const parser = await pageParser();
  const byPath = new Map(files.map((f) => [f.path, f]));
  const metaByPath = new Map(meta.map((m) => [m.path, m]));
  const strings = androidStrings(meta);
  const api = apiIndex(files, parser);
  const out: PageFacts[] = [];
  for (const f of files) {
    if (out.length >= MAX_FILES) break;
    if (SKIP.test(f.path) || f.text.length > MAX_TEXT) continue;
    if (/(^|\/)components?\//i.test(f.path) && !PAGE_DIR.test(f.path)) continue;
    const p = readPage(f, parser, { api, byPath, meta: metaByPath, strings });
    if (p) out.push(p);
  }
  for (const m of meta) {
    if (out.length >= MAX_FILES) break;
    if (/(^|\/)res\/layout[\w-]*\/[^/]+\.xml$/.test(m.path)) {
      const p = readLayout(m, parser, strings);
      if (p) out.push(p);
    }
  }
  markShell(out, files, meta);
  // Attach each page to its unit: by file, else by page folder.
  const byFile = new Map<string, string>();
  const byGroup = new Map<string, string>();
  for (const u of units)
    for (const e of u.evidence) {
      if (!byFile.has(e.file)) byFile.set(e.file, u.key);
      const g = e.kind === 'page' ? pageGroupOf(e.file) : undefined;
      if (g && !byGroup.has(g)) byGroup.set(g, u.key);
    }
  for (const p of out) {
    const g = pageGroupOf(p.file);
    p.unit = byFile.get(p.file) ?? (g ? byGroup.get(g) : undefined);
  }
  return out;
}

/** Templates that are parts of pages or error pages, not pages a user opens from the site's navigation. */
const TEMPLATE_PART = /(^|\/)(errors?|fragments?|partials?|includes?|ajax|emails?|mail|layouts?|base|macros?|snippets?|widgets?|components?)(\/|\.html?$)|(^|\/)(_[^/]*|40\d|50\d|base[\w-]*|layout[\w-]*)\.html?$/i;

/**
 * Units for the pages of a server-rendered site (Django/Jinja templates) that no unit holds yet, when the code's
 * other units give the site no named module: one per template page with a title, named by the title as the page
 * shows it — its Chinese translation from the gettext catalogue (`zh`: msgid → msgstr) when there is one — and
 * attached to the page's facts. A URL configuration without a name of its own (an unlabelled `urls …` unit) is then
 * left to the pages it serves. Returns the units to use; `pages` get their `unit` set in place.
 */
export function templatePageUnits(units: CodeUnit[], pages: PageFacts[], zh: Map<string, string> = new Map()): CodeUnit[] {
  if (units.some((u) => u.label && u.kind !== 'routes')) return units;
  const added: CodeUnit[] = [];
  const seen = new Set<string>();
  for (const p of pages) {
    if (p.framework !== 'template' || p.unit || !p.title || TEMPLATE_PART.test(p.file)) continue;
    const shown = p.title.text.trim();
    const title = /[\u4e00-\u9fff]/.test(shown) ? shown : zh.get(shown) ?? (isDisplayTitle(shown) ? shown : undefined);
    if (!title || seen.has(title)) continue;
    seen.add(title);
    const stem = p.file.replace(/^.*?templates\//, '').replace(/\.html?$/i, '');
    const words = stem.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w.toLowerCase());
    const key = `template ${words.join(' ')}`;
    added.push({ key, label: title, labelFrom: 'page', words, kind: 'page', evidence: [{ file: p.file, symbol: `页面标题：${title}`, kind: 'page', line: p.title.line }] });
    p.unit = key;
  }
  if (!added.length) return units;
  return [...units.filter((u) => !(u.kind === 'routes' && !u.label && u.key.startsWith('urls '))), ...added];
}

/**
 * The page facts of the code (readPageFacts) and the units to use with them: `units`, or — for a server-rendered site
 * whose code names no module — its titled template pages (templatePageUnits, translated by the code's own zh
 * catalogues in `meta`).
 */
export async function readPagesAndUnits(files: CodeFile[], meta: MetaFile[], units: CodeUnit[]): Promise<{ pages: PageFacts[]; units: CodeUnit[] }> {
  const pages = await readPageFacts(files, meta, units);
  return { pages, units: templatePageUnits(units, pages, zhTranslations(meta)) };
}
