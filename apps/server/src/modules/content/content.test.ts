import type { CommonProblem, Notice, Page, SoftwareCase } from '@mazhu/contracts';
import { describe, expect, it } from 'vitest';
import { body, buildTestApp } from '../../../test/helper';

describe('public content', async () => {
  const app = await buildTestApp();

  it('answers health with the dialect in use', async () => {
    const r = body<{ status: string; dialect: string }>(await app.inject('/api/health'));
    expect(r.code).toBe(200);
    expect(r.data.dialect).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
  });

  it('lists seeded notices by page and opens one with its HTML body', async () => {
    const page = body<Page<Notice>>(await app.inject('/api/getNotification?page=1&pageSize=3'));
    expect(page.code).toBe(200);
    expect(page.data.list).toHaveLength(3);
    expect(page.data.total).toBeGreaterThanOrEqual(8);
    expect(page.data.list[0].publishedAt >= page.data.list[1].publishedAt).toBe(true);
    const page2 = body<Page<Notice>>(await app.inject('/api/getNotification?page=2&pageSize=3'));
    expect(page2.data.list[0].id).not.toBe(page.data.list[0].id);
    const one = body<Notice>(await app.inject(`/api/getNotification?id=${page.data.list[0].id}`));
    expect(one.data.content).toContain('<');
    expect(one.data.title).toBe(page.data.list[0].title);
    const law = body<Page<Notice>>(await app.inject(`/api/getNotification?category=${encodeURIComponent('政策法规')}`));
    expect(law.data.list.every((n) => n.category === '政策法规')).toBe(true);
    expect(law.data.list.some((n) => n.title.includes('登记办法'))).toBe(true);
  });

  it('answers an unknown notice id with a Chinese not-found envelope', async () => {
    const r = body(await app.inject('/api/getNotification?id=99999'));
    expect(r.code).toBe(404);
    expect(r.msg).toMatch(/公告不存在/);
  });

  it('serves the FAQ built on the CPCC rules', async () => {
    const r = body<CommonProblem[]>(await app.inject('/api/getCommonProblem'));
    expect(r.data.length).toBeGreaterThanOrEqual(10);
    const text = r.data.map((f) => f.question + f.answer).join('');
    expect(text).toContain('50 行');
    expect(text).toContain('右上角');
    expect(text).toContain('500～1300');
  });

  it('serves both agreements', async () => {
    const service = body<{ content: string; title: string }>(await app.inject('/api/getAgreement?type=1'));
    expect(service.data.title).toContain('服务协议');
    const privacy = body<{ content: string; title: string }>(await app.inject('/api/getAgreement?type=2'));
    expect(privacy.data.title).toContain('隐私政策');
    const privacy2 = body<{ content: string }>(await app.inject('/api/getPrivacyAgreement'));
    expect(privacy2.data.content).toBe(privacy.data.content);
  });

  it('filters software cases by case type', async () => {
    const types = body<{ id: number; name: string }[]>(await app.inject('/api/getCaseType'));
    expect(types.data.length).toBeGreaterThanOrEqual(4);
    const t = types.data[0];
    const cases = body<Page<SoftwareCase>>(await app.inject(`/api/getPrototypeCaseList?caseTypeId=${t.id}&pageSize=50`));
    expect(cases.data.list.length).toBeGreaterThan(0);
    expect(cases.data.list.every((c) => c.caseTypeId === t.id && c.caseTypeName === t.name)).toBe(true);
    const all = body<Page<SoftwareCase>>(await app.inject('/api/getPrototypeCaseList?pageSize=50'));
    expect(all.data.total).toBeGreaterThan(cases.data.total);
    expect(all.data.list.every((c) => /(软件|系统|平台)$/.test(c.name))).toBe(true);
  });

  it('lists platform types', async () => {
    const r = body<{ name: string }[]>(await app.inject('/api/getPlatformType'));
    expect(r.data.map((p) => p.name)).toEqual(expect.arrayContaining(['Web 管理系统', '移动 App', '微信小程序']));
  });
});

describe('the request envelope on bad input', async () => {
  const app = await buildTestApp();
  // Test-only routes, registered before the app starts.
  app.post('/api/__echo', async (req) => ({ code: 200, msg: 'ok', data: req.body }));
  app.get('/api/__boom', async () => {
    throw new Error('secret internal detail');
  });

  it('names the field of a failed validation in Chinese', async () => {
    const r = body(await app.inject('/api/getAgreement?type=7'));
    expect(r.code).toBe(400);
    expect(r.msg).toContain('类型');
    expect(r.msg).toContain('协议类型只能是');
    const p = body(await app.inject('/api/getNotification?page=0'));
    expect(p.code).toBe(400);
    expect(p.msg).toContain('页码');
    const q = body(await app.inject('/api/getNotification?pageSize=abc'));
    expect(q.code).toBe(400);
    expect(q.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('answers an unknown API route with an envelope 404', async () => {
    const r = body(await app.inject('/api/noSuchThing'));
    expect(r.code).toBe(404);
    expect(r.msg).toContain('接口不存在');
  });

  it('answers malformed JSON, a wrong content type and an oversize body with clear envelopes', async () => {
    const bad = body(await app.inject({ method: 'POST', url: '/api/__echo', headers: { 'content-type': 'application/json' }, payload: '{"a":' }));
    expect(bad).toMatchObject({ code: 400, msg: '请求体不是合法的 JSON' });
    const wrongType = body(await app.inject({ method: 'POST', url: '/api/__echo', headers: { 'content-type': 'application/xml' }, payload: '<a/>' }));
    expect(wrongType.code).toBe(415);
    expect(wrongType.msg).toContain('不支持的请求内容类型');
    const big = body(await app.inject({ method: 'POST', url: '/api/__echo', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ s: 'x'.repeat(2 * 1024 * 1024) }) }));
    expect(big.code).toBe(413);
  });

  it('hides unexpected errors behind a generic Chinese message with a request id', async () => {
    const res = await app.inject('/api/__boom');
    const r = body(res);
    expect(r.code).toBe(500);
    expect(r.msg).toMatch(/服务器开小差了.*请求编号/);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('.ts:');
  });
});
