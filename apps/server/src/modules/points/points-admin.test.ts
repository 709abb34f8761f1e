import type { AdjustPointsResult, AdminTopUpOrder, AuditEntry, Page, PaymentInformation, RechargePackage, TopUpOrder } from '@mazhu/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildOperator, operatorHeaders } from '../../../test/admin.factories';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { multipart } from '../../../test/projects.factories';

type Headers = Record<string, string>;

describe('back office of the points economy', async () => {
  const app = await buildTestApp({ ROLE: 'web', OPERATOR_USERNAME: 'root', OPERATOR_PASSWORD: 'root-password-long' });
  const admin = await operatorHeaders(app, 'root', 'root-password-long');
  const support = (await buildOperator(app, admin, { username: 'cashier', role: 'support', password: 'cashier-password' })).headers;
  const support2 = (await buildOperator(app, admin, { username: 'cashier2', role: 'support', password: 'cashier2-password' })).headers;
  const call = async <T>(url: string, headers: Headers, payload?: unknown) =>
    body<T>(await app.inject({ method: payload === undefined ? 'GET' : 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) }));
  const audit = async (action: string) => (await call<Page<AuditEntry>>(`/api/admin/audit?action=${action}&pageSize=50`, admin)).data.list;

  /** A user's order with a voucher uploaded (待审核). */
  async function paidOrder(h: Headers) {
    const pkg = (await call<RechargePackage[]>('/api/getRechargePackage', {})).data[2]!;
    const o = (await call<TopUpOrder>('/api/addIntegralTopUp', h, { packageId: pkg.id })).data;
    const mp = await multipart({ orderId: String(o.id), file: { data: await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } }).jpeg().toBuffer(), name: 'v.jpg' } });
    expect(body(await app.inject({ method: 'POST', url: '/api/uploadRechargeVoucher', headers: { ...h, 'content-type': mp.contentType }, payload: mp.payload })).code).toBe(200);
    return o;
  }

  it('shows 客服 the review queue with the voucher; approval by two operators at once credits once, and is audited', async () => {
    const u = await buildUser(app);
    const o = await paidOrder(u.headers);
    const queue = await call<Page<AdminTopUpOrder>>('/api/admin/topups/list', support, { state: 'pending_review', page: 1, pageSize: 50 });
    const row = queue.data.list.find((x) => x.id === o.id)!;
    expect(row).toMatchObject({ orderNo: o.orderNo, amount: '100.00', user: { id: u.userId, account: u.mobile }, voucher: { mime: 'image/jpeg' } });
    const file = await app.inject({ url: `/api/admin/topups/voucher?id=${o.id}`, headers: support });
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await call('/api/admin/topups/list', u.headers, { page: 1, pageSize: 10 })).code).toBe(403);
    expect((await app.inject({ url: `/api/admin/topups/voucher?id=${o.id}`, headers: u.headers })).json().code).toBe(403);

    const [a, b] = await Promise.all([call<AdminTopUpOrder>('/api/admin/topups/approve', support, { id: o.id }), call<AdminTopUpOrder>('/api/admin/topups/approve', support2, { id: o.id })]);
    expect([a.code, b.code].sort()).toEqual([200, 409]);
    const won = a.code === 200 ? a : b;
    expect(won.data).toMatchObject({ state: 'credited', reviewedBy: a.code === 200 ? 'cashier' : 'cashier2' });
    expect((await call<{ rechargePoints: number; giftedPoints: number; pendingTopUps: number }>('/api/getUserPoints', u.headers)).data).toMatchObject({ rechargePoints: 1000, giftedPoints: 150, pendingTopUps: 0 });
    const trail = (await audit('topup.approve')).filter((e) => e.target === `top_up_orders:${o.id}`);
    expect(trail).toHaveLength(1);
    expect(trail[0]!.after).toMatchObject({ state: 'credited', rechargePoints: 1000, giftedPoints: 150 });
  });

  it('rejects with a reason the user reads', async () => {
    const u = await buildUser(app);
    const o = await paidOrder(u.headers);
    expect((await call('/api/admin/topups/reject', support, { id: o.id, reason: '' })).msg).toContain('驳回原因');
    const r = await call<AdminTopUpOrder>('/api/admin/topups/reject', support, { id: o.id, reason: '未查到该笔转账' });
    expect(r.data).toMatchObject({ state: 'rejected', rejectReason: '未查到该笔转账' });
    const mine = (await call<Page<TopUpOrder>>('/api/getIntegralTopUpList', u.headers, { page: 1, pageSize: 5 })).data.list[0]!;
    expect(mine).toMatchObject({ stateLabel: '已驳回', rejectReason: '未查到该笔转账' });
  });

  it('lets 管理员 (not 客服) edit packages, the payee and the invitation reward; the public pages follow', async () => {
    const pkg = { name: '体验套餐', price: '9.9', points: 99, giftedPoints: 1, sort: 0, onSale: true, description: '限时' };
    expect((await call('/api/admin/packages/save', support, pkg)).code).toBe(403);
    expect((await call('/api/admin/packages/save', admin, { ...pkg, price: '9.999' })).msg).toContain('最多两位小数');
    const added = await call<RechargePackage>('/api/admin/packages/save', admin, pkg);
    expect(added.data).toMatchObject({ name: '体验套餐', price: '9.90', points: 99, onSale: true });
    expect((await call<RechargePackage[]>('/api/getRechargePackage', {})).data[0]!.name).toBe('体验套餐');
    await call('/api/admin/packages/save', admin, { ...pkg, id: added.data.id, onSale: false });
    expect((await call<RechargePackage[]>('/api/getRechargePackage', {})).data.map((p) => p.name)).not.toContain('体验套餐');
    expect((await call<RechargePackage[]>('/api/admin/packages', admin)).data.map((p) => p.name)).toContain('体验套餐');
    expect((await audit('package.')).map((e) => e.action)).toEqual(['package.update', 'package.add']);

    const payee = { accountName: '码著科技有限公司', bankName: '招商银行北京分行', accountNumber: '6214 8301 2345 6789', qrImage: '', noteRule: '备注填写订单号', tips: '' };
    expect((await call('/api/admin/paymentInformation', admin, { ...payee, accountNumber: 'abc' })).msg).toContain('收款账号');
    expect((await call('/api/admin/paymentInformation', admin, payee)).code).toBe(200);
    expect((await call<PaymentInformation>('/api/getPaymentInformation', {})).data).toMatchObject({ accountName: '码著科技有限公司', accountNumber: '6214 8301 2345 6789' });
    expect((await call('/api/admin/invitationReward', admin, { inviterPoints: 20, inviteePoints: 10 })).code).toBe(200);
    expect((await call('/api/admin/invitationReward', admin)).data).toEqual({ inviterPoints: 20, inviteePoints: 10 });
    expect((await audit('settings.update')).map((e) => e.target)).toEqual(['setting:points.invitationReward', 'setting:points.paymentInformation']);
  });

  it('adjusts a balance with a mandatory reason, never below zero; the user sees it in the points record', async () => {
    const u = await buildUser(app);
    expect((await call('/api/admin/users/adjustPoints', admin, { account: u.mobile, kind: 'gift', delta: 30, reason: '' })).msg).toContain('调整原因');
    expect((await call('/api/admin/users/adjustPoints', support, { account: u.mobile, kind: 'gift', delta: 30, reason: '补偿' })).code).toBe(403);
    const r = await call<AdjustPointsResult>('/api/admin/users/adjustPoints', admin, { account: u.mobile, kind: 'gift', delta: 30, reason: '系统故障补偿' });
    expect(r.data.balances).toMatchObject({ giftedPoints: 30 });
    const neg = await call('/api/admin/users/adjustPoints', admin, { account: String(u.userId), kind: 'gift', delta: -31, reason: '误操作回收' });
    expect([neg.code, neg.msg]).toEqual([400, '调整后余额不能为负数：当前赠送积分 30，最多可扣减 30']);
    expect((await call('/api/admin/users/adjustPoints', admin, { account: '13000000000', kind: 'gift', delta: 1, reason: '测试一下' })).code).toBe(404);
    const rec = await call<Page<{ reason: string; change: number }>>('/api/getIntegralRecord', u.headers, { page: 1, pageSize: 5, kind: 'gift' });
    expect(rec.data.list.map((x) => [x.change, x.reason])).toEqual([[30, '运营调整：系统故障补偿']]);
    const trail = (await audit('user.points.adjust')).filter((e) => e.target === `user:${u.userId}`);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ operatorName: 'root', before: { giftedPoints: 0 }, after: { giftedPoints: 30, reason: '系统故障补偿' } });
  });
});
