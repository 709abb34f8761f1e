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

export const REGEX_PREFIX_WORDS = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'yield', 'await', 'instanceof']);

export const isSpace = (c: number) => c === 32 || c === 9 || c === 13 || c === 12 || c === 11;
export const isIdent = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c > 127;

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
 * comments inside a single-file component are found token-aware too. `plain` scans each part (the tests pass a
 * character-by-character reference).
 */
export function scanMarkup(text: string, wantStripped: boolean, plain: (text: string, style: CommentStyle, wantStripped: boolean) => ScanResult = scanPlain): ScanResult {
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
    const r = plain(part.text, part.style, wantStripped);
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

/** regexMayStart's `sigPos` before any significant code character, and after a regular expression literal. */
const NOTHING_YET = -1;
const REGEX_CLOSED = -2;

/**
 * Whether a '/' in JavaScript code starts a regular expression literal, from the last significant code character
 * before it: `sigPos` is its position, NOTHING_YET or REGEX_CLOSED (a literal just ended, like a closing token).
 * Yes at the start, after an operator or opening punctuation (REGEX_AFTER), and after a keyword such as `return`
 * (REGEX_PREFIX_WORDS); no after any other word, a closing bracket or a literal. A word is read back from its last
 * character: code never has an identifier character right before where a stretch of code starts (those places
 * follow a quote, a '/', a line end or the start of the text).
 */
function regexMayStart(text: string, sigPos: number): boolean {
  if (sigPos === NOTHING_YET) return true;
  if (sigPos === REGEX_CLOSED) return false;
  const c = text.charCodeAt(sigPos);
  if (!isIdent(c)) return c < 128 && REGEX_AFTER[c] === 1;
  let s = sigPos;
  while (s > 0 && isIdent(text.charCodeAt(s - 1))) s--;
  return sigPos - s < 10 && REGEX_PREFIX_WORDS.has(text.slice(s, sigPos + 1));
}

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

/** The state of one scanPlain pass, shared by the functions that scan each kind of text. */
class Scan {
  readonly n: number;
  /** One entry per line: LINE_CODE | LINE_COMMENT. */
  readonly flags: Uint8Array;
  /** Pieces of the text without its comments (when wantStripped). */
  readonly out: string[] = [];
  readonly isJs: boolean;
  readonly hasSlashComments: boolean;
  readonly hasBlock: boolean;
  readonly hasHash: boolean;
  readonly hasDash: boolean;
  /** PLAIN_RUNS of the style, and the runs inside its literals. */
  readonly plainRun: RegExp;
  readonly templateRun: RegExp;
  readonly dqRun: RegExp;
  readonly sqRun: RegExp;
  readonly baseState: S;
  /** Next character to look at, and its line (0-based). */
  i = 0;
  line = 0;
  state: S;
  /** The quote character of the open literal. */
  quote = 0;
  /** What ends the open multi-line comment. */
  blockEnd = '';
  regexClass = false;
  /** The last significant code character (see regexMayStart). */
  sigPos = NOTHING_YET;
  /** Start of the pending code segment to copy into `out`. */
  segStart = 0;
  /** Start of the open comment, or -1. */
  commentStart = -1;

  constructor(
    readonly text: string,
    readonly style: CommentStyle,
    readonly wantStripped: boolean,
  ) {
    this.n = text.length;
    this.flags = new Uint8Array(lineCount(text));
    this.state = this.baseState = style === 'markup' ? S.Markup : S.Code;
    this.isJs = style === 'js';
    this.hasSlashComments = style === 'c' || style === 'js' || style === 'scss' || style === 'php';
    this.hasBlock = style === 'c' || style === 'js' || style === 'css' || style === 'scss' || style === 'php' || style === 'sql';
    this.hasHash = style === 'hash' || style === 'python' || style === 'php';
    this.hasDash = style === 'sql' || style === 'lua';
    this.plainRun = PLAIN_RUNS[style];
    this.templateRun = style === 'js' ? TEMPLATE_JS : TEMPLATE_RAW;
    this.dqRun = style === 'sql' ? SQL_DQ : STR_DQ;
    this.sqRun = style === 'sql' ? SQL_SQ : STR_SQ;
  }

  /** A comment starts at `i` (on the current line): the code before it goes to `out`. */
  beginComment(i: number): void {
    if (this.wantStripped && i > this.segStart) this.out.push(this.text.slice(this.segStart, i));
    this.commentStart = i;
    this.flags[this.line] |= LINE_COMMENT;
  }
}

/**
 * The state machine of scanSource. Each state jumps straight to the next character that can change something
 * (indexOf, sticky regular expressions) instead of stepping through every character; what a character-by-character
 * pass would record on the way (flags, the last significant character before a '/') is set from the run. Each kind
 * of text is scanned by a function of its own (code, quoted, longString, regexLiteral, comment, markup).
 * A backslash inside a string skips the next character; an escaped line end is still counted as a line end.
 */
function scanPlain(text: string, style: CommentStyle, wantStripped: boolean): ScanResult {
  const sc = new Scan(text, style, wantStripped);
  const n = sc.n;
  while (sc.i < n) {
    if (text.charCodeAt(sc.i) === 10) {
      const state = sc.state;
      if (state === S.Line) {
        sc.state = sc.baseState;
        sc.segStart = sc.i;
        sc.commentStart = -1;
      } else if (state === S.Str || state === S.Regex) {
        sc.state = sc.baseState; // an unterminated literal ends at the line end
      } else if ((state === S.Block || state === S.LuaBlock || state === S.Markup) && sc.commentStart >= 0) {
        if (wantStripped) sc.out.push('\n'); // keep the newline inside a multi-line comment
      }
      sc.line++;
      sc.i++;
      continue;
    }
    switch (sc.state) {
      case S.Code:
        code(sc);
        break;
      case S.Line: {
        const nl = text.indexOf('\n', sc.i);
        sc.i = nl < 0 ? n : nl;
        break;
      }
      case S.Str:
        quoted(sc);
        break;
      case S.Template:
      case S.Triple:
        longString(sc);
        break;
      case S.Regex:
        regexLiteral(sc);
        break;
      case S.Block:
      case S.LuaBlock:
        comment(sc);
        break;
      case S.Markup:
        if (sc.commentStart < 0) markup(sc);
        else comment(sc);
        break;
    }
  }
  if (sc.commentStart < 0 && wantStripped) sc.out.push(text.slice(sc.segStart));
  return { stripped: wantStripped ? sc.out.join('') : text, lineFlags: sc.flags };
}

/**
 * Code: runs of characters that cannot start a comment, a literal or a line end, and the line ends between them,
 * up to the next such character, which `special` handles. Of what a pass over each character would record before
 * a '/' (the last significant character, the word it ends) only the position is kept; see regexMayStart.
 */
function code(sc: Scan): void {
  const { text, n, flags, plainRun } = sc;
  let i = sc.i;
  let line = sc.line;
  let end = runEnd(plainRun, text, i);
  for (;;) {
    if (end > i) {
      let k = end - 1;
      let last = text.charCodeAt(k);
      while (k > i && (last === 32 || last === 9 || last === 13 || last === 12 || last === 11)) last = text.charCodeAt(--k);
      if (!(last === 32 || last === 9 || last === 13 || last === 12 || last === 11)) {
        flags[line] |= LINE_CODE;
        sc.sigPos = k;
      }
    }
    if (end >= n || text.charCodeAt(end) !== 10) break;
    line++;
    i = end + 1;
    end = runEnd(plainRun, text, i);
  }
  sc.line = line;
  sc.i = end;
  if (end < n) special(sc);
}

/** The code character at sc.i that a plain run stops at (not '\n'): a comment, a literal, or code after all. */
function special(sc: Scan): void {
  const { text, n } = sc;
  const i = sc.i;
  const c = text.charCodeAt(i);
  const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
  if (c === 47 /* / */) {
    if (sc.hasSlashComments && next === 47 && !(sc.style === 'scss' && i > 0 && text.charCodeAt(i - 1) === 58)) {
      sc.beginComment(i);
      sc.state = S.Line;
      const nl = text.indexOf('\n', i + 2);
      sc.i = nl < 0 ? n : nl;
      return;
    }
    if (sc.hasBlock && next === 42) {
      sc.beginComment(i);
      sc.state = S.Block;
      sc.blockEnd = '*/';
      sc.i = i + 2;
      return;
    }
    if (sc.isJs && regexMayStart(text, sc.sigPos)) {
      sc.state = S.Regex;
      sc.regexClass = false;
      sc.flags[sc.line] |= LINE_CODE;
      sc.i = i + 1;
      return;
    }
  }
  if (sc.hasHash && c === 35 /* # */) {
    const prev = i > 0 ? text.charCodeAt(i - 1) : 10;
    if (sc.style !== 'hash' || prev === 10 || isSpace(prev) || prev === 59) {
      sc.beginComment(i);
      sc.state = S.Line;
      const nl = text.indexOf('\n', i + 1);
      sc.i = nl < 0 ? n : nl;
      return;
    }
  }
  if (sc.hasDash && c === 45 && next === 45) {
    sc.beginComment(i);
    if (sc.style === 'lua' && text.startsWith('[[', i + 2)) {
      sc.state = S.LuaBlock;
      sc.blockEnd = ']]';
      sc.i = i + 4;
    } else if (sc.style === 'lua' && text.startsWith('[=[', i + 2)) {
      sc.state = S.LuaBlock;
      sc.blockEnd = ']=]';
      sc.i = i + 5;
    } else {
      sc.state = S.Line;
      const nl = text.indexOf('\n', i + 2);
      sc.i = nl < 0 ? n : nl;
    }
    return;
  }
  sc.flags[sc.line] |= LINE_CODE;
  sc.sigPos = i;
  if (c === 34 || c === 39 || (c === 96 && (sc.isJs || sc.style === 'c'))) {
    sc.quote = c;
    if (sc.style === 'python' && text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === c) {
      sc.state = S.Triple;
      sc.i = i + 3;
    } else if (c === 96) {
      sc.state = S.Template;
      sc.i = i + 1;
    } else {
      sc.state = S.Str;
      sc.i = i + 1;
      quoted(sc);
    }
    return;
  }
  // Any other character a run stops at ('/', '#', '-' or '`' starting nothing here) is code.
  sc.i = i + 1;
}

/**
 * A quoted string: up to its closing quote or the line end; an escape skips the next character. An escaped line end
 * continues the string on the next line (C, JavaScript, Python): that line is counted, and is code when the string
 * goes on there.
 */
function quoted(sc: Scan): void {
  const { text, n } = sc;
  const run = sc.quote === 34 ? sc.dqRun : sc.sqRun;
  sc.flags[sc.line] |= LINE_CODE;
  let k = sc.i;
  for (;;) {
    k = runEnd(run, text, k);
    if (k >= n || text.charCodeAt(k) === 10) break;
    if (text.charCodeAt(k) === 92) {
      const escapedLineEnd = text.charCodeAt(k + 1) === 10;
      k += 2;
      if (escapedLineEnd) {
        sc.line++;
        if (k < n && text.charCodeAt(k) !== 10) sc.flags[sc.line] |= LINE_CODE;
      }
      if (k >= n) break;
      continue;
    }
    sc.state = S.Code;
    k++;
    break;
  }
  sc.i = k;
}

/** A template literal or a Python triple-quoted string, over as many lines as it takes. */
function longString(sc: Scan): void {
  const { text, n, flags } = sc;
  const template = sc.state === S.Template;
  const run = template ? sc.templateRun : sc.quote === 34 ? STR_DQ : STR_SQ;
  let i = sc.i;
  for (;;) {
    const end = runEnd(run, text, i);
    if (hasInk(text, i, end)) flags[sc.line] |= LINE_CODE;
    i = end;
    if (i >= n) break;
    const t = text.charCodeAt(i);
    if (t === 10) {
      sc.line++;
      i++;
      continue;
    }
    flags[sc.line] |= LINE_CODE; // a backslash or the quote
    if (t === 92) {
      if (text.charCodeAt(i + 1) === 10) sc.line++; // an escaped line end still ends the line
      i += 2;
    }
    else if (template) {
      sc.state = S.Code;
      i++;
      break;
    } else if (text.charCodeAt(i + 1) === t && text.charCodeAt(i + 2) === t) {
      sc.state = S.Code;
      i += 3;
      break;
    } else i++;
    if (i >= n) break;
  }
  sc.i = i;
}

/** A regular expression literal: up to an unescaped '/' outside a character class, or the line end. */
function regexLiteral(sc: Scan): void {
  const { text, n } = sc;
  sc.flags[sc.line] |= LINE_CODE;
  let inClass = sc.regexClass;
  let k = sc.i;
  while (k < n) {
    const r = text.charCodeAt(k);
    if (r === 10) break;
    if (r === 92) {
      // A backslash before the line end escapes nothing: the unterminated literal ends with the line.
      if (text.charCodeAt(k + 1) === 10) {
        k++;
        break;
      }
      k++;
    }
    else if (r === 91) inClass = true;
    else if (r === 93) inClass = false;
    else if (r === 47 && !inClass) {
      sc.state = S.Code;
      sc.sigPos = REGEX_CLOSED; // behaves like a closing token
      k++;
      break;
    }
    k++;
  }
  sc.regexClass = inClass;
  sc.i = k;
}

/**
 * Inside a block, Lua or markup comment: up to its end (sc.blockEnd); every line it covers with a visible
 * character is a comment line.
 */
function comment(sc: Scan): void {
  const { text, n, flags } = sc;
  const i = sc.i;
  const at = text.indexOf(sc.blockEnd, i);
  const stop = at < 0 ? n : at + sc.blockEnd.length;
  let line = sc.line;
  let nl = text.indexOf('\n', i);
  if (hasInk(text, i, nl < 0 || nl > stop ? stop : nl)) flags[line] |= LINE_COMMENT;
  while (nl >= 0 && nl < stop) {
    if (sc.wantStripped) sc.out.push('\n');
    line++;
    const following = text.indexOf('\n', nl + 1);
    if (hasInk(text, nl + 1, following < 0 || following > stop ? stop : following)) flags[line] |= LINE_COMMENT;
    nl = following;
  }
  sc.line = line;
  sc.i = stop;
  if (at >= 0) {
    sc.state = sc.baseState;
    sc.segStart = stop;
    sc.commentStart = -1;
  }
}

/** Markup outside a comment: up to a '<' that opens a comment; a line with a visible character is code. */
function markup(sc: Scan): void {
  const { text, n, flags } = sc;
  let i = sc.i;
  for (;;) {
    const end = runEnd(MARKUP_RUN, text, i);
    if (hasInk(text, i, end)) flags[sc.line] |= LINE_CODE;
    i = end;
    if (i >= n) break;
    if (text.charCodeAt(i) === 10) {
      sc.line++;
      i++;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      sc.beginComment(i);
      sc.blockEnd = '-->';
      i += 4;
      break;
    }
    flags[sc.line] |= LINE_CODE;
    i++;
  }
  sc.i = i;
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
