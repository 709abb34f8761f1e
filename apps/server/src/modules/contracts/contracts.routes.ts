import { ZAddContractRequest, ZContractDownloadQuery, ZContractListQuery, ZContractTemplateQuery, ZIdQuery } from '@mazhu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUserId } from '../../plugins/session';
import { attachment } from '../projects/projects.routes';
import type { ContractService } from './contracts.service';

/** Contracts (/settings/contract), spec §7: getContractTemplateHtml, addContract, getContractList, plus the download and delete calls. */
export async function contractsRoutes(app: FastifyInstance, opts: { contracts: ContractService }): Promise<void> {
  const { contracts } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/getContractTemplateHtml', { schema: { querystring: ZContractTemplateQuery } }, async (req) => ok(await contracts.templateHtml(await requireUserId(req), req.query)));
  r.post('/api/addContract', { schema: { body: ZAddContractRequest } }, async (req) => ok(await contracts.add(await requireUserId(req), req.body), '合同已生成'));
  r.post('/api/getContractList', { schema: { body: ZContractListQuery } }, async (req) => ok(await contracts.list(await requireUserId(req), req.body)));
  /** The one non-envelope answer of this module: the PDF or DOCX itself (errors before it are envelopes). */
  r.get('/api/getContractDownload', { schema: { querystring: ZContractDownloadQuery } }, async (req, reply) => {
    const f = await contracts.openDownload(await requireUserId(req), req.query.id, req.query.format);
    return reply
      .header('content-type', f.contentType)
      .header('content-length', String(f.size))
      .header('content-disposition', attachment(f.fileName))
      .header('cache-control', 'private, no-store')
      .send(f.stream);
  });
  r.get('/api/delContract', { schema: { querystring: ZIdQuery } }, async (req) => {
    await contracts.remove(await requireUserId(req), req.query.id);
    return ok(null, '合同已删除');
  });
}
