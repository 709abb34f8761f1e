import { ZIdQuery, ZRenderPreviewRequest, ZSavePreviewRequest } from '@mazhu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { tooMany } from '../../lib/errors';
import type { Kv } from '../../kv';
import { requireUserId } from '../../plugins/session';
import type { PreviewService } from './preview.service';

/** multipart/form-data of POST /api/uploadScreenshot: `screenId` and `file` (PNG/JPEG as a Buffer). */
const ZUploadScreenshot = z.object({
  screenId: z.coerce.number({ error: '请指定要替换的界面' }).int().positive('界面编号无效'),
  file: z.instanceof(Buffer, { error: '请选择要上传的截图（PNG 或 JPEG）' }),
});

/** Renders per IP and minute without signing in: each one takes about a second of CPU. */
const ANON_RENDERS_PER_MINUTE = 12;
/** Renders per user and minute when signed in (editing a project's screens re-renders them in batches). */
const USER_RENDERS_PER_MINUTE = 40;

/** UI prototypes and screenshots: /preview-software and the wizards' module step. */
export async function previewRoutes(app: FastifyInstance, opts: { preview: PreviewService; kv: Kv }): Promise<void> {
  const { preview, kv } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/renderPreview', { schema: { body: ZRenderPreviewRequest } }, async (req) => {
    const s = await req.session();
    const [key, limit] = s.ok ? [`preview:user:${s.userId}`, USER_RENDERS_PER_MINUTE] : [`preview:ip:${req.ip}`, ANON_RENDERS_PER_MINUTE];
    if ((await kv.incrWindow(key, 60)) > limit) throw tooMany('预览生成过于频繁，请一分钟后再试');
    return ok(await preview.renderAnonymous(req.body));
  });
  r.get('/api/getPreview', { schema: { querystring: ZIdQuery } }, async (req) => ok(await preview.getPreview(await requireUserId(req), req.query.id)));
  r.post('/api/savePreview', { schema: { body: ZSavePreviewRequest } }, async (req) => ok(await preview.savePreview(await requireUserId(req), req.body), '界面已保存到项目'));
  r.get('/api/getScreenImage', { schema: { querystring: ZIdQuery.extend({ v: z.string().max(40).optional() }) } }, async (req, reply) => {
    const img = await preview.openImage(await requireUserId(req), req.query.id);
    return reply.header('content-type', img.mime).header('cache-control', 'private, max-age=86400').send(img.data);
  });
  r.post('/api/uploadScreenshot', { schema: { body: ZUploadScreenshot } }, async (req) =>
    ok(await preview.replaceScreenImage(await requireUserId(req), req.body.screenId, req.body.file), '截图已上传，已替换原型图'),
  );
  r.get('/api/delScreenshot', { schema: { querystring: ZIdQuery } }, async (req) => ok(await preview.removeScreenshot(await requireUserId(req), req.query.id), '已恢复为原型图'));
}
