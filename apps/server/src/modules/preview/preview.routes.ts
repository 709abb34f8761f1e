import { ZAssignScreenshotsRequest, ZIdQuery, ZRenderPreviewRequest, ZSavePreviewRequest, plainNumber } from '@mazhu/contracts';
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
  screenId: plainNumber(z.number({ error: '请指定要替换的界面' }).int().positive('界面编号无效')),
  file: z.instanceof(Buffer, { error: '请选择要上传的截图（PNG 或 JPEG）' }),
});

/** multipart/form-data of POST /api/uploadScreenshotPack: `projectId` and `file` (a .zip pack, or one PNG/JPEG). */
const ZUploadScreenshotPack = z.object({
  projectId: plainNumber(z.number({ error: '请指定项目' }).int().positive('项目编号无效')),
  file: z.instanceof(Buffer, { error: '请选择截图包（.zip）或截图' }),
});

/** GET /api/getPackImage: a staged image of the user's pack. */
const ZPackImageQuery = z.object({
  packId: z.string().regex(/^[a-f0-9]{16}$/, '截图包编号无效'),
  index: plainNumber(z.number().int().min(0).max(1000)),
});

/** Pack uploads per user and hour: each one OCR-reads up to 40 screenshots (1–3 s of CPU each). */
const PACKS_PER_HOUR = 20;

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
    return reply.header('content-type', img.mime).header('cache-control', 'private, no-store').send(img.data);
  });
  r.post('/api/uploadScreenshot', { schema: { body: ZUploadScreenshot } }, async (req) =>
    ok(await preview.replaceScreenImage(await requireUserId(req), req.body.screenId, req.body.file), '截图已上传，已替换原型图'),
  );
  r.post('/api/uploadScreenshotPack', { schema: { body: ZUploadScreenshotPack } }, async (req) => {
    const userId = await requireUserId(req);
    if ((await kv.incrWindow(`pack:user:${userId}`, 3600)) > PACKS_PER_HOUR) throw tooMany('截图包上传过于频繁，请稍后再试');
    const res = await preview.uploadPack(userId, req.body.projectId, req.body.file);
    const matched = res.shots.filter((s) => s.screenId !== null).length;
    return ok(res, `已读取 ${res.shots.length} 张截图，自动匹配 ${matched} 张，请确认后保存`);
  });
  r.get('/api/getPackImage', { schema: { querystring: ZPackImageQuery } }, async (req, reply) => {
    const img = await preview.packImage(await requireUserId(req), req.query.packId, req.query.index);
    return reply.header('content-type', img.mime).header('cache-control', 'private, no-store').send(img.data);
  });
  r.post('/api/assignScreenshots', { schema: { body: ZAssignScreenshotsRequest } }, async (req) =>
    ok(await preview.assignScreenshots(await requireUserId(req), req.body), `已保存 ${req.body.items.length} 张截图，对应界面不再使用原型图`),
  );
  r.post('/api/maskScreenshot', { schema: { body: ZIdQuery } }, async (req) => ok(await preview.maskScreenshot(await requireUserId(req), req.body.id), '已遮盖截图中的个人信息'));
  r.get('/api/delScreenshot', { schema: { querystring: ZIdQuery } }, async (req) => ok(await preview.removeScreenshot(await requireUserId(req), req.query.id), '已恢复为原型图'));
}
