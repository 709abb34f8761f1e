import { ZSetAiPreferenceRequest, ZAiGenerateRequest, ZAiPolishDescriptionRequest, ZAiPolishFunctionRequest, ZCnNameQuery, ZEditAiJsonRequest, ZIdQuery } from '@mazhu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUserId } from '../../plugins/session';
import type { AiPreferenceService } from '../origins/ai-preference';
import type { ProjectAiService } from './projects-ai.service';

/** AI writing for projects and the account's AI choice (sign-in required: the writer may call a paid API). */
export async function projectsAiRoutes(app: FastifyInstance, opts: { projectAi: ProjectAiService; preference: AiPreferenceService }): Promise<void> {
  const { projectAi, preference } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/getAIGeneratedInformation', { schema: { body: ZAiGenerateRequest } }, async (req) =>
    ok(await projectAi.generate(await requireUserId(req), req.body), 'AI 信息已生成'),
  );
  r.post('/api/getAiPolishDescription', { schema: { body: ZAiPolishDescriptionRequest } }, async (req) => ok(await projectAi.polishDescription(await requireUserId(req), req.body), '润色完成'));
  r.post('/api/getFunctionAiPolish', { schema: { body: ZAiPolishFunctionRequest } }, async (req) => ok(await projectAi.polishFunction(await requireUserId(req), req.body), '润色完成'));
  r.get('/api/getCnNameToEnName', { schema: { querystring: ZCnNameQuery } }, async (req) => ok(await projectAi.translateName(await requireUserId(req), req.query.name, req.query.engine)));
  r.get('/api/getAiPreference', async (req) => ok(await preference.read(await requireUserId(req))));
  r.post('/api/setAiPreference', { schema: { body: ZSetAiPreferenceRequest } }, async (req) => ok(await preference.set(await requireUserId(req), req.body), '已保存'));
  r.get('/api/getAiInformation', { schema: { querystring: ZIdQuery } }, async (req) => ok(await projectAi.get(await requireUserId(req), req.query.id)));
  r.get('/api/editAiJsonText', { schema: { querystring: ZEditAiJsonRequest } }, async (req) =>
    ok(await projectAi.edit(await requireUserId(req), req.query.id, req.query.text), 'AI 信息已保存'),
  );
  r.post('/api/editAiJsonText', { schema: { body: ZEditAiJsonRequest } }, async (req) =>
    ok(await projectAi.edit(await requireUserId(req), req.body.id, req.body.text), 'AI 信息已保存'),
  );
}
