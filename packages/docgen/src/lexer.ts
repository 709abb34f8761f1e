import type { CommentStyle } from './languages';

/** Per-line flags produced by {@link scanSource}. */
export const LINE_CODE = 1;
export const LINE_COMMENT = 2;

export interface ScanResult {
  /** The text with every comment removed (newlines kept, so line numbers still match). */
  stripped: string;
  /** One entry per line: LINE_CODE | LINE_COMMENT bits; 0 = blank. */
  lineFlags: Uint8Array;
}

const enum S {
  Code,
  Line,
  Block,
  Str,
  Template,
  Regex,
  Triple,
  LuaBlock,
  Markup,
}

const REGEX_PREFIX_WORDS = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'yield', 'await', 'instanceof']);

const isSpace = (c: number) => c === 32 || c === 9 || c === 13 || c === 12 || c === 11;
const isIdent = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c > 127;

/**
 * One linear, token-aware pass over a source file: finds comments without ever
 * looking inside string, template or regular-expression literals, and classifies
 * each line as code, comment or blank (the counts behind 源程序量 and the
 * comment-removal option). Comment syntax per language comes from languages.ts.
 * Unterminated quotes end at the line end (so a stray apostrophe cannot swallow a file).
 */
export function scanSource(text: string, style: CommentStyle, wantStripped = true): ScanResult {
  if (style === 'markup' && /<(script|style)\b/i.test(text)) return scanMarkup(text, wantStripped);
  return scanPlain(text, style, wantStripped);
}

/**
 * HTML, Vue, Svelte, WXML: <!-- --> comments in the markup, and the contents of <script> and
 * <style> blocks scanned with the JavaScript / CSS (SCSS, Less) rules, so `//` and `/* *\/`
 * comments inside a single-file component are found token-aware too.
 */
function scanMarkup(text: string, wantStripped: boolean): ScanResult {
  const re = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
  const parts: { text: string; style: CommentStyle }[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    const openEnd = m.index + m[0].indexOf('>') + 1;
    const closeStart = m.index + m[0].lastIndexOf('</');
    parts.push({ text: text.slice(last, openEnd), style: 'markup' });
    const attrs = m[2].toLowerCase();
    const inner: CommentStyle = m[1].toLowerCase() === 'script' ? (/type=["']?(text\/(x-)?template|text\/html)/.test(attrs) ? 'markup' : 'js') : /lang=["']?(scss|sass|less|stylus)/.test(attrs) ? 'scss' : 'css';
    parts.push({ text: text.slice(openEnd, closeStart), style: inner });
    last = closeStart;
  }
  parts.push({ text: text.slice(last), style: 'markup' });
  const out: string[] = [];
  const flags = new Uint8Array(lineCount(text));
  let line = 0;
  for (const part of parts) {
    const r = scanPlain(part.text, part.style, wantStripped);
    for (let k = 0; k < r.lineFlags.length; k++) flags[line + k] |= r.lineFlags[k];
    line += r.lineFlags.length - 1; // the last line of a part continues into the next part
    if (wantStripped) out.push(r.stripped);
  }
  return { stripped: wantStripped ? out.join('') : text, lineFlags: flags };
}

/** Number of lines of `text`: one more than its '\n' characters. */
function lineCount(text: string): number {
  let lines = 1;
  for (let p = text.indexOf('\n'); p >= 0; p = text.indexOf('\n', p + 1)) lines++;
  return lines;
}

/** Outside a markup comment: up to a '<' or the line end. */
const MARKUP_RUN = /[^\n<]*/y;

/**
 * Runs of characters that start nothing in the Code state of a style (no comment, literal, regular expression
 * or line end), matched from lastIndex. Markup never reaches the Code state.
 */
const PLAIN_RUNS: Record<CommentStyle, RegExp> = {
  c: /[^\n/"'`]*/y,
  js: /[^\n/"'`]*/y,
  css: /[^\n/"']*/y,
  scss: /[^\n/"']*/y,
  hash: /[^\n#"']*/y,
  python: /[^\n#"']*/y,
  sql: /[^\n/"'-]*/y,
  lua: /[^\n"'-]*/y,
  markup: MARKUP_RUN,
  php: /[^\n/#"']*/y,
  none: /[^\n"']*/y,
};
/** Inside a quoted (or Python triple-quoted) string: up to a quote, a backslash or the line end (SQL has no backslash escapes). */
const STR_DQ = /[^\n"\\]*/y;
const STR_SQ = /[^\n'\\]*/y;
const SQL_DQ = /[^\n"]*/y;
const SQL_SQ = /[^\n']*/y;
/** Inside a template literal (JavaScript: with escapes; C-style raw strings: without): up to a backtick, a backslash or the line end. */
const TEMPLATE_JS = /[^\n`\\]*/y;
const TEMPLATE_RAW = /[^\n`]*/y;

/** Characters after which a '/' starts a regular expression literal (JavaScript). */
const REGEX_AFTER = new Uint8Array(128);
for (const ch of '(,=:[!&|?{};+-*%<>~^') REGEX_AFTER[ch.charCodeAt(0)] = 1;

/** End of the match of sticky `re` at `from` (its patterns all match the empty string). */
function runEnd(re: RegExp, text: string, from: number): number {
  re.lastIndex = from;
  re.test(text);
  return re.lastIndex;
}

/** True when text[from, to) holds a character other than space, tab, CR, FF or VT. */
function hasInk(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 12 && c !== 11) return true;
  }
  return false;
}

/**
 * The state machine of scanSource. Each state jumps straight to the next character that can change something
 * (indexOf, sticky regular expressions) instead of stepping through every character; what a character-by-character
 * pass would record on the way (flags, the last significant character and word before a '/') is set from the run.
 * A backslash inside a literal skips the next character whatever it is, a '\n' included: that line end is not
 * counted as a new line, so the flags of the lines after it land one line early (the line total is unaffected).
 */
function scanPlain(text: string, style: CommentStyle, wantStripped: boolean): ScanResult {
  const n = text.length;
  const flags = new Uint8Array(lineCount(text));
  const out: string[] = [];
  let segStart = 0; // start of the pending code segment to copy into `out`
  let line = 0;
  let state: S = style === 'markup' ? S.Markup : S.Code;
  const baseState: S = state;
  let quote = 0;
  let blockEnd = '';
  let regexClass = false;
  let lastSig = 0; // last significant code char (for regex detection)
  let lastWordEnd = -1;
  let lastWordStart = -1;
  let commentStart = -1;

  const isJs = style === 'js';
  const hasSlashComments = style === 'c' || isJs || style === 'scss' || style === 'php';
  const hasBlock = style === 'c' || isJs || style === 'css' || style === 'scss' || style === 'php' || style === 'sql';
  const hasHash = style === 'hash' || style === 'python' || style === 'php';
  const hasDash = style === 'sql' || style === 'lua';
  const plainRun = PLAIN_RUNS[style];
  const templateRun = isJs ? TEMPLATE_JS : TEMPLATE_RAW;
  const dqRun = style === 'sql' ? SQL_DQ : STR_DQ;
  const sqRun = style === 'sql' ? SQL_SQ : STR_SQ;

  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      if (state === S.Line) {
        state = baseState;
        segStart = i;
        commentStart = -1;
      } else if (state === S.Str || state === S.Regex) {
        state = baseState; // an unterminated literal ends at the line end
      } else if ((state === S.Block || state === S.LuaBlock || state === S.Markup) && commentStart >= 0) {
        if (wantStripped) out.push('\n'); // keep the newline inside a multi-line comment
      }
      line++;
      i++;
      continue;
    }
    switch (state) {
      case S.Code: {
        // A run of characters that cannot start a comment, a literal or a line end: code. What a pass over
        // each of them would record — the line has code, the last significant character, the last word — is
        // set at once.
        const end = runEnd(plainRun, text, i);
        if (end > i) {
          let k = end - 1;
          let last = text.charCodeAt(k);
          while (k > i && (last === 32 || last === 9 || last === 13 || last === 12 || last === 11)) last = text.charCodeAt(--k);
          if (!(last === 32 || last === 9 || last === 13 || last === 12 || last === 11)) {
            flags[line] |= LINE_CODE;
            if (isJs) {
              if (isIdent(last)) {
                let s = k;
                while (s > i && isIdent(text.charCodeAt(s - 1))) s--;
                if (s > i || lastWordEnd !== i - 1 || lastSig !== -1) lastWordStart = s;
                lastWordEnd = k;
                lastSig = -1;
              } else lastSig = last;
            }
          }
          i = end;
          break;
        }
        // c is a character the run stops at, other than '\n'.
        const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
        if (c === 47 /* / */) {
          if (hasSlashComments && next === 47 && !(style === 'scss' && i > 0 && text.charCodeAt(i - 1) === 58)) {
            if (wantStripped && i > segStart) out.push(text.slice(segStart, i));
            commentStart = i;
            state = S.Line;
            flags[line] |= LINE_COMMENT;
            i += 2;
            break;
          }
          if (hasBlock && next === 42) {
            if (wantStripped && i > segStart) out.push(text.slice(segStart, i));
            commentStart = i;
            state = S.Block;
            blockEnd = '*/';
            flags[line] |= LINE_COMMENT;
            i += 2;
            break;
          }
          if (isJs) {
            const word = lastWordEnd === i - 1 || (lastWordEnd >= 0 && lastSig === -1) ? text.slice(lastWordStart, lastWordEnd + 1) : '';
            const regexAllowed = lastSig === 0 || (lastSig > 0 && lastSig < 128 && REGEX_AFTER[lastSig] === 1) || (lastSig === -1 && REGEX_PREFIX_WORDS.has(word));
            if (regexAllowed) {
              state = S.Regex;
              regexClass = false;
              flags[line] |= LINE_CODE;
              i++;
              break;
            }
          }
        }
        if (hasHash && c === 35 /* # */) {
          const prev = i > 0 ? text.charCodeAt(i - 1) : 10;
          if (style !== 'hash' || prev === 10 || isSpace(prev) || prev === 59) {
            if (wantStripped && i > segStart) out.push(text.slice(segStart, i));
            commentStart = i;
            state = S.Line;
            flags[line] |= LINE_COMMENT;
            i++;
            break;
          }
        }
        if (hasDash && c === 45 && next === 45) {
          if (wantStripped && i > segStart) out.push(text.slice(segStart, i));
          commentStart = i;
          flags[line] |= LINE_COMMENT;
          if (style === 'lua' && text.startsWith('[[', i + 2)) {
            state = S.LuaBlock;
            blockEnd = ']]';
            i += 4;
          } else if (style === 'lua' && text.startsWith('[=[', i + 2)) {
            state = S.LuaBlock;
            blockEnd = ']=]';
            i += 5;
          } else {
            state = S.Line;
            i += 2;
          }
          break;
        }
        flags[line] |= LINE_CODE;
        if (c === 34 || c === 39 || (c === 96 && (isJs || style === 'c'))) {
          if (style === 'python' && text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === c) {
            state = S.Triple;
            quote = c;
            i += 3;
          } else if (c === 96) {
            state = S.Template;
            quote = c;
            i++;
          } else {
            state = S.Str;
            quote = c;
            i++;
          }
          lastSig = c;
          break;
        }
        // Any other character the run stopped at ('/', '#', '-' or '`' starting nothing here) is code.
        if (isIdent(c)) {
          if (lastWordEnd !== i - 1 || lastSig !== -1) lastWordStart = i;
          lastWordEnd = i;
          lastSig = -1;
        } else {
          lastSig = c;
        }
        i++;
        break;
      }
      case S.Line: {
        const nl = text.indexOf('\n', i);
        i = nl < 0 ? n : nl;
        break;
      }
      case S.Block:
      case S.LuaBlock:
      case S.Markup: {
        if (state === S.Markup && commentStart < 0) {
          // Markup outside a comment: up to a '<' or the line end.
          const end = runEnd(MARKUP_RUN, text, i);
          if (hasInk(text, i, end)) flags[line] |= LINE_CODE;
          i = end;
          if (i >= n || text.charCodeAt(i) === 10) break;
          if (text.startsWith('<!--', i)) {
            if (wantStripped && i > segStart) out.push(text.slice(segStart, i));
            commentStart = i;
            blockEnd = '-->';
            flags[line] |= LINE_COMMENT;
            i += 4;
          } else {
            flags[line] |= LINE_CODE;
            i++;
          }
          break;
        }
        // Inside a comment: up to its end; every line it covers with a visible character is a comment line.
        const at = text.indexOf(blockEnd, i);
        const stop = at < 0 ? n : at + blockEnd.length;
        let nl = text.indexOf('\n', i);
        if (hasInk(text, i, nl < 0 || nl > stop ? stop : nl)) flags[line] |= LINE_COMMENT;
        while (nl >= 0 && nl < stop) {
          if (wantStripped) out.push('\n');
          line++;
          const following = text.indexOf('\n', nl + 1);
          if (hasInk(text, nl + 1, following < 0 || following > stop ? stop : following)) flags[line] |= LINE_COMMENT;
          nl = following;
        }
        i = stop;
        if (at >= 0) {
          state = baseState;
          segStart = stop;
          commentStart = -1;
        }
        break;
      }
      case S.Str: {
        // A quoted string: up to its closing quote or the line end; an escape skips the next character, a line end included.
        flags[line] |= LINE_CODE;
        const run = quote === 34 ? dqRun : sqRun;
        let k = i;
        for (;;) {
          k = runEnd(run, text, k);
          if (k >= n || text.charCodeAt(k) === 10) break;
          if (text.charCodeAt(k) === 92) {
            k += 2;
            if (k >= n) break;
            continue;
          }
          state = S.Code;
          k++;
          break;
        }
        i = k;
        break;
      }
      case S.Template:
      case S.Triple: {
        const end = runEnd(state === S.Template ? templateRun : quote === 34 ? STR_DQ : STR_SQ, text, i);
        if (hasInk(text, i, end)) flags[line] |= LINE_CODE;
        i = end;
        if (i >= n) break;
        const t = text.charCodeAt(i);
        if (t === 10) break;
        flags[line] |= LINE_CODE; // a backslash or the quote
        if (t === 92) i += 2;
        else if (state === S.Template) {
          state = S.Code;
          i++;
        } else if (text.charCodeAt(i + 1) === t && text.charCodeAt(i + 2) === t) {
          state = S.Code;
          i += 3;
        } else i++;
        break;
      }
      case S.Regex: {
        // A regular expression literal: up to an unescaped '/' outside a character class, or the line end.
        flags[line] |= LINE_CODE;
        let k = i;
        while (k < n) {
          const r = text.charCodeAt(k);
          if (r === 10) break;
          if (r === 92) k++;
          else if (r === 91) regexClass = true;
          else if (r === 93) regexClass = false;
          else if (r === 47 && !regexClass) {
            state = S.Code;
            lastSig = 41; // behaves like a closing token
            k++;
            break;
          }
          k++;
        }
        i = k;
        break;
      }
    }
  }
  if (commentStart < 0 && wantStripped) out.push(text.slice(segStart));
  return { stripped: wantStripped ? out.join('') : text, lineFlags: flags };
}

/** A file's line counts: total, code (a line with code and a comment counts as code), comment-only and blank. */
export interface LineCounts {
  lines: number;
  codeLines: number;
  commentLines: number;
  blankLines: number;
}

/** Counts the lines of a decoded file (see scanSource); a trailing newline does not start a new line. */
export function countLines(text: string, comments: CommentStyle): LineCounts {
  const { lineFlags } = scanSource(text, comments, false);
  let lines = lineFlags.length;
  if (text.endsWith('\n')) lines--;
  let code = 0;
  let comment = 0;
  for (let i = 0; i < lines; i++) {
    const f = lineFlags[i];
    if (f & LINE_CODE) code++;
    else if (f & LINE_COMMENT) comment++;
  }
  return { lines, codeLines: code, commentLines: comment, blankLines: lines - code - comment };
}
