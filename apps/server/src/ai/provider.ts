import type {
  AiCodeAnalysis,
  AiInformation,
  AiModule,
  AiPolishDescriptionRequest,
  AiPolishFunctionRequest,
  AiPolishFunctionResult,
  AiProjectInput,
  AiProvider,
} from '@mazhu/contracts';

export type {
  AiCodeAnalysis,
  AiInformation,
  AiModule,
  AiPolishDescriptionRequest,
  AiPolishFunctionRequest,
  AiPolishFunctionResult,
  AiProjectInput,
  AiProvider,
};

/** Who answered a call and how: reported through `AiCallOptions.onAnswer`. */
export interface AiAnswerMeta {
  /** `openai`: the OpenAI-compatible chat API answered; `offline`: the built-in offline writer did. */
  provider: AiProvider;
  /** The chat API's model that answered (only with provider `openai`). */
  model?: string;
  /** Chat API attempts made (0 for the offline writer alone). */
  attempts: number;
  /** Why the chat API answer was not used, when the offline writer stepped in (Chinese-free, for logs). */
  fallbackReason?: string;
}

/** Per-call options, all optional. */
export interface AiCallOptions {
  /** Called once per call, before the promise resolves, with the provider that produced the answer. */
  onAnswer?: (meta: AiAnswerMeta) => void;
  /** Aborts the chat API request(s); the call then answers from the offline writer. */
  signal?: AbortSignal;
}

/**
 * The AI writer used by the projects module. Two implementations: the offline writer
 * (`createOfflineWriter`, deterministic, no network) and the OpenAI-compatible client
 * (`createOpenAiWriter`, falls back to the offline writer). Get one with `createAiWriter(config.ai, log)`.
 *
 * Every answer respects the R11 limits of spec/cpcc-materials.md (see `AI_LIMITS` in @mazhu/contracts).
 * The writer never writes source code for the materials and claims nothing the input does not support.
 * To learn which provider answered, pass `{ onAnswer }` or use `answered()` from `./index`.
 */
export interface AiWriter {
  /** The primary provider of this writer (`openai` may still answer from `offline` on failure). */
  readonly provider: AiProvider;
  /**
   * 生成 AI 信息 (POST /api/getAIGeneratedInformation): 软件简介 150–400, 开发目的 ≤ 50, 面向领域 ≤ 50,
   * 主要功能 500–1300, 技术特点 ≤ 100 + ≤ 3 tags, environment fields ≤ 50 each, 编程语言 ≤ 120, 5–12 modules.
   * The answer always passes `ZAiInformation`.
   */
  generateInformation(input: AiProjectInput, opts?: AiCallOptions): Promise<AiInformation>;
  /**
   * AI 润色软件描述 (POST /api/getAiPolishDescription): the user's description rewritten as a clean 软件简介,
   * at most 400 characters (at least 150 when the input gives enough to say).
   */
  polishDescription(input: AiPolishDescriptionRequest, opts?: AiCallOptions): Promise<string>;
  /**
   * AI 润色功能模块 (POST /api/getFunctionAiPolish): module description ≤ 300 characters and 1–12
   * operations of ≤ 40 characters each.
   */
  polishFunction(input: AiPolishFunctionRequest, opts?: AiCallOptions): Promise<AiPolishFunctionResult>;
  /**
   * 软件英文名 for GET /api/getCnNameToEnName, e.g. "仓库管理系统" → "Warehouse Management System".
   * ASCII only, ≤ 120 characters (passes `ZAiEnName`).
   */
  translateName(cnName: string, opts?: AiCallOptions): Promise<string>;
  /** True when calls go to a chat API model now (AI_BASE_URL set and the operator's switch on); absent = never. */
  available?(): Promise<boolean>;
}

/** Minimal logger (pino / Fastify's `app.log` fit). */
export interface AiLogger {
  warn(obj: object, msg?: string): void;
  info?(obj: object, msg?: string): void;
}
