import type { IntegralSetting, UserPoints, WordStatus } from '@mazhu/contracts';
import { DocgenError } from '@mazhu/docgen';
import { afterEach, describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import path from 'node:path';
import { buildProject, setBalances, upload, waitForMaterials, zipFolder } from '../../../test/projects.factories';
import { RETRY_POLICY } from '../../jobs';
import { planCharge } from './points.service';

describe('planCharge (order: free time, then gifted points, then recharge points)', () => {
  it('takes one free time first, whatever the cost', () => {
    expect(planCharge({ freeTimes: 2, giftedPoints: 500, rechargePoints: 500 }, 100)).toEqual({ freeTimes: 1, giftedPoints: 0, rechargePoints: 0 });
  });
  it('takes gifted points before recharge points, splitting when needed', () => {
    expect(planCharge({ freeTimes: 0, giftedPoints: 150, rechargePoints: 10 }, 100)).toEqual({ freeTimes: 0, giftedPoints: 100, rechargePoints: 0 });
    expect(planCharge({ freeTimes: 0, giftedPoints: 30, rechargePoints: 100 }, 100)).toEqual({ freeTimes: 0, giftedPoints: 30, rechargePoints: 70 });
    expect(planCharge({ freeTimes: 0, giftedPoints: 0, rechargePoints: 100 }, 100)).toEqual({ freeTimes: 0, giftedPoints: 0, rechargePoints: 100 });
  });
  it('refuses when the sum is not enough', () => {
    expect(planCharge({ freeTimes: 0, giftedPoints: 50, rechargePoints: 49 }, 100)).toBeUndefined();
  });
});

describe('points API and charging of generations', async () => {
  const app = await buildTestApp();
  const originalGenerate = app.deps.jobs.engine.generate;
  const originalBackoff = RETRY_POLICY.backoffMs;
  afterEach(() => {
    app.deps.jobs.engine.generate = originalGenerate;
    RETRY_POLICY.backoffMs = originalBackoff;
  });
  const points = async (headers: Record<string, string>) => body<UserPoints>(await app.inject({ url: '/api/getUserPoints', headers })).data;
  const ledger = (userId: number) => app.deps.db.selectFrom('points_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const generate = async (headers: Record<string, string>, id: number) => body<WordStatus>(await app.inject({ method: 'POST', url: '/api/generateProjectWord', headers, payload: { id } }));

  it('answers balances and the cost of each action', async () => {
    const a = await buildUser(app, { freeTimes: 2 });
    await setBalances(app, a.userId, { gifted: 30, recharge: 70 });
    expect(await points(a.headers)).toEqual({ freeTimes: 2, giftedPoints: 30, rechargePoints: 70, currentPoints: 100, pendingTopUps: 0 });
    expect(body(await app.inject({ url: '/api/getFreeTimes', headers: a.headers })).data).toEqual({ freeTimes: 2 });
    const s = body<IntegralSetting>(await app.inject('/api/getIntegralSetting'));
    expect(s.data.generateProject).toBe(100);
    expect(s.data.codeProject).toEqual({ base: 100, stepLines: 20000, perStep: 50 });
    expect(s.data.order).toMatch(/免费次数.*赠送积分.*充值积分/);
    expect(body(await app.inject('/api/getUserPoints')).code).toBe(302);
  });

  it('charges a free time first, then gifted, then recharge points — each change in the ledger', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    await setBalances(app, a.userId, { gifted: 30, recharge: 200 });
    const p = await buildProject(app, a.headers);

    expect((await generate(a.headers, p.id)).code).toBe(200);
    expect((await waitForMaterials(app, a.headers, p.id)).charge).toEqual({ freeTimes: 1, giftedPoints: 0, rechargePoints: 0 });
    expect(await points(a.headers)).toMatchObject({ freeTimes: 0, giftedPoints: 30, rechargePoints: 200 });

    expect((await generate(a.headers, p.id)).code).toBe(200); // editing/generating again replaces the materials
    expect((await waitForMaterials(app, a.headers, p.id)).charge).toEqual({ freeTimes: 0, giftedPoints: 30, rechargePoints: 70 });
    expect(await points(a.headers)).toMatchObject({ freeTimes: 0, giftedPoints: 0, rechargePoints: 130 });

    const rows = await ledger(a.userId);
    expect(rows.map((r) => [r.kind, r.delta, r.balance_after])).toEqual([
      ['free_times', -1, 0],
      ['gift', -30, 0],
      ['recharge', -70, 130],
    ]);
    expect(rows.every((r) => r.reason.includes('生成软著材料') && /^job:\d+$/.test(r.ref ?? ''))).toBe(true);
    const files = await app.deps.db.selectFrom('projects').select('materials_json').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(JSON.parse(files.materials_json!).charge).toEqual({ freeTimes: 0, giftedPoints: 30, rechargePoints: 70 });
  });

  it('says clearly when the balance is not enough, with the recharge link, and queues nothing', async () => {
    const a = await buildUser(app, { freeTimes: 0 });
    await setBalances(app, a.userId, { gifted: 40, recharge: 59 });
    const p = await buildProject(app, a.headers);
    const r = await generate(a.headers, p.id);
    expect(r.code).toBe(460);
    expect(r.msg).toContain('余额不足');
    expect(r.msg).toContain('100 积分');
    // A readable hint for people; the path is data, for the web app's button.
    expect(r.msg).toMatch(/请先到“积分充值”页充值，本次未扣费$/);
    expect(r.msg).not.toContain('/pointsRecharge');
    expect(r.data).toMatchObject({ need: 100, giftedPoints: 40, rechargePoints: 59, rechargeUrl: '/pointsRecharge' });
    expect(await points(a.headers)).toMatchObject({ giftedPoints: 40, rechargePoints: 59 });
    expect(await ledger(a.userId)).toEqual([]);
    const s = body<WordStatus>(await app.inject({ url: `/api/getProjectWordStatus?id=${p.id}`, headers: a.headers }));
    expect(s.data.state).toBe('draft');
    const jobs = await app.deps.db.selectFrom('generation_jobs').select('id').where('ref_id', '=', p.id).execute();
    expect(jobs).toEqual([]);
  });

  it('keeps a refused code project as a draft with everything entered, and generates it after a recharge', async () => {
    const a = await buildUser(app, { freeTimes: 0 });
    const up = await upload(app, a.headers, zipFolder(path.join(import.meta.dirname, '../captcha')));
    expect(up.code).toBe(200);
    const r = body<{ projectId?: number }>(
      await app.inject({ method: 'POST', url: '/api/addCodeProject', headers: a.headers, payload: { uploadId: up.data.uploadId, name: '余额不足测试系统', version: 'V2.1', form: { completionDate: '2025-05-01' } } }),
    );
    expect(r.code).toBe(460);
    const id = r.data.projectId!;
    const kept = body<{ name: string; version: string; status: string; source: string }>(await app.inject({ url: `/api/getProjectDetails?id=${id}`, headers: a.headers })).data;
    expect(kept).toMatchObject({ name: '余额不足测试系统', version: 'V2.1', status: 'draft', source: 'code' });
    expect(await ledger(a.userId)).toEqual([]);
    await setBalances(app, a.userId, { recharge: 100 });
    expect((await generate(a.headers, id)).code).toBe(200);
    expect((await waitForMaterials(app, a.headers, id)).state).toBe('succeeded');
  });

  it('charges exactly once when "generate" is clicked several times at once', async () => {
    const a = await buildUser(app, { freeTimes: 0 });
    await setBalances(app, a.userId, { gifted: 0, recharge: 1000 });
    const p = await buildProject(app, a.headers);
    const answers = await Promise.all([1, 2, 3, 4].map(() => generate(a.headers, p.id)));
    expect(answers.every((x) => x.code === 200)).toBe(true);
    await waitForMaterials(app, a.headers, p.id);
    expect((await points(a.headers)).rechargePoints).toBe(900);
    expect(await ledger(a.userId)).toHaveLength(1);
    const jobs = await app.deps.db.selectFrom('generation_jobs').select(['state']).where('ref_id', '=', p.id).where('kind', '=', 'generate-materials').execute();
    expect(jobs).toEqual([{ state: 'succeeded' }]);
  });

  it('refunds exactly the charge when the generation fails, and says why', async () => {
    const a = await buildUser(app, { freeTimes: 0 });
    await setBalances(app, a.userId, { gifted: 20, recharge: 100 });
    const p = await buildProject(app, a.headers);
    app.deps.jobs.engine.generate = async () => {
      throw new DocgenError('BAD_PROJECT', '项目数据格式错误：测试');
    };
    expect((await generate(a.headers, p.id)).code).toBe(200);
    const s = await waitForMaterials(app, a.headers, p.id);
    expect(s.state).toBe('failed');
    expect(s.message).toContain('项目数据格式错误：测试');
    expect(s.message).toContain('费用已退回');
    expect(await points(a.headers)).toMatchObject({ freeTimes: 0, giftedPoints: 20, rechargePoints: 100 });
    const rows = await ledger(a.userId);
    expect(rows.map((r) => [r.kind, r.delta])).toEqual([
      ['gift', -20],
      ['recharge', -80],
      ['gift', 20],
      ['recharge', 80],
    ]);
    expect(rows.slice(2).every((r) => r.reason === '生成失败，退回' && r.ref === rows[0].ref)).toBe(true);
    const job = await app.deps.db.selectFrom('generation_jobs').selectAll().where('ref_id', '=', p.id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'failed', refunded: 1, attempts: 1 });
  });

  it('retries a transient failure with backoff and charges once; refunds once after the last attempt', async () => {
    RETRY_POLICY.backoffMs = () => 0;
    const a = await buildUser(app, { freeTimes: 1 });
    const p = await buildProject(app, a.headers);
    let calls = 0;
    app.deps.jobs.engine.generate = async (input) => {
      calls++;
      if (calls < 3) throw new Error('disk hiccup');
      return originalGenerate(input);
    };
    await generate(a.headers, p.id);
    const ok = await waitForMaterials(app, a.headers, p.id);
    expect(ok.state).toBe('succeeded');
    expect(calls).toBe(3);
    expect(await points(a.headers)).toMatchObject({ freeTimes: 0 });

    await setBalances(app, a.userId, { freeTimes: 1 });
    app.deps.jobs.engine.generate = async () => {
      throw new Error('always broken');
    };
    await generate(a.headers, p.id);
    const failed = await waitForMaterials(app, a.headers, p.id);
    expect(failed.state).toBe('failed');
    expect(failed.message).not.toContain('always broken'); // internals never reach the user
    expect(await points(a.headers)).toMatchObject({ freeTimes: 1 });
    const jobs = await app.deps.db.selectFrom('generation_jobs').select(['state', 'attempts', 'refunded']).where('ref_id', '=', p.id).orderBy('id').execute();
    expect(jobs).toEqual([
      { state: 'succeeded', attempts: 3, refunded: 0 },
      { state: 'failed', attempts: 3, refunded: 1 },
    ]);
    // The earlier materials stay downloadable after a failed regeneration.
    const dl = await app.inject({ url: `/api/getProjectWordDownload?id=${p.id}`, headers: a.headers });
    expect(dl.headers['content-type']).toBe('application/zip');
  });
});
