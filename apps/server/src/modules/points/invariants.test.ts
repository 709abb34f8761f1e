import os from 'node:os';
import type { Charge, WordStatus } from '@mazhu/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { setPayee, uniqueVoucherImage } from '../../../test/admin.factories';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { buildProject, multipart } from '../../../test/projects.factories';
import { nowIso } from '../../db';
import { createPointsModule } from '.';
import { LEDGER_KINDS } from '@mazhu/contracts';

/** For every kind: the balance on the user row, and the sum of the user's ledger rows. */
async function balanceVsLedger(app: App, userId: number) {
  const u = await app.deps.db.selectFrom('users').select(['recharge_points', 'gifted_points', 'free_times']).where('id', '=', userId).executeTakeFirstOrThrow();
  const sums = await app.deps.db
    .selectFrom('points_ledger')
    .select(['kind', (eb) => eb.fn.sum<number>('delta').as('total')])
    .where('user_id', '=', userId)
    .groupBy('kind')
    .execute();
  const sum = (k: string) => Number(sums.find((s) => s.kind === k)?.total ?? 0);
  return {
    balances: { recharge: u.recharge_points, gift: u.gifted_points, free_times: u.free_times },
    ledger: { recharge: sum('recharge'), gift: sum('gift'), free_times: sum('free_times') },
  };
}

describe('ledger invariants', async () => {
  // ROLE=web: no job runner in this process, the test measures the charge alone.
  const app = await buildTestApp({ ROLE: 'web' });
  await setPayee(app);
  const { charger, topUps } = createPointsModule(app.deps);
  const op = await app.deps.db.insertInto('operators').values({ username: `inv${Date.now()}`, password_hash: 'x', created_at: nowIso(), created_by: null }).returning('id').executeTakeFirstOrThrow();
  const credit = (userId: number, c: { recharge?: number; gift?: number; freeTimes?: number }) =>
    app.deps.db.transaction().execute((trx) => charger.credit(trx, userId, c, '测试充值', null));

  it('200 concurrent generations against one balance charge exactly what it pays for: no 500, none over 2 s', async () => {
    const a = await buildUser(app, { freeTimes: 0 });
    await credit(a.userId, { freeTimes: 1, gift: 250, recharge: 400 }); // 1 free time + 650 points at 100 each → 7
    const projects = [];
    for (let i = 0; i < 200; i++) projects.push(await buildProject(app, a.headers, { name: `并发测试${i}号管理系统` }));

    const times: number[] = [];
    const answers = await Promise.all(
      projects.map(async (p) => {
        const t0 = performance.now();
        const res = await app.inject({ method: 'POST', url: '/api/generateProjectWord', headers: a.headers, payload: { id: p.id } });
        times.push(performance.now() - t0);
        expect(res.statusCode).toBe(200);
        return res.json() as { code: number; data: WordStatus };
      }),
    );
    const codes = answers.map((x) => x.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(7);
    expect(codes.filter((c) => c === 460)).toHaveLength(193);
    // 2 s on a machine that is not overloaded; on a shared machine whose load is above twice its cores the budget
    // grows with the load (printed, so the figure is never hidden).
    const load = os.loadavg()[0] ?? 0;
    const budget = 2000 * Math.max(1, load / (2 * os.cpus().length));
    const sorted = [...times].sort((x, y) => x - y);
    const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
    console.info(`[invariants] ${app.deps.dialect}: 200 concurrent generateProjectWord — p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, slowest ${at(1)} ms (load ${load.toFixed(1)} on ${os.cpus().length} cores, budget ${Math.round(budget)} ms)`);
    expect(Math.max(...times)).toBeLessThan(budget);

    const { balances, ledger } = await balanceVsLedger(app, a.userId);
    expect(balances).toEqual({ recharge: 50, gift: 0, free_times: 0 });
    expect(ledger).toEqual(balances);
    const jobs = await app.deps.db.selectFrom('generation_jobs').select('charge_json').where('user_id', '=', a.userId).execute();
    expect(jobs).toHaveLength(7);
    const charged = jobs.map((j) => JSON.parse(j.charge_json!) as Charge);
    expect(charged.reduce((s, c) => s + c.giftedPoints + c.rechargePoints, 0)).toBe(600);
    expect(charged.filter((c) => c.freeTimes === 1)).toHaveLength(1);
    const queued = await app.deps.db.selectFrom('projects').select('id').where('user_id', '=', a.userId).where('status', '=', 'queued').execute();
    expect(queued).toHaveLength(7);
  });

  it('the ledger is append-only: rows cannot be changed or deleted', async () => {
    const a = await buildUser(app);
    await credit(a.userId, { gift: 10 });
    await expect(app.deps.db.updateTable('points_ledger').set({ delta: 1000 }).where('user_id', '=', a.userId).execute()).rejects.toThrow(/append-only/);
    await expect(app.deps.db.deleteFrom('points_ledger').where('user_id', '=', a.userId).execute()).rejects.toThrow(/append-only/);
    // Deleting the account removes its rows with it (nothing left to explain).
    await app.deps.db.deleteFrom('users').where('id', '=', a.userId).execute();
    expect(await app.deps.db.selectFrom('points_ledger').select('id').where('user_id', '=', a.userId).execute()).toEqual([]);
  });

  it('after random sequences of top-ups, reviews, charges, refunds and adjustments, every balance equals its ledger and none is negative', async () => {
    const pkgId = (await app.deps.db.selectFrom('recharge_packages').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const op$ = fc.oneof(
      fc.record({ t: fc.constant('topup' as const), outcome: fc.constantFrom('approve', 'reject', 'cancel', 'twice') }),
      fc.record({ t: fc.constant('charge' as const), cost: fc.integer({ min: 0, max: 400 }), refund: fc.boolean() }),
      fc.record({ t: fc.constant('adjust' as const), kind: fc.constantFrom(...LEDGER_KINDS), delta: fc.integer({ min: -300, max: 300 }).filter((d) => d !== 0) }),
    );
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op$, { minLength: 1, maxLength: 12 }), async (ops) => {
        runs++;
        const a = await buildUser(app, { freeTimes: 0 });
        for (const o of ops) {
          if (o.t === 'topup') {
            const order = await topUps.create(a.userId, pkgId);
            if (o.outcome === 'cancel') {
              await topUps.cancel(a.userId, order.id);
              continue;
            }
            const mp = await multipart({ orderId: String(order.id), file: { data: await uniqueVoucherImage(8, 8), name: 'v.png' } });
            const up = body(await app.inject({ method: 'POST', url: '/api/uploadRechargeVoucher', headers: { ...a.headers, 'content-type': mp.contentType }, payload: mp.payload }));
            expect(up.code).toBe(200);
            if (o.outcome === 'reject') await topUps.reject({ operatorId: op.id }, order.id, '测试驳回');
            else await Promise.allSettled(o.outcome === 'twice' ? [topUps.approve({ operatorId: op.id, role: 'admin' }, order.id), topUps.approve({ operatorId: op.id, role: 'admin' }, order.id)] : [topUps.approve({ operatorId: op.id, role: 'admin' }, order.id)]);
          } else if (o.t === 'charge') {
            const c = await app.deps.db
              .transaction()
              .execute((trx) => charger.charge(trx, a.userId, o.cost, '测试扣费', 'test'))
              .catch((e: { code?: number }) => {
                expect(e.code).toBe(460);
                return undefined;
              });
            if (c && o.refund) await app.deps.db.transaction().execute((trx) => charger.refund(trx, a.userId, c, '测试退回', 'test'));
          } else {
            await app.deps.db
              .transaction()
              .execute((trx) => charger.adjust(trx, a.userId, o.kind, o.delta, '测试调整', null))
              .catch((e: { code?: number; message: string }) => {
                expect([e.code, e.message]).toEqual([400, expect.stringContaining('不能为负数')]);
              });
          }
        }
        const { balances, ledger } = await balanceVsLedger(app, a.userId);
        expect(ledger).toEqual(balances);
        expect(Math.min(...Object.values(balances))).toBeGreaterThanOrEqual(0);
        const rows = await app.deps.db.selectFrom('points_ledger').select(['kind', 'delta', 'balance_after']).where('user_id', '=', a.userId).orderBy('id').execute();
        // balance_after of each row is the running sum of its kind.
        const running: Record<string, number> = {};
        for (const r of rows) {
          running[r.kind] = (running[r.kind] ?? 0) + r.delta;
          expect(r.balance_after).toBe(running[r.kind]);
        }
      }),
      { numRuns: 30 },
    );
    expect(runs).toBe(30);
  });
});
