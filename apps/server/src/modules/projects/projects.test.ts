import path from 'node:path';
import type { FunctionalModule, Page, ProjectDetails, ProjectListItem, WordStatus } from '@mazhu/contracts';
import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { buildProject, SAMPLE_PROJECT, upload, waitForMaterials, zipFolder } from '../../../test/projects.factories';

describe('projects API', async () => {
  const app = await buildTestApp();
  const post = (url: string, headers: Record<string, string>, payload: unknown) => app.inject({ method: 'POST', url, headers, payload: payload as object });

  it('needs sign-in', async () => {
    const r = body(await post('/api/addProject', {}, SAMPLE_PROJECT));
    expect(r.code).toBe(302);
  });

  it('explains invalid fields in Chinese', async () => {
    const a = await buildUser(app);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '码著测试' }, /软件全称须以“软件”“系统”或“平台”结尾/],
      [{ name: '' }, /请输入软件全称/],
      [{ version: 'V1.0 Beta' }, /版本号格式应为 V数字/],
      [{ category: '游戏软件' }, /软件分类只能是/],
      [{ form: { devHardware: '很'.repeat(51) } }, /开发的硬件环境不能超过 50 个字符/],
      [{ form: { mainFunctions: '功'.repeat(1301) } }, /软件的主要功能不能超过 1300 个字符/],
      [{ form: { techTags: ['APP', '游戏', '教育', '金融'] } }, /技术特点标签最多选 3 个/],
      [{ form: { completionDate: '2025/1/1' } }, /开发完成日期格式应为 YYYY-MM-DD/],
      [{ modules: [{ name: '' }] }, /请输入功能模块名称/],
    ];
    for (const [patch, msg] of cases) {
      const r = body(await post('/api/addProject', a.headers, { ...SAMPLE_PROJECT, ...patch }));
      expect(r.code, JSON.stringify(patch)).toBe(400);
      expect(r.msg).toMatch(msg);
    }
  });

  it('creates, reads, edits and lists projects; modules have their own calls', async () => {
    const a = await buildUser(app);
    const p = await buildProject(app, a.headers, { version: 'v2.1' });
    expect(p).toMatchObject({ name: SAMPLE_PROJECT.name, version: 'V2.1', status: 'draft', progress: 0, source: 'form', downloadable: false });
    expect(p.form).toMatchObject({ nature: '原创', developmentMode: '单独开发', publishStatus: '未发表', completionDate: '2025-06-01' });
    expect(p.modules.map((m) => m.name)).toEqual(['用户登录', '内容管理']);

    const edited = body<ProjectDetails>(await post('/api/editProject', a.headers, { id: p.id, shortName: '码著', form: { domain: '知识产权服务' } }));
    expect(edited.code, edited.msg).toBe(200);
    expect(edited.data.shortName).toBe('码著');
    expect(edited.data.form.domain).toBe('知识产权服务');
    expect(edited.data.form.purpose).toBe('测试材料生成流程'); // untouched fields stay
    expect(edited.data.version).toBe('V2.1'); // no default silently resets an omitted field
    expect(edited.data.modules).toHaveLength(2);

    const m = body<FunctionalModule>(await post('/api/addFunctionalModule', a.headers, { projectId: p.id, name: '统计报表', description: '按月统计', operations: ['选择月份'] }));
    expect(m.code, m.msg).toBe(200);
    expect(m.data).toMatchObject({ name: '统计报表', sort: 2, operations: ['选择月份'] });
    const e = body<FunctionalModule>(await post('/api/editFunctionalModule', a.headers, { id: m.data.id, name: '统计分析' }));
    expect(e.data).toMatchObject({ name: '统计分析', description: '按月统计' });
    const list = body<FunctionalModule[]>(await post('/api/addFunctionalModuleList', a.headers, { projectId: p.id, modules: [{ name: '系统设置' }, { name: '日志查询' }] }));
    expect(list.data.map((x) => x.name)).toEqual(['用户登录', '内容管理', '统计分析', '系统设置', '日志查询']);
    const replaced = body<FunctionalModule[]>(await post('/api/addFunctionalModuleList', a.headers, { projectId: p.id, replace: true, modules: [{ name: '首页' }] }));
    expect(replaced.data.map((x) => x.name)).toEqual(['首页']);
    const del = body(await app.inject({ url: `/api/delFunctionalModule?id=${replaced.data[0].id}`, headers: a.headers }));
    expect(del.code).toBe(200);
    const after = body<ProjectDetails>(await app.inject({ url: `/api/getProjectDetails?id=${p.id}`, headers: a.headers }));
    expect(after.data.modules).toEqual([]);

    const tooMany = body(await post('/api/addFunctionalModuleList', a.headers, { projectId: p.id, modules: Array.from({ length: 31 }, (_, i) => ({ name: `模块${i}` })) }));
    expect(tooMany.msg).toMatch(/功能模块最多 30 个/);

    await buildProject(app, a.headers, { name: '第二个测试平台' });
    const page = body<Page<ProjectListItem>>(await post('/api/getProjectList', a.headers, { type: 'all', page: 1, pageSize: 1 }));
    expect(page.data.total).toBe(2);
    expect(page.data.list).toHaveLength(1);
    expect(page.data.list[0].name).toBe('第二个测试平台'); // newest first
    const second = body<Page<ProjectListItem>>(await post('/api/getProjectList', a.headers, { type: 'all', page: 2, pageSize: 1 }));
    expect([second.data.list.map((x) => x.id), second.data.total]).toEqual([[p.id], 2]);
    const past = body<Page<ProjectListItem>>(await post('/api/getProjectList', a.headers, { type: 'all', page: 5, pageSize: 1 }));
    expect([past.data.list, past.data.total, past.data.page]).toEqual([[], 2, 5]);
    const drafts = body<Page<ProjectListItem>>(await post('/api/getProjectList', a.headers, { type: 'all', status: 'draft' }));
    expect(drafts.data.total).toBe(2);
    const none = body<Page<ProjectListItem>>(await post('/api/getProjectList', a.headers, { type: 'all', status: 'succeeded' }));
    expect(none.data.total).toBe(0);
    const code = body<Page<ProjectListItem>>(await post('/api/getProjectList', a.headers, { type: 'code' }));
    expect(code.data.total).toBe(0);
    const kw = body<Page<ProjectListItem>>(await post('/api/getProjectList', a.headers, { keyword: '第二个' }));
    expect(kw.data.list.map((x) => x.name)).toEqual(['第二个测试平台']);
    const bad = body(await post('/api/getProjectList', a.headers, { type: 'mine' }));
    expect(bad.msg).toMatch(/类型只能是 all、form 或 code/);
  });

  it('scopes every call to the owner: another account gets "not found", never the data', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const b = await buildUser(app, { freeTimes: 5 });
    const up = await upload(app, a.headers, zipFolder(path.resolve(import.meta.dirname, '../../lib')), 'lib.zip');
    const add = body<WordStatus & { project: ProjectDetails }>(await post('/api/addCodeProject', a.headers, { uploadId: up.data.uploadId, name: '码著工具库系统', version: 'V1.0' }));
    expect(add.code, add.msg).toBe(200);
    const id = add.data.project.id;
    expect((await waitForMaterials(app, a.headers, id)).state).toBe('succeeded');
    const moduleId = add.data.project.modules[0]?.id ?? body<FunctionalModule>(await post('/api/addFunctionalModule', a.headers, { projectId: id, name: '模块' })).data.id;

    const hidden = [
      await app.inject({ url: `/api/getProjectDetails?id=${id}`, headers: b.headers }),
      await app.inject({ url: `/api/getProjectWordStatus?id=${id}`, headers: b.headers }),
      await app.inject({ url: `/api/getProjectWordDownload?id=${id}`, headers: b.headers }),
      await post('/api/getCodeProjectDownload', b.headers, { id }),
      await post('/api/editProject', b.headers, { id, name: '被篡改的系统' }),
      await post('/api/generateProjectWord', b.headers, { id }),
      await post('/api/addFunctionalModule', b.headers, { projectId: id, name: '入侵' }),
      await post('/api/editFunctionalModule', b.headers, { id: moduleId, name: '入侵' }),
      await post('/api/addFunctionalModuleList', b.headers, { projectId: id, modules: [{ name: '入侵' }] }),
      await app.inject({ url: `/api/delFunctionalModule?id=${moduleId}`, headers: b.headers }),
      await app.inject({ url: `/api/delCodeProject?id=${id}`, headers: b.headers }),
      await app.inject({ url: `/api/getCodeProjectIntegral?id=${id}`, headers: b.headers }),
      await app.inject({ url: `/api/getCodeProjectIntegral?uploadId=${up.data.uploadId}`, headers: b.headers }),
      await post('/api/addCodeProject', b.headers, { uploadId: up.data.uploadId, name: '借用代码系统' }),
      await post('/api/addProject', b.headers, { ...SAMPLE_PROJECT, uploadId: up.data.uploadId }),
    ];
    for (const [i, res] of hidden.entries()) {
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const r = body(res);
      expect(r.code, `call #${i}: ${r.msg}`).toBe(404);
      expect(JSON.stringify(r)).not.toContain('码著工具库系统');
    }
    const listB = body<Page<ProjectListItem>>(await post('/api/getProjectList', b.headers, { type: 'all' }));
    expect(listB.data.total).toBe(0);
    const listCodeB = body<Page<ProjectListItem>>(await post('/api/getCodeProjectList', b.headers, {}));
    expect(listCodeB.data.total).toBe(0);
    // A's project is untouched and B was not charged.
    const mine = body<ProjectDetails>(await app.inject({ url: `/api/getProjectDetails?id=${id}`, headers: a.headers }));
    expect(mine.data.name).toBe('码著工具库系统');
    expect(mine.data.status).toBe('succeeded');
    const bPoints = body<{ freeTimes: number }>(await app.inject({ url: '/api/getFreeTimes', headers: b.headers }));
    expect(bPoints.data.freeTimes).toBe(5);
  });

  it('deletes a single project for its owner only', async () => {
    const a = await buildUser(app);
    const b = await buildUser(app);
    const p = await buildProject(app, a.headers);
    const del = (headers: Record<string, string>) => app.inject({ url: `/api/delProject?id=${p.id}`, headers }).then(body);
    expect((await del(b.headers)).code).toBe(404);
    expect(body(await app.inject({ url: `/api/getProjectDetails?id=${p.id}`, headers: a.headers })).code).toBe(200);
    expect((await del(a.headers)).code).toBe(200);
    expect(body(await app.inject({ url: `/api/getProjectDetails?id=${p.id}`, headers: a.headers })).code).toBe(404);
  });

  it('lists and deletes code projects; the download is gone with them', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const up = await upload(app, a.headers, zipFolder(path.resolve(import.meta.dirname, '../../plugins')), 'plugins.zip');
    const add = body<WordStatus & { project: ProjectDetails }>(await post('/api/addCodeProject', a.headers, { uploadId: up.data.uploadId, name: '码著插件系统' }));
    const id = add.data.project.id;
    const busy = body(await app.inject({ url: `/api/delCodeProject?id=${id}`, headers: a.headers }));
    if (busy.code !== 200) expect(busy.msg).toMatch(/正在生成/);
    await waitForMaterials(app, a.headers, id);
    const list = body<Page<ProjectListItem>>(await post('/api/getCodeProjectList', a.headers, { page: 1 }));
    expect(list.data.list[0]).toMatchObject({ id, source: 'code', status: 'succeeded', progress: 100, downloadable: true });
    expect(list.data.list[0].languages).toContain('TypeScript');
    const form = await buildProject(app, a.headers);
    const notCode = body(await app.inject({ url: `/api/delCodeProject?id=${form.id}`, headers: a.headers }));
    expect(notCode.code).toBe(404);
    if (busy.code !== 200) {
      expect(body(await app.inject({ url: `/api/delCodeProject?id=${id}`, headers: a.headers })).code).toBe(200);
    }
    expect(body(await app.inject({ url: `/api/getProjectDetails?id=${id}`, headers: a.headers })).code).toBe(404);
    expect(body(await app.inject({ url: `/api/getProjectWordDownload?id=${id}`, headers: a.headers })).code).toBe(404);
  });

  it('keeps a code project as a draft without charging when asked, to attach screenshots before generating', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const up = await upload(app, a.headers, zipFolder(path.resolve(import.meta.dirname, '../../plugins')), 'plugins.zip');
    const add = body<WordStatus & { project: ProjectDetails }>(await post('/api/addCodeProject', a.headers, { uploadId: up.data.uploadId, name: '码著插件系统', draft: true, modules: [{ name: '会话管理' }] }));
    expect(add.code, add.msg).toBe(200);
    expect(add.msg).toBe('项目已保存');
    expect(add.data).toMatchObject({ state: 'draft', project: { source: 'code', status: 'draft' } });
    expect(body<{ freeTimes: number }>(await app.inject({ url: '/api/getFreeTimes', headers: a.headers })).data.freeTimes).toBe(1);
    const gen = body<WordStatus>(await post('/api/generateProjectWord', a.headers, { id: add.data.project.id }));
    expect(gen.code, gen.msg).toBe(200);
    expect((await waitForMaterials(app, a.headers, add.data.project.id)).state).toBe('succeeded');
  });

  it('accepts a .tar.gz archive and analyses it', async () => {
    const a = await buildUser(app);
    const { execFileSync } = await import('node:child_process');
    const tgz = execFileSync('tar', ['-czf', '-', '-C', path.resolve(import.meta.dirname, '..'), 'points']);
    const r = await upload(app, a.headers, tgz, 'points.tar.gz');
    expect(r.code, r.msg).toBe(200);
    expect(r.data.analysis.languages).toEqual(['TypeScript']);
    expect(r.data.analysis.files).toBeGreaterThanOrEqual(3);
  });

  it('refuses uploads that are not zip or tar.gz, and empty or code-less archives', async () => {
    const a = await buildUser(app);
    const notZip = await upload(app, a.headers, Buffer.from('just text'), 'a.txt');
    expect(notZip.code).toBe(400);
    expect(notZip.msg).toMatch(/只支持 \.zip 或 \.tar\.gz/);
    const { zipSync } = await import('fflate');
    const noCode = await upload(app, a.headers, Buffer.from(zipSync({ 'readme.md': new TextEncoder().encode('# hi') })), 'x.zip');
    expect(noCode.code).toBe(400);
    expect(noCode.msg).toMatch(/没有可识别的源代码/);
    const missing = body(await app.inject({ method: 'POST', url: '/api/uploadCodeProject', headers: a.headers, payload: {} }));
    expect(missing.code).toBe(400);
  });

  it('download before generation says so in the envelope', async () => {
    const a = await buildUser(app);
    const p = await buildProject(app, a.headers);
    const r = await app.inject({ url: `/api/getProjectWordDownload?id=${p.id}`, headers: a.headers });
    expect(body(r)).toMatchObject({ code: 400, msg: '材料尚未生成，请先生成材料' });
  });
});
