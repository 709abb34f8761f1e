import {
  AI_LIMITS,
  AI_TECH_TAGS,
  ZAiInformation,
  type AiInformation,
  type AiModule,
  type AiProjectInput,
  type AiTechTag,
} from '@mazhu/contracts';
import { z } from 'zod';
import { polishFunctionOffline, writeInformation } from './offline-writer';
import { clip, cpLen, normalizeChinese, plainWords, trimToLength, uniq, visibleLength } from './text';

/**
 * The limit fixer: turns any candidate AI information (a chat model's answer, a user's edit) into one that passes
 * `ZAiInformation`, trimming at sentence boundaries and filling gaps from the offline writer. Limits: R11 table of
 * spec/cpcc-materials.md; 主要功能 500–1300 per the form of 2026-03-15.
 */

const L = AI_LIMITS;

/** A loose shape of AI information: what a model may answer before the limits are enforced. */
export const ZAiInformationDraft = z.object({
  description: z.string().optional(),
  purpose: z.string().optional(),
  domain: z.string().optional(),
  mainFunctions: z.string().optional(),
  techFeatures: z.string().optional(),
  techTags: z.union([z.array(z.string()), z.string()]).optional(),
  devHardware: z.string().optional(),
  runHardware: z.string().optional(),
  devOs: z.string().optional(),
  devTools: z.string().optional(),
  runPlatform: z.string().optional(),
  runSupport: z.string().optional(),
  languages: z.union([z.string(), z.array(z.string())]).optional(),
  modules: z
    .array(
      z.object({
        name: z.string(),
        description: z.string().optional().default(''),
        operations: z.union([z.array(z.string()), z.string()]).optional(),
      }),
    )
    .optional(),
});
export type AiInformationDraft = z.input<typeof ZAiInformationDraft>;

/** Removes code blocks and code-looking lines: the AI never writes source code into the materials. */
export function stripCode(s: string): string {
  return s
    .replace(/```[\s\S]*?(```|$)/g, '')
    .split('\n')
    .filter((line) => !/^\s*(import |export |function |class |def |public |private |#include|const |let |var |return |[{}]\s*$)/.test(line))
    .join('\n');
}

function cleanText(s: string | undefined): string {
  return s ? normalizeChinese(stripCode(s)) : '';
}

/** Normalises each line of a multi-line text (主要功能 keeps one module per line). */
function cleanLines(s: string | undefined): string {
  if (!s) return '';
  return stripCode(s)
    .split(/\n+/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => normalizeChinese(l))
    .join('\n');
}

/** Cuts a label (environment field) at a separator so that it stays ≤ `max`; no 。 at the end. */
export function fitLabel(s: string | undefined, max: number): string {
  const t = (s ?? '').replace(/\s+/g, ' ').trim().replace(/[。.]$/, '');
  if (cpLen(t) <= max) return t;
  const head = [...t].slice(0, max).join('');
  const cut = Math.max(...['，', '、', '；', ',', ';', '/', ' '].map((c) => head.lastIndexOf(c)));
  return (cut >= max * 0.4 ? head.slice(0, cut) : head).replace(/[，、；,;/\s]+$/, '').trim();
}

const TAG_ALIASES: Record<string, AiTechTag> = { app: 'APP', 'ar/vr': 'VR', ai: '人工智能', iot: '物联网', gis: '地理信息', 微信小程序: '小程序' };

/** Keeps the allowed tags of 软件的技术特点 (≤ 3), mapping common spellings (App → APP). */
export function fitTags(tags: string[] | string | undefined): AiTechTag[] {
  const list = Array.isArray(tags) ? tags : (tags ?? '').split(/[,，、;；\s]+/);
  const out: AiTechTag[] = [];
  for (const raw of list) {
    const t = raw.trim();
    if ((AI_TECH_TAGS as readonly string[]).includes(t)) out.push(t as AiTechTag);
    else if (TAG_ALIASES[t.toLowerCase()]) out.push(TAG_ALIASES[t.toLowerCase()]);
  }
  return uniq(out).slice(0, L.techTagsMax);
}

/** Fits one module: name ≤ 30, description ≤ 300, 1–12 operations of ≤ 40 each (missing operations derived). */
export function fitModule(m: { name: string; description?: string; operations?: string[] | string }, projectName: string): AiModule | undefined {
  const name = clip(stripCode(m.name).replace(/[。；;：:]+$/, '').replace(/\s+/g, ' '), L.moduleNameMax);
  if (!name) return undefined;
  const ops = Array.isArray(m.operations) ? m.operations : m.operations ? [m.operations] : [];
  const fixed = polishFunctionOffline({ projectName, moduleName: name, description: stripCode(m.description ?? ''), operations: ops.map(stripCode) });
  return { name, description: fixed.description, operations: fixed.operations };
}

/**
 * Enforces every limit on a candidate and returns information that passes `ZAiInformation`:
 * - texts are normalised and trimmed at sentence boundaries (简介 ≤ 400, 开发目的/面向领域 ≤ 50, 主要功能 ≤ 1300,
 *   技术特点 ≤ 100, environment ≤ 50 each);
 * - a text under its minimum (简介 < 150, 主要功能 < 500) or missing is taken from the offline writer;
 * - tags outside the form's list are dropped (≤ 3 kept);
 * - 编程语言 always comes from the input (code analysis or languages named by the user), never from the candidate;
 * - modules are fitted one by one, deduplicated by name, cut to 12 and filled up to 5 from the offline writer.
 * `offline` may be passed when already computed (it is `writeInformation(input)`).
 */
export function fitAiInformation(candidate: AiInformationDraft, input: AiProjectInput, offline?: AiInformation): AiInformation {
  let off = offline;
  const fallback = (): AiInformation => (off ??= writeInformation(input));

  let modules = uniq(
    (candidate.modules ?? []).map((m) => fitModule(m, input.name)).filter((m): m is AiModule => !!m),
    (m) => m.name,
  ).slice(0, L.modulesMax);
  if (input.codeAnalysis?.units?.length) {
    // Grounded modules: exactly the code's units (and the user's own modules). A candidate's text is kept for the
    // module of the same name; a candidate module the code does not have is dropped, a unit it left out is added.
    const byName = new Map(modules.map((m) => [m.name, m]));
    modules = fallback().modules.map((g) => {
      const c = byName.get(g.name);
      return c ? { ...c, basis: g.basis } : g;
    });
  } else {
    const known = new Set([...fallback().modules.map((m) => m.name), ...(input.keywords ?? []).map((k) => k.trim())]);
    const text = `${input.name} ${input.description ?? ''}`;
    // Without code the modules must come from the user's words: a candidate module named nowhere in the input is dropped.
    modules = modules.filter((m) => known.has(m.name) || text.includes(m.name.replace(/(管理|模块|功能)$/u, '')));
    for (const m of fallback().modules) if (!modules.some((x) => x.name === m.name)) modules.push(m);
  }
  modules = modules.map((m) => ({ ...m, description: plainWords(m.description) || `${m.name}。` }));

  const description = trimToLength(plainWords(cleanText(candidate.description)), L.descriptionMax);
  let main = plainWords(cleanLines(candidate.mainFunctions));
  if (cpLen(main) > L.mainFunctionsMax) main = trimToLength(main, L.mainFunctionsMax);
  if (visibleLength(main) < L.mainFunctionsMin) main = fallback().mainFunctions;
  const text = (v: string | undefined, max: number, fb: () => string) => {
    const t = trimToLength(cleanText(v), max).replace(/。$/, max <= 50 ? '' : '。');
    return t || fb();
  };

  const info: AiInformation = {
    description: cpLen(description) >= L.descriptionMin ? description : fallback().description,
    purpose: text(candidate.purpose, L.purposeMax, () => fallback().purpose),
    domain: text(candidate.domain, L.domainMax, () => fallback().domain),
    mainFunctions: main,
    techFeatures: text(candidate.techFeatures, L.techFeaturesMax, () => fallback().techFeatures),
    techTags: candidate.techTags === undefined ? fallback().techTags : fitTags(candidate.techTags),
    devHardware: fitLabel(candidate.devHardware, L.environmentMax) || fallback().devHardware,
    runHardware: fitLabel(candidate.runHardware, L.environmentMax) || fallback().runHardware,
    devOs: fitLabel(candidate.devOs, L.environmentMax) || fallback().devOs,
    devTools: fitLabel(candidate.devTools, L.environmentMax) || fallback().devTools,
    runPlatform: fitLabel(candidate.runPlatform, L.environmentMax) || fallback().runPlatform,
    runSupport: fitLabel(candidate.runSupport, L.environmentMax) || fallback().runSupport,
    languages: fallback().languages,
    modules,
  };
  const ok = ZAiInformation.safeParse(info);
  return ok.success ? ok.data : fallback();
}

/** Result of checking an edited AI information (for /api/editAiJsonText). */
export type AiInformationCheck = { ok: true; data: AiInformation } | { ok: false; issues: string[] };

/**
 * Parses and checks AI information edited by the user (a JSON text or an object) without changing it: returns the
 * data, or the problems in Chinese ("主要功能：软件的主要功能至少 500 个字"). Use `fitAiInformation` to repair instead.
 */
export function checkAiInformation(value: unknown): AiInformationCheck {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return { ok: false, issues: ['内容不是合法的 JSON'] };
    }
  }
  const r = ZAiInformation.safeParse(v);
  if (r.success) return { ok: true, data: r.data };
  return { ok: false, issues: r.error.issues.map((i) => `${FIELD_LABELS[String(i.path[0])] ?? i.path.join('.')}：${i.message}`) };
}

const FIELD_LABELS: Record<string, string> = {
  description: '软件简介',
  purpose: '开发目的',
  domain: '面向领域/行业',
  mainFunctions: '主要功能',
  techFeatures: '技术特点',
  techTags: '技术特点标签',
  devHardware: '开发的硬件环境',
  runHardware: '运行的硬件环境',
  devOs: '开发该软件的操作系统',
  devTools: '软件开发环境/开发工具',
  runPlatform: '该软件的运行平台/操作系统',
  runSupport: '软件运行支撑环境/支持软件',
  languages: '编程语言',
  modules: '功能模块',
};
