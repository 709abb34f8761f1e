import { closest, deepText, eachEl, type El } from './elements';
import { MAX_PAGE_TEXTS, isLoneJoiningWord, type PageFacts, type PageField, type PageFieldKind, type PageText } from './model';

/**
 * The page rules over an element tree (Vue template, JSX, WXML, Android layout, server template): which elements are
 * form fields (and of which kind), search conditions, table columns, buttons, tabs, the page title and confirmation
 * prompts written in attributes. Component names are read without their library prefix (elements.ts normaliseTag),
 * so Element Plus, Ant Design (Vue and React), Vant, uView, TDesign and plain HTML share one set of rules.
 */

/** A text fit to be a label or a button: some letters or CJK, short, no interpolation left. */
export function usable(t: string | undefined, max = 16): t is string {
  if (!t) return false;
  const s = t.trim();
  if (!s || /[{}<>$]|^[\p{P}\p{S}\s]+$|^\d+$/u.test(s)) return false;
  const cjk = /[\u3400-\u9fff]/.test(s);
  return cjk ? [...s].length <= max : s.length <= max * 2 && /[A-Za-z]/.test(s);
}

const cleanLabel = (s: string) => s.replace(/[:：*＊]\s*$/, '').replace(/^\s*[*＊]\s*/, '').trim();

/** A label from a placeholder: "请输入手机号" → 手机号, "Please enter title" → title. */
export function labelFromPlaceholder(p: string | undefined): string | undefined {
  if (!p) return undefined;
  const t = p
    .replace(/^(请(您)?(输入|选择|填写|上传)|输入|选择|搜索|Please\s+(enter|input|select)\s*(the\s+|your\s+)?|Enter\s+|Select\s+|Search\s+)/i, '')
    .replace(/[.…。]+$/, '')
    .trim();
  return usable(t, 12) ? t : undefined;
}

/** The kind of input an element is, or undefined when it is not an input. */
export function inputKind(e: El): PageFieldKind | undefined {
  const t = e.tag;
  const type = (e.attrs.get('type')?.value ?? e.attrs.get('android:inputType')?.value ?? '').toLowerCase();
  const mode = e.attrs.get('mode')?.value ?? '';
  const pro = /^pro-form-(.+)$/.exec(t)?.[1];
  const base = pro ?? t;
  if (/^(select|cascader|tree-select|auto-complete|spinner|tree-select|select-v2)$/.test(base) || (base === 'picker' && !/date|time/.test(mode))) return 'select';
  if (/(date|time)(-range)?-picker$|^(date|time|date-range|date-time|date-picker|range-picker|calendar|datetime-picker)$/.test(base) || (base === 'picker' && /date|time/.test(mode))) return 'date';
  if (/^(input-number|digit|stepper|money|number)$/.test(base)) return 'number';
  if (/^(textarea|editor|tinymce|rich-text|markdown-editor|text-area)$/.test(base) || type === 'textarea') return 'textarea';
  if (/^switch$/.test(base)) return 'switch';
  if (/^radio(-group|-button)?$/.test(base)) return 'radio';
  if (/^checkbox(-group)?$/.test(base)) return 'checkbox';
  if (/^(upload|uploader|image-upload|file-upload|upload-button|upload-dragger|image-uploader)$/.test(base)) return 'upload';
  if (base === 'password' || /password/.test(type)) return 'password';
  // A plain <text> is a mini-program's text span; only ProFormText is an input.
  if (/^(input|edit-text|text-input-edit-text|auto-complete-text-view|search|field|input-search)$/.test(base) || pro === 'text') {
    if (/^(number|digit|phone|idcard)/.test(type)) return 'text';
    return 'text';
  }
  return undefined;
}

const FORM_ITEM = /^(form-item|field|form-field|form-model-item|formily-item)$/;
const SEARCH_WORDS = /search|query|filter|搜索|查询|筛选|检索/i;
const EVENT_ATTRS = ['@click', '@tap', '@click.native', '@click.stop', 'onClick', 'onclick', 'bindtap', 'catchtap', 'bind:tap', 'catch:tap', 'bind:click', 'bindclick', 'catch:click', 'android:onClick', 'ng-click', 'v-on:click'];

const attr = (e: El, ...names: string[]) => {
  for (const n of names) {
    const v = e.attrs.get(n)?.value;
    if (v !== undefined && v !== '') return v;
  }
  return undefined;
};

/** The label of a form item (van-field and u-form-item name theirs label / title). */
const itemLabel = (e: El) => (e.tag === 'field' && !e.attrs.has('label') ? undefined : attr(e, 'label', 'title'));

const hasEvent = (e: El) => EVENT_ATTRS.some((a) => e.attrs.has(a)) || [...e.attrs.keys()].some((k) => /^@click/.test(k));

/** Whether the element sits in a search form or filter bar. */
function inSearch(e: El): boolean {
  const form = closest(e, (p) => /^(form|pro-form|query-filter|light-filter|search-form|form-model)$/.test(p.tag));
  if (form) {
    const inline = form.attrs.has('inline') || form.attrs.get('layout')?.value === 'inline' || (form.attrs.get('method')?.value ?? '').toLowerCase() === 'get';
    const named = SEARCH_WORDS.test([form.attrs.get('ref')?.value, form.attrs.get('class')?.value, form.attrs.get('model')?.value, form.attrs.get('name')?.value, form.raw].join(' '));
    if (form.tag === 'query-filter' || form.tag === 'light-filter' || form.tag === 'search-form') return true;
    if (inline || named) return true;
    return false;
  }
  return !!closest(e, (p) => SEARCH_WORDS.test(`${p.attrs.get('class')?.value ?? ''} ${p.attrs.get('className')?.value ?? ''}`));
}

export interface RuleContext {
  /** Resolves a text reference (Android @string/name) to its text; undefined when unknown. */
  resolve?: (raw: string) => string | undefined;
}

const push = (list: PageText[], text: string | undefined, line: number, max = 16) => {
  if (!usable(text, max)) return;
  const t = text.trim();
  if (!list.some((x) => x.text === t)) list.push({ text: t, line });
};
const pushField = (list: PageField[], label: string | undefined, kind: PageFieldKind, line: number) => {
  if (!label) return;
  const t = cleanLabel(label);
  if (!usable(t, 12)) return;
  if (!list.some((x) => x.text === t)) list.push({ text: t, kind, line });
};

/** Reads the element rules into `facts` (fields, search conditions, columns, buttons, tabs, title, attribute prompts). */
export function applyRules(els: El[], facts: PageFacts, ctx: RuleContext = {}): void {
  const res = (v: string | undefined) => (v && /^@(string|android:string)\//.test(v) ? ctx.resolve?.(v) : v);
  const all = [...eachEl(els)];
  const ids = new Map<string, El>();
  for (const e of all) {
    const id = e.attrs.get('id')?.value;
    if (id) ids.set(id, e);
  }
  for (const e of all) {
    const t = e.tag;
    // Form fields: a form item with a label, of the kind of the first input inside it.
    const pro = /^pro-form-(.+)$/.test(t) && !/^pro-form-(group|list|dependency|field-set)$/.test(t);
    if (FORM_ITEM.test(t) || pro) {
      const label = itemLabel(e);
      if (label) {
        const inner = pro ? e : [...eachEl(e.children)].find((x) => inputKind(x));
        const kind = (inner && inputKind(inner)) ?? 'text';
        pushField(inSearch(e) ? facts.search : facts.fields, label, kind, e.attrs.get('label')?.line ?? e.line);
        continue;
      }
      if (pro) continue;
    }
    // Inputs outside a labelled form item: the label element for it, the text just before it, else its placeholder.
    const kind = inputKind(e);
    if (kind && !closest(e, (p) => (FORM_ITEM.test(p.tag) && !!itemLabel(p)) || /^pro-form-/.test(p.tag)) && !/^(radio|checkbox)$/.test(t)) {
      if (e.attrs.get('type')?.value && /^(submit|button|hidden|reset|image)$/i.test(e.attrs.get('type')!.value!)) {
        if (!/hidden/i.test(e.attrs.get('type')!.value!)) push(facts.buttons, attr(e, 'value'), e.line, 10);
        continue;
      }
      const id = e.attrs.get('id')?.value;
      const forLabel = id ? all.find((x) => x.tag === 'label' && x.attrs.get('for')?.value === id) : undefined;
      const siblings = e.parent?.children ?? [];
      const prev = siblings[siblings.indexOf(e) - 1];
      const prevText = prev && !inputKind(prev) && prev.children.length <= 1 ? deepText(prev) : undefined;
      const label = (forLabel && deepText(forLabel)) || (usable(prevText, 8) ? prevText : undefined) || labelFromPlaceholder(res(attr(e, 'placeholder', 'android:hint', 'hint')));
      if (label) pushField(inSearch(e) ? facts.search : facts.fields, label, kind, e.line);
      continue;
    }
    // Table columns.
    if (/^(table-column|column|vxe-column|table-col)$/.test(t)) {
      if (!/^(selection|index|expand|checkbox|seq)$/.test(attr(e, 'type') ?? '')) push(facts.columns, attr(e, 'label', 'title'), e.attrs.get('label')?.line ?? e.line, 12);
      continue;
    }
    if (t === 'th') {
      push(facts.columns, deepText(e), e.line, 12);
      continue;
    }
    // Tabs.
    if (/^(tab-pane|tab|tab-item|tabs-item|tab-panel)$/.test(t)) {
      push(facts.tabs, res(attr(e, 'label', 'tab', 'title', 'name', 'android:text')) ?? e.text, e.line, 10);
      continue;
    }
    // Title of the page.
    if (!facts.title) {
      const title = t === 'title' && !e.parent?.tag.match(/svg/) ? deepText(e) : /^(page-header|page-container|navigation-bar|nav-bar|navbar)$/.test(t) ? attr(e, 'title') : undefined;
      if (usable(title, 20)) facts.title = { text: title.replace(/\s*[-|–]\s*.*$/, '').trim() || title, line: e.line };
    }
    // Confirmation prompts written in attributes.
    if (t === 'popconfirm') push(facts.confirms, attr(e, 'title', 'description'), e.line, 60);
    const onclick = e.attrs.get('onclick')?.value ?? e.attrs.get('onsubmit')?.value;
    const cm = onclick ? /confirm\(\s*['"]([^'"]+)['"]/.exec(onclick) : null;
    if (cm) push(facts.confirms, cm[1], e.line, 60);
    // Buttons: button components, links styled as buttons, anything clickable with a short text of its own.
    const isButton = /^(button|material-button|app-compat-button|link|a)$/.test(t) && (t !== 'a' || hasEvent(e) || /btn|button/.test(e.attrs.get('class')?.value ?? e.attrs.get('className')?.value ?? ''));
    if (isButton || (hasEvent(e) && !e.children.some(hasEvent))) {
      const text = res(attr(e, 'android:text')) ?? (t === 'button' || t === 'a' || isButton ? deepText(e) : e.text || (e.children.length <= 2 ? deepText(e) : ''));
      push(facts.buttons, text?.replace(/\s+/g, t === 'button' && /^[\u3400-\u9fff\s]+$/.test(text ?? '') ? '' : ' '), e.line, 10);
      continue;
    }
    if (/^(text-view|text)$/.test(t) && !facts.title && attr(e, 'android:text')) {
      // Android: a TextView's text is shown as it is; the first titled one in a toolbar names the screen.
      if (closest(e, (p) => /toolbar|app-bar/.test(p.tag))) {
        const v = res(attr(e, 'android:text'));
        if (usable(v, 20)) facts.title = { text: v, line: e.line };
      }
    }
  }
  // Two elements that say the same (a label and its placeholder) are one field; a search condition is not a field.
  facts.fields = facts.fields.filter((f) => !facts.search.some((s) => s.text === f.text));
  pageTexts(all, facts, res);
  void ids;
}

/** Elements whose text belongs to a control (a field's label, an option, a column, a tab, a button) or is not shown. */
const CONTROL = /^(button|a|link|option|label|th|title|textarea|select|picker|form-item|table-column|column|vxe-column|tab-pane|tab|tab-item|tabs-item|tab-panel|popconfirm|tooltip|icon|svg)$/;

/**
 * The page's other texts (PageFacts.texts): each element's own static text that is not a control's (CONTROL, inside a
 * form item or a clickable element) and not already read as the title, a field, column, button or tab; in order.
 */
function pageTexts(all: El[], facts: PageFacts, res: (v: string | undefined) => string | undefined): void {
  const texts = (facts.texts ??= []);
  const taken = new Set([...facts.fields, ...facts.search, ...facts.columns, ...facts.buttons, ...facts.tabs, ...(facts.title ? [facts.title] : [])].map((x) => x.text.toLowerCase()));
  for (const e of all) {
    if (texts.length >= MAX_PAGE_TEXTS) break;
    // A text with a value put in it ({{ count }}) is not drawn cut: only texts written out whole.
    if (e.dynamic || CONTROL.test(e.tag) || hasEvent(e) || closest(e, (p) => CONTROL.test(p.tag) || FORM_ITEM.test(p.tag) || hasEvent(p))) continue;
    const t = (res(attr(e, 'android:text')) ?? e.text).trim();
    // Empty quotes or brackets are where a template put a value ('for query ""'): the text is not whole.
    if (!usable(t, 40) || isLoneJoiningWord(t) || /""|''|“”|\(\s*\)/.test(t) || taken.has(cleanLabel(t).toLowerCase())) continue;
    push(texts, t, e.line, 40);
  }
}
