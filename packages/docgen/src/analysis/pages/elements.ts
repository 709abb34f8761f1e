import type { Node } from 'web-tree-sitter';
import { lineOf, walk } from './parser';

/** An attribute of an element: its value as written when static (a quoted string), else undefined. */
export interface Attr {
  value?: string;
  line: number;
}

/** An element of a template, WXML, layout or JSX tree, reduced to what the page rules read. */
export interface El {
  /** Lower-case name without a component library's prefix: el-form-item → form-item, Form.Item → form-item. */
  tag: string;
  /** The name as written (ProFormText, el-button, android.widget.Button). */
  raw: string;
  attrs: Map<string, Attr>;
  /** Static text directly inside the element (interpolations dropped), whitespace collapsed. */
  text: string;
  /** Whether the element's own text had interpolations ({{ x }}, {x}) dropped from it. */
  dynamic?: boolean;
  line: number;
  parent?: El;
  children: El[];
}

/** Component library prefixes: Element, Ant Design, Vant, uView/uview-plus, Naive, TDesign, uni-ui, NutUI, iView, Vuetify, Quasar, Arco, Layui, Wux Weapp, Lin UI, WeUI (mp-), Wot Design. */
const PREFIX = /^(el|a|van|u|up|n|t|uni|nut|ivu|i|v|q|tiny|vxe|arco|ant|elx|lay|wux|l|mp|wd)-(?=[a-z])/;

/** el-form-item → form-item; Form.Item → form-item; ProFormText → proformtext; com.x.MaterialButton → materialbutton. */
export function normaliseTag(name: string): string {
  const last = name.includes('.') && /^[a-z]/.test(name) ? name.slice(name.lastIndexOf('.') + 1) : name;
  const kebab = last
    .replace(/\./g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  const t = kebab.replace(PREFIX, '');
  // antd: Form.Item / FormItem → form-item; Tabs.TabPane → tabs-tab-pane → tab-pane; Input.TextArea → input-text-area
  return t.replace(/^tabs-/, '').replace(/^input-text-area$/, 'textarea').replace(/^input-password$/, 'password').replace(/^text-area$/, 'textarea').replace(/^(radio|checkbox)-group$/, '$1-group');
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Static text of a markup `text` node: mustache interpolations ({{ … }}) removed. */
const staticText = (s: string) => squash(s.replace(/\{\{[\s\S]*?\}\}/g, ' ').replace(/&nbsp;/g, ' '));

/** A quoted JS string literal's content, when `src` is exactly one ('x', "x", `x` without ${}). */
export function literal(src: string | undefined): string | undefined {
  if (!src) return undefined;
  const m = /^\s*(['"`])([^'"`]*)\1\s*$/.exec(src);
  if (!m || (m[1] === '`' && m[2].includes('${'))) return undefined;
  return m[2];
}

/**
 * The element tree of a markup document parsed with the vue or html grammar (`element` / `template_element` nodes):
 * attributes (Vue `:x="'lit'"` keeps its literal, `@click`/`v-on:click` are recorded as `@click`), static texts.
 * `offset` adds lines (a block parsed on its own).
 */
export function markupElements(root: Node, offset = 0): El[] {
  const top: El[] = [];
  const byId = new Map<number, El>();
  for (const n of walk(root)) {
    if (n.type !== 'element' && n.type !== 'template_element') continue;
    const tagNode = n.namedChildren.find((c) => c?.type === 'start_tag' || c?.type === 'self_closing_tag');
    if (!tagNode) continue;
    const name = tagNode.namedChildren.find((c) => c?.type === 'tag_name')?.text ?? '';
    const attrs = new Map<string, Attr>();
    for (const a of tagNode.namedChildren) {
      if (!a) continue;
      if (a.type === 'attribute') {
        const key = a.namedChildren.find((c) => c?.type === 'attribute_name')?.text ?? '';
        const v = a.namedChildren.find((c) => c?.type === 'quoted_attribute_value' || c?.type === 'attribute_value');
        const value = v ? (v.type === 'quoted_attribute_value' ? (v.namedChildren[0]?.text ?? '') : v.text) : '';
        attrs.set(key, { value, line: lineOf(a, offset) });
      } else if (a.type === 'directive_attribute') {
        const dn = a.namedChildren.find((c) => c?.type === 'directive_name')?.text ?? '';
        const arg = a.namedChildren.find((c) => c?.type === 'directive_argument')?.text ?? '';
        const v = a.namedChildren.find((c) => c?.type === 'quoted_attribute_value');
        const expr = v?.namedChildren[0]?.text ?? '';
        if (dn === ':' || dn === 'v-bind') attrs.set(arg, { value: literal(expr), line: lineOf(a, offset) });
        else if (dn === '@' || dn === 'v-on') attrs.set(`@${arg}`, { value: expr, line: lineOf(a, offset) });
        else attrs.set(dn + (arg ? `:${arg}` : ''), { value: expr, line: lineOf(a, offset) });
      }
    }
    const own = n.namedChildren
      .filter((c) => c?.type === 'text')
      .map((c) => c!.text)
      .join(' ');
    const el: El = { tag: normaliseTag(name), raw: name, attrs, text: staticText(own), dynamic: /\{\{/.test(own), line: lineOf(n, offset), children: [] };
    byId.set(n.id, el);
    let p = n.parent;
    while (p && !byId.has(p.id)) p = p.parent;
    const parent = p ? byId.get(p.id) : undefined;
    if (parent) {
      el.parent = parent;
      parent.children.push(el);
    } else top.push(el);
  }
  return top;
}

/** The value of a JSX attribute: a string, or an expression holding only a string literal. */
function jsxAttrValue(v: Node | null | undefined): string | undefined {
  if (!v) return '';
  if (v.type === 'string') return v.text.slice(1, -1);
  if (v.type === 'jsx_expression') {
    const inner = v.namedChildren[0];
    if (inner && (inner.type === 'string' || inner.type === 'template_string')) return literal(inner.text);
  }
  return undefined;
}

/** The element tree of the JSX in a JavaScript/TypeScript tree (tsx or javascript grammar). */
export function jsxElements(root: Node, offset = 0): El[] {
  const top: El[] = [];
  const byId = new Map<number, El>();
  for (const n of walk(root)) {
    if (n.type !== 'jsx_element' && n.type !== 'jsx_self_closing_element') continue;
    const open = n.type === 'jsx_element' ? n.childForFieldName('open_tag') : n;
    if (!open) continue;
    const name = open.childForFieldName('name')?.text ?? '';
    if (!name) continue;
    const attrs = new Map<string, Attr>();
    for (const a of open.namedChildren) {
      if (a?.type !== 'jsx_attribute') continue;
      const key = a.namedChildren[0]?.text ?? '';
      attrs.set(key, { value: jsxAttrValue(a.namedChildren[1]), line: lineOf(a, offset) });
    }
    const parts: string[] = [];
    let dynamic = false;
    if (n.type === 'jsx_element')
      for (const c of n.namedChildren) {
        if (c?.type === 'jsx_text') parts.push(c.text);
        else if (c?.type === 'jsx_expression') {
          const inner = c.namedChildren[0];
          const lit = inner && (inner.type === 'string' || inner.type === 'template_string') ? literal(inner.text) : undefined;
          if (lit) parts.push(lit);
          else if (inner && inner.type !== 'comment') dynamic = true;
        }
      }
    const el: El = { tag: normaliseTag(name), raw: name, attrs, text: squash(parts.join(' ')), dynamic, line: lineOf(n, offset), children: [] };
    byId.set(n.id, el);
    let p = n.parent;
    while (p && !byId.has(p.id)) p = p.parent;
    const parent = p ? byId.get(p.id) : undefined;
    if (parent) {
      el.parent = parent;
      parent.children.push(el);
    } else top.push(el);
  }
  return top;
}

/** Every element of the trees, depth first. */
export function* eachEl(els: El[]): Generator<El> {
  const stack = [...els].reverse();
  while (stack.length) {
    const e = stack.pop()!;
    yield e;
    for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i]);
  }
}

/** All static text of an element and its descendants. */
export function deepText(e: El): string {
  const out: string[] = [];
  for (const x of eachEl([e])) if (x.text) out.push(x.text);
  return squash(out.join(' '));
}

export function closest(e: El, test: (x: El) => boolean): El | undefined {
  for (let p = e.parent; p; p = p.parent) if (test(p)) return p;
  return undefined;
}
