import { ZBatchIdRequest, ZBatchListQuery, ZBatchOrderRequest, ZIdQuery, ZSaveBatchRequest } from '@mazhu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { userSlots } from '../../lib/user-slots';
import { requireUserId } from '../../plugins/session';
import { attachment } from '../projects/projects.routes';
import type { BatchService } from './batch.service';

/** multipart/form-data: `file` (the .xlsx, a Buffer with attachFieldsToBody 'keyValues') and an optional `fileName`. */
const ZExcelBody = z.object({
  file: z.instanceof(Buffer, { error: '请选择填写好的 Excel 表格（.xlsx）' }),
  fileName: z.string().trim().max(200, '文件名过长').optional(),
});

/** Batch orders (/quickBatchOrder, /batch-order-Details, /settings/batchProjectList). Contracts: packages/contracts/src/batch.ts. */
export async function batchRoutes(app: FastifyInstance, opts: { batch: BatchService }): Promise<void> {
  const { batch } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/softwareInformationTemplate', async (req, reply) => {
    const t = await batch.template(await requireUserId(req));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', attachment(t.fileName))
      .header('cache-control', 'private, no-store')
      .send(t.data);
  });
  // One workbook per user is read at a time: the reading thread is shared by every user.
  const importing = userSlots(1, '您已有一个表格正在导入，请等它完成后再上传');
  r.post('/api/softwareInformationExcel', { schema: { body: ZExcelBody } }, async (req) => {
    const userId = await requireUserId(req);
    return ok(await importing.run(userId, () => batch.importExcel(userId, req.body.file, req.body.fileName)), '表格已导入，请逐行核对');
  });
  r.post('/api/getSoftwareInformation', { schema: { body: ZBatchIdRequest } }, async (req) => ok(await batch.details(await requireUserId(req), req.body.id)));
  r.post('/api/saveSoftwareInformation', { schema: { body: ZSaveBatchRequest } }, async (req) => ok(await batch.save(await requireUserId(req), req.body), '已保存'));
  r.post('/api/getProjectBatchOrder', { schema: { body: ZBatchOrderRequest } }, async (req) => {
    const res = await batch.order(await requireUserId(req), req.body);
    return ok(res, res.ordered && req.body.confirm ? '已下单，开始生成材料' : '');
  });
  r.post('/api/getProjectBatchList', { schema: { body: ZBatchListQuery } }, async (req) => ok(await batch.list(await requireUserId(req), req.body)));
  r.get('/api/getProjectBatchDownload', { schema: { querystring: ZIdQuery } }, async (req, reply) => {
    const d = await batch.openDownload(await requireUserId(req), req.query.id);
    return reply.header('content-type', 'application/zip').header('content-disposition', attachment(d.fileName)).header('cache-control', 'private, no-store').send(d.stream);
  });
  r.get('/api/delProjectBatch', { schema: { querystring: ZIdQuery } }, async (req) => {
    await batch.remove(await requireUserId(req), req.query.id);
    return ok(null, '批量订单已删除');
  });
}
