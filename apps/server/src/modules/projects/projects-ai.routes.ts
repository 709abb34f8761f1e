import { ZAiGenerateRequest, ZAiPolishDescriptionRequest, ZAiPolishFunctionRequest, ZCnNameQuery, ZEditAiJsonRequest, ZIdQuery } from '@mazhu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUserId } from '../../plugins/session';
import type { ProjectAiService } from './projects-ai.service';

/** AI writing for projects (sign-in required: the writer may call a paid API). */
export async function projectsAiRoutes(app: FastifyInstance, opts: { projectAi: ProjectAiService }): Promise<void> {
  const { projectAi } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/getAIGeneratedInformation', { schema: { body: ZAiGenerateRequest } }, async (req) =>
    ok(await projectAi.generate(await requireUserId(req), req.body), 'AI 信息已生成'),
  );
  r.post('/api/getAiPolishDescription', { schema: { body: ZAiPolishDescriptionRequest } }, async (req) => {
    await requireUserId(req);
    return ok(await projectAi.polishDescription(req.body), '润色完成');
  });
  r.post('/api/getFunctionAiPolish', { schema: { body: ZAiPolishFunctionRequest } }, async (req) => {
    await requireUserId(req);
    return ok(await projectAi.polishFunction(req.body), '润色完成');
  });
  r.get('/api/getCnNameToEnName', { schema: { querystring: ZCnNameQuery } }, async (req) => {
    await requireUserId(req);
    return ok(await projectAi.translateName(req.query.name));
  });
  r.get('/api/getAiInformation', { schema: { querystring: ZIdQuery } }, async (req) => ok(await projectAi.get(await requireUserId(req), req.query.id)));
  r.get('/api/editAiJsonText', { schema: { querystring: ZEditAiJsonRequest } }, async (req) =>
    ok(await projectAi.edit(await requireUserId(req), req.query.id, req.query.text), 'AI 信息已保存'),
  );
  r.post('/api/editAiJsonText', { schema: { body: ZEditAiJsonRequest } }, async (req) =>
    ok(await projectAi.edit(await requireUserId(req), req.body.id, req.body.text), 'AI 信息已保存'),
  );
}
