import {
  ZAddCorrectionRequest,
  ZApplyCorrectionFix,
  ZCorrectionsListQuery,
  ZGenerateRequest,
  ZIdQuery,
  ZParseNoticeRequest,
  ZProjectCorrectionsQuery,
} from '@mazhu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireUserId } from '../../plugins/session';
import { sendZip } from '../projects/projects.routes';
import type { CorrectionService } from './corrections.service';
import type { NoticeReader } from './notice-reader';
import { userSlots } from '../../lib/user-slots';

/** multipart/form-data: `file` (the notice as PDF or photo/scan). */
const ZNoticeUpload = z.object({ file: z.instanceof(Buffer, { error: '请选择补正通知书文件（PDF、PNG 或 JPEG）' }) });

/** Correction projects (/settings/correctionList, /settings/batchCorrection and the fixing page). */
export async function correctionsRoutes(app: FastifyInstance, opts: { corrections: CorrectionService; reader: NoticeReader }): Promise<void> {
  const { corrections, reader } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', async () => reader.close());

  // One notice per user is read (OCR) at a time: the reading thread and the OCR worker are shared by every user.
  const reading = userSlots(1, '您已有一份通知书正在识别，请等它完成后再上传');
  r.post('/api/uploadCorrectionNotice', { schema: { body: ZNoticeUpload } }, async (req) => {
    const userId = await requireUserId(req);
    return ok(await reading.run(userId, () => reader.read(req.body.file)), '已读取通知书文字，请核对');
  });
  r.post('/api/parseCorrectionNotice', { schema: { body: ZParseNoticeRequest } }, async (req) => {
    await requireUserId(req);
    return ok(corrections.parse(req.body.text));
  });
  r.post('/api/addProjectCorrections', { schema: { body: ZAddCorrectionRequest } }, async (req) => ok(await corrections.add(await requireUserId(req), req.body), '补正项目已创建'));
  r.post('/api/getProjectCorrectionsList', { schema: { body: ZProjectCorrectionsQuery } }, async (req) => ok(await corrections.listForProject(await requireUserId(req), req.body)));
  r.post('/api/getCorrectionsProjectList', { schema: { body: ZCorrectionsListQuery } }, async (req) => ok(await corrections.list(await requireUserId(req), req.body)));
  r.get('/api/getCorrectionDetails', { schema: { querystring: ZIdQuery } }, async (req) => ok(await corrections.details(await requireUserId(req), req.query.id)));
  r.post('/api/applyCorrectionFix', { schema: { body: ZApplyCorrectionFix } }, async (req) => ok(await corrections.applyFix(await requireUserId(req), req.body), '已保存'));
  r.post('/api/generateCorrectionMaterials', { schema: { body: ZGenerateRequest } }, async (req) =>
    ok(await corrections.startGeneration(await requireUserId(req), req.body.id), '已开始生成补正材料'),
  );
  r.get('/api/getCorrectionsMaterials', { schema: { querystring: ZIdQuery } }, async (req, reply) => sendZip(reply, await corrections.openDownload(await requireUserId(req), req.query.id)));
  r.post('/api/markCorrectionSubmitted', { schema: { body: ZGenerateRequest } }, async (req) => ok(await corrections.markSubmitted(await requireUserId(req), req.body.id), '已标记为已提交，补正期限提醒已停止'));
  r.get('/api/cancelProjectCorrections', { schema: { querystring: ZIdQuery } }, async (req) => ok(await corrections.cancel(await requireUserId(req), req.query.id), '补正已取消'));
}
