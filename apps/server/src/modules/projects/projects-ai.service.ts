import {
  ZAiInformation,
  type AiGenerateRequest,
  type AiGenerateResult,
  type AiInformation,
  type AiPolishDescriptionRequest,
  type AiPolishFunctionRequest,
  type WriterEngine,
} from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import { answered, checkAiInformation, createOfflineWriter, type AiCallOptions, type AiWriter } from '../../ai';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { AiPreferenceService } from '../origins/ai-preference';
import { informationOutputs, recordOutputs } from '../origins/origins.service';
import { aiCodeAnalysis, aiInputOf } from './ai-input';
import { createProjectsRepo } from './projects.repo';

/**
 * The AI writing calls of the projects module (the writer itself is apps/server/src/ai): AI information from a
 * project (its fields, modules and code analysis) or from fields, stored on the project as ai_json (suggestions: the
 * form changes only when the user saves them); polishing; the English name; reading and saving the (validated)
 * edited AI information. Owner-scoped like every project call.
 *
 * Each call writes with `engine` `rules` (default: the rule-based writer) or `ai` (the model, when the user asks:
 * refused for an account that chose 不使用 AI 撰写 or has not confirmed the declaration notice). Every text a writer
 * returns is kept for the user (origins.service `recordOutputs`), so saving it later — or an edit of it — through any
 * call is labelled 规则草稿 or AI 撰写.
 */
export function createProjectAiService(deps: { db: Kysely<Database>; ai: AiWriter; preference: AiPreferenceService }) {
  const { db, ai, preference } = deps;
  const rules = createOfflineWriter();
  const repo = createProjectsRepo(db);

  /** Runs a writer call with the engine asked for, after the account's gate; answers the value, provider and model. */
  async function write<T>(userId: number, engine: WriterEngine | undefined, call: (w: AiWriter, o: AiCallOptions) => Promise<T>) {
    await preference.assertAllowed(userId, engine ?? 'rules');
    const r = await answered((o) => call(engine === 'ai' ? ai : rules, o));
    return { ...r, origin: r.provider === 'openai' ? ('ai' as const) : ('draft' as const), model: r.provider === 'openai' ? r.model : undefined };
  }

  async function owned(userId: number, id: number) {
    const p = await repo.findOwned(id, userId);
    if (!p) throw notFound('项目不存在或无权访问');
    return p;
  }

  return {
    async generate(userId: number, req: AiGenerateRequest): Promise<AiGenerateResult> {
      if (req.id) {
        const p = await owned(userId, Number(req.id));
        const [modules, upload] = await Promise.all([repo.listModules(p.id), p.upload_id ? repo.findUpload(p.upload_id) : undefined]);
        const input = aiInputOf(p, modules, upload);
        if (req.description) input.description = req.description;
        if (req.keywords?.length) input.keywords = req.keywords;
        const r = await write(userId, req.engine, (w, o) => w.generateInformation(input, o));
        await db.transaction().execute(async (trx) => {
          await recordOutputs(trx, userId, r.provider, r.model, informationOutputs(r.data), [input.description]);
          await repo.update(p.id, userId, { ai_json: JSON.stringify(r.data), updated_at: nowIso() }, trx);
        });
        return { information: r.data, provider: r.provider, origin: r.origin, model: r.model, projectId: p.id };
      }
      const upload = req.uploadId ? await repo.findUploadOwned(Number(req.uploadId), userId) : undefined;
      if (req.uploadId && !upload) throw notFound('上传的代码不存在或已过期，请重新上传');
      const r = await write(userId, req.engine, (w, o) =>
        w.generateInformation(
          {
            name: req.name!,
            shortName: req.shortName,
            version: req.version,
            category: req.category,
            platform: req.platform,
            description: req.description,
            keywords: req.keywords,
            codeAnalysis: aiCodeAnalysis(upload),
          },
          o,
        ),
      );
      await recordOutputs(db, userId, r.provider, r.model, informationOutputs(r.data), [req.description]);
      return { information: r.data, provider: r.provider, origin: r.origin, model: r.model, projectId: null };
    },

    async polishDescription(userId: number, { engine, ...req }: AiPolishDescriptionRequest) {
      const r = await write(userId, engine, (w, o) => w.polishDescription(req, o));
      await recordOutputs(db, userId, r.provider, r.model, [{ kind: 'description', text: r.data }], [req.description]);
      return { description: r.data, provider: r.provider, origin: r.origin, model: r.model };
    },

    async polishFunction(userId: number, { engine, ...req }: AiPolishFunctionRequest) {
      // Polishing works on the user's words; with none the writer would have to guess what the module does.
      if (!req.description.trim() && !(req.operations ?? []).some((o) => o.trim())) throw badRequest('请先写下这个模块做什么（模块说明或至少一项操作），再润色');
      const r = await write(userId, engine, (w, o) => w.polishFunction(req, o));
      await recordOutputs(db, userId, r.provider, r.model, [
        { kind: 'module.description', text: r.data.description },
        { kind: 'module.operations', text: r.data.operations.join('\n') },
      ], [req.description, (req.operations ?? []).join('\n')]);
      return { ...r.data, provider: r.provider, origin: r.origin, model: r.model };
    },

    /** 软件英文名 (a reference for the user; not a text of the form or the materials). */
    async translateName(userId: number, name: string, engine?: WriterEngine) {
      const r = await write(userId, engine, (w, o) => w.translateName(name, o));
      return { name, enName: r.data, provider: r.provider, origin: r.origin, model: r.model };
    },

    async get(userId: number, id: number): Promise<AiInformation | null> {
      const p = await owned(userId, id);
      if (!p.ai_json) return null;
      const r = ZAiInformation.safeParse(JSON.parse(p.ai_json));
      return r.success ? r.data : null;
    },

    /** Saves the user's edit after checking it against the R11 limits; the problems are listed in Chinese. */
    async edit(userId: number, id: number, text: string): Promise<AiInformation> {
      await owned(userId, id);
      const c = checkAiInformation(text);
      if (!c.ok) throw badRequest(`AI 信息有误：${c.issues.slice(0, 5).join('；')}`);
      await repo.update(id, userId, { ai_json: JSON.stringify(c.data), updated_at: nowIso() });
      return c.data;
    },
  };
}
export type ProjectAiService = ReturnType<typeof createProjectAiService>;
