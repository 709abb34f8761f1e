import type { CodeFile, MetaFile } from './intake';

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

/** Package / group names of well-known public projects that are often uploaded as one's own (base of an admin). */
const KNOWN_PROJECTS: Array<{ name: string; re: RegExp }> = [
  { name: 'RuoYi（若依）', re: /\bpackage\s+com\.ruoyi\b|["']ruoyi(-[\w]+)?["']\s*[,}]|\bcom\.ruoyi\./ },
  { name: 'JeecgBoot', re: /\bpackage\s+org\.jeecg\b/ },
  { name: '芋道 yudao（ruoyi-vue-pro）', re: /\bpackage\s+cn\.iocoder\.yudao\b/ },
  { name: 'eladmin', re: /\bpackage\s+me\.zhengjie\b/ },
  { name: 'pig', re: /\bpackage\s+com\.pig4cloud\b/ },
  { name: 'renren-fast', re: /\bpackage\s+io\.renren\b/ },
  { name: 'mall（macrozheng）', re: /\bpackage\s+com\.macro\.mall\b/ },
  { name: 'litemall', re: /\bpackage\s+org\.linlinjava\.litemall\b/ },
  { name: 'JeeSite', re: /\bpackage\s+com\.jeesite\b/ },
  { name: 'Halo', re: /\bpackage\s+run\.halo\b/ },
  { name: 'vue-element-admin（PanJiaChen）', re: /"name"\s*:\s*"vue-element-admin"|PanJiaChen/ },
  { name: 'vue-admin-template', re: /"name"\s*:\s*"vue-admin-template"/ },
  { name: 'Ant Design Pro', re: /"name"\s*:\s*"ant-design-pro"/ },
  { name: 'vben-admin', re: /"name"\s*:\s*"vben-admin"|"name"\s*:\s*"vue-vben-admin"/ },
  { name: 'RuoYi-Vue 前端', re: /"name"\s*:\s*"ruoyi"|若依管理系统/ },
];

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

const AUTHOR_RE = /(@author\b|\bauthor\s*[:：]|作\s*者\s*[:：]|\bcopyright\b|\(c\)\s*\d{4}|©|版权所有)/i;
const COMMENT_LEAD = /^\s*(\/\/|\/\*|\*|#|--|<!--|'''|""")/;

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
    for (const k of KNOWN_PROJECTS) if (!known.has(k.name) && k.re.test(t.slice(0, 4000))) known.set(k.name, f.path);
    const spdx = /SPDX-License-Identifier:\s*([\w.+-]+(?:\s+(?:OR|AND|WITH)\s+[\w.+-]+)*)/.exec(t.slice(0, 3000));
    if (spdx) {
      licenses.add(spdx[1]);
      if (signs.filter((s) => s.kind === 'spdx').length < 20) signs.push({ kind: 'spdx', file: f.path, line: t.slice(0, spdx.index).split('\n').length, message: `${f.path}：SPDX 许可证声明 ${spdx[1]}` });
    }
    if (!AUTHOR_RE.test(t)) continue;
    const lines = t.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (!COMMENT_LEAD.test(l) || !AUTHOR_RE.test(l)) continue;
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
