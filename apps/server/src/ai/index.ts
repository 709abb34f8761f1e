/**
 * AI writing for 码著 (issue 5, item 2): the application-form texts (R11), functional modules, polishing and the
 * English name, behind one `AiWriter` interface.
 *
 * Use from a service:
 * ```ts
 * const ai = createAiWriter(config.ai, app.log);                      // once, at start
 * const { data, provider } = await answered((o) => ai.generateInformation(input, o));
 * // data: AiInformation (passes ZAiInformation); provider: 'openai' | 'offline'
 * ```
 * Routes served with it (written by the projects module): POST /api/getAIGeneratedInformation → generateInformation,
 * POST /api/getAiPolishDescription → polishDescription, POST /api/getFunctionAiPolish → polishFunction,
 * GET /api/getCnNameToEnName → translateName; GET /api/getAiInformation returns the stored AiInformation and
 * POST /api/editAiJsonText stores an edit checked with `checkAiInformation` (or repaired with `fitAiInformation`).
 *
 * The AI never writes source code for the materials.
 */
import { createOfflineWriter } from './offline-writer';
import { createOpenAiWriter } from './openai-client';
import type { AiAnswerMeta, AiCallOptions, AiLogger, AiProvider, AiWriter } from './provider';

export type * from './provider';
export { createOfflineWriter, writeInformation, composeMainFunctions, polishDescriptionOffline, polishFunctionOffline } from './offline-writer';
export { createOpenAiWriter, extractJsonObject, promptInput, AiRequestError, type OpenAiWriterOptions } from './openai-client';
export { fitAiInformation, fitModule, fitTags, fitLabel, checkAiInformation, stripCode, ZAiInformationDraft, type AiInformationDraft, type AiInformationCheck } from './limits';
export { translateNameOffline } from './translate';
export { readProject, resolvePlatform, type ProjectFacts, type PlatformKey } from './analysis';

/** `config.ai` of the server (env AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS). */
export interface AiConfig {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  /** Timeout of one chat API attempt, milliseconds. */
  timeoutMs: number;
}

/**
 * The server's AI writer: with `baseUrl` set, the OpenAI-compatible client (2 retries, then the offline writer);
 * otherwise the offline writer alone (no network).
 */
export function createAiWriter(config: AiConfig, log?: AiLogger): AiWriter {
  const offline = createOfflineWriter();
  if (!config.baseUrl) return offline;
  return createOpenAiWriter({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    model: config.model,
    timeoutMs: config.timeoutMs,
    retries: 2,
    fallback: offline,
    log,
  });
}

/**
 * Runs one writer call and returns its value with the provider that produced it:
 * `await answered((o) => ai.translateName('仓库管理系统', o))` → `{ data: 'Warehouse Management System', provider: 'offline', attempts: 0 }`.
 */
export async function answered<T>(call: (opts: AiCallOptions) => Promise<T>, signal?: AbortSignal): Promise<{ data: T; provider: AiProvider } & Omit<AiAnswerMeta, 'provider'>> {
  let meta: AiAnswerMeta = { provider: 'offline', attempts: 0 };
  const data = await call({ signal, onAnswer: (m) => (meta = m) });
  return { data, ...meta };
}
