import type { AdjustPointsResult, AdminTopUpOrder, AuditEntry, Page, PaymentInformation, RechargePackage, TopUpOrder } from '@mazhu/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildOperator, operatorHeaders, setPayee, uniqueVoucherImage } from '../../../test/admin.factories';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { activeContentPdf } from '../../../test/pdf';
import { multipart } from '../../../test/projects.factories';

type Headers = Record<string, string>;

describe('back office of the points economy', async () => {
  const app = await buildTestApp({ ROLE: 'web', OPERATOR_USERNAME: 'root', OPERATOR_PASSWORD: 'root-password-long' });
  await setPayee(app);
  const admin = await operatorHeaders(app, 'root', 'root-password-long');
  const support = (await buildOperator(app, admin, { username: 'cashier', role: 'support', password: 'cashier-password' })).headers;
  const support2 = (await buildOperator(app, admin, { username: 'cashier2', role: 'support', password: 'cashier2-password' })).headers;
  const call = async <T>(url: string, headers: Headers, payload?: unknown) =>
    body<T>(await app.inject({ method: payload === undefined ? 'GET' : 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) }));
  const audit = async (action: string) => (await call<Page<AuditEntry>>(`/api/admin/audit?action=${action}&pageSize=50`, admin)).data.list;

  /** A user's order with a voucher uploaded (待审核); `voucher` defaults to an image no other order has. */
  async function paidOrder(h: Headers, voucher?: Buffer, packageIndex = 2, name = 'v.jpg') {
    const pkg = (await call<RechargePackage[]>('/api/getRechargePackage', {})).data[packageIndex]!;
    const o = (await call<TopUpOrder>('/api/addIntegralTopUp', h, { packageId: pkg.id })).data;
    const mp = await multipart({ orderId: String(o.id), file: { data: voucher ?? (await uniqueVoucherImage(20, 20, 'jpeg')), name } });
    expect(body(await app.inject({ method: 'POST', url: '/api/uploadRechargeVoucher', headers: { ...h, 'content-type': mp.contentType }, payload: mp.payload })).code).toBe(200);
    return o;
  }

  it('shows 客服 the review queue with the voucher; approval by two operators at once credits once, and is audited', async () => {
    const u = await buildUser(app);
    const o = await paidOrder(u.headers);
    const queue = await call<Page<AdminTopUpOrder>>('/api/admin/topups/list', support, { state: 'pending_review', page: 1, pageSize: 50 });
    const row = queue.data.list.find((x) => x.id === o.id)!;
    expect(row).toMatchObject({ orderNo: o.orderNo, amount: '100.00', user: { id: u.userId, account: u.mobile }, voucher: { mime: 'image/jpeg' } });
    const picture = await app.inject({ url: `/api/admin/topups/voucherPicture?id=${o.id}`, headers: support });
    expect(picture.headers).toMatchObject({ 'content-type': 'image/jpeg', 'content-disposition': 'inline' });
    expect(picture.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const file = await app.inject({ url: `/api/admin/topups/voucher?id=${o.id}`, headers: support });
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.rawPayload).toEqual(picture.rawPayload);
    expect((await call('/api/admin/topups/list', u.headers, { page: 1, pageSize: 10 })).code).toBe(403);
    expect((await app.inject({ url: `/api/admin/topups/voucher?id=${o.id}`, headers: u.headers })).json().code).toBe(403);
    expect((await app.inject({ url: `/api/admin/topups/voucherPicture?id=${o.id}`, headers: u.headers })).json().code).toBe(403);

    const [a, b] = await Promise.all([call<AdminTopUpOrder>('/api/admin/topups/approve', support, { id: o.id }), call<AdminTopUpOrder>('/api/admin/topups/approve', support2, { id: o.id })]);
    expect([a.code, b.code].sort()).toEqual([200, 409]);
    const won = a.code === 200 ? a : b;
    expect(won.data).toMatchObject({ state: 'credited', reviewedBy: a.code === 200 ? 'cashier' : 'cashier2' });
    expect((await call<{ rechargePoints: number; giftedPoints: number; pendingTopUps: number }>('/api/getUserPoints', u.headers)).data).toMatchObject({ rechargePoints: 1000, giftedPoints: 150, pendingTopUps: 0 });
    const trail = (await audit('topup.approve')).filter((e) => e.target === `top_up_orders:${o.id}`);
    expect(trail).toHaveLength(1);
    expect(trail[0]!.after).toMatchObject({ state: 'credited', rechargePoints: 1000, giftedPoints: 150 });
  });

  it('shows a PDF voucher as a picture of its page 1 and hands the PDF (scripts, attached file) out only as a download', async () => {
    const u = await buildUser(app);
    const pdf = activeContentPdf();
    const o = await paidOrder(u.headers, pdf, 2, '回单.pdf');
    const row = (await call<Page<AdminTopUpOrder>>('/api/admin/topups/list', support, { state: 'pending_review', page: 1, pageSize: 50 })).data.list.find((x) => x.id === o.id)!;
    expect(row.voucher).toMatchObject({ mime: 'application/pdf', size: pdf.length });

    /** The review picture: a PNG of the page (595 × 842 pt) with the red box top left and the black text below it. */
    const reviewPicture = async () => {
      const res = await app.inject({ url: `/api/admin/topups/voucherPicture?id=${o.id}`, headers: support });
      expect(res.headers).toMatchObject({ 'content-type': 'image/png', 'content-disposition': 'inline', 'cache-control': 'private, no-store' });
      const { data, info } = await sharp(res.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(info.height / info.width).toBeCloseTo(842 / 595, 2);
      const at = (fx: number, fy: number) => [...data.subarray((Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * 3, (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * 3 + 3)];
      expect(at(0.25, 0.25)).toEqual([255, 0, 0]);
      expect(at(0.75, 0.25)).toEqual([255, 255, 255]);
      let dark = 0;
      for (let y = Math.floor(0.6 * info.height); y < 0.66 * info.height; y++)
        for (let x = Math.floor((72 / 595) * info.width); x < 0.5 * info.width; x++) if (data[(y * info.width + x) * 3]! < 80) dark++;
      expect(dark).toBeGreaterThan(100);
    };
    await reviewPicture();
    // A PDF kept before pictures were drawn: its picture is drawn on first review.
    await app.deps.blobs.delete((await app.deps.db.selectFrom('top_up_orders').select('voucher_key').where('id', '=', o.id).executeTakeFirstOrThrow()).voucher_key!.replace(/\.pdf$/, '.page1.png'));
    await reviewPicture();

    const file = await app.inject({ url: `/api/admin/topups/voucher?id=${o.id}`, headers: support });
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.rawPayload).toEqual(pdf);
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

  it('flags a voucher used on another order (same file, or the same picture saved again) and lets only a 管理员 with a reason approve it', async () => {
    const [u1, u2] = [await buildUser(app), await buildUser(app)];
    // A phone transfer receipt: header bar, tick, amount and detail lines, button.
    const receipt = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="640"><rect width="360" height="640" fill="#f4f4f4"/><rect width="360" height="90" fill="#1f6fd1"/><circle cx="180" cy="170" r="40" fill="#2db55d"/><rect x="40" y="250" width="280" height="24" fill="#333"/><rect x="40" y="300" width="160" height="16" fill="#999"/><rect x="220" y="300" width="100" height="16" fill="#555"/><rect x="40" y="340" width="200" height="16" fill="#999"/><rect x="260" y="340" width="60" height="16" fill="#555"/><rect x="40" y="520" width="280" height="44" rx="8" fill="#1f6fd1"/></svg>`;
    const base = await sharp(Buffer.from(receipt)).png().toBuffer();
    const first = await paidOrder(u1.headers, base);
    const sameFile = await paidOrder(u1.headers, base);
    const resaved = await paidOrder(u2.headers, await sharp(base).resize(300).jpeg({ quality: 70 }).toBuffer());
    const fresh = await paidOrder(u2.headers);
    const queue = (await call<Page<AdminTopUpOrder>>('/api/admin/topups/list', support, { state: 'pending_review', page: 1, pageSize: 100 })).data.list;
    const row = (id: number) => queue.find((x) => x.id === id)!;
    expect(row(sameFile.id).duplicates.map((d) => [d.orderNo, d.match])).toEqual(expect.arrayContaining([[first.orderNo, 'same_file'], [resaved.orderNo, 'similar_image']]));
    expect(row(resaved.id).duplicates.map((d) => [d.orderNo, d.userId])).toEqual(expect.arrayContaining([[first.orderNo, u1.userId]]));
    expect(row(fresh.id).duplicates).toEqual([]);

    expect((await call('/api/admin/topups/approve', admin, { id: first.id, reason: '已核实首笔转账' })).code).toBe(200);
    const bySupport = await call('/api/admin/topups/approve', support, { id: sameFile.id });
    expect([bySupport.code, bySupport.msg]).toEqual([403, `该订单的转账凭证与订单 ${first.orderNo}（已到账）、${resaved.orderNo}（待审核） 的凭证相同或相似，须由管理员核实后审核`]);
    const noReason = await call('/api/admin/topups/approve', admin, { id: sameFile.id });
    expect(noReason.code).toBe(400);
    expect(noReason.msg).toContain('请填写核实说明');
    expect((await call<{ rechargePoints: number }>('/api/getUserPoints', u1.headers)).data.rechargePoints).toBe(1000);
    const approved = await call<AdminTopUpOrder>('/api/admin/topups/approve', admin, { id: sameFile.id, reason: '银行流水中有两笔 100 元转账' });
    expect(approved.data).toMatchObject({ state: 'credited', approvalNote: '银行流水中有两笔 100 元转账' });
    const trail = (await audit('topup.approve')).find((e) => e.target === `top_up_orders:${sameFile.id}`)!;
    expect(trail.after).toMatchObject({ reason: '银行流水中有两笔 100 元转账', duplicateVoucherOf: [first.orderNo, resaved.orderNo] });
  });

  it('holds a 客服 to a daily approval limit set by a 管理员; above it only a 管理员 approves', async () => {
    const { id: opId, headers: cashier } = await buildOperator(app, admin, { username: 'cashier3', role: 'support', password: 'cashier3-password' });
    expect((await call('/api/admin/editOperator', support, { id: opId, dailyApprovalLimit: 150 })).code).toBe(403);
    expect((await call('/api/admin/editOperator', admin, { id: opId, dailyApprovalLimit: 150 })).code).toBe(200);
    expect((await call<{ id: number; dailyApprovalLimit: number | null }[]>('/api/admin/operators', admin)).data.find((o) => o.id === opId)?.dailyApprovalLimit).toBe(150);
    const u = await buildUser(app);
    const [a, b] = [await paidOrder(u.headers), await paidOrder(u.headers)];
    expect((await call('/api/admin/topups/approve', cashier, { id: a.id })).code).toBe(200);
    const over = await call('/api/admin/topups/approve', cashier, { id: b.id });
    expect([over.code, over.msg]).toEqual([403, '超出您今日的审核额度：今日已审核通过 ¥100.00，本单 ¥100.00，额度 ¥150.00。请由管理员审核该订单']);
    expect((await call<{ rechargePoints: number }>('/api/getUserPoints', u.headers)).data.rechargePoints).toBe(1000);
    expect((await call('/api/admin/topups/approve', admin, { id: b.id })).code).toBe(200);
    expect((await call<{ rechargePoints: number }>('/api/getUserPoints', u.headers)).data.rechargePoints).toBe(2000);
  });
});
