import type { RightsSign } from '@mazhu/contracts';
import type { CodeFile, MetaFile } from './intake';
import { hasAny } from './text-scan';

/**
 * Signs that an upload is (partly) someone else's code. Only one's own software can be registered
 * (《计算机软件保护条例》; cpcc-materials.md: hygiene, "no third-party/vendored library code"), and
 * another author's attribution must never be removed silently: the report names each sign with its place.
 */
export interface ProvenanceSign {
  kind: 'license' | 'spdx' | 'copyright' | 'author' | 'known-project' | 'package-author';
  /** Chinese description for the report: "LICENSE：MIT 许可证，版权人 RuoYi". */
  message: string;
  file: string;
  line?: number;
  /** The name found (licence holder, author, project). */
  who?: string;
}

export interface Provenance {
  signs: ProvenanceSign[];
  /** Licence names found (MIT, Apache-2.0, GPL-3.0 …). */
  licenses: string[];
  /**
   * Authors named in @author / Copyright / 作者 lines of the code, with how many lines name each; `copyright` when
   * at least one of them is a copyright line with a year or ©/(c).
   */
  authors: { name: string; lines: number; files: string[]; copyright?: boolean }[];
  /** Well-known public projects the code looks like (package or group name). */
  knownProjects: { name: string; evidence: string }[];
  /**
   * Descriptors naming a public coordinate or a person (see readDescriptor): published repositories and registry
   * coordinates (`account` = the github.com/<account> part, compared with the owners), authors and developers.
   */
  descriptors: { kind: 'published' | 'package'; name: string; evidence: string; account?: string }[];
}

/**
 * Package / group names of well-known public projects that are often uploaded as one's own (base of an admin).
 * `hints`: short literals (text-scan.ts) of which every match of `re` contains at least one; `re` runs only where one is found.
 */
const KNOWN_PROJECTS: Array<{ name: string; re: RegExp; hints: string[] }> = [
  { name: 'RuoYi（若依）', re: /\bpackage\s+com\.ruoyi\b|["']ruoyi(-[\w]+)?["']\s*[,}]|\bcom\.ruoyi\./, hints: ['uoyi'] },
  { name: 'JeecgBoot', re: /\bpackage\s+org\.jeecg\b/, hints: ['jeecg'] },
  { name: '芋道 yudao（ruoyi-vue-pro）', re: /\bpackage\s+cn\.iocoder\.yudao\b/, hints: ['iocode'] },
  { name: 'eladmin', re: /\bpackage\s+me\.zhengjie\b/, hints: ['zhengj'] },
  { name: 'pig', re: /\bpackage\s+com\.pig4cloud\b/, hints: ['pig4cl'] },
  { name: 'renren-fast', re: /\bpackage\s+io\.renren\b/, hints: ['renren'] },
  { name: 'mall（macrozheng）', re: /\bpackage\s+com\.macro\.mall\b/, hints: ['macro.'] },
  { name: 'litemall', re: /\bpackage\s+org\.linlinjava\.litemall\b/, hints: ['linlin'] },
  { name: 'JeeSite', re: /\bpackage\s+com\.jeesite\b/, hints: ['jeesit'] },
  { name: 'Halo', re: /\bpackage\s+run\.halo\b/, hints: ['.halo'] },
  { name: 'vue-element-admin（PanJiaChen）', re: /"name"\s*:\s*"vue-element-admin"|PanJiaChen/, hints: ['-eleme', 'JiaChe'] },
  { name: 'vue-admin-template', re: /"name"\s*:\s*"vue-admin-template"/, hints: ['-templ'] },
  { name: 'Ant Design Pro', re: /"name"\s*:\s*"ant-design-pro"/, hints: ['-desig'] },
  { name: 'vben-admin', re: /"name"\s*:\s*"vben-admin"|"name"\s*:\s*"vue-vben-admin"/, hints: ['vben-a'] },
  { name: 'RuoYi-Vue 前端', re: /"name"\s*:\s*"ruoyi"|若依管理系统/, hints: ['uoyi"', '若依管理系统'] },
];
/** Short literals of which every match of every KNOWN_PROJECTS expression contains at least one (one test for the whole list). */
const KNOWN_PROJECT_HINTS = ['uoyi', 'kage', '"name"', 'JiaChe', '若依管理系统'];

const LICENSE_NAMES: Array<[string, RegExp]> = [
  ['MIT', /\bMIT License\b|Permission is hereby granted, free of charge/i],
  ['Apache-2.0', /Apache License,?\s+Version 2\.0/i],
  ['GPL-3.0', /GNU GENERAL PUBLIC LICENSE\s+Version 3/i],
  ['GPL-2.0', /GNU GENERAL PUBLIC LICENSE\s+Version 2/i],
  ['LGPL', /GNU LESSER GENERAL PUBLIC LICENSE/i],
  ['AGPL-3.0', /GNU AFFERO GENERAL PUBLIC LICENSE/i],
  ['BSD', /Redistribution and use in source and binary forms/i],
  ['MPL-2.0', /Mozilla Public License,? v(ersion)? 2\.0/i],
  ['ISC', /\bISC License\b|Permission to use, copy, modify, and\/or distribute/i],
  ['木兰宽松许可证', /木兰宽松许可证|Mulan Permissive Software License/i],
  ['Unlicense', /This is free and unencumbered software released into the public domain/i],
];

/**
 * The name after "@author", "Author:", "作者：", or the holder of a "Copyright (c) 2020 Name" line; undefined for a
 * line that only mentions copyright ("the copyright belongs to the developer").
 */
export function authorOf(line: string): string | undefined {
  const t = line.replace(/^\s*(\/\/+|\/\*+|\*+|#+|--|<!--|'''|""")\s*/, '').replace(/\s*(\*\/|-->)\s*$/, '');
  // @author and "Author:" open the comment's text ("@author lines" inside a sentence names nobody); 作者： may follow
  // a description on the same line.
  const a = /(?:^@author\b\s*[:：]?|^author\s*[:：]|作\s*者\s*[:：])\s*([^\n<>@]{1,60}?)(?:\s*<[^>]*>)?\s*$/i.exec(t);
  if (a) return a[1].trim().replace(/[，,;；.。]+$/, '') || undefined;
  // A holder only from a copyright notice proper (a year, © or (c)), never from a sentence that uses the word.
  if (!COPYRIGHT_LINE.test(t)) return undefined;
  const c = /(?:copyright|版权所有)\s*(?:\(c\)|©)?\s*(?:\d{4}(?:\s*[-–,]\s*(?:\d{4}|present))*)?[\s,]*(?:by\s+)?([^\n]{1,80}?)\s*(?:\.|all rights reserved.*)?$/i.exec(t);
  if (c) return c[1].trim().replace(/[，,;；.。]+$/, '') || undefined;
  return undefined;
}

/** A line naming an author or a copyright holder (tested on comment lines). */
export const AUTHOR_RE = /(@author\b|\bauthor\s*[:：]|作\s*者\s*[:：]|\bcopyright\b|\(c\)\s*\d{4}|©|版权所有)/i;
/**
 * AUTHOR_RE without its "©" and with \s written [^\S\n]: over a whole text it finds only matches that lie within one
 * line, so the lines it finds a match in are exactly the lines those alternatives match when each line is tested alone
 * (in a line, which holds no \n, the two expressions are the same, and \b at either end of a line sees a non-word
 * character either way). "©" is looked for on its own: a one-character alternative keeps the expression from skipping
 * ahead (Boyer-Moore) and makes the scan about half as fast, while the character is rare and found by memchr.
 */
const AUTHOR_IN_LINE = /(@author\b|\bauthor[^\S\n]*[:：]|作[^\S\n]*者[^\S\n]*[:：]|\bcopyright\b|\(c\)[^\S\n]*\d{4}|版权所有)/gi;
const COMMENT_LEAD = /^\s*(\/\/|\/\*|\*|#|--|<!--|'''|""")/;

/** The start of the line (split at \n) holding `index`. */
const lineStart = (text: string, index: number) => text.lastIndexOf('\n', index) + 1;

/**
 * The lines of `text` (split at \n, without it) that AUTHOR_RE matches, in text order, each once: one scan of the
 * whole text (and a search for "©") instead of a test of each line. Empty when no line matches.
 */
export function authorLines(text: string): string[] {
  const starts: number[] = [];
  const re = AUTHOR_IN_LINE;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    starts.push(lineStart(text, m.index));
    const nl = text.indexOf('\n', m.index);
    if (nl < 0) break;
    re.lastIndex = nl + 1;
  }
  re.lastIndex = 0;
  let lines = starts;
  if (text.includes('©')) {
    // Merge the lines holding "©" into the scan's lines (both ascending), each line once.
    const merged: number[] = [];
    let k = 0;
    for (let i = text.indexOf('©'); i >= 0; i = text.indexOf('©', i + 1)) {
      const at = lineStart(text, i);
      while (k < starts.length && starts[k] < at) merged.push(starts[k++]);
      if (merged[merged.length - 1] !== at && starts[k] !== at) merged.push(at);
    }
    while (k < starts.length) merged.push(starts[k++]);
    lines = merged;
  }
  return lines.map((at) => {
    const nl = text.indexOf('\n', at);
    return text.slice(at, nl < 0 ? text.length : nl);
  });
}

/**
 * Finds licence files and their holders, SPDX headers, copyright / @author lines in comments (grouped
 * by the name they give), the package author of package.json, and package or group names of
 * well-known public projects. Pure; reads every file once.
 */
export function findProvenance(files: CodeFile[], meta: MetaFile[]): Provenance {
  const signs: ProvenanceSign[] = [];
  const licenses = new Set<string>();
  const authors = new Map<string, { lines: number; files: Set<string>; copyright: boolean }>();
  const descriptors: Provenance['descriptors'] = [];
  const known = new Map<string, string>();
  for (const m of meta) {
    const base = m.path.slice(m.path.lastIndexOf('/') + 1);
    if (/^(license|licence|copying|notice)(\.[\w.-]+)?$/i.test(base)) {
      const lic = LICENSE_NAMES.find(([, re]) => re.test(m.text))?.[0];
      const holderLine = m.text.split('\n').findIndex((l) => /copyright\s*(\(c\)|©)?\s*\d{4}/i.test(l));
      // A Markdown link in the holder's line ("and other [contributors](https://…)") reads as its text.
      const holder = holderLine >= 0 ? authorOf(m.text.split('\n')[holderLine].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')) : undefined;
      if (lic) licenses.add(lic);
      signs.push({
        kind: 'license',
        file: m.path,
        line: holderLine >= 0 ? holderLine + 1 : undefined,
        who: holder,
        message: `${m.path}：${lic ? `${lic} 许可证` : '许可证文件'}${holder ? `，版权人 ${holder}` : ''}`,
      });
    }
    if (base === 'package.json') {
      try {
        const j = JSON.parse(m.text) as { name?: string; author?: string | { name?: string }; repository?: string | { url?: string }; license?: string };
        const who = typeof j.author === 'string' ? j.author.replace(/\s*[<(].*$/, '') : j.author?.name;
        const repo = typeof j.repository === 'string' ? j.repository : j.repository?.url;
        if (who || repo) signs.push({ kind: 'package-author', file: m.path, who, message: `${m.path}：软件包 ${j.name ?? ''}${who ? `，作者 ${who}` : ''}${repo ? `，仓库 ${repo}` : ''}${j.license ? `，许可证 ${j.license}` : ''}` });
        if (j.license) licenses.add(j.license);
      } catch {
        /* not JSON */
      }
    }
    for (const k of KNOWN_PROJECTS) if (!known.has(k.name) && k.re.test(m.text)) known.set(k.name, m.path);
    descriptors.push(...readDescriptor(m.path, base.toLowerCase(), m.text));
  }
  for (const f of files) {
    const t = f.text.length > 400_000 ? f.text.slice(0, 400_000) : f.text;
    const head = t.slice(0, 4000);
    if (known.size < KNOWN_PROJECTS.length && hasAny(head, KNOWN_PROJECT_HINTS))
      for (const k of KNOWN_PROJECTS) if (!known.has(k.name) && hasAny(head, k.hints) && k.re.test(head)) known.set(k.name, f.path);
    const spdxHead = t.slice(0, 3000);
    const spdx = spdxHead.includes('SPDX-') ? /SPDX-License-Identifier:\s*([\w.+-]+(?:\s+(?:OR|AND|WITH)\s+[\w.+-]+)*)/.exec(spdxHead) : null;
    if (spdx) {
      licenses.add(spdx[1]);
      if (signs.filter((s) => s.kind === 'spdx').length < 20) signs.push({ kind: 'spdx', file: f.path, line: t.slice(0, spdx.index).split('\n').length, message: `${f.path}：SPDX 许可证声明 ${spdx[1]}` });
    }
    for (const l of authorLines(t)) {
      if (!COMMENT_LEAD.test(l)) continue;
      const who = authorOf(l);
      if (!who) continue;
      const a = authors.get(who) ?? authors.set(who, { lines: 0, files: new Set(), copyright: false }).get(who)!;
      a.lines++;
      a.files.add(f.path);
      if (COPYRIGHT_LINE.test(l)) a.copyright = true;
    }
  }
  for (const [name, file] of known) signs.push({ kind: 'known-project', file, who: name, message: `${file}：代码的包名或项目名与公开项目 ${name} 一致` });
  const authorList = [...authors.entries()].map(([name, a]) => ({ name, lines: a.lines, files: [...a.files].slice(0, 10), copyright: a.copyright })).sort((a, b) => b.lines - a.lines);
  for (const a of authorList.slice(0, 10)) signs.push({ kind: 'author', file: a.files[0], who: a.name, message: `${a.lines} 行注释署名“${a.name}”（如 ${a.files.slice(0, 3).join('、')}）` });
  return { signs, licenses: [...licenses], authors: authorList, knownProjects: [...known.entries()].map(([name, evidence]) => ({ name, evidence })), descriptors };
}

/** A copyright notice proper: "Copyright", "版权所有" or "©" with a year, or "(c)"/"©" (not a word in a sentence). */
const COPYRIGHT_LINE = /(?:copyright|版权所有)[^\n]*?(?:\d{4}|\(c\)|©)|©|\(c\)\s*\d{4}/i;

/** Hosts of public source repositories; group 1 the host, 2 the account, 3 the repository. */
const PUBLIC_HOST = /(github\.com|gitee\.com|gitlab\.com|bitbucket\.org|gitcode\.(?:com|net))[/:]([\w.-]+)(?:\/([\w.-]+?))?(?:\.git)?(?:[/#?]|$)/i;
/**
 * Maven / Gradle group prefixes of published organisations (a groupId under io.github.<account> or com.gitee.<account>
 * is a published coordinate of that account, the rule of Maven Central for hosted accounts).
 */
const PUBLISHED_GROUPS = /^(org\.apache|org\.springframework|com\.google|com\.alibaba|com\.baomidou|cn\.hutool|io\.netty|org\.eclipse|com\.fasterxml|org\.hibernate|io\.swagger|org\.mybatis|com\.squareup|io\.micrometer|org\.jetbrains)(\.|$)/;
const HOSTED_GROUP = /^(?:io|com)\.(github|gitee)\.([\w-]+)/;

/** A public repository URL as "host/account/repo" with its account, or undefined. */
function publicRepo(url: string | undefined): { name: string; account: string } | undefined {
  const m = url ? PUBLIC_HOST.exec(url) : null;
  if (!m) return undefined;
  return { name: [m[1].toLowerCase(), m[2], m[3]].filter(Boolean).join('/'), account: m[2] };
}

/**
 * A name as it appears in a descriptor or comment, kept only when it reads as a name: 2–60 characters, at most six
 * words, not a sentence ("notice must be preserved"), not a template or a bare year.
 */
export function plausibleName(s: string | undefined): string | undefined {
  const t = (s ?? '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s*[<(][^>)]*[>)]\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (t.length < 2 || t.length > 60) return undefined;
  if (/[{}$`|]|[。！？]|^\d[\d\s,.-]*$|https?:/.test(t)) return undefined;
  if (t.split(' ').length > 6) return undefined;
  if (/^(the|this|that|these|of|and|for|is|are|was|notice|holders?|owners?|info|information|statement|see|all|license|licen[cs]ed|header|text|year|name|todo|unknown|none|null|undefined|your|my|our)\b/i.test(t)) return undefined;
  return t;
}

const tomlString = (text: string, key: string) => new RegExp(`^\\s*${key}\\s*=\\s*["']([^"'\\n]+)["']`, 'im').exec(text)?.[1];
/** The project's own part of a pom.xml: parent, dependencies, plugins and profiles removed. */
const pomOwn = (text: string) => text.replace(/<!--[\s\S]*?-->/g, '').replace(/<(parent|dependencies|dependencyManagement|build|profiles|reporting|repositories|pluginRepositories|distributionManagement|modules)>[\s\S]*?<\/\1>/g, '');
const xmlTag = (text: string, tag: string) => new RegExp(`<${tag}>\\s*([^<]+?)\\s*</${tag}>`).exec(text)?.[1];

/**
 * The public coordinates and people a build descriptor names (package.json, pom.xml, pyproject.toml, setup.py,
 * go.mod, composer.json, Cargo.toml): a repository or home page on a public host, a module path on one, a published
 * group; the author, developers and organisation. These descriptors are small: read with regular expressions of
 * their few fields, never evaluated.
 */
export function readDescriptor(path: string, base: string, text: string): Provenance['descriptors'] {
  const out: Provenance['descriptors'] = [];
  const published = (url: string | undefined, field: string) => {
    const r = publicRepo(url);
    if (r && !out.some((o) => o.kind === 'published' && o.name === r.name)) out.push({ kind: 'published', name: r.name, account: r.account, evidence: `${path}：${field} ${url}` });
  };
  const person = (who: string | undefined, field: string) => {
    const n = plausibleName(who);
    if (n && !out.some((o) => o.kind === 'package' && o.name === n)) out.push({ kind: 'package', name: n, evidence: `${path}：${field} ${n}` });
  };
  if (base === 'package.json' || base === 'composer.json') {
    try {
      const j = JSON.parse(text) as Record<string, unknown>;
      const url = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' && v && 'url' in v ? String((v as { url: unknown }).url) : undefined);
      published(url(j.repository), 'repository');
      published(url(j.homepage), 'homepage');
      published(url(j.bugs), 'bugs');
      const who = (a: unknown) => (typeof a === 'string' ? a.replace(/\s*[<(].*$/, '') : typeof a === 'object' && a && 'name' in a ? String((a as { name: unknown }).name) : undefined);
      person(who(j.author), 'author');
      for (const a of [j.authors, j.contributors, j.maintainers].flatMap((x) => (Array.isArray(x) ? x.slice(0, 10) : []))) person(who(a), base === 'composer.json' ? 'authors' : 'contributors');
    } catch {
      /* not JSON */
    }
  } else if (base === 'pom.xml') {
    const own = pomOwn(text);
    const group = xmlTag(own, 'groupId');
    published(xmlTag(own, 'url'), 'url');
    const scm = /<scm>([\s\S]*?)<\/scm>/.exec(own)?.[1];
    if (scm) published(xmlTag(scm, 'url') ?? xmlTag(scm, 'connection'), 'scm');
    const hosted = group ? HOSTED_GROUP.exec(group) : null;
    if (group && hosted) out.push({ kind: 'published', name: group, account: hosted[2], evidence: `${path}：groupId ${group}` });
    else if (group && PUBLISHED_GROUPS.test(group)) out.push({ kind: 'published', name: group, evidence: `${path}：groupId ${group}` });
    const devs = /<developers>([\s\S]*?)<\/developers>/.exec(own)?.[1] ?? '';
    for (const d of devs.match(/<developer>[\s\S]*?<\/developer>/g)?.slice(0, 10) ?? []) person(xmlTag(d, 'name') ?? xmlTag(d, 'id'), 'developer');
    const org = /<organization>([\s\S]*?)<\/organization>/.exec(own)?.[1];
    if (org) person(xmlTag(org, 'name'), 'organization');
  } else if (base === 'go.mod') {
    const mod = /^\s*module\s+(\S+)/m.exec(text)?.[1];
    if (mod) published(mod, 'module');
  } else if (base === 'pyproject.toml' || base === 'cargo.toml') {
    for (const key of ['repository', 'homepage', 'Homepage', 'Repository', 'Source', 'documentation']) published(tomlString(text, key), key);
    const authors = /^\s*authors\s*=\s*\[([\s\S]*?)\]/m.exec(text)?.[1] ?? '';
    for (const m of authors.matchAll(/name\s*=\s*["']([^"']+)["']|["']([^"'<]+?)\s*(?:<[^>]*>)?["']/g)) person(m[1] ?? m[2], 'authors');
  } else if (base === 'setup.py' || base === 'setup.cfg') {
    const arg = (k: string) => new RegExp(`\\b${k}\\s*[=:]\\s*["']?([^"'\\n,)]+)`).exec(text)?.[1]?.trim();
    published(arg('url'), 'url');
    published(arg('project_urls'), 'project_urls');
    person(arg('author'), 'author');
  }
  return out;
}

/**
 * The signs of another holder, in the contracts' shape (`RightsSign`) for `assessRights`: licence holders, copyright
 * and @author names of the comments, descriptor authors and public coordinates, well-known projects. A licence file
 * without a holder is no sign by itself (licences are listed in the report), nor is a name that does not read as one.
 */
export function rightsSigns(p: Provenance): RightsSign[] {
  const out: RightsSign[] = [];
  const add = (s: RightsSign) => {
    const same = out.find((o) => o.kind === s.kind && o.name === s.name);
    if (same) same.evidence = [...new Set([...same.evidence, ...s.evidence])].slice(0, 5);
    else out.push({ ...s, evidence: s.evidence.slice(0, 5) });
  };
  for (const s of p.signs) {
    const who = plausibleName(s.who);
    if (s.kind === 'license' && who) add({ kind: 'license', name: who, evidence: [`${s.file}${s.line ? `:${s.line}` : ''}`] });
  }
  for (const a of p.authors) {
    const who = plausibleName(a.name);
    if (who) add({ kind: a.copyright ? 'copyright' : 'author', name: who, lines: a.lines, evidence: a.files.slice(0, 5) });
  }
  for (const d of p.descriptors) add({ kind: d.kind, name: d.name, evidence: [d.evidence], ...(d.account ? { account: d.account } : {}) });
  for (const k of p.knownProjects) add({ kind: 'known-project', name: k.name, evidence: [k.evidence] });
  return out;
}
