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
  /** Authors named in @author / Copyright / 作者 lines of the code, with how many lines name each. */
  authors: { name: string; lines: number; files: string[] }[];
  /** Well-known public projects the code looks like (package or group name). */
  knownProjects: { name: string; evidence: string }[];
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

/** The name after "@author", "Author:", "作者：", or the holder of a "Copyright (c) 2020 Name" line. */
export function authorOf(line: string): string | undefined {
  const t = line.replace(/^\s*(\/\/+|\/\*+|\*+|#+|--|<!--|'''|""")\s*/, '').replace(/\s*(\*\/|-->)\s*$/, '');
  const a = /(?:@author\b\s*[:：]?|\bauthor\s*[:：]|作\s*者\s*[:：])\s*([^\n<>@]{1,60}?)(?:\s*<[^>]*>)?\s*$/i.exec(t);
  if (a) return a[1].trim().replace(/[，,;；.。]+$/, '') || undefined;
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
  const authors = new Map<string, { lines: number; files: Set<string> }>();
  const known = new Map<string, string>();
  for (const m of meta) {
    const base = m.path.slice(m.path.lastIndexOf('/') + 1);
    if (/^(license|licence|copying|notice)(\.[\w.-]+)?$/i.test(base)) {
      const lic = LICENSE_NAMES.find(([, re]) => re.test(m.text))?.[0];
      const holderLine = m.text.split('\n').findIndex((l) => /copyright\s*(\(c\)|©)?\s*\d{4}/i.test(l));
      const holder = holderLine >= 0 ? authorOf(m.text.split('\n')[holderLine]) : undefined;
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
      const a = authors.get(who) ?? authors.set(who, { lines: 0, files: new Set() }).get(who)!;
      a.lines++;
      a.files.add(f.path);
    }
  }
  for (const [name, file] of known) signs.push({ kind: 'known-project', file, who: name, message: `${file}：代码的包名或项目名与公开项目 ${name} 一致` });
  const authorList = [...authors.entries()].map(([name, a]) => ({ name, lines: a.lines, files: [...a.files].slice(0, 10) })).sort((a, b) => b.lines - a.lines);
  for (const a of authorList.slice(0, 10)) signs.push({ kind: 'author', file: a.files[0], who: a.name, message: `${a.lines} 行注释署名“${a.name}”（如 ${a.files.slice(0, 3).join('、')}）` });
  return { signs, licenses: [...licenses], authors: authorList, knownProjects: [...known.entries()].map(([name, evidence]) => ({ name, evidence })) };
}
