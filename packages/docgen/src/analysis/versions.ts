import type { CodeFile, MetaFile } from '../intake/intake';
import { folderPart } from './code-structure';
import { hasVersionValue } from '../intake/text-scan';

/** A version or a software name found in the code, with its place. */
export interface FoundValue {
  value: string;
  file: string;
  line: number;
  /** What declares it: "package.json version", "pom.xml <version>", "页面标题"… */
  source: string;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Strips the sections of a pom.xml that declare other artifacts' versions (parent, dependencies, plugins). */
function pomOwn(text: string): string {
  return text.replace(/<parent>[\s\S]*?<\/parent>|<dependencies>[\s\S]*?<\/dependencies>|<dependencyManagement>[\s\S]*?<\/dependencyManagement>|<build>[\s\S]*?<\/build>|<profiles>[\s\S]*?<\/profiles>|<properties>[\s\S]*?<\/properties>/g, (m) => m.replace(/[^\n]/g, ' '));
}

const VERSION_VALUE = /^v?\d+(\.\d+){0,3}([-.+][\w.]+)?$/i;

/**
 * Versions the code declares for itself (cpcc-materials.md: "a version string inside the code or an
 * About page differs from the form" is a correction item): package.json, pom.xml (the project's own
 * <version>, not its parent's or dependencies'), build.gradle, setup.py / setup.cfg / pyproject.toml,
 * AndroidManifest versionName, app.json / manifest.json versionName, and version constants in code
 * (VERSION = "1.2.0", __version__ = '1.0', APP_VERSION: '2.1'). Shallow files first; at most 20.
 */
export function findVersions(files: CodeFile[], meta: MetaFile[]): FoundValue[] {
  const out: FoundValue[] = [];
  const add = (value: string, file: string, text: string, index: number, source: string) => {
    const v = value.trim();
    if (!VERSION_VALUE.test(v) || out.some((o) => o.file === file && o.value === v)) return;
    out.push({ value: v, file, line: lineOf(text, index), source });
  };
  const depth = (p: string) => p.split('/').length;
  for (const m of [...meta].sort((a, b) => depth(a.path) - depth(b.path))) {
    const base = m.path.slice(m.path.lastIndexOf('/') + 1).toLowerCase();
    const t = m.text;
    if (/(^|\/)(node_modules|test|tests|examples?)\//.test(folderPart(m.path))) continue;
    let r: RegExpExecArray | null = null;
    if (base === 'package.json' && (r = /"version"\s*:\s*"([^"]+)"/.exec(t))) add(r[1], m.path, t, r.index, 'package.json 的 version');
    else if (base === 'pom.xml' && (r = /<version>([^<$]+)<\/version>/.exec(pomOwn(t)))) add(r[1], m.path, t, r.index, 'pom.xml 的 <version>');
    else if ((base === 'build.gradle' || base === 'build.gradle.kts') && (r = /^\s*version\s*=?\s*['"]([^'"]+)['"]/m.exec(t))) add(r[1], m.path, t, r.index, 'build.gradle 的 version');
    else if ((base === 'pyproject.toml' || base === 'setup.cfg' || base === 'cargo.toml') && (r = /^\s*version\s*=\s*['"]?([\w.+-]+)['"]?/m.exec(t))) add(r[1], m.path, t, r.index, `${base} 的 version`);
    else if (base === 'androidmanifest.xml' && (r = /android:versionName\s*=\s*"([^"]+)"/.exec(t))) add(r[1], m.path, t, r.index, 'AndroidManifest.xml 的 versionName');
    else if ((base === 'manifest.json' || base === 'app.json' || base === 'app.json5') && (r = /"versionName"\s*:\s*"([^"]+)"/.exec(t))) add(r[1], m.path, t, r.index, `${base} 的 versionName`);
    else if (/^version(\.txt)?$/.test(base) && (r = /^\s*(v?\d+(?:\.\d+){0,3})\s*$/im.exec(t))) add(r[1], m.path, t, r.index, 'VERSION 文件');
    if (out.length >= 20) return out;
  }
  for (const f of files) {
    if (/(^|\/)(node_modules|test|tests|__tests__|examples?)\//.test(folderPart(f.path)) || f.text.length > 400_000 || f.comments === 'markup' || f.comments === 'css') continue;
    const t = f.text;
    // A search for the keywords and a look at what follows them is several times cheaper than the expression.
    if (!hasVersionValue(t)) continue;
    for (const r of t.matchAll(/\b(?:__version__|VERSION|APP_VERSION|SOFTWARE_VERSION|appVersion|version)\s*(?:=|:)\s*['"](v?\d+(?:\.\d+){1,3})['"]/g)) {
      add(r[1], f.path, t, r.index ?? 0, f.path.endsWith('setup.py') ? 'setup.py 的 version' : '代码中的版本常量');
      if (out.length >= 20) return out;
    }
  }
  return out;
}

/**
 * Software names the user interface shows (cpcc-materials.md: screenshots and pages must show the same
 * name as the form): <title> of HTML pages, title settings (settings.js `title: '…'`, VITE_APP_TITLE /
 * VUE_APP_TITLE in .env files, navigationBarTitleText of a mini program, Android app_name), and
 * package.json "description" when it reads like a name (ends in 系统/平台/软件). Chinese names only.
 */
export function findUiNames(files: CodeFile[], meta: MetaFile[]): FoundValue[] {
  const out: FoundValue[] = [];
  const NAME = /([\u4e00-\u9fffA-Za-z0-9（）()·\-\s]{2,40}?(系统|平台|软件|App|APP|小程序))/;
  const add = (raw: string, file: string, text: string, index: number, source: string) => {
    const m = NAME.exec(raw);
    if (!m || !/[\u4e00-\u9fff]/.test(m[1])) return;
    const v = m[1].trim();
    if (out.some((o) => o.value === v && o.file === file)) return;
    out.push({ value: v, file, line: lineOf(text, index), source });
  };
  for (const m of meta) {
    const base = m.path.slice(m.path.lastIndexOf('/') + 1).toLowerCase();
    const t = m.text;
    if (base.startsWith('.env')) for (const r of t.matchAll(/^\s*(?:VITE|VUE|REACT)_APP_TITLE\s*=\s*['"]?([^'"\n]+)/gm)) add(r[1], m.path, t, r.index ?? 0, `${base} 的应用标题`);
    if (base === 'package.json') {
      const r = /"description"\s*:\s*"([^"]+)"/.exec(t);
      if (r) add(r[1], m.path, t, r.index, 'package.json 的 description');
    }
    if (base === 'app.json' || base === 'pages.json') for (const r of t.matchAll(/"navigationBarTitleText"\s*:\s*"([^"]+)"/g)) add(r[1], m.path, t, r.index ?? 0, '小程序导航栏标题');
    if (/application.*\.(yml|yaml|properties)$/.test(base)) for (const r of t.matchAll(/^\s*(?:name|title)\s*[:=]\s*['"]?([^'"\n]*[\u4e00-\u9fff][^'"\n]*)/gm)) add(r[1], m.path, t, r.index ?? 0, `${base} 的名称`);
  }
  for (const f of files) {
    if (/(^|\/)(node_modules|test|tests|examples?)\//.test(folderPart(f.path)) || f.text.length > 400_000) continue;
    const t = f.text;
    if (f.language === 'HTML' || f.language === 'Vue' || f.language === 'WXML') for (const r of t.matchAll(/<title>([^<]+)<\/title>/g)) add(r[1], f.path, t, r.index ?? 0, '页面标题 <title>');
    if (/(^|\/)(settings|config|defaultsettings|setting)\.[jt]s$/i.test(f.path)) for (const r of t.matchAll(/\btitle\s*:\s*['"`]([^'"`\n]+)['"`]/g)) add(r[1], f.path, t, r.index ?? 0, '界面标题设置');
    if (t.includes('ment.t') && /document\.title\s*=\s*['"`]/.test(t)) for (const r of t.matchAll(/document\.title\s*=\s*['"`]([^'"`\n]+)/g)) add(r[1], f.path, t, r.index ?? 0, 'document.title');
    if (out.length >= 20) break;
  }
  return out;
}

/** "V1.0" vs "1.0.0": equal when the numbers agree (trailing .0 ignored). Non-numeric parts must be equal. */
export function sameVersion(a: string, b: string): boolean {
  const norm = (v: string) => {
    const m = /^v?(\d+(?:\.\d+)*)(.*)$/i.exec(v.trim());
    if (!m) return v.trim().toLowerCase();
    const nums = m[1].split('.').map(Number);
    while (nums.length > 1 && nums[nums.length - 1] === 0) nums.pop();
    return nums.join('.') + m[2].toLowerCase();
  };
  return norm(a) === norm(b);
}
