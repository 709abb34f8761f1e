import type { CodeFile, MetaFile } from '../intake/intake';
import { fileHas, hasAny, hasAtLineStart, hasDecoratorCall, hasLiteral, hasNameAfter } from '../intake/text-scan';
import { factsOf, type Annotation, type SymbolFact } from './parse/facts';
import { grammarOf, hasGrammar } from './parse/grammars';
import { htmlTitle, isDisplayTitle, miniProgramTitles, sqlMenuTitles, zhTranslations, type NamedPlace } from './vocabulary';

/**
 * What the code itself says about its modules and its public interface, each item with where it
 * was found (file and symbol). The writer describes only these units; the check report counts
 * coverage both ways against them (cpcc-materials.md: "Two-way coverage … the most common
 * correction reason"). Regular expressions over the text, bounded per file; pure.
 */

/** Where a claim comes from: a file and, when known, the symbol (class, function, route, menu title). */
export interface Evidence {
  file: string;
  symbol?: string;
  /** controller, route, page, menu, job, entity, export, command, package. */
  kind: EvidenceKind;
  line?: number;
}
export type LabelSource = 'menu' | 'page' | 'api' | 'translation' | 'doc';
const LABEL_RANK: Record<LabelSource, number> = { menu: 0, page: 1, api: 2, translation: 3, doc: 4 };

export type EvidenceKind = 'controller' | 'route' | 'page' | 'menu' | 'job' | 'entity' | 'export' | 'command' | 'package';

/** One business unit of the code: a controller group, a page folder, a package of a library, a command. */
export interface CodeUnit {
  /** Stable key (lower-case words), e.g. "user", "job", "monitor/cache". */
  key: string;
  /** Chinese label found in the code (menu title, page title, API tag, translation, doc comment), when any: "用户信息", "定时任务". */
  label?: string;
  /**
   * Where the label comes from, most authoritative first: menu (router meta.title, SQL menu seed), page (page title,
   * tab bar, HTML <title>), api (Swagger @Api/@Tag, OpenAPI), translation (verbose_name + gettext catalogue), doc (a
   * doc comment). Absent without a label: the writer then names the unit by what it does and asks the user to confirm.
   */
  labelFrom?: LabelSource;
  /** English words of the key for readers and writers: "user", "job log". */
  words: string[];
  kind: 'controller' | 'page' | 'package' | 'command' | 'job' | 'routes';
  evidence: Evidence[];
}

/** One item of the public interface (design document for software without a user interface). */
export interface ApiItem {
  kind: 'function' | 'class' | 'method' | 'endpoint' | 'command' | 'option';
  name: string;
  /** As written in the code: "debounce(func, wait, options)", "GET /system/user/list", "mazhu generate <dir>". */
  signature: string;
  file: string;
  line: number;
  /** First sentence of the doc comment or help text, when any. */
  doc?: string;
}

export interface UsageExample {
  /** README.md, or the file it came from. */
  source: string;
  /** Code as written (at most 20 lines). */
  code: string;
}

export interface CodeStructure {
  units: CodeUnit[];
  api: ApiItem[];
  examples: UsageExample[];
}

const MAX_TEXT = 400_000;

/** One route of a Python handler table (Tornado / Jupyter `default_handlers`, `web.Application([...])`). */
export interface HandlerRoute {
  /** The URL pattern with its regular-expression parts as {name}: "/api/contents{path}", "/api/kernels/{kernel_id}". */
  path: string;
  handler: string;
  /** HTTP methods the handler class of the same file defines (GET, POST…); empty when the class is elsewhere. */
  methods: string[];
  /** Parameters of each method as written: { GET: 'self, path=""' }. */
  params: Record<string, string>;
  index: number;
}

const HANDLER_TUPLE = /\(\s*(?:rf|fr|r|f)?(["'])(\/[^"'\n]*)\1(?:\s*%\s*\(?\s*[\w.]+(?:\s*,\s*[\w.]+)*\s*\)?)?\s*,\s*([A-Z]\w*)\s*[,)]/g;
const HANDLER_BY_NAME = /\(\s*([a-z_][\w.]*(?:url|uri|path|route|pattern|regex))\s*,\s*([A-Z]\w*(?:Handler|Websocket|WebSocket|Socket))\s*[,)]/g;
const HANDLER_BASE = /\bclass\s+\w+\s*\([^)]*(?:Handler|handler)\b[^)]*\)\s*:/;

/** Readable URL pattern: %s and {x_regex} become {…} / {x}, named groups (?P<x>…) become {x}. */
function readablePattern(raw: string, wholeMatch: string): string {
  // the names after the string: (r"/api/kernels/%s" % _kernel_id_regex, …) → kernel_id
  const tail = wholeMatch.slice(wholeMatch.indexOf(raw) + raw.length + 1);
  const names = [.../%\s*\(?\s*([\w.]+(?:\s*,\s*[\w.]+)*)/.exec(tail)?.[1].split(/\s*,\s*/) ?? []];
  let i = 0;
  return raw
    .replace(/%s/g, () => `{${(names[i++] ?? '').replace(/^_+/, '').replace(/_regex$/, '') || '…'}}`)
    .replace(/\{_*(\w+?)(?:_regex)?\}/g, '{$1}')
    .replace(/\(\?P<(\w+)>(?:[^()]|\([^()]*\))*\)/g, '{$1}')
    .replace(/\/?\?\(\.\*\)/g, '/{…}')
    .replace(/\\\./g, '.');
}

/**
 * The routes of Python handler tables (Tornado, Jupyter server extensions): `(r"/api/kernels/%s" % _kernel_id_regex,
 * KernelHandler)` in a file that defines or imports request handlers, each with the HTTP methods its class defines in
 * the same file. Pure; linear in the text.
 */
export function pythonHandlerRoutes(text: string): HandlerRoute[] {
  if (!text.includes('Handle') || !/Handler\b/.test(text) || !/handlers|Application\(/.test(text)) return [];
  const out: HandlerRoute[] = [];
  for (const m of text.matchAll(HANDLER_TUPLE)) {
    const handler = m[3];
    if (!/(Handler|Websocket|WebSocket|Socket)$/.test(handler) && !HANDLER_BASE.test(text)) continue;
    const methods: string[] = [];
    const params: Record<string, string> = {};
    const at = text.search(new RegExp(`^class\\s+${handler}\\b`, 'm'));
    if (at >= 0) {
      const rest = text.slice(text.indexOf('\n', at) + 1);
      const end = rest.search(/^\S/m);
      const body = end >= 0 ? rest.slice(0, end) : rest;
      for (const d of body.matchAll(/^\s+(?:async\s+)?def\s+(get|post|put|patch|delete|head|options|open)\s*\(([^)]*)\)/gm)) {
        const method = d[1] === 'open' ? 'WS' : d[1].toUpperCase();
        if (!methods.includes(method)) methods.push(method);
        params[method] = d[2].replace(/\s+/g, ' ').trim();
      }
    }
    out.push({ path: readablePattern(m[2], m[0]), handler, methods, params, index: m.index ?? 0 });
  }
  // (csp_report_uri, CSPReportHandler): the URL is a constant defined elsewhere; its name stands for it.
  for (const m of text.matchAll(HANDLER_BY_NAME)) {
    const handler = m[2];
    const at = text.search(new RegExp(`^class\\s+${handler}\\b`, 'm'));
    const body = at >= 0 ? text.slice(text.indexOf('\n', at) + 1).split(/^\S/m)[0] : '';
    const methods = [...body.matchAll(/^\s+(?:async\s+)?def\s+(get|post|put|patch|delete|head|options)\s*\(/gm)].map((d) => d[1].toUpperCase());
    out.push({ path: `{${m[1]}}`, handler, methods: [...new Set(methods)], params: {}, index: m.index ?? 0 });
  }
  return out;
}
/** The handler routes of each text while a shared analysis runs (see sharingHandlerRoutes); undefined otherwise. */
let handlerRoutesMemo: Map<string, HandlerRoute[]> | undefined;

/**
 * Runs `run` with the handler routes of each text computed once and shared by every pass that asks for them through
 * handlerRoutesOf (the analysis reads each Python file's routes in four passes). Nested calls share the outer memo;
 * the memo is dropped when the outermost call returns or throws.
 */
export function sharingHandlerRoutes<T>(run: () => T): T {
  if (handlerRoutesMemo) return run();
  handlerRoutesMemo = new Map();
  try {
    return run();
  } finally {
    handlerRoutesMemo = undefined;
  }
}

/** pythonHandlerRoutes(text), from the memo of sharingHandlerRoutes when one is open; the result must not be changed. */
export function handlerRoutesOf(text: string): readonly HandlerRoute[] {
  if (!handlerRoutesMemo) return pythonHandlerRoutes(text);
  let routes = handlerRoutesMemo.get(text);
  if (!routes) {
    routes = pythonHandlerRoutes(text);
    handlerRoutesMemo.set(text, routes);
  }
  return routes;
}

/** The methods of the route decorators of Python web frameworks (`@app.route(`, `@router.websocket(`). */
const DECORATOR_ROUTES = ['route', 'get', 'post', 'put', 'delete', 'patch', 'websocket'];

const TEST_PATH = /(^|\/)(test|tests|__tests__|spec|specs|e2e|examples?|demo|docs?|benchmarks?|scripts?)\/|\.(test|spec)\.[a-z]+$|_test\.(go|py)$|(^|\/)test_[^/]+\.py$/i;
/** A JVM project's main source root (Maven/Gradle layout): the folders below it are package names. */
const JVM_MAIN_ROOT = /(^|\/)src\/main\/(java|kotlin|scala|groovy)\//;

/**
 * True for tests, samples, docs and scripts (TEST_PATH). Below a JVM main source root (src/main/java/…) folders are
 * package names, not samples: com/example/demo is Spring Initializr's default package. There only the path up to the
 * root counts (a sample project under examples/ still is one).
 */
function isTestPath(path: string): boolean {
  return TEST_PATH.test(path) && TEST_PATH.test(folderPart(path));
}

/**
 * The part of `path` whose folder names say what the folder holds: all of it, or, for a file below a JVM main
 * source root (src/main/java/…), the path up to that root (below it folders are package names: com/example/demo is
 * Spring Initializr's default package, not a sample).
 */
export function folderPart(path: string): string {
  const root = JVM_MAIN_ROOT.exec(path);
  return root ? path.slice(0, root.index + root[0].length) : path;
}

/** Where each line of the text last given to lineAt starts (files are read one after another: one text at a time). */
let lineStartsOf: { text: string; starts: number[] } | undefined;

/** 1-based line number of `index` in `text` (newlines before it, plus one); O(log n) after one pass per text. */
export const lineAt = (text: string, index: number): number => {
  if (lineStartsOf?.text !== text) {
    const starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    lineStartsOf = { text, starts };
  }
  const starts = lineStartsOf.starts;
  const at = Math.max(0, Math.min(index, text.length));
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** Splits an identifier into lower-case words: "SysJobLogController" → ["sys","job","log","controller"]. */
export function identifierWords(s: string): string[] {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
}

const PREFIX_WORDS = new Set(['sys', 'tb', 't', 'base', 'api', 'admin', 'web', 'app', 'rest', 'biz', 'my']);
const SUFFIX_WORDS = new Set(['controller', 'resource', 'endpoint', 'handler', 'api', 'rest', 'view', 'views', 'router', 'routes', 'service', 'action']);
/** Words that name a part of a business unit: JobLog belongs to Job, DictData to Dict. */
const PART_WORDS = new Set(['log', 'logs', 'data', 'type', 'types', 'item', 'items', 'detail', 'details', 'record', 'records', 'category', 'categories']);

/** The unit key of a controller/handler class name: SysJobLogController → "job", SysUserOnlineController → "user online". */
export function unitKeyOf(className: string): string[] {
  let w = identifierWords(className);
  while (w.length > 1 && PREFIX_WORDS.has(w[0])) w = w.slice(1);
  while (w.length > 1 && SUFFIX_WORDS.has(w[w.length - 1])) w = w.slice(0, -1);
  if (w.length > 1 && PART_WORDS.has(w[w.length - 1])) w = w.slice(0, -1);
  return w;
}

/** The Chinese text of the doc comment right before `index` (Javadoc / KDoc / JSDoc / `#` lines), first line. */
function docBefore(text: string, index: number): string | undefined {
  const before = text.slice(Math.max(0, index - 1200), index);
  // the comment may be followed by annotations and modifiers: /** 用户信息 */ @RestController @RequestMapping("/x") public
  const m = /\/\*\*([\s\S]*?)\*\/\s*(?:@[\w.]+(?:\([^)]*\))?\s*)*(?:(?:public|protected|private|internal|open|abstract|final|sealed|data|static)\s+)*$/.exec(before);
  if (!m) return undefined;
  for (const raw of m[1].split('\n')) {
    const l = raw.replace(/^\s*\*\s?/, '').trim();
    if (!l || l.startsWith('@')) continue;
    return l;
  }
  return undefined;
}

/** Cleans a doc label into a unit label: "用户信息 操作处理" → "用户信息", "调度任务信息操作处理" → "调度任务信息". */
export function cleanLabel(s: string | undefined): string | undefined {
  if (!s || !/[\u4e00-\u9fff]/.test(s)) return undefined;
  const t = s
    .replace(/[，。,.;；:：].*$/, '')
    .replace(/\s+/g, '')
    .replace(/(的)?(操作处理|控制器|控制层|处理器|接口|controller|Controller|请求处理|相关接口|管理接口)$/u, '')
    .trim();
  return t.length >= 2 && t.length <= 16 ? t : undefined;
}

interface UnitDraft {
  key: string;
  words: string[];
  label?: string;
  labelFrom?: LabelSource;
  kind: CodeUnit['kind'];
  evidence: Evidence[];
}

class Units {
  readonly map = new Map<string, UnitDraft>();
  /** Adds evidence to the unit `key` (created on first sight); a label replaces one from a less authoritative source. */
  add(key: string, words: string[], kind: CodeUnit['kind'], ev: Evidence, label?: string, from: LabelSource = 'doc'): void {
    let u = this.map.get(key);
    if (!u) {
      u = { key, words, kind, evidence: [] };
      this.map.set(key, u);
    }
    if (label && (!u.label || LABEL_RANK[from] < LABEL_RANK[u.labelFrom ?? 'doc'])) {
      u.label = label;
      u.labelFrom = from;
    }
    if (u.evidence.length < 40 && !u.evidence.some((e) => e.file === ev.file && e.symbol === ev.symbol)) u.evidence.push(ev);
  }
}

/** i18n route titles ("dashboard" → "首页") from zh locale files of a front end. */
function zhDictionary(files: CodeFile[]): Map<string, string> {
  const dict = new Map<string, string>();
  for (const f of files) {
    if (!/(^|\/)(lang|locales?|i18n)\/(zh|zh-cn|zh_cn|zh-hans)[^/]*\.(js|ts|json)$|(^|\/)(lang|locales?|i18n)\/zh[^/]*\/[^/]+\.(js|ts|json)$/i.test(f.path)) continue;
    for (const m of f.text.matchAll(/["']?([A-Za-z][\w-]*)["']?\s*:\s*['"]([^'"\n]*[\u4e00-\u9fff][^'"\n]*)['"]/g)) if (!dict.has(m[1])) dict.set(m[1], m[2]);
  }
  return dict;
}

/**
 * Page path → menu title from the router's own entries (parsed: `{ path, component: () => import('@/views/order/index'),
 * meta: { title: '订单管理' } }`); i18n keys read through the zh dictionary. Keyed by the component path after
 * views/ or pages/ without /index ("order", "system/user").
 */
function routerTitles(files: CodeFile[], dict: Map<string, string>): Map<string, NamedPlace> {
  const out = new Map<string, NamedPlace>();
  for (const f of files) {
    if (!/(^|\/)(router|routes|routers|menus?)(\/|\.)/i.test(f.path) || f.text.length > MAX_TEXT) continue;
    for (const r of factsOf(f).routeTitles) {
      const title = /[\u4e00-\u9fff]/.test(r.title) ? r.title : (dict.get(r.title) ?? dict.get(r.title.split('.').at(-1) ?? '') ?? (isDisplayTitle(r.title) ? r.title : undefined));
      const page = r.component ? pagePathOf(r.component) : undefined;
      if (title && page && !out.has(page)) out.set(page, { title, file: f.path, line: r.line });
    }
  }
  return out;
}

/** "@/views/system/user/index" → "system/user"; "system/user/index" (a menu seed's component) → "system/user". */
function pagePathOf(component: string): string | undefined {
  const c = component.replace(/\.(vue|jsx|tsx|js|ts|svelte)$/, '').replace(/\/index$/, '');
  const m = /(?:^|\/)(?:views|pages|screens)\/(.+)$/.exec(c);
  const rest = m ? m[1] : /^[\w-]+(\/[\w-]+)*$/.test(c) ? c : undefined;
  return rest?.replace(/^\/+/, '') || undefined;
}

const PAGE_DIR = /(?:^|\/)(?:src\/)?(views|pages|screens)\/([\w-]+)(\/|\.(vue|jsx|tsx|js|ts|svelte|wxml|html)$)/i;
const IGNORED_PAGE_GROUPS = new Set(['components', 'component', 'common', 'layout', 'layouts', 'error', 'error-page', 'errorpage', '404', '401', 'redirect', 'index', 'mixin', 'mixins', 'utils', 'styles', 'assets']);

/** The module name a Swagger/OpenAPI tag gives: "系统：用户管理" → "用户管理" (the part after the group). */
function tagLabel(anns: Annotation[]): string | undefined {
  for (const a of anns) {
    const v = a.name === 'Api' ? (a.args.tags?.[0] ?? a.args.value?.[0]) : a.name === 'Tag' ? (a.args.name?.[0] ?? a.args.value?.[0]) : a.name === 'ApiModel' ? undefined : undefined;
    if (v && /[\u4e00-\u9fff]/.test(v)) return v.split(/[：:]/).pop()!.trim() || v;
  }
  return undefined;
}

/** The summary of an endpoint from its API documentation: @ApiOperation("…"), @Operation(summary = "…"). */
export function operationDoc(anns: Annotation[]): string | undefined {
  for (const a of anns) {
    if (a.name === 'ApiOperation') return a.args.value?.[0] ?? a.args.notes?.[0];
    if (a.name === 'Operation') return a.args.summary?.[0] ?? a.args.description?.[0];
  }
  return undefined;
}

/** Permission prefixes of a controller's methods: @PreAuthorize("@ss.hasPermi('system:user:list')") → system:user. */
function permissionPrefixes(methods: SymbolFact[]): string[] {
  const out = new Set<string>();
  for (const m of methods)
    for (const a of m.annotations) {
      if (!/PreAuthorize|RequiresPermissions|SaCheckPermission/.test(a.name)) continue;
      for (const v of Object.values(a.args).flat()) for (const p of v.matchAll(/([\w-]+:[\w-]+):[\w-]+/g)) out.add(p[1]);
    }
  return [...out];
}

/**
 * Units that are not business modules: start-up classes, configuration, utilities, plugin frameworks, test helpers,
 * page furniture (back-to-top, loading). Matched on the unit's words.
 */
const TECHNICAL_WORDS = /^(controller|controllers|api|apis|rest|service|services|view|views|model|models|dao|mapper|mappers|entity|entities|domain|dto|vo|pojo|run|runner|main|application|app|bootstrap|boot|starter|server|config|configs|configuration|settings|setting|util|utils|utility|utilities|helper|helpers|common|core|base|plugin|plugins|extension|extensions|middleware|middlewares|interceptor|interceptors|filter|filters|aspect|aspects|handler|exception|exceptions|error|errors|test|tests|mock|mocks|fixture|fixtures|demo|example|examples|back to top|backtotop|scroll|loading|spinner|static|assets|lib|libs|vendor|database|db|datasource|swagger|captcha image|health|ping|index|home page)$/;

/** Controller classes that belong to the framework, not to a business: BaseController, ErrorController, a bare Controller. */
const TECHNICAL_CONTROLLER = /^(controller|base|base controller|abstract|common|error|errors|global|global exception|exception|index|main|app|application|run|captcha image|swagger|health|ping|test)$/;

/** True for a unit that is technical, not a business module (see TECHNICAL_WORDS). */
export function isTechnicalUnit(words: string[]): boolean {
  return words.length === 0 || TECHNICAL_WORDS.test(words.join(' ')) || words.every((w) => TECHNICAL_WORDS.test(w));
}

function collectUnits(files: CodeFile[], meta: MetaFile[]): CodeUnit[] {
  const units = new Units();
  const dict = zhDictionary(files);
  const titles = routerTitles(files, dict);
  const menus = sqlMenuTitles(files);
  const mini = miniProgramTitles(meta);
  const translate = zhTranslations(meta);
  const zh = (s: string | undefined) => (s && /[\u4e00-\u9fff]/.test(s) ? s : s ? translate.get(s) : undefined);
  /** Django models registered in the admin (each is a menu entry of the admin site). */
  const adminRegistered = new Set<string>();
  const appLabels = new Map<string, NamedPlace>();
  for (const f of files) {
    if (f.language !== 'Python' || isTestPath(f.path)) continue;
    if (/(^|\/)admin\.py$/.test(f.path) || f.text.includes('admin.register'))
      for (const m of f.text.matchAll(/admin\.site\.register\(\s*\[?\s*([\w.]+)|@admin\.register\(\s*([\w.]+)/g)) adminRegistered.add((m[1] ?? m[2]).split('.').pop()!);
    for (const m of factsOf(f).models) if (m.app && zh(m.verboseName)) appLabels.set(f.path.slice(0, f.path.lastIndexOf('/') + 1), { title: zh(m.verboseName)!, file: f.path, line: m.line });
  }
  const appOf = (path: string) => [...appLabels.entries()].filter(([dir]) => path.startsWith(dir)).sort((a, b) => b[0].length - a[0].length)[0]?.[1];
  for (const f of files) {
    if (isTestPath(f.path)) continue;
    const text = f.text.length > MAX_TEXT ? f.text.slice(0, MAX_TEXT) : f.text;
    // Java / Kotlin / C# controllers: named by their menu (permission → SQL menu seed), API tag, else Javadoc.
    if (/^(Java|Kotlin|C#|Groovy|Scala)$/.test(f.language)) {
      const facts = factsOf(f);
      const clsFact = facts.symbols.find((s) => s.kind === 'class' && (s.annotations.some((a) => /^(Rest)?Controller$/.test(a.name)) || /Controller$/.test(s.name)));
      const cm = clsFact ? null : text.includes('Contro') ? /@(?:Rest)?Controller\b[\s\S]{0,400}?\bclass\s+(\w+)|\bclass\s+(\w+Controller)\b/.exec(text) : null;
      if (clsFact || cm) {
        const cls = clsFact?.name ?? cm![1] ?? cm![2];
        const words = unitKeyOf(cls);
        const key = words.join(' ');
        const classIdx = text.indexOf(`class ${cls}`);
        const methods = facts.symbols.filter((s) => s.owner === cls && s.kind === 'method');
        const mapping = clsFact?.annotations.find((a) => a.name === 'RequestMapping');
        const base = mapping ? (mapping.args.value?.[0] ?? mapping.args.path?.[0]) : /@RequestMapping\(\s*(?:value\s*=\s*)?["']([^"']+)["']/.exec(text.slice(0, classIdx + 200))?.[1];
        const ev: Evidence = { file: f.path, symbol: cls + (base ? ` ${base}` : ''), kind: 'controller', line: clsFact?.line ?? lineAt(text, classIdx) };
        const menu = permissionPrefixes(methods).map((p) => menus.get(p)).find(Boolean);
        const tag = clsFact ? tagLabel(clsFact.annotations) : undefined;
        const doc = cleanLabel(clsFact ? clsFact.doc : docBefore(text, classIdx));
        units.add(key, words, 'controller', ev, doc, 'doc');
        if (tag) units.add(key, words, 'controller', ev, tag, 'api');
        if (menu) units.add(key, words, 'controller', { file: menu.file, symbol: `菜单：${menu.title}`, kind: 'menu', line: menu.line }, menu.title, 'menu');
        if (clsFact) {
          for (const m of methods) {
            const a = m.annotations.find((x) => /^(Get|Post|Put|Delete|Patch|Request)Mapping$/.test(x.name));
            if (!a) continue;
            const method = a.name === 'RequestMapping' ? 'ANY' : a.name.replace('Mapping', '').toUpperCase();
            const path = ((base ?? '') + '/' + (a.args.value?.[0] ?? a.args.path?.[0] ?? '')).replace(/\/+/g, '/').replace(/\/$/, '') || '/';
            units.add(key, words, 'controller', { file: f.path, symbol: `${method} ${path}`, kind: 'route', line: m.line });
          }
        } else
          for (const m of text.matchAll(/@(Get|Post|Put|Delete|Patch|Request)Mapping(?:\(\s*(?:value\s*=\s*)?(?:\{\s*)?["']([^"']*)["'])?/g)) {
            if ((m.index ?? 0) < classIdx) continue;
            const method = m[1] === 'Request' ? 'ANY' : m[1].toUpperCase();
            const path = ((base ?? '') + '/' + (m[2] ?? '')).replace(/\/+/g, '/').replace(/\/$/, '') || '/';
            units.add(key, words, 'controller', { file: f.path, symbol: `${method} ${path}`, kind: 'route', line: lineAt(text, m.index ?? 0) });
          }
        continue;
      }
      // Every match holds "@Scheduled" or "Job": a text with neither is not searched.
      const job = hasAny(text, ['@Scheduled', 'Job']) ? /@Scheduled\b|\bimplements\s+(?:org\.quartz\.)?Job\b|extends\s+QuartzJobBean\b|@XxlJob\b/.exec(text) : null;
      if (job) {
        const cls = /\bclass\s+(\w+)/.exec(text)?.[1] ?? f.path;
        units.add('scheduled', ['scheduled', 'job'], 'job', { file: f.path, symbol: cls, kind: 'job', line: lineAt(text, job.index) }, '定时任务', 'doc');
      }
    }
    // Django: the models the admin site lists, named by their verbose name in the Chinese catalogue.
    if (f.language === 'Python' && adminRegistered.size) {
      for (const m of factsOf(f).models) {
        if (m.app || !adminRegistered.has(m.name)) continue;
        const label = zh(m.verboseNamePlural) ?? zh(m.verboseName);
        const words = identifierWords(m.name);
        units.add(`model ${words.join(' ')}`, words, 'page', { file: f.path, symbol: `${m.name}${m.verboseName ? ` verbose_name="${m.verboseName}"` : ''}`, kind: 'entity', line: m.line }, label, 'translation');
      }
    }
    // Django URL configuration: the app's views, named by the app's verbose name.
    if (f.language === 'Python' && /(^|\/)urls\.py$/.test(f.path) && /\b(re_)?path\(|\burl\(/.test(text)) {
      const app = appOf(f.path);
      const dir = f.path.split('/').slice(-2, -1)[0] ?? 'site';
      const words = identifierWords(dir);
      for (const m of text.matchAll(/\b(?:re_path|path|url)\(\s*r?["']([^"']*)["']\s*,\s*([\w.]+)/g))
        units.add(`urls ${words.join(' ')}`, words, 'routes', { file: f.path, symbol: `ROUTE /${m[1].replace(/^\^|\$$/g, '')} → ${m[2]}`, kind: 'route', line: lineAt(text, m.index ?? 0) }, app?.title, 'translation');
    }
    // Python web: Flask blueprints, FastAPI routers, Django views, Tornado handler tables — one unit per file.
    if (f.language === 'Python') {
      const routes: Array<{ symbol: string; path: string; index: number }> = [];
      if (hasDecoratorCall(text, DECORATOR_ROUTES)) for (const r of text.matchAll(/@(\w+)\.(route|get|post|put|delete|patch|websocket)\(\s*['"]([^'"]*)['"]/g)) routes.push({ symbol: `${r[2] === 'route' ? 'ROUTE' : r[2] === 'websocket' ? 'WS' : r[2].toUpperCase()} ${r[3]}`, path: r[3], index: r.index ?? 0 });
      for (const r of handlerRoutesOf(text)) for (const m of r.methods.length ? r.methods : ['ROUTE']) routes.push({ symbol: `${m} ${r.path}`, path: r.path, index: r.index });
      if (routes.length) {
        const dirs = f.path.split('/').slice(0, -1);
        const stem = f.path.slice(f.path.lastIndexOf('/') + 1).replace(/\.py$/, '');
        // handlers.py / views.py / routes.py name nothing: the folder names the unit ("services/contents/handlers.py" → contents),
        // else the first segment of the first route that is not "api" or a version.
        const generic = /^(__init__|app|main|views|routes|handlers|urls|api|endpoints|resources|server|router)$/.test(stem);
        const firstSeg = routes[0].path.split('/').filter((x) => x && !/^(api|v\d+|\{.*)$/.test(x))[0]?.replace(/[^\w-].*$/, '');
        const folder = dirs.length >= 2 ? dirs[dirs.length - 1] : undefined;
        const words = generic ? identifierWords(folder ?? firstSeg ?? stem) : identifierWords(stem);
        const doc = /^\s*(?:#[^\n]*\n)*\s*(?:"""|''')\s*([^\n]*)/.exec(text)?.[1];
        for (const r of routes.slice(0, 20)) units.add(words.join(' ') || 'app', words, 'routes', { file: f.path, symbol: r.symbol, kind: 'route', line: lineAt(text, r.index) }, cleanLabel(doc));
      }
      if ((text.includes('Schedu') || (text.includes('@') && hasAny(text, ['job(', 'task(']))) && /\b(BackgroundScheduler|BlockingScheduler|AsyncIOScheduler)\(|@(?:\w+\.)?(?:scheduled_job|periodic_task|task)\(/.test(text)) units.add('scheduled', ['scheduled', 'job'], 'job', { file: f.path, kind: 'job' }, '定时任务');
    }
    // JS/TS servers: express/koa/fastify route files — one unit per file.
    if ((f.language === 'JavaScript' || f.language === 'TypeScript') && !PAGE_DIR.test(f.path)) {
      const routes = fileHas(f, text, 'routeCall') ? [...text.matchAll(/\b(?:app|router|server|fastify|route)\.(get|post|put|delete|patch)\(\s*['"`](\/[^'"`]*)['"`]/g)] : [];
      if (routes.length) {
        const stem = f.path.slice(f.path.lastIndexOf('/') + 1).replace(/\.(routes?|controller)?\.[cm]?[jt]s$/, '').replace(/\.[cm]?[jt]s$/, '');
        const words = /^(index|app|server|main|routes?)$/.test(stem) ? identifierWords(routes[0][2].split('/').filter((s) => s && s !== 'api')[0] ?? stem) : identifierWords(stem);
        for (const r of routes.slice(0, 20)) units.add(words.join(' ') || 'app', words, 'routes', { file: f.path, symbol: `${r[1].toUpperCase()} ${r[2]}`, kind: 'route', line: lineAt(text, r.index ?? 0) });
      }
      if (hasAny(text, ['.sched', 'Job(']) && /\bcron\.schedule\(|new\s+CronJob\(|\bschedule\.scheduleJob\(/.test(text)) units.add('scheduled', ['scheduled', 'job'], 'job', { file: f.path, kind: 'job' }, '定时任务');
    }
    // Front-end pages grouped by their folder under views/ or pages/, named by the router's or menu seed's title, the
    // mini-program page's own title, or the page's <title>.
    const pm = PAGE_DIR.exec(f.path);
    if (pm && (f.language === 'Vue' || f.language === 'Svelte' || f.language === 'WXML' || /\.(jsx|tsx|html)$/.test(f.path) || (/\.(js|ts)$/.test(f.path) && /<\w|React|render\(/.test(text.slice(0, 5000))))) {
      const group = pm[2].toLowerCase();
      const pagePath = f.path.replace(/\.[\w]+$/, '');
      const own = mini.get(pagePath);
      // A folder of page furniture (layout, error pages, the home index) is no module — but a mini-program page
      // titled in its own .json is a page of the app whatever its folder is called (the home page aside).
      if (IGNORED_PAGE_GROUPS.has(group) && !(own && group !== 'index')) continue;
      const rel = f.path.slice(pm.index + pm[0].length - pm[3].length - pm[2].length).replace(/\.[\w]+$/, '');
      const sub = rel.split('/').slice(0, 2).join('/').replace(/\/index$/, '');
      const byMenu = titles.get(sub) ?? menus.get(sub);
      const groupTitle = titles.get(pm[2]) ?? menus.get(pm[2]);
      // A folder whose sub-folders are menu entries of their own (views/system/user, views/system/role) is split by them.
      const split = !!byMenu && sub !== pm[2];
      const name = split ? sub : pm[2];
      const key = `page ${identifierWords(name).join(' ')}`;
      const words = identifierWords(split ? sub.split('/')[1] : pm[2]);
      const menu = split ? byMenu : groupTitle;
      const html = /\.html$/.test(f.path) ? htmlTitle(text) : undefined;
      const pageTitle = own?.title ?? (html && /[\u4e00-\u9fff]/.test(html) ? html : undefined);
      units.add(key, words, 'page', { file: f.path, symbol: menu?.title ?? pageTitle, kind: 'page' }, pageTitle, 'page');
      if (own) units.add(key, words, 'page', { file: own.file, symbol: `页面标题：${own.title}`, kind: 'menu', line: own.line }, own.title, 'page');
      if (menu) units.add(key, words, 'page', { file: menu.file, symbol: `菜单：${menu.title}`, kind: 'menu', line: menu.line }, menu.title, 'menu');
    }
  }
  return [...units.map.values()]
    // Pages and controllers that are page furniture or framework plumbing are not modules; a route file is part of
    // the interface whatever its folder is called.
    .filter((u) => u.label || (u.kind === 'page' ? !isTechnicalUnit(u.words) : u.kind === 'controller' ? !TECHNICAL_CONTROLLER.test(u.words.join(' ')) : true))
    .map((u) => ({ key: u.key, label: u.label, labelFrom: u.labelFrom, words: u.words, kind: u.kind, evidence: u.evidence }));
}

/** Units of a library or a tool without controllers or pages: its source folders and top-level files. */
function packageUnits(files: CodeFile[]): CodeUnit[] {
  const src = files.filter((f) => !isTestPath(f.path) && !/^(Shell|Makefile|Dockerfile|CMake|SQL)$/.test(f.language));
  if (src.length === 0) return [];
  // The source root: the deepest common folder of most files (src/, lib/, the package folder).
  const roots = ['src/', 'lib/', 'source/', 'pkg/'];
  const root = roots.find((r) => src.filter((f) => f.path.startsWith(r)).length >= src.length * 0.6) ?? '';
  const groups = new Map<string, CodeFile[]>();
  for (const f of src) {
    const rel = f.path.startsWith(root) ? f.path.slice(root.length) : f.path;
    const seg = rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : rel.replace(/\.[^.]+$/, '');
    (groups.get(seg) ?? groups.set(seg, []).get(seg)!).push(f);
  }
  // Start-up, configuration and utility folders are not modules, unless nothing else is there.
  const business = [...groups.keys()].filter((seg) => !isTechnicalUnit(identifierWords(seg)));
  return [...groups.entries()]
    .filter(([seg]) => business.length === 0 || business.includes(seg))
    .sort((a, b) => b[1].reduce((s, f) => s + f.lines, 0) - a[1].reduce((s, f) => s + f.lines, 0))
    .slice(0, 30)
    .map(([seg, fs]) => {
      const words = identifierWords(seg);
      const docFile = fs.find((f) => /(^|\/)(__init__\.py|index\.[jt]s|mod\.rs|package-info\.java|doc\.go)$/.test(f.path)) ?? fs[0];
      const doc = /^\s*(?:"""|'''|\/\*\*?|\/\/|#)\s*\**\s*([^\n]*[\u4e00-\u9fff][^\n]*)/.exec(docFile.text.slice(0, 2000))?.[1];
      return {
        key: `pkg ${words.join(' ') || seg}`,
        label: cleanLabel(doc),
        words: words.length ? words : [seg],
        kind: 'package' as const,
        evidence: fs.slice(0, 8).map((f) => ({ file: f.path, kind: 'package' as const })),
      };
    });
}

function firstDocLine(text: string, index: number): string | undefined {
  const before = text.slice(Math.max(0, index - 1500), index);
  const m = /\/\*\*([\s\S]*?)\*\/\s*$/.exec(before);
  if (m) {
    for (const raw of m[1].split('\n')) {
      const l = raw.replace(/^\s*\*\s?/, '').trim();
      if (l && !l.startsWith('@')) return l.replace(/\s+/g, ' ').slice(0, 120);
    }
  }
  const py = /^[^\n]*\n\s*(?:"""|''')\s*([^\n"']+)/.exec(text.slice(index, index + 600));
  return py?.[1]?.trim().slice(0, 120);
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Items of the public interface kept (the design document lists them all, in an appendix past its chapter). */
export const MAX_API = 3000;

/** The public interface: exported functions and classes, HTTP endpoints, command-line commands and options. */
function collectApi(files: CodeFile[]): ApiItem[] {
  const api: ApiItem[] = [];
  /** kind → file → names listed. */
  const listed = new Map<ApiItem['kind'], Map<string, Set<string>>>();
  /** Whether an item of this kind, name and file would be listed: room is left and none is listed yet. */
  const wants = (kind: ApiItem['kind'], name: string, file: string): boolean => api.length < MAX_API && !listed.get(kind)?.get(file)?.has(name);
  /** Lists `i`; the caller asked `wants` first (its line and doc are read only for items that are listed). */
  const push = (i: ApiItem) => {
    const byFile = listed.get(i.kind) ?? listed.set(i.kind, new Map()).get(i.kind)!;
    (byFile.get(i.file) ?? byFile.set(i.file, new Set()).get(i.file)!).add(i.name);
    api.push(i);
  };
  // Each regular expression runs only where the text holds a literal all its matches contain (text-scan.ts).
  for (const f of files) {
    if (api.length >= MAX_API) break;
    if (isTestPath(f.path) || f.text.length > MAX_TEXT) continue;
    const t = f.text;
    const file = f.path;
    const g = grammarOf(f);
    if (g && hasGrammar(g)) {
      // Read from the syntax tree: declarations with the doc comment that precedes each, commands and options.
      const facts = factsOf(f);
      const isJava = f.language === 'Java' || f.language === 'Kotlin';
      const controller = isJava && facts.symbols.some((s) => s.kind === 'class' && s.annotations.some((a) => /^(Rest)?Controller$/.test(a.name)));
      for (const s of facts.symbols) {
        if (!s.exported || s.kind === 'field') continue;
        if (isJava && (controller || s.kind === 'class')) continue;
        if (f.language === 'Python' && s.kind === 'method') continue;
        const kind: ApiItem['kind'] = s.kind === 'class' ? 'class' : s.kind === 'method' && isJava ? 'method' : 'function';
        const name = s.owner && f.language === 'Go' ? `${s.owner.replace(/^\*/, '')}.${s.name}` : s.name;
        if (wants(kind, name, file)) push({ kind, name, signature: kind === 'class' ? `class ${s.name}${s.bases && f.language === 'Python' ? `(${clean(s.bases)})` : ''}` : `${name}(${clean(s.params)})`, file, line: s.line, doc: s.doc });
      }
      if (controller) {
        const base = facts.symbols.find((s) => s.kind === 'class')?.annotations.find((a) => a.name === 'RequestMapping');
        const basePath = base?.args.value?.[0] ?? base?.args.path?.[0] ?? '';
        for (const m of facts.symbols) {
          const a = m.kind === 'method' ? m.annotations.find((x) => /^(Get|Post|Put|Delete|Patch|Request)Mapping$/.test(x.name)) : undefined;
          if (!a) continue;
          const method = a.name === 'RequestMapping' ? 'ANY' : a.name.replace('Mapping', '').toUpperCase();
          const p = (basePath + '/' + (a.args.value?.[0] ?? a.args.path?.[0] ?? '')).replace(/\/+/g, '/').replace(/\/$/, '') || '/';
          if (wants('endpoint', `${method} ${p}`, file)) push({ kind: 'endpoint', name: `${method} ${p}`, signature: `${method} ${p} → ${m.name}()`, file, line: m.line, doc: operationDoc(m.annotations) ?? m.doc });
        }
      }
      for (const c of facts.commands) {
        const name = c.kind === 'option' && c.command ? `${c.command} ${c.name}` : c.name;
        if (wants(c.kind, name, file)) push({ kind: c.kind, name, signature: c.signature, file, line: c.line, doc: c.doc });
      }
      if (f.language === 'Python') {
        if (hasDecoratorCall(t, DECORATOR_ROUTES))
          for (const s of facts.symbols) {
            const r = s.annotations.find((a) => /\.(route|get|post|put|delete|patch)$/.test(a.name) && a.args.value?.[0]?.startsWith('/'));
            if (!r) continue;
            const verb = r.name.split('.').pop()!;
            const name = `${verb === 'route' ? 'ROUTE' : verb.toUpperCase()} ${r.args.value![0]}`;
            if (wants('endpoint', name, file)) push({ kind: 'endpoint', name, signature: `${verb === 'route' ? '' : verb.toUpperCase() + ' '}${r.args.value![0]} → ${s.name}(${clean(s.params)})`, file, line: s.line, doc: s.doc });
          }
        for (const r of handlerRoutesOf(t)) {
          const doc = facts.symbols.find((s) => s.kind === 'class' && s.name === r.handler)?.doc;
          for (const m of r.methods.length ? r.methods : ['ROUTE']) {
            const name = `${m} ${r.path}`;
            if (wants('endpoint', name, file)) push({ kind: 'endpoint', name, signature: `${m === 'ROUTE' ? '' : m + ' '}${r.path} → ${r.handler}${r.params[m] !== undefined ? `.${m === 'WS' ? 'open' : m.toLowerCase()}(${r.params[m]})` : ''}`, file, line: lineAt(t, r.index), doc });
          }
        }
      }
      continue;
    }
    if (f.language === 'JavaScript' || f.language === 'TypeScript') {
      if (hasAtLineStart(t, 'export', 'xport')) {
        for (const m of t.matchAll(/^export\s+(?:default\s+)?(?:async\s+)?function\s*\*?\s*(\w+)\s*(<[^>]*>)?\s*\(([^)]*)\)/gm))
          if (wants('function', m[1], file)) push({ kind: 'function', name: m[1], signature: `${m[1]}(${clean(m[3])})`, file, line: lineAt(t, m.index), doc: firstDocLine(t, m.index) });
        for (const m of t.matchAll(/^export\s+const\s+(\w+)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\s*\w*\s*)?\(([^)]*)\)\s*(?::[^=]+)?=?>?/gm))
          if (wants('function', m[1], file)) push({ kind: 'function', name: m[1], signature: `${m[1]}(${clean(m[2])})`, file, line: lineAt(t, m.index), doc: firstDocLine(t, m.index) });
        for (const m of t.matchAll(/^export\s+(?:default\s+)?(?:abstract\s+)?class\s+(\w+)/gm))
          if (wants('class', m[1], file)) push({ kind: 'class', name: m[1], signature: `class ${m[1]}`, file, line: lineAt(t, m.index), doc: firstDocLine(t, m.index) });
      }
      // CommonJS: module.exports = name; exports.name = function (…); and the function declarations they name.
      const exported = new Set<string>();
      const hasModuleExports = hasLiteral(t, 'module.exports', 'xports');
      if (hasModuleExports) {
        const anon = /\bmodule\.exports\s*=\s*(?:async\s+)?function\s*(\w*)\s*\(([^)]*)\)/.exec(t);
        if (anon) {
          const name = anon[1] || file.slice(file.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
          if (wants('function', name, file)) push({ kind: 'function', name, signature: `${name}(${clean(anon[2])})`, file, line: lineAt(t, anon.index), doc: firstDocLine(t, anon.index) });
        }
      }
      const hasExportsDot = hasLiteral(t, 'exports.', 'xports');
      if (hasExportsDot) for (const m of t.matchAll(/\b(?:module\.)?exports\.(\w+)\s*=/g)) exported.add(m[1]);
      if (hasModuleExports) {
        const me = /\bmodule\.exports\s*=\s*(\w+)\s*;?\s*$/m.exec(t);
        if (me) exported.add(me[1]);
        const obj = /\bmodule\.exports\s*=\s*\{([^}]*)\}/.exec(t);
        if (obj) for (const n of obj[1].matchAll(/(\w+)\s*(?:,|:|$)/g)) exported.add(n[1]);
      }
      if (exported.size) {
        // The declarations below count only for an exported name: they run only where one follows its keyword.
        const hasFunction = t.includes('functi');
        if (hasFunction && hasNameAfter(t, exported, ['function']))
          for (const m of t.matchAll(/^[ \t]*(?:async\s+)?function\s+(\w+)\s*\(([^)]*)\)/gm)) {
            if (exported.has(m[1]) && wants('function', m[1], file)) push({ kind: 'function', name: m[1], signature: `${m[1]}(${clean(m[2])})`, file, line: lineAt(t, m.index), doc: firstDocLine(t, m.index) });
          }
        if (hasNameAfter(t, exported, ['var', 'let', 'const']))
          for (const m of t.matchAll(/^[ \t]*(?:var|let|const)\s+(\w+)\s*=\s*(?:async\s+)?(?:function\s*\w*\s*)?\(([^)]*)\)\s*(?:=>|\{)/gm)) {
            if (exported.has(m[1]) && wants('function', m[1], file)) push({ kind: 'function', name: m[1], signature: `${m[1]}(${clean(m[2])})`, file, line: lineAt(t, m.index), doc: firstDocLine(t, m.index) });
          }
        if (hasExportsDot && hasFunction)
          for (const m of t.matchAll(/\bexports\.(\w+)\s*=\s*(?:async\s+)?function\s*\w*\s*\(([^)]*)\)/g))
            if (wants('function', m[1], file)) push({ kind: 'function', name: m[1], signature: `${m[1]}(${clean(m[2])})`, file, line: lineAt(t, m.index), doc: firstDocLine(t, m.index) });
      }
      // commander / yargs commands and options.
      if (t.includes('mmand('))
        for (const m of t.matchAll(/\.command\(\s*['"`]([^'"`]+)['"`]/g))
          if (wants('command', m[1].split(' ')[0], file)) push({ kind: 'command', name: m[1].split(' ')[0], signature: m[1], file, line: lineAt(t, m.index), doc: /\.description\(\s*['"`]([^'"`]+)/.exec(t.slice(m.index, m.index + 400))?.[1] });
      if (t.includes('.optio'))
        for (const m of t.matchAll(/\.option\(\s*['"`]([^'"`]+)['"`]\s*(?:,\s*['"`]([^'"`]+)['"`])?/g)) if (wants('option', m[1], file)) push({ kind: 'option', name: m[1], signature: m[1], file, line: lineAt(t, m.index), doc: m[2] });
    } else if (f.language === 'Python') {
      for (const m of t.matchAll(/^def\s+([A-Za-z]\w*)\s*\(([^)]*)\)/gm))
        if (wants('function', m[1], file)) push({ kind: 'function', name: m[1], signature: `${m[1]}(${clean(m[2])})`, file, line: lineAt(t, m.index), doc: firstDocLine(t, m.index) });
      for (const m of t.matchAll(/^class\s+([A-Za-z]\w*)\s*(?:\(([^)]*)\))?\s*:/gm))
        if (wants('class', m[1], file)) push({ kind: 'class', name: m[1], signature: `class ${m[1]}${m[2] ? `(${clean(m[2])})` : ''}`, file, line: lineAt(t, m.index), doc: firstDocLine(t, m.index) });
      if (t.includes('_argum'))
        for (const m of t.matchAll(/add_argument\(\s*['"]([^'"]+)['"](?:[^)]*?help\s*=\s*['"]([^'"]+)['"])?/g)) if (wants('option', m[1], file)) push({ kind: 'option', name: m[1], signature: m[1], file, line: lineAt(t, m.index), doc: m[2] });
      if (hasDecoratorCall(t, DECORATOR_ROUTES))
        for (const m of t.matchAll(/@(\w+)\.(route|get|post|put|delete|patch)\(\s*['"]([^'"]*)['"][^)]*\)\s*\n(?:@[^\n]*\n)*\s*(?:async\s+)?def\s+(\w+)\s*\(([^)]*)\)/g)) {
          const name = `${m[2] === 'route' ? 'ROUTE' : m[2].toUpperCase()} ${m[3]}`;
          if (wants('endpoint', name, file)) push({ kind: 'endpoint', name, signature: `${m[2] === 'route' ? '' : m[2].toUpperCase() + ' '}${m[3]} → ${m[4]}(${clean(m[5])})`, file, line: lineAt(t, m.index), doc: firstDocLine(t, m.index + m[0].lastIndexOf('def')) });
        }
      for (const r of handlerRoutesOf(t)) {
        const at = t.search(new RegExp(`^class\\s+${r.handler}\\b`, 'm'));
        const doc = at >= 0 ? firstDocLine(t, at) : undefined;
        for (const m of r.methods.length ? r.methods : ['ROUTE']) {
          const name = `${m} ${r.path}`;
          if (wants('endpoint', name, file)) push({ kind: 'endpoint', name, signature: `${m === 'ROUTE' ? '' : m + ' '}${r.path} → ${r.handler}${r.params[m] !== undefined ? `.${m === 'WS' ? 'open' : m.toLowerCase()}(${r.params[m]})` : ''}`, file, line: lineAt(t, r.index), doc });
        }
      }
    } else if (f.language === 'Java' || f.language === 'Kotlin') {
      const classAt = t.search(/\bclass\s/);
      const base = /@RequestMapping\(\s*(?:value\s*=\s*)?["']([^"']*)["']/.exec(t.slice(0, classAt + 1 || 3000))?.[1] ?? '';
      // Methods' mappings only: read from the class declaration on, so that the class's own @RequestMapping (the base
      // path) is not taken for its first method's.
      const mappings = /@(Get|Post|Put|Delete|Patch|Request)Mapping(?:\(\s*(?:value\s*=\s*)?(?:\{\s*)?["']([^"']*)["'][^)]*\))?[\s\S]{0,300}?\bpublic\s+[\w<>[\], ?]+\s+(\w+)\s*\(/g;
      mappings.lastIndex = Math.max(classAt, 0);
      if (fileHas(f, t, 'mapping'))
        for (const m of t.matchAll(mappings)) {
          const method = m[1] === 'Request' ? 'ANY' : m[1].toUpperCase();
          const p = (base + '/' + (m[2] ?? '')).replace(/\/+/g, '/').replace(/\/$/, '') || '/';
          if (wants('endpoint', `${method} ${p}`, file)) push({ kind: 'endpoint', name: `${method} ${p}`, signature: `${method} ${p} → ${m[3]}()`, file, line: lineAt(t, m.index), doc: firstDocLine(t, m.index) });
        }
      if (!/@(Rest)?Controller\b/.test(t)) {
        for (const m of t.matchAll(/^[ \t]*public\s+(?:static\s+)?(?:final\s+)?(?:synchronized\s+)?(?:<[^>]+>\s+)?[\w<>[\], ?]+\s+(\w+)\s*\(([^)]*)\)/gm))
          if (wants('method', m[1], file)) push({ kind: 'method', name: m[1], signature: `${m[1]}(${clean(m[2])})`, file, line: lineAt(t, m.index), doc: firstDocLine(t, m.index) });
      }
    } else if (f.language === 'Go') {
      for (const m of t.matchAll(/^func\s+(?:\([^)]*\)\s+)?([A-Z]\w*)\s*\(([^)]*)\)/gm))
        if (wants('function', m[1], file)) push({ kind: 'function', name: m[1], signature: `${m[1]}(${clean(m[2])})`, file, line: lineAt(t, m.index) });
    }
  }
  return api;
}

/** Usage examples: code blocks of the README (at most 4, 20 lines each). */
function collectExamples(meta: MetaFile[]): UsageExample[] {
  const readme = meta.filter((m) => /(^|\/)readme(\.[\w-]+)?\.(md|markdown|rst|txt)$/i.test(m.path) || /(^|\/)readme$/i.test(m.path)).sort((a, b) => a.path.split('/').length - b.path.split('/').length || (/zh|cn/i.test(b.path) ? 1 : 0) - (/zh|cn/i.test(a.path) ? 1 : 0))[0];
  if (!readme) return [];
  const out: UsageExample[] = [];
  for (const m of readme.text.matchAll(/```[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)```/g)) {
    const lang = m[1].toLowerCase();
    if (/^(diff|text|txt|json|yaml|yml|xml|html|css|markdown|md|mermaid)$/.test(lang)) continue;
    const code = m[2].replace(/\s+$/, '');
    if (!code.trim() || code.split('\n').length > 20) continue;
    out.push({ source: readme.path, code });
    if (out.length >= 4) break;
  }
  return out;
}

/**
 * Reads the code's business units (controller groups, page folders with their menu titles,
 * route files, scheduled jobs; for a library or a tool its source folders), its public interface
 * and the usage examples of its README.
 */
export function readCodeStructure(files: CodeFile[], meta: MetaFile[] = []): CodeStructure {
  let units = collectUnits(files, meta);
  const api = collectApi(files);
  if (units.filter((u) => u.kind !== 'job').length === 0) {
    const pkgs = packageUnits(files);
    // A package's exported functions and classes are its evidence too (the writer names them).
    // Each file is in at most one package (packageUnits groups every file once): one pass over the interface.
    const unitOf = new Map<string, CodeUnit>();
    for (const u of pkgs) for (const e of u.evidence) unitOf.set(e.file, u);
    for (const a of api) {
      if (a.kind !== 'function' && a.kind !== 'class' && a.kind !== 'command') continue;
      const u = unitOf.get(a.file);
      if (u && u.evidence.length < 40) u.evidence.push({ file: a.file, symbol: a.name, kind: 'export', line: a.line });
    }
    units = [...units, ...pkgs];
  }
  return { units, api, examples: collectExamples(meta) };
}
