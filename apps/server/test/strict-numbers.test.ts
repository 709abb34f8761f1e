import type { Page, ProjectListItem, TopUpOrder } from '@mazhu/contracts';
import { describe, expect, it } from 'vitest';
import { setPayee } from './admin.factories';
import { body, buildTestApp, buildUser } from './helper';
import { buildProject, multipart } from './projects.factories';

const NOT_DECIMAL = '应填写十进制数字，如 12 或 0.5';

describe('numbers in query strings, JSON bodies and form fields are read strictly', async () => {
  const app = await buildTestApp();
  const u = await buildUser(app);
  const project = await buildProject(app, u.headers);
  const status = async (id: string) => body(await app.inject({ url: `/api/getProjectWordStatus?id=${id}`, headers: u.headers }));
  const list = async (q: Record<string, unknown>) => body<Page<ProjectListItem>>(await app.inject({ method: 'POST', url: '/api/getProjectList', headers: u.headers, payload: { page: 1, pageSize: 10, ...q } }));

  it('accepts a plain decimal id in a query string, spaces around it included', async () => {
    expect((await status(String(project.id))).code).toBe(200);
    expect((await status(`%20${project.id}%20`)).code).toBe(200);
  });

  it('refuses hexadecimal, exponent and empty ids in a query string with the field named, instead of reading 0x… as a number', async () => {
    for (const id of [`0x${project.id.toString(16)}`, `${project.id}e0`, '', `${project.id}.0.0`]) {
      const r = await status(id);
      expect(r.code, id).toBe(400);
      expect(r.msg, id).toContain(NOT_DECIMAL);
      expect(r.msg, id).toMatch(/参数「编号（id）」有误：/);
    }
  });

  it('reads numbers sent as JSON numbers or plain decimal text, and refuses "0x10", "", null, [] and true', async () => {
    expect((await list({ pageSize: 10 })).data.list.map((p) => p.id)).toContain(project.id);
    expect((await list({ page: '1', pageSize: ' 10 ' })).code).toBe(200);
    for (const pageSize of ['0x10', '', '1e1', 'Infinity']) {
      const r = await list({ pageSize });
      expect(r.code, JSON.stringify(pageSize)).toBe(400);
      expect(r.msg).toContain(NOT_DECIMAL);
    }
    for (const pageSize of [null, [], [10], true]) {
      const r = await list({ pageSize });
      expect(r.code, JSON.stringify(pageSize)).toBe(400);
      expect(r.msg).toMatch(/^参数「.*（pageSize）」有误：/);
    }
  });

  it('refuses a form field that is not a plain decimal (an order id in hexadecimal)', async () => {
    await setPayee(app);
    const pkg = body<{ id: number }[]>(await app.inject('/api/getRechargePackage')).data[0]!;
    const order = body<TopUpOrder>(await app.inject({ method: 'POST', url: '/api/addIntegralTopUp', headers: u.headers, payload: { packageId: pkg.id } })).data;
    const mp = await multipart({ orderId: `0x${order.id.toString(16)}`, file: { data: Buffer.from('not read'), name: 'v.png' } });
    const r = body(await app.inject({ method: 'POST', url: '/api/uploadRechargeVoucher', headers: { ...u.headers, 'content-type': mp.contentType }, payload: mp.payload }));
    expect(r.code).toBe(400);
    expect(r.msg).toContain(NOT_DECIMAL);
  });
});
