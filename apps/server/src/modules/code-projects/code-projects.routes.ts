import { ZAddCodeProjectRequest, ZCodeProjectIntegralQuery, ZCodeProjectListQuery, ZGenerateRequest, ZIdQuery, ZSetCodeSelectionRequest, plainNumber } from '@mazhu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { SpooledFile, type SpoolRouteConfig } from '../../lib/spool';
import { requireUserId } from '../../plugins/session';
import { sendZip } from '../projects/projects.routes';
import type { ProjectService } from '../projects/projects.service';
import type { CodeProjectService } from './code-projects.service';

/** multipart/form-data: `file` (the archive, written to disk as it arrives: a SpooledFile) and an optional `fileName`. */
const ZUploadBody = z.object({
  file: z.instanceof(SpooledFile, { error: '请选择要上传的代码压缩包（.zip 或 .tar.gz）' }),
  fileName: z.string().trim().max(200, '文件名过长').optional(),
});

/** Code projects: upload + analysis, create (starts generating), list, delete, cost, download. */
export async function codeProjectsRoutes(app: FastifyInstance, opts: { codeProjects: CodeProjectService; projects: ProjectService }): Promise<void> {
  const { codeProjects, projects } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Signed-in users only, a few uploads per user at once, the size limit checked as the bytes arrive: refused
  // requests are answered before their body is read.
  const slots = new WeakMap<FastifyRequest, () => void>();
  const release = async (req: FastifyRequest) => {
    slots.get(req)?.();
    slots.delete(req);
  };
  const spool: SpoolRouteConfig = {
    maxBytes: codeProjects.maxArchiveBytes,
    tooLarge: (mb) => `代码压缩包不能超过 ${mb} MB；请只打包本软件自己的源代码（不含 node_modules、构建产物、图片和数据文件）`,
  };
  r.post(
    '/api/uploadCodeProject',
    {
      config: { spool },
      onRequest: async (req) => void slots.set(req, codeProjects.reserveUpload(await requireUserId(req))),
      onResponse: release,
      onRequestAbort: release,
      schema: { body: ZUploadBody },
    },
    async (req) => {
      const userId = await requireUserId(req);
      return ok(await codeProjects.upload(userId, req.body.file, req.body.fileName), '代码已上传并分析完成');
    },
  );
  r.get('/api/getCodeFiles', { schema: { querystring: z.object({ uploadId: plainNumber(z.number({ error: '请指定上传编号' }).int().positive('上传编号无效')) }) } }, async (req) =>
    ok(await codeProjects.files(await requireUserId(req), req.query.uploadId)),
  );
  r.post('/api/setCodeSelection', { schema: { body: ZSetCodeSelectionRequest } }, async (req) => ok(await codeProjects.setSelection(await requireUserId(req), req.body), '文件选择已更新，统计已重新计算'));
  r.post('/api/addCodeProject', { schema: { body: ZAddCodeProjectRequest } }, async (req) =>
    ok(await codeProjects.add(await requireUserId(req), req.body), req.body.draft ? '项目已保存' : '已开始生成材料'),
  );
  r.post('/api/getCodeProjectList', { schema: { body: ZCodeProjectListQuery } }, async (req) =>
    ok(await projects.list(await requireUserId(req), { ...req.body, type: 'code' })),
  );
  r.get('/api/delCodeProject', { schema: { querystring: ZIdQuery } }, async (req) => {
    await projects.remove(await requireUserId(req), req.query.id, 'code');
    return ok(null, '项目已删除');
  });
  r.get('/api/getCodeProjectIntegral', { schema: { querystring: ZCodeProjectIntegralQuery } }, async (req) =>
    ok(await codeProjects.integral(await requireUserId(req), req.query)),
  );
  r.post('/api/getCodeProjectDownload', { schema: { body: ZGenerateRequest } }, async (req, reply) =>
    sendZip(reply, await projects.openDownload(await requireUserId(req), req.body.id, 'code')),
  );
}
