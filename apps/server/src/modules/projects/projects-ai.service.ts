import { ZAiInformation, type AiGenerateRequest, type AiGenerateResult, type AiInformation, type AiPolishDescriptionRequest, type AiPolishFunctionRequest } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import { answered, checkAiInformation, type AiWriter } from '../../ai';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { aiCodeAnalysis, aiInputOf } from './ai-input';
import { createProjectsRepo } from './projects.repo';

/**
 * The AI writing calls of the projects module (the writer itself is apps/server/src/ai): AI information from a
 * project (its fields, modules and code analysis) or from fields, stored on the project as ai_json; polishing;
 * the English name; reading and saving the (validated) edited AI information. Owner-scoped like every project call.
 */
export function createProjectAiService(deps: { db: Kysely<Database>; ai: AiWriter }) {
  const { db, ai } = deps;
  const repo = createProjectsRepo(db);

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
        const r = await answered((o) => ai.generateInformation(input, o));
        await repo.update(p.id, userId, { ai_json: JSON.stringify(r.data), updated_at: nowIso() });
        return { information: r.data, provider: r.provider, projectId: p.id };
      }
      const upload = req.uploadId ? await repo.findUploadOwned(Number(req.uploadId), userId) : undefined;
      if (req.uploadId && !upload) throw notFound('上传的代码不存在或已过期，请重新上传');
      const r = await answered((o) =>
        ai.generateInformation(
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
      return { information: r.data, provider: r.provider, projectId: null };
    },

    async polishDescription(req: AiPolishDescriptionRequest) {
      const r = await answered((o) => ai.polishDescription(req, o));
      return { description: r.data, provider: r.provider };
    },

    async polishFunction(req: AiPolishFunctionRequest) {
      // Polishing works on the user's words; with none the writer would have to guess what the module does.
      if (!req.description.trim() && !(req.operations ?? []).some((o) => o.trim())) throw badRequest('请先写下这个模块做什么（模块说明或至少一项操作），AI 再帮您润色');
      const r = await answered((o) => ai.polishFunction(req, o));
      return { ...r.data, provider: r.provider };
    },

    async translateName(name: string) {
      const r = await answered((o) => ai.translateName(name, o));
      return { name, enName: r.data, provider: r.provider };
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
