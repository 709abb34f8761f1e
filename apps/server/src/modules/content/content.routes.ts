import {
  ZAgreementQuery,
  ZCaseListQuery,
  ZCommonProblemQuery,
  ZNotificationQuery,
} from '@mazhu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ok } from '../../lib/envelope';
import type { ContentCache } from './content.cache';
import { createContentRepo } from './content.repo';

/**
 * Public content (no sign-in): notices, FAQ, agreements, software cases, platform types. Notice answers are kept by
 * `cache` (content.cache.ts) until the back office changes a notice.
 */
export async function contentRoutes(app: FastifyInstance, opts: { db: Kysely<Database>; cache: ContentCache }): Promise<void> {
  const repo = createContentRepo(opts.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/getNotification', { schema: { querystring: ZNotificationQuery } }, async (req, reply) => {
    const { id, page, pageSize, category } = req.query;
    const json = id
      ? await opts.cache.json('notice', `id:${id}`, async () => ok(await repo.getNotice(id)))
      : await opts.cache.json('notice', `list:${page}:${pageSize}:${category ?? ''}`, async () => ok(await repo.listNotices({ page, pageSize, category })));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  r.get('/api/getCommonProblem', { schema: { querystring: ZCommonProblemQuery } }, async (req) => ok(await repo.listFaqs(req.query.category)));

  r.get('/api/getAgreement', { schema: { querystring: ZAgreementQuery } }, async (req) => ok(await repo.getAgreement(req.query.type)));
  r.get('/api/getPrivacyAgreement', async () => ok(await repo.getAgreement(2)));

  r.get('/api/getCaseType', async () => ok(await repo.listCaseTypes()));
  r.get('/api/getPrototypeCaseList', { schema: { querystring: ZCaseListQuery } }, async (req) => ok(await repo.listCases(req.query)));

  r.get('/api/getPlatformType', async () => ok(await repo.listPlatformTypes()));
}
