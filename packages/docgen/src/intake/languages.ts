/**
 * Languages that count as source code, under the names used on the CPCC form
 * (编程语言 must list every language used, HTML/CSS included — cpcc-materials.md, R11).
 */
export type CommentStyle =
  | 'c' // // and /* */
  | 'js' // c + regex literals + template strings
  | 'css' // /* */ only
  | 'scss' // // and /* */ (no regex)
  | 'hash' // #
  | 'python' // # plus triple-quoted strings
  | 'sql' // -- and /* */
  | 'lua' // -- and --[[ ]]
  | 'markup' // <!-- -->
  | 'php' // //, #, /* */
  | 'none';

export interface LanguageInfo {
  /** Name as written on the CPCC form. */
  name: string;
  comments: CommentStyle;
}

const L = (name: string, comments: CommentStyle): LanguageInfo => ({ name, comments });

const JS = L('JavaScript', 'js');
const TS = L('TypeScript', 'js');
const CSS = L('CSS', 'css');
const SCSS = L('CSS', 'scss');
const HTML = L('HTML', 'markup');

const BY_EXT: Record<string, LanguageInfo> = {
  js: JS, mjs: JS, cjs: JS, jsx: JS,
  ts: TS, mts: TS, cts: TS, tsx: TS,
  vue: L('Vue', 'markup'),
  svelte: L('Svelte', 'markup'),
  html: HTML, htm: HTML,
  css: CSS, scss: SCSS, sass: SCSS, less: SCSS, styl: SCSS,
  wxml: L('WXML', 'markup'), wxss: L('WXSS', 'css'), wxs: L('JavaScript', 'js'),
  java: L('Java', 'c'), kt: L('Kotlin', 'c'), kts: L('Kotlin', 'c'), groovy: L('Groovy', 'c'), scala: L('Scala', 'c'),
  c: L('C', 'c'), h: L('C', 'c'), cc: L('C++', 'c'), cpp: L('C++', 'c'), cxx: L('C++', 'c'), hpp: L('C++', 'c'), hh: L('C++', 'c'), hxx: L('C++', 'c'),
  m: L('Objective-C', 'c'), mm: L('Objective-C', 'c'),
  cs: L('C#', 'c'), go: L('Go', 'c'), rs: L('Rust', 'c'), swift: L('Swift', 'c'), dart: L('Dart', 'c'),
  php: L('PHP', 'php'),
  py: L('Python', 'python'), pyw: L('Python', 'python'),
  rb: L('Ruby', 'hash'), pl: L('Perl', 'hash'), pm: L('Perl', 'hash'), r: L('R', 'hash'),
  sh: L('Shell', 'hash'), bash: L('Shell', 'hash'), zsh: L('Shell', 'hash'),
  ps1: L('PowerShell', 'hash'),
  sql: L('SQL', 'sql'),
  lua: L('Lua', 'lua'),
  ets: L('ArkTS', 'js'),
  vb: L('Visual Basic', 'none'),
  asm: L('Assembly', 'none'), s: L('Assembly', 'none'),
  f90: L('Fortran', 'none'),
  ex: L('Elixir', 'hash'), exs: L('Elixir', 'hash'),
  erl: L('Erlang', 'none'), hs: L('Haskell', 'none'), clj: L('Clojure', 'none'),
  jl: L('Julia', 'hash'),
  cmake: L('CMake', 'hash'),
  gradle: L('Groovy', 'c'),
  proto: L('Protocol Buffers', 'c'),
  sol: L('Solidity', 'c'),
  nim: L('Nim', 'hash'), zig: L('Zig', 'c'), v: L('Verilog', 'c'), vhd: L('VHDL', 'sql'),
};

const BY_NAME: Record<string, LanguageInfo> = {
  dockerfile: L('Dockerfile', 'hash'),
  makefile: L('Makefile', 'hash'),
  gnumakefile: L('Makefile', 'hash'),
  rakefile: L('Ruby', 'hash'),
  gemfile: L('Ruby', 'hash'),
};

/** Languages counted but not listed under 编程语言 (build scripts rather than the program). */
export const UNLISTED_LANGUAGES = new Set(['Dockerfile', 'Makefile', 'CMake']);

/**
 * Detects the language of a file from its name (and, for files without an extension,
 * a `#!` line). Returns undefined for anything that is not program source
 * (documentation, data, configuration) — those are not part of 源程序.
 */
export function detectLanguage(path: string, firstLine?: string): LanguageInfo | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const lower = base.toLowerCase();
  const byName = BY_NAME[lower];
  if (byName) return byName;
  const dot = lower.lastIndexOf('.');
  if (dot > 0) {
    const ext = lower.slice(dot + 1);
    // '.d.ts' declaration files are generated or typings, not program code.
    if (lower.endsWith('.d.ts') || lower.endsWith('.d.mts') || lower.endsWith('.d.cts')) return undefined;
    return BY_EXT[ext];
  }
  if (firstLine && firstLine.startsWith('#!')) {
    if (/\b(node|deno|bun)\b/.test(firstLine)) return JS;
    if (/\bpython[0-9.]*\b/.test(firstLine)) return BY_EXT.py;
    if (/\b(ba|z|k)?sh\b/.test(firstLine)) return BY_EXT.sh;
    if (/\bruby\b/.test(firstLine)) return BY_EXT.rb;
    if (/\bperl\b/.test(firstLine)) return BY_EXT.pl;
  }
  return undefined;
}
