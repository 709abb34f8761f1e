import { AI_LIMITS, AI_TECH_TAGS, ZAiInformation, type AiInformation, type AiProjectInput } from '@mazhu/contracts';
import { describe, expect, it } from 'vitest';
import {
  answered,
  checkAiInformation,
  createAiWriter,
  createOfflineWriter,
  fitAiInformation,
  polishDescriptionOffline,
  polishFunctionOffline,
  translateNameOffline,
  writeInformation,
} from './index';
import { CONCEPTS } from './lexicon';
import { sentences } from './text';

const L = AI_LIMITS;

/** A RuoYi-like warehouse system: Java + Vue with routes, pages, controllers, entities and menus. */
function buildWarehouseInput(over: Partial<AiProjectInput> = {}): AiProjectInput {
  return {
    name: '仓储管理系统',
    version: 'V1.0',
    platform: 'Web 管理系统',
    codeAnalysis: {
      languages: ['Java', 'Vue', 'JavaScript', 'HTML', 'CSS', 'SQL'],
      sourceLines: 48213,
      files: 312,
      routes: [
        'GET /api/inventory/list',
        'POST /api/inventory/stockIn',
        'GET /api/warehouse/list',
        'POST /api/warehouse',
        'PUT /api/warehouse',
        'DELETE /api/warehouse/{id}',
        'GET /system/user/list',
        'PUT /system/user/resetPwd',
        'GET /system/role/list',
        '/login',
        '/logout',
        '/captchaImage',
        'GET /api/supplier/list',
        'POST /api/purchase/audit',
        'GET /api/report/stock/export',
      ],
      pages: ['src/views/inventory/index.vue', 'src/views/warehouse/index.vue', 'src/views/kanban/board.vue', 'src/views/quox/index.vue'],
      controllers: [
        'InventoryController',
        'WarehouseController',
        'SysUserController',
        'SysRoleController',
        'PurchaseController',
        'SupplierController',
        'KanbanController',
        'QuoxController',
      ],
      entities: ['Inventory', 'Warehouse', 'SysUser', 'SysRole', 'Purchase', 'Supplier'],
      menuItems: ['系统管理/用户管理', '系统管理/角色管理', '仓库管理', '库存管理', '采购管理'],
    },
    ...over,
  };
}

/** Varied projects: every platform, with and without code, short and long descriptions. */
const CASES: Array<[string, AiProjectInput]> = [
  ['web + Java/Vue code', buildWarehouseInput()],
  [
    'web, description only',
    {
      name: '智慧医院预约挂号系统',
      platform: 'Web 管理系统',
      description: '面向二级医院的门诊服务，患者可以在线预约挂号、查看检查报告，医生可以管理排班，管理员进行药品管理和统计分析。',
    },
  ],
  ['web, name only', { name: '企业合同管理系统', platform: 'Web 管理系统' }],
  ['mobile, Kotlin code', {
    name: '骑行记录App软件',
    platform: '移动 App',
    codeAnalysis: {
      languages: ['Kotlin', 'XML'],
      sourceLines: 9120,
      pages: ['ui/ride/RideActivity.kt', 'ui/track/TrackFragment.kt', 'ui/profile/ProfileFragment.kt', 'ui/ranking/RankingFragment.kt'],
      entities: ['Ride', 'TrackPoint', 'User'],
    },
  }],
  ['mobile, description', { name: '家庭记账软件', platform: '移动 App', description: '支持记账、收支统计、预算设置和账单导出，数据保存在手机本地。' }],
  ['mini program, WXML code', {
    name: '社区团购小程序',
    platform: '微信小程序',
    codeAnalysis: {
      languages: ['JavaScript', 'WXML', 'WXSS'],
      sourceLines: 6400,
      pages: ['pages/index/index', 'pages/goods/detail', 'pages/cart/cart', 'pages/order/list', 'pages/address/edit', 'pages/mine/mine'],
    },
  }],
  ['mini program, name only', { name: '校园跑腿小程序', platform: '微信小程序' }],
  ['desktop, C#', {
    name: '实验室样品管理软件',
    platform: '桌面软件',
    description: '用于登记实验样品、打印标签、查询检测结果。',
    codeAnalysis: { languages: ['C#'], sourceLines: 15300, controllers: ['SampleForm', 'LabelPrintForm', 'ResultQueryForm', 'SettingsForm'] },
  }],
  ['embedded, C code', {
    name: '温湿度采集终端控制软件',
    category: '嵌入式软件',
    description: '采集温湿度数据，通过串口上传到上位机，支持LCD显示和按键设置阈值，超限时蜂鸣器报警。',
    codeAnalysis: { languages: ['C'], sourceLines: 5230, controllers: ['uart.c', 'adc.c', 'lcd.c', 'key.c', 'buzzer.c', 'main.c'] },
  }],
  ['embedded, category only', { name: '智能门锁控制软件', category: '嵌入式软件', platform: '嵌入式/物联网' }],
  ['service, Go routes', {
    name: '短信网关接口服务平台',
    platform: '接口服务/中间件',
    category: '中间件',
    codeAnalysis: { languages: ['Go'], sourceLines: 7800, routes: ['POST /v1/sms/send', 'GET /v1/sms/status/{id}', 'POST /v1/template', 'GET /v1/template/list', 'GET /health'] },
  }],
  ['Python + TypeScript, long description', {
    name: '在线考试系统',
    platform: 'Web 管理系统',
    keywords: ['教育', '题库'],
    description:
      '本系统面向中小学教师和学生。教师可以维护题库、组卷、发布考试、批改作业；学生可以在线考试、查看成绩；管理员负责班级管理、学生管理和教师管理。系统支持成绩统计分析和成绩导出。旨在减轻教师出卷和阅卷的工作量。',
    codeAnalysis: {
      languages: ['Python', 'TypeScript', 'HTML', 'CSS'],
      sourceLines: 21000,
      routes: ['/api/exams', '/api/exams/{id}/submit', '/api/questions', '/api/papers', '/api/scores/export', '/api/classes', '/api/students', '/api/teachers', '/api/homework'],
      pages: ['src/pages/exam/ExamList.tsx', 'src/pages/exam/TakeExam.tsx', 'src/pages/score/ScoreList.tsx', 'src/pages/question/QuestionBank.tsx'],
    },
  }],
  ['unknown platform, minimal', { name: 'XX软件' }],
  ['many modules from code', {
    name: '综合办公平台',
    platform: 'Web 管理系统',
    codeAnalysis: {
      languages: ['Java', 'Vue'],
      sourceLines: 90000,
      controllers: [
        'UserController', 'RoleController', 'MenuController', 'DeptController', 'NoticeController', 'LogController', 'ContractController',
        'MeetingController', 'LeaveController', 'SalaryController', 'AssetController', 'DocumentController', 'TaskController', 'CustomerController',
        'WorkflowController', 'AttendanceController',
      ],
    },
  }],
];

function expectWithinLimits(info: AiInformation): void {
  expect(() => ZAiInformation.parse(info)).not.toThrow();
  // Never padded to a length: 主要功能 and 简介 may stay short when the input says little (the check report asks for more).
  expect(info.mainFunctions.length).toBeGreaterThan(0);
  expect(info.mainFunctions.length).toBeLessThanOrEqual(L.mainFunctionsMax);
  expect(info.description.length).toBeGreaterThan(0);
  expect(info.description.length).toBeLessThanOrEqual(L.descriptionMax);
  expect(`${info.description}${info.mainFunctions}${info.purpose}${info.techFeatures}`).not.toMatch(/赋能|一站式|旨在|智能化/);
  for (const k of ['purpose', 'domain'] as const) expect(info[k].length).toBeLessThanOrEqual(50);
  for (const k of ['devHardware', 'runHardware', 'devOs', 'devTools', 'runPlatform', 'runSupport'] as const) {
    expect(info[k].length, k).toBeGreaterThan(0);
    expect(info[k].length, k).toBeLessThanOrEqual(L.environmentMax);
  }
  expect(info.techFeatures.length).toBeLessThanOrEqual(L.techFeaturesMax);
  expect(info.techTags.length).toBeLessThanOrEqual(3);
  for (const t of info.techTags) expect(AI_TECH_TAGS).toContain(t);
  expect(info.languages.length).toBeLessThanOrEqual(L.languagesMax);
  expect(info.modules.length).toBeLessThanOrEqual(30);
  expect(new Set(info.modules.map((m) => m.name)).size).toBe(info.modules.length);
  // never padded: no sentence of 主要功能 appears twice
  const ss = sentences(info.mainFunctions.replace(/\n/g, '')).map((s) => s.replace(/[，。；：、\s]/g, ''));
  expect(ss.filter((s, i) => ss.indexOf(s) !== i)).toEqual([]);
  // purpose is not just the name
  expect(info.purpose).not.toBe(info.modules[0]?.name);
}

describe('offline writer: limits (R11, 主要功能 500–1300)', () => {
  it.each(CASES)('%s', (_label, input) => {
    const info = writeInformation(input);
    expectWithinLimits(info);
    expect(info.purpose).not.toBe(input.name);
  });

  it('keeps every module of a large code base within 12 and every text within its limit', () => {
    const input = CASES.find(([l]) => l === 'many modules from code')![1];
    const info = writeInformation(input);
    expect(info.modules).toHaveLength(12);
    expectWithinLimits(info);
  });
});

/** Deterministic pseudo-random inputs (mulberry32), to shake out limit violations on odd combinations. */
function randomInputs(n: number): AiProjectInput[] {
  let seed = 20260315;
  const rnd = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const one = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const some = <T,>(xs: readonly T[], max: number): T[] => xs.filter(() => rnd() < max / xs.length);
  const names = ['智慧校园一卡通管理平台', '医院药品库存管理系统', '超长名称'.repeat(11) + '系统', 'ERP进销存软件', '🚀火箭发射模拟软件', 'A', '农业大棚物联网监测平台', '电子合同签署系统', '游戏关卡编辑器软件'];
  const platforms = [undefined, 'Web 管理系统', '移动 App', '微信小程序', '桌面软件', '嵌入式/物联网', '接口服务/中间件', '鸿蒙应用', '其他'];
  const descriptions = [
    undefined,
    '',
    '支持订单管理、商品管理、会员积分和优惠券发放，并提供销售统计报表。',
    'A system for managing things.',
    '。。。，，，',
    '用户可以预约、挂号、缴费；医生可以开处方、写病历。'.repeat(20),
    '采集土壤温湿度和光照数据，通过MQTT上报到云平台，超过阈值时自动开启水泵灌溉。',
    '面向'.repeat(30),
  ];
  const idents = ['UserController', 'GET /api/order/list', 'src/views/goods/index.vue', 'pages/cart/cart', 'ProductEntity', 'uart.c', 'POST /api/v1/xyz/create', 'FooBarBazController', '/api/report/export', 'LeaveController', 'DeviceController', 'GET /api/alarm/{id}'];
  const menus = ['系统管理/用户管理', '订单列表', '用户名称', '搜索', '考勤统计', '设备台账管理', '创建时间'];
  const langs = ['Java', 'Vue', 'TypeScript', 'Python', 'C', 'Kotlin', 'WXML', 'Go', 'C#', 'HTML', 'CSS', 'SQL', 'Swift'];
  const cn = CONCEPTS.flatMap((c) => c.cn);
  const en = CONCEPTS.flatMap((c) => c.en);
  const actions = ['管理', '查询', '统计', '预约', '登记', '审批', '导出', '监测'];
  const phrase = () => `${one(cn)}${one(actions)}`;
  const ident = () =>
    one([
      () => `${one(['GET', 'POST', 'PUT', 'DELETE'])} /api/${one(en)}/${one(['list', 'add', 'edit', 'remove', 'export', '{id}', 'audit', 'status'])}`,
      () => `${one(en).replace(/^./, (c) => c.toUpperCase())}${one(['Controller', 'Service', 'Activity', ''])}`,
      () => `src/views/${one(en)}/${one(['index', 'detail', 'form'])}.vue`,
      () => one(idents),
    ])();
  return Array.from({ length: n }, () => {
    const withCode = rnd() < 0.6;
    return {
      name: rnd() < 0.5 ? one(names) : `${one(cn)}${one(cn)}${one(['管理系统', '平台', '软件', 'App', '小程序', '控制软件'])}`,
      platform: one(platforms),
      category: one([undefined, '应用软件', '嵌入式软件', '中间件', '操作系统']),
      description: rnd() < 0.5 ? one(descriptions) : `支持${Array.from({ length: 1 + Math.floor(rnd() * 8) }, phrase).join('、')}。${rnd() < 0.5 ? '用户可以' + phrase() + '。' : ''}`,
      keywords: rnd() < 0.3 ? some(['人工智能', '大数据', '5G', '教育', '金融科技', 'VR'], 3) : undefined,
      codeAnalysis: withCode
        ? {
            languages: rnd() < 0.5 ? some(langs, 4) : some(langs, 3).join('、'),
            sourceLines: Math.floor(rnd() * 100000),
            routes: Array.from({ length: Math.floor(rnd() * 30) }, ident),
            pages: Array.from({ length: Math.floor(rnd() * 10) }, ident),
            controllers: Array.from({ length: Math.floor(rnd() * 15) }, ident),
            entities: some(idents, 3),
            menuItems: [...some(menus, 4), ...Array.from({ length: Math.floor(rnd() * 4) }, phrase)],
          }
        : undefined,
    };
  });
}

describe('offline writer: random inputs', () => {
  it('keeps every limit on 300 random projects and never throws', () => {
    for (const input of randomInputs(Number(process.env.AI_FUZZ ?? 300))) {
      let info: AiInformation;
      try {
        info = writeInformation(input);
      } catch (e) {
        throw new Error(`${(e as Error).message}\n${JSON.stringify(input)}`);
      }
      expectWithinLimits(info);
      expect(writeInformation(input)).toEqual(info);
    }
  });
});

/**
 * Names and keywords only, no code and no description: the name says what the software is, not which functions it
 * has, so no module may appear that a keyword does not name, and no operation at all.
 */
function nameAndKeywordInputs(): AiProjectInput[] {
  const names = [
    '金融科技服务平台', '游戏关卡编辑器软件', '医院药品库存管理系统', '订单管理系统', '智慧校园一卡通管理平台', '电子合同签署系统',
    '用户权限管理系统', '短信网关接口服务平台', '校园跑腿小程序', '温湿度采集终端控制软件', '骑行记录App', 'XX软件', '在线考试系统',
    ...CONCEPTS.flatMap((c) => [`${c.name}系统`, `智慧${c.cn[0] ?? c.name}平台`, `${c.cn.at(-1) ?? c.name}App`]),
  ];
  const keywordSets: string[][] = [
    [], ['金融科技'], ['人工智能', '大数据'], ['游戏'], ['高并发', '微服务架构'], ['教育', '物联网'], ['医疗行业', '智慧城市'],
    ['合同模板管理', '电子签章'], ['用户管理', '订单'], ['违章查询', '金融科技', '5G'], ['收支统计', '账号'],
  ];
  const platforms = [undefined, 'Web 管理系统', '移动 App', '微信小程序', '桌面软件', '嵌入式/物联网', '接口服务/中间件', '其他'];
  const out: AiProjectInput[] = [];
  names.forEach((name, i) => out.push({ name, platform: platforms[i % platforms.length], keywords: keywordSets[i % keywordSets.length] }));
  return out;
}

/** Module names and operation texts the writer's dictionary knows, and what it used to add for a platform. */
const TEMPLATE_MODULES = uniqueStrings([
  ...CONCEPTS.map((c) => c.name),
  ...['接口鉴权', '配置管理', '日志记录', '运行监控', '微信授权登录', '主界面', '帮助与关于', '参数配置', '运行状态监测'],
]);
const TEMPLATE_OPERATIONS = uniqueStrings(CONCEPTS.flatMap((c) => c.ops.filter((o) => /[\u3400-\u9fff]/.test(o))));
function uniqueStrings(xs: string[]): string[] {
  return [...new Set(xs)];
}

describe('offline writer: nothing without evidence', () => {
  it('writes no module a keyword does not name, and no operation, from names and keywords alone', () => {
    const problems: string[] = [];
    for (const input of nameAndKeywordInputs()) {
      const info = writeInformation(input);
      const given = [input.name, ...(input.keywords ?? [])].join(' ');
      // the industry (面向领域, e.g. 物业管理与社区服务) is not a module
      const prose = [info.description, info.mainFunctions, info.purpose, info.techFeatures].join('\n').replaceAll(info.domain, '');
      for (const m of info.modules) {
        if (!(input.keywords ?? []).includes(m.name)) problems.push(`${input.name}: module ${m.name} is named by no keyword`);
        if (m.operations.length) problems.push(`${input.name}: ${m.name} has invented operations ${m.operations.join('、')}`);
        if (!m.basis?.some((b) => b === `关键词:${m.name}`)) problems.push(`${input.name}: ${m.name} records no evidence`);
      }
      for (const t of TEMPLATE_MODULES) if (prose.includes(t) && !given.includes(t)) problems.push(`${input.name}: the text names ${t}`);
      for (const t of TEMPLATE_OPERATIONS) if (prose.includes(t) && !given.includes(t)) problems.push(`${input.name}: the text claims ${t}`);
      const op = /(查询|查看)[\u3400-\u9fff]{1,8}(列表|详情)|新增[\u3400-\u9fff]{1,8}|编辑[^\s，。、等]{1,8}信息/u.exec(prose);
      if (op && !given.includes(op[0])) problems.push(`${input.name}: the text claims the operation ${op[0]}`);
    }
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it.each([
    ['a keyword that names an industry', { name: '金融科技服务平台', keywords: ['金融科技'] }, ['金融科技'], ['查询金融科技列表', '查看金融科技详情']],
    ['a name that reads like a module', { name: '游戏关卡编辑器软件' }, ['游戏关卡'], ['开始游戏', '进入下一关', '查看结算结果']],
    ['a web system named after its business', { name: '医院药品库存管理系统', platform: 'Web 管理系统' }, ['药品管理', '库存管理', '登录认证'], ['登记入库', '新增药品']],
    ['a service without code', { name: '短信网关接口服务平台', platform: '接口服务/中间件' }, ['接口鉴权', '配置管理', '日志记录', '运行监控', '短信服务'], ['校验调用凭证', '发送短信']],
  ] as Array<[string, AiProjectInput, string[], string[]]>)('%s gets no invented module or operation', (_label, input, modules, operations) => {
    const info = writeInformation(input);
    const all = JSON.stringify(info);
    for (const m of modules) expect(info.modules.map((x) => x.name)).not.toContain(m);
    for (const o of operations) expect(all).not.toContain(o);
    // with nothing to describe, 主要功能 stays short instead of being filled (the form check asks for 500)
    expect(info.mainFunctions.length).toBeLessThan(L.mainFunctionsMin);
  });

  it('takes every operation from the words of the description, on 300 random projects without code', () => {
    const problems: string[] = [];
    for (const input of randomInputs(Number(process.env.AI_FUZZ ?? 300)).map((i) => ({ ...i, codeAnalysis: undefined }))) {
      const info = writeInformation(input);
      const given = [input.name, input.description ?? '', ...(input.keywords ?? [])].join(' ').replace(/\s+/g, '');
      for (const m of info.modules) {
        if (!m.basis?.length) problems.push(`${input.name}: ${m.name} records no evidence`);
        for (const o of m.operations) if (!given.includes(o)) problems.push(`${input.name}: ${m.name} has the operation ${o}, which the input does not name`);
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
  });
});

describe('offline writer: grounded in the input', () => {
  it('names modules after the code analysis, with the operations the routes show', () => {
    const info = writeInformation(buildWarehouseInput());
    const names = info.modules.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['仓库管理', '库存管理', '采购管理', '供应商管理', '用户管理', '登录认证']));
    // everyday English words read in Chinese; an unknown identifier stays readable
    expect(names).toContain('看板管理');
    expect(names).toContain('Quox管理');
    expect(info.mainFunctions).toContain('仓库管理');
    expect(info.mainFunctions).toContain('Quox管理');
    const warehouse = info.modules.find((m) => m.name === '仓库管理')!;
    expect(warehouse.operations).toEqual(expect.arrayContaining(['查询仓库列表', '新增仓库', '编辑仓库信息', '删除仓库']));
    expect(warehouse.basis).toContain('WarehouseController');
    const purchase = info.modules.find((m) => m.name === '采购管理')!;
    expect(purchase.operations).toContain('审核采购单');
    // all languages of the code, in the form's spelling (HTML/CSS included)
    expect(info.languages).toBe('Java、Vue、JavaScript、HTML、CSS、SQL');
    expect(info.devTools).toContain('IntelliJ IDEA');
    expect(info.techFeatures).toContain('前后端分离');
    expect(info.description).toContain('48213');
  });

  it('describes a route file of a service by its own routes, not by what its words mean elsewhere', () => {
    const info = writeInformation({
      name: '交互计算服务软件',
      codeAnalysis: {
        languages: ['Python'],
        sourceLines: 20000,
        form: 'service',
        units: [
          { key: 'events', words: ['events'], kind: 'routes', evidence: ['pkg/services/events/handlers.py#GET /api/events', 'pkg/services/events/handlers.py#WS /api/events/subscribe'] },
          { key: 'contents', words: ['contents'], kind: 'routes', evidence: ['pkg/services/contents/handlers.py#GET /api/contents{path}', 'pkg/services/contents/handlers.py#ROUTE /api/notebooks/{…}'] },
        ],
      },
    });
    // No name in the code: numbered, never the file's English words, and flagged for the user to confirm.
    expect(info.modules.map((m) => m.name)).toEqual(['接口一', '接口二']);
    expect(info.modules.every((m) => m.confirm?.includes('请按软件界面上的名称修改'))).toBe(true);
    expect(info.modules[0].operations).toEqual(['GET /api/events', 'WS /api/events/subscribe']);
    expect(info.modules[1].operations).toEqual(['GET /api/contents{path}', '/api/notebooks/{…}']);
    expect(JSON.stringify(info)).not.toMatch(/活动|文章|报名|图文/);
  });

  it('keeps a menu title the interface shows in English, and says what a page shows in its own words', () => {
    const info = writeInformation({
      name: '自动化测试管理平台',
      codeAnalysis: {
        languages: ['Vue', 'JavaScript'],
        sourceLines: 10000,
        form: 'web-admin',
        units: [
          {
            key: 'page automation usage',
            label: 'Automation Usage',
            labelFrom: 'menu',
            words: ['automation', 'usage'],
            kind: 'page',
            evidence: ['src/views/automation-usage/index.vue#Automation Usage', 'src/router/modules/continous-testing.js#菜单：Automation Usage'],
            shows: { columns: ['Project Name', 'Percentage', 'Total Usage', 'Total Automation', 'Owner'], search: ['search'], tabs: ['Collab', 'Project'] },
          },
          { key: 'page automation coverage', words: ['automation', 'coverage'], kind: 'page', evidence: ['src/views/automation-coverage/index.vue'], shows: { texts: ['Automation Coverage'] } },
        ],
      },
    });
    const [usage, coverage] = info.modules;
    expect(usage.name).toBe('Automation Usage');
    expect(usage.confirm).toContain('src/router/modules/continous-testing.js');
    expect(usage.description).toContain('在列表中查看“Project Name”“Percentage”“Total Usage”“Total Automation”等信息，按“search”查询，分“Collab”“Project”标签查看');
    expect(coverage.name).toBe('页面一');
    expect(coverage.description).toContain('查看页面上的“Automation Coverage”等内容');
    expect(JSON.stringify(info)).not.toMatch(/相关的页面操作|Automation Usage管理/);
  });

  it('names a template page by its title as the page shows it, never adding 管理 to it', () => {
    const info = writeInformation({
      name: '邮件列表归档系统',
      codeAnalysis: {
        languages: ['Python', 'HTML'],
        sourceLines: 12000,
        form: 'website',
        units: [
          { key: 'template archive index', label: '可用的邮件列表', labelFrom: 'page', words: ['archive', 'index'], kind: 'page', evidence: ['archive/templates/archive/index.html#页面标题：可用的邮件列表'], shows: { columns: ['List', 'Description'] } },
          { key: 'template archive search', label: '搜索结果', labelFrom: 'page', words: ['archive', 'search'], kind: 'page', evidence: ['archive/templates/archive/search.html#页面标题：搜索结果'] },
        ],
      },
    });
    expect(info.modules.map((m) => m.name)).toEqual(['可用的邮件列表', '搜索结果']);
    expect(info.modules[0].confirm).toBeUndefined();
  });

  it('says of a model the admin site lists only that its records are kept there, not what a word for it usually means', () => {
    const info = writeInformation({
      name: '邮件列表归档系统',
      codeAnalysis: { languages: ['Python'], sourceLines: 12000, form: 'website', units: [{ key: 'model thread category', words: ['thread', 'category'], kind: 'page', evidence: ['hyperkitty/models/thread.py#ThreadCategory'] }] },
    });
    expect(info.modules[0].description).toContain('在管理后台维护ThreadCategory数据');
    expect(info.modules[0].description).not.toMatch(/发帖|回帖|交流/);
    expect(info.modules[0].confirm).toBeTruthy();
  });

  it('keeps every unit of a Java back end: units that read the same become one module with both evidences', () => {
    const c = (file: string, cls: string, base: string, routes: string[]) => [`${file}#${cls} ${base}`, ...routes.map((r) => `${file}#${r}`)];
    const info = writeInformation({
      name: '仓储管理系统',
      codeAnalysis: {
        languages: ['Java', 'XML'],
        sourceLines: 900,
        form: 'service',
        units: [
          { key: 'alert job', label: '定时任务', words: ['alert', 'job'], kind: 'controller', evidence: c('job/AlertJobController.java', 'AlertJobController', '/monitor/job', ['GET /monitor/job/list', 'PUT /monitor/job/run']) },
          { key: 'scheduled', label: '定时任务', words: ['scheduled', 'job'], kind: 'job', evidence: ['job/StockAlertTask.java#StockAlertTask'] },
          { key: 'cache', label: '缓存监控', words: ['cache'], kind: 'controller', evidence: c('monitor/CacheController.java', 'CacheController', '/monitor/cache', ['GET /monitor/cache/getNames', 'DELETE /monitor/cache/clearCacheAll']) },
        ],
      },
    });
    expect(info.modules.map((m) => m.name)).toEqual(['定时任务', '缓存监控']);
    expect(info.modules[0].basis).toEqual(expect.arrayContaining(['job/AlertJobController.java#AlertJobController /monitor/job', 'job/StockAlertTask.java#StockAlertTask']));
    expect(info.modules[0].operations).toEqual(expect.arrayContaining(['查询定时任务列表', '立即执行定时任务']));
    // /monitor/… is the menu group of the controller, not an operation
    expect(info.modules[1].operations).toEqual(['查询缓存监控列表', '清空缓存监控']);
  });

  it('uses the menu texts of the code as module names', () => {
    const info = writeInformation({
      name: '物业收费系统',
      platform: 'Web 管理系统',
      codeAnalysis: { languages: ['PHP'], sourceLines: 3000, menuItems: ['收费管理/账单管理', '住户档案管理', '系统管理/在线用户'] },
    });
    const names = info.modules.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['账单管理', '住户档案管理']));
    expect(names).toContain('系统监控');
  });

  it('derives modules from the phrases of the description', () => {
    const info = writeInformation({
      name: '智慧停车管理平台',
      platform: 'Web 管理系统',
      description: '支持车辆登记、违章查询和停车缴费，管理员可以查看车位使用情况。',
    });
    const ops = info.modules.flatMap((m) => m.operations);
    expect(info.modules.map((m) => m.name)).toEqual(expect.arrayContaining(['车辆管理', '停车管理', '违章查询']));
    expect(ops).toEqual(expect.arrayContaining(['车辆登记', '停车缴费']));
    expect(info.domain).toBe('交通出行与停车服务');
    expect(info.techTags).toContain('智慧城市');
  });

  it("keeps the user's own module names given as keywords", () => {
    const info = writeInformation({
      name: '电子合同签署平台',
      platform: 'Web 管理系统',
      keywords: ['电子签章', '合同模板管理', '用户管理', '高并发', '金融', '地图导航'],
    });
    const names = info.modules.map((m) => m.name);
    expect(names.sort()).toEqual(['合同模板管理', '地图导航', '用户管理', '电子签章'].sort());
    // the keyword shows the module exists, not what it does: no operation is guessed, and the name yields no 合同管理
    expect(info.modules.find((m) => m.name === '合同模板管理')!.operations).toEqual([]);
    expect(info.techTags).toEqual(expect.arrayContaining(['金融', '地理信息']));
  });

  it('makes no platform-inappropriate claims', () => {
    const embedded = JSON.stringify(writeInformation(CASES.find(([l]) => l === 'embedded, C code')![1]));
    for (const w of ['浏览器', '小程序', '用户管理', '角色', 'App', 'IntelliJ', '数据库']) expect(embedded).not.toContain(w);
    expect(embedded).toContain('Keil');

    const mini = JSON.stringify(writeInformation(CASES.find(([l]) => l === 'mini program, name only')![1]));
    for (const w of ['浏览器', '角色权限', 'IntelliJ', 'Keil', '重置密码', '服务器 Linux']) expect(mini).not.toContain(w);
    expect(mini).toContain('微信开发者工具');

    const web = JSON.stringify(writeInformation(CASES.find(([l]) => l === 'web, name only')![1]));
    for (const w of ['微信', '小程序', 'Keil', '嵌入式', '手机']) expect(web).not.toContain(w);

    const service = JSON.stringify(writeInformation(CASES.find(([l]) => l === 'service, Go routes')![1]));
    for (const w of ['浏览器', '小程序', '微信', '首页', '个人中心']) expect(service).not.toContain(w);
  });

  it('writes 编程语言 only when the code or the user names languages', () => {
    expect(writeInformation({ name: '企业合同管理系统', platform: 'Web 管理系统' }).languages).toBe('');
    expect(writeInformation({ name: '企业合同管理系统', platform: 'Web 管理系统', description: '后端使用 Java 开发，前端使用 Vue。' }).languages).toBe('Java、Vue');
  });

  it('picks the development tools from the languages', () => {
    const tools = (languages: string[], platform?: string, category?: string) =>
      writeInformation({ name: '测试软件', platform, category, codeAnalysis: { languages, sourceLines: 100 } }).devTools;
    expect(tools(['TypeScript', 'Vue'], 'Web 管理系统')).toContain('Visual Studio Code');
    expect(tools(['Python'], '接口服务/中间件')).toContain('PyCharm');
    expect(tools(['Kotlin'], '移动 App')).toContain('Android Studio');
    expect(tools(['JavaScript', 'WXML', 'WXSS'])).toContain('微信开发者工具');
    expect(tools(['C'], undefined, '嵌入式软件')).toContain('Keil');
    expect(tools(['Swift'], '移动 App')).toContain('Xcode');
  });

  it('infers the platform from the code when none is given', () => {
    expect(writeInformation({ name: '点餐软件', codeAnalysis: { languages: ['JavaScript', 'WXML'], sourceLines: 10 } }).runPlatform).toContain('微信');
    expect(writeInformation({ name: '点餐软件', codeAnalysis: { languages: ['Kotlin'], sourceLines: 10 } }).techTags).toContain('APP');
  });
});

describe('offline writer: determinism and difference', () => {
  it('gives the same output for the same input', () => {
    for (const [, input] of CASES) expect(writeInformation(structuredClone(input))).toEqual(writeInformation(input));
  });

  it('gives different projects different texts', () => {
    const mains = CASES.map(([, input]) => writeInformation(input).mainFunctions);
    expect(new Set(mains).size).toBe(mains.length);
    const a = writeInformation({ name: '企业合同管理系统', platform: 'Web 管理系统' });
    const b = writeInformation({ name: '企业资产管理系统', platform: 'Web 管理系统' });
    expect(a.mainFunctions).not.toBe(b.mainFunctions);
    expect(a.description).not.toBe(b.description);
  });
});

describe('offline writer: polishing and the English name', () => {
  it('polishes a description: clean punctuation, no repeated sentence, ≤ 400', () => {
    const out = polishDescriptionOffline({
      name: '家庭记账软件',
      platform: '移动 App',
      description: '这个软件可以记账,统计收支 . 这个软件可以记账,统计收支 . 还能设置预算',
    });
    expect(out.length).toBeLessThanOrEqual(L.descriptionMax);
    expect(out.match(/这个软件可以记账/g)).toHaveLength(1);
    expect(out).toContain('统计收支');
    // modules in the user's words ("设置预算" is about a budget, not a 系统设置 module)
    expect(out).toContain('收支管理');
    expect(out).toContain('预算设置');
    expect(out).not.toMatch(/系统设置|统计报表/);
    expect(out).not.toMatch(/[a-z]?,/);
  });

  it('keeps a long description within 400 characters, cut at a sentence end', () => {
    const long = Array.from({ length: 30 }, (_, i) => `第${i + 1}项功能用于处理业务数据`).join('。') + '。';
    const out = polishDescriptionOffline({ name: '业务处理系统', description: long });
    expect(out.length).toBeLessThanOrEqual(400);
    expect(out.endsWith('。')).toBe(true);
  });

  it('polishes a functional module and takes its operations from what the user wrote', () => {
    // nothing written: nothing is guessed from what 库存管理 usually does
    const r = polishFunctionOffline({ projectName: '仓储管理系统', moduleName: '库存管理', description: '' });
    expect(r).toEqual({ description: '库存管理。', operations: [] });
    const r1 = polishFunctionOffline({ projectName: '仓储管理系统', moduleName: '入库管理', description: '登记入库单，打印入库凭证' });
    expect(r1.operations).toEqual(['登记入库单', '打印入库凭证']);
    const r2 = polishFunctionOffline({ projectName: 'x系统', moduleName: '车辆管理', description: '支持车辆登记、车辆查询和车辆报废审核。', operations: [] });
    expect(r2.operations).toEqual(expect.arrayContaining(['车辆登记', '车辆查询']));
    const r3 = polishFunctionOffline({ projectName: 'x系统', moduleName: '报表', description: '说明', operations: ['导出、打印', '导出', 'x'.repeat(80)] });
    expect(r3.operations).toEqual(['导出', '打印', 'x'.repeat(40)]);
  });

  it('translates names to English', () => {
    expect(translateNameOffline('仓库管理系统')).toBe('Warehouse Management System');
    expect(translateNameOffline('智慧停车管理平台')).toBe('Smart Parking Management Platform');
    expect(translateNameOffline('码著软著材料生成系统')).toBe('Mazhu Software Copyright Material Generation System');
    expect(translateNameOffline('ERP进销存管理系统 V2.0')).toBe('ERP Purchase Sales and Inventory Management System');
    expect(translateNameOffline('Ａ股行情分析软件')).toMatch(/^A [A-Z][a-z]+ Analysis Software$/);
    expect(translateNameOffline('好运来')).toMatch(/^[A-Z][a-z]+$/);
  });
});

describe('limit fixer and edit check', () => {
  const input = buildWarehouseInput();

  it('repairs a candidate that breaks the limits', () => {
    const fixed = fitAiInformation(
      {
        description: '太短了。',
        purpose: '为'.repeat(80),
        domain: '仓储物流',
        mainFunctions: '这是一个很长的功能说明。'.repeat(200),
        techFeatures: '采用微服务架构，' + '高性能，'.repeat(40),
        techTags: ['云计算', '区块链', 'App', '大数据', '物联网'],
        devHardware: 'x'.repeat(80),
        languages: 'COBOL',
        modules: [{ name: '仓库管理', description: '维护仓库。', operations: ['新增仓库'] }, { name: '```js\nconsole.log(1)\n```' }],
      },
      input,
    );
    expect(() => ZAiInformation.parse(fixed)).not.toThrow();
    expect(fixed.purpose.length).toBeLessThanOrEqual(50);
    expect(fixed.mainFunctions.length).toBeLessThanOrEqual(1300);
    expect(fixed.techTags).toEqual(['云计算', 'APP', '大数据']);
    expect(fixed.languages).toBe('Java、Vue、JavaScript、HTML、CSS、SQL');
    expect(fixed.description.length).toBeGreaterThanOrEqual(150);
    expect(fixed.modules.length).toBeGreaterThanOrEqual(5);
    expect(fixed.modules[0].name).toBe('仓库管理');
    expect(JSON.stringify(fixed)).not.toContain('console.log');
  });

  it('reports the problems of an edit in Chinese', () => {
    const ok = writeInformation(input);
    expect(checkAiInformation(JSON.stringify(ok))).toEqual({ ok: true, data: ok });
    const bad = checkAiInformation({ ...ok, mainFunctions: '长'.repeat(1301), techTags: ['区块链'] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.issues).toContain('主要功能：软件的主要功能不能超过 1300 个字');
      expect(bad.issues.some((i) => i.startsWith('技术特点标签'))).toBe(true);
    }
    expect(checkAiInformation('{oops')).toEqual({ ok: false, issues: ['内容不是合法的 JSON'] });
  });
});

describe('createAiWriter', () => {
  it('is the offline writer without AI_BASE_URL and says so', async () => {
    const ai = createAiWriter({ model: 'deepseek-chat', timeoutMs: 1000 });
    expect(ai.provider).toBe('offline');
    const r = await answered((o) => ai.translateName('仓库管理系统', o));
    expect(r).toEqual({ data: 'Warehouse Management System', provider: 'offline', attempts: 0 });
    const info = await createOfflineWriter().generateInformation(buildWarehouseInput());
    expectWithinLimits(info);
  });
});

/**
 * Empty words reviewers read as template text, and tautologies: "爽约登记模块提供爽约登记相关功能", "提供爽约登记相关功能",
 * "用于管理公告管理" — a module described by its own name.
 */
const EMPTY_WORDS = /赋能|一站式|旨在|智能化|全方位|助力|打造|极致|行业领先|业界领先|无缝|颠覆/;
function tautologyOf(name: string, text: string): string | undefined {
  const core = name.replace(/(管理|模块|功能|中心)+$/u, '');
  if (core.length < 2) return undefined;
  const esc = core.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`(提供|用于|负责|实现|支持)(了)?(对)?${esc}(管理|模块)?(的)?相关(的)?(功能|业务|操作|服务|信息)|${esc}(管理)?模块(提供|用于|负责|实现)(了)?${esc}(管理)?(相关)?(的)?(功能|业务|操作|服务)`, 'u');
  return re.exec(text)?.[0];
}
function emptyTextIn(info: AiInformation): string[] {
  const out: string[] = [];
  const texts: [string, string][] = [
    ['description', info.description],
    ['mainFunctions', info.mainFunctions],
    ['purpose', info.purpose],
    ['techFeatures', info.techFeatures],
    ...info.modules.flatMap((m): [string, string][] => [[`module ${m.name}`, m.description], ...m.operations.map((o): [string, string] => [`operation of ${m.name}`, o])]),
  ];
  for (const [where, t] of texts) {
    const w = EMPTY_WORDS.exec(t);
    if (w) out.push(`${where}: “${w[0]}” in ${t.slice(0, 80)}`);
    for (const m of info.modules) {
      const hit = tautologyOf(m.name, t);
      if (hit) out.push(`${where}: tautology “${hit}”`);
    }
  }
  return out;
}

describe('offline writer: plain words', () => {
  it('writes no empty marketing word and no module described by its own name, on every case and 300 random projects', () => {
    const inputs = [...CASES.map(([, input]) => input), ...randomInputs(Number(process.env.AI_FUZZ ?? 300))];
    const found = inputs.flatMap((input) => emptyTextIn(writeInformation(input)).map((s) => `${input.name}: ${s}`));
    expect(found.slice(0, 20)).toEqual([]);
  });

  it('polishes a module without describing it by its own name', () => {
    for (const moduleName of ['爽约登记', '公告管理', '库存管理', '车辆管理', '报表', '消息中心']) {
      const r = polishFunctionOffline({ projectName: '门诊预约系统', moduleName, description: '' });
      const text = [r.description, ...r.operations].join('。');
      expect(EMPTY_WORDS.exec(text)?.[0], moduleName).toBeUndefined();
      expect(tautologyOf(moduleName, text), `${moduleName}: ${r.description}`).toBeUndefined();
    }
  });

  it('recognises the tautologies it guards against', () => {
    expect(tautologyOf('爽约登记', '爽约登记模块提供爽约登记相关功能。')).toBeDefined();
    expect(tautologyOf('公告管理', '提供公告相关功能')).toBeDefined();
    expect(tautologyOf('公告管理', '发布、撤回和置顶公告，按标题查询')).toBeUndefined();
  });
});

describe('offline writer: the modules the user named', () => {
  it('keeps all 18 of them and counts 18 wherever it states a number of modules', () => {
    const names = ['入库登记', '出库登记', '库存盘点', '库位管理', '供应商管理', '客户管理', '采购订单', '销售订单', '退货处理', '调拨管理', '批次追溯', '条码打印', '预警设置', '报表统计', '用户管理', '角色权限', '操作日志', '系统参数'];
    const info = writeInformation({ name: '码著仓储管理系统', platform: 'Web', keywords: names });
    expect(info.modules.map((m) => m.name).sort()).toEqual([...names].sort());
    for (const text of [info.mainFunctions, info.techFeatures, info.description]) {
      for (const n of text.matchAll(/(\d+)个(?:功能)?模块/g)) expect(Number(n[1])).toBe(18);
    }
  });
});
