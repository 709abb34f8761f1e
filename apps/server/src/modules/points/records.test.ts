import type { IntegralRecord, Page, TopUpOrder } from '@mazhu/contracts';
import { describe, expect, it } from 'vitest';
import { setPayee, uniqueVoucherImage } from '../../../test/admin.factories';
import { body, buildTestApp, buildUser, lastCode, sendCode } from '../../../test/helper';
import { buildProject, multipart } from '../../../test/projects.factories';
import { nowIso } from '../../db';
import { createPointsModule } from '.';
import { chinaDayStart } from './records.service';

type Headers = Record<string, string>;

describe('points record (ledger query, filters, CSV) and invitation rewards', async () => {
  const app = await buildTestApp({ ROLE: 'web', CAPTCHA_TEST_MODE: '1', OUTBOX: '1' });
  await setPayee(app);
  const { topUps, packages } = createPointsModule(app.deps);
  const op = await app.deps.db.insertInto('operators').values({ username: `rec${Date.now()}`, password_hash: 'x', created_at: nowIso(), created_by: null }).returning('id').executeTakeFirstOrThrow();
  const records = async (h: Headers, q: Record<string, unknown> = {}) => body<Page<IntegralRecord>>(await app.inject({ method: 'POST', url: '/api/getIntegralRecord', headers: h, payload: { page: 1, pageSize: 20, ...q } }));

  it('lists each change with kind, signed change, balance after, reason and reference; filters by kind and date; exports CSV', async () => {
    const a = await buildUser(app, { freeTimes: 0 });
    const pkg = (await packages.list())[1]!;
    const order = body<TopUpOrder>(await app.inject({ method: 'POST', url: '/api/addIntegralTopUp', headers: a.headers, payload: { packageId: pkg.id } })).data;
    const mp = await multipart({ orderId: String(order.id), file: { data: await uniqueVoucherImage(8, 8), name: 'v.png' } });
    await app.inject({ method: 'POST', url: '/api/uploadRechargeVoucher', headers: { ...a.headers, 'content-type': mp.contentType }, payload: mp.payload });
    await topUps.approve({ operatorId: op.id, role: 'admin' }, order.id);
    const p = await buildProject(app, a.headers, { name: '积分记录测试系统' });
    expect(body(await app.inject({ method: 'POST', url: '/api/generateProjectWord', headers: a.headers, payload: { id: p.id } })).code).toBe(200);

    const all = await records(a.headers);
    expect(all.data.total).toBe(4);
    // The charge took 50 gifted then 50 recharge points: two rows for one generation.
    expect(all.data.list.map((r) => [r.kindLabel, r.change, r.balanceAfter, r.reference])).toEqual([
      ['充值积分', -50, 450, '积分记录测试系统 V1.0'],
      ['赠送积分', -50, 0, '积分记录测试系统 V1.0'],
      ['充值积分', 500, 500, order.orderNo],
      ['赠送积分', 50, 50, order.orderNo],
    ]);
    expect(all.data.list[0]!.reason).toContain('生成软著材料');
    expect(all.data.list[2]!.reason).toBe('充值到账：标准套餐（¥50.00）');
    expect((await records(a.headers, { kind: 'recharge' })).data.list.map((r) => r.change)).toEqual([-50, 500]);
    expect((await records(a.headers, { pageSize: 3, page: 2 })).data.list).toHaveLength(1);

    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await records(a.headers, { from: today, to: today })).data.total).toBe(4);
    expect((await records(a.headers, { from: '2020-01-01', to: '2020-01-31' })).data.total).toBe(0);
    const bad = await records(a.headers, { from: '2026-02-01', to: '2026-01-01' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('开始日期不能晚于结束日期');

    const csv = await app.inject({ url: '/api/exportIntegralRecord?kind=recharge', headers: a.headers });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(encodeURIComponent('积分记录.csv'));
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('时间（北京时间）,类型,变动,变动后余额,原因,关联');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},充值积分,500,500,充值到账：标准套餐（¥50.00）,CZ/);
    // Another user sees nothing of it.
    expect((await records((await buildUser(app)).headers)).data.total).toBe(0);
  });

  it('counts a China-time day from 00:00 +08:00', () => {
    expect(chinaDayStart('2026-11-23')).toBe('2026-11-22T16:00:00.000Z');
    expect(chinaDayStart('2026-11-23', 1)).toBe('2026-11-23T16:00:00.000Z');
  });

  const register = async (invitationCode: string, ua: string) => {
    const mobile = `139${String(Date.now() % 1e8).padStart(8, '0')}`;
    const sent = await sendCode(app, mobile, 1, undefined, { 'user-agent': ua });
    expect(sent.code).toBe(200);
    const r = body(await app.inject({ method: 'POST', url: '/api/register', headers: { 'user-agent': ua }, payload: { mobile, password: 'Secret-123', confirmPassword: 'Secret-123', code: await lastCode(app, mobile), codeType: 1, name: '新用户', registrationCode: invitationCode } }));
    expect(r.code).toBe(200);
    return app.deps.db.selectFrom('users').select(['id', 'gifted_points']).where('mobile', '=', mobile).executeTakeFirstOrThrow();
  };

  it('credits the configured invitation reward once, and never to an account registered from the inviter’s client', async () => {
    const inviter = await buildUser(app, { role: 2 });
    // The inviter signed in from this client.
    await app.deps.sessions.issue(inviter.userId, { ip: '127.0.0.1', userAgent: 'inviter-browser' });
    const gifted = async () => (await app.deps.db.selectFrom('users').select('gifted_points').where('id', '=', inviter.userId).executeTakeFirstOrThrow()).gifted_points;

    const none = await register(inviter.invitationCode, 'friend-browser-1'); // defaults: 0 and 0
    expect(none.gifted_points).toBe(0);
    expect(await gifted()).toBe(0);

    await packages.saveInvitationReward({ inviterPoints: 30, inviteePoints: 20 });
    const friend = await register(inviter.invitationCode, 'friend-browser-2');
    expect(friend.gifted_points).toBe(20);
    expect(await gifted()).toBe(30);
    const rows = await app.deps.db.selectFrom('points_ledger').select(['user_id', 'delta', 'reason', 'ref']).where('ref', '=', `invite:${friend.id}`).execute();
    expect(rows).toHaveLength(2);

    const self = await register(inviter.invitationCode, 'inviter-browser');
    expect(self.gifted_points).toBe(0);
    expect(await gifted()).toBe(30);
    const skipped = await app.deps.db.selectFrom('invitation_rewards').select('skipped').where('invitee_id', '=', self.id).executeTakeFirstOrThrow();
    expect(skipped.skipped).toBe('same_client');
  });
});
