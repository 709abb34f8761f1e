import type { Page, PaymentInformation, RechargePackage, TopUpOrder, TopUpState } from '@mazhu/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { activeContentPdf } from '../../../test/pdf';
import { multipart } from '../../../test/projects.factories';
import { setPayee, uniqueVoucherImage } from '../../../test/admin.factories';
import { nowIso } from '../../db';
import { createPointsModule } from '.';

type Headers = Record<string, string>;

const png = (w = 40, h = 30) => uniqueVoucherImage(w, h);
const PDF = activeContentPdf();

describe('top-up orders, vouchers and review', async () => {
  const app = await buildTestApp();
  await setPayee(app);
  const { topUps } = createPointsModule(app.deps);
  const op = await app.deps.db.insertInto('operators').values({ username: `op${Date.now()}`, password_hash: 'x', created_at: nowIso(), created_by: null }).returning('id').executeTakeFirstOrThrow();

  const call = async <T>(url: string, headers: Headers, payload?: unknown) =>
    body<T>(await app.inject({ method: payload === undefined ? 'GET' : 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) }));
  const packages = async () => (await call<RechargePackage[]>('/api/getRechargePackage', {})).data;
  const order = async (h: Headers, packageId?: number) => call<TopUpOrder>('/api/addIntegralTopUp', h, { packageId: packageId ?? (await packages())[1]!.id });
  const uploadVoucher = async (h: Headers, orderId: number, data: Buffer, name = 'voucher.png') => {
    const mp = await multipart({ orderId: String(orderId), file: { data, name }, fileName: name });
    return body<TopUpOrder>(await app.inject({ method: 'POST', url: '/api/uploadRechargeVoucher', headers: { ...h, 'content-type': mp.contentType }, payload: mp.payload }));
  };
  const cancel = (h: Headers, id: number) => call<TopUpOrder>('/api/cancelIntegralTopUp', h, { id });
  const balances = async (userId: number) => app.deps.db.selectFrom('users').select(['recharge_points', 'gifted_points', 'free_times']).where('id', '=', userId).executeTakeFirstOrThrow();
  const ledger = (userId: number) => app.deps.db.selectFrom('points_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const codeOf = async (p: Promise<unknown>) => p.then(() => 200, (e: { code?: number }) => e.code ?? 500);

  it('offers the seeded example packages with exact prices, and the payee, before sign-in', async () => {
    const list = await packages();
    expect(list.map((p) => [p.price, p.points, p.giftedPoints])).toEqual([
      ['10.00', 100, 0],
      ['50.00', 500, 50],
      ['100.00', 1000, 150],
    ]);
    const pay = await call<PaymentInformation>('/api/getPaymentInformation', {});
    expect(pay.code).toBe(200);
    expect(pay.data.noteRule).toContain('订单号');
  });

  it('refuses an order while the payee is still the placeholder, in Chinese, and takes it once an operator set the payee', async () => {
    const a = await buildUser(app);
    await setPayee(app, true);
    try {
      const refused = await order(a.headers);
      expect([refused.code, refused.msg]).toEqual([400, '收款账户尚未设置，暂时无法下单充值。运营人员设置收款账户后即可购买，请稍后再来或联系客服']);
      expect(await app.deps.db.selectFrom('top_up_orders').select('id').where('user_id', '=', a.userId).execute()).toEqual([]);
    } finally {
      await setPayee(app);
    }
    expect((await order(a.headers)).code).toBe(200);
  });

  it('creates an order 待付款 with a unique number and the exact amount; another user cannot see it', async () => {
    const a = await buildUser(app);
    const b = await buildUser(app);
    const [o1, o2] = [(await order(a.headers)).data, (await order(a.headers)).data];
    expect(o1).toMatchObject({ state: 'pending_payment', stateLabel: '待付款', amount: '50.00', rechargePoints: 500, giftedPoints: 50, voucher: null });
    expect(o1.orderNo).toMatch(/^CZ\d{14}[A-Z2-9]{6}$/);
    expect(o1.orderNo).not.toBe(o2.orderNo);
    expect((await uploadVoucher(b.headers, o1.id, await png())).code).toBe(404);
    expect((await cancel(b.headers, o1.id)).code).toBe(404);
    expect((await app.inject({ url: `/api/getRechargeVoucher?id=${o1.id}`, headers: b.headers })).json().code).toBe(404);
    const list = await call<Page<TopUpOrder>>('/api/getIntegralTopUpList', a.headers, { page: 1, pageSize: 10 });
    expect(list.data.list.map((o) => o.id)).toEqual([o2.id, o1.id]);
    expect((await call<Page<TopUpOrder>>('/api/getIntegralTopUpList', b.headers, { page: 1, pageSize: 10 })).data.total).toBe(0);
    expect((await order(a.headers, 999999)).msg).toContain('下架');
    expect((await call('/api/addIntegralTopUp', {}, { packageId: 1 })).code).toBe(302);
  });

  it('accepts an image or a PDF, sniffed from the bytes; refuses other files and oversized ones', async () => {
    const a = await buildUser(app);
    const o = (await order(a.headers)).data;
    const notImage = await uploadVoucher(a.headers, o.id, Buffer.from('<html>这不是图片</html>'), 'fake.png');
    expect(notImage.code).toBe(415);
    expect(notImage.msg).toContain('图片或 PDF');
    const big = Buffer.concat([await png(), Buffer.alloc(11 * 1024 * 1024)]);
    expect((await uploadVoucher(a.headers, o.id, big)).code).toBe(413);

    const img = await uploadVoucher(a.headers, o.id, await png(), '转账截图.png');
    expect(img.code).toBe(200);
    expect(img.data).toMatchObject({ state: 'pending_review', stateLabel: '待审核' });
    expect(img.data.voucher).toMatchObject({ fileName: '转账截图.png', mime: 'image/png' });
    expect(img.data.voucher!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const file = await app.inject({ url: `/api/getRechargeVoucher?id=${o.id}`, headers: a.headers });
    expect(file.headers['content-type']).toBe('image/png');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(40);

    // Replaceable until reviewed.
    const pdf = await uploadVoucher(a.headers, o.id, PDF, '回单.pdf');
    expect(pdf.data.voucher).toMatchObject({ mime: 'application/pdf', size: PDF.length });
    expect(pdf.data.voucher!.sha256).not.toBe(img.data.voucher!.sha256);
    const mine = await app.inject({ url: `/api/getRechargeVoucher?id=${o.id}`, headers: a.headers });
    expect(mine.headers).toMatchObject({ 'content-type': 'application/octet-stream', 'cache-control': 'private, no-store' });
    expect(mine.headers['content-disposition']).toMatch(/^attachment;/);
    expect(mine.rawPayload).toEqual(PDF);
    expect((await uploadVoucher(a.headers, o.id, Buffer.from('%PDF-1.4 cut off'))).msg).toContain('PDF 文件不完整');
    const noPage = await uploadVoucher(a.headers, o.id, Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'));
    expect(noPage).toMatchObject({ code: 400, msg: expect.stringContaining('PDF 无法打开') });
  });

  it('walks the state machine: every allowed transition, every forbidden one refused with the state named', async () => {
    const a = await buildUser(app);
    type Action = 'upload' | 'cancel' | 'approve' | 'reject';
    const act = async (action: Action, id: number): Promise<number> => {
      if (action === 'upload') return (await uploadVoucher(a.headers, id, await png())).code;
      if (action === 'cancel') return (await cancel(a.headers, id)).code;
      if (action === 'approve') return codeOf(topUps.approve({ operatorId: op.id, role: 'admin' }, id));
      return codeOf(topUps.reject({ operatorId: op.id }, id, '金额不符'));
    };
    /** Brings a fresh order into `state`. */
    const reach = async (state: TopUpState): Promise<number> => {
      const id = (await order(a.headers, (await packages())[0]!.id)).data.id;
      if (state === 'pending_payment') return id;
      if (state === 'cancelled') return (await act('cancel', id), id);
      await act('upload', id);
      if (state === 'credited') await act('approve', id);
      if (state === 'rejected') await act('reject', id);
      return id;
    };
    const expected: Record<TopUpState, Record<Action, TopUpState | 'refused'>> = {
      pending_payment: { upload: 'pending_review', cancel: 'cancelled', approve: 'refused', reject: 'refused' },
      pending_review: { upload: 'pending_review', cancel: 'refused', approve: 'credited', reject: 'rejected' },
      credited: { upload: 'refused', cancel: 'refused', approve: 'refused', reject: 'refused' },
      rejected: { upload: 'pending_review', cancel: 'cancelled', approve: 'refused', reject: 'refused' },
      cancelled: { upload: 'refused', cancel: 'refused', approve: 'refused', reject: 'refused' },
    };
    for (const [from, actions] of Object.entries(expected) as [TopUpState, Record<Action, TopUpState | 'refused'>][]) {
      for (const [action, to] of Object.entries(actions) as [Action, TopUpState | 'refused'][]) {
        const id = await reach(from);
        const code = await act(action, id);
        const now = (await app.deps.db.selectFrom('top_up_orders').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
        expect([from, action, code === 200 ? now : 'refused'], `${from} → ${action}`).toEqual([from, action, to]);
        if (to === 'refused') expect(now).toBe(from);
      }
    }
    const refused = await cancel(a.headers, await reach('pending_review'));
    expect(refused.msg).toBe('订单当前状态为「待审核」，不能取消');
  });

  it('credits the package once: a second approval, or five operators at once, change nothing more', async () => {
    const a = await buildUser(app);
    const o = (await order(a.headers)).data;
    await uploadVoucher(a.headers, o.id, await png());
    const approved = await topUps.approve({ operatorId: op.id, role: 'admin' }, o.id);
    expect(approved).toMatchObject({ state: 'credited', stateLabel: '已到账' });
    await expect(topUps.approve({ operatorId: op.id, role: 'admin' }, o.id)).rejects.toMatchObject({ code: 409, message: '该订单已审核通过、积分已到账，不会重复入账' });
    expect(await balances(a.userId)).toMatchObject({ recharge_points: 500, gifted_points: 50 });

    const o2 = (await order(a.headers)).data;
    await uploadVoucher(a.headers, o2.id, await png());
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map(() => topUps.approve({ operatorId: op.id, role: 'admin' }, o2.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual([409, 409, 409, 409]);
    expect(await balances(a.userId)).toMatchObject({ recharge_points: 1000, gifted_points: 100 });
    const rows = await ledger(a.userId);
    expect(rows.filter((r) => r.ref === `order:${o2.orderNo}`).map((r) => [r.kind, r.delta])).toEqual([
      ['gift', 50],
      ['recharge', 500],
    ]);
  });

  it('shows the rejection reason; the user uploads again and the order can then be approved', async () => {
    const a = await buildUser(app);
    const o = (await order(a.headers)).data;
    await uploadVoucher(a.headers, o.id, await png());
    await topUps.reject({ operatorId: op.id }, o.id, '凭证金额与订单金额不一致');
    const seen = (await call<Page<TopUpOrder>>('/api/getIntegralTopUpList', a.headers, { page: 1, pageSize: 10 })).data.list[0]!;
    expect(seen).toMatchObject({ state: 'rejected', stateLabel: '已驳回', rejectReason: '凭证金额与订单金额不一致' });
    expect(await balances(a.userId)).toMatchObject({ recharge_points: 0, gifted_points: 0 });
    const again = await uploadVoucher(a.headers, o.id, await png(60, 60));
    expect(again.data).toMatchObject({ state: 'pending_review', rejectReason: '' });
    await topUps.approve({ operatorId: op.id, role: 'admin' }, o.id);
    expect(await balances(a.userId)).toMatchObject({ recharge_points: 500, gifted_points: 50 });
  });

  it('limits the number of unpaid orders one user may hold', async () => {
    const a = await buildUser(app);
    for (let i = 0; i < 5; i++) expect((await order(a.headers)).code).toBe(200);
    const sixth = await order(a.headers);
    expect(sixth.code).toBe(400);
    expect(sixth.msg).toContain('待付款订单');
  });
});
