import { createRequire } from 'node:module';
import { Language, Parser, type Node, type Tree } from 'web-tree-sitter';

/** The grammars the page reader uses (prebuilt WebAssembly grammars of the npm package tree-sitter-wasms). */
export type Grammar = 'vue' | 'html' | 'tsx' | 'javascript' | 'typescript';

export interface PageParser {
  /** Parses `text` with `grammar`; the caller deletes the tree (`tree.delete()`) when done. */
  parse(grammar: Grammar, text: string): Tree | undefined;
}

let loading: Promise<PageParser> | undefined;

/**
 * The page reader's parser: web-tree-sitter initialised once per thread with the vue, html, tsx, javascript and
 * typescript grammars of tree-sitter-wasms. Resolves once; a grammar that fails to load leaves that grammar's files
 * unread (parse answers undefined) rather than failing the analysis.
 */
export function pageParser(): Promise<PageParser> {
  loading ??= (async () => {
    await Parser.init();
    const require = createRequire(import.meta.url);
    const langs = new Map<Grammar, Language>();
    for (const g of ['vue', 'html', 'tsx', 'javascript', 'typescript'] as const) {
      try {
        langs.set(g, await Language.load(require.resolve(`tree-sitter-wasms/out/tree-sitter-${g}.wasm`)));
      } catch {
        // a missing grammar: its files are not read
      }
    }
    const parsers = new Map<Grammar, Parser>();
    return {
      parse(grammar: Grammar, text: string): Tree | undefined {
        const lang = langs.get(grammar);
        if (!lang) return undefined;
        let p = parsers.get(grammar);
        if (!p) {
          p = new Parser();
          p.setLanguage(lang);
          parsers.set(grammar, p);
        }
        return p.parse(text) ?? undefined;
      },
    };
  })();
  return loading;
}

/** Every named node below `root` (itself included), depth first, in source order (a tree cursor: no child arrays). */
export function* walk(root: Node): Generator<Node> {
  const c = root.walk();
  try {
    for (;;) {
      if (c.nodeIsNamed) yield c.currentNode;
      if (c.gotoFirstChild()) continue;
      while (!c.gotoNextSibling()) {
        if (!c.gotoParent() || c.currentNode.id === root.id) return;
      }
    }
  } finally {
    c.delete();
  }
}

/** 1-based line of a node, plus `offset` lines (a block parsed out of a larger file). */
export const lineOf = (n: Node, offset = 0): number => n.startPosition.row + 1 + offset;
