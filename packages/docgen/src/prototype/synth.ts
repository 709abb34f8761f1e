import { ZPrototypeApp, ZScreenSpec, platformOf, type Platform, type PrototypeApp, type ScreenField, type ScreenKind, type ScreenSpec, type ThemeId } from './model';
import { LOGIN_PAGE, LOGIN_ROUTE, LOGIN_UNIT, type PageFacts, type PageFieldKind } from '../analysis/pages/model';

/** What a prototype is made from: the form's identity, the platform, the modules and labels found in the code. */
export interface PrototypeSource {
  /** 软件全称 and 版本号 exactly as on the form. */
  name: string;
  version: string;
  shortName?: string;
  /** Free-text platform (e.g. "Web 管理系统", "微信小程序", "Android"); see `platformOf`. */
  platform?: string;
  /** A platform frame chosen by the user; overrides `platform` (and always means a user interface). */
  platformId?: Platform;
  /** 软件分类 (嵌入式软件 / 中间件 without an explicit UI platform have no user interface). */
  category?: string;
  /** 开发完成日期 YYYY-MM-DD: no date shown in a screen is later. */
  completionDate?: string;
  /** Date used when there is no completion date (YYYY-MM-DD, e.g. today); the default keeps output stable. */
  today?: string;
  /**
   * Functional modules; `files` are the module's code files (shown in a module diagram when it lists no operations);
   * `page` is what the module's own page shows in the code (screenFactsOf): its screen is drawn from it.
   */
  modules: { name: string; description?: string; operations?: string[]; files?: string[]; page?: ScreenFacts }[];
  /**
   * The login page of the code (its fields and buttons): the login screen shows that login, not a made-up one; null
   * when the code was read and has no login: no login screen is drawn. Undefined (no code, or a login the code names
   * without a page of its own): a plain account and password login. See codeScreensOf.
   */
  login?: ScreenFacts | null;
  /** The code's home page: the main screen shows what it shows (its title, texts, fields, buttons), nothing made up. */
  home?: ScreenFacts;
  /** A phone's bottom tab bar as the code defines it (empty: none); see codeScreensOf. */
  tabBar?: string[];
  /** Chinese labels found in the code (menu titles, form labels, entity fields): preferred as field names. */
  codeLabels?: string[];
  theme?: ThemeId;
  color?: string;
  /** Whether the software has a user interface (from its software form); default: from `platformId` / `platform`. */
  hasUi?: boolean;
  /** The code's structure, drawn in the diagrams of software without a user interface. */
  code?: DiagramCode;
}

/**
 * What the diagrams of software without a user interface are drawn from: the code analysis (docgen `analyseCode`)
 * reduced to what the pictures show — see `diagramCodeOf`.
 */
export interface DiagramCode {
  /** 软件形态 label, e.g. 函数库/SDK, 接口服务, 命令行工具. */
  formLabel?: string;
  /** The program's entry file. */
  entry?: string;
  languages: string[];
  /** Business units of the code (label, else the words of its key) with their files. */
  units: { label: string; files: string[] }[];
  /** The public interface: exported functions and classes, HTTP endpoints, commands and options. */
  api: { kind: 'function' | 'class' | 'method' | 'endpoint' | 'command' | 'option'; name: string; signature: string }[];
}

export { platformOf };

/** What a page of the code shows, as a prototype draws it (from analysis/pages PageFacts; see screenFactsOf). */
export interface ScreenFacts {
  title?: string;
  fields: { label: string; kind: PageFieldKind }[];
  search: { label: string; kind: PageFieldKind }[];
  columns: string[];
  buttons: string[];
  tabs: string[];
  /** The page's other texts (headings, paragraphs, captions) as written there. */
  texts: string[];
  /** How a login page signs the user in (phone and code, WeChat, account and password), when the code says. */
  login?: PageFacts['login'];
}

/** The page facts a prototype reads (stored facts of earlier versions have no texts, home or tab). */
export type ScreenPage = Pick<PageFacts, 'file' | 'framework' | 'title' | 'fields' | 'search' | 'columns' | 'buttons' | 'tabs' | 'texts' | 'login' | 'home' | 'tab'>;

/**
 * The screen facts of a module's pages (its list page with the dialogs beside it), merged in order; undefined when the
 * module has no page in the code. A page whose fields, columns and buttons the reader does not recognise gives facts
 * with its title and texts only: its screen is drawn from what the page shows, never filled with a made-up list.
 */
export function screenFactsOf(pages: readonly Pick<ScreenPage, 'title' | 'fields' | 'search' | 'columns' | 'buttons' | 'tabs' | 'texts' | 'login'>[]): ScreenFacts | undefined {
  const uniq = <T>(xs: T[], key: (x: T) => string) => xs.filter((x, i) => xs.findIndex((y) => key(y) === key(x)) === i);
  const search = uniq(pages.flatMap((p) => p.search.map((f) => ({ label: f.text, kind: f.kind }))), (f) => f.label);
  const title = pages.find((p) => p.title)?.title?.text;
  const f: ScreenFacts = {
    title,
    search,
    fields: uniq(pages.flatMap((p) => p.fields.map((x) => ({ label: x.text, kind: x.kind }))), (x) => x.label).filter((x) => !search.some((y) => y.label === x.label)),
    columns: uniq(pages.flatMap((p) => p.columns.map((c) => c.text)), (x) => x).filter((c) => !/^(selection|#)$/i.test(c)),
    buttons: uniq(pages.flatMap((p) => p.buttons.map((c) => c.text)), (x) => x),
    tabs: uniq(pages.flatMap((p) => p.tabs.map((c) => c.text)), (x) => x),
    texts: uniq(pages.flatMap((p) => (p.texts ?? []).map((c) => c.text)), (x) => x).filter((x) => x !== title),
    login: pages.find((p) => p.login)?.login,
  };
  return pages.length ? f : undefined;
}

/** What the code says about the screens around its modules: its login page, its home page and its tab bar. */
export interface CodeScreens {
  /** The login page's facts; null: the code has no login; undefined: not known (see PrototypeSource.login). */
  login?: ScreenFacts | null;
  home?: ScreenFacts;
  /** The tab bar's texts in order; empty: a mini-program without one; undefined: not known. */
  tabBar?: string[];
}


/**
 * The login, home page and tab bar a prototype draws, from the code's pages (analysis/pages readPageFacts) and, for the
 * login, its units' keys and routes: the login pages (a page the reader knows signs in, or a file called login) give
 * the login screen; without one, a login unit or route leaves the login not known (undefined), and no sign of a login
 * at all gives null — the code has no login and no login screen is drawn. Nothing is known without pages ({}).
 */
export function codeScreensOf(pages: readonly ScreenPage[], code: { units?: readonly { key: string }[]; routes?: readonly string[] } = {}): CodeScreens {
  if (!pages.length) return {};
  const loginPages = pages.filter((p) => p.login || LOGIN_PAGE.test(p.file));
  const named = (code.units ?? []).some((u) => LOGIN_UNIT.test(u.key)) || (code.routes ?? []).some((r) => LOGIN_ROUTE.test(r));
  const home = pages.find((p) => p.home);
  const tabs = pages.filter((p) => p.tab).sort((a, b) => a.tab!.order - b.tab!.order).map((p) => p.tab!.text);
  return {
    login: loginPages.length ? screenFactsOf(loginPages) : named ? undefined : null,
    home: home ? screenFactsOf([home]) : undefined,
    tabBar: tabs.length ? tabs.slice(0, 5) : pages.some((p) => p.framework === 'wxml') ? [] : undefined,
  };
}

export interface Prototype {
  app: PrototypeApp;
  screens: ScreenSpec[];
  /** False for software without a user interface: the screens are an architecture and a module diagram. */
  hasUi: boolean;
}

/* ------------------------------------------------------------------ deterministic synthetic data */

function seedOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
/** mulberry32: a small seeded PRNG, so the same project always gets the same data. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = () => number;
const pick = <T>(r: Rand, arr: readonly T[]): T => arr[Math.floor(r() * arr.length)];
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

/** Masked synthetic names (never a real person's record). */
const SURNAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭'];
const GIVEN = ['华', '明', '丽', '强', '芳', '伟', '静', '敏', '磊', '洋', '婷', '军', '杰', '娟', '涛', '琳'];

const STRIP = /(管理|查询|列表|中心|模块|功能|维护|设置|配置|统计|报表|分析|处理|服务|记录|信息|登记|录入|上报|申请|详情)+$/;
/** The thing a module handles: its name without a trailing 管理/查询/统计…, e.g. 入库管理 → 入库. */
export function nounOf(moduleName: string): string {
  const n = moduleName.replace(/^(我的|在线|智能)/, '').replace(STRIP, '').replace(/与.*$/, '');
  return n || '业务';
}

const DOMAINS: [RegExp, string[], string[]][] = [
  [/(库|仓|货|物料|商品|耗材|团购)/, ['规格型号', '数量', '库位'], []],
  [/(预约|排队|取号|挂号|叫号|候诊)/, ['预约时段', '预约人', '所属科室'], []],
  [/(老人|患者|会员|客户|用户|居民|学生|员工|人员|团长|医生)/, ['姓名', '联系电话', '所属区域'], []],
  [/(订单|下单|支付|结算|佣金|账|费|金额|补贴|预算|记一笔|收支)/, ['金额（元）', '支付方式', '经办人'], []],
  [/(设备|传感器|阀门|网关|终端|接入|控制)/, ['设备型号', '安装位置', '在线状态'], []],
  [/(巡检|隐患|整改|工单|任务|随访|服务)/, ['负责人', '截止日期', '优先级'], []],
  [/(图片|水印|文件|格式|模板|导入|转换)/, ['文件名', '尺寸', '格式'], []],
  [/(消息|通知|公告|提醒)/, ['标题', '接收人', '发送时间'], []],
  [/(实验室|房间|场地|库位|路线)/, ['位置', '容量', '负责人'], []],
  [/(温|湿|监测|告警|预警|超限)/, ['温度（°C）', '湿度（%）', '采集时间'], []],
  [/(档案|评价|申领|审批|申请)/, ['申请人', '所属部门', '审批状态'], []],
];

const STATUS_SETS = [
  ['已完成', '处理中', '待审核'],
  ['正常', '待处理', '已完成'],
  ['已审核', '待审核', '已驳回'],
  ['启用', '启用', '停用'],
];

interface Ctx {
  r: Rand;
  noun: string;
  ref: Date;
  domain?: (typeof DOMAINS)[number];
  statuses: string[];
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dateStr = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
function daysBefore(ref: Date, days: number): Date {
  return new Date(ref.getTime() - days * 86_400_000);
}

function valueFor(label: string, i: number, c: Ctx): string {
  const { r, ref } = c;
  if (label === '操作') return '查看 编辑 删除';
  if (/(编号|单号|编码|工号)$/.test(label)) return `${dateStr(daysBefore(ref, i * 3 + 1)).replace(/-/g, '')}${pad(int(r, 1, 99), 3)}`;
  if (/^(id|no|no\.|#)$|(_no|number|code)$/i.test(label)) return `${dateStr(daysBefore(ref, i * 3 + 1)).replace(/-/g, '')}${pad(int(r, 1, 99), 3)}`;
  if (/(^|\s)(date|time)$|^(date|time|created|updated)/i.test(label)) return dateStr(daysBefore(ref, i * 3 + int(r, 0, 2)));
  if (/(price|amount|total|fee)$/i.test(label)) return `${int(r, 12, 4800)}.${pick(r, ['00', '50', '80'])}`;
  if (/(count|readings|views|pv|qty|quantity)$/i.test(label)) return String(int(r, 2, 480));
  if (/^status$/i.test(label)) return i === 0 ? c.statuses[0] : pick(r, c.statuses);
  if (/(时间|时段)$/.test(label) && !/预约时段/.test(label)) {
    const d = daysBefore(ref, i * 2 + int(r, 0, 1));
    return `${dateStr(d)} ${pad(int(r, 8, 18))}:${pad(int(r, 0, 5) * 10)}`;
  }
  if (/(日期)$/.test(label)) return dateStr(daysBefore(ref, i * 3 + int(r, 0, 2)));
  if (/(姓名|人)$/.test(label)) return `${pick(r, SURNAMES)}*${pick(r, GIVEN)}`;
  if (/(电话|手机)/.test(label)) return `1${pick(r, ['38', '39', '58', '86', '77'])}****${pad(int(r, 0, 9999), 4)}`;
  if (/(状态|结果)$/.test(label)) return i === 0 ? c.statuses[0] : pick(r, c.statuses);
  if (/(数量|容量|库存|次数)/.test(label)) return String(int(r, 2, 480));
  if (/(金额|价格|费用)/.test(label)) return `${int(r, 12, 4800)}.${pick(r, ['00', '50', '80'])}`;
  if (/(温度)/.test(label)) return (int(r, -180, 60) / 10).toFixed(1);
  if (/(湿度)/.test(label)) return String(int(r, 35, 85));
  // A kind's values are the software's own (自然人/法人, 入库/出库…): left empty unless it is a way of payment.
  if (/(类型|类别|分类|方式)$/.test(label)) return /支付/.test(label) ? pick(r, ['银行转账', '对公结算', '现金']) : '';
  if (/(优先级)/.test(label)) return pick(r, ['高', '中', '低']);
  if (/(库位|位置|区域|地址)$/.test(label)) return /库位/.test(label) ? `${pick(r, ['A', 'B', 'C'])}区-${pad(int(r, 1, 12))}-${pad(int(r, 1, 8))}` : pick(r, ['一号楼', '二号楼', '东区', '西区', '南区', '北区']);
  if (/(科室|部门)$/.test(label)) return pick(r, /科室/.test(label) ? ['内科', '外科', '儿科', '口腔科'] : ['行政部', '运营部', '技术部', '财务部']);
  if (/(规格|型号)/.test(label)) return pick(r, ['标准型', '加强型', 'S 号', 'M 号', 'L 号']);
  if (/(尺寸)/.test(label)) return pick(r, ['1920×1080', '1280×720', '800×600']);
  if (/(格式)/.test(label)) return pick(r, ['JPG', 'PNG']);
  if (/(名称|标题|内容|文件名)$/.test(label) || label === `${c.noun}名称`) {
    // A name is the user's data: left empty rather than made up (never 「X一/X二」 or another trade's goods).
    return '';
  }
  if (/(备注|说明|描述)/.test(label)) return '';
  return '';
}

function fieldType(label: string): ScreenField['type'] {
  if (/(日期|时间)$/.test(label)) return 'date';
  if (/(类型|类别|分类|方式|状态|科室|部门|区域|优先级|格式|时段)$/.test(label)) return 'select';
  if (/(备注|说明|描述|内容)$/.test(label)) return 'textarea';
  return 'text';
}

/** Buttons the module's operations name: quoted words (点击“新增”) first, then known verbs. */
export function buttonsFromOperations(ops: string[]): string[] {
  const out: string[] = [];
  const add = (s: string) => {
    const t = s.trim().replace(/按钮$/, '');
    if (t && [...t].length <= 6 && !out.includes(t)) out.push(t);
  };
  for (const op of ops) for (const m of op.matchAll(/[“"「『]([^”"」』]{1,8})[”"」』]/g)) add(m[1]);
  for (const op of ops) for (const m of op.matchAll(/(新增|添加|编辑|修改|删除|导出|导入|审核|提交|打印|上传|下载|发布|保存|核销|结算|下发)/g)) add(m[1]);
  return out;
}

/** Chooses the screen kind that fits a module: statistics → chart, settings → settings, filling in → form… */
export function kindOf(moduleName: string, ops: string[] = []): ScreenKind {
  const n = moduleName;
  if (/(统计|报表|分析|图表|看板|大屏|监测|趋势|报告)/.test(n)) return 'chart';
  if (/(设置|配置|参数|策略|偏好)/.test(n)) return 'settings';
  if (/(上报|申请|记一笔|登记|录入|填报|预约|下单|申领|取号|发布)/.test(n)) return 'form';
  if (/(详情|档案|跟踪|进度|随访|追溯)/.test(n)) return 'detail';
  if (ops.some((o) => /(填写|录入).*(提交)/.test(o)) && !/(管理|列表|查询)/.test(n)) return 'form';
  return 'list';
}

const OPERATION_WORD = /^(新增|添加|编辑|修改|删除|查询|查看|搜索|导出|导入|审核|提交|上传|下载|管理|维护|登记|录入|统计|打印|发布)/;

/**
 * Field names a module's own words enumerate: 「维护著作权人的名称、类型和证件信息」 → 名称, 类型, 证件信息. An item is
 * 2–8 Chinese characters; the first is read after its last 的 and its leading verb phrase (按月统计…); operations
 * (新增、编辑、删除…) are not fields.
 */
export function describedFields(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[\u4e00-\u9fff]{1,16}(?:、[\u4e00-\u9fff]{1,10})+/g)) {
    const items = m[0].split('、');
    // The first item is what follows its last 的 (or its leading verb); the last may join one more with 和/及/与.
    items[0] = (items[0].split('的').pop() ?? '').replace(/^(支持|可以|可|能够|进行|实现|提供|用于)/, '');
    // A leading verb phrase ("按月统计订单数量" → 订单数量) is not part of the field's name.
    const verb = /^(?:按[\u4e00-\u9fff]{1,2}?)?(?:统计|查询|查看|显示|展示|汇总|记录|登记|维护|录入|管理|分析)/.exec(items[0]);
    if (verb && [...items[0]].length - [...verb[0]].length >= 2) items[0] = items[0].slice(verb[0].length);
    items.push(...(items.pop() ?? '').replace(/(等等|等)$/, '').split(/以及|和|及|与/));
    for (const item of items) if ([...item].length >= 2 && [...item].length <= 8 && !OPERATION_WORD.test(item) && !out.includes(item)) out.push(item);
  }
  return out;
}

/**
 * The columns of a module's list drawn without a page of its own: its number, the fields the code's labels and the
 * module's own words name, a domain's usual fields only where those words mention them, its state where they speak of
 * one, the update time and the operations — no column of another trade.
 */
function columnsFor(noun: string, c: Ctx, codeLabels: string[], text: string): string[] {
  const described = describedFields(text);
  const domainCols = (c.domain?.[1] ?? []).filter((d) => text.includes(d.replace(/（.*）$/, '')) && !described.includes(d));
  const code = codeLabels.filter((l) => !domainCols.includes(l) && !described.includes(l)).slice(0, 2);
  const fieldsNamed = [...described, ...domainCols];
  const name = fieldsNamed.some((d) => /(名称|姓名|标题|文件名)$/.test(d)) ? [] : [`${noun}名称`.replace(/名称名称$/, '名称')];
  const state = fieldsNamed.find((d) => /状态$/.test(d)) ?? (/(状态|审核|审批|启用|停用|待处理|已完成)/.test(text) ? '状态' : undefined);
  const cols = [`${noun}编号`, ...name, ...code, ...fieldsNamed.filter((d) => !/状态$/.test(d)), ...(state ? [state] : []), '更新时间', '操作'];
  const uniq = [...new Set(cols.map((x) => ([...x].length > 12 ? [...x].slice(0, 12).join('') : x)))];
  return uniq.length > 8 ? [...uniq.slice(0, 6), ...uniq.slice(-2)] : uniq;
}

function relevantLabels(moduleName: string, labels: string[]): string[] {
  const grams = new Set<string>();
  const chars = [...moduleName];
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i] + chars[i + 1]);
  const fieldLike = labels.filter((l) => /^[\u4e00-\u9fff（）()%]{2,10}$/.test(l) && /(名称|编号|时间|日期|状态|类型|数量|金额|备注|电话|地址|人|号|码|率|量|级|额)$/.test(l));
  const scored = fieldLike.map((l) => ({ l, s: [...grams].some((g) => l.includes(g)) ? 1 : 0 })).sort((a, b) => b.s - a.s);
  return scored.filter((x) => x.s > 0).map((x) => x.l);
}

/** The last `n` days up to `ref` as M/D labels. */
function dayLabels(ref: Date, n: number): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(ref.getTime() - i * 86_400_000);
    out.push(`${d.getUTCMonth() + 1}/${d.getUTCDate()}`);
  }
  return out;
}

function monthLabels(ref: Date, n: number): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const m = (ref.getUTCMonth() - i + 120) % 12;
    out.push(`${m + 1}月`);
  }
  return out;
}

const FIELD_TYPE: Record<PageFieldKind, ScreenField['type']> = { text: 'text', password: 'text', number: 'text', upload: 'text', select: 'select', radio: 'select', checkbox: 'select', date: 'date', textarea: 'textarea', switch: 'switch' };
const clipTo = (t: string, n: number) => ([...t].length > n ? [...t].slice(0, n).join('') : t);

/**
 * A module's screen drawn from its own page in the code: the page's search conditions, columns, buttons, tabs and
 * form fields, as written there; rows hold values typed by column (dates, numbers, codes, masked names and phone
 * numbers) and leave names and free text empty.
 */
function pageScreen(index: number, m: PrototypeSource['modules'][number], page: ScreenFacts, src: PrototypeSource, ref: Date): ScreenSpec {
  const r = rng(seedOf(`${src.name}|${src.version}|${m.name}|${index}`));
  const c: Ctx = { r, noun: nounOf(m.name), ref, statuses: pick(r, STATUS_SETS) };
  const title = clipTo(m.name, 30);
  const buttons = [...new Set(page.buttons.filter((b) => fits(b, 10)))].slice(0, 6);
  const tabs = page.tabs.filter((t) => fits(t, 10)).slice(0, 8);
  const texts = pageTexts(page);
  if (page.columns.length) {
    const columns = [...new Set(page.columns.filter((x) => fits(x, 12)))].slice(0, 8);
    const op = (col: string) => /^(操作|action|actions|operations?)$/i.test(col);
    const rows = Array.from({ length: 6 }, (_, i) => columns.map((col) => (op(col) ? buttons.filter((b) => /编辑|修改|删除|详情|查看|edit|delete|view/i.test(b)).slice(0, 3).join(' ') : valueFor(col, i, c))));
    // Columns with no value of their type (names, free text) leave the table empty rather than rows of blanks.
    const typed = rows.some((row) => row.some((v, k) => v && !op(columns[k])));
    return ZScreenSpec.parse({ key: `module-${index + 1}`, kind: 'list', title, fields: page.search.slice(0, 3).map(toField), columns, rows: typed ? rows : [], buttons, tabs, texts: texts.slice(0, 3) });
  }
  const fields = [...page.search, ...page.fields].slice(0, 12).map(toField);
  return ZScreenSpec.parse({ key: `module-${index + 1}`, kind: 'form', title, fields, buttons, tabs, texts });
}

/** A field of the code's page as drawn: its label, an empty value (a switch shows on), its kind of box. */
const toField = (f: { label: string; kind: PageFieldKind }): ScreenField => ({ label: clipTo(f.label, 20), value: f.kind === 'switch' ? '开' : '', type: FIELD_TYPE[f.kind] });
/** Texts longer than a button or a column holds are left out rather than cut. */
const fits = (t: string, n: number) => [...t].length <= n;
/** The page's own texts a screen shows (at most 8 lines of at most 40 characters). */
const pageTexts = (page: ScreenFacts) => (page.texts ?? []).filter((t) => fits(t, 40)).slice(0, 8);

/**
 * The main screen: what the code's home page shows (its title, texts, fields, buttons, tabs and its table's columns,
 * no rows), else the title 首页 alone — never made-up statistics, charts or records.
 */
function mainScreen(home: ScreenFacts | undefined): ScreenSpec {
  if (!home) return ZScreenSpec.parse({ key: 'main', kind: 'main', title: '首页' });
  return ZScreenSpec.parse({
    key: 'main',
    kind: 'main',
    title: clipTo(home.title || '首页', 30),
    fields: [...home.search, ...home.fields].slice(0, 6).map(toField),
    columns: [...new Set(home.columns.filter((x) => fits(x, 12)))].slice(0, 8),
    buttons: [...new Set(home.buttons.filter((b) => fits(b, 10)))].slice(0, 6),
    tabs: home.tabs.filter((t) => fits(t, 10)).slice(0, 8),
    texts: pageTexts(home),
  });
}

const LOGIN_TITLES: Record<NonNullable<PageFacts['login']>, string> = { phone: '手机号登录', wechat: '微信登录', password: '账号登录' };

/**
 * The login screen: the code's login page (its title — else the way it signs in —, fields, buttons and texts), or,
 * when the code's login is not known, a plain account and password login with one 登录 button.
 */
function loginScreen(login: ScreenFacts | undefined, plat: Platform): ScreenSpec {
  if (!login) {
    return ZScreenSpec.parse({
      key: 'login',
      kind: 'login',
      title: plat === 'mobile' ? '账号登录' : '用户登录',
      fields: [
        { label: '账号', value: '', type: 'text' },
        { label: '密码', value: '', type: 'text' },
      ],
      buttons: ['登录'],
    });
  }
  return ZScreenSpec.parse({
    key: 'login',
    kind: 'login',
    title: clipTo(login.title || (login.login ? LOGIN_TITLES[login.login] : '登录'), 30),
    fields: [...login.search, ...login.fields].slice(0, 4).map((f) => ({ ...toField(f), type: f.kind === 'password' ? 'text' : FIELD_TYPE[f.kind] })),
    buttons: [...new Set(login.buttons.filter((b) => fits(b, 10)))].slice(0, 4),
    texts: pageTexts(login).slice(0, 3),
  });
}

function moduleScreen(index: number, m: PrototypeSource['modules'][number], src: PrototypeSource, ref: Date): ScreenSpec {
  if (m.page) return pageScreen(index, m, m.page, src, ref);
  const ops = m.operations ?? [];
  const kind = kindOf(m.name, ops);
  const noun = nounOf(m.name);
  const r = rng(seedOf(`${src.name}|${src.version}|${m.name}|${index}`));
  const text = `${m.name}。${m.description ?? ''}`;
  const c: Ctx = { r, noun, ref, domain: DOMAINS.find((d) => d[0].test(text)), statuses: pick(r, STATUS_SETS) };
  const labels = relevantLabels(m.name, src.codeLabels ?? []);
  const columns = columnsFor(noun, c, labels, `${text}${ops.join('')}`);
  const fromOps = buttonsFromOperations(ops);
  const title = [...m.name].length > 30 ? [...m.name].slice(0, 30).join('') : m.name;
  const base = { key: `module-${index + 1}`, kind, title };
  const rows = (n: number, cols: string[]) => Array.from({ length: n }, (_, i) => cols.map((col) => valueFor(col, i, c)));
  const dataCols = columns.filter((x) => x !== '操作' && !/编号$/.test(x) && !/更新时间$/.test(x));
  switch (kind) {
    case 'list': {
      const state = columns.find((x) => /状态$/.test(x));
      const filters = [columns[1] ?? `${noun}名称`, ...(state ? [state] : []), '更新日期'].map((label) => ({ label, value: '', type: fieldType(label) }));
      // Only the buttons the module's operations name: none is added because list pages usually have it.
      const buttons = [...new Set(fromOps.filter((b) => !/^(查询|重置|查看|搜索)$/.test(b)))].slice(0, 3);
      return ZScreenSpec.parse({ ...base, fields: filters, columns, rows: rows(8, columns).map((row) => row.map((v, i) => (columns[i] === '操作' ? buttons.filter((b) => /编辑|修改|删除|查看/.test(b)).join(' ') : v))), buttons });
    }
    case 'form': {
      const fields = [...dataCols.filter((x) => !/状态$/.test(x)).slice(0, 6), '备注'].map((label, i) => ({ label, value: i < 4 ? valueFor(label, 0, c) : '', type: fieldType(label) }));
      const buttons = [...new Set(fromOps.filter((b) => /(提交|保存|上报|确认|发布|预约|申请|下单)/.test(b)))].slice(0, 3);
      return ZScreenSpec.parse({ ...base, fields, buttons });
    }
    case 'detail': {
      const fields = columns.filter((x) => x !== '操作').slice(0, 8).map((label) => ({ label, value: valueFor(label, 0, c), type: 'text' as const }));
      const buttons = [...new Set(fromOps.filter((b) => !/^(查询|查看)$/.test(b)))].slice(0, 3);
      return ZScreenSpec.parse({ ...base, fields, buttons });
    }
    case 'chart': {
      // What the module's own words count (its enumerated fields, else the number of its subject), over the axis its
      // words give (by day, by month, or across those fields); a period filter, a table and buttons only where its
      // words or operations name them — no made-up rate, comparison or export.
      const words = `${text}${ops.join('、')}`;
      const named = describedFields(text).slice(0, 4);
      const measures = named.length ? named : [nounOf(m.name) === '业务' ? '数量' : `${noun}数量`.slice(0, 16)];
      const daily = /(按日|每日|每天|日报|当日|近七天|近 7 天)/.test(words);
      const axis = daily ? dayLabels(ref, 7) : !/(按月|每月|月度|月报|趋势|近.{1,3}个月)/.test(words) && measures.length >= 2 ? measures : monthLabels(ref, 6);
      // One sample series per measure over a time axis (the chart draws the first); one value per measure across them.
      const series = axis === measures ? [axis.map(() => int(r, 40, 320))] : measures.map(() => axis.map(() => int(r, 40, 320)));
      const values = series[0]!;
      const stats = measures.map((label, i) => ({ label, value: String(axis === measures ? values[i] : series[i]!.reduce((a, b) => a + b, 0)) }));
      const fields = /(时间|日期|周期|期间|月份|年度)/.test(words) ? [{ label: '统计时间', value: '', type: 'date' as const }] : [];
      const axisName = axis === measures ? '项目' : daily ? '日期' : '月份';
      const table = /(报表|明细|表格|列表|清单)/.test(words);
      const tableCols = table ? [axisName, ...(axis === measures ? ['数量'] : measures.slice(0, 3))] : [];
      // The table shows the last three points of the axis (what the chart shows for them).
      const last = Math.max(0, axis.length - 3);
      const tableRows = table ? axis.slice(last).map((l, i) => [l, ...(axis === measures ? [String(values[last + i])] : series.slice(0, 3).map((s) => String(s[last + i])))]) : [];
      const buttons = [...new Set([...fromOps.filter((b) => fits(b, 10)), ...(/导出/.test(words) && !fromOps.some((b) => b.includes('导出')) ? ['导出'] : []), ...(/打印/.test(words) && !fromOps.some((b) => b.includes('打印')) ? ['打印'] : [])])].slice(0, 3);
      return ZScreenSpec.parse({ ...base, fields, stats, chart: { labels: axis.map((l) => ([...l].length > 8 ? [...l].slice(0, 8).join('') : l)), values }, columns: tableCols, rows: tableRows, buttons });
    }
    case 'settings': {
      // Only settings the code labels name; none is made up.
      const fields: ScreenField[] = labels.slice(0, 6).map((l) => ({ label: l, value: valueFor(l, 0, c), type: fieldType(l) }));
      const buttons = [...new Set(fromOps.filter((b) => /(保存|下发|应用)/.test(b)))].slice(0, 2);
      return ZScreenSpec.parse({ ...base, fields, buttons });
    }
    default:
      return ZScreenSpec.parse({ ...base });
  }
}

/**
 * A project's prototype: a login screen (the code's own, none when the code has no login), the main screen (what the
 * code's home page shows, else its title alone) and one screen per functional module — drawn from the module's own
 * page when the code has one, else of a kind chosen from the module's name and operations with values typed by
 * column (dates, codes, masked names and phone numbers; names and free text left empty; no brand, URL or lorem
 * ipsum) and no date later than the completion date. Software without a user interface gets an architecture and a
 * module diagram. Deterministic: the same source gives the same screens.
 */
export function buildPrototype(src: PrototypeSource): Prototype {
  const plat = src.hasUi === false ? 'none' : (src.platformId ?? (src.hasUi ? (platformOf(src.platform, src.category) === 'none' ? 'web-admin' : platformOf(src.platform, src.category)) : platformOf(src.platform, src.category)));
  const refIso = /^\d{4}-\d{2}-\d{2}$/.test(src.completionDate ?? '') ? src.completionDate! : /^\d{4}-\d{2}-\d{2}$/.test(src.today ?? '') ? src.today! : '2026-01-15';
  const ref = new Date(`${refIso}T00:00:00Z`);
  const modules = src.modules.filter((m) => m.name.trim()).slice(0, 30);
  const menu = modules.map((m) => ([...m.name].length > 30 ? [...m.name].slice(0, 30).join('') : m.name));
  const app = ZPrototypeApp.parse({
    name: src.name,
    version: src.version,
    shortName: src.shortName || undefined,
    platform: plat === 'none' ? 'web-admin' : plat,
    theme: src.theme ?? 'classic',
    color: src.color,
    menu,
    tabBar: src.tabBar?.map((t) => clipTo(t, 8)).slice(0, 5),
    // A software without a login shows no signed-in user.
    ...(src.login === null ? { user: '' } : {}),
  });
  if (plat === 'none') return { app, hasUi: false, screens: diagrams(src, modules) };
  // The code's own login (phone and code, account and password, a WeChat button), or none when the code has none.
  const login = src.login === null ? [] : [loginScreen(src.login, plat)];
  return { app, hasUi: true, screens: [...login, mainScreen(src.home), ...modules.map((m, i) => moduleScreen(i, m, src, ref))] };
}

const clip = (t: string, n = 20) => ([...t].length > n ? [...t].slice(0, n).join('') : t);
const baseName = (f: string) => f.slice(f.lastIndexOf('/') + 1);

const API_LAYER: Record<DiagramCode['api'][number]['kind'], string> = { endpoint: 'HTTP 接口', command: '命令', option: '命令参数', function: '导出函数', class: '导出类', method: '公开方法' };

/**
 * The architecture and module diagrams of software without a user interface, drawn only from what the code and the
 * project say: the architecture's layers are the public interface (endpoints, commands, exported functions and
 * classes, by name), the business units of the code, the entry file and the languages; the module diagram shows each
 * functional module with its operations (or, when it lists none, its code files). Without code the architecture
 * shows the functional modules only.
 */
function diagrams(src: PrototypeSource, modules: PrototypeSource['modules']): ScreenSpec[] {
  const code = src.code;
  const groups: { title: string; items: string[] }[] = [];
  if (code) {
    const kinds = [...new Set(code.api.map((a) => a.kind))].sort((a, b) => Object.keys(API_LAYER).indexOf(a) - Object.keys(API_LAYER).indexOf(b));
    const iface = kinds.slice(0, 2).flatMap((k) => {
      const of = code.api.filter((a) => a.kind === k);
      const shown = of.slice(0, kinds.length > 1 ? 4 : 8).map((a) => clip(k === 'endpoint' ? a.signature : a.name));
      return of.length > shown.length ? [...shown, `等 ${of.length} 个${API_LAYER[k]}`] : shown;
    });
    if (iface.length) groups.push({ title: kinds.length > 1 ? '对外接口' : API_LAYER[kinds[0]], items: [...new Set(iface)].slice(0, 10) });
    const units = code.units.map((u) => clip(u.label)).filter(Boolean);
    if (units.length) groups.push({ title: '代码模块', items: units.length > 10 ? [...units.slice(0, 9), `等 ${units.length} 个模块`] : units });
    if (code.entry) groups.push({ title: '程序入口', items: [clip(baseName(code.entry))] });
    if (code.languages.length) groups.push({ title: '编程语言', items: code.languages.slice(0, 6).map((l) => clip(l)) });
  }
  if (!groups.some((g) => g.title === '代码模块')) {
    const names = modules.map((m) => clip(m.name));
    if (names.length) groups.splice(groups.length && groups[0].title !== '程序入口' ? 1 : 0, 0, { title: '功能模块', items: names.length > 10 ? [...names.slice(0, 9), `等 ${names.length} 个模块`] : names });
  }
  const arch = ZScreenSpec.parse({ key: 'arch', kind: 'architecture', title: '软件总体架构图', groups: groups.slice(0, 8) });
  // At most 8 boxes: with more modules the last box names the rest, so the figure never hides a module.
  const shown = modules.length > 8 ? modules.slice(0, 7) : modules;
  const byModule = shown.map((m) => {
    const ops = (m.operations ?? []).map((o) => clip(o.replace(/^[0-9.、\s]+/, '').replace(/[，。；,;].*$/, ''))).filter(Boolean);
    const unit = code?.units.find((u) => u.label === m.name);
    const items = ops.length ? ops : (m.files ?? unit?.files ?? []).map((f) => clip(baseName(f)));
    return { title: clip(m.name), items: [...new Set(items)].slice(0, 6) };
  });
  if (modules.length > shown.length) byModule.push({ title: `其余${modules.length - shown.length}个模块`, items: modules.slice(shown.length, shown.length + 6).map((m) => clip(m.name)) });
  const codeUnits = code && code.units.length > 8 ? code.units.slice(0, 7) : (code?.units ?? []);
  const fromCode = !byModule.length && code ? codeUnits.map((u) => ({ title: clip(u.label), items: [...new Set(u.files.map((f) => clip(baseName(f))))].slice(0, 6) })) : [];
  if (fromCode.length && code && code.units.length > codeUnits.length) fromCode.push({ title: `其余${code.units.length - codeUnits.length}个模块`, items: code.units.slice(codeUnits.length, codeUnits.length + 6).map((u) => clip(u.label)) });
  const mods = ZScreenSpec.parse({ key: 'modules', kind: 'module-diagram', title: '功能模块结构图', groups: byModule.length ? byModule : fromCode });
  return [arch, mods];
}

/** The code's structure as the diagrams draw it (docgen `CodeAnalysis` → DiagramCode). */
export function diagramCodeOf(a: { entryFile?: string; languageList: string[]; form?: { label: string }; structure: { units: { label?: string; words: string[]; evidence: { file: string }[] }[]; api: DiagramCode['api'] } }): DiagramCode {
  return {
    formLabel: a.form?.label,
    entry: a.entryFile,
    languages: a.languageList,
    units: a.structure.units.map((u) => ({ label: u.label ?? u.words.join(' '), files: [...new Set(u.evidence.map((e) => e.file))] })),
    api: a.structure.api.map((x) => ({ kind: x.kind, name: x.name, signature: x.signature })),
  };
}

/**
 * One sentence saying what a rendered screen shows (printed before its figure as 如图N所示，…), naming its fields,
 * columns and buttons — only those in `texts`, the renderer's record of what was drawn (a phone frame shows fewer).
 */
export function describeScreen(s: ScreenSpec, texts?: string[]): string {
  const drawn = texts ? texts.join('\n') : undefined;
  const seen = (x: string) => !drawn || drawn.includes(x);
  const q = (xs: string[]) => xs.filter(seen).map((x) => `“${x}”`).join('');
  const fields = q(s.fields.map((f) => f.label));
  const buttons = q(s.buttons);
  const cols = s.columns.filter((c) => c !== '操作' && seen(c)).slice(0, 6).join('、');
  const words = q((s.texts ?? []).slice(0, 2));
  const btn = buttons ? `，界面上有${buttons}按钮` : '';
  switch (s.kind) {
    case 'login':
      return `登录界面显示软件名称和版本号${fields ? `，有${fields}输入框` : ''}${buttons ? `${fields ? '和' : '，有'}${buttons}按钮` : ''}。`;
    case 'main': {
      const shown = [
        '软件名称和版本号',
        ...(words ? [`文字${words}`] : []),
        ...(fields ? [`${fields}输入框`] : []),
        ...(buttons ? [`${buttons}按钮`] : []),
        ...(cols ? [`列表（${cols}等列）`] : []),
        ...(s.stats.length ? ['统计数字'] : []),
        ...(s.chart ? ['图表'] : []),
      ];
      return `主界面${s.title !== '首页' && seen(s.title) ? `“${s.title}”` : ''}显示${shown.join('、')}。`;
    }
    case 'list':
      return `界面${fields ? `上方为查询条件${fields}，` : ''}中部为${s.title}列表${cols ? `（${cols}等列）` : ''}${btn}。`;
    case 'form':
      // A page with no fields is no form: it shows its texts and buttons.
      if (!fields) return `界面显示${s.title}${words ? `的${words}等内容` : ''}${btn}。`;
      return `界面为${s.title}的填写表单，包括${fields}等项目${btn}。`;
    case 'detail':
      return `界面显示${s.title}的详细信息${fields ? `（${fields}等）` : ''}${s.rows.length && seen(s.columns[0] || '处理记录') ? `和“${s.columns[0] || '处理记录'}”` : ''}${btn}。`;
    case 'chart':
      return `界面${fields ? `上方为${fields}选择，` : ''}显示${s.stats.filter((x) => seen(x.label)).map((x) => `“${x.label}”`).join('')}等统计数字和图表${btn}。`;
    case 'settings':
      return `界面列出${fields || '各项'}设置${btn}。`;
    case 'architecture':
      return `软件自上而下分为${s.groups.map((g) => `“${g.title}”`).join('')}${s.groups.length}层，各层内容取自${s.groups.some((g) => g.title === '代码模块' || g.title === '程序入口') ? '源代码' : '项目的功能模块'}。`;
    case 'module-diagram':
    {
      const rest = s.groups.find((g) => /^其余\d+个模块$/.test(g.title));
      const total = s.groups.length - (rest ? 1 : 0) + (rest ? Number(/\d+/.exec(rest.title)![0]) : 0);
      return `本软件由${total}个功能模块组成，${rest ? `图中列出前${s.groups.length - 1}个模块的主要功能或代码文件，最后一栏为其余模块的名称` : '每个模块下列出它的主要功能或代码文件'}。`;
    }
    default:
      return '';
  }
}

/**
 * Steps that name a screen's actual buttons and fields (the manual's 操作步骤 next to its figure): where to fill
 * what, which button to press. With `texts` (the renderer's record of what was drawn) a step that names something
 * the frame does not show is left out. Empty for diagrams.
 */
export function screenOperationSteps(s: ScreenSpec, texts?: string[]): string[] {
  const steps = operationSteps(s);
  if (!texts) return steps;
  const drawn = texts.join('\n');
  return steps.filter((step) => [...step.matchAll(/“([^”]+)”/g)].every((m) => drawn.includes(m[1])));
}

function operationSteps(s: ScreenSpec): string[] {
  const q = (x: string) => `“${x}”`;
  const fields = s.fields.map((f) => q(f.label)).join('');
  const [primary, ...others] = s.buttons;
  switch (s.kind) {
    case 'login':
      return [`打开软件，进入${q(s.title)}页面。`, ...(fields ? [`依次在${fields}输入框中填写。`] : []), ...(primary ? [`点击${q(primary)}按钮，验证通过后进入系统。`] : [])];
    case 'main':
      return [`进入${q(s.title)}页面，页面显示软件名称和版本号。`, ...(fields ? [`在${fields}中输入或选择内容。`] : []), ...(s.buttons.length ? [`点击${s.buttons.map(q).join('、')}按钮执行页面上的操作。`] : [])];
    case 'list':
      return [
        `点击菜单中的${q(s.title)}，进入列表页面。`,
        ...(fields ? [`在查询区输入或选择${fields}，点击${q('查询')}按钮筛选记录；点击${q('重置')}清空条件。`] : []),
        ...(primary ? [`点击${q(primary)}按钮，填写信息后保存，新记录显示在列表中。`] : []),
        `在列表的${q('操作')}列点击${q('查看')}、${q('编辑')}或${q('删除')}处理单条记录。`,
        ...others.map((b) => `点击${q(b)}按钮执行相应操作。`),
      ];
    case 'form':
      // A page without fields is read, not filled in; a button the screen does not have is never named.
      if (!fields) {
        const shown = (s.texts ?? []).slice(0, 2).map(q).join('');
        return [`点击菜单中的${q(s.title)}，打开页面${shown ? `，查看${shown}等内容` : ''}。`, ...s.buttons.map((b) => `点击${q(b)}按钮执行相应操作。`)];
      }
      return [
        `点击菜单中的${q(s.title)}，打开填写页面。`,
        `依次填写${fields}等内容${s.fields.some((f) => f.type === 'select') ? '，带下拉箭头的项目从列表中选择' : ''}。`,
        ...(primary ? [`确认无误后点击${q(primary)}按钮${others.length ? `；点击${others.map(q).join('或')}放弃本次填写` : ''}。`] : []),
      ];
    case 'detail':
      return [`点击菜单中的${q(s.title)}，打开详情页面。`, `在详情区查看${fields}等信息，在${q(s.columns[0] || '处理记录')}中查看处理过程。`, ...(primary ? [`需要修改时点击${q(primary)}按钮${others.length ? `，点击${others.map(q).join('或')}回到上一页` : ''}。`] : [])];
    case 'chart':
      return [`点击菜单中的${q(s.title)}，进入统计页面。`, ...(fields ? [`选择${fields}后点击${q(primary || '查询')}按钮，页面刷新统计数字、柱状图和趋势图。`] : []), ...(others.length ? [`点击${others.map(q).join('、')}按钮，将统计结果保存为文件。`] : [])];
    case 'settings':
      return [`点击菜单中的${q(s.title)}，进入设置页面。`, `按需打开或关闭开关，修改${fields}等参数。`, `点击${q(primary || '保存设置')}按钮使设置生效${others.length ? `；点击${q(others[0])}恢复初始设置` : ''}。`];
    default:
      return [];
  }
}
