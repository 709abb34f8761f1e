import path from 'node:path';
import type { BatchDetails, BatchOrderResult, ProjectDetails, UserPoints, WordStatus } from '@mazhu/contracts';
import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { buildOwner, COMPANY } from '../../../test/owners.factories';
import { setBalances, upload, waitForMaterials, zipFolder } from '../../../test/projects.factories';

type Headers = Record<string, string>;

const ROW = { version: 'V1.0', completionDate: '2025-03-01', owners: COMPANY.name, platform: 'Web', description: '为物业公司提供报修登记、派工和回访。' };

/**
 * The batch quote adds up on SQLite and PostgreSQL (TEST_DATABASE_URL): every row with its price, what it gets and
 * its check; rows with errors or left out are not counted; the shortfall is exact; nothing is charged while short;
 * rows without code are priced at the described-only setting; a row's first regeneration after fixing is free.
 */
describe('batch quotes that add up', async () => {
  const app = await buildTestApp();
  const db = app.deps.db;
  await db.insertInto('settings').values({ key: 'integral.describedProject', value: '60', updated_at: new Date().toISOString() }).execute();

  const order = async (headers: Headers, payload: object) => body<BatchOrderResult>(await app.inject({ method: 'POST', url: '/api/getProjectBatchOrder', headers, payload }));
  const points = async (headers: Headers) => body<UserPoints>(await app.inject({ url: '/api/getUserPoints', headers })).data;

  it('quotes each row and the exact shortfall with an invalid row, charges nothing while short, then exactly', async () => {
    const u = await buildUser(app, { freeTimes: 1 });
    await buildOwner(app, u.headers);
    await setBalances(app, u.userId, { freeTimes: 1, gifted: 50, recharge: 0 });
    // A small real code base of this repository: priced by its size (100 points up to 20,000 lines).
    const up = await upload(app, u.headers, zipFolder(path.resolve(__dirname, '../../../../../packages/contracts/src'), 'contracts'));
    expect(up.code, up.msg).toBe(200);
    const save = body<BatchDetails>(
      await app.inject({
        method: 'POST',
        url: '/api/saveSoftwareInformation',
        headers: u.headers,
        payload: {
          rows: [
            { values: { ...ROW, name: '物业报修管理系统' } },
            { values: { ...ROW, name: '停车缴费管理系统', version: 'Beta1' } },
            { values: { ...ROW, name: '合同台账管理系统' }, uploadId: up.data.uploadId },
            { values: { ...ROW, name: '会议室预约软件', description: '主要功能：1. 会议室管理 2. 预约申请 3. 审批管理 4. 签到管理 5. 统计报表' } },
            { values: { ...ROW, name: '访客登记平台', description: '提供访客预约、到访登记和离开签退。' } },
          ],
        },
      }),
    );
    expect(save.code, save.msg).toBe(200);
    const rows = save.data.rows;
    const ids = rows.map((r) => r.id);
    expect(rows.map((r) => [r.priced, r.points])).toEqual([
      ['described', 60],
      ['described', 60],
      ['code', 100],
      ['described', 60],
      ['described', 60],
    ]);
    expect(rows[2]!.gets).toBe('源程序、操作手册、申请表和检查报告');
    expect(rows[0]!.gets).toBe('申请表、操作手册和检查报告（未上传源代码，不含源程序文档）');
    expect(rows[0]!.check!.items.map((i) => i.message)).toContain('未附源代码：只生成申请表、操作手册和检查报告（未上传源代码，不含源程序文档），按仅描述项目计价；提交登记前须上传源代码生成源程序文档');
    expect(rows[1]!.state).toBe('invalid');
    // Short is honest: the writer's estimate is below 500, shown as 未通过 with the characters.
    for (const r of [rows[0]!, rows[3]!, rows[4]!]) {
      expect(r.check!.result).toBe('failed');
      expect(r.check!.mainFunctions.chars).toBeGreaterThan(0);
      expect(r.check!.mainFunctions.chars).toBeLessThan(500);
    }

    // The invalid row 2 is not counted: rows 1, 3, 4, 5 = 60 + 100 + 60 + 60 = 280; the free time pays row 1;
    // 100 + 60 + 60 = 220 to pay with 50 gifted points → 170 short, and nothing is charged.
    const q = (await order(u.headers, { id: save.data.id })).data.quote;
    expect(q).toMatchObject({ rows: 4, points: 280, freeTimesUsed: 1, pointsNeeded: 220, shortfall: 170, enough: false, invalidRows: [2] });
    expect(q.charge).toEqual({ freeTimes: 0, giftedPoints: 0, rechargePoints: 0 });
    expect(q.lines.map((l) => [l.rowNo, l.included, l.check])).toEqual([
      [1, true, 'failed'],
      [2, false, 'invalid'],
      [3, true, q.lines[2]!.check],
      [4, true, 'failed'],
      [5, true, 'failed'],
    ]);
    expect(q.lines.every((l) => l.charge.freeTimes + l.charge.giftedPoints + l.charge.rechargePoints === 0)).toBe(true);
    expect(q.unconfirmed).toEqual(expect.arrayContaining([ids[0], ids[3], ids[4]]));

    // Ordering with the invalid row still in: refused. Rows that fail their check: refused until confirmed or left out.
    expect((await order(u.headers, { id: save.data.id, confirm: true })).msg).toBe('还有 1 行有错误（第 2 行），请修改、删除，或选择这些行不下单');
    // Rows 2 (errors), 3 (the code row) and 5 are left out; rows 1 and 4 are ordered.
    const exclude = [ids[1], ids[2], ids[4]];
    const notConfirmed = await order(u.headers, { id: save.data.id, confirm: true, exclude });
    expect(notConfirmed.code).toBe(400);
    expect(notConfirmed.msg).toContain('检查未通过');
    const confirmFailed = rows.filter((r) => r.check?.result === 'failed' && !exclude.includes(r.id)).map((r) => r.id);

    // Rows 1 and 4: 60 (the free time) + 60 to pay with 50 gifted points → exactly 10 short.
    const short = await order(u.headers, { id: save.data.id, confirm: true, exclude, confirmFailed, acknowledged: ids });
    expect(short.code).toBe(460);
    expect(short.msg).toBe('余额不足：本次下单 2 个软件共 120 积分，其中 1 个用免费次数抵扣，还需支付 60 积分；您当前有赠送积分 50、充值积分 0，还差 10 积分。请先到“积分充值”页充值，本次未扣费');
    expect((short.data as unknown as { shortfall: number; need: number }).shortfall).toBe(10);
    expect(await points(u.headers)).toMatchObject({ freeTimes: 1, giftedPoints: 50, rechargePoints: 0 });
    expect(await db.selectFrom('projects').select('id').where('user_id', '=', u.userId).execute()).toHaveLength(0);

    await setBalances(app, u.userId, { recharge: 10 });
    const quoted = (await order(u.headers, { id: save.data.id, exclude, confirmFailed, acknowledged: ids })).data.quote;
    expect(quoted).toMatchObject({ rows: 2, points: 120, shortfall: 0, enough: true, excludedRows: [2, 3, 5] });
    expect(quoted.charge).toEqual({ freeTimes: 1, giftedPoints: 50, rechargePoints: 10 });
    expect(quoted.lines.filter((l) => l.included).map((l) => l.charge)).toEqual([
      { freeTimes: 1, giftedPoints: 0, rechargePoints: 0 },
      { freeTimes: 0, giftedPoints: 50, rechargePoints: 10 },
    ]);
    const done = await order(u.headers, { id: save.data.id, confirm: true, exclude, confirmFailed, acknowledged: ids });
    expect(done.code, done.msg).toBe(200);
    expect(await points(u.headers)).toMatchObject({ freeTimes: 0, giftedPoints: 0, rechargePoints: 0 });
    const ledger = await db.selectFrom('points_ledger').select(['kind', 'delta']).where('user_id', '=', u.userId).where('delta', '<', 0).execute();
    expect(ledger.filter((l) => l.kind !== 'free_times').reduce((s, l) => s + l.delta, 0)).toBe(-60);
    const after = done.data.batch;
    expect(after.counts).toMatchObject({ total: 5, excluded: 3 });
    expect(after.rows.filter((r) => r.state === 'excluded').map((r) => [r.rowNo, r.projectId, r.points])).toEqual([
      [2, null, 0],
      [3, null, 0],
      [5, null, 0],
    ]);
    const list = body<{ list: { id: number; counts: { excluded: number } }[] }>(await app.inject({ method: 'POST', url: '/api/getProjectBatchList', headers: u.headers, payload: {} }));
    expect(list.data.list.find((b) => b.id === save.data.id)!.counts.excluded).toBe(3);

    // After generation the row shows its report's verdict, not 通过: the short 主要功能 is 未通过.
    const row4 = after.rows.find((r) => r.rowNo === 4)!;
    const st = await waitForMaterials(app, u.headers, row4.projectId!, 300_000);
    expect(st.state).toBe('succeeded');
    const details = body<BatchDetails>(await app.inject({ method: 'POST', url: '/api/getSoftwareInformation', headers: u.headers, payload: { id: save.data.id } })).data;
    const generated = details.rows.find((r) => r.rowNo === 4)!;
    expect(generated.check?.result).toBe('failed');
    expect(generated.check?.items.some((i) => i.message.includes('软件的主要功能'))).toBe(true);
    expect(generated.freeRegeneration).toBe(false); // nothing fixed yet

    // The first regeneration after fixing its findings is free; the next one is charged again.
    await setBalances(app, u.userId, { recharge: 200 });
    const project = body<ProjectDetails>(await app.inject({ url: `/api/getProjectDetails?id=${row4.projectId}`, headers: u.headers })).data;
    const fixed = body(
      await app.inject({
        method: 'POST',
        url: '/api/editProject',
        headers: u.headers,
        payload: { id: project.id, form: { mainFunctions: `${project.name}用于会议室的预约与管理。`.repeat(1) + '管理员维护会议室的名称、位置、容量和设备，员工在线提交预约申请并选择时段，部门负责人审批预约，参会人到场扫码签到，系统按月统计会议室使用率。'.repeat(5) } },
      }),
    );
    expect(fixed.code, fixed.msg).toBe(200);
    const due = body<BatchDetails>(await app.inject({ method: 'POST', url: '/api/getSoftwareInformation', headers: u.headers, payload: { id: save.data.id } })).data;
    expect(due.rows.find((r) => r.rowNo === 4)!.freeRegeneration).toBe(true);
    const free = body<WordStatus>(await app.inject({ method: 'POST', url: '/api/generateProjectWord', headers: u.headers, payload: { id: project.id } }));
    expect(free.code, free.msg).toBe(200);
    expect((await waitForMaterials(app, u.headers, project.id, 300_000)).state).toBe('succeeded');
    expect((await points(u.headers)).rechargePoints).toBe(200);
    await app.inject({ method: 'POST', url: '/api/editProject', headers: u.headers, payload: { id: project.id, description: '会议室预约与签到。' } });
    const paid = body<WordStatus>(await app.inject({ method: 'POST', url: '/api/generateProjectWord', headers: u.headers, payload: { id: project.id } }));
    expect(paid.code, paid.msg).toBe(200);
    expect((await points(u.headers)).rechargePoints).toBe(140);
    await waitForMaterials(app, u.headers, project.id, 300_000);
  });
});
