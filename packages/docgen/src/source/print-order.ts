import { STYLE_LANGUAGES, supporting, type CodeFile } from '../intake/intake';
import { licenceBlocks } from './licence';

/** Printed pages at each end of a program longer than 60 pages (登记办法 第十条: the first and the last 30). */
const END_PAGES = 30;

/** A module file's part in its module: its controllers, pages and views first, then its services, then the rest (entities, mappers…). */
const ROLE_RANKS: readonly [RegExp, number][] = [
  [/(controller|resource|handler|endpoint|router|routes?|views?|page|screen|api)s?\.[\w.]+$|(^|\/)(controllers?|views?|pages?|screens?|routes?|handlers?|api)\//i, 0],
  [/(service|manager|logic|usecase|biz)(impl)?s?\.[\w.]+$|(^|\/)(services?|logic|usecases?|biz)\//i, 1],
];
const PAGE_LANGUAGES = new Set(['WXML', 'Vue', 'HTML', 'Svelte']);

function roleRank(f: CodeFile): number {
  if (PAGE_LANGUAGES.has(f.language)) return 0;
  for (const [re, rank] of ROLE_RANKS) if (re.test(f.path)) return rank;
  return 2;
}

const printed = new WeakMap<CodeFile, number>();
/** Whole source lines a file prints: neither its blank lines nor its licence header are printed. */
function printedLines(f: CodeFile): number {
  let n = printed.get(f);
  if (n === undefined) {
    n = Math.max(1, f.lines - f.blankLines - licenceBlocks(f.text, f.comments).reduce((a, b) => a + b.to - b.from + 1, 0));
    printed.set(f, n);
  }
  return n;
}

/**
 * The print order that shows the business (cpcc-materials.md: the examiner reads the first and the last 30 pages of a
 * long program): the entry point first (`files[0]`, as intake ordered it), then the code of the document's modules —
 * their controllers, pages and views before their services and the rest — shared out between the first 30 pages and
 * the last 30, so that both ends show module code; the other files, with configuration, utilities and style sheets
 * (already in their middle, see intake's orderFiles), in between.
 *
 * `modules` holds each module's files (paths, in the document's module order); a style sheet, a configuration or
 * utility file and an SQL script stays with the other files even when a module names it. The modules' files are
 * dealt out round by round — every module's first file, then every module's second — so that as many modules as the
 * pages hold get their main file printed: the first round fills the first 30 pages (≈ 30 × `linesPerPage` lines),
 * the next the last 30; when the modules' code is shorter than 60 pages it is split between the two ends in
 * proportion. Each end keeps the modules in the document's order. Returns a new array; no file is added or dropped.
 */
export function businessOrder(files: readonly CodeFile[], modules: readonly (readonly string[])[], linesPerPage = 50): CodeFile[] {
  if (files.length < 2 || modules.length === 0) return [...files];
  const [entry, ...rest] = files;
  const byPath = new Map(rest.map((f) => [f.path, f]));
  const claimed = new Map<string, number>();
  const own: CodeFile[][] = modules.map((paths, m) => {
    const list: CodeFile[] = [];
    for (const p of paths) {
      const f = byPath.get(p);
      if (!f || claimed.has(p) || supporting(f) || f.language === 'SQL') continue;
      claimed.set(p, m);
      list.push(f);
    }
    // Stable: evidence order within a rank.
    return list.map((f, i) => ({ f, i, r: roleRank(f) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.f);
  });
  if (claimed.size === 0) return [...files];
  // Dealt round by round: every module's first file, then every module's second…
  const dealt: CodeFile[] = [];
  for (let round = 0; dealt.length < claimed.size; round++) for (const list of own) if (list[round]) dealt.push(list[round]);
  const endLines = END_PAGES * linesPerPage;
  const headRoom = Math.max(0, endLines - printedLines(entry));
  const [headBudget] = shares(sum(dealt), headRoom, endLines);
  const head = new Set<CodeFile>();
  const tail = new Set<CodeFile>();
  let inHead = 0;
  let inTail = 0;
  for (const f of dealt) {
    if (inHead < headBudget) {
      head.add(f);
      inHead += printedLines(f);
    } else if (inTail < endLines) {
      tail.add(f);
      inTail += printedLines(f);
    }
  }
  const flat = own.flat();
  // The other files: program code nearest the modules' code at both ends (in path order, split to fill what room the
  // ends have left); configuration, utilities, shared components, style sheets and SQL scripts — and module files the
  // ends had no room for — in the middle.
  const others = rest.filter((f) => !claimed.has(f.path));
  const program = others.filter((f) => !supporting(f) && f.language !== 'SQL');
  const [before] = shares(sum(program), Math.max(0, headRoom - inHead), Math.max(0, endLines - inTail));
  let at = 0;
  for (let seen = 0; at < program.length && seen < before; at++) seen += printedLines(program[at]);
  // Style sheets and SQL scripts at the very centre, the other supporting code around them.
  const support = others.filter((f) => supporting(f) && !STYLE_LANGUAGES.has(f.language) && f.language !== 'SQL');
  let half = 0;
  for (let seen = 0, total = sum(support); half < support.length && seen + printedLines(support[half]) / 2 <= total / 2; half++) seen += printedLines(support[half]);
  const middle = [
    ...support.slice(0, half),
    ...flat.filter((f) => !head.has(f) && !tail.has(f)),
    ...others.filter((f) => STYLE_LANGUAGES.has(f.language) || f.language === 'SQL'),
    ...support.slice(half),
  ];
  return [entry, ...flat.filter((f) => head.has(f)), ...program.slice(0, at), ...middle, ...program.slice(at), ...flat.filter((f) => tail.has(f))];
}

const sum = (files: readonly CodeFile[]) => files.reduce((a, f) => a + printedLines(f), 0);

/** Lines for the first and the last pages out of `total`: all the room each end has, or the total split in proportion to their room. */
function shares(total: number, first: number, last: number): [number, number] {
  if (total >= first + last || first + last === 0) return [first, last];
  const a = Math.round((total * first) / (first + last));
  return [a, total - a];
}
