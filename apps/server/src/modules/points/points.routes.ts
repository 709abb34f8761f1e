import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { requireUserId } from '../../plugins/session';
import { readBalances, readIntegralSetting } from './points.service';

/** Balances and costs (first cut; packages, top-ups and the ledger list come with the recharge feature). */
export async function pointsRoutes(app: FastifyInstance, opts: { db: Kysely<Database> }): Promise<void> {
  const { db } = opts;
  app.get('/api/getFreeTimes', async (req) => {
    const b = await readBalances(db, await requireUserId(req));
    return ok({ freeTimes: b.freeTimes });
  });
  app.get('/api/getUserPoints', async (req) => ok(await readBalances(db, await requireUserId(req))));
  /** Public: the price table is shown before sign-in too (/pointsRecharge). */
  app.get('/api/getIntegralSetting', async () => ok(await readIntegralSetting(db)));
}
