import { ZPrototypeApp, ZScreenSpec, platformOf, type Platform, type PrototypeApp, type ScreenField, type ScreenKind, type ScreenSpec, type ThemeId } from './model';

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
  /** Functional modules; `files` are the module's code files (shown in a module diagram when it lists no operations). */
  modules: { name: string; description?: string; operations?: string[]; files?: string[] }[];
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
  [/(库|仓|货|物料|商品|耗材|团购)/, ['规格型号', '数量', '库位'], ['办公用纸 A4', '五号电池', '不锈钢螺栓 M8', '包装纸箱', '打印墨盒', '防护手套', '劳保口罩', '标签纸']],
  [/(预约|排队|取号|挂号|叫号|候诊)/, ['预约时段', '预约人', '所属科室'], ['上午第一时段', '上午第二时段', '下午第一时段', '下午第二时段']],
  [/(老人|患者|会员|客户|用户|居民|学生|员工|人员|团长|医生)/, ['姓名', '联系电话', '所属区域'], []],
  [/(订单|下单|支付|结算|佣金|账|费|金额|补贴|预算|记一笔|收支)/, ['金额（元）', '支付方式', '经办人'], ['日常采购', '服务费用', '交通出行', '餐饮支出', '办公开支', '设备维护']],
  [/(设备|传感器|阀门|网关|终端|接入|控制)/, ['设备型号', '安装位置', '在线状态'], ['温湿度传感器 T01', '网关 G02', '电磁阀 V03', '采集终端 C04', '控制器 K05']],
  [/(巡检|隐患|整改|工单|任务|随访|服务)/, ['负责人', '截止日期', '优先级'], ['一号楼消防通道检查', '配电室例行巡查', '外墙脚手架检查', '临时用电检查', '材料堆放区检查']],
  [/(图片|水印|文件|格式|模板|导入|转换)/, ['文件名', '尺寸', '格式'], ['产品图_001.jpg', '门店照片_02.png', '宣传海报_03.jpg', '说明图_04.png']],
  [/(消息|通知|公告|提醒)/, ['标题', '接收人', '发送时间'], ['系统维护通知', '预约成功提醒', '审批结果通知', '到期提醒']],
  [/(实验室|房间|场地|库位|路线)/, ['位置', '容量', '负责人'], ['一号实验楼 101', '一号实验楼 203', '二号实验楼 105', '综合楼 302']],
  [/(温|湿|监测|告警|预警|超限)/, ['温度（°C）', '湿度（%）', '采集时间'], ['一号冷库', '二号冷库', '冷藏车 A', '冷藏车 B']],
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
  if (/(类型|类别|分类|方式)$/.test(label)) return pick(r, /支付/.test(label) ? ['银行转账', '对公结算', '现金'] : ['常规', '临时', '专项']);
  if (/(优先级)/.test(label)) return pick(r, ['高', '中', '低']);
  if (/(库位|位置|区域|地址)$/.test(label)) return /库位/.test(label) ? `${pick(r, ['A', 'B', 'C'])}区-${pad(int(r, 1, 12))}-${pad(int(r, 1, 8))}` : pick(r, ['一号楼', '二号楼', '东区', '西区', '南区', '北区']);
  if (/(科室|部门)$/.test(label)) return pick(r, /科室/.test(label) ? ['内科', '外科', '儿科', '口腔科'] : ['行政部', '运营部', '技术部', '财务部']);
  if (/(规格|型号)/.test(label)) return pick(r, ['标准型', '加强型', 'S 号', 'M 号', 'L 号']);
  if (/(尺寸)/.test(label)) return pick(r, ['1920×1080', '1280×720', '800×600']);
  if (/(格式)/.test(label)) return pick(r, ['JPG', 'PNG']);
  if (/(名称|标题|内容|文件名)$/.test(label) || label === `${c.noun}名称`) {
    const pool = c.domain?.[2];
    if (pool?.length) return pool[(i + int(r, 0, pool.length - 1)) % pool.length];
    return `${c.noun}${['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'][i % 10]}`;
  }
  if (/(备注|说明|描述)/.test(label)) return pick(r, ['按计划执行', '已通知相关人员', '无']);
  return pick(r, ['标准', '常规', '一般', '正常']);
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

function columnsFor(noun: string, c: Ctx, codeLabels: string[]): string[] {
  const domainCols = c.domain?.[1] ?? [];
  const code = codeLabels.filter((l) => !domainCols.includes(l)).slice(0, 2);
  const name = domainCols.some((d) => /(姓名|标题|文件名)$/.test(d)) ? [] : [`${noun}名称`.replace(/名称名称$/, '名称')];
  const cols = [`${noun}编号`, ...name, ...code, ...domainCols.filter((d) => !/状态$/.test(d)), /状态$/.test(domainCols.join(',')) ? domainCols.find((d) => /状态$/.test(d))! : '状态', '更新时间', '操作'];
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

function monthLabels(ref: Date, n: number): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const m = (ref.getUTCMonth() - i + 120) % 12;
    out.push(`${m + 1}月`);
  }
  return out;
}

function moduleScreen(index: number, m: PrototypeSource['modules'][number], src: PrototypeSource, ref: Date): ScreenSpec {
  const ops = m.operations ?? [];
  const kind = kindOf(m.name, ops);
  const noun = nounOf(m.name);
  const r = rng(seedOf(`${src.name}|${src.version}|${m.name}|${index}`));
  const text = `${m.name}${m.description ?? ''}`;
  const c: Ctx = { r, noun, ref, domain: DOMAINS.find((d) => d[0].test(text)), statuses: pick(r, STATUS_SETS) };
  const labels = relevantLabels(m.name, src.codeLabels ?? []);
  const columns = columnsFor(noun, c, labels);
  const fromOps = buttonsFromOperations(ops);
  const title = [...m.name].length > 30 ? [...m.name].slice(0, 30).join('') : m.name;
  const base = { key: `module-${index + 1}`, kind, title };
  const rows = (n: number, cols: string[]) => Array.from({ length: n }, (_, i) => cols.map((col) => valueFor(col, i, c)));
  const dataCols = columns.filter((x) => x !== '操作' && !/编号$/.test(x) && !/更新时间$/.test(x));
  switch (kind) {
    case 'list': {
      const filters = [columns[1] ?? `${noun}名称`, columns.find((x) => /状态$/.test(x)) ?? '状态', '更新日期'].map((label) => ({ label, value: '', type: fieldType(label) }));
      const buttons = [...new Set([...fromOps.filter((b) => !/^(查询|重置|查看|搜索)$/.test(b)), '新增', '导出'])].slice(0, 3);
      return ZScreenSpec.parse({ ...base, fields: filters, columns, rows: rows(8, columns), buttons });
    }
    case 'form': {
      const fields = [...dataCols.filter((x) => !/状态$/.test(x)).slice(0, 6), '备注'].map((label, i) => ({ label, value: i < 4 ? valueFor(label, 0, c) : '', type: fieldType(label) }));
      const buttons = [...new Set([...fromOps.filter((b) => /(提交|保存|上报|确认|发布|预约|申请|下单)/.test(b)), '提交', '取消'])].slice(0, 3);
      return ZScreenSpec.parse({ ...base, fields, buttons });
    }
    case 'detail': {
      const fields = columns.filter((x) => x !== '操作').slice(0, 8).map((label) => ({ label, value: valueFor(label, 0, c), type: 'text' as const }));
      const actions = ['提交登记', '审核通过', '安排处理', '处理完成', '归档'];
      const stepRows = actions.slice(0, 4).map((a, i) => [a, `${pick(r, SURNAMES)}*${pick(r, GIVEN)}`, `${dateStr(daysBefore(ref, 12 - i * 3))} ${pad(int(r, 8, 17))}:${pad(int(r, 0, 5) * 10)}`]).reverse();
      const buttons = [...new Set([...fromOps.filter((b) => !/^(查询|查看)$/.test(b)), '编辑', '返回'])].slice(0, 3);
      return ZScreenSpec.parse({ ...base, fields, columns: ['处理记录'], rows: stepRows, buttons });
    }
    case 'chart': {
      const labelsM = monthLabels(ref, 6);
      const values = labelsM.map(() => int(r, 40, 320));
      const stats = [
        { label: `${noun}总量`.slice(0, 16), value: String(values.reduce((a, b) => a + b, 0)) },
        { label: '本月新增', value: String(values[values.length - 1]) },
        { label: '环比变化', value: `${values[values.length - 1] >= values[values.length - 2] ? '+' : '-'}${Math.abs(Math.round(((values[values.length - 1] - values[values.length - 2]) * 100) / Math.max(1, values[values.length - 2])))}%` },
        { label: '完成率', value: `${int(r, 82, 99)}%` },
      ];
      const fields = [{ label: '统计周期', value: '近 6 个月', type: 'select' as const }, { label: '统计维度', value: '按月', type: 'select' as const }];
      const tableCols = ['月份', `${noun}数量`.slice(0, 12), '占比', '环比'];
      const total = values.reduce((a, b) => a + b, 0);
      const tableRows = labelsM.slice(-3).reverse().map((l, i) => {
        const v = values[values.length - 1 - i];
        const prev = values[values.length - 2 - i] ?? v;
        return [l, String(v), `${Math.round((v * 100) / total)}%`, `${v >= prev ? '+' : '-'}${Math.abs(Math.round(((v - prev) * 100) / Math.max(1, prev)))}%`];
      });
      const buttons = [...new Set([...fromOps.filter((b) => /(导出|打印|下载)/.test(b)), '查询', '导出报表'])].slice(0, 2);
      return ZScreenSpec.parse({ ...base, fields, stats, chart: { labels: labelsM, values }, columns: tableCols, rows: tableRows, buttons });
    }
    case 'settings': {
      const fields: ScreenField[] = [
        { label: `启用${noun}`.slice(0, 20), value: '开', type: 'switch' },
        { label: '消息提醒', value: '开', type: 'switch' },
        { label: '默认每页条数', value: '20 条', type: 'select' },
        { label: '数据保留天数', value: '180', type: 'text' },
        { label: '自动备份', value: '关', type: 'switch' },
        ...labels.slice(0, 2).map((l) => ({ label: l, value: valueFor(l, 0, c), type: fieldType(l) })),
      ];
      const buttons = [...new Set([...fromOps.filter((b) => /(保存|下发|应用)/.test(b)), '保存设置', '恢复默认'])].slice(0, 2);
      return ZScreenSpec.parse({ ...base, fields, buttons });
    }
    default:
      return ZScreenSpec.parse({ ...base });
  }
}

/**
 * A project's prototype: a login screen, the main screen and one screen per functional module (kind chosen from
 * the module's name and operations), with realistic synthetic Chinese data derived from the module (domain
 * vocabulary, labels found in the code; masked names and phone numbers, no brand, URL or lorem ipsum) and no date
 * later than the completion date. Software without a user interface gets an architecture and a module diagram.
 * Deterministic: the same source gives the same screens.
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
  });
  if (plat === 'none') return { app, hasUi: false, screens: diagrams(src, modules) };
  const r = rng(seedOf(`${src.name}|${src.version}|main`));
  const login = ZScreenSpec.parse({
    key: 'login',
    kind: 'login',
    title: plat === 'mobile' ? '账号登录' : '用户登录',
    fields: [
      { label: '账号', value: '', type: 'text' },
      { label: '密码', value: '', type: 'text' },
    ],
    buttons: plat === 'mobile' ? ['登录', '验证码登录', '注册账号'] : ['登录'],
  });
  const labels = monthLabels(ref, 6);
  const mainCols = ['业务编号', '所属模块', '处理人', '状态', '更新时间'];
  const mainRows = Array.from({ length: 5 }, (_, i) => {
    const m = menu[i % Math.max(1, menu.length)] ?? '业务';
    const d = daysBefore(ref, i + int(r, 0, 1));
    return [`${dateStr(d).replace(/-/g, '')}${pad(int(r, 1, 99), 3)}`, m, `${pick(r, SURNAMES)}*${pick(r, GIVEN)}`, pick(r, ['已完成', '处理中', '待审核']), `${dateStr(d)} ${pad(int(r, 8, 18))}:${pad(int(r, 0, 5) * 10)}`];
  });
  const stats = modules.slice(0, 4).map((m) => ({ label: `${nounOf(m.name)}`.slice(0, 8) + (kindOf(m.name) === 'chart' ? '指标' : '数'), value: String(int(r, 12, 2400)) }));
  const main = ZScreenSpec.parse({
    key: 'main',
    kind: 'main',
    title: '首页',
    stats: stats.length ? stats : [{ label: '今日业务', value: String(int(r, 5, 80)) }],
    chart: { labels, values: labels.map(() => int(r, 60, 300)) },
    columns: mainCols,
    rows: mainRows,
  });
  return { app, hasUi: true, screens: [login, main, ...modules.map((m, i) => moduleScreen(i, m, src, ref))] };
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
  const btn = buttons ? `，界面上有${buttons}按钮` : '';
  switch (s.kind) {
    case 'login':
      return `登录界面显示软件名称和版本号${fields ? `，有${fields}输入框` : ''}${buttons ? `${fields ? '和' : '，有'}${buttons}按钮` : ''}。`;
    case 'main':
      return `主界面显示软件名称和版本号、功能菜单${s.stats.length ? '、业务统计数字' : ''}${s.chart ? '、业务量图表' : ''}${s.rows.length && seen('最近记录') ? '和“最近记录”' : ''}。`;
    case 'list':
      return `界面${fields ? `上方为查询条件${fields}，` : ''}中部为${s.title}列表${cols ? `（${cols}等列）` : ''}${btn}。`;
    case 'form':
      return `界面为${s.title}的填写表单${fields ? `，包括${fields}等项目` : ''}${btn}。`;
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
      return [`打开软件，进入${q(s.title)}页面。`, `在${fields || '账号、密码'}输入框中输入账号和密码。`, `点击${q(primary || '登录')}按钮，验证通过后进入系统首页。`];
    case 'main':
      return ['登录成功后进入首页，页面上方显示各项业务的统计数字，中部为近 6 个月业务量图表和快捷入口。', `点击左侧菜单或${q('快捷入口')}中的模块名称，进入对应的功能页面。`, `在${q('最近记录')}列表中查看最近处理的业务及其状态。`];
    case 'list':
      return [
        `点击菜单中的${q(s.title)}，进入列表页面。`,
        ...(fields ? [`在查询区输入或选择${fields}，点击${q('查询')}按钮筛选记录；点击${q('重置')}清空条件。`] : []),
        ...(primary ? [`点击${q(primary)}按钮，填写信息后保存，新记录显示在列表中。`] : []),
        `在列表的${q('操作')}列点击${q('查看')}、${q('编辑')}或${q('删除')}处理单条记录。`,
        ...others.map((b) => `点击${q(b)}按钮执行相应操作。`),
      ];
    case 'form':
      return [`点击菜单中的${q(s.title)}，打开填写页面。`, `依次填写${fields}等内容，带下拉箭头的项目从列表中选择。`, `确认无误后点击${q(primary || '提交')}按钮${others.length ? `；点击${others.map(q).join('或')}放弃本次填写` : ''}。`];
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
