import type { CodeFile, MetaFile } from '../intake/intake';

/**
 * The code's own names for its screens and menus, outside the program text: gettext catalogues (locale/zh_Hans/…/*.po),
 * mini-program page titles (page .json `navigationBarTitleText`, app.json tab bar, uni-app pages.json), menu seeds in
 * SQL (`insert into sys_menu …` rows with a component path or a permission) and HTML `<title>`s. Each name keeps
 * its file and line. Pure.
 */

export interface NamedPlace {
  title: string;
  file: string;
  line: number;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** A .po string: "a" "b" continuation lines joined, escapes read. */
function poString(lines: string[], i: number, key: string): { value: string; next: number } {
  let value = JSON.parse(lines[i].slice(key.length).trim() || '""') as string;
  let j = i + 1;
  for (; j < lines.length && lines[j].startsWith('"'); j++) value += JSON.parse(lines[j]) as string;
  return { value, next: j };
}

/** True for a Chinese gettext catalogue: locale/zh_Hans/LC_MESSAGES/django.po, locale/zh_CN/…, zh-hans… */
/**
 * A title written for display in another language ("Automation Usage", "CRF Approval", "Delete message(s)", "Home"),
 * not an i18n key ("route.dashboard", "userManage", "UserManage"): up to 6 words separated by spaces, the first
 * capitalised; a single word is a capitalised word or an acronym (a key has no spaces and may be camel-cased).
 */
export function isDisplayTitle(s: string): boolean {
  return /^(?:[A-Z][A-Za-z0-9'’()&/-]*(?: [A-Za-z0-9'’()&/-]+){1,5}|[A-Z][a-z0-9]+|[A-Z]{2,}[a-z]*)$/.test(s);
}

export const isZhCatalogue = (path: string): boolean => /(^|\/)(locale|locales|i18n|translations)\/zh([_-](hans|cn|sg))?\/(LC_MESSAGES\/)?[^/]+\.po$/i.test(path);

/** msgid → msgstr of the Chinese gettext catalogues (the first translation of a msgid wins; fuzzy entries skipped). */
export function zhTranslations(meta: MetaFile[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of meta) {
    if (!isZhCatalogue(m.path)) continue;
    const lines = m.text.split(/\r?\n/);
    let fuzzy = false;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (l.startsWith('#,')) fuzzy = /\bfuzzy\b/.test(l);
      if (!l.startsWith('msgid ')) continue;
      try {
        const id = poString(lines, i, 'msgid ');
        let k = id.next;
        while (k < lines.length && lines[k].startsWith('msgid_plural')) k++;
        if (k < lines.length && lines[k].startsWith('msgstr')) {
          const key = lines[k].startsWith('msgstr[0]') ? 'msgstr[0] ' : 'msgstr ';
          const str = poString(lines, k, key);
          if (id.value && str.value && !fuzzy && !out.has(id.value)) out.set(id.value, str.value);
          i = str.next - 1;
        }
      } catch {
        // a malformed entry is skipped
      }
      fuzzy = false;
    }
  }
  return out;
}

function json(text: string): Record<string, unknown> | undefined {
  try {
    // uni-app pages.json allows comments
    const v = JSON.parse(text.replace(/^\s*\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '')) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * Mini-program page titles by page path without extension ("pages/cart/cart" → 购物车): each page's own .json
 * `navigationBarTitleText`, else its tab-bar text (app.json / pages.json `tabBar.list[].text`), else uni-app pages.json
 * `style.navigationBarTitleText`. Paths are relative to the folder of app.json / pages.json (the mini-program root).
 */
export function miniProgramTitles(meta: MetaFile[]): Map<string, NamedPlace> {
  const out = new Map<string, NamedPlace>();
  const roots = meta.filter((m) => /(^|\/)(app|pages)\.json$/.test(m.path));
  for (const r of roots) {
    const root = r.path.slice(0, r.path.lastIndexOf('/') + 1);
    const j = json(r.text);
    if (!j || !Array.isArray(j.pages)) continue;
    const pages: string[] = [];
    for (const p of j.pages as unknown[]) {
      const path = typeof p === 'string' ? p : str((p as Record<string, unknown>)?.path);
      if (!path) continue;
      pages.push(path);
      const style = typeof p === 'object' ? ((p as Record<string, unknown>).style as Record<string, unknown> | undefined) : undefined;
      const t = str(style?.navigationBarTitleText);
      if (t) out.set(root + path, { title: t, file: r.path, line: lineOf(r.text, r.text.indexOf(path)) });
    }
    // sub-packages (subPackages / subpackages)
    for (const sp of [...((j.subPackages as unknown[]) ?? []), ...((j.subpackages as unknown[]) ?? [])]) {
      const spr = str((sp as Record<string, unknown>)?.root);
      for (const p of ((sp as Record<string, unknown>)?.pages as unknown[]) ?? []) {
        const path = typeof p === 'string' ? p : str((p as Record<string, unknown>)?.path);
        if (!spr || !path) continue;
        const full = `${spr.replace(/\/$/, '')}/${path}`;
        pages.push(full);
        const t = str(((p as Record<string, unknown>)?.style as Record<string, unknown> | undefined)?.navigationBarTitleText);
        if (t) out.set(root + full, { title: t, file: r.path, line: lineOf(r.text, r.text.indexOf(path)) });
      }
    }
    const tabs = ((j.tabBar as Record<string, unknown> | undefined)?.list as unknown[]) ?? [];
    for (const t of tabs) {
      const path = str((t as Record<string, unknown>)?.pagePath);
      const text = str((t as Record<string, unknown>)?.text);
      if (path && text && !out.has(root + path)) out.set(root + path, { title: text, file: r.path, line: lineOf(r.text, r.text.indexOf(path)) });
    }
    // each page's own .json wins over the tab text
    for (const path of pages) {
      const own = meta.find((m) => m.path === `${root}${path}.json`);
      const t = own ? str(json(own.text)?.navigationBarTitleText) : undefined;
      if (own && t) out.set(root + path, { title: t, file: own.path, line: lineOf(own.text, own.text.indexOf('navigationBarTitleText')) });
    }
  }
  return out;
}

/**
 * Menu titles seeded in SQL: rows of `insert into <…menu…> … values (…)` with a Chinese title and a component path
 * ("system/user/index") or a permission ("system:user:list"). Keyed by the component path and by the permission's
 * prefix ("system:user"). RuoYi-style `sys_menu` seeds, and any menu table written the same way.
 */
export function sqlMenuTitles(files: CodeFile[]): Map<string, NamedPlace> {
  const out = new Map<string, NamedPlace>();
  for (const f of files) {
    if (f.language !== 'SQL' || f.text.length > 2_000_000 || !/insert\s+into\s+[`"]?\w*menu/i.test(f.text)) continue;
    const t = f.text;
    for (const m of t.matchAll(/insert\s+into\s+[`"]?\w*menu\w*[`"]?\s*(?:\([^)]*\))?\s*values\s*\(([^;]*?)\)\s*;/gi)) {
      const values = [...m[1].matchAll(/'((?:[^']|'')*)'/g)].map((v) => v[1]);
      const title = values.find((v) => /^[\u4e00-\u9fff][\u4e00-\u9fff\w（）()、·\s-]{0,15}$/.test(v));
      if (!title) continue;
      const place = { title, file: f.path, line: lineOf(t, m.index ?? 0) };
      for (const v of values) {
        if (/^[\w-]+(\/[\w-]+)+$/.test(v) && !out.has(v)) out.set(v.replace(/\/index$/, ''), place);
        const perm = /^([\w-]+:[\w-]+):[\w-]+$/.exec(v)?.[1];
        if (perm && !out.has(perm)) out.set(perm, place);
      }
    }
  }
  return out;
}

/** The `<title>` of an HTML page or template, when it is written out (no template expression in it). */
export function htmlTitle(text: string): string | undefined {
  const m = /<title[^>]*>([^<{]{1,60})<\/title>/i.exec(text.slice(0, 20_000));
  return m?.[1].trim() || undefined;
}
