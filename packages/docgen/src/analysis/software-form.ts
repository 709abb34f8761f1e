import { handlerRoutesOf } from './code-structure';
import type { CodeFile, MetaFile } from '../intake/intake';
import { fileHas, hasAny, hasLiteral } from '../intake/text-scan';

/**
 * The software's form (软件形态), which decides the kind of document: software with a user interface
 * gets an 操作手册 (login, main screen, each module's operations); software without one gets a
 * 设计说明书 (library/SDK, service, embedded) or 使用说明 (command-line tool) — cpcc-materials.md,
 * 文档鉴别材料: "Software without a user interface: a design document".
 */
export const SOFTWARE_FORMS = ['web-admin', 'website', 'mobile', 'miniprogram', 'desktop', 'service', 'library', 'cli', 'embedded'] as const;
export type SoftwareForm = (typeof SOFTWARE_FORMS)[number];

export const SOFTWARE_FORM_LABELS: Record<SoftwareForm, string> = {
  'web-admin': 'Web 管理系统',
  website: '网站',
  mobile: '移动 App',
  miniprogram: '小程序',
  desktop: '桌面软件',
  service: '接口服务',
  library: '函数库/SDK',
  cli: '命令行工具',
  embedded: '嵌入式软件',
};

/** Forms whose users work through screens (they get an 操作手册). */
export function formHasUi(form: SoftwareForm): boolean {
  return form === 'web-admin' || form === 'website' || form === 'mobile' || form === 'miniprogram' || form === 'desktop';
}

/** The document title for a form: 操作手册, 设计说明书 or 使用说明. */
export function documentKindOf(form: SoftwareForm): '操作手册' | '设计说明书' | '使用说明' {
  if (formHasUi(form)) return '操作手册';
  return form === 'cli' ? '使用说明' : '设计说明书';
}

export interface SoftwareFormGuess {
  form: SoftwareForm;
  label: string;
  hasUi: boolean;
  /** Why, in Chinese, each with the file that shows it ("src/views/login.vue：登录页面"). */
  evidence: string[];
}

const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);

function readJson(meta: MetaFile[], name: string): Record<string, unknown> | undefined {
  const m = meta.filter((x) => base(x.path) === name).sort((a, b) => a.path.split('/').length - b.path.split('/').length)[0];
  if (!m) return undefined;
  try {
    return JSON.parse(m.text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * Detects the software's form from the code and its descriptors. Signals, strongest first: a
 * mini-program (app.json with pages + .wxml, uni-app pages.json), a mobile app (AndroidManifest,
 * Kotlin/Swift/Dart/ArkTS, react-native), a desktop app (electron, WinForms/WPF, Qt, Swing/JavaFX,
 * tkinter/PyQt), embedded firmware (C/assembly with MCU headers or Arduino), a web front end
 * (pages/views with a router; an admin when it has a sidebar layout or system/user/role pages),
 * a service (HTTP routes or controllers without pages, or with only a few server templates beside
 * many routes), a command-line tool (package.json "bin",
 * commander/yargs/argparse/click/cobra, Go's flag, kingpin, urfave/cli, optparse, docopt, picocli), else a library. Pure; linear in the code size.
 */
export function detectSoftwareForm(files: CodeFile[], meta: MetaFile[] = []): SoftwareFormGuess {
  const ev: Partial<Record<SoftwareForm, string[]>> = {};
  const add = (f: SoftwareForm, why: string) => {
    const list = (ev[f] ??= []);
    if (list.length < 6 && !list.includes(why)) list.push(why);
  };
  const pkg = readJson(meta, 'package.json');
  const deps = { ...((pkg?.dependencies as Record<string, string>) ?? {}), ...((pkg?.devDependencies as Record<string, string>) ?? {}) };
  const has = (d: string) => Object.prototype.hasOwnProperty.call(deps, d);
  if (meta.some((m) => base(m.path) === 'app.json' && /"pages"\s*:/.test(m.text)) && files.some((f) => f.language === 'WXML')) add('miniprogram', 'app.json 与 .wxml 页面：微信小程序');
  if (meta.some((m) => base(m.path) === 'pages.json' && /"pages"\s*:/.test(m.text))) add('miniprogram', 'pages.json：uni-app 页面配置');
  if (meta.some((m) => /androidmanifest\.xml$/i.test(m.path))) add('mobile', 'AndroidManifest.xml：Android 应用');
  if (has('react-native') || has('expo')) add('mobile', 'package.json 依赖 react-native');
  if (has('electron')) add('desktop', 'package.json 依赖 electron：桌面应用');
  if (pkg?.bin) add('cli', `package.json 的 bin 字段：${typeof pkg.bin === 'string' ? pkg.bin : Object.keys(pkg.bin as object).join('、')}`);

  let pages = 0;
  /** Pages that are server-side templates (templates/*.html, .jsp, .ftl), not a front end's own screens. */
  let templatePages = 0;
  let routes = 0;
  let adminSignals = 0;
  for (const f of files) {
    const p = f.path;
    const lower = p.toLowerCase();
    if (/\.(kt|swift|dart|ets)$/.test(lower) && !/(^|\/)(test|tests)\//.test(lower)) add('mobile', `${p}：${f.language} 移动端代码`);
    if (/\.(xaml)$/.test(lower)) add('desktop', `${p}：WPF 界面`);
    if (/\.(ino)$/.test(lower)) add('embedded', `${p}：Arduino 程序`);
    const text = f.text.length > 200_000 ? f.text.slice(0, 200_000) : f.text;
    if (f.language === 'C' || f.language === 'C++' || f.language === 'Assembly') {
      if (/#include\s*[<"](stm32\w*|reg5[12]|avr\/io|esp_\w+|freertos|Arduino|msp430|nrf\w*)\.?h?[>"]|\bHAL_[A-Z]\w+\(|\bGPIO_\w+\b/i.test(text)) add('embedded', `${p}：单片机/嵌入式头文件或外设调用`);
      if (/\bQApplication\b|#include\s*<Q\w+>|\bWinMain\s*\(|\bCreateWindow(Ex)?\w*\(/.test(text)) add('desktop', `${p}：Qt/Win32 窗口程序`);
    }
    if (f.language === 'C#' && /System\.Windows\.Forms|System\.Windows\.Controls|: Form\b/.test(text)) add('desktop', `${p}：WinForms/WPF 窗体`);
    if ((f.language === 'Java' || f.language === 'Kotlin') && /extends\s+(JFrame|JDialog|Application)\b|import\s+javafx\.|import\s+javax\.swing\./.test(text)) add('desktop', `${p}：Swing/JavaFX 窗口`);
    if ((f.language === 'Java' || f.language === 'Kotlin') && /extends\s+(AppCompatActivity|Activity|Fragment)\b|import\s+android\./.test(text)) add('mobile', `${p}：Android 界面`);
    if (f.language === 'Python' && hasAny(text, ['kinte', 'PyQt', 'PySide', 'wx']) && /^\s*(import tkinter|from tkinter|from PyQt\d|import PyQt\d|from PySide\d|import wx\b)/m.test(text)) add('desktop', `${p}：Python 桌面界面库`);
    // Web pages: a .vue/.svelte/.jsx/.tsx file under pages/views, or a template.
    const isPageDir = /(^|\/)(pages|views|screens|templates)\//.test(lower);
    if ((f.language === 'Vue' || f.language === 'Svelte' || /\.(jsx|tsx|html|jsp|ftl)$/.test(lower)) && isPageDir) {
      pages++;
      if (/(^|\/)templates\/|\.(html|jsp|ftl)$/.test(lower) && f.language !== 'Vue' && f.language !== 'Svelte') templatePages++;
      if (pages <= 3) add('website', `${p}：页面`);
      if (/(^|\/)(system|admin|user|role|menu|dept|monitor|layout)\//.test(lower)) adminSignals++;
    }
    if (/(^|\/)layout\/.*(sidebar|navbar|menu)/i.test(p)) adminSignals++;
    else {
      const head = text.slice(0, 20_000);
      if (hasAny(head, ['-menu', '<Menu', 'Layout']) && /\bel-menu\b|<a-menu\b|<Menu\b.*mode=|\bProLayout\b/.test(head)) adminSignals++;
    }
    // HTTP routes and controllers.
    // Each expression runs only where the text holds a literal all its matches contain (text-scan.ts).
    const routeCall = fileHas(f, text, 'routeCall');
    const r =
      (fileHas(f, text, 'mapping') ? (text.match(/@(Get|Post|Put|Delete|Patch|Request)Mapping\b/g)?.length ?? 0) : 0) +
      (routeCall && text.includes('@') ? (text.match(/@\w+\.(route|get|post|put|delete|patch)\(\s*['"]\//g)?.length ?? 0) : 0) +
      (f.language === 'Python' ? handlerRoutesOf(text).length : 0) +
      (routeCall ? (text.match(/\b(app|router|server|fastify)\.(get|post|put|delete|patch)\(\s*['"`]\//g)?.length ?? 0) : 0) +
      (hasLiteral(text, 'urlpatterns', 'urlpat') && /^[ \t]*path\(\s*r?['"]/m.test(text) ? 1 : 0) +
      (hasAny(text, ['Func(', 'GET(', 'POST(']) ? (text.match(/\bHandleFunc\(|\.GET\(|\.POST\(/g)?.length ?? 0) : 0);
    if (r > 0) {
      routes += r;
      if ((ev.service?.length ?? 0) < 3) add('service', `${p}：${r} 个 HTTP 接口`);
    }
    if ((f.entrySignal || /(^|\/)(bin|cli|cmd)\//.test(lower) || text.startsWith('#!')) && /\bcommander\b|\byargs\b|\bprogram\s*\.\s*command\(|\bargparse\.ArgumentParser\(|@click\.command|\bcobra\.Command\b|\bclap::|\bflag\.Parse\(\)|\bpflag\.Parse\(\)|\bkingpin\.|urfave\/cli|\boptparse\.OptionParser\(|\bdocopt\b|\bpicocli\b/.test(text)) {
      add('cli', `${p}：命令行参数解析`);
    }
  }
  let form: SoftwareForm;
  if (ev.miniprogram) form = 'miniprogram';
  else if (ev.mobile && (ev.mobile.length >= 2 || !pages)) form = 'mobile';
  else if (ev.desktop) form = 'desktop';
  else if (ev.embedded && !routes && !pages) form = 'embedded';
  else if (pages > 0 && pages === templatePages && routes >= 4 * pages) {
    // A server whose few templates are its error, login and redirect pages: an API service, not a web site.
    form = 'service';
    add('service', `${routes} 个 HTTP 接口，页面模板只有 ${pages} 个`);
  } else if (pages >= 2 || (pages >= 1 && routes === 0)) {
    form = adminSignals >= 2 ? 'web-admin' : 'website';
    if (form === 'web-admin') add('web-admin', `页面 ${pages} 个，含侧边菜单/系统管理页面`);
  } else if (routes > 0) form = 'service';
  else if (ev.cli) form = 'cli';
  else {
    form = 'library';
    const main = pkg && (pkg.main || pkg.module || pkg.exports) ? 'package.json 声明了 main/exports 入口，没有 bin' : '';
    if (main) add('library', main);
    add('library', '没有页面、HTTP 接口或命令行入口');
  }
  return { form, label: SOFTWARE_FORM_LABELS[form], hasUi: formHasUi(form), evidence: ev[form] ?? (form === 'web-admin' ? ev.website ?? [] : []) };
}
