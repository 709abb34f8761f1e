import type { CommentStyle } from '../src/intake/languages';
import { isIdent, isSpace, LINE_CODE, LINE_COMMENT, REGEX_PREFIX_WORDS, scanMarkup, type ScanResult } from '../src/intake/lexer';

/**
 * scanSource as a plain character-by-character state machine: one loop iteration per character, no jumps.
 * The tests hold the scanner in src/lexer.ts to exactly this output (stripped text and line flags).
 */
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

/** The reference for scanSource (same arguments, same result). */
export function referenceScan(text: string, style: CommentStyle, wantStripped = true): ScanResult {
  if (style === 'markup' && /<(script|style)\b/i.test(text)) return scanMarkup(text, wantStripped, scanPlain);
  return scanPlain(text, style, wantStripped);
}

function scanPlain(text: string, style: CommentStyle, wantStripped: boolean): ScanResult {
  const n = text.length;
  let lines = 1;
  for (let i = 0; i < n; i++) if (text.charCodeAt(i) === 10) lines++;
  const flags = new Uint8Array(lines);
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

  const hasSlashComments = style === 'c' || style === 'js' || style === 'scss' || style === 'php';
  const hasBlock = style === 'c' || style === 'js' || style === 'css' || style === 'scss' || style === 'php' || style === 'sql';
  const hasHash = style === 'hash' || style === 'python' || style === 'php';
  const hasDash = style === 'sql' || style === 'lua';

  const beginComment = (i: number) => {
    if (wantStripped && i > segStart) out.push(text.slice(segStart, i));
    commentStart = i;
  };
  const endComment = (iAfter: number) => {
    segStart = iAfter;
    commentStart = -1;
  };

  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      if (state === S.Line) {
        state = baseState;
        endComment(i);
      } else if (state === S.Str) {
        state = baseState; // unterminated literal ends at the line end
      } else if (state === S.Regex) {
        state = baseState;
      } else if ((state === S.Block || state === S.LuaBlock || state === S.Markup) && commentStart >= 0) {
        // keep the newline inside a multi-line comment
        if (wantStripped) out.push('\n');
      }
      line++;
      continue;
    }
    switch (state) {
      case S.Code: {
        if (isSpace(c)) break;
        const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
        if (c === 47 /* / */) {
          if (hasSlashComments && next === 47 && !(style === 'scss' && i > 0 && text.charCodeAt(i - 1) === 58)) {
            beginComment(i);
            state = S.Line;
            flags[line] |= LINE_COMMENT;
            i++;
            break;
          }
          if (hasBlock && next === 42) {
            beginComment(i);
            state = S.Block;
            blockEnd = '*/';
            flags[line] |= LINE_COMMENT;
            i++;
            break;
          }
          if (style === 'js') {
            const word = lastWordEnd === i - 1 || (lastWordEnd >= 0 && lastSig === -1) ? text.slice(lastWordStart, lastWordEnd + 1) : '';
            const regexAllowed =
              lastSig === 0 ||
              (lastSig > 0 && '(,=:[!&|?{};+-*%<>~^'.includes(String.fromCharCode(lastSig))) ||
              (lastSig === -1 && REGEX_PREFIX_WORDS.has(word));
            if (regexAllowed) {
              state = S.Regex;
              regexClass = false;
              flags[line] |= LINE_CODE;
              break;
            }
          }
        }
        if (hasHash && c === 35 /* # */) {
          const prev = i > 0 ? text.charCodeAt(i - 1) : 10;
          if (style !== 'hash' || prev === 10 || isSpace(prev) || prev === 59) {
            beginComment(i);
            state = S.Line;
            flags[line] |= LINE_COMMENT;
            break;
          }
        }
        if (hasDash && c === 45 && next === 45) {
          beginComment(i);
          flags[line] |= LINE_COMMENT;
          if (style === 'lua' && text.startsWith('[[', i + 2)) {
            state = S.LuaBlock;
            blockEnd = ']]';
            i += 3;
          } else if (style === 'lua' && text.startsWith('[=[', i + 2)) {
            state = S.LuaBlock;
            blockEnd = ']=]';
            i += 4;
          } else {
            state = S.Line;
            i++;
          }
          break;
        }
        flags[line] |= LINE_CODE;
        if (c === 34 || c === 39 || (c === 96 && (style === 'js' || style === 'c'))) {
          if (style === 'python' && text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === c) {
            state = S.Triple;
            quote = c;
            i += 2;
          } else if (c === 96) {
            state = S.Template;
            quote = c;
          } else {
            state = S.Str;
            quote = c;
          }
          lastSig = c;
          break;
        }
        if (isIdent(c)) {
          if (lastWordEnd !== i - 1 || lastSig !== -1) lastWordStart = i;
          lastWordEnd = i;
          lastSig = -1;
        } else {
          lastSig = c;
        }
        break;
      }
      case S.Line:
        break;
      case S.Block:
      case S.LuaBlock:
        if (c === blockEnd.charCodeAt(0) && text.startsWith(blockEnd, i)) {
          i += blockEnd.length - 1;
          state = baseState;
          endComment(i + 1);
        }
        if (!isSpace(c)) flags[line] |= LINE_COMMENT;
        break;
      case S.Str:
        flags[line] |= LINE_CODE;
        if (c === 92 /* \ */ && style !== 'sql') {
          i++;
          if (text.charCodeAt(i) === 10) line++; // the string goes on on the next line
        }
        else if (c === quote) state = S.Code;
        break;
      case S.Template:
        if (!isSpace(c)) flags[line] |= LINE_CODE;
        if (c === 92 && style === 'js') {
          i++;
          if (text.charCodeAt(i) === 10) line++;
        }
        else if (c === quote) state = S.Code;
        break;
      case S.Triple:
        if (!isSpace(c)) flags[line] |= LINE_CODE;
        if (c === 92) {
          i++;
          if (text.charCodeAt(i) === 10) line++;
        } else if (c === quote && text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === c) {
          i += 2;
          state = S.Code;
        }
        break;
      case S.Regex:
        flags[line] |= LINE_CODE;
        if (c === 92) {
          if (text.charCodeAt(i + 1) !== 10) i++; // before a line end: the literal ends with the line
        }
        else if (c === 91) regexClass = true;
        else if (c === 93) regexClass = false;
        else if (c === 47 && !regexClass) {
          state = S.Code;
          lastSig = 41; // behaves like a closing token
        }
        break;
      case S.Markup:
        if (commentStart < 0) {
          if (c === 60 && text.startsWith('<!--', i)) {
            beginComment(i);
            flags[line] |= LINE_COMMENT;
            i += 3;
          } else if (!isSpace(c)) flags[line] |= LINE_CODE;
        } else {
          if (!isSpace(c)) flags[line] |= LINE_COMMENT;
          if (c === 45 && text.startsWith('-->', i)) {
            i += 2;
            endComment(i + 1);
          }
        }
        break;
    }
  }
  if (commentStart < 0 && wantStripped) out.push(text.slice(segStart));
  return { stripped: wantStripped ? out.join('') : text, lineFlags: flags };
}
