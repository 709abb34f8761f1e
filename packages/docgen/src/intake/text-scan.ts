/**
 * Cheap tests the code analysis runs before its regular expressions. Searching a text for a short literal
 * (String#includes) costs a fraction of a scan by a regular expression that has no literal prefix, and most files
 * hold none of the literals an expression needs: each test guarding an expression is a necessary condition of a match
 * (a literal every match contains, or a part of one), never a sufficient one, so a guarded expression finds exactly
 * what it finds unguarded.
 *
 * V8 searches a literal of up to six characters by looking for its first character with memchr; a longer one soon
 * falls back to Boyer-Moore-Horspool, several times slower on source code. A part of at most six characters starting
 * with a rare character (a capital, "x", "@") is the cheapest test: the literals at the call sites are chosen so.
 */

/** A Han character (CJK Unified Ideographs, U+4E00–U+9FFF); fails at once on a one-byte string. */
export const HAN = /[\u4e00-\u9fff]/;

/** Whether `text` holds at least one of `literals`. */
export function hasAny(text: string, literals: readonly string[]): boolean {
  for (let i = 0; i < literals.length; i++) if (text.includes(literals[i])) return true;
  return false;
}

/** Whether the UTF-16 unit `c` is a \s character of a regular expression. */
function isSpace(c: number): boolean {
  return (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Whether `text` before index `end` ends with one of `words`. */
function endsWithAny(text: string, end: number, words: readonly string[]): boolean {
  for (let k = 0; k < words.length; k++) if (text.endsWith(words[k], end)) return true;
  return false;
}

/** The methods of the route calls the analysis reads (app.get(, router.post(, @bp.route( …), with their dot. */
const ROUTE_METHODS = ['.get', '.post', '.put', '.delete', '.patch', '.route'];

/** A route call with a literal path: ".get", ".post", ".put", ".delete", ".patch" or ".route", "(", whitespace, quote, "/". */
const ROUTE_CALL = 1;
/** A path key with a literal path: "path", whitespace, ":", whitespace, quote, "/" (`path: '/user'`). */
const PATH_KEY = 2;

/**
 * Which of ROUTE_CALL and PATH_KEY `text` holds (a bit set), read from the places of a quote (', " or `) directly
 * followed by "/", each followed back over whitespace; stops once every kind of `wanted` is found.
 */
function slashLiteralKinds(text: string, wanted: number): number {
  let found = 0;
  for (const quote of ["'/", '"/', '`/']) {
    for (let i = text.indexOf(quote); i >= 0; i = text.indexOf(quote, i + 1)) {
      let j = i - 1;
      while (j >= 0 && isSpace(text.charCodeAt(j))) j--;
      if (j < 0) continue;
      const lead = text.charCodeAt(j);
      if (lead === 40 /* ( */ && endsWithAny(text, j, ROUTE_METHODS)) found |= ROUTE_CALL;
      else if (lead === 58 /* : */) {
        while (j > 0 && isSpace(text.charCodeAt(j - 1))) j--;
        if (text.endsWith('path', j)) found |= PATH_KEY;
      }
      if ((found & wanted) === wanted) return found;
    }
  }
  return found;
}

/**
 * Whether `text` holds a route call whose first argument is a literal path: ".get", ".post", ".put", ".delete",
 * ".patch" or ".route", "(", optional whitespace, a quote (', " or `) and "/" — `app.get('/x'`, `@bp.route("/x"`.
 * A necessary condition of a match of every route expression of the analysis (`…\.(?:get|post|…)\(\s*['"\x60]\/`).
 */
export function hasRouteCall(text: string): boolean {
  return (slashLiteralKinds(text, ROUTE_CALL) & ROUTE_CALL) !== 0;
}

/** Whether `text` holds "path", optional whitespace, ":", optional whitespace, a quote and "/" (`path: '/user'`). */
export function hasPathKey(text: string): boolean {
  return (slashLiteralKinds(text, PATH_KEY) & PATH_KEY) !== 0;
}

/**
 * Whether `text` holds `literal` (exactly as `text.includes(literal)`), found through `anchor`, a part of `literal`
 * that is cheaper to search for; each place of the anchor is checked for the whole literal.
 */
export function hasLiteral(text: string, literal: string, anchor: string): boolean {
  const from = literal.indexOf(anchor);
  if (from < 0) throw new RangeError(`"${anchor}" is not a part of "${literal}"`);
  for (let i = text.indexOf(anchor, from); i >= 0; i = text.indexOf(anchor, i + 1)) if (text.startsWith(literal, i - from)) return true;
  return false;
}

/**
 * Whether `text` holds `word` at the start of a line as a multiline `^` sees it: at index 0 or right after
 * \n, \r, U+2028 or U+2029 (a necessary condition of a match of `/^word…/m`). `anchor` is a part of `word` to search
 * for (default: the whole word).
 */
export function hasAtLineStart(text: string, word: string, anchor = word): boolean {
  const from = word.indexOf(anchor);
  if (from < 0) throw new RangeError(`"${anchor}" is not a part of "${word}"`);
  for (let i = text.indexOf(anchor, from); i >= 0; i = text.indexOf(anchor, i + 1)) {
    const at = i - from;
    if (!text.startsWith(word, at)) continue;
    if (at === 0) return true;
    const c = text.charCodeAt(at - 1);
    if (c === 10 || c === 13 || c === 0x2028 || c === 0x2029) return true;
  }
  return false;
}

/**
 * Whether one of `names` occurs in `text` right after whitespace that follows one of `keywords` ("var debounce",
 * "function\n  debounce"): a necessary condition of a match of `keyword\s+(\w+)` whose word is one of the names.
 */
export function hasNameAfter(text: string, names: Iterable<string>, keywords: readonly string[]): boolean {
  for (const name of names) {
    for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
      let j = i;
      while (j > 0 && isSpace(text.charCodeAt(j - 1))) j--;
      if (j < i && endsWithAny(text, j, keywords)) return true;
    }
  }
  return false;
}

/** Whether the UTF-16 unit `c` is a \w character of a regular expression without the u flag: [A-Za-z0-9_]. */
function isWord(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/**
 * Whether `text` holds a decorator call "@", word characters, ".", one of `methods` and "(" (`@app.route(`,
 * `@bp.get(`): a necessary condition of a match of `@(\w+)\.(method|…)\(`; found from the places of "@".
 */
export function hasDecoratorCall(text: string, methods: readonly string[]): boolean {
  for (let i = text.indexOf('@'); i >= 0; i = text.indexOf('@', i + 1)) {
    let j = i + 1;
    while (j < text.length && isWord(text.charCodeAt(j))) j++;
    if (j === i + 1 || text.charCodeAt(j) !== 46 /* . */) continue;
    for (let k = 0; k < methods.length; k++) if (text.startsWith(methods[k], j + 1) && text.charCodeAt(j + 1 + methods[k].length) === 40 /* ( */) return true;
  }
  return false;
}

/**
 * Whether `text` holds "version", "Version" or "VERSION" (also as "__version__") followed by optional whitespace,
 * "=" or ":", optional whitespace, a quote (' or "), an optional "v" and a digit: a necessary condition of a match of
 * the version constants findVersions reads (`VERSION = "1.2.0"`, `__version__ = '1.0'`, `appVersion: '2.1'`).
 */
export function hasVersionValue(text: string): boolean {
  for (const anchor of ['versio', 'Versio', 'VERSIO']) {
    for (let i = text.indexOf(anchor); i >= 0; i = text.indexOf(anchor, i + 1)) {
      const end = i + 7;
      const n = text.charCodeAt(end - 1);
      if (n !== 110 && n !== 78) continue; // "n" or "N"
      if (valueFollows(text, end) || (text.startsWith('__', end) && valueFollows(text, end + 2))) return true;
    }
  }
  return false;
}

/** Whether `text` from `at` reads optional whitespace, "=" or ":", optional whitespace, ' or ", an optional "v", a digit. */
function valueFollows(text: string, at: number): boolean {
  let j = at;
  while (j < text.length && isSpace(text.charCodeAt(j))) j++;
  const sep = text.charCodeAt(j);
  if (sep !== 61 && sep !== 58) return false; // "=" or ":"
  j++;
  while (j < text.length && isSpace(text.charCodeAt(j))) j++;
  const quote = text.charCodeAt(j);
  if (quote !== 39 && quote !== 34) return false;
  j++;
  if (text.charCodeAt(j) === 118) j++; // "v"
  const d = text.charCodeAt(j);
  return d >= 48 && d <= 57;
}

/** The tests several passes of the analysis run on every file, memoised per file (see fileHas). */
const SHARED_TESTS = {
  /** hasRouteCall: the route expressions of the hints, the form and the units (read with pathKey in one scan). */
  routeCall: hasRouteCall,
  /** hasPathKey: the path expression of the hints (read with routeCall in one scan). */
  pathKey: hasPathKey,
  /** A Han character: the menu titles of the hints and the code notes. */
  han: (text: string) => HAN.test(text),
  /** "Mappin" (of @GetMapping…): the Spring routes of the hints and the form. */
  mapping: (text: string) => text.includes('Mappin'),
} as const;
export type SharedTest = keyof typeof SHARED_TESTS;

/** Per file: for each shared test, (length of the text it was computed on + 1), negated when the answer is false. */
const sharedAnswers = new WeakMap<object, Partial<Record<SharedTest, number>>>();

/**
 * SHARED_TESTS[test] on `text`, which is the text of `file` or a prefix of it (a pass may read only the first
 * 200,000 characters), answered from a memo kept per file object when it was computed on at least as long a prefix.
 * Such an answer is for a text that holds `text`, so it is still a necessary condition of a match in `text` (the only
 * use of these tests). Files are treated as immutable; the memo goes with the file object.
 */
export function fileHas(file: object, text: string, test: SharedTest): boolean {
  let answers = sharedAnswers.get(file);
  if (!answers) sharedAnswers.set(file, (answers = {}));
  const known = answers[test];
  if (known !== undefined && Math.abs(known) > text.length) return known > 0;
  const stored = (value: boolean) => (value ? text.length + 1 : -(text.length + 1));
  if (test === 'routeCall' || test === 'pathKey') {
    const kinds = slashLiteralKinds(text, ROUTE_CALL | PATH_KEY);
    answers.routeCall = stored((kinds & ROUTE_CALL) !== 0);
    answers.pathKey = stored((kinds & PATH_KEY) !== 0);
    return (kinds & (test === 'routeCall' ? ROUTE_CALL : PATH_KEY)) !== 0;
  }
  const value = SHARED_TESTS[test](text);
  answers[test] = stored(value);
  return value;
}
