import {
  ZCheckRightsRequest,
  ZDeclareRightsRequest,
  ZAddFunctionalModuleListRequest,
  ZAddFunctionalModuleRequest,
  ZEditFunctionalModuleRequest,
  ZEditProjectRequest,
  ZGenerateRequest,
  ZIdQuery,
  ZProjectInput,
  ZProjectListQuery,
} from '@mazhu/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUserId } from '../../plugins/session';
import type { ProjectService } from './projects.service';

/** RFC 6266 attachment header with the UTF-8 name (new name + original extension, spec §5) and an ASCII fallback. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Streams a zip download: the one non-envelope answer of the API (errors before this point are envelopes). */
export function sendZip(reply: FastifyReply, d: { stream: NodeJS.ReadableStream; size: number; fileName: string }) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-length', String(d.size))
    .header('content-disposition', attachment(d.fileName))
    .header('cache-control', 'private, no-store')
    .send(d.stream);
}

/** Single projects (/auto-generate, /settings/projectList): form, functional modules, generation, download. */
export async function projectsRoutes(app: FastifyInstance, opts: { projects: ProjectService }): Promise<void> {
  const { projects } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/addProject', { schema: { body: ZProjectInput } }, async (req) => ok(await projects.add(await requireUserId(req), req.body), '项目已创建'));
  r.post('/api/editProject', { schema: { body: ZEditProjectRequest } }, async (req) => ok(await projects.edit(await requireUserId(req), req.body), '项目已保存'));
  r.post('/api/getProjectList', { schema: { body: ZProjectListQuery } }, async (req) => ok(await projects.list(await requireUserId(req), req.body)));
  r.get('/api/getProjectDetails', { schema: { querystring: ZIdQuery } }, async (req) => ok(await projects.details(await requireUserId(req), req.query.id)));
  /** Not in the spec's call list (it only has delCodeProject): deletes a single project made by /auto-generate. */
  r.get('/api/delProject', { schema: { querystring: ZIdQuery } }, async (req) => {
    await projects.remove(await requireUserId(req), req.query.id, 'form');
    return ok(null, '项目已删除');
  });

  r.post('/api/generateProjectWord', { schema: { body: ZGenerateRequest } }, async (req) =>
    ok(await projects.startGeneration(await requireUserId(req), req.body.id), '已开始生成材料'),
  );
  r.get('/api/getProjectWordStatus', { schema: { querystring: ZIdQuery } }, async (req) => ok(await projects.wordStatus(await requireUserId(req), req.query.id)));
  r.get('/api/getProjectWordDownload', { schema: { querystring: ZIdQuery } }, async (req, reply) =>
    sendZip(reply, await projects.openDownload(await requireUserId(req), req.query.id)),
  );

  r.post('/api/checkCodeRights', { schema: { body: ZCheckRightsRequest } }, async (req) => ok(await projects.checkRights(await requireUserId(req), req.body)));
  r.post('/api/declareCodeRights', { schema: { body: ZDeclareRightsRequest } }, async (req) =>
    ok(await projects.declareRights(await requireUserId(req), req.body.id, req.body.text), '声明已记录'),
  );
  r.get('/api/getFilingGuide', { schema: { querystring: ZIdQuery } }, async (req) => ok(await projects.filingGuide(await requireUserId(req), req.query.id)));

  r.post('/api/addFunctionalModule', { schema: { body: ZAddFunctionalModuleRequest } }, async (req) => ok(await projects.addModule(await requireUserId(req), req.body), '功能模块已添加'));
  r.post('/api/editFunctionalModule', { schema: { body: ZEditFunctionalModuleRequest } }, async (req) => ok(await projects.editModule(await requireUserId(req), req.body), '功能模块已保存'));
  r.post('/api/addFunctionalModuleList', { schema: { body: ZAddFunctionalModuleListRequest } }, async (req) =>
    ok(await projects.addModuleList(await requireUserId(req), req.body), '功能模块已保存'),
  );
  r.get('/api/delFunctionalModule', { schema: { querystring: ZIdQuery } }, async (req) => {
    await projects.deleteModule(await requireUserId(req), req.query.id);
    return ok(null, '功能模块已删除');
  });
}
