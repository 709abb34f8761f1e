import type { PageCall, PageFacts, PageField, PageText } from './model';

/**
 * Operation steps from a page's own actions: its search conditions and search button, its columns, its add / edit /
 * delete buttons with the form fields they open and the confirmation they ask, its filling-in form and submit
 * button, its tabs and its other buttons. Each step names only texts the page's source holds and keeps where they
 * are written (file:line, and the server calls the step leads to), so two modules share a step only where their pages
 * do the same. Nothing is said about a page that shows nothing.
 */

export interface PageStep {
  text: string;
  /** "src/views/system/user/index.vue:12", with " GET /system/user/list" for a call the step makes. */
  evidence: string[];
}

type Item<T extends PageText = PageText> = T & { file: string };

const SEARCH = /^(搜索|查询|检索|筛选|查 询|搜 索|search|query|filter)$/i;
const RESET = /^(重置|清空|重 置|reset|clear)$/i;
const ADD = /^(新增|添加|新建|创建|增加|新 增|add|create|new)(\s*\S{0,6})?$/i;
const EDIT = /^(编辑|修改|编 辑|修 改|edit|update|modify)(\s*\S{0,6})?$/i;
const DELETE = /^(删除|移除|删 除|批量删除|delete|remove)(\s*\S{0,6})?$/i;
const SUBMIT = /^(确定|确认|保存|提交|确 定|保 存|提 交|完成|ok|confirm|save|submit|登录|登 录|注册|login|log in|sign in|立即\S{1,4}|去\S{1,4})$/i;
const NEUTRAL = /^(取消|关闭|返回|取 消|cancel|close|back|更多|more)$/i;

const q = (t: string) => `“${t}”`;
const list = (xs: { text: string }[], n = 6, tail = '等') => `${xs.slice(0, n).map((x) => q(x.text)).join('')}${xs.length > n ? tail : ''}`;
const at = (x: Item) => `${x.file}:${x.line}`;
const callEv = (c: Item<PageCall>) => `${c.file}:${c.line} ${c.method ? `${c.method} ` : ''}${c.text}`;

function gather<T extends PageText>(pages: PageFacts[], pick: (p: PageFacts) => T[]): Item<T>[] {
  const out: Item<T>[] = [];
  for (const p of pages) for (const x of pick(p)) if (!out.some((o) => o.text === x.text)) out.push({ ...x, file: p.file });
  return out;
}

/** The pages of a module, given its evidence (`file#symbol`, `unit:key`): pages in an evidence file, of an evidence unit, or in the page folder of an evidence page. */
export function modulePages(pages: readonly PageFacts[], evidence: readonly string[]): PageFacts[] {
  const files = new Set(evidence.filter((e) => !e.startsWith('unit:')).map((e) => e.split('#')[0]));
  const units = new Set(evidence.filter((e) => e.startsWith('unit:')).map((e) => e.slice(5)));
  const dirs = new Set([...files].filter((f) => /(^|\/)(views|pages|screens)\//i.test(f)).map((f) => f.slice(0, f.lastIndexOf('/'))).filter((d) => d.split('/').length >= 2));
  return pages.filter((p) => files.has(p.file) || (p.unit && units.has(p.unit)) || dirs.has(p.file.slice(0, p.file.lastIndexOf('/'))));
}

/** The steps of a group of pages (one module's page, with its dialogs and sub-pages). Empty when they show nothing. */
export function pageSteps(pages: readonly PageFacts[]): PageStep[] {
  if (!pages.length) return [];
  const ps = [...pages];
  const title = ps.map((p) => (p.title ? { ...p.title, file: p.file } : undefined)).find(Boolean);
  const search = gather<PageField>(ps, (p) => p.search);
  const fields = gather<PageField>(ps, (p) => p.fields).filter((f) => !search.some((s) => s.text === f.text));
  const columns = gather(ps, (p) => p.columns).filter((c) => !/^(操作|action|actions|operation)$/i.test(c.text));
  const buttons = gather(ps, (p) => p.buttons);
  const tabs = gather(ps, (p) => p.tabs);
  const confirms = gather(ps, (p) => p.confirms);
  const calls = gather<PageCall>(ps, (p) => p.calls);
  const used = new Set<string>();
  const take = (re: RegExp) => {
    const b = buttons.find((x) => re.test(x.text) && !used.has(x.text));
    if (b) used.add(b.text);
    return b;
  };
  const callsFor = (re: RegExp, methods: RegExp) => calls.filter((c) => methods.test(c.method ?? '') || re.test(c.text)).slice(0, 3).map(callEv);
  const steps: PageStep[] = [];
  if (title) steps.push({ text: `进入${q(title.text)}页面。`, evidence: [at(title)] });
  if (search.length) {
    const btn = take(SEARCH);
    const reset = take(RESET);
    const text = `在查询区输入或选择${list(search, 5, '等条件')}${btn ? `，点击${q(btn.text)}按钮查询` : '，按条件筛选记录'}${reset ? `；点击${q(reset.text)}按钮清空条件` : ''}。`;
    steps.push({ text, evidence: [at(search[0]), ...(btn ? [at(btn)] : []), ...callsFor(/list|page|query|search|get/i, /^GET$/)] });
  }
  if (columns.length) steps.push({ text: `列表显示${list(columns, 6)}列。`, evidence: [at(columns[0])] });
  const add = take(ADD);
  const submit = buttons.find((x) => SUBMIT.test(x.text));
  const selects = fields.some((f) => f.kind === 'select' || f.kind === 'date');
  if (add) {
    if (submit) used.add(submit.text);
    const text = fields.length
      ? `点击${q(add.text)}按钮，在表单中填写${list(fields, 6, '等项')}${selects ? '（带下拉箭头的项目从列表中选择）' : ''}，${submit ? `点击${q(submit.text)}按钮保存` : '填写完成后保存'}。`
      : `点击${q(add.text)}按钮新增记录。`;
    steps.push({ text, evidence: [at(add), ...(fields[0] ? [at(fields[0])] : []), ...callsFor(/add|create|save|insert/i, /^POST$/)] });
  }
  const edit = take(EDIT);
  if (edit) steps.push({ text: `在列表中点击${q(edit.text)}按钮修改记录${!add && fields.length ? `，在表单中修改${list(fields, 6, '等项')}` : ''}。`, evidence: [at(edit), ...callsFor(/update|edit|modify/i, /^PUT$/)] });
  const del = take(DELETE);
  if (del) {
    const c = confirms.find((x) => /删除|delete|remove/i.test(x.text));
    steps.push({ text: c ? `点击${q(del.text)}按钮，系统提示${q(c.text)}，确认后删除。` : `点击${q(del.text)}按钮删除记录。`, evidence: [at(del), ...(c ? [at(c)] : []), ...callsFor(/delete|remove|del/i, /^DELETE$/)] });
  }
  if (!add && !edit && fields.length) {
    const s = take(SUBMIT);
    steps.push({
      text: `填写${list(fields, 6, '等项')}${selects ? '（带下拉箭头的项目从列表中选择）' : ''}${s ? `，点击${q(s.text)}按钮提交` : ''}。`,
      evidence: [at(fields[0]), ...(s ? [at(s)] : []), ...callsFor(/add|save|submit|create|login|register/i, /^(POST|PUT)$/)],
    });
  }
  if (tabs.length) steps.push({ text: `切换${list(tabs, 6)}标签查看对应内容。`, evidence: [at(tabs[0])] });
  const others = buttons.filter((b) => !used.has(b.text) && !NEUTRAL.test(b.text) && !SUBMIT.test(b.text) && !SEARCH.test(b.text) && !RESET.test(b.text));
  if (others.length) steps.push({ text: `页面上还有${list(others, 6)}按钮，点击后执行对应的操作。`, evidence: others.slice(0, 6).map(at) });
  return steps;
}

/** The steps of a functional module from the pages its evidence names (modulePages); empty without such pages. */
export function moduleSteps(pages: readonly PageFacts[], evidence: readonly string[]): PageStep[] {
  return pageSteps(modulePages(pages, evidence));
}
