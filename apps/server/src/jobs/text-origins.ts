import { AI_DECLARATION_CODE, AI_DECLARATION_FAIL, originFieldLabel, originLabel, type ReportItem, type TextOrigin, type TextOrigins } from '@mazhu/contracts';
import type { ManualOutline, ManualSection, TextSource } from '@mazhu/docgen';

/**
 * 文字来源说明: where every text of the materials came from, built from the origins the server keeps per field
 * (modules/origins) and the sources the manual writer gives each paragraph (docgen `TextSource`). Pure.
 *
 * Each entry names where the text appears — `field` (a form field or a module text, with its Chinese `label`) or
 * `document` + `section` (+ `part`) — its `origin` (user | code | draft | ai), for `ai` the `provider`, `model` and
 * `time`, for `code` the `evidence`, and `edited` when a writer's text was changed by the user.
 */
export interface OriginEntry {
  field?: string;
  label?: string;
  document?: string;
  section?: string;
  part?: string;
  origin: TextOrigin['origin'];
  provider?: string;
  model?: string;
  time?: string;
  edited?: boolean;
  evidence?: string[];
}

export interface OriginRecord {
  name: string;
  version: string;
  summary: Record<TextOrigin['origin'], number>;
  /** True when no text of the materials is recorded as written or changed by an AI model. */
  noAiText: boolean;
  entries: OriginEntry[];
}

const RANK: Record<TextOrigin['origin'], number> = { ai: 3, draft: 2, code: 1, user: 0 };

/** The origin of a text made of several fields: the most machine-written of them (ai > draft > code > user). */
function combine(origins: readonly TextOrigin[]): TextOrigin | undefined {
  if (!origins.length) return undefined;
  const top = [...origins].sort((a, b) => RANK[b.origin] - RANK[a.origin])[0]!;
  const same = origins.filter((o) => o.origin === top.origin);
  return { ...top, edited: same.every((o) => o.edited) || undefined, evidence: top.origin === 'code' ? [...new Set(same.flatMap((o) => o.evidence ?? []))] : top.evidence };
}

function resolve(src: TextSource | undefined, origins: TextOrigins): TextOrigin | undefined {
  if (!src || ('origin' in src && src.origin === 'draft')) return { origin: 'draft' };
  if ('origin' in src) return { origin: 'code', evidence: src.evidence.slice(0, 20) };
  // A field without a kept origin has no text (the writer prints nothing from it), or predates origins: the user's.
  return combine(src.fields.map((f) => origins[f] ?? { origin: 'user' as const }));
}

const entryOf = (where: Omit<OriginEntry, 'origin'>, o: TextOrigin): OriginEntry => ({
  ...where,
  origin: o.origin,
  ...(o.origin === 'ai' ? { provider: o.provider ?? 'openai', model: o.model ?? '未记录', time: o.at } : {}),
  ...(o.origin === 'draft' && o.at ? { time: o.at } : {}),
  ...(o.edited ? { edited: true } : {}),
  ...(o.origin === 'code' || (o.evidence?.length && o.origin === 'draft') ? { evidence: o.evidence ?? [] } : {}),
});

const hasContent = (sec: ManualSection) => sec.paragraphs.some((t) => t.trim()) || !!sec.steps?.length || !!sec.code?.length || !!sec.figures?.length;

/**
 * The record of a project's materials: its form texts and module texts by field (in `origins` order), then every
 * paragraph, step list, 注意事项 list and code listing of the manual by printed section number.
 */
export function buildOriginRecord(input: { name: string; version: string; origins: TextOrigins; moduleNames: string[]; manual?: ManualOutline }): OriginRecord {
  const { origins, moduleNames, manual } = input;
  const entries: OriginEntry[] = Object.entries(origins).map(([field, o]) => entryOf({ field, label: originFieldLabel(field, moduleNames) }, o));
  if (manual) {
    const chapters = manual.chapters.map((ch) => ({ ...ch, sections: ch.sections.filter(hasContent) })).filter((ch) => ch.sections.length || ch.paragraphs?.some((t) => t.trim()));
    chapters.forEach((ch, ci) => {
      const chapterTitle = `第${ci + 1}章 ${ch.title}`;
      (ch.paragraphs ?? []).forEach((t, k) => {
        const o = t.trim() ? resolve(ch.sources?.[k], origins) : undefined;
        if (o) entries.push(entryOf({ document: manual.kind, section: chapterTitle, part: `第 ${k + 1} 段` }, o));
      });
      ch.sections.forEach((sec, si) => {
        const section = `${ci + 1}.${si + 1} ${sec.title}`;
        let n = 0;
        sec.paragraphs.forEach((t, k) => {
          if (!t.trim()) return;
          n++;
          const o = resolve(sec.sources?.[k], origins);
          if (o) entries.push(entryOf({ document: manual.kind, section, part: `第 ${n} 段` }, o));
        });
        const steps = sec.steps?.length ? resolve(sec.stepsSource, origins) : undefined;
        if (steps) entries.push(entryOf({ document: manual.kind, section, part: sec.stepsLead ? '操作步骤' : '列表' }, steps));
        const notes = sec.notes?.length ? resolve(sec.notesSource, origins) : undefined;
        if (notes) entries.push(entryOf({ document: manual.kind, section, part: '注意事项' }, notes));
        if (sec.code?.length) entries.push(entryOf({ document: manual.kind, section, part: '代码摘录' }, { origin: 'code', evidence: (sec.evidence ?? []).slice(0, 20) }));
      });
    });
  }
  const summary = { user: 0, code: 0, draft: 0, ai: 0 };
  for (const e of entries) summary[e.origin]++;
  return { name: input.name, version: input.version, summary, noAiText: summary.ai === 0, entries };
}

const where = (e: OriginEntry) => (e.field ? `${e.label ?? e.field}` : `${e.document} ${e.section}${e.part ? ` ${e.part}` : ''}`);
const originText = (e: OriginEntry) => {
  const label = originLabel(e);
  if (e.origin === 'ai') return `${label}（${e.provider}/${e.model}${e.time ? `，${e.time.slice(0, 16).replace('T', ' ')} UTC` : ''}）`;
  if (e.origin === 'code' && e.evidence?.length) return `${label}（${e.evidence.slice(0, 3).join('、')}${e.evidence.length > 3 ? ' 等' : ''}）`;
  return label;
};

/** 文字来源说明.txt: the summary, then every entry on one line. */
export function originRecordText(r: OriginRecord): string {
  const out = [
    `《${r.name}》${r.version} 文字来源说明`,
    '',
    '来源分为四类：用户填写（您本人输入）；代码提取（取自您上传的源代码）；规则草稿（系统按固定规则根据您填写的信息和代码拼写，不是 AI）；AI 撰写（由 AI 模型撰写或修改，注明模型和时间）。',
    `统计：用户填写 ${r.summary.user} 处，代码提取 ${r.summary.code} 处，规则草稿 ${r.summary.draft} 处，AI 撰写 ${r.summary.ai} 处。`,
    r.noAiText
      ? '本系统没有记录到 AI 撰写或修改的文字。在本系统之外用 AI 撰写后粘贴进来的文字，系统无法识别；申请表的声明须由您本人据实作出。'
      : `材料中仍有 ${r.summary.ai} 处 AI 撰写或经 AI 修改的文字：${AI_DECLARATION_FAIL}。请用自己的话重写这些文字，或删除后重新生成。`,
    '',
  ];
  for (const e of r.entries) out.push(`- ${where(e)}：${originText(e)}`);
  return out.join('\n');
}

/**
 * The check report's items about text origins: the 2026 declaration (error while any AI text remains, naming the
 * texts and what to do; otherwise passed, with what the system cannot know) and, when rule-based drafts remain, a
 * 需注意 item asking the user to check them.
 */
export function originReportItems(r: OriginRecord): ReportItem[] {
  const ai = r.entries.filter((e) => e.origin === 'ai');
  const items: ReportItem[] = [];
  if (ai.length) {
    const fields = ai.filter((e) => e.field);
    const names = [...new Set((fields.length ? fields : ai).map(where))];
    const models = [...new Set(ai.map((e) => e.model))].join('、');
    items.push({
      level: 'error',
      code: AI_DECLARATION_CODE,
      message: `${AI_DECLARATION_FAIL}：${names.slice(0, 12).join('、')}${names.length > 12 ? ` 等 ${names.length} 处` : ''}由 AI 模型（${models}）撰写或修改。请用自己的话重写这些文字，或将其删除，保存后重新生成材料；每处文字的来源见《文字来源说明》`,
      evidence: ai.map((e) => `${where(e)}：${originText(e)}`).slice(0, 200),
    });
  } else {
    items.push({
      level: 'info',
      code: AI_DECLARATION_CODE,
      message: '2026 年版申请表的声明：本系统没有记录到 AI 撰写或修改的文字（见《文字来源说明》）。在本系统之外用 AI 撰写后粘贴的文字系统无法识别，声明须由您本人据实作出',
    });
  }
  const drafts = r.entries.filter((e) => e.origin === 'draft');
  const draftFields = drafts.filter((e) => e.field);
  if (draftFields.length) {
    items.push({
      level: 'warning',
      code: 'TEXT_DRAFTS',
      message: `这些文字是规则草稿（系统按规则根据您填写的信息和代码拼写，不是 AI 撰写）：${[...new Set(draftFields.map(where))].join('、')}。请逐项核对是否与软件的实际情况一致，并改成您自己的表述`,
      evidence: drafts.map((e) => `${where(e)}：${originText(e)}`).slice(0, 200),
    });
  }
  return items;
}
