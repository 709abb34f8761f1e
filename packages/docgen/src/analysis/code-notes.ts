import type { CodeFile } from '../intake/intake';
import { lineAt, unitKeyOf } from './code-structure';
import { fileHas } from '../intake/text-scan';

/**
 * What the code itself tells a user to watch out for: the Chinese messages of its input validation rules and the
 * Chinese texts of its confirmation prompts. The manual's 注意事项 of a module quotes them (a rule the code enforces
 * is a fact about the software; nothing is made up where the code says nothing). Regular expressions over the
 * text, bounded per file; pure.
 */
export interface CodeNote {
  /** validation: an input rule's message ("用户名称不能为空"); confirm: a confirmation prompt ("是否确认删除…的数据项？"). */
  kind: 'validation' | 'confirm';
  /** The message as written; the parts computed at run time (variables, `${…}`) read "…". */
  text: string;
  file: string;
  line: number;
}

const MAX_TEXT = 400_000;
const MAX_PER_FILE = 40;
const MAX_NOTES = 2_000;
const HAN = /[\u4e00-\u9fff]/;

/** A string literal: '…', "…" or `…` (no line breaks inside). */
const LITERAL = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\x60(?:[^\x60\\\n]|\\.)*\x60)`;
/** Literals joined by + with simple operands between them: '是否确认删除"' + ids + '"的数据项？'. */
const CONCAT = new RegExp(String.raw`${LITERAL}(?:\s*\+\s*(?:[\w.$\[\]]+|${LITERAL}))*`, 'y');

/** The text of a concatenation of literals, run-time parts as "…"; undefined when it has no Chinese. */
function readConcat(src: string): string | undefined {
  const parts = src.split(new RegExp(String.raw`(${LITERAL})`));
  let out = '';
  for (const p of parts) {
    const t = p.trim();
    if (!t || t === '+') continue;
    if (/^['"\x60]/.test(t)) out += t.slice(1, -1).replace(/\$\{[^}]*\}/g, '…').replace(/\\(.)/g, '$1');
    else if (!out.endsWith('…')) out += '…';
  }
  out = out.replace(/\s+/g, ' ').trim();
  return HAN.test(out) && out.length <= 80 ? out : undefined;
}


/** The object literal around `index` ({ required: true, message: '…', trigger: 'blur' }), at most 300 characters each way. */
function enclosingObject(text: string, index: number): string | undefined {
  const open = text.lastIndexOf('{', index);
  const close = text.indexOf('}', index);
  if (open === -1 || close === -1 || index - open > 300 || close - index > 300) return undefined;
  const inner = text.slice(open + 1, close);
  return inner.includes('{') ? undefined : inner;
}

/** A validation rule object of a form library (Element, Ant Design, async-validator, VeeValidate…). */
const RULE_KEYS = /\b(?:required|min|max|len|pattern|validator|trigger|whitespace)\s*:|\btype\s*:\s*['"](?:email|url|number|integer|float|date|array|string)['"]/;
const MESSAGE_KEY = /\bmessage\s*:\s*/g;
/** Bean Validation (javax/jakarta) and Hibernate Validator annotations with a message. */
const JAVA_RULE = /@(?:NotBlank|NotNull|NotEmpty|Size|Email|Pattern|Min|Max|Length|Range|DecimalMin|DecimalMax|Digits|Past|PastOrPresent|Future|FutureOrPresent|Positive|PositiveOrZero|Negative|Xss)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g;
/** A confirmation call: $modal.confirm(…), this.$confirm(…), MessageBox/ElMessageBox.confirm(…), Modal.confirm({ title/content }), window.confirm(…). */
const CONFIRM_CALL = /(?:\$modal\.confirm|\$confirm|MessageBox\.confirm|ElMessageBox\.confirm|Dialog\.confirm|window\.confirm|\bconfirm)\s*\(\s*/g;
const MODAL_CONFIRM = /\b(?:Modal|modal)\.confirm\s*\(\s*\{/g;
/** A Popconfirm (antd, Element Plus) with its title as a literal attribute. */
const POPCONFIRM = /<(?:Popconfirm|el-popconfirm|a-popconfirm|NPopconfirm)\b[^>]*?\btitle\s*=\s*(?:\{\s*)?/g;

function readAt(text: string, index: number): string | undefined {
  CONCAT.lastIndex = index;
  const m = CONCAT.exec(text);
  return m ? readConcat(m[0]) : undefined;
}

/** The notes of one file, in text order. */
function notesOf(f: CodeFile): CodeNote[] {
  const text = f.text;
  if (text.length > MAX_TEXT || !fileHas(f, text, 'han')) return [];
  const found: Array<{ index: number; kind: CodeNote['kind']; text: string }> = [];
  if (f.language === 'Java' || f.language === 'Kotlin') {
    for (const m of text.matchAll(JAVA_RULE)) {
      const msg = /\bmessage\s*=\s*("(?:[^"\\\n]|\\.)*")/.exec(m[1]);
      const t = msg ? readConcat(msg[1]) : undefined;
      if (t && !t.includes('{')) found.push({ index: m.index, kind: 'validation', text: t });
    }
  } else {
    for (const m of text.matchAll(MESSAGE_KEY)) {
      const t = readAt(text, m.index + m[0].length);
      const obj = t ? enclosingObject(text, m.index) : undefined;
      if (t && obj && RULE_KEYS.test(obj)) found.push({ index: m.index, kind: 'validation', text: t });
    }
    for (const m of text.matchAll(CONFIRM_CALL)) {
      const t = readAt(text, m.index + m[0].length);
      if (t) found.push({ index: m.index, kind: 'confirm', text: t });
    }
    for (const m of text.matchAll(MODAL_CONFIRM)) {
      const body = text.slice(m.index + m[0].length, m.index + m[0].length + 400);
      const key = /\b(?:title|content)\s*:\s*/.exec(body);
      const t = key ? readAt(text, m.index + m[0].length + key.index + key[0].length) : undefined;
      if (t) found.push({ index: m.index, kind: 'confirm', text: t });
    }
    for (const m of text.matchAll(POPCONFIRM)) {
      const t = readAt(text, m.index + m[0].length);
      if (t) found.push({ index: m.index, kind: 'confirm', text: t });
    }
  }
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.index - b.index)
    .filter((n) => !seen.has(n.kind + n.text) && seen.add(n.kind + n.text))
    .slice(0, MAX_PER_FILE)
    .map((n) => ({ kind: n.kind, text: n.text, file: f.path, line: lineAt(text, n.index) }));
}

/** Every file's validation messages and confirmation prompts with their places (bounded). */
export function findCodeNotes(files: CodeFile[]): CodeNote[] {
  const out: CodeNote[] = [];
  for (const f of files) {
    for (const n of notesOf(f)) out.push(n);
    if (out.length >= MAX_NOTES) return out.slice(0, MAX_NOTES);
  }
  return out;
}

const dirOf = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '');
const classKeyOf = (file: string) => {
  const m = /([A-Z]\w*)\.(?:java|kt)$/.exec(file);
  return m ? unitKeyOf(m[1]).join(' ') : undefined;
};

/**
 * The notes that belong to a functional module, given the module's evidence (`path/File#Symbol` or `unit:…`): notes
 * in the evidence files, in page folders holding an evidence file (a page's form dialog beside its list), and in Java
 * or Kotlin classes with the same unit key as an evidence class (SysUser.java beside SysUserController.java).
 */
export function moduleCodeNotes(notes: readonly CodeNote[], evidence: readonly string[]): CodeNote[] {
  const files = new Set(evidence.filter((e) => !e.startsWith('unit:')).map((e) => e.split('#')[0]));
  if (!files.size) return [];
  const pageDirs = new Set([...files].filter((f) => /(^|\/)(pages|views|screens|page|view)\//i.test(f)).map(dirOf).filter((d) => d.split('/').length >= 2));
  const keys = new Set([...files].map(classKeyOf).filter((k): k is string => !!k));
  return notes.filter((n) => {
    if (files.has(n.file)) return true;
    if (pageDirs.has(dirOf(n.file))) return true;
    const k = classKeyOf(n.file);
    return !!k && keys.has(k);
  });
}
