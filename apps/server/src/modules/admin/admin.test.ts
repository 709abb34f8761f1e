import { describe, expect, it } from 'vitest';
import { buildOperator, operatorHeaders } from '../../../test/admin.factories';
import { body, buildTestApp, buildUser } from '../../../test/helper';

interface AuditRow {
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('back office', async () => {
  const app = await buildTestApp({ OPERATOR_USERNAME: 'root', OPERATOR_PASSWORD: 'root-password-long', CAPTCHA_TEST_MODE: '1', OUTBOX: '1' });
  const admin = await operatorHeaders(app, 'root', 'root-password-long');
  const support = (await buildOperator(app, admin, { username: 'kefu', role: 'support' })).headers;
  const get = <T>(url: string, headers: Record<string, string> = admin) => app.inject({ url, headers }).then(body<T>);
  const post = <T>(url: string, payload: object, headers: Record<string, string> = admin) => app.inject({ method: 'POST', url, headers, payload }).then(body<T>);
  const lastAudit = async (action: string) => (await get<{ list: AuditRow[] }>(`/api/admin/audit?action=${action}`)).data.list[0];

  it('disables a user: sessions end at once, sign-in is refused with a clear message; enabling lets them back', async () => {
    const u = await buildUser(app, { name: '被停用的用户' });
    expect((await get('/api/getUserPoints', u.headers)).code).toBe(200);
    const found = await get<{ list: { id: number; name: string }[] }>(`/api/admin/users?keyword=${u.mobile}`, support);
    expect(found.data.list.map((x) => x.id)).toEqual([u.userId]);
    expect((await post('/api/admin/setUserDisabled', { userId: u.userId, disabled: true, reason: '测试' }, support)).code).toBe(403);
    expect((await post('/api/admin/setUserDisabled', { userId: u.userId, disabled: true })).msg).toMatch(/原因/);

    const res = await post<{ sessionsEnded: number }>('/api/admin/setUserDisabled', { userId: u.userId, disabled: true, reason: '多次恶意退款' });
    expect(res.data.sessionsEnded).toBe(1);
    const after = await get('/api/getUserPoints', u.headers);
    expect([after.code, after.msg]).toEqual([305, '该账号已被停用，请联系客服']);
    const login = await post('/api/login', { loginType: 1, mobile: u.mobile, password: u.password }, {});
    expect([login.code, login.msg]).toEqual([403, '该账号已被停用，请联系客服']);
    expect(await lastAudit('user.disable')).toMatchObject({ target: `user:${u.userId}`, before: { disabled: false }, after: { disabled: true, reason: '多次恶意退款' } });

    expect((await post('/api/admin/setUserDisabled', { userId: u.userId, disabled: false, reason: '申诉通过' })).code).toBe(200);
    expect((await post('/api/login', { loginType: 1, mobile: u.mobile, password: u.password }, {})).code).toBe(202);
    const details = await get<{ user: { disabled: boolean }; sessions: { revokedReason: string | null }[] }>(`/api/admin/user?id=${u.userId}`, support);
    expect(details.data.user.disabled).toBe(false);
    expect(details.data.sessions.map((s) => s.revokedReason)).toContain('operator');
  });

  it('sanitises notice HTML on the server: a <script> never reaches the public page', async () => {
    const saved = await post<{ id: number }>('/api/admin/content/notice', {
      title: '关于登记材料的新规定',
      category: '政策法规',
      content: '<p onclick="steal()">正文<script>alert(document.cookie)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">链接</a></p>',
    });
    expect(saved.code).toBe(200);
    const pub = await get<{ content: string; title: string }>(`/api/getNotification?id=${saved.data.id}`, {});
    expect(pub.data.title).toBe('关于登记材料的新规定');
    expect(pub.data.content).toContain('正文');
    expect(pub.data.content).not.toMatch(/script|onerror|onclick|javascript:/i);
    const onlyScript = await post('/api/admin/content/notice', { title: 't', category: 'c', content: '<script>alert(1)</script>' });
    expect([onlyScript.code, onlyScript.msg]).toEqual([400, '正文不能为空（已移除不允许的标签和脚本）']);
    expect((await lastAudit('content.notice')).after).toMatchObject({ title: '关于登记材料的新规定' });
    expect((await post('/api/admin/content/notice', { title: 't', category: 'c', content: '<p>x</p>' }, support)).code).toBe(403);
  });

  it('edits, adds and deletes notices; the public list and the notice show each change on the next request', async () => {
    type NoticePage = { list: { id: number; title: string; summary: string }[]; total: number };
    const publicList = () => get<NoticePage>('/api/getNotification?page=1&pageSize=50', {});
    const before = await publicList();
    const first = before.data.list[0]!;
    expect((await get<{ title: string }>(`/api/getNotification?id=${first.id}`, {})).data.title).toBe(first.title);

    const edited = await post('/api/admin/content/notice', { id: first.id, title: '标题已由运营修改', category: '平台公告', summary: '新的摘要', content: '<p>新的正文</p>' });
    expect(edited.code).toBe(200);
    const afterEdit = await publicList();
    expect(afterEdit.data.list.find((n) => n.id === first.id)).toMatchObject({ title: '标题已由运营修改', summary: '新的摘要' });
    expect((await get<{ content: string }>(`/api/getNotification?id=${first.id}`, {})).data.content).toBe('<p>新的正文</p>');

    const added = await post<{ id: number }>('/api/admin/content/notice', { title: '新发布的公告', category: '平台公告', content: '<p>正文</p>' });
    const afterAdd = await publicList();
    expect(afterAdd.data.total).toBe(before.data.total + 1);
    expect(afterAdd.data.list[0]).toMatchObject({ id: added.data.id, title: '新发布的公告' });

    expect((await get(`/api/admin/content/delete?kind=notice&id=${added.data.id}`)).code).toBe(200);
    const afterDelete = await publicList();
    expect(afterDelete.data.total).toBe(before.data.total);
    expect(afterDelete.data.list.map((n) => n.id)).not.toContain(added.data.id);
    expect((await get(`/api/getNotification?id=${added.data.id}`, {})).code).toBe(404);
  });

  it('edits a FAQ answer and publishes an agreement version; the public calls show them at once', async () => {
    const faqs = await get<{ id: number; question: string }[]>('/api/getCommonProblem', {});
    const first = faqs.data[0]!;
    expect((await post('/api/admin/content/faq', { id: first.id, category: '使用', question: first.question, answer: '<p>新的回答</p>', sort: 0 })).code).toBe(200);
    const again = await get<{ id: number; answer: string }[]>('/api/getCommonProblem', {});
    expect(again.data.find((f) => f.id === first.id)?.answer).toBe('<p>新的回答</p>');
    expect(await lastAudit('content.faq.update')).toMatchObject({ target: `faq:${first.id}`, after: { answer: '<p>新的回答</p>' } });

    expect((await post('/api/admin/content/agreement', { type: 1, version: 'v2', title: '服务协议', content: '<p>第二版</p>' })).code).toBe(200);
    expect((await post('/api/admin/content/agreement', { type: 1, version: 'v3', title: '服务协议', content: '<p>第三版</p>', effectiveAt: '2099-01-01' })).code).toBe(200);
    expect((await get<{ content: string }>('/api/getAgreement?type=1', {})).data.content).toBe('<p>第二版</p>');
    const versions = await get<{ version: string; current: boolean }[]>('/api/admin/content/agreements?type=1');
    expect(versions.data.map((v) => [v.version, v.current])).toEqual([['v3', false], ['v2', true], ['初始版本', false]]);
  });

  it('refuses deleting a case type in use and deletes an unused platform type', async () => {
    const types = await get<{ id: number }[]>('/api/getCaseType', {});
    expect((await get(`/api/admin/content/delete?kind=caseType&id=${types.data[0]!.id}`)).msg).toBe('该分类下还有案例，请先移走或删除这些案例');
    const pt = await post<{ id: number }>('/api/admin/content/platformType', { name: '鸿蒙', description: 'HarmonyOS 应用' });
    expect((await get<{ name: string }[]>('/api/getPlatformType', {})).data.map((p) => p.name)).toContain('鸿蒙');
    expect((await get(`/api/admin/content/delete?kind=platformType&id=${pt.data.id}`)).code).toBe(200);
    expect((await get<{ name: string }[]>('/api/getPlatformType', {})).data.map((p) => p.name)).not.toContain('鸿蒙');
    expect(await lastAudit('content.platformType.delete')).toMatchObject({ before: { name: '鸿蒙' }, after: null });
  });

  it('validates settings, applies them at once and keeps the previous value in the audit trail', async () => {
    const list = await get<{ key: string; value: unknown; schema: { type?: string } }[]>('/api/admin/settings');
    expect(list.data.map((s) => s.key)).toEqual(expect.arrayContaining(['integral.generateProject', 'integral.codeProject', 'account.freeTimesOnRegister', 'upload.maxCodeArchiveMb', 'ai.provider']));
    expect(list.data.find((s) => s.key === 'integral.generateProject')?.schema.type).toBe('integer');

    const bad = await post('/api/admin/settings', { key: 'integral.generateProject', value: -5 });
    expect([bad.code, bad.msg]).toEqual([400, '智能生成（单个项目）：积分不能小于 0']);
    expect((await post('/api/admin/settings', { key: 'nope', value: 1 })).msg).toBe('未知的设置项：nope');
    expect((await post('/api/admin/settings', { key: 'integral.generateProject', value: 150 }, support)).code).toBe(403);

    expect((await post('/api/admin/settings', { key: 'integral.generateProject', value: 150 })).code).toBe(200);
    expect((await get<{ generateProject: number }>('/api/getIntegralSetting', {})).data.generateProject).toBe(150);
    expect((await post('/api/admin/settings', { key: 'integral.generateProject', value: 180 })).code).toBe(200);
    expect(await lastAudit('settings.update')).toMatchObject({ target: 'setting:integral.generateProject', before: { value: 150 }, after: { value: 180 } });

    expect((await post('/api/admin/settings', { key: 'account.freeTimesOnRegister', value: 3 })).code).toBe(200);
    const { signUp } = await import('../../../test/helper');
    const fresh = await signUp(app);
    expect((await get<{ freeTimes: number }>('/api/getFreeTimes', fresh.headers)).data.freeTimes).toBe(3);
  });

  it('edits the correction price (管理员 only, audited), and corrections are priced by it', async () => {
    const item = (await get<{ key: string; group: string; value: unknown; schema: { properties?: Record<string, unknown> } }[]>('/api/admin/settings')).data.find((s) => s.key === 'integral.correction');
    expect(item).toMatchObject({ group: '积分消耗', value: { freePerProject: 1, points: null } });
    expect(Object.keys(item!.schema.properties ?? {})).toEqual(['freePerProject', 'points']);
    expect((await post('/api/admin/settings', { key: 'integral.correction', value: { freePerProject: 0, points: 30 } }, support)).code).toBe(403);
    const bad = await post('/api/admin/settings', { key: 'integral.correction', value: { freePerProject: -1, points: 30 } });
    expect([bad.code, bad.msg]).toEqual([400, '补正（按项目计次）「每个项目免费补正次数」：免费次数不能小于 0']);
    expect((await post('/api/admin/settings', { key: 'integral.correction', value: { freePerProject: 0, points: 30 } })).code).toBe(200);
    expect(await lastAudit('settings.update')).toMatchObject({ target: 'setting:integral.correction', before: { value: { freePerProject: 1, points: null } }, after: { value: { freePerProject: 0, points: 30 } } });
    const { readCorrectionCost } = await import('../corrections/corrections.service');
    expect(await readCorrectionCost(app.deps.db)).toEqual({ freePerProject: 0, points: 30 });
    // Cleared: the same as generating the project's materials.
    expect((await post('/api/admin/settings', { key: 'integral.correction', value: { freePerProject: 2, points: null } })).code).toBe(200);
    expect(await readCorrectionCost(app.deps.db)).toEqual({ freePerProject: 2, points: null });
  });

  it('shows the dashboard to 客服 and lists jobs; retry refuses a job that did not fail', async () => {
    const d = await get<{ days: unknown[]; today: { newUsers: number }; pendingTopUps: number | null; correctionsNearDeadline: number | null }>('/api/admin/dashboard', support);
    expect(d.data.days).toHaveLength(30);
    expect([d.data.pendingTopUps, d.data.correctionsNearDeadline]).toEqual([0, 0]);
    expect(d.data.today.newUsers).toBeGreaterThanOrEqual(2);
    const jobs = await get<{ list: unknown[]; total: number }>('/api/admin/jobs?state=failed', support);
    expect(jobs.code).toBe(200);
    expect((await post('/api/admin/retryJob', { id: 999999 })).msg).toBe('任务不存在');
    expect((await post('/api/admin/retryJob', { id: 1 }, support)).code).toBe(403);
  });

  it('never lets the back office edit the audit trail', () => {
    const writes = app.operatorRouteTable.filter((r) => r.url.includes('audit') && r.method !== 'GET');
    expect(writes).toEqual([]);
  });
});
