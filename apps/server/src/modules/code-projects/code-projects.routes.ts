import { ZAddCodeProjectRequest, ZCodeProjectIntegralQuery, ZCodeProjectListQuery, ZGenerateRequest, ZIdQuery, ZSetCodeSelectionRequest } from '@mazhu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireUserId } from '../../plugins/session';
import { sendZip } from '../projects/projects.routes';
import type { ProjectService } from '../projects/projects.service';
import type { CodeProjectService } from './code-projects.service';

/** multipart/form-data: `file` (the archive, a Buffer with attachFieldsToBody 'keyValues') and an optional `fileName`. */
const ZUploadBody = z.object({
  file: z.instanceof(Buffer, { error: '请选择要上传的代码压缩包（.zip 或 .tar.gz）' }),
  fileName: z.string().trim().max(200, '文件名过长').optional(),
});

/** Code projects: upload + analysis, create (starts generating), list, delete, cost, download. */
export async function codeProjectsRoutes(app: FastifyInstance, opts: { codeProjects: CodeProjectService; projects: ProjectService }): Promise<void> {
  const { codeProjects, projects } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/uploadCodeProject', { schema: { body: ZUploadBody } }, async (req) => {
    const userId = await requireUserId(req);
    return ok(await codeProjects.upload(userId, req.body.file, req.body.fileName), '代码已上传并分析完成');
  });
  r.get('/api/getCodeFiles', { schema: { querystring: z.object({ uploadId: z.coerce.number({ error: '请指定上传编号' }).int().positive('上传编号无效') }) } }, async (req) =>
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
