import { aiLanguageList, type AiCodeAnalysis, type AiProjectInput } from '@mazhu/contracts';
import {
  CN_ACTIONS,
  CONCEPTS,
  DOMAINS,
  GENERIC_MENUS,
  GENERIC_WORDS,
  OP_TEXT,
  OP_WORDS,
  WEAK_WORDS,
  EMBEDDED_CONCEPTS,
  EN_NOUNS,
  type Concept,
  type DomainKey,
  type OpKey,
} from './lexicon';
import { listedItems } from './description-list';
import { hash32, normalizeChinese, uniq } from './text';

/**
 * Reads an `AiProjectInput` into facts the offline writer composes from: the platform, the languages, the industry
 * and the functional modules, each module with the input items that support it (`basis`).
 */

export type PlatformKey = 'web' | 'mobile' | 'miniprogram' | 'desktop' | 'embedded' | 'service' | 'library' | 'cli' | 'generic';

export const PLATFORM_LABELS: Record<PlatformKey, string> = {
  web: 'Web 管理系统',
  mobile: '移动 App',
  miniprogram: '微信小程序',
  desktop: '桌面软件',
  embedded: '嵌入式/物联网',
  service: '接口服务/中间件',
  library: '函数库/SDK',
  cli: '命令行工具',
  generic: '',
};

/** The code's software form (docgen SOFTWARE_FORMS) as the writer's platform. */
const FORM_PLATFORM: Record<string, PlatformKey> = {
  'web-admin': 'web',
  website: 'web',
  mobile: 'mobile',
  miniprogram: 'miniprogram',
  desktop: 'desktop',
  service: 'service',
  library: 'library',
  cli: 'cli',
  embedded: 'embedded',
};

export interface Operation {
  key?: OpKey;
  text: string;
}

export interface DraftModule {
  key: string;
  name: string;
  obj: string;
  /** What the module does, as a verb phrase ("记录诊断结果与处方信息"); '' when only its name is known (never "提供X相关功能"). */
  does: string;
  ops: Operation[];
  /** Input items supporting the module, e.g. "UserController", "menu:用户管理", "描述:预约挂号". */
  basis: string[];
  weight: number;
  /** First time the module was seen (lower first). */
  seen: number;
  concept?: Concept;
  /** Where it came from: the code analysis, or the user's own text (description, keywords = the user's module names). */
  source: 'code' | 'text';
  /** Set when the code gives the module no name of its own: why the name was chosen, for the user to confirm. */
  confirm?: string;
}

export interface ProjectFacts {
  name: string;
  shortName?: string;
  version?: string;
  category: string;
  platform: PlatformKey;
  /** As the user wrote it, or the label of the inferred platform ('' when unknown). */
  platformLabel: string;
  /** The user's description, normalised ('' when none). */
  description: string;
  keywords: string[];
  /** Languages from the code analysis, else those named in the input. */
  languages: string[];
  languagesFromCode: boolean;
  code?: AiCodeAnalysis;
  domain?: DomainKey;
  /** Industry phrase given by the user ("面向中小学教师"), when any. */
  domainPhrase?: string;
  modules: DraftModule[];
  /** Stable seed from the project's identity, for choosing phrasings. */
  seed: number;
}

const LANGUAGE_NAMES = [
  'Java', 'Kotlin', 'Python', 'Go', 'PHP', 'C#', 'C++', 'C', 'Objective-C', 'Swift', 'Dart', 'ArkTS', 'Rust', 'Ruby', 'Scala',
  'TypeScript', 'JavaScript', 'Vue', 'HTML', 'CSS', 'WXML', 'WXSS', 'SQL', 'Shell', 'Lua', 'Assembly', 'Verilog', 'MATLAB', 'R',
];

const WEB_LANGS = new Set(['vue', 'html', 'css', 'javascript', 'typescript', 'svelte', 'php', 'jsp']);
const SERVER_LANGS = new Set(['java', 'python', 'go', 'php', 'c#', 'kotlin', 'ruby', 'rust', 'scala', 'node.js', 'javascript', 'typescript']);

/** Maps the user's platform text (or the category, code and name) to a platform. */
export function resolvePlatform(input: AiProjectInput): { key: PlatformKey; label: string } {
  const given = (input.platform ?? '').trim();
  // The form read from the code (or confirmed by the user) wins: a library is not a web system because a list said "Web".
  const byForm = input.codeAnalysis?.form ? FORM_PLATFORM[input.codeAnalysis.form] : undefined;
  if (byForm) return { key: byForm, label: PLATFORM_LABELS[byForm] };
  const fromText = (t: string): PlatformKey | undefined => {
    if (/小程序/.test(t)) return 'miniprogram';
    if (/嵌入式|物联网|单片机|固件|MCU|IoT/i.test(t)) return 'embedded';
    if (/接口|中间件|服务端|API|SDK|微服务/i.test(t)) return 'service';
    if (/\bApp\b|APP|移动|安卓|Android|iOS|鸿蒙|HarmonyOS|手机/i.test(t)) return 'mobile';
    if (/桌面|PC|客户端|Windows|exe|上位机/i.test(t)) return 'desktop';
    if (/Web|网站|网页|管理系统|后台|H5|浏览器|B\/S/i.test(t)) return 'web';
    return undefined;
  };
  if (given) {
    const k = fromText(given);
    if (k) return { key: k, label: given };
  }
  const cat = input.category ?? '';
  if (/嵌入式/.test(cat)) return { key: 'embedded', label: given || PLATFORM_LABELS.embedded };
  if (/中间件/.test(cat)) return { key: 'service', label: given || PLATFORM_LABELS.service };
  const code = input.codeAnalysis;
  if (code) {
    const langs = aiLanguageList(code.languages).map((l) => l.toLowerCase());
    const has = (l: string) => langs.includes(l);
    const pages = code.pages?.length ?? 0;
    const routes = code.routes?.length ?? 0;
    let k: PlatformKey | undefined;
    if (has('wxml') || has('wxss')) k = 'miniprogram';
    else if (has('kotlin') || has('swift') || has('objective-c') || has('dart') || has('arkts')) k = 'mobile';
    else if ((has('c') || has('assembly') || has('c++')) && !langs.some((l) => WEB_LANGS.has(l) || SERVER_LANGS.has(l)) && routes === 0)
      k = has('c') || has('assembly') ? 'embedded' : 'desktop';
    else if (has('c#') && !langs.some((l) => WEB_LANGS.has(l))) k = 'desktop';
    else if (pages > 0 || langs.some((l) => WEB_LANGS.has(l) && l !== 'javascript' && l !== 'typescript')) k = 'web';
    else if (routes > 0) k = 'service';
    if (k) return { key: k, label: given || PLATFORM_LABELS[k] };
  }
  const byName = /小程序/.test(input.name) ? 'miniprogram' : /App$|APP|客户端/.test(input.name) ? 'mobile' : undefined;
  if (byName) return { key: byName, label: given || PLATFORM_LABELS[byName] };
  if (/嵌入式|单片机|固件/.test(input.description ?? '')) return { key: 'embedded', label: given || PLATFORM_LABELS.embedded };
  return { key: 'generic', label: given };
}

/** Languages named in free text ("使用 Java 和 Vue 开发"), in the form's spelling. */
export function languagesInText(text: string): string[] {
  const found: string[] = [];
  for (const l of LANGUAGE_NAMES) {
    const esc = l.replace(/[.*+?^${}()|[\]\\#]/g, '\\$&');
    const re = l.length === 1 ? new RegExp(`(?<![A-Za-z#+])${esc}(?:语言)(?![A-Za-z#+])`) : new RegExp(`(?<![A-Za-z#+])${esc}(?![A-Za-z#+])`, 'i');
    if (re.test(text)) found.push(l);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Identifiers in code

const BY_WORD = new Map<string, Concept>();
for (const con of CONCEPTS) for (const w of con.en) if (!BY_WORD.has(w)) BY_WORD.set(w, con);

const ALIASES: Array<{ word: string; concept: Concept }> = CONCEPTS.flatMap((con) => con.cn.map((word) => ({ word, concept: con }))).sort(
  (a, b) => b.word.length - a.word.length,
);

/** Splits an identifier, path or route into lower-case words: "GET /api/sysUser/{id}" → ["sys","user","id"]. */
export function splitIdentifier(s: string): string[] {
  return s
    .replace(/^(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS)\s+/i, '')
    .replace(/\.(java|kt|ts|tsx|js|jsx|vue|py|go|php|cs|wxml|dart|swift|c|h|cpp|html|ets)$/i, '')
    .replace(/[{:][^/}]*}?/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w && !/^\d+$/.test(w));
}

function singular(w: string): string {
  if (BY_WORD.has(w) || OP_WORDS[w]) return w;
  if (w.endsWith('ies') && BY_WORD.has(w.slice(0, -3) + 'y')) return w.slice(0, -3) + 'y';
  if (w.endsWith('es') && BY_WORD.has(w.slice(0, -2))) return w.slice(0, -2);
  if (w.endsWith('s') && (BY_WORD.has(w.slice(0, -1)) || OP_WORDS[w.slice(0, -1)])) return w.slice(0, -1);
  return w;
}

const ANDROID_SUFFIX = new Set(['activity', 'fragment', 'adapter', 'viewmodel', 'dialog', 'form', 'window', 'widget', 'screen']);
/** Button and column texts that a scan of menu titles picks up. */
const MENU_STOP = new Set(
  '搜索 查询 重置 新增 添加 修改 编辑 删除 确定 确认 取消 提交 返回 操作 状态 备注 详情 导出 导入 保存 关闭 上传 下载 刷新 登录 注册 退出 提示 警告 全部 更多 其他'.split(' '),
);

const PAGE_NOISE = new Set(['page', 'pages', 'view', 'views', 'index', 'src', 'components', 'screens', 'screen', 'main', 'app']);

interface ItemReading {
  concept?: Concept;
  unknown?: string;
  ops: OpKey[];
}

/** Reads one code item: its business concept (or an unknown readable word) and the operations it names. */
export function readIdentifier(item: string, kind: 'route' | 'page' | 'controller' | 'entity', embedded: boolean): ItemReading {
  const method = /^(GET|POST|PUT|DELETE|PATCH)\s/i.exec(item)?.[1]?.toUpperCase();
  let words = splitIdentifier(item).map(singular);
  if (kind === 'page') words = words.filter((w) => !PAGE_NOISE.has(w));
  // Android/iOS class suffixes: RideActivity, TrackFragment, ProfileViewController
  if (words.length > 1 && ANDROID_SUFFIX.has(words[words.length - 1])) words = words.slice(0, -1);
  const ops: OpKey[] = [];
  const concepts: Concept[] = [];
  const opConcepts: Concept[] = [];
  const weak: Concept[] = [];
  let unknown: string | undefined;
  for (const w of words) {
    const con = BY_WORD.get(w);
    const usable = con && (!con.embeddedOnly || embedded);
    let op = OP_WORDS[w];
    // "GET /sms/status/{id}" reads a status; it does not switch anything on or off
    if (op && method === 'GET' && !['query', 'detail', 'export', 'download', 'search', 'stat', 'preview'].includes(op)) op = 'query';
    if (op) {
      ops.push(op);
      if (usable) opConcepts.push(con);
      continue;
    }
    if (usable) {
      (WEAK_WORDS.has(w) ? weak : concepts).push(con);
      continue;
    }
    if (GENERIC_WORDS.has(w) || w.length < 3 || !/^[a-z]+$/.test(w)) continue;
    unknown ??= w;
  }
  if (method && ops.length === 0 && kind === 'route') {
    if (method === 'GET') ops.push(/[{:]/.test(item) ? 'detail' : 'query');
    else if (method === 'POST') ops.push('create');
    else if (method === 'PUT' || method === 'PATCH') ops.push('update');
    else if (method === 'DELETE') ops.push('delete');
  }
  const concept = concepts.at(-1) ?? weak.at(-1) ?? opConcepts.at(-1);
  if (concept) return { concept, ops };
  return { unknown, ops };
}

// ---------------------------------------------------------------------------------------------------------------
// Chinese text

const LEAD =
  /^(?:用户可以|用户可|用户能够|用户能|管理员可以|管理员可|实现了|提供了|包括了|集成了|本系统|该系统|本软件|该软件|本平台|该平台|本程序|支持|提供|包括|包含|实现|具备|拥有|具有|涵盖|可以|能够|用于|用来|负责|进行|完成|帮助|方便|集成|基于|通过|在线|主要|同时|以及|可|能|让|使|对|有|的|等|并|还|也|及|和|与|系统|平台|软件)+/;
/** A subject and a modal verb at the start of a phrase: "患者可以", "管理员进行", "商家还可以". */
const SUBJECT = /^[\u3400-\u9fff]{1,5}?(?:还可以|也可以|可以|能够|负责|需要|可|能|进行|通过)(?=[\u3400-\u9fff]{2})/;
const VERB_START =
  /^(查看|查询|发布|上传|下载|提交|编辑|维护|生成|导出|导入|申请|浏览|统计|分析|设置|配置|处理|跟踪|监控|监测|采集|控制|记录|新增|添加|删除|修改|管理|审核|审批|预约|购买|支付|评价|收藏|分享|搜索|领取|兑换|填写|录入|打印|上报|发起|开具|书写|写|开(?!发|始|展|放|通|源))/;
const TAIL = /(?:等功能|等模块|功能模块|等多个模块|等服务|等|功能|模块|服务|操作|业务|工作)+$/;
const LEAD_VERB = /^(查看|查询|发布|上传|下载|提交|编辑|维护|生成|导出|导入|申请|浏览|统计|分析|设置|配置|处理|跟踪|监控|监测|采集|控制|记录)([\u3400-\u9fff]{2,8})$/;
const ACTION_RE = new RegExp(`(${CN_ACTIONS.join('|')})$`);

/** Feature phrases of a description: "支持车辆登记、违章查询和停车缴费" → ["车辆登记", "违章查询", "停车缴费"]. */
export function featurePhrases(text: string): string[] {
  const parts = text.split(/[，。；、,;.!?！？\n：:（）()“”"'‘’《》【】[\]]|以及|并且|或者|及|和|与|或/);
  const out: string[] = [];
  for (const raw of parts) {
    let p = raw.replace(/\s+/g, '');
    for (let i = 0; i < 4; i++) p = p.replace(LEAD, '').replace(SUBJECT, '').replace(TAIL, '');
    if (p.length < 2 || p.length > 12) continue;
    if (!/^[\u3400-\u9fffA-Za-z0-9]+$/.test(p)) continue;
    out.push(p);
  }
  return uniq(out);
}

/** Concepts named in a phrase: aliases, longest first, not overlapping (plus identifier words such as "LCD"). */
export function conceptsInText(text: string, embedded: boolean): Concept[] {
  let rest = text;
  const found: Array<{ at: number; concept: Concept }> = [];
  for (const { word, concept } of ALIASES) {
    if (concept.embeddedOnly && !embedded) continue;
    let at = rest.indexOf(word);
    while (at >= 0) {
      found.push({ at, concept });
      rest = rest.slice(0, at) + '\u0000'.repeat(word.length) + rest.slice(at + word.length);
      at = rest.indexOf(word);
    }
  }
  for (const m of text.matchAll(/[A-Za-z][A-Za-z0-9]+/g)) {
    const con = BY_WORD.get(singular(m[0].toLowerCase()));
    if (con && (!con.embeddedOnly || embedded)) found.push({ at: m.index ?? 0, concept: con });
  }
  return uniq(
    found.sort((a, b) => a.at - b.at).map((f) => f.concept),
    (x) => x.key,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Modules

/** Display order groups: entry first, business next, administration last. */
const ENTRY = new Set(['login', 'register', 'init', 'dashboard']);
const ADMIN = new Set([
  'user', 'role', 'menu', 'dept', 'position', 'dict', 'setting', 'log', 'notice', 'message', 'sms', 'file', 'monitor', 'job',
  'codegen', 'profile', 'tenant', 'help', 'feedback', 'openapi', 'cache', 'fault', 'nvstore',
]);

const OP_ORDER: OpKey[] = [
  'login', 'register', 'captcha', 'logout', 'query', 'search', 'detail', 'create', 'update', 'delete', 'status', 'assign',
  'resetPassword', 'submit', 'audit', 'publish', 'confirm', 'cancel', 'pay', 'refund', 'send', 'receive', 'parse', 'collect',
  'monitor', 'control', 'config', 'start', 'run', 'import', 'export', 'upload', 'download', 'print', 'preview', 'sync', 'stat',
  'sort', 'backup', 'restore', 'bind', 'read', 'clear', 'share', 'favorite',
];

class ModuleSet {
  private byKey = new Map<string, DraftModule>();
  private counter = 0;

  get size(): number {
    return this.byKey.size;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** Adds evidence for a concept module (creating it on first sight). */
  concept(con: Concept, source: DraftModule['source'], basis: string, weight: number, ops: Operation[] = [], name?: string): DraftModule {
    let m = this.byKey.get(con.key);
    if (!m) {
      // What a concept "does" is said only of code that shows it; a module the user only named has no such sentence.
      m = { key: con.key, name: con.name, obj: con.obj, does: source === 'code' ? con.does : '', ops: [], basis: [], weight: 0, seen: this.counter++, concept: con, source };
      this.byKey.set(con.key, m);
    }
    if (source === 'code') {
      m.source = 'code';
      m.does ||= con.does;
    }
    m.weight += weight;
    if (basis && !m.basis.includes(basis)) m.basis.push(basis);
    m.ops.push(...ops);
    if (name && m.name === con.name) m.name = name;
    return m;
  }

  /** Adds a module that no concept covers (a menu text, a description phrase, an unknown identifier). */
  other(key: string, init: Omit<DraftModule, 'weight' | 'seen' | 'basis' | 'key'>, basis: string, weight: number, ops: Operation[] = []): DraftModule {
    let m = this.byKey.get(key);
    if (!m) {
      m = { ...init, key, ops: [...init.ops], basis: [], weight: 0, seen: this.counter++ };
      this.byKey.set(key, m);
    }
    m.weight += weight;
    if (basis && !m.basis.includes(basis)) m.basis.push(basis);
    m.ops.push(...ops);
    return m;
  }

  all(): DraftModule[] {
    return [...this.byKey.values()];
  }
}

/** A good module name from a menu text ("用户管理", "订单列表" → keep "用户管理"; "列表" alone → no). */
function menuName(leaf: string): string | undefined {
  const t = leaf.trim();
  if (t.length < 2 || t.length > 16 || !/[\u3400-\u9fff]/.test(t)) return undefined;
  if (/(管理|中心|设置|统计|查询|配置|监控|日志|记录|审批|报表|分析|维护|首页|工作台|看板)$/.test(t)) return t;
  return undefined;
}

function readableUnknown(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function addCode(set: ModuleSet, code: AiCodeAnalysis, embedded: boolean): void {
  const kinds: Array<[string[] | undefined, 'route' | 'page' | 'controller' | 'entity', number]> = [
    [code.controllers, 'controller', 3],
    [code.routes, 'route', 2],
    [code.pages, 'page', 2],
    [code.entities, 'entity', 1],
  ];
  for (const [items, kind, weight] of kinds) {
    for (const item of (items ?? []).slice(0, 2000)) {
      const r = readIdentifier(item, kind, embedded);
      if (r.concept) {
        set.concept(
          r.concept,
          'code',
          item,
          weight,
          r.ops.map((k) => ({ key: k, text: OP_TEXT[k](r.concept!.obj) })),
        );
      } else if (r.unknown) {
        const cn = EN_NOUNS[r.unknown];
        const label = cn ?? readableUnknown(r.unknown);
        set.other(
          `x:${r.unknown}`,
          { name: `${label}管理`, obj: label, does: `维护${label}相关的业务数据`, ops: [], source: 'code' },
          item,
          weight,
          r.ops.map((k) => ({ key: k, text: OP_TEXT[k](label) })),
        );
      }
    }
  }
  for (const item of (code.menuItems ?? []).slice(0, 500)) {
    const segs = item
      .split(/[/>|\\·»]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    const leaf = segs.at(-1);
    if (!leaf || MENU_STOP.has(leaf) || (GENERIC_MENUS.has(leaf) && segs.length > 1)) continue;
    const cons = conceptsInText(leaf, embedded);
    const nice = menuName(leaf);
    // Menu texts found by a best-effort scan include form labels ("用户名称"): a concept counts only when the text
    // reads like a menu or page title ("订单列表", "用户管理", or the bare word "订单").
    const menuLike = nice || cons.some((con) => con.cn.some((w) => leaf === w || new RegExp(`^${w}(列表|详情|信息|中心|记录|查询)$`).test(leaf)));
    if (cons.length > 0 && menuLike) {
      set.concept(cons[0], 'code', `菜单:${leaf}`, nice ? 4 : 2, [], nice);
    } else if (nice && cons.length === 0) {
      // A menu entry proves the page exists, not what can be done on it: no operation is guessed from its title.
      const m = ACTION_RE.exec(nice);
      set.other(`m:${nice}`, { name: nice, obj: m ? nice.slice(0, -m[1].length) || nice : nice, does: '', ops: [], source: 'code' }, `菜单:${leaf}`, 4);
    }
  }
}

/** What a unit without any name in the code is called until the user names it (numbered: 页面一, 页面二). */
const UNNAMED_KIND: Record<string, string> = { page: '页面', controller: '业务接口', routes: '接口', package: '功能组件', command: '命令', job: '定时任务' };
const CN_NUMBERS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二', '十三', '十四', '十五', '十六', '十七', '十八', '十九', '二十'];

/** A module name from a Chinese label of the code: "用户信息" → "用户管理", "服务器监控" stays, "调度日志" stays. */
export function nameFromLabel(label: string): string {
  const t = label.replace(/(信息|数据)$/u, '').replace(/^(系统|后台)(?=.{2,})/u, '') || label;
  if (/(管理|监控|记录|日志|配置|生成|验证|首页|统计|中心|查询|设置|字典|登录|注册|报表|分析|接口|工具|任务|处理|服务|审核|审批)$/u.test(t)) return t;
  return `${t}管理`;
}

/**
 * One module per business unit of the code (controller group, page folder, route file, scheduled job, a library's
 * source folder): named by the code's own Chinese label when it has one, else by what the identifier means, with the
 * operations its routes name and the unit's evidence as `basis`. Nothing is added that the code does not show.
 */
function addUnits(set: ModuleSet, units: NonNullable<AiCodeAnalysis['units']>, embedded: boolean, hasUi = false): void {
  const unnamed = new Map<string, number>();
  for (const u of units) {
    const reading = readIdentifier(u.words.join('_') || u.key, 'controller', embedded);
    const concept = reading.concept;
    const unknownLabel = reading.unknown ? EN_NOUNS[reading.unknown] : undefined;
    const routes = u.evidence.map((e) => e.split('#')[1] ?? '').filter((x) => /^(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS|WS|ANY|ROUTE)\s/.test(x));
    // The code's own name first (menu, page title, API tag, translation, doc comment); else what the identifier means
    // in Chinese (the lexicon); else a name for what the unit is, numbered, for the user to confirm — never the
    // identifier, folder or class name itself.
    let name: string;
    let confirm: string | undefined;
    if (u.label && !/[\u4e00-\u9fff]/u.test(u.label)) {
      // A title the interface displays in another language ("Automation Usage"): the manual uses what the screen shows.
      name = u.label;
      const menu = u.evidence.find((e) => e.includes(`#菜单：${u.label}`));
      const at = (menu ?? u.evidence.find((e) => e.includes(`#页面标题：${u.label}`)))?.split('#')[0];
      confirm = `代码中的${menu || !at ? '菜单' : '页面'}标题“${u.label}”${at ? `（${at}）` : ''}不是中文，界面上显示的就是这个名称，文档沿用；如界面显示中文名称，请改为界面上的名称`;
    } else if (u.label && u.key.startsWith('template ')) name = u.label; // a page's own title, as the page shows it
    else if (u.label) name = nameFromLabel(u.label);
    else if (concept && u.kind !== 'routes') {
      name = concept.name;
      confirm = `代码中没有“${name}”的中文名称（菜单、页面标题、接口文档或注释），名称由标识符含义推断，请确认`;
    } else if (unknownLabel && u.kind !== 'routes') {
      name = `${unknownLabel}${u.kind === 'routes' ? '接口' : u.kind === 'command' ? '命令' : '管理'}`;
      confirm = `代码中没有“${name}”的中文名称（菜单、页面标题、接口文档或注释），名称由标识符含义推断，请确认`;
    } else {
      const base = UNNAMED_KIND[u.kind] ?? '功能模块';
      const n = (unnamed.get(base) ?? 0) + 1;
      unnamed.set(base, n);
      name = `${base}${CN_NUMBERS[n] ?? n}`;
      confirm = `代码中没有这部分（${u.evidence[0]?.split('#')[0] ?? u.key}）的中文名称，暂称“${name}”，请按软件界面上的名称修改`;
    }
    const obj = u.label ? name.replace(/管理$/u, '') : concept?.obj ?? unknownLabel ?? name;
    if (u.kind === 'routes' && !u.label) {
      // A route file of a service (Flask, FastAPI, Tornado, Express) is described by its own routes: its words
      // read as a business concept too easily ("events" is not 活动管理, "contents" is not 文章).
      const m = set.other(
        `u:${u.key}`,
        { name, obj, does: routes.length > 10 ? `共处理 ${routes.length} 个接口的请求` : '', ops: routes.slice(0, 10).map((r) => ({ text: r.replace(/^ROUTE\s+/, '') })), source: 'code', confirm },
        '',
        10,
      );
      for (const e of u.evidence) if (!m.basis.includes(e)) m.basis.push(e);
      continue;
    }
    // A controller's base path ("/monitor/cache") groups it in a menu; only what follows names an operation
    // ("/monitor/cache/clearCacheAll" clears, it does not monitor).
    const bases = u.evidence.map((e) => /#(?!(?:GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS|ANY|ROUTE|WS)\s)\S+ (\/\S*)$/.exec(e)?.[1]).filter((b): b is string => !!b && b.length > 1);
    const own = (r: string) => {
      const [method, path = ''] = r.split(' ');
      const base = bases.find((b) => path === b || path.startsWith(`${b}/`));
      return `${method === 'ANY' || method === 'ROUTE' ? 'GET' : method} ${base ? path.slice(base.length) || '/' : path}`;
    };
    const opKeys = uniq(routes.flatMap((r) => readIdentifier(own(r), 'route', embedded).ops));
    const exported = u.kind === 'package' ? uniq(u.evidence.map((e) => e.split('#')[1]).filter((x): x is string => !!x && /^[A-Za-z_$][\w$]*$/.test(x))) : [];
    // A function is called by another program, not operated by a user: software with a user interface gets no
    // "调用 …" steps (its steps come from its pages); a library lists the functions it exports.
    const ops: Operation[] = exported.length ? (hasUi ? [] : exported.slice(0, 10).map((n) => ({ text: `调用 ${n}` }))) : opKeys.map((k) => ({ key: k, text: OP_TEXT[k](obj) }));
    const first = u.evidence[0]?.split('#');
    const where = first ? `${first[1]?.split(' ')[0] ?? first[0].slice(first[0].lastIndexOf('/') + 1)}` : '';
    const shown = u.kind === 'page' ? pageShows(u.shows) : '';
    // A model the Django admin lists proves an admin page for its records, not what users do with them elsewhere.
    const adminModel = u.key.startsWith('model ') && !u.label ? /^(\w+)/.exec(u.evidence[0]?.split('#')[1] ?? '')?.[1] : undefined;
    const does = shown ? shown : adminModel ? `在管理后台维护${adminModel}数据` : concept && !u.label ? concept.does : u.kind === 'package' ? (exported.length ? `提供 ${exported.slice(0, 4).join('、')} 等函数（${where}）` : `提供 ${where} 所实现的部分`) : u.kind === 'job' ? '按设定的时间自动执行后台任务' : `处理${obj}相关的${u.kind === 'page' ? '页面操作' : '请求'}`;
    const m = set.other(`u:${u.key}`, { name, obj, does, ops, source: 'code', concept: concept && !u.label ? concept : undefined, confirm }, '', 10);
    for (const e of u.evidence) if (!m.basis.includes(e)) m.basis.push(e);
  }
}

/**
 * What a unit's pages let the user do, in the words of the pages (columns, search conditions, fields, tabs, other
 * texts), read after 用于/该模块: "在列表中查看“Project Name”“Percentage”等信息，按“search”查询，分“Collab”“Project”标签查看".
 * Empty when the pages were not read.
 */
export function pageShows(shows: NonNullable<AiCodeAnalysis['units']>[number]['shows']): string {
  if (!shows) return '';
  const q = (xs: string[] | undefined, n: number) => (xs ?? []).slice(0, n).map((x) => `“${x}”`).join('') + ((xs?.length ?? 0) > n ? '等' : '');
  const parts = [
    ...(shows.columns?.length ? [`在列表中查看${q(shows.columns, 4)}信息`] : []),
    ...(shows.search?.length ? [`按${q(shows.search, 3)}查询`] : []),
    ...(shows.fields?.length ? [`填写${q(shows.fields, 4)}`] : []),
    ...(shows.tabs?.length ? [`分${q(shows.tabs, 3)}标签查看`] : []),
  ];
  if (!parts.length && shows.texts?.length) parts.push(`查看页面上的${q(shows.texts.slice(0, 2), 2)}等内容`);
  return parts.join('，');
}

/** Concepts a name or description may introduce on this platform (firmware has no user administration). */
function textConcepts(text: string, embedded: boolean): Concept[] {
  return conceptsInText(text, embedded).filter((con) => !embedded || EMBEDDED_CONCEPTS.has(con.key));
}

function addText(set: ModuleSet, label: string, text: string, weight: number, embedded: boolean): void {
  for (const phrase of featurePhrases(text)) {
    const verb = VERB_START.exec(phrase)?.[1];
    const verbFirst = !!verb && !phrase.endsWith('管理');
    // In "设置预算" the leading verb is the operation and 预算 the object: 设置 does not make a 系统设置 module.
    const cons = textConcepts(verbFirst ? phrase.slice(verb.length) : phrase, embedded);
    const action = ACTION_RE.exec(phrase)?.[1];
    if (cons.length > 0) {
      const con = cons[0];
      const isAliasOnly = con.cn.includes(phrase) || con.en.includes(phrase.toLowerCase());
      if (!action && !verbFirst && !isAliasOnly && !/(模块|中心|系统)$/.test(phrase)) continue;
      const ops: Operation[] = ((action && action !== '管理') || verbFirst) && !isAliasOnly ? [{ text: phrase }] : [];
      const aliases = con.cn.filter((w) => phrase.includes(w)).sort((a, b) => phrase.indexOf(a) - phrase.indexOf(b));
      const named = aliases.length ? phrase.slice(phrase.indexOf(aliases[0])) : phrase;
      // The module carries the user's word: "收支" gives 收支管理, not the dictionary's 财务管理.
      const ownWord = !text.includes(con.name.replace(/(管理|中心|模块)$/u, '')) && aliases[0] ? `${aliases[0]}管理` : undefined;
      const name = action === '管理' && named.length <= 10 ? named : ownWord;
      const m = set.concept(con, 'text', `${label}:${phrase}`, weight, ops);
      if (name && m.basis.length === 1) m.name = name;
    } else if (LEAD_VERB.test(phrase)) {
      const [, lead, x] = LEAD_VERB.exec(phrase)!;
      const noun = lead === '查看' || lead === '浏览' ? '查询' : lead;
      const name = `${x}${noun}`;
      set.other(`t:${name}`, { name, obj: x, does: '', ops: [{ text: phrase }], source: 'text' }, `${label}:${phrase}`, weight);
    } else if (action && phrase.length >= 3) {
      // "违章查询" names a function; which steps it has is the user's to say, so none is guessed.
      const x = phrase.slice(0, -action.length);
      if (x.length < 1) continue;
      set.other(`t:${phrase}`, { name: phrase, obj: x, does: '', ops: [], source: 'text' }, `${label}:${phrase}`, weight);
    }
  }
}

/** Keywords that describe the software rather than name a function (tags, industries, qualities): "金融科技", "高并发". */
const NOT_A_MODULE =
  /^(APP|游戏|教育|金融|医疗|地理信息|云计算|信息安全|大数据|人工智能|VR|5G|小程序|物联网|智慧城市)$|(科技|行业|领域|产业|赛道)$|架构|并发|性能|稳定|高效|技术|框架|开源|跨平台|响应式|可靠|易用|安全性/i;

/**
 * A keyword (the projects module passes the user's own module names as keywords) as a module under the user's own
 * name, with no operation and no "does" sentence: the keyword shows that the module exists, not what it does.
 */
function addKeyword(set: ModuleSet, kw: string, embedded: boolean): void {
  if (!kw || NOT_A_MODULE.test(kw) || Object.values(DOMAINS).some((d) => d.words.includes(kw))) return;
  const con = textConcepts(kw, embedded)[0];
  if (con && con.en.includes(kw.toLowerCase())) {
    set.concept(con, 'text', `关键词:${kw}`, 3);
    return;
  }
  if (!/^[\u3400-\u9fffA-Za-z0-9]{2,12}$/.test(kw) || !/[\u3400-\u9fff]/.test(kw) || languagesInText(kw).length > 0) return;
  // "用户管理" or "订单" is the concept itself (it merges with the description's mention); "合同模板管理" stays the user's own.
  if (con && (con.name === kw || con.cn.some((w) => kw === w || kw === `${w}管理`))) {
    set.concept(con, 'text', `关键词:${kw}`, 3, [], kw);
    return;
  }
  const action = ACTION_RE.exec(kw)?.[1];
  const x = action ? kw.slice(0, -action.length) || kw : kw;
  set.other(`k:${kw}`, { name: kw, obj: x, does: '', ops: [], source: 'text', concept: con ? { ...con, ops: [] } : undefined }, `关键词:${kw}`, 3);
}

/** True when a user's module name and a code module name the same thing ("用户管理" vs a unit labelled 用户信息). */
function nameMatchesUnit(kw: string, m: DraftModule): boolean {
  const core = (x: string) => x.replace(/(管理|模块|功能|信息|中心)+$/u, '');
  const a = core(kw);
  const b = core(m.name);
  return a.length >= 2 && (a === b || a.includes(b) || b.includes(a));
}

function finishOps(m: DraftModule): void {
  let ops = uniq(m.ops, (o) => o.key ?? o.text);
  if (m.key.startsWith('u:')) {
    // A code unit keeps the operations its routes name, and only those (none is better than an invented one).
    m.ops = ops.sort((a, b) => (a.key ? OP_ORDER.indexOf(a.key) : 100) - (b.key ? OP_ORDER.indexOf(b.key) : 100)).slice(0, 10);
    return;
  }
  // Only the operations the input names (a route's verb, a phrase of the user's text); a module with none keeps none.
  ops = ops.filter((o) => !o.key || !ops.some((p) => p !== o && !p.key && p.text === o.text));
  const rank = (o: Operation) => (o.key ? OP_ORDER.indexOf(o.key) : 100);
  m.ops = ops
    .map((o, i) => ({ o, i }))
    .sort((a, b) => rank(a.o) - rank(b.o) || a.i - b.i)
    .map((x) => x.o)
    .slice(0, 8);
}

/**
 * Derives at most 12 functional modules, each from evidence: the code analysis (units, controllers, routes, pages,
 * entities, menus), the description's feature phrases and the keywords (the user's module names). The software's name
 * alone yields none, and no module is added because software of its kind "usually has" it. Ranked by evidence,
 * shown in the order of use (entry, business, administration).
 */
export function deriveModules(input: AiProjectInput, platform: PlatformKey): DraftModule[] {
  const embedded = platform === 'embedded';
  const units = input.codeAnalysis?.units ?? [];
  if (units.length) {
    // Code with readable units: the modules are the code's units, plus the modules the user named (keywords).
    const set = new ModuleSet();
    addUnits(set, units, embedded, platform === 'web' || platform === 'mobile' || platform === 'miniprogram' || platform === 'desktop');
    for (const k of input.keywords ?? []) {
      const kw = k.trim();
      if (!kw || set.all().some((m) => m.name === kw || nameMatchesUnit(kw, m))) continue;
      addKeyword(set, kw, embedded);
    }
    // Two units that read the same ("用户管理") are one module with the evidence of both: none is dropped.
    const byName = new Map<string, DraftModule>();
    for (const m of set.all()) {
      const kept = byName.get(m.name);
      if (!kept) byName.set(m.name, m);
      else {
        for (const b of m.basis) if (!kept.basis.includes(b)) kept.basis.push(b);
        kept.ops.push(...m.ops);
      }
    }
    const all = [...byName.values()].slice(0, 30);
    for (const m of all) finishOps(m);
    return all;
  }
  const set = new ModuleSet();
  // A list in the description names its modules item by item; the rest of the text is read phrase by phrase.
  const listed = listedItems(input.description ?? '');
  for (const it of listed.items) {
    const ops = it.detail ? featurePhrases(it.detail).filter((p) => p !== it.name).slice(0, 8).map((text) => ({ text })) : [];
    set.other(`l:${it.name}`, { name: it.name, obj: it.name.replace(/(管理|模块|中心)$/u, '') || it.name, does: '', ops, source: 'text' }, `描述:${it.raw.trim()}`, 6);
  }
  const rest = listed.items.length ? listed.rest.split(input.name.trim()).join('') : listed.rest;
  if (rest.trim()) addText(set, '描述', rest, 5, embedded);
  for (const k of input.keywords ?? []) addKeyword(set, k.trim(), embedded);
  if (input.codeAnalysis) addCode(set, input.codeAnalysis, embedded);

  const found = set.all();
  const strong = found.filter((m) => !(m.key.startsWith('x:') && m.basis.length < 2));
  const weakUnknown = found.filter((m) => m.key.startsWith('x:') && m.basis.length < 2);
  const ranked = [...strong.sort((a, b) => b.weight - a.weight || a.seen - b.seen), ...weakUnknown.sort((a, b) => b.weight - a.weight || a.seen - b.seen)];
  // Every module the user named is kept (their list is the software's); the text adds others up to 12 in all.
  const named = ranked.filter((m) => m.key.startsWith('l:') || m.basis.some((b) => String(b).startsWith('关键词:')));
  const others = ranked.filter((m) => !named.includes(m));
  const chosen = uniq([...named, ...others.slice(0, Math.max(0, 12 - named.length)).filter((m, i) => i < 5 || strong.includes(m))], (m) => m.name);

  for (const m of chosen) finishOps(m);
  const group = (m: DraftModule) => (ENTRY.has(m.key) ? 0 : ADMIN.has(m.key) ? 2 : 1);
  return chosen.sort((a, b) => group(a) - group(b) || b.weight - a.weight || a.seen - b.seen);
}

function detectDomain(input: AiProjectInput, modules: DraftModule[]): { key?: DomainKey; phrase?: string } {
  const text = [input.name, input.description ?? '', ...(input.keywords ?? [])].join(' ');
  const phrase = /面向([^，。；、,.;\n]{2,30})/.exec(input.description ?? '')?.[1]?.replace(/(的|提供|使用).*$/, '');
  const score = new Map<DomainKey, number>();
  for (const [k, d] of Object.entries(DOMAINS) as Array<[DomainKey, (typeof DOMAINS)[DomainKey]]>) {
    let s = 0;
    for (const w of d.words) if (text.includes(w)) s += input.name.includes(w) ? 3 : 2;
    if (s) score.set(k, s);
  }
  for (const m of modules) {
    const d = m.concept?.domain;
    if (d) score.set(d, (score.get(d) ?? 0) + 1);
  }
  const best = [...score.entries()].sort((a, b) => b[1] - a[1])[0];
  return { key: best && best[1] >= 2 ? best[0] : undefined, phrase: phrase && phrase.length >= 2 ? phrase : undefined };
}

/** Reads the input into facts: platform, languages, industry and modules. Pure and deterministic. */
export function readProject(input: AiProjectInput): ProjectFacts {
  const { key: platform, label } = resolvePlatform(input);
  const description = input.description?.trim() ? normalizeChinese(input.description) : '';
  const code = input.codeAnalysis;
  const fromCode = aiLanguageList(code?.languages);
  const languages = fromCode.length > 0 ? fromCode : languagesInText([description, ...(input.keywords ?? [])].join(' '));
  const modules = deriveModules(input, platform);
  const dom = detectDomain(input, modules);
  const category = /嵌入式|中间件|操作系统|应用/.test(input.category ?? '') ? (input.category ?? '').trim() : platform === 'embedded' ? '嵌入式软件' : '应用软件';
  return {
    name: input.name.trim(),
    shortName: input.shortName?.trim() || undefined,
    version: input.version?.trim() || undefined,
    category,
    platform,
    platformLabel: label,
    description,
    keywords: (input.keywords ?? []).map((k) => k.trim()).filter(Boolean),
    languages,
    languagesFromCode: fromCode.length > 0,
    code,
    domain: dom.key,
    domainPhrase: dom.phrase,
    modules,
    seed: hash32([input.name, input.shortName ?? '', input.description ?? '', (input.keywords ?? []).join(',')].join('|')),
  };
}
