import type { CommentStyle } from '../intake/languages';
import { LINE_COMMENT, scanSource } from '../intake/lexer';
import { authorOf } from '../intake/provenance';

/**
 * A licence or copyright comment block removed from the printed code: 1-based first and last line, the licence it
 * names (Apache-2.0, MIT, GPL, BSD…; '' for a bare copyright notice) and the holder it names, when it names one.
 */
export interface LicenceBlock {
  from: number;
  to: number;
  licence: string;
  holder?: string;
}

/** Lines looked at from the top of a file: licence headers open a file (after a shebang, a package line at most). */
const HEAD_LINES = 400;
const HEAD_CHARS = 32_000;
/** Every block found below holds one of these (cheap pre-test of the file's head). */
const HINT = /copyright|licen[cs]e|spdx|©|\(c\)|版权所有|free software/i;

/** Licence texts by name, in the order tested (the first that matches names the block). */
const LICENCE_TEXTS: [string, RegExp][] = [
  ['Apache-2.0', /Apache License|Licensed under the Apache/i],
  ['MIT', /Permission is hereby granted, free of charge|\bMIT License\b|Licensed under the MIT/i],
  ['GPL', /GNU (?:Affero |Lesser |Library )?General Public License|This (?:program|library|file) is free software/i],
  ['BSD', /Redistribution and use in source and binary forms|BSD-style license|BSD license/i],
  ['MPL-2.0', /Mozilla Public License/i],
  ['EPL', /Eclipse Public License/i],
  ['SPDX', /SPDX-License-Identifier/i],
  ['', /Licensed under|THE SOFTWARE IS PROVIDED ["“]?AS IS|distributed under the License|Use of this source code is governed by|see the LICENSE file/i],
];
const SPDX = /SPDX-License-Identifier:\s*([\w.+-]+)/i;
/** A copyright notice: "Copyright (c) 2020 Name", "© 2021 Name", "版权所有". */
const COPYRIGHT = /\bcopyright\b\s*(?:\(c\)|©)?\s*(?:\d{4}|by\b|the\b|[A-Z\u4e00-\u9fff])|©\s*\d{4}|版权所有/i;
/** The holder an ASF-style header names instead of a copyright line. */
const LICENSED_TO = /Licensed to (?:the )?([A-Z][\w .&-]{2,80}?)(?: \(\w+\))? under one or more contributor licen[cs]e agreements/;

/** Whether comment lines open a block comment (/* or <!--) that they do not close. */
function openBlockComment(lines: string[]): boolean {
  const t = lines.join('\n');
  const c = t.lastIndexOf('/*');
  const m = t.lastIndexOf('<!--');
  return (c >= 0 && t.indexOf('*/', c + 2) < 0) || (m >= 0 && t.indexOf('-->', m + 4) < 0);
}

/** A copyright-only comment block longer than this is documentation that names a holder: only its notice line goes (Scrubber). */
const COPYRIGHT_BLOCK_MAX = 12;
/** Comment lines that are not part of a notice: a shebang, an encoding or editor line. */
const KEEP_LINE = /^\s*(#!|#\s*-\*-|#\s*(?:vim?|ex):|#\s*coding[:=]|\/\/\s*@ts-|\/\/\s*eslint|\/\*\s*eslint|\/\/go:build|\/\/\s*\+build|'use strict')/;

/**
 * The licence and copyright comment blocks of a file's head (its first 400 lines): a run of comment-only lines
 * (the lexer's, so strings are never taken for comments) that holds a licence text (Apache, MIT, GPL, BSD, MPL,
 * EPL, SPDX, "Licensed under…") is one block; a run that holds only a copyright notice is one when it has at most
 * 12 lines. Blocks are removed whole from the printed code (cpcc-materials.md: CPCC's correction notices ask for the
 * applicant's own program without "别人的开发信息、版权声明"). Empty when the head holds no such words.
 */
export function licenceBlocks(text: string, comments: CommentStyle): LicenceBlock[] {
  if (comments === 'none') return [];
  let cut = text.length > HEAD_CHARS ? HEAD_CHARS : text.length;
  let nl = -1;
  for (let i = 0; i < HEAD_LINES; i++) {
    nl = text.indexOf('\n', nl + 1);
    if (nl < 0 || nl >= cut) break;
    if (i === HEAD_LINES - 1) cut = nl;
  }
  const head = cut < text.length ? text.slice(0, cut) : text;
  if (!HINT.test(head)) return [];
  const flags = scanSource(head, comments, false).lineFlags;
  const lines = head.split('\n');
  const out: LicenceBlock[] = [];
  let seenCode = false;
  for (let i = 0; i < lines.length; ) {
    if (flags[i] !== LINE_COMMENT || KEEP_LINE.test(lines[i])) {
      if (flags[i] & 1) seenCode = true;
      i++;
      continue;
    }
    let j = i;
    for (;;) {
      while (j + 1 < lines.length && flags[j + 1] === LINE_COMMENT && !KEEP_LINE.test(lines[j + 1])) j++;
      // A blank line inside a block comment that is still open (/* … blank … */) does not end the block.
      let k = j + 1;
      while (k < lines.length && lines[k].trim() === '') k++;
      if (k === j + 1 || k >= lines.length || flags[k] !== LINE_COMMENT || !openBlockComment(lines.slice(i, j + 1))) break;
      j = k;
    }
    const block = lines.slice(i, j + 1).join('\n');
    const named = LICENCE_TEXTS.find(([, re]) => re.test(block));
    const copyright = COPYRIGHT.test(block);
    if (named || (copyright && j - i + 1 <= COPYRIGHT_BLOCK_MAX && (!seenCode || j - i + 1 <= 6))) {
      let licence = named?.[0] ?? '';
      if (licence === 'SPDX' || licence === '') licence = SPDX.exec(block)?.[1] ?? licence;
      let holder: string | undefined;
      for (let k = i; k <= j && !holder; k++) if (COPYRIGHT.test(lines[k])) holder = authorOf(lines[k]);
      // "Licensed to the Apache Software Foundation (ASF) under one or more contributor license agreements".
      holder ??= LICENSED_TO.exec(block.replace(/\s*\n\s*(?:\*|\/\/|#)?\s*/g, ' '))?.[1];
      out.push({ from: i + 1, to: j + 1, licence, ...(holder ? { holder } : {}) });
    }
    i = j + 1;
  }
  return out;
}
