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
import { createContentRepo } from './content.repo';

/** Public content (no sign-in): notices, FAQ, agreements, software cases, platform types. */
export async function contentRoutes(app: FastifyInstance, opts: { db: Kysely<Database> }): Promise<void> {
  const repo = createContentRepo(opts.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/getNotification', { schema: { querystring: ZNotificationQuery } }, async (req) => {
    const q = req.query;
    if (q.id) return ok(await repo.getNotice(q.id));
    return ok(await repo.listNotices(q));
  });

  r.get('/api/getCommonProblem', { schema: { querystring: ZCommonProblemQuery } }, async (req) => ok(await repo.listFaqs(req.query.category)));

  r.get('/api/getAgreement', { schema: { querystring: ZAgreementQuery } }, async (req) => ok(await repo.getAgreement(req.query.type)));
  r.get('/api/getPrivacyAgreement', async () => ok(await repo.getAgreement(2)));

  r.get('/api/getCaseType', async () => ok(await repo.listCaseTypes()));
  r.get('/api/getPrototypeCaseList', { schema: { querystring: ZCaseListQuery } }, async (req) => ok(await repo.listCases(req.query)));

  r.get('/api/getPlatformType', async () => ok(await repo.listPlatformTypes()));
}
