import {
  AI_LIMITS,
  AI_TECH_TAGS,
  ZAiInformation,
  type AiInformation,
  type AiModule,
  type AiPolishDescriptionRequest,
  type AiPolishFunctionRequest,
  type AiPolishFunctionResult,
  type AiProjectInput,
  type AiTechTag,
} from '@mazhu/contracts';
import {
  featurePhrases,
  readProject,
  type DraftModule,
  type Operation,
  type ProjectFacts,
} from './analysis';
import { CN_ACTIONS, DOMAINS, OP_EXPLAIN } from './lexicon';
import type { AiCallOptions, AiWriter } from './provider';
import { translateNameOffline } from './translate';
import { clip, cpLen, hash32, joinCn, joinWithin, normalizeChinese, pick, plainWords, sentences, trimToLength, uniq, visibleLength } from './text';

/**
 * The built-in offline writer: deterministic, no network. Every text is composed from the input (name, category,
 * platform, description, keywords and the code analysis); a module or a sentence exists because some input
 * supports it. Limits: R11 table of spec/cpcc-materials.md, 主要功能 500–1300 per the form of 2026-03-15
 * (`AI_LIMITS` in @mazhu/contracts).
 */

const L = AI_LIMITS;

// ---------------------------------------------------------------------------------------------------------------
// Phrases by platform

function platformNoun(f: ProjectFacts): string {
  switch (f.platform) {
    case 'web':
      return '基于浏览器访问的Web应用软件';
    case 'mobile':
      return '运行在智能手机上的移动应用（App）';
    case 'miniprogram':
      return '运行在微信中的小程序';
    case 'desktop':
      return '安装在计算机上运行的桌面软件';
    case 'embedded':
      return '运行在嵌入式设备中的嵌入式软件';
    case 'service':
      return f.category === '中间件' ? '以接口形式提供服务的中间件软件' : '以接口形式对外提供服务的软件';
    case 'library':
      return '可被其他程序调用的函数库';
    case 'cli':
      return '在命令行中运行的工具软件';
    default:
      return f.category || '应用软件';
  }
}

function platformUsage(f: ProjectFacts, hasRole: boolean): string | undefined {
  switch (f.platform) {
    case 'web':
      return `用户通过浏览器访问软件，无需安装客户端${hasRole ? '，在授权范围内' : '即可'}使用上述功能。`;
    case 'mobile':
      return '用户在智能手机上安装软件后，即可随时随地使用上述功能。';
    case 'miniprogram':
      return '用户在微信中打开小程序即可使用上述功能，无需另行下载安装。';
    case 'desktop':
      return '软件安装在计算机上运行，用户通过窗口界面完成上述操作。';
    case 'embedded':
      return '软件固化在设备中运行，设备上电后即按上述流程工作。';
    case 'service':
      return '软件以接口形式向其他业务系统提供上述能力，调用方按约定的参数发起请求并获得处理结果。';
    case 'library':
      return '其他程序引用本软件后，按接口说明调用上述函数。';
    case 'cli':
      return '用户在命令行中输入命令和参数运行本软件。';
    default:
      return undefined;
  }
}

/** The users or industry the input names ('' when it names none: no domain is guessed from the platform). */
function domainText(f: ProjectFacts): string {
  if (f.domainPhrase) return clip(f.domainPhrase, L.domainMax);
  if (f.domain) return DOMAINS[f.domain].text;
  return '';
}

/** 应用领域 of the form when the input names none: the kind of software, said in general terms. */
export function fallbackDomain(f: ProjectFacts): string {
  switch (f.platform) {
    case 'web':
      return 'Web应用';
    case 'desktop':
      return '桌面应用';
    case 'mobile':
      return '移动互联网应用服务';
    case 'miniprogram':
      return '移动互联网应用服务（微信小程序）';
    case 'embedded':
      return '嵌入式设备与智能硬件';
    case 'service':
      return '软件系统集成与接口服务';
    case 'library':
    case 'cli':
      return '软件开发';
    default:
      return '应用软件';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Modules

const BUSINESS_EXCLUDE = new Set(['login', 'register', 'init', 'dashboard', 'setting', 'log', 'help', 'profile', 'feedback', 'message']);

function businessModules(f: ProjectFacts): DraftModule[] {
  const b = f.modules.filter((m) => !BUSINESS_EXCLUDE.has(m.key));
  return b.length > 0 ? b : f.modules;
}

function bareName(name: string): string {
  return name.replace(/(管理|模块|中心)$/, '') || name;
}

function moduleDescription(m: DraftModule, seed: number): string {
  const h = hash32(m.name) ^ seed;
  const lead = pick(['用于', '负责', '主要用于'], h);
  const conn = pick(m.does.startsWith('提供') ? ['支持', '可进行'] : ['支持', '可进行', '提供'], h >>> 3);
  const tail = pick(['等操作', '等功能', ''], h >>> 5);
  const ops = m.ops.map((o) => o.text);
  const opsText = `${joinCn(ops.slice(0, 6))}${ops.length > 6 ? '等操作' : tail}`;
  // Only the name is known: the operations, or nothing (the module is then described by its name alone).
  if (!m.does) return ops.length ? trimToLength(`支持${opsText}。`, L.moduleDescriptionMax) : '';
  const does = m.does.startsWith('提供') ? m.does : lead + m.does;
  if (ops.length === 0) return trimToLength(`${does}。`, L.moduleDescriptionMax);
  return trimToLength(`${does}，${conn}${opsText}。`, L.moduleDescriptionMax);
}

function toAiModule(m: DraftModule, seed: number): AiModule {
  return {
    name: clip(m.name, L.moduleNameMax),
    description: plainWords(moduleDescription(m, seed)) || `${m.name}。`,
    operations: uniq(m.ops.map((o) => clip(o.text, L.operationMax))).slice(0, L.operationsMax),
    basis: m.basis.slice(0, 40).map((b) => clip(b, 300)),
    ...(m.confirm ? { confirm: clip(m.confirm, 200) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 主要功能 (500–1300)

function explain(o: Operation, m: DraftModule): string | undefined {
  if (o.key) return OP_EXPLAIN[o.key]?.(m.obj);
  return undefined;
}

function moduleParagraph(m: DraftModule, i: number, level: number, seed: number, used: Set<string>): string {
  const h = hash32(m.name) ^ seed;
  const conn = pick(m.does.startsWith('提供') ? ['支持', '可完成'] : ['支持', '可完成', '提供'], h >>> 7);
  const head = m.does ? `（${i + 1}）${m.name}：${m.does.startsWith('提供') ? m.does : pick(['该模块', '本模块', ''], h >>> 9) + m.does}` : `（${i + 1}）${m.name}`;
  const ops = m.ops.map((o) => o.text);
  if (level === 0 || ops.length === 0) return head + '。';
  let p = `${head}${m.does ? '，' : '：'}${conn}${joinCn(ops)}${ops.length > 2 ? '等操作' : ''}。`;
  if (level >= 2) {
    // an explanation said for an earlier module (same object, same operation) is not said again
    const ex = uniq(m.ops.map((o) => explain(o, m)).filter((x): x is string => !!x && !used.has(x))).slice(0, level === 2 ? 2 : 4);
    for (const x of ex) used.add(x);
    if (ex.length > 0) p += `${pick(['其中，', '具体而言，', ''], h >>> 11)}${ex.join('；')}。`;
  }
  return p;
}

/**
 * Composes 软件的主要功能 from the modules: an overview, one paragraph per module (as detailed as the 1300 limit
 * allows), then — only while under 500 — the platform's way of use, the user's own description and the code
 * structure. Never repeats a sentence; the result is 500–1300 characters whenever the input allows.
 */
export function composeMainFunctions(f: ProjectFacts, modules: DraftModule[] = f.modules): string {
  const names = modules.map((m) => m.name);
  if (names.length === 0) {
    // Nothing names a function yet: say what is known and no more (the check report asks for the modules).
    return [`${f.name}是一款${platformNoun(f)}${f.domainPhrase || f.domain ? `，面向${domainText(f)}` : ''}。`, f.description ? trimToLength(f.description, 1000) : '', codeSentence(f) ?? '']
      .filter(Boolean)
      .join('\n');
  }
  const intro = pick(
    [
      `${f.name}是一款${platformNoun(f)}${domainText(f) ? `，面向${domainText(f)}` : ''}，共包含${names.length}个功能模块：${names.join('、')}。各模块的主要功能如下：`,
      domainText(f)
        ? `${f.name}为${domainText(f)}提供${platformNoun(f).replace(/^(基于|运行在|安装在|以)/, '$1')}，软件由${joinCn(names)}共${names.length}个功能模块组成，主要功能如下：`
        : `${f.name}是一款${platformNoun(f)}，软件由${joinCn(names)}共${names.length}个功能模块组成，主要功能如下：`,
    ],
    f.seed,
  );
  const levels = modules.map(() => 3);
  const paragraphs = () => {
    const used = new Set<string>();
    return modules.map((m, i) => moduleParagraph(m, i, levels[i], f.seed, used));
  };
  const total = (extra: string[]) => cpLen([intro, ...paragraphs(), ...extra].join('\n'));
  const target = L.mainFunctionsMax - 40;
  while (total([]) > target) {
    const ps = paragraphs();
    let idx = -1;
    for (let i = 0; i < ps.length; i++) if (levels[i] > 0 && (idx < 0 || ps[i].length > ps[idx].length)) idx = i;
    if (idx < 0) break;
    levels[idx]--;
  }
  const extra: string[] = [];
  const hasRole = modules.some((m) => m.key === 'role');
  const closings: Array<string | undefined> = [
    platformUsage(f, hasRole),
    f.description ? `软件的整体定位为：${trimToLength(f.description, 300)}` : undefined,
    codeSentence(f),
  ];
  for (const c of closings) {
    if (visibleLength([intro, ...paragraphs(), ...extra].join('')) >= L.mainFunctionsMin + 20) break;
    if (!c) continue;
    if (total([...extra, c]) <= L.mainFunctionsMax) extra.push(c);
  }
  let text = [intro, ...paragraphs(), ...extra].join('\n');
  if (cpLen(text) > L.mainFunctionsMax) text = trimToLength(text, L.mainFunctionsMax);
  return text;
}


function codeSentence(f: ProjectFacts): string | undefined {
  const c = f.code;
  if (!c) return undefined;
  const parts: string[] = [];
  // The analysis keeps at most 60 names of each kind: a full list is "60个以上", not a count.
  const count = (n: number) => (n >= 60 ? '60个以上' : `${n}个`);
  if (c.routes?.length) parts.push(`${count(c.routes.length)}服务接口`);
  if (c.pages?.length) parts.push(`${count(c.pages.length)}页面`);
  if (c.entities?.length) parts.push(`${count(c.entities.length).replace('个', '类')}业务数据对象`);
  const langs = f.languages.slice(0, 4).join('、');
  if (parts.length === 0 && !c.sourceLines) return undefined;
  return `从程序结构看，软件${langs ? `使用${langs}编写，` : ''}${c.sourceLines ? `源程序共${c.sourceLines}行` : ''}${parts.length ? `${c.sourceLines ? '，' : ''}包含${joinCn(parts)}` : ''}。`.replace('编写，。', '编写。');
}


// ---------------------------------------------------------------------------------------------------------------
// Other fields

function composeDescription(f: ProjectFacts, purpose: string, userMax = 220): string {
  const short = f.shortName && f.shortName !== f.name ? `（简称“${f.shortName}”）` : '';
  const facing = !domainText(f) || (f.domainPhrase && f.description.includes(f.domainPhrase)) ? '' : `，面向${domainText(f)}`;
  const s: string[] = [`${f.name}${short}是一款${platformNoun(f)}${facing}。`];
  if (f.description) s.push(trimToLength(f.description, userMax));
  const names = f.modules.map((m) => m.name);
  if (names.length) s.push(names.length <= 6 ? `软件包括${joinCn(names)}共${names.length}个功能模块。` : `软件包括${names.slice(0, 6).join('、')}等${names.length}个功能模块。`);
  if (f.languagesFromCode && f.code) {
    s.push(`软件使用${f.languages.slice(0, 4).join('、')}开发${f.code.sourceLines ? `，源程序共${f.code.sourceLines}行` : ''}。`);
  }
  const more = [
    `开发该软件的目的是${purpose.replace(/。$/, '')}。`,
    ...f.modules.filter((m) => m.does).map((m) => `${m.name}模块${m.does.startsWith('提供') ? m.does : '用于' + m.does}。`),
  ];
  let text = s.join('');
  for (const m of more) {
    if (cpLen(text) >= L.descriptionMin) break;
    if (cpLen(text + m) <= L.descriptionMax) text += m;
  }
  return trimToLength(text, L.descriptionMax);
}

function composePurpose(f: ProjectFacts): string {
  const fromUser = sentences(f.description)
    .map((s) => /(?:旨在|目的是|目的在于|致力于|为了)([^。！？；]+)/.exec(s)?.[1])
    .find((x): x is string => !!x && x.replace(/[，、]/g, '').length >= 6);
  if (fromUser) {
    const t = trimToLength(fromUser.replace(/^[，、：\s]+/, ''), L.purposeMax).replace(/。$/, '');
    if (t.length >= 6 && t !== f.name) return t;
  }
  const objs = uniq(businessModules(f).map((m) => bareName(m.name))).slice(0, 3);
  if (objs.length === 0) objs.push(f.name.replace(/(管理)?(系统|平台|软件)$/u, '') || f.name);
  const within = (build: (items: string) => string) => {
    for (let n = objs.length; n >= 1; n--) {
      const t = build(objs.slice(0, n).join('、'));
      if (cpLen(t) <= L.purposeMax) return t;
    }
    return clip(build(objs[0] ?? '业务'), L.purposeMax);
  };
  switch (f.platform) {
    case 'embedded':
      return within((x) => `实现设备${x}等功能的自动运行，减少人工操作`);
    case 'service':
      return within((x) => `为其他业务系统提供${x}等接口能力，实现系统间数据互通`);
    case 'library':
      return within((x) => `为其他程序提供${x}等功能的调用接口`);
    case 'cli':
      return within((x) => `在命令行中完成${x}等操作`);
    case 'mobile':
    case 'miniprogram':
      return within((x) => `让用户在手机上便捷地完成${x}等业务`);
    default:
      return within((x) => `实现${x}等业务的信息化管理，减少手工操作`);
  }
}

const SERVER_RUNTIME: Record<string, string> = {
  java: 'JDK 运行环境',
  kotlin: 'JDK 运行环境',
  python: 'Python 3 运行环境',
  php: 'PHP 运行环境',
  'c#': '.NET 运行环境',
  go: '无需额外运行时（编译为可执行程序）',
  ruby: 'Ruby 运行环境',
};

function has(f: ProjectFacts, ...langs: string[]): boolean {
  const set = new Set(f.languages.map((l) => l.toLowerCase()));
  return langs.some((l) => set.has(l));
}

function devTools(f: ProjectFacts): string {
  const t: string[] = [];
  if (has(f, 'wxml', 'wxss') || f.platform === 'miniprogram') t.push('微信开发者工具');
  if (has(f, 'arkts')) t.push('DevEco Studio');
  if (has(f, 'swift', 'objective-c')) t.push('Xcode');
  if (has(f, 'dart')) t.push('Flutter SDK', 'Android Studio');
  if (has(f, 'kotlin') || (has(f, 'java') && f.platform === 'mobile')) t.push('Android Studio');
  if (has(f, 'java') && f.platform !== 'mobile') t.push('IntelliJ IDEA', 'JDK');
  if (has(f, 'python')) t.push('PyCharm', 'Python 3');
  if (has(f, 'go')) t.push('GoLand', 'Go 工具链');
  if (has(f, 'php')) t.push('PhpStorm');
  if (has(f, 'c#')) t.push('Visual Studio');
  if (has(f, 'rust')) t.push('Rust 工具链（Cargo）');
  if (has(f, 'c', 'c++', 'assembly')) {
    if (f.platform === 'embedded') t.push('Keil MDK', 'GCC 交叉编译工具链');
    else if (f.platform === 'desktop' && !has(f, 'c#')) t.push('Visual Studio');
    else t.push('GCC');
  }
  if (has(f, 'vue', 'typescript', 'javascript', 'html', 'svelte') && f.platform !== 'miniprogram') t.push('Visual Studio Code', 'Node.js');
  if (t.length === 0) {
    const d: Record<string, string> = {
      web: '集成开发环境（IDE）、浏览器开发者工具',
      mobile: '移动端集成开发环境（IDE）、真机调试环境',
      desktop: '集成开发环境（IDE）',
      embedded: '嵌入式集成开发环境、编译工具链、仿真调试器',
      service: '集成开发环境（IDE）、接口调试工具',
      generic: '集成开发环境（IDE）',
    };
    return d[f.platform] ?? d.generic;
  }
  return joinWithin(uniq(t), '、', L.environmentMax);
}

function environment(f: ProjectFacts): Pick<AiInformation, 'devHardware' | 'runHardware' | 'devOs' | 'devTools' | 'runPlatform' | 'runSupport'> {
  const apple = has(f, 'swift', 'objective-c');
  const android = has(f, 'kotlin') || (has(f, 'java') && f.platform === 'mobile');
  const harmony = has(f, 'arkts');
  const runtime = f.languages.map((l) => SERVER_RUNTIME[l.toLowerCase()]).find(Boolean);
  const node = !runtime && has(f, 'typescript', 'javascript') && (f.code?.routes?.length ?? 0) > 0 ? 'Node.js 运行环境' : undefined;
  const db = (f.code?.entities?.length ?? 0) > 0 ? '数据库' : undefined;
  const devOs = apple ? 'macOS' : 'Windows 10/11';
  const devHardware =
    f.platform === 'embedded'
      ? 'PC（CPU 2.0GHz 以上，内存 8GB 以上），目标开发板及调试器'
      : f.platform === 'mobile' || f.platform === 'miniprogram'
        ? 'CPU 2.0GHz 以上、内存 8GB 以上的计算机，测试用智能手机'
        : 'CPU 2.0GHz 以上，内存 8GB 以上，硬盘 256GB 以上';
  let runHardware: string;
  let runPlatform: string;
  let runSupport: string;
  switch (f.platform) {
    case 'web':
      runHardware = '服务器：CPU 4 核、内存 8GB 以上；客户端：能运行浏览器的计算机';
      runPlatform = '服务器 Linux 或 Windows Server；客户端 Windows/macOS';
      runSupport = joinWithin(uniq([runtime ?? node ?? 'Web 服务运行环境', db ?? '', 'Chrome、Edge 等现代浏览器'].filter(Boolean)), '，', L.environmentMax);
      break;
    case 'service':
      runHardware = '服务器：CPU 4 核以上，内存 8GB 以上，硬盘 100GB 以上';
      runPlatform = 'Linux 或 Windows Server';
      runSupport = joinWithin(uniq([runtime ?? node ?? '服务运行环境', db ?? ''].filter(Boolean)), '，', L.environmentMax);
      break;
    case 'mobile':
      runHardware = apple ? 'iPhone 手机' : harmony ? '搭载 HarmonyOS 的智能手机' : android ? 'Android 智能手机' : '智能手机（Android 或 iOS）';
      runPlatform = apple ? 'iOS' : harmony ? 'HarmonyOS' : android ? 'Android' : 'Android / iOS';
      runSupport = apple ? 'iOS 系统自带运行环境' : harmony ? 'HarmonyOS 运行环境' : android ? 'Android 运行环境' : '手机操作系统自带运行环境';
      break;
    case 'miniprogram':
      runHardware = '能运行微信的智能手机';
      runPlatform = '微信客户端（Android / iOS）';
      runSupport = '微信小程序基础库';
      break;
    case 'desktop':
      runHardware = 'CPU 2.0GHz 以上、内存 4GB 以上的计算机';
      runPlatform = apple ? 'macOS' : 'Windows 10/11';
      runSupport = has(f, 'c#') ? '.NET 运行库' : has(f, 'java') ? 'JRE 运行环境' : has(f, 'python') ? 'Python 3 运行环境' : '无需额外支持软件';
      break;
    case 'embedded':
      runHardware = '目标嵌入式硬件设备（主控板及外设）';
      runPlatform = '目标嵌入式设备';
      runSupport = '无需额外支持软件，程序直接运行于设备';
      break;
    default:
      runHardware = 'CPU 2.0GHz 以上，内存 4GB 以上';
      runPlatform = apple ? 'macOS' : 'Windows / Linux';
      runSupport = runtime ?? node ?? '操作系统自带运行环境';
  }
  return { devHardware, runHardware, devOs, devTools: devTools(f), runPlatform, runSupport };
}

const TAG_WORDS: Array<[AiTechTag, RegExp]> = [
  ['人工智能', /人工智能|大模型|机器学习|深度学习|\bAI\b/i],
  ['大数据', /大数据/],
  ['云计算', /云计算|云原生/],
  ['信息安全', /信息安全|网络安全/],
  ['地理信息', /地理信息|GIS/i],
  ['物联网', /物联网|IoT/i],
  ['智慧城市', /智慧城市/],
  ['VR', /\bVR\b|虚拟现实/i],
  ['5G', /5G/],
  ['游戏', /游戏/],
];

function techTags(f: ProjectFacts): AiTechTag[] {
  const tags: AiTechTag[] = [];
  if (f.platform === 'mobile') tags.push('APP');
  if (f.platform === 'miniprogram') tags.push('小程序');
  for (const k of f.keywords) if ((AI_TECH_TAGS as readonly string[]).includes(k)) tags.push(k as AiTechTag);
  const text = [f.name, f.description, ...f.keywords].join(' ');
  for (const [tag, re] of TAG_WORDS) if (re.test(text)) tags.push(tag);
  if (f.domain && DOMAINS[f.domain].tag) tags.push(DOMAINS[f.domain].tag!);
  for (const m of f.modules) if (m.concept?.tag) tags.push(m.concept.tag);
  if (f.platform === 'embedded' && f.modules.some((m) => ['device', 'telemetry', 'comm'].includes(m.key))) tags.push('物联网');
  return uniq(tags).slice(0, L.techTagsMax);
}

/**
 * True when the code shows a separate front end (single-page components: Vue, Svelte, JSX/TSX pages) beside server
 * interfaces (routes or controllers): only then is it 前后端分离. Server-rendered templates (Django, JSP, Thymeleaf)
 * are not.
 */
function separateFrontEnd(f: ProjectFacts): boolean {
  const c = f.code;
  if (!c) return /前后端分离/.test(f.description);
  const spa = has(f, 'vue', 'svelte') || (c.units ?? []).some((u) => u.kind === 'page' && u.evidence.some((e) => /\.(vue|svelte|jsx|tsx)(#|$)/.test(e)));
  const server = (c.units ?? []).some((u) => u.kind === 'controller' || u.kind === 'routes') || (c.controllers?.length ?? 0) > 0;
  return spa && server;
}

function techFeatures(f: ProjectFacts): string {
  const parts: string[] = [];
  switch (f.platform) {
    case 'web':
      parts.push(separateFrontEnd(f) ? '采用前后端分离的B/S架构' : '通过浏览器访问');
      break;
    case 'mobile':
      parts.push(has(f, 'dart') ? '基于Flutter跨平台开发' : has(f, 'arkts') ? '基于鸿蒙ArkTS开发' : has(f, 'swift', 'objective-c') ? '基于iOS原生开发' : has(f, 'kotlin') ? '基于Android原生开发' : '以移动App形式运行');
      break;
    case 'miniprogram':
      parts.push('基于微信小程序框架开发，用户无需安装即可使用');
      break;
    case 'desktop':
      parts.push('以桌面客户端形式运行');
      break;
    case 'embedded':
      parts.push('程序固化在嵌入式设备中运行，直接驱动硬件外设');
      break;
    case 'service':
      parts.push('以标准接口形式对外提供服务，便于与其他系统集成');
      break;
  }
  if (f.languages.length) parts.push(`使用${f.languages.slice(0, 3).join('、')}开发`);
  if (f.modules.some((m) => m.key === 'role')) parts.push('基于角色进行权限控制');
  const tagged = f.modules.filter((m) => m.concept?.tag).map((m) => `集成${m.name}功能`);
  parts.push(...tagged.slice(0, 1));
  if (f.modules.length) parts.push(`功能按业务划分为${f.modules.length}个模块`);
  let out = '';
  for (const p of parts) {
    const next = out ? `${out}，${p}` : p;
    if (cpLen(next) + 1 > L.techFeaturesMax) break;
    out = next;
  }
  return out + '。';
}

/**
 * Writes the AI information of a project without any network. Deterministic: the same input always gives the same
 * output; different projects give different texts because every text is built from the project's own data.
 * Throws only if the input is empty (no name).
 */
export function writeInformation(input: AiProjectInput): AiInformation {
  // Only what the input supports: with little evidence 主要功能 stays under 500 characters and the check report
  // asks the user to describe more — no module or sentence is added to reach a length.
  const f = readProject(input);
  const main = plainWords(composeMainFunctions(f));
  const purpose = composePurpose(f);
  const info: AiInformation = {
    description: plainWords(composeDescription(f, purpose)),
    purpose: plainWords(purpose),
    domain: domainText(f) || fallbackDomain(f),
    mainFunctions: main,
    techFeatures: plainWords(techFeatures(f)).replace(/^。$/, '') || `以${platformNoun(f)}的形式运行。`,
    techTags: techTags(f),
    ...environment(f),
    languages: joinWithin(f.languages, '、', L.languagesMax),
    modules: f.modules.slice(0, L.modulesMax).map((m) => toAiModule(m, f.seed)),
  };
  return ZAiInformation.parse(info);
}

// ---------------------------------------------------------------------------------------------------------------
// Polishing

/**
 * Polishes a user's description into a 软件简介 (≤ 400; ≥ 150 when the name, platform and description allow):
 * normalises punctuation, drops repeated sentences, and frames it with what the input says (name, platform,
 * modules named in the description).
 */
export function polishDescriptionOffline(input: AiPolishDescriptionRequest): string {
  const f = readProject({ name: input.name, description: input.description, platform: input.platform });
  const purpose = composePurpose(f);
  return composeDescription(f, purpose, 300);
}

/** Splits a user's operations text ("新增、编辑；删除") and cleans each (≤ 40 characters, 1–12 items). */
function cleanOps(ops: readonly string[]): string[] {
  return uniq(
    ops
      .flatMap((o) => o.split(/[、，,；;\n]/))
      .map((o) => o.replace(/^[\s\d.、()（）\-*•]+/, '').replace(/[。.；;，,\s]+$/, ''))
      .filter((o) => o.length > 0)
      .map((o) => clip(o, L.operationMax)),
  ).slice(0, L.operationsMax);
}

const ENDS_WITH_ACTION = new RegExp(`(${CN_ACTIONS.join('|')})$`);
const STARTS_WITH_VERB = /^(查看|查询|新增|添加|编辑|修改|删除|发布|上传|下载|提交|导出|导入|审核|审批|登记|录入|填写|设置|配置|维护|生成|打印|申请|预约|撤回|置顶|分配|启用|停用|发送|回复)/;

/**
 * Polishes one functional module from what the user wrote: the description normalised (≤ 300) and the operations
 * cleaned; when no operation is given they are the verb phrases of the description ("支持车辆登记、车辆查询" →
 * 车辆登记, 车辆查询). Nothing is taken from what the module's name usually means: with neither a description nor an
 * operation the answer is the name alone (the service asks the user to write something first).
 */
export function polishFunctionOffline(input: AiPolishFunctionRequest): AiPolishFunctionResult {
  const name = input.moduleName.trim();
  let ops = cleanOps(input.operations ?? []);
  const desc = input.description?.trim() ? normalizeChinese(input.description) : '';
  if (ops.length === 0 && desc) ops = cleanOps(featurePhrases(desc).filter((p) => ENDS_WITH_ACTION.test(p) || STARTS_WITH_VERB.test(p)).slice(0, 8));
  let description = desc || (ops.length ? `${name}包括${joinCn(ops.slice(0, 6))}。` : `${name}。`);
  if (ops.length && !ops.some((o) => description.includes(o)) && description.length < 120) description += `主要操作包括${joinCn(ops.slice(0, 6))}。`;
  if (!description.startsWith(name) && description.length < 60) description = `${name}模块${description.replace(/^(该模块|本模块)/, '')}`;
  return { description: trimToLength(description, L.moduleDescriptionMax), operations: ops };
}

// ---------------------------------------------------------------------------------------------------------------
// The writer

/** The offline writer as an `AiWriter` (provider `offline`). Reports `{ provider: 'offline', attempts: 0 }`. */
export function createOfflineWriter(): AiWriter {
  const answered = <T>(opts: AiCallOptions | undefined, value: T): T => {
    opts?.onAnswer?.({ provider: 'offline', attempts: 0 });
    return value;
  };
  return {
    provider: 'offline',
    async generateInformation(input, opts) {
      return answered(opts, writeInformation(input));
    },
    async polishDescription(input, opts) {
      return answered(opts, polishDescriptionOffline(input));
    },
    async polishFunction(input, opts) {
      return answered(opts, polishFunctionOffline(input));
    },
    async translateName(cnName, opts) {
      return answered(opts, translateNameOffline(cnName));
    },
  };
}
