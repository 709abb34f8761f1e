import type { Node, Tree } from 'web-tree-sitter';
import type { CodeFile } from '../../intake/intake';
import { grammarOf, parseWith, type Grammar } from './grammars';

/**
 * What one file declares, read from its syntax tree (grammars.ts): symbols with their annotations/decorators and the
 * doc comment that precedes each one (a comment belongs to the declaration right after it, never to the one before),
 * command-line commands and options of the usual frameworks (cobra, Go's flag, argparse, click, commander, yargs, picocli), router
 * entries with their titles, and Django models with their verbose names. Strings are as written in the code (gettext
 * markers unwrapped: `_("User")` → "User"); translation is the caller's (see po.ts).
 */

export interface Annotation {
  /** Name as written without "@": "Api", "RequestMapping", "click.option". */
  name: string;
  /** String values by argument name; the positional ones under "value" (arrays flattened). */
  args: Record<string, string[]>;
}

export interface SymbolFact {
  kind: 'class' | 'function' | 'method' | 'field';
  name: string;
  /** Parameter list as written, without the parentheses ('' for classes and fields). */
  params: string;
  /** 1-based. */
  line: number;
  /** First line of the doc comment (Javadoc/JSDoc/GoDoc/`#` lines before it, or a Python docstring). */
  doc?: string;
  annotations: Annotation[];
  /** Exported: `export`, CommonJS exports, Go's capital letter, Java `public`, a Python name without "_". */
  exported: boolean;
  /** The class a method or field belongs to. */
  owner?: string;
  /** Base classes as written (Python/Java/TS). */
  bases?: string;
}

export type CliFramework = 'cobra' | 'argparse' | 'click' | 'commander' | 'yargs' | 'picocli' | 'flag';

export interface CommandFact {
  kind: 'command' | 'option';
  /** "serve", "--port". */
  name: string;
  /** As the tool prints it: "serve <dir>", "-p, --port <n>", "--config, -c". */
  signature: string;
  doc?: string;
  line: number;
  framework: CliFramework;
  /** For an option: the command it belongs to, when the code says (cobra's variable, click's function). */
  command?: string;
}

export interface RouteTitle {
  /** The page the route loads, as written: "@/views/order/index", "system/user/index". */
  component?: string;
  path?: string;
  /** meta.title as written (Chinese, or an i18n key). */
  title: string;
  line: number;
}

export interface ModelName {
  /** The class: "ServicePattern". */
  name: string;
  verboseName?: string;
  verboseNamePlural?: string;
  /** A Django AppConfig rather than a model. */
  app?: boolean;
  line: number;
}

export interface FileFacts {
  symbols: SymbolFact[];
  commands: CommandFact[];
  routeTitles: RouteTitle[];
  models: ModelName[];
}

const EMPTY: FileFacts = { symbols: [], commands: [], routeTitles: [], models: [] };
const MAX_TEXT = 400_000;
const memo = new WeakMap<object, FileFacts>();

/** The facts of a file (memoised per file object); empty when its grammar is not loaded or the file is too large. */
export function factsOf(file: CodeFile): FileFacts {
  const hit = memo.get(file);
  if (hit) return hit;
  const g = grammarOf(file);
  const text = g ? file.text : '';
  const facts = (g && text.length <= MAX_TEXT ? parseWith(g, text, (tree) => read(g, tree, text, file.path)) : undefined) ?? EMPTY;
  memo.set(file, facts);
  return facts;
}

function read(g: Grammar, tree: Tree, text: string, path: string): FileFacts {
  const out: FileFacts = { symbols: [], commands: [], routeTitles: [], models: [] };
  const root = tree.rootNode;
  if (g === 'java' || g === 'kotlin' || g === 'c_sharp') readJava(root, out);
  else if (g === 'python') readPython(root, out);
  else if (g === 'go') readGo(root, out);
  else if (g === 'javascript' || g === 'typescript' || g === 'tsx') readJs(root, out, text, path);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// shared

const line = (n: Node) => n.startPosition.row + 1;
const named = (n: Node | null | undefined): Node[] => (n ? (n.namedChildren.filter(Boolean) as Node[]) : []);

/** Walks every node under `n` (depth first, pre-order), bounded. */
function* walk(n: Node, max = 200_000): Generator<Node> {
  const stack: Node[] = [n];
  let seen = 0;
  while (stack.length && seen++ < max) {
    const x = stack.pop()!;
    yield x;
    const kids = named(x);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
}

/** The value of a string literal node of any grammar; undefined when the node is not a plain string. */
export function stringValue(n: Node | null | undefined): string | undefined {
  if (!n) return undefined;
  switch (n.type) {
    case 'string_literal': // Java
    case 'string': // Python, JS
    case 'template_string': {
      if (n.type === 'template_string' && named(n).some((c) => c.type === 'template_substitution')) return undefined;
      const t = n.text;
      const body = t.replace(/^[rRuUbBfF]*("""|'''|"|'|`)/, '').replace(/("""|'''|"|'|`)$/, '');
      return body.replace(/\\n/g, '\n').replace(/\\(["'\\])/g, '$1');
    }
    case 'interpreted_string_literal':
    case 'raw_string_literal':
      return n.text.slice(1, -1).replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    case 'call': {
      // gettext markers: _("User"), gettext_lazy("User")
      const fn = n.childForFieldName('function')?.text ?? '';
      if (/^(_|gettext|gettext_lazy|ugettext|ugettext_lazy|pgettext_lazy|gettext_noop|N_)$/.test(fn)) return stringValue(named(n.childForFieldName('arguments'))[0]);
      return undefined;
    }
    case 'concatenated_string':
      return named(n)
        .map((c) => stringValue(c) ?? '')
        .join('');
    case 'binary_expression': {
      const l = stringValue(n.childForFieldName('left'));
      const r = stringValue(n.childForFieldName('right'));
      return l !== undefined && r !== undefined ? l + r : undefined;
    }
    case 'parenthesized_expression':
      return stringValue(named(n)[0]);
    default:
      return undefined;
  }
}

/** The text of a comment without its markers, one entry per line, blank lines and tag lines (@param…) dropped. */
function commentLines(raw: string): string[] {
  return raw
    .replace(/^\/\*\*?|\*\/$/g, '')
    .split('\n')
    .map((l) => l.replace(/^\s*(\/\/\/?|#+|\*+)\s?/, '').trim())
    .filter((l) => l && !l.startsWith('@') && !/^[-=*/]+$/.test(l));
}

const COMMENT = /^(comment|block_comment|line_comment|multiline_comment)$/;

/**
 * The doc comment of a declaration: the comment(s) directly before `decl` — nothing else between them, the last one
 * ending on the line before `decl` or on its line. Consecutive line comments are read together. First line only.
 */
function docBefore(decl: Node): string | undefined {
  const prev = decl.previousNamedSibling;
  if (!prev || !COMMENT.test(prev.type)) return undefined;
  if (prev.endPosition.row < decl.startPosition.row - 1) return undefined;
  const parts: Node[] = [prev];
  if (!prev.text.startsWith('/*')) {
    // a run of line comments (Go, Python, //-style)
    let p = prev.previousNamedSibling;
    while (p && COMMENT.test(p.type) && !p.text.startsWith('/*') && p.endPosition.row === parts[0].startPosition.row - 1) {
      parts.unshift(p);
      p = p.previousNamedSibling;
    }
  } else if (!prev.text.startsWith('/**') && decl.type !== 'function_declaration') {
    // a plain block comment /* … */ is documentation only in Go; elsewhere only /** … */ is
    if (!/^(function_declaration|method_declaration|type_declaration)$/.test(decl.type)) return undefined;
  }
  const lines = parts.flatMap((c) => commentLines(c.text));
  return lines[0]?.slice(0, 160);
}

// ---------------------------------------------------------------------------------------------------------------
// Java, Kotlin, C#: annotations, Javadoc, picocli

function annotationsOf(mods: Node | null | undefined): Annotation[] {
  const out: Annotation[] = [];
  for (const a of named(mods)) {
    if (a.type !== 'annotation' && a.type !== 'marker_annotation') continue;
    const name = a.childForFieldName('name')?.text ?? '';
    const args: Record<string, string[]> = {};
    for (const arg of named(a.childForFieldName('arguments'))) {
      if (arg.type === 'element_value_pair') {
        const key = arg.childForFieldName('key')?.text ?? 'value';
        args[key] = valuesOf(arg.childForFieldName('value'));
      } else (args.value ??= []).push(...valuesOf(arg));
    }
    out.push({ name, args });
  }
  return out;
}

function valuesOf(v: Node | null | undefined): string[] {
  if (!v) return [];
  const s = stringValue(v);
  if (s !== undefined) return [s];
  if (v.type === 'element_value_array_initializer' || v.type === 'array_initializer') return named(v).flatMap(valuesOf);
  return [];
}

const javaParams = (n: Node | null) => (n?.text ?? '()').replace(/^\(|\)$/g, '').replace(/\s+/g, ' ').trim();

function readJava(root: Node, out: FileFacts): void {
  for (const n of walk(root)) {
    if (n.type !== 'class_declaration' && n.type !== 'interface_declaration' && n.type !== 'enum_declaration' && n.type !== 'record_declaration') continue;
    const mods = named(n).find((c) => c.type === 'modifiers');
    const cls = n.childForFieldName('name')?.text ?? '';
    const anns = annotationsOf(mods);
    const isPublic = /\bpublic\b/.test(mods?.text ?? '') || n.parent?.type === 'program';
    out.symbols.push({ kind: 'class', name: cls, params: '', line: line(n), doc: docBefore(n), annotations: anns, exported: isPublic, bases: n.childForFieldName('superclass')?.text.replace(/^extends\s+/, '') });
    const command = anns.find((a) => a.name === 'Command' || a.name === 'CommandLine.Command');
    const cmdName = command?.args.name?.[0] ?? (command ? cls : undefined);
    if (command) out.commands.push({ kind: 'command', name: cmdName!, signature: cmdName!, doc: command.args.description?.[0], line: line(n), framework: 'picocli' });
    for (const m of named(n.childForFieldName('body'))) {
      if (m.type !== 'method_declaration' && m.type !== 'field_declaration' && m.type !== 'constructor_declaration') continue;
      const mm = named(m).find((c) => c.type === 'modifiers');
      const manns = annotationsOf(mm);
      const pub = /\bpublic\b/.test(mm?.text ?? '') || n.type === 'interface_declaration';
      if (m.type === 'field_declaration') {
        const name = m.descendantsOfType('variable_declarator')[0]?.childForFieldName('name')?.text ?? '';
        if (!manns.length) continue;
        out.symbols.push({ kind: 'field', name, params: '', line: line(m), doc: docBefore(m), annotations: manns, exported: pub, owner: cls });
        const opt = manns.find((a) => a.name === 'Option' || a.name === 'CommandLine.Option');
        if (opt?.args.names?.length) out.commands.push({ kind: 'option', name: opt.args.names.at(-1)!, signature: opt.args.names.join(', '), doc: opt.args.description?.[0] ?? docBefore(m), line: line(m), framework: 'picocli', command: cmdName });
        const par = manns.find((a) => a.name === 'Parameters' || a.name === 'CommandLine.Parameters');
        if (par) out.commands.push({ kind: 'option', name: `<${par.args.paramLabel?.[0] ?? name}>`, signature: `<${par.args.paramLabel?.[0] ?? name}>`, doc: par.args.description?.[0], line: line(m), framework: 'picocli', command: cmdName });
        continue;
      }
      const name = m.childForFieldName('name')?.text ?? cls;
      out.symbols.push({ kind: 'method', name, params: javaParams(m.childForFieldName('parameters')), line: line(m), doc: docBefore(m), annotations: manns, exported: pub, owner: cls });
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Python: definitions with decorators and docstrings, Django names, argparse and click

function docstring(def: Node): string | undefined {
  const first = named(def.childForFieldName('body'))[0];
  if (first?.type !== 'expression_statement') return undefined;
  const s = named(first)[0];
  if (s?.type !== 'string') return undefined;
  return commentLines(stringValue(s) ?? '')[0]?.slice(0, 160);
}

function pyDecorators(def: Node): Annotation[] {
  const wrap = def.parent?.type === 'decorated_definition' ? def.parent : undefined;
  if (!wrap) return [];
  const out: Annotation[] = [];
  for (const d of named(wrap).filter((c) => c.type === 'decorator')) {
    const e = named(d)[0];
    if (!e) continue;
    const call = e.type === 'call' ? e : undefined;
    const name = (call ? call.childForFieldName('function') : e)?.text ?? '';
    const args: Record<string, string[]> = {};
    for (const a of named(call?.childForFieldName('arguments'))) {
      if (a.type === 'keyword_argument') {
        const v = stringValue(a.childForFieldName('value'));
        if (v !== undefined) args[a.childForFieldName('name')?.text ?? ''] = [v];
      } else {
        const v = stringValue(a);
        if (v !== undefined) (args.value ??= []).push(v);
      }
    }
    out.push({ name, args });
  }
  return out;
}

function readPython(root: Node, out: FileFacts): void {
  for (const n of walk(root)) {
    if (n.type === 'class_definition' || n.type === 'function_definition') {
      const name = n.childForFieldName('name')?.text ?? '';
      const ownerNode = n.parent?.parent?.type === 'class_definition' ? n.parent.parent : n.parent?.parent?.parent?.type === 'class_definition' ? n.parent.parent.parent : undefined;
      const owner = ownerNode?.childForFieldName('name')?.text;
      const anns = pyDecorators(n);
      const decl = n.parent?.type === 'decorated_definition' ? n.parent : n;
      const doc = docstring(n) ?? docBefore(decl);
      if (n.type === 'class_definition') {
        const bases = n.childForFieldName('superclasses')?.text.replace(/^\(|\)$/g, '');
        out.symbols.push({ kind: 'class', name, params: '', line: line(n), doc, annotations: anns, exported: !name.startsWith('_'), owner, bases });
        // Django: class Meta: verbose_name = _("…") inside a model; class XConfig(AppConfig): verbose_name = _("…")
        const body = named(n.childForFieldName('body'));
        const meta = body.find((c) => c.type === 'class_definition' && c.childForFieldName('name')?.text === 'Meta');
        const isApp = /\bAppConfig\b/.test(bases ?? '');
        const source = isApp ? n : meta;
        if (source) {
          const m: ModelName = { name, line: line(n), app: isApp || undefined };
          for (const st of named(source.childForFieldName('body'))) {
            const as = st.type === 'expression_statement' ? named(st)[0] : undefined;
            if (as?.type !== 'assignment') continue;
            const key = as.childForFieldName('left')?.text;
            const v = stringValue(as.childForFieldName('right'));
            if (key === 'verbose_name' && v) m.verboseName = v;
            if (key === 'verbose_name_plural' && v) m.verboseNamePlural = v;
          }
          if (m.verboseName || m.verboseNamePlural) out.models.push(m);
        }
      } else {
        const params = (n.childForFieldName('parameters')?.text ?? '()').replace(/^\(|\)$/g, '').replace(/\s+/g, ' ').trim();
        out.symbols.push({ kind: owner ? 'method' : 'function', name, params, line: line(n), doc, annotations: anns, exported: !name.startsWith('_'), owner });
        // click: @click.command() / @cli.command("name") / @click.group(); options and arguments beside it
        const cmd = anns.find((a) => /(^|\.)(command|group)$/.test(a.name));
        if (cmd) {
          const cname = cmd.args.value?.[0] ?? cmd.args.name?.[0] ?? name.replace(/_/g, '-');
          out.commands.push({ kind: 'command', name: cname, signature: cname, doc: cmd.args.help?.[0] ?? doc, line: line(n), framework: 'click' });
          for (const a of anns) {
            if (/(^|\.)option$/.test(a.name) && a.args.value?.length) {
              const names = a.args.value.filter((v) => v.startsWith('-'));
              if (names.length) out.commands.push({ kind: 'option', name: names.find((x) => x.startsWith('--')) ?? names[0], signature: names.join(', '), doc: a.args.help?.[0], line: line(n), framework: 'click', command: cname });
            } else if (/(^|\.)argument$/.test(a.name) && a.args.value?.[0]) {
              out.commands.push({ kind: 'option', name: a.args.value[0].toUpperCase(), signature: a.args.value[0].toUpperCase(), line: line(n), framework: 'click', command: cname });
            }
          }
        }
      }
    } else if (n.type === 'call') {
      const fn = n.childForFieldName('function');
      if (fn?.type !== 'attribute') continue;
      const method = fn.childForFieldName('attribute')?.text;
      if (method !== 'add_argument' && method !== 'add_parser') continue;
      const args = named(n.childForFieldName('arguments'));
      const names = args.map((a) => (a.type === 'keyword_argument' ? undefined : stringValue(a))).filter((s): s is string => s !== undefined);
      const kw = (k: string) => stringValue(args.find((a) => a.type === 'keyword_argument' && a.childForFieldName('name')?.text === k)?.childForFieldName('value'));
      if (!names.length) continue;
      if (method === 'add_parser') out.commands.push({ kind: 'command', name: names[0], signature: names[0], doc: kw('help') ?? kw('description'), line: line(n), framework: 'argparse' });
      else out.commands.push({ kind: 'option', name: names.find((x) => x.startsWith('--')) ?? names[0], signature: names.join(', '), doc: kw('help'), line: line(n), framework: 'argparse' });
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Go: declarations with their doc comments, cobra commands and flags

/** Functions of Go's flag package that define a flag: Bool, BoolVar, String, StringVar, Int, Duration… */
const GO_FLAG = /^(Bool|String|Int|Int64|Uint|Uint64|Float64|Duration)(Var)?$/;
const COBRA_FLAG = /^(Bool|String|Int|Int8|Int16|Int32|Int64|Uint|Uint8|Uint16|Uint32|Uint64|Float32|Float64|Duration|StringSlice|StringArray|IntSlice|StringToString|Count|IP|IPNet|BytesHex|BoolSlice)(Var)?(P)?$/;

function readGo(root: Node, out: FileFacts): void {
  /** cobra variable → its Use's first word. */
  const cmdOf = new Map<string, string>();
  for (const n of walk(root)) {
    if (n.type === 'function_declaration' || n.type === 'method_declaration') {
      const name = n.childForFieldName('name')?.text ?? '';
      const params = (n.childForFieldName('parameters')?.text ?? '()').replace(/^\(|\)$/g, '').replace(/\s+/g, ' ').trim();
      const recv = n.type === 'method_declaration' ? n.childForFieldName('receiver')?.text.replace(/^\(\s*\w*\s*\*?|\)$/g, '').trim() : undefined;
      out.symbols.push({ kind: recv ? 'method' : 'function', name, params, line: line(n), doc: docBefore(n), annotations: [], exported: /^[A-Z]/.test(name), owner: recv });
    } else if (n.type === 'type_declaration') {
      for (const spec of named(n).filter((c) => c.type === 'type_spec')) {
        const name = spec.childForFieldName('name')?.text ?? '';
        out.symbols.push({ kind: 'class', name, params: '', line: line(n), doc: docBefore(n), annotations: [], exported: /^[A-Z]/.test(name) });
      }
    } else if (n.type === 'composite_literal' && /(^|\.)Command$/.test(n.childForFieldName('type')?.text ?? '') && /cobra/.test(n.childForFieldName('type')?.text ?? '')) {
      const fields = new Map<string, string>();
      for (const kv of named(n.childForFieldName('body')).filter((c) => c.type === 'keyed_element')) {
        const [k, v] = named(kv);
        const key = (k?.type === 'literal_element' ? named(k)[0] : k)?.text;
        const val = stringValue(v?.type === 'literal_element' ? named(v)[0] : v);
        if (key && val !== undefined) fields.set(key, val);
      }
      const use = fields.get('Use');
      if (!use) continue;
      out.commands.push({ kind: 'command', name: use.split(/\s+/)[0], signature: use, doc: fields.get('Short') ?? commentLines(fields.get('Long') ?? '')[0], line: line(n), framework: 'cobra' });
      // var rootCmd = &cobra.Command{…} / rootCmd := &cobra.Command{…}
      let p: Node | null = n.parent;
      for (let i = 0; p && i < 4 && p.type !== 'var_spec' && p.type !== 'short_var_declaration' && p.type !== 'assignment_statement'; i++) p = p.parent;
      const v = p ? (p.childForFieldName('name') ?? p.childForFieldName('left'))?.text : undefined;
      if (v) cmdOf.set(v, use.split(/\s+/)[0]);
    } else if (n.type === 'call_expression') {
      const fn = n.childForFieldName('function');
      if (fn?.type !== 'selector_expression') continue;
      const field = fn.childForFieldName('field')?.text ?? '';
      const operand = fn.childForFieldName('operand');
      // The standard library's flag package: flag.BoolVar(&v, "d", false, "decrypt the input"), flag.Var(&v, "r", "…"),
      // flag.Func("i", "…", fn). Its flags are written with one dash.
      if (operand?.text === 'flag' && (GO_FLAG.test(field) || field === 'Var' || field === 'Func' || field === 'TextVar' || field === 'BoolFunc')) {
        const strs = named(n.childForFieldName('arguments')).map((a) => stringValue(a));
        const offset = field === 'Func' || field === 'BoolFunc' ? 0 : /Var$/.test(field) ? 1 : 0;
        const name = strs[offset];
        if (!name) continue;
        const usage = field === 'Func' || field === 'BoolFunc' ? strs[1] : strs.filter((x): x is string => x !== undefined).at(-1);
        out.commands.push({ kind: 'option', name: `-${name}`, signature: `-${name}`, doc: usage !== name ? usage : undefined, line: line(n), framework: 'flag' });
        continue;
      }
      const fm = COBRA_FLAG.exec(field);
      if (!fm || !operand || !/Flags\(\)$/.test(operand.text)) continue;
      const strs = named(n.childForFieldName('arguments')).map((a) => stringValue(a));
      const lits = strs.filter((s): s is string => s !== undefined);
      const offset = fm[2] ? 1 : 0; // XxxVar takes the variable first
      const name = strs[offset];
      if (!name) continue;
      const short = fm[3] ? strs[offset + 1] : undefined;
      const usage = lits.length > (short !== undefined ? 2 : 1) ? lits.at(-1) : undefined;
      const owner = /^(\w+)\./.exec(operand.text)?.[1];
      out.commands.push({ kind: 'option', name: `--${name}`, signature: short ? `--${name}, -${short}` : `--${name}`, doc: usage, line: line(n), framework: 'cobra', command: owner });
    }
  }
  for (const c of out.commands) if (c.kind === 'option' && c.command) c.command = cmdOf.get(c.command) ?? c.command;
}

// ---------------------------------------------------------------------------------------------------------------
// JavaScript / TypeScript: exported declarations with JSDoc, commander/yargs, router titles

function jsParams(fn: Node | null | undefined): string {
  const p = fn?.childForFieldName('parameters') ?? fn?.childForFieldName('parameter');
  return (p?.text ?? '').replace(/^\(|\)$/g, '').replace(/\s+/g, ' ').trim();
}

const FN_VALUE = /^(arrow_function|function_expression|function|generator_function)$/;

function readJs(root: Node, out: FileFacts, text: string, path: string): void {
  // CommonJS: names given to module.exports / exports.x; an anonymous `module.exports = function` is named by its file.
  const cjs = new Set<string>();
  const fileStem = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  if (text.includes('exports')) {
    for (const n of walk(root)) {
      if (n.type !== 'assignment_expression') continue;
      const left = n.childForFieldName('left')?.text ?? '';
      const right = n.childForFieldName('right');
      const m = /^(?:module\.)?exports\.(\w+)$/.exec(left);
      if (m) {
        cjs.add(m[1]);
        if (right && FN_VALUE.test(right.type)) out.symbols.push({ kind: 'function', name: m[1], params: jsParams(right), line: line(n), doc: docBefore(n.parent ?? n), annotations: [], exported: true });
        else if (right?.type === 'identifier') cjs.add(right.text);
      } else if (left === 'module.exports' && right) {
        if (right.type === 'identifier') cjs.add(right.text);
        else if (right.type === 'object') for (const p of named(right)) cjs.add((p.childForFieldName('key') ?? p).text);
        else if (FN_VALUE.test(right.type)) out.symbols.push({ kind: 'function', name: right.childForFieldName('name')?.text ?? fileStem, params: jsParams(right), line: line(n), doc: docBefore(n.parent ?? n), annotations: [], exported: true });
      }
    }
  }
  for (const st of named(root)) {
    const exported = st.type === 'export_statement';
    const decl = exported ? st.childForFieldName('declaration') : st;
    if (!decl) continue;
    const docNode = st;
    if (/^(function_declaration|generator_function_declaration)$/.test(decl.type)) {
      const name = decl.childForFieldName('name')?.text ?? 'default';
      out.symbols.push({ kind: 'function', name, params: jsParams(decl), line: line(decl), doc: docBefore(docNode), annotations: [], exported: exported || cjs.has(name) });
    } else if (decl.type === 'class_declaration' || decl.type === 'abstract_class_declaration') {
      const name = decl.childForFieldName('name')?.text ?? 'default';
      out.symbols.push({ kind: 'class', name, params: '', line: line(decl), doc: docBefore(docNode), annotations: [], exported: exported || cjs.has(name) });
    } else if (decl.type === 'lexical_declaration' || decl.type === 'variable_declaration') {
      for (const d of named(decl).filter((c) => c.type === 'variable_declarator')) {
        const v = d.childForFieldName('value');
        const name = d.childForFieldName('name')?.text ?? '';
        if (v && FN_VALUE.test(v.type)) out.symbols.push({ kind: 'function', name, params: jsParams(v), line: line(d), doc: docBefore(docNode), annotations: [], exported: exported || cjs.has(name) });
      }
    }
  }
  const cli = /\bcommander\b|\byargs\b|\bprogram\s*\./.test(text);
  const routes = /\bmeta\s*:/.test(text) && /\btitle\s*:/.test(text);
  if (!cli && !routes) return;
  /** import X from '…' → the module of X (for `component: X`). */
  const imported = new Map<string, string>();
  if (routes)
    for (const st of named(root)) {
      if (st.type !== 'import_statement') continue;
      const src = stringValue(st.childForFieldName('source'));
      const id = st.descendantsOfType('identifier')[0]?.text;
      if (src && id) imported.set(id, src);
    }
  for (const n of walk(root)) {
    if (cli && n.type === 'call_expression') readCliCall(n, out);
    if (routes && n.type === 'object') {
      const pairs = new Map<string, Node>();
      for (const p of named(n)) if (p.type === 'pair') pairs.set((p.childForFieldName('key')?.text ?? '').replace(/^['"]|['"]$/g, ''), p.childForFieldName('value')!);
      const meta = pairs.get('meta');
      if (meta?.type !== 'object') continue;
      const titleNode = named(meta).find((p) => p.type === 'pair' && /^['"]?title['"]?$/.test(p.childForFieldName('key')?.text ?? ''));
      const title = stringValue(titleNode?.childForFieldName('value'));
      if (!title) continue;
      const comp = pairs.get('component');
      let component: string | undefined;
      if (comp) {
        const call = comp.type === 'call_expression' ? comp : comp.descendantsOfType('call_expression')[0];
        component = stringValue(call ? named(call.childForFieldName('arguments'))[0] : undefined) ?? stringValue(comp) ?? imported.get(comp.text);
      }
      out.routeTitles.push({ component, path: stringValue(pairs.get('path')), title, line: line(n) });
    }
  }
}

/** commander: .command('serve <dir>').description('…') / .option('-p, --port <n>', '…'); yargs: .command('x', '…') / .option('x', { describe }). */
function readCliCall(n: Node, out: FileFacts): void {
  const fn = n.childForFieldName('function');
  if (fn?.type !== 'member_expression') return;
  const prop = fn.childForFieldName('property')?.text;
  if (prop !== 'command' && prop !== 'option' && prop !== 'requiredOption' && prop !== 'argument') return;
  const args = named(n.childForFieldName('arguments'));
  const first = stringValue(args[0]);
  if (!first) return;
  const second = args[1];
  let doc = stringValue(second);
  let framework: CliFramework = 'commander';
  if (!doc && second?.type === 'object') {
    framework = 'yargs';
    for (const p of named(second)) if (p.type === 'pair' && /^(describe|description|desc)$/.test(p.childForFieldName('key')?.text ?? '')) doc = stringValue(p.childForFieldName('value'));
  }
  // commander: the description follows in the chain: .command('x').description('…')
  if (!doc) {
    let up: Node | null = n;
    for (let i = 0; i < 6 && up?.parent?.type === 'member_expression' && up.parent.parent?.type === 'call_expression'; i++) {
      const call: Node = up.parent.parent;
      const p = up.parent.childForFieldName('property')?.text;
      if (p === 'description' || p === 'summary' || p === 'describe') {
        doc = stringValue(named(call.childForFieldName('arguments'))[0]);
        break;
      }
      if (p === 'command' || p === 'option') break;
      up = call;
    }
  }
  if (prop === 'command') out.commands.push({ kind: 'command', name: first.split(/\s+/)[0], signature: first, doc, line: line(n), framework });
  else {
    const long = /--[\w-]+/.exec(first)?.[0];
    const name = long ?? (framework === 'yargs' && !first.startsWith('-') ? `--${first}` : first.split(/[ ,]/)[0]);
    out.commands.push({ kind: 'option', name, signature: framework === 'yargs' && !first.startsWith('-') ? `--${first}` : first, doc, line: line(n), framework });
  }
}
