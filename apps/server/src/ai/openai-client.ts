import {
  AI_LIMITS,
  AI_TECH_TAGS,
  ZAiEnName,
  type AiInformation,
  type AiPolishFunctionResult,
  type AiProjectInput,
} from '@mazhu/contracts';
import { z } from 'zod';
import { ZAiInformationDraft, fitAiInformation, fitModule, stripCode } from './limits';
import type { AiAnswerMeta, AiCallOptions, AiLogger, AiWriter } from './provider';
import { normalizeChinese, trimToLength } from './text';

/**
 * AI writer on any OpenAI-compatible chat API (`POST {baseUrl}/chat/completions`): DeepSeek, Qwen (DashScope
 * compatible mode), GLM (open.bigmodel.cn/api/paas/v4), Moonshot, OpenAI. Asks for a JSON object, validates it with
 * zod, enforces the R11 limits with the offline writer's fixer, retries with backoff and finally falls back to the
 * offline writer. No SDK: plain `fetch`.
 */

export interface OpenAiWriterOptions {
  /** e.g. "https://api.deepseek.com/v1" (a trailing "/" or "/chat/completions" is accepted). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`; omitted when empty (local servers). */
  apiKey?: string;
  /** e.g. "deepseek-chat", "qwen-plus", "glm-4-flash", "moonshot-v1-8k", "gpt-4o-mini". */
  model: string;
  /** Timeout of one attempt, milliseconds. */
  timeoutMs: number;
  /** Further attempts after the first one on timeout, network error, HTTP 408/429/5xx or an invalid answer. Default 2. */
  retries?: number;
  /** First backoff, milliseconds; doubled on each retry. Default 500. */
  backoffMs?: number;
  /** Answers when the chat API cannot (normally `createOfflineWriter()`). */
  fallback: AiWriter;
  /** Injected fetch (tests); default the global fetch. */
  fetch?: typeof fetch;
  log?: AiLogger;
  /** Sampling temperature. Default 0.3. */
  temperature?: number;
}

/** Error of one attempt; `retry` false for answers that will not change on retry (401, 403, 404…). */
export class AiRequestError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly status?: number,
    /** Wait asked by the provider (Retry-After on 429/503), milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Items of each code-analysis list sent to the model (the prompt stays small; the offline analysis reads all). */
const PROMPT_LIST_MAX = 150;

/** The input as sent to the model: code-analysis lists cut to 150 items of ≤ 120 characters each. */
export function promptInput(input: AiProjectInput): AiProjectInput {
  const c = input.codeAnalysis;
  if (!c) return input;
  const cut = (v: string[] | undefined) => v?.slice(0, PROMPT_LIST_MAX).map((x) => x.slice(0, 120));
  return {
    ...input,
    codeAnalysis: {
      ...c,
      routes: cut(c.routes),
      pages: cut(c.pages),
      controllers: cut(c.controllers),
      entities: cut(c.entities),
      menuItems: cut(c.menuItems),
      units: c.units?.slice(0, PROMPT_LIST_MAX).map((u) => ({ ...u, evidence: u.evidence.slice(0, 6).map((e) => e.slice(0, 120)) })),
    },
  };
}

const LIMITS_TEXT = `- 软件简介 description：${AI_LIMITS.descriptionMin}–${AI_LIMITS.descriptionMax} 字；
- 开发目的 purpose：不超过 ${AI_LIMITS.purposeMax} 字，不能只写软件名称；
- 面向领域/行业 domain：不超过 ${AI_LIMITS.domainMax} 字；
- 软件的主要功能 mainFunctions：不超过 ${AI_LIMITS.mainFunctionsMax} 字（申请表要求 ${AI_LIMITS.mainFunctionsMin} 字以上；输入不足以写满时宁可写短，不要凑字数），按功能模块逐条说明，每个模块一行；
- 软件的技术特点 techFeatures：不超过 ${AI_LIMITS.techFeaturesMax} 字；techTags：最多 ${AI_LIMITS.techTagsMax} 个，只能从 ${AI_TECH_TAGS.join('、')} 中选择，没有合适的就给空数组；
- devHardware 开发的硬件环境、runHardware 运行的硬件环境、devOs 开发该软件的操作系统、devTools 软件开发环境/开发工具、runPlatform 该软件的运行平台/操作系统、runSupport 软件运行支撑环境/支持软件：每项不超过 ${AI_LIMITS.environmentMax} 字；
- languages 编程语言：只写输入中出现的语言，不超过 ${AI_LIMITS.languagesMax} 字；
- modules 功能模块：最多 ${AI_LIMITS.modulesMax} 个；有 codeAnalysis.units 时，每个 unit 对应一个模块（名称优先用 unit 的中文 label），不能增加 units 和 keywords 之外的模块，也不能漏掉任何 unit；每个含 name（不超过 ${AI_LIMITS.moduleNameMax} 字）、description（不超过 ${AI_LIMITS.moduleDescriptionMax} 字）、operations（0–${AI_LIMITS.operationsMax} 个操作，只写 unit 的路由或输入中出现的操作，每个不超过 ${AI_LIMITS.operationMax} 字）。`;

const RULES = `只根据输入撰写，不得编造输入中没有的功能、页面、登录方式、接口数量或技术；有代码分析（codeAnalysis）时，功能模块以代码中的 units（控制器、页面、路由、菜单、定时任务）为准。依据不足时写短，不要为凑字数补充模板内容。不要使用“赋能、一站式、旨在、智能化、全方位、助力、打造”等空泛词，不要写“某某模块提供某某相关功能”这类同义反复。不得生成源代码，不得输出代码片段。不要出现个人姓名、电话、邮箱等个人信息。`;

const SYSTEM_INFORMATION = `你是计算机软件著作权登记（软著）申请材料的撰写助手，为中国版权保护中心 R11 申请表撰写文字。
${RULES}
只输出一个 JSON 对象（json），不要输出其他文字，字段与限制如下：
${LIMITS_TEXT}`;

const SYSTEM_POLISH_DESCRIPTION = `你是软著申请材料的撰写助手。把用户写的软件描述润色成规范、通顺的软件简介（${AI_LIMITS.descriptionMin}–${AI_LIMITS.descriptionMax} 字），保留原意。
${RULES}
只输出 JSON 对象（json）：{"description": "..."}`;

const SYSTEM_POLISH_FUNCTION = `你是软著申请材料的撰写助手。润色一个功能模块的说明（不超过 ${AI_LIMITS.moduleDescriptionMax} 字），并整理该模块的操作列表（1–${AI_LIMITS.operationsMax} 个，每个不超过 ${AI_LIMITS.operationMax} 字）。
${RULES}
只输出 JSON 对象（json）：{"description": "...", "operations": ["..."]}`;

const SYSTEM_TRANSLATE = `把中文软件名称翻译成规范的英文软件名称（首字母大写，只用英文字母、数字、空格和 - & . ( )，不超过 ${AI_LIMITS.enNameMax} 个字符；品牌词可用拼音）。
只输出 JSON 对象（json）：{"enName": "..."}`;

const ZChatResponse = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1),
});

/** The JSON object inside a model's answer (tolerates ```json fences and text around the object). */
export function extractJsonObject(content: string): unknown {
  const t = content.trim();
  const tries = [t, /^```(?:json)?\s*([\s\S]*?)```$/i.exec(t)?.[1], /```json\s*([\s\S]*?)```/i.exec(t)?.[1], t.slice(t.indexOf('{'), t.lastIndexOf('}') + 1)];
  for (const body of tries) {
    if (!body) continue;
    try {
      const v: unknown = JSON.parse(body);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v;
    } catch {
      // next form
    }
  }
  throw new SyntaxError('answer is not a JSON object');
}

function chatUrl(baseUrl: string): string {
  const b = baseUrl.replace(/\/+$/, '');
  return b.endsWith('/chat/completions') ? b : `${b}/chat/completions`;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/**
 * Creates the OpenAI-compatible writer. Each call: up to `1 + retries` attempts (timeout `timeoutMs` each, backoff
 * `backoffMs · 2^n` between them), then the fallback writer answers and a warning is logged. Which provider
 * answered is reported through `opts.onAnswer` ({ provider: 'openai' | 'offline', attempts, fallbackReason }).
 */
export function createOpenAiWriter(options: OpenAiWriterOptions): AiWriter {
  const { baseUrl, apiKey, model, timeoutMs, fallback, log } = options;
  const retries = Math.max(0, options.retries ?? 2);
  const backoffMs = options.backoffMs ?? 500;
  const doFetch = options.fetch ?? globalThis.fetch;
  const url = chatUrl(baseUrl);
  let jsonMode = true;

  async function attempt(system: string, user: string, signal?: AbortSignal): Promise<unknown> {
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(new Error('timeout')), timeoutMs);
    const onAbort = () => ctl.abort(new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const body: Record<string, unknown> = {
        model,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
        temperature: options.temperature ?? 0.3,
        stream: false,
      };
      if (jsonMode) body.response_format = { type: 'json_object' };
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (apiKey) headers.authorization = `Bearer ${apiKey}`;
      let res: Response;
      try {
        res = await doFetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: ctl.signal });
      } catch (e) {
        throw new AiRequestError(ctl.signal.aborted ? `timeout after ${timeoutMs} ms` : `network: ${(e as Error).message}`, !signal?.aborted);
      }
      const text = await res.text().catch(() => '');
      if (!res.ok) {
        if (res.status === 400 && jsonMode && /response_format|json_object/i.test(text)) {
          jsonMode = false; // the provider does not support JSON mode: ask in the prompt only
          throw new AiRequestError('HTTP 400: response_format unsupported', true, 400);
        }
        const retry = res.status === 408 || res.status === 409 || res.status === 429 || res.status >= 500;
        const after = Number(res.headers.get('retry-after'));
        throw new AiRequestError(`HTTP ${res.status}`, retry, res.status, Number.isFinite(after) && after > 0 ? Math.min(after * 1000, timeoutMs) : undefined);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new AiRequestError('response is not JSON', true);
      }
      const chat = ZChatResponse.safeParse(parsed);
      const content = chat.success ? chat.data.choices[0].message.content : undefined;
      if (!content) throw new AiRequestError('no message content', true);
      try {
        return extractJsonObject(content);
      } catch {
        throw new AiRequestError('message content is not a JSON object', true);
      }
    } catch (e) {
      if (e instanceof AiRequestError) throw e;
      throw new AiRequestError(ctl.signal.aborted ? `timeout after ${timeoutMs} ms` : String(e), true);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Asks the model until `accept` returns a value, then the fallback. */
  async function ask<T>(
    what: string,
    system: string,
    user: unknown,
    accept: (json: unknown) => T | undefined,
    offline: (o: AiCallOptions) => Promise<T>,
    opts?: AiCallOptions,
  ): Promise<T> {
    const userText = typeof user === 'string' ? user : JSON.stringify(user);
    let reason = 'unknown';
    let attempts = 0;
    let wait = 0;
    for (let i = 0; i <= retries; i++) {
      if (opts?.signal?.aborted) {
        reason = 'aborted';
        break;
      }
      attempts++;
      try {
        const json = await attempt(system, userText, opts?.signal);
        const value = accept(json);
        if (value !== undefined) {
          opts?.onAnswer?.({ provider: 'openai', model, attempts });
          return value;
        }
        reason = 'answer failed validation';
      } catch (e) {
        const err = e instanceof AiRequestError ? e : new AiRequestError(String(e), true);
        reason = err.message;
        wait = err.retryAfterMs ?? 0;
        if (!err.retry) break;
      }
      if (i < retries) await sleep(Math.max(backoffMs * 2 ** i, wait), opts?.signal);
    }
    log?.warn({ provider: 'openai', model, what, attempts, reason }, 'AI 接口不可用，改用离线撰写');
    const meta: AiAnswerMeta = { provider: 'offline', attempts, fallbackReason: reason };
    return offline({ signal: opts?.signal, onAnswer: () => opts?.onAnswer?.(meta) });
  }

  return {
    provider: 'openai',

    async generateInformation(input: AiProjectInput, opts?: AiCallOptions): Promise<AiInformation> {
      return ask(
        'generateInformation',
        SYSTEM_INFORMATION,
        promptInput(input),
        (json) => {
          const d = ZAiInformationDraft.safeParse(json);
          if (!d.success || !d.data.mainFunctions || !d.data.modules?.length) return undefined;
          return fitAiInformation(d.data, input);
        },
        (o) => fallback.generateInformation(input, o),
        opts,
      );
    },

    async polishDescription(input, opts) {
      return ask(
        'polishDescription',
        SYSTEM_POLISH_DESCRIPTION,
        input,
        (json) => {
          const d = z.object({ description: z.string().min(1) }).safeParse(json);
          if (!d.success) return undefined;
          const t = trimToLength(normalizeChinese(stripCode(d.data.description)), AI_LIMITS.descriptionMax);
          return t.length > 0 ? t : undefined;
        },
        (o) => fallback.polishDescription(input, o),
        opts,
      );
    },

    async polishFunction(input, opts): Promise<AiPolishFunctionResult> {
      return ask(
        'polishFunction',
        SYSTEM_POLISH_FUNCTION,
        input,
        (json) => {
          const d = z.object({ description: z.string(), operations: z.union([z.array(z.string()), z.string()]).optional() }).safeParse(json);
          if (!d.success) return undefined;
          const m = fitModule({ name: input.moduleName, description: d.data.description, operations: d.data.operations ?? input.operations }, input.projectName);
          return m ? { description: m.description, operations: m.operations } : undefined;
        },
        (o) => fallback.polishFunction(input, o),
        opts,
      );
    },

    async translateName(cnName, opts) {
      return ask(
        'translateName',
        SYSTEM_TRANSLATE,
        { name: cnName },
        (json) => {
          const d = z.object({ enName: z.string() }).safeParse(json);
          if (!d.success) return undefined;
          const t = ZAiEnName.safeParse(d.data.enName.replace(/\s+/g, ' ').trim());
          return t.success ? t.data : undefined;
        },
        (o) => fallback.translateName(cnName, o),
        opts,
      );
    },
  };
}
