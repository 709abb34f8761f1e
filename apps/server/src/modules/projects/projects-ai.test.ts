import path from 'node:path';
import { ZAiInformation, type AiInformation, type ProjectDetails, type WordStatus } from '@mazhu/contracts';
import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { buildProject, upload, waitForMaterials, zipFolder } from '../../../test/projects.factories';

describe('AI writing routes of projects (offline writer)', async () => {
  const app = await buildTestApp();
  const post = (url: string, headers: Record<string, string>, payload: object) => app.inject({ method: 'POST', url, headers, payload });

  it('generates AI information for a project, stores it, and saves a checked edit', async () => {
    const a = await buildUser(app);
    const b = await buildUser(app);
    const p = await buildProject(app, a.headers, { description: '面向中小企业的仓库管理，包括入库、出库、库存盘点和报表。' });
    const g = body<{ information: AiInformation; provider: string; projectId: number }>(await post('/api/getAIGeneratedInformation', a.headers, { id: p.id }));
    expect(g.code, g.msg).toBe(200);
    expect(g.data.provider).toBe('offline');
    expect(g.data.projectId).toBe(p.id);
    expect(ZAiInformation.safeParse(g.data.information).success).toBe(true);
    const stored = body<AiInformation>(await app.inject({ url: `/api/getAiInformation?id=${p.id}`, headers: a.headers }));
    expect(stored.data).toEqual(g.data.information);
    const details = body<ProjectDetails>(await app.inject({ url: `/api/getProjectDetails?id=${p.id}`, headers: a.headers }));
    expect(details.data.hasAiInformation).toBe(true);

    const edited = { ...g.data.information, purpose: '提高仓库出入库效率' };
    const ok = body<AiInformation>(await app.inject({ url: `/api/editAiJsonText?id=${p.id}&text=${encodeURIComponent(JSON.stringify(edited))}`, headers: a.headers }));
    expect(ok.code, ok.msg).toBe(200);
    expect(body<AiInformation>(await app.inject({ url: `/api/getAiInformation?id=${p.id}`, headers: a.headers })).data.purpose).toBe('提高仓库出入库效率');

    const bad = body(await post('/api/editAiJsonText', a.headers, { id: p.id, text: JSON.stringify({ ...edited, mainFunctions: '长'.repeat(1301) }) }));
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('主要功能');
    const notJson = body(await post('/api/editAiJsonText', a.headers, { id: p.id, text: '{oops' }));
    expect(notJson.msg).toContain('不是合法的 JSON');

    for (const res of [
      await post('/api/getAIGeneratedInformation', b.headers, { id: p.id }),
      await app.inject({ url: `/api/getAiInformation?id=${p.id}`, headers: b.headers }),
      await post('/api/editAiJsonText', b.headers, { id: p.id, text: JSON.stringify(edited) }),
    ]) {
      const r = body(res);
      expect(r.code).toBe(404);
      expect(JSON.stringify(r.data ?? '')).not.toContain('仓库');
    }
  });

  it('writes from fields alone, polishes, and translates the name', async () => {
    const a = await buildUser(app);
    const g = body<{ information: AiInformation; projectId: null }>(await post('/api/getAIGeneratedInformation', a.headers, { name: '智慧校园管理平台', platform: 'Web 管理系统' }));
    expect(g.code, g.msg).toBe(200);
    expect(g.data.projectId).toBeNull();
    // Only what the input supports: no module is added because a web system "usually has" it.
    for (const m of g.data.information.modules) expect(m.basis?.some((b) => /^(名称|描述|关键词)/.test(b))).toBe(true);
    expect(g.data.information.modules.map((m) => m.name)).not.toContain('登录认证');
    const none = body(await post('/api/getAIGeneratedInformation', a.headers, {}));
    expect(none.msg).toContain('请指定项目，或填写软件全称');
    const en = body<{ enName: string }>(await app.inject({ url: `/api/getCnNameToEnName?name=${encodeURIComponent('仓库管理系统')}`, headers: a.headers }));
    expect(en.data.enName).toMatch(/^[A-Za-z0-9 .&()'-]+$/);
    const d = body<{ description: string }>(await post('/api/getAiPolishDescription', a.headers, { name: '仓库管理系统', description: '管理仓库的入库出库' }));
    expect(d.code, d.msg).toBe(200);
    expect(d.data.description.length).toBeGreaterThan(10);
    const f = body<{ description: string; operations: string[] }>(await post('/api/getFunctionAiPolish', a.headers, { projectName: '仓库管理系统', moduleName: '入库管理', description: '登记入库单' }));
    expect(f.data.operations.length).toBeGreaterThan(0);
    // nothing written about the module: nothing to polish, and nothing is guessed from its name
    const empty = body(await post('/api/getFunctionAiPolish', a.headers, { projectName: '仓库管理系统', moduleName: '库存管理', description: ' ', operations: [''] }));
    expect(empty.code).not.toBe(200);
    expect(empty.msg).toContain('请先写下这个模块做什么');
    expect(d.data).toMatchObject({ provider: 'offline' });
    expect(body(await app.inject({ url: `/api/getCnNameToEnName?name=x` })).code).toBe(302);
  });

  it('feeds the code analysis to the writer when generating a code project, filling only what is empty', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const up = await upload(app, a.headers, zipFolder(path.resolve(import.meta.dirname, '../auth')), 'auth.zip');
    const add = body<WordStatus & { project: ProjectDetails }>(await post('/api/addCodeProject', a.headers, { uploadId: up.data.uploadId, name: '码著账户管理系统', form: { purpose: '管理用户账户' } }));
    expect(add.code, add.msg).toBe(200);
    const s = await waitForMaterials(app, a.headers, add.data.project.id);
    expect(s.state, s.message).toBe('succeeded');
    const d = body<ProjectDetails>(await app.inject({ url: `/api/getProjectDetails?id=${add.data.project.id}`, headers: a.headers })).data;
    expect(d.form.purpose).toBe('管理用户账户'); // the user's own text is kept
    expect((d.form.mainFunctions ?? '').length).toBeGreaterThan(0);
    // Every module the writer added is a unit of the uploaded code, with its evidence (file#symbol).
    expect(d.modules.length).toBeGreaterThan(0);
    for (const m of d.modules) expect(m.evidence.some((e) => e.startsWith('auth/') || e.includes('.ts'))).toBe(true);
    expect(s.report?.find((r) => r.code === 'COVERAGE_DOC_TO_CODE')?.level).toBe('info');
    // Filled by the rule-based writer (never a model during generation), labelled as drafts; the user's own text stays theirs.
    expect(d.origins['form.mainFunctions']).toMatchObject({ origin: 'draft' });
    expect(d.origins['form.purpose']).toEqual({ origin: 'user' });
    expect(d.origins['form.languages']).toMatchObject({ origin: 'code' });
    expect(d.modules[0]!.origins?.description).toMatchObject({ origin: 'draft' });
    expect(s.report?.find((r) => r.code === 'TEXT_DRAFTS')?.level).toBe('warning');
    expect(s.report?.find((r) => r.code === 'AI_DECLARATION')?.level).toBe('info');
    expect(d.hasAiInformation).toBe(false);
    expect(d.materialsOutdated).toBe(false);
    expect(d.form.languages).toEqual(up.data.analysis.languages);
  });
});
