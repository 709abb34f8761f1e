import * as z from 'zod';

/**
 * Where every text of a project came from (文字来源), and the user's choice about AI writing.
 *
 * The 2026 application form (in force since 2026-03-15; cpcc-materials.md) has the applicant declare that the
 * software and its documents were not written with AI. So each form field and each generated paragraph keeps its
 * origin: `user` (typed by the user), `code` (taken from the uploaded code, with its evidence), `draft` (written by the
 * rule-based writer from those facts; not AI, but to be checked) or `ai` (written or changed by an AI model: provider,
 * model, time). The server decides the origin when a text is saved: it keeps what its AI calls returned to each user
 * and recognises that text, or an edit of it, whichever call saves it.
 *
 * Calls (sign-in required):
 *   GET  /api/getAiPreference                          → AiPreference
 *   POST /api/setAiPreference  ZSetAiPreferenceRequest → AiPreference
 * The AI writing calls (projects.ts) take `engine`: `rules` (default, the rule-based writer) or `ai` (the model; refused
 * with 403 for an account that chose 不使用 AI 撰写, and with 428 until the account has read the declaration notice).
 */
export const TEXT_ORIGINS = ['user', 'code', 'draft', 'ai'] as const;
export type TextOriginKind = (typeof TEXT_ORIGINS)[number];

export const ZTextOrigin = z.object({
  origin: z.enum(TEXT_ORIGINS),
  /** For `ai`: openai-compatible provider name as the server knows it (`openai`). */
  provider: z.string().optional(),
  /** For `ai`: the model that wrote the text (e.g. deepseek-chat). */
  model: z.string().optional(),
  /** For `ai` and `draft`: when the writer answered (ISO-8601 UTC). */
  at: z.string().optional(),
  /** For `ai` and `draft`: the saved text is the writer's text changed by the user (AI 撰写，经本人修改). */
  edited: z.boolean().optional(),
  /** For `code` (and drafts written from code): where the code shows it ("path#symbol", "代码统计"). */
  evidence: z.array(z.string()).optional(),
});
export type TextOrigin = z.infer<typeof ZTextOrigin>;

/** Origins of a project's texts by field key (`description`, `form.mainFunctions`, `modules.0.description`, …). */
export const ZTextOrigins = z.record(z.string(), ZTextOrigin);
export type TextOrigins = z.infer<typeof ZTextOrigins>;

/** The badge of an origin, as the wizards and the batch editor show it. */
export function originLabel(o: Pick<TextOrigin, 'origin' | 'edited'>): string {
  if (o.origin === 'ai') return o.edited ? 'AI 撰写，经本人修改' : 'AI 撰写';
  if (o.origin === 'draft') return o.edited ? '规则草稿，经本人修改' : '规则草稿';
  return o.origin === 'code' ? '代码提取' : '用户填写';
}

/** Chinese names of the texts whose origin is kept (form fields in the R11 order; module texts by their part). */
export const ORIGIN_FIELD_LABELS: Record<string, string> = {
  description: '软件描述',
  'form.purpose': '开发目的',
  'form.domain': '面向领域/行业',
  'form.mainFunctions': '软件的主要功能',
  'form.techTags': '技术特点标签',
  'form.techFeatures': '软件的技术特点',
  'form.devHardware': '开发的硬件环境',
  'form.runHardware': '运行的硬件环境',
  'form.devOs': '开发该软件的操作系统',
  'form.devTools': '软件开发环境/开发工具',
  'form.runPlatform': '该软件的运行平台/操作系统',
  'form.runSupport': '软件运行支撑环境/支持软件',
  'form.languages': '编程语言',
  'form.sourceLines': '源程序量',
};
const MODULE_PART_LABELS: Record<string, string> = { name: '名称', description: '说明', operations: '操作步骤', notes: '注意事项' };

/** "软件的主要功能", "功能模块 3「入库管理」的说明" for a field key (module names come from the caller). */
export function originFieldLabel(key: string, moduleNames: readonly string[] = []): string {
  const m = /^modules\.(\d+)\.(\w+)$/.exec(key);
  if (m) {
    const i = Number(m[1]);
    const name = moduleNames[i];
    return `功能模块 ${i + 1}${name ? `「${name}」` : ''}的${MODULE_PART_LABELS[m[2]!] ?? m[2]}`;
  }
  return ORIGIN_FIELD_LABELS[key] ?? key;
}

/** The account's choice about AI writing. */
export const ZAiPreference = z.object({
  /** 不使用 AI 撰写: the AI buttons are hidden and the server refuses AI calls for this account. */
  noAi: z.boolean(),
  /** When the account confirmed the notice about the 2026 declaration (null = not yet: the first AI use asks). */
  noticeAcceptedAt: z.string().nullable(),
  /** True when an AI model is configured on this server (otherwise 「AI 撰写」 answers with the rule-based writer). */
  modelAvailable: z.boolean(),
});
export type AiPreference = z.infer<typeof ZAiPreference>;

/** POST /api/setAiPreference — change 不使用 AI 撰写 and/or confirm the declaration notice. */
export const ZSetAiPreferenceRequest = z.object({
  noAi: z.boolean({ error: '「不使用 AI 撰写」只能是开或关' }).optional().meta({ title: '不使用 AI 撰写' }),
  acceptNotice: z.literal(true, { error: '请确认已阅读 AI 撰写说明' }).optional().meta({ title: '确认 AI 撰写说明' }),
});
export type SetAiPreferenceRequest = z.infer<typeof ZSetAiPreferenceRequest>;

/** Which writer an AI writing call uses: `rules` (the rule-based writer, default) or `ai` (the model, when asked). */
export const ZWriterEngine = z.enum(['rules', 'ai'], { error: '撰写方式只能是 rules 或 ai' }).default('rules');
export type WriterEngine = z.infer<typeof ZWriterEngine>;

/** The text of the notice shown (once per account) before the first AI use. */
export const AI_DECLARATION_NOTICE =
  '2026 年版软件著作权登记申请表要求申请人声明：软件“确系人的独立开发，未使用 AI 开发编写代码、撰写文档或生成登记申请材料”，并在签章页手写承诺，虚假声明将被列入失信名单。由 AI 撰写或修改的文字会在项目中标为“AI 撰写”，并记录在材料包的《文字来源说明》中；只要材料中仍有 AI 撰写的文字，检查报告的声明项即为“未通过”，您需要用自己的话重写或删除这些文字后才能如实签署声明。';

/** The 2026 declaration item of the check report (its code and the sentence it starts with). */
export const AI_DECLARATION_CODE = 'AI_DECLARATION';
export const AI_DECLARATION_FAIL = '2026 年版申请表的声明（未使用 AI 撰写文档或生成申请材料）无法如实签署';
