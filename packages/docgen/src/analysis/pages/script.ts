import type { Node } from 'web-tree-sitter';
import { literal } from './elements';
import type { PageCall, PageFacts, PageFieldKind, PageText } from './model';
import { lineOf, walk } from './parser';
import { inputKind, usable } from './rules';

/**
 * What a page's script says (JavaScript/TypeScript, parsed with tree-sitter): confirmation prompts, messages of input
 * rules, the server calls it makes (directly, or through the API functions it imports), and table columns, form
 * schemas and tabs declared as objects.
 */

/** A message shown for a wrong or missing input (a toast or error that is not one of these is not a rule). */
const RULE_MESSAGE = /请|不能|不得|不可|必须|必填|有误|错误|格式|不正确|不一致|至少|不超过|不少于|长度|超过|invalid|required|must|cannot|can't|should/i;

/** The text of a string-ish node: a string, a template without substitutions, or the leading literal of "a" + b. */
function str(n: Node | null | undefined): string | undefined {
  if (!n) return undefined;
  if (n.type === 'string') return n.text.slice(1, -1);
  if (n.type === 'template_string') {
    const t = n.text.slice(1, -1);
    const cut = t.indexOf('${');
    return cut < 0 ? t : t.slice(0, cut);
  }
  if (n.type === 'binary_expression') return str(n.childForFieldName('left'));
  if (n.type === 'parenthesized_expression') return str(n.namedChildren[0]);
  return undefined;
}

/** An object literal's properties: key → value node. */
function props(obj: Node): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const p of obj.namedChildren) {
    if (p?.type !== 'pair') continue;
    const k = p.childForFieldName('key');
    const v = p.childForFieldName('value');
    if (!k || !v) continue;
    const key = k.type === 'string' ? k.text.slice(1, -1) : k.text;
    out.set(key, v);
  }
  return out;
}

const args = (call: Node) => (call.childForFieldName('arguments')?.namedChildren ?? []).filter((x): x is Node => !!x);

const CONFIRM_CALLEE = /(^|\.)(\$confirm|confirm|showModal)$|(MessageBox|ElMessageBox|Modal|Dialog|\$modal|modal|\$dialog)\.confirm$/;
const ERROR_CALLEE = /(^|\.)(\$message|message|ElMessage|Message|\$toast|Toast|\$modal|notification|\$notify)\.(error|warning|warn|fail|msgError|msgWarning)$|(^|\.)(msgError|msgWarning|showToast|Toast)$/;
const HTTP_CALLEE = /(^|\.)(get|post|put|delete|del|patch|request|fetch|axios|\$get|\$post|\$put|\$delete|\$http|http|ajax|service|uploadFile|downloadFile)$/i;
const METHOD_OF = (seg: string) => (/^\$?(get|post|put|patch)$/i.test(seg) ? seg.replace('$', '').toUpperCase() : /^\$?(delete|del)$/i.test(seg) ? 'DELETE' : undefined);

/** A call to the server in `call`, when it has a path or URL written in the code. */
export function httpCall(call: Node, offset = 0): PageCall | undefined {
  const fn = call.childForFieldName('function');
  if (!fn) return undefined;
  const callee = fn.text.replace(/\s+/g, '');
  if (!HTTP_CALLEE.test(callee)) return undefined;
  const seg = callee.slice(callee.lastIndexOf('.') + 1);
  const a = args(call);
  let path = str(a[0]);
  let method = METHOD_OF(seg);
  if (a[0]?.type === 'object') {
    const p = props(a[0]);
    path = str(p.get('url'));
    const m = str(p.get('method'));
    if (m) method = m.toUpperCase();
  }
  if (!path || !/^(\/|https?:\/\/)[^\s]*$/.test(path) || path.length > 120 || /\.(png|jpe?g|gif|svg|css|js)$/i.test(path)) return undefined;
  return { text: path, method, line: lineOf(call, offset) };
}

/** Exported API functions of a file (src/api/user.js `export function listUser(q) { return request({ url: … }) }`): name → call. */
export function apiFunctions(root: Node): Map<string, PageCall> {
  const out = new Map<string, PageCall>();
  for (const n of walk(root)) {
    let name: string | undefined;
    let body: Node | null = null;
    if (n.type === 'function_declaration') {
      name = n.childForFieldName('name')?.text;
      body = n.childForFieldName('body');
    } else if (n.type === 'variable_declarator') {
      const v = n.childForFieldName('value');
      if (v && /function|arrow_function/.test(v.type)) {
        name = n.childForFieldName('name')?.text;
        body = v;
      }
    } else if (n.type === 'pair' && n.parent?.type === 'object') {
      const v = n.childForFieldName('value');
      if (v && /function|arrow_function/.test(v.type)) {
        name = n.childForFieldName('key')?.text;
        body = v;
      }
    } else if (n.type === 'method_definition') {
      name = n.childForFieldName('name')?.text;
      body = n.childForFieldName('body');
    }
    if (!name || !body || out.has(name)) continue;
    for (const c of walk(body)) {
      if (c.type !== 'call_expression') continue;
      const call = httpCall(c);
      if (call) {
        out.set(name, call);
        break;
      }
    }
  }
  return out;
}

export interface ScriptContext {
  /** The API functions an import names: (import source, function name) → the call it makes, with its file. */
  apiCall?: (source: string, name: string) => (PageCall & { file: string }) | undefined;
  /** Line offset of the script inside its file (a Vue SFC's <script>). */
  offset?: number;
}

const add = (list: PageText[], text: string | undefined, line: number, max = 60) => {
  if (!text) return;
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t || !/[\u3400-\u9fffA-Za-z]/.test(t) || [...t].length > max || list.some((x) => x.text === t)) return;
  list.push({ text: t, line });
};

const FIELD_KIND: Record<string, PageFieldKind> = { Select: 'select', ApiSelect: 'select', TreeSelect: 'select', Cascader: 'select', DatePicker: 'date', RangePicker: 'date', TimePicker: 'date', InputNumber: 'number', InputTextArea: 'textarea', Textarea: 'textarea', Switch: 'switch', RadioGroup: 'radio', RadioButtonGroup: 'radio', CheckboxGroup: 'checkbox', Upload: 'upload', InputPassword: 'password' };

/** Reads a script tree into `facts`: confirms, validations, calls, column objects, form schemas, tab items. */
export function applyScript(root: Node, facts: PageFacts, ctx: ScriptContext = {}): void {
  const offset = ctx.offset ?? 0;
  const imports = new Map<string, string>();
  for (const n of walk(root)) {
    if (n.type === 'import_statement') {
      const source = str(n.childForFieldName('source'));
      if (!source) continue;
      for (const id of n.descendantsOfType(['identifier'])) if (id) imports.set(id.text, source);
      continue;
    }
    if (n.type === 'call_expression') {
      const fn = n.childForFieldName('function');
      const callee = (fn?.text ?? '').replace(/\s+/g, '');
      const a = args(n);
      const line = lineOf(n, offset);
      if (CONFIRM_CALLEE.test(callee)) {
        if (a[0]?.type === 'object') {
          const p = props(a[0]);
          add(facts.confirms, str(p.get('content')) ?? str(p.get('message')) ?? str(p.get('title')), line);
        } else add(facts.confirms, str(a[0]), line);
        continue;
      }
      if (ERROR_CALLEE.test(callee)) {
        const text = a[0]?.type === 'object' ? (str(props(a[0]).get('title')) ?? str(props(a[0]).get('message'))) : str(a[0]);
        if (text && RULE_MESSAGE.test(text)) add(facts.validations, text, line);
        continue;
      }
      if (/(^|\.)(callback|cb|reject|next)$/.test(callee) && a[0]?.type === 'new_expression' && /Error$/.test(a[0].childForFieldName('constructor')?.text ?? '')) {
        const e = a[0].childForFieldName('arguments')?.namedChildren[0];
        add(facts.validations, str(e), line);
        continue;
      }
      const call = httpCall(n, offset);
      if (call) {
        if (!facts.calls.some((c) => c.text === call.text && c.method === call.method)) facts.calls.push(call);
        continue;
      }
      if (fn?.type === 'identifier' && imports.has(fn.text) && ctx.apiCall) {
        const api = ctx.apiCall(imports.get(fn.text)!, fn.text);
        if (api && !facts.calls.some((c) => c.text === api.text && c.method === api.method)) facts.calls.push({ text: api.text, method: api.method, line });
      }
      continue;
    }
    if (n.type === 'object') {
      const p = props(n);
      const msg = str(p.get('message'));
      const ruleType = /^(string|number|boolean|method|regexp|integer|float|array|object|enum|date|url|hex|email|any)$/.test(str(p.get('type')) ?? '');
      if (msg && (ruleType || ['required', 'pattern', 'min', 'max', 'trigger', 'validator', 'len', 'whitespace'].some((k) => p.has(k))) && !p.has('title') && !p.has('duration')) {
        add(facts.validations, msg, lineOf(n, offset));
        continue;
      }
      const title = str(p.get('title'));
      if (title && (p.has('dataIndex') || p.has('prop') || p.has('valueType') || (p.has('key') && p.has('render')))) {
        if (p.get('hideInTable')?.text !== 'true' && usable(title, 12) && !facts.columns.some((c) => c.text === title)) facts.columns.push({ text: title, line: lineOf(n, offset) });
        continue;
      }
      const label = str(p.get('label'));
      if (label && p.has('component') && (p.has('field') || p.has('prop'))) {
        const comp = str(p.get('component')) ?? '';
        const kind = FIELD_KIND[comp] ?? inputKind({ tag: comp.toLowerCase(), raw: comp, attrs: new Map(), text: '', line: 0, children: [] }) ?? 'text';
        if (usable(label, 12) && !facts.fields.some((f) => f.text === label)) facts.fields.push({ text: label, kind, line: lineOf(n, offset) });
        continue;
      }
      if (label && (p.has('prop') || p.has('field')) && !p.has('value')) {
        if (usable(label, 12) && !facts.columns.some((c) => c.text === label)) facts.columns.push({ text: label, line: lineOf(n, offset) });
        continue;
      }
      if (label && p.has('key') && p.has('children') && usable(label, 10) && !facts.tabs.some((t) => t.text === label)) facts.tabs.push({ text: label, line: lineOf(n, offset) });
    }
  }
  void literal;
}
