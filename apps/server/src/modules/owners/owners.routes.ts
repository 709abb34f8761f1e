import { ZEditOwnerRequest, ZIdQuery, ZOwnerInput, ZOwnerListQuery } from '@mazhu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUserId } from '../../plugins/session';
import type { OwnerService } from './owners.service';

/** The owner registry (/owner), spec §7: getIntellectualList, addIntellectual, editIntellectual, getIntellectualDetails, delIntellectual. */
export async function ownersRoutes(app: FastifyInstance, opts: { owners: OwnerService }): Promise<void> {
  const { owners } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/getIntellectualList', { schema: { body: ZOwnerListQuery } }, async (req) => ok(await owners.list(await requireUserId(req), req.body)));
  r.post('/api/addIntellectual', { schema: { body: ZOwnerInput } }, async (req) => ok(await owners.add(await requireUserId(req), req.body), '著作权人已添加'));
  r.post('/api/editIntellectual', { schema: { body: ZEditOwnerRequest } }, async (req) => ok(await owners.edit(await requireUserId(req), req.body), '著作权人已保存'));
  r.get('/api/getIntellectualDetails', { schema: { querystring: ZIdQuery } }, async (req) => ok(await owners.details(await requireUserId(req), req.query.id)));
  r.get('/api/delIntellectual', { schema: { querystring: ZIdQuery } }, async (req) => {
    await owners.remove(await requireUserId(req), req.query.id);
    return ok(null, '著作权人已删除');
  });
}
