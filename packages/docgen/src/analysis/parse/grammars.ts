import { createRequire } from 'node:module';
import { Language, Parser, type Tree } from 'web-tree-sitter';
import type { CodeFile } from '../../intake/intake';

/**
 * The syntax trees of the code: web-tree-sitter (0.25) with the prebuilt grammars of tree-sitter-wasms. The runtime
 * and each grammar are loaded once per process, lazily, only for the grammars an analysis needs (loadGrammarsFor);
 * parsing is synchronous afterwards (parseWith). A grammar that is not loaded yields no tree: the readers built on it
 * then find nothing for that file, so callers that need the facts await loadGrammarsFor first.
 */

export type Grammar = 'java' | 'kotlin' | 'javascript' | 'typescript' | 'tsx' | 'python' | 'go' | 'php' | 'c_sharp' | 'html' | 'vue';

/** The grammar of a code file, by its language and extension; undefined for languages read without a parser. */
export function grammarOf(file: Pick<CodeFile, 'path' | 'language'>): Grammar | undefined {
  const p = file.path.toLowerCase();
  switch (file.language) {
    case 'Java':
      return 'java';
    case 'Kotlin':
      return 'kotlin';
    case 'Python':
      return 'python';
    case 'Go':
      return 'go';
    case 'PHP':
      return 'php';
    case 'C#':
      return 'c_sharp';
    case 'TypeScript':
      return p.endsWith('.tsx') ? 'tsx' : 'typescript';
    case 'JavaScript':
      // JSX parses with the JavaScript grammar (it includes JSX).
      return 'javascript';
    default:
      return undefined;
  }
}

let runtime: Promise<void> | undefined;
const loading = new Map<Grammar, Promise<Language | undefined>>();
const loaded = new Map<Grammar, Language>();
const parsers = new Map<Grammar, Parser>();

/** The last load started: grammars load one after another (two concurrent Language.load calls mix up their symbols). */
let queue: Promise<unknown> = Promise.resolve();

function load(g: Grammar): Promise<Language> {
  const next = queue.then(async () => {
    runtime ??= Parser.init();
    await runtime;
    const path = createRequire(import.meta.url).resolve(`tree-sitter-wasms/out/tree-sitter-${g}.wasm`);
    const lang = await Language.load(path);
    loaded.set(g, lang);
    return lang;
  });
  queue = next.catch(() => undefined);
  return next;
}

/**
 * Loads the grammars of `names` (each once per process; concurrent calls share the load). A grammar that cannot be
 * loaded is left out (its files then yield no facts) and the error is not thrown: the analysis goes on without it.
 */
export async function loadGrammars(names: Iterable<Grammar>): Promise<void> {
  const wanted = [...new Set(names)];
  await Promise.all(
    wanted.map((g) => {
      let p = loading.get(g);
      if (!p) {
        p = load(g).catch(() => undefined);
        loading.set(g, p);
      }
      return p;
    }),
  );
}

/** The grammars the files need (see grammarOf). */
export function grammarsFor(files: Iterable<Pick<CodeFile, 'path' | 'language'>>): Set<Grammar> {
  const out = new Set<Grammar>();
  for (const f of files) {
    const g = grammarOf(f);
    if (g) out.add(g);
  }
  return out;
}

/** Loads the grammars `files` need (loadGrammars over grammarsFor). */
export function loadGrammarsFor(files: Iterable<Pick<CodeFile, 'path' | 'language'>>): Promise<void> {
  return loadGrammars(grammarsFor(files));
}

/** True when the grammar is loaded (parseWith gives a tree). */
export const hasGrammar = (g: Grammar): boolean => loaded.has(g);

/**
 * Parses `text` with a loaded grammar and passes the tree to `read`; the tree is freed afterwards (its memory lives
 * in the WebAssembly heap). Undefined when the grammar is not loaded or the text does not parse.
 */
export function parseWith<T>(g: Grammar, text: string, read: (tree: Tree) => T): T | undefined {
  const lang = loaded.get(g);
  if (!lang) return undefined;
  let parser = parsers.get(g);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(lang);
    parsers.set(g, parser);
  }
  const tree = parser.parse(text);
  if (!tree) return undefined;
  try {
    return read(tree);
  } finally {
    tree.delete();
  }
}
