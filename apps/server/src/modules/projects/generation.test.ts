import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { CodeProjectIntegral, ProjectDetails, UserPoints, WordStatus } from '@mazhu/contracts';
import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { buildProject, upload, waitForMaterials, zipFolder } from '../../../test/projects.factories';

const CODE_DIR = path.resolve(import.meta.dirname, '../content');

describe('generation of materials through the job runner', async () => {
  const app = await buildTestApp();

  it('uploads real code, creates a code project, generates and downloads one zip', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const up = await upload(app, a.headers, zipFolder(CODE_DIR), 'content.zip');
    expect(up.code, up.msg).toBe(200);
    expect(up.data.analysis.languages).toContain('TypeScript');
    expect(up.data.analysis.sourceLines).toBeGreaterThan(100);

    const cost = body<CodeProjectIntegral>(await app.inject({ url: `/api/getCodeProjectIntegral?uploadId=${up.data.uploadId}`, headers: a.headers }));
    expect(cost.data).toMatchObject({ points: 100, payWith: 'free_times', enough: true });

    const add = body<WordStatus & { id: number; project: ProjectDetails }>(
      await app.inject({ method: 'POST', url: '/api/addCodeProject', headers: a.headers, payload: { uploadId: up.data.uploadId, name: '码著内容管理系统', version: 'V1.0', form: { completionDate: '2025-05-01' } } }),
    );
    expect(add.code, add.msg).toBe(200);
    expect(['queued', 'generating']).toContain(add.data.state);
    const id = add.data.project.id;
    expect(add.data.project.form.languages).toEqual(up.data.analysis.languages);
    expect(add.data.project.form.sourceLines).toBe(up.data.analysis.sourceLines);

    const done = await waitForMaterials(app, a.headers, id);
    expect(done.state, done.message).toBe('succeeded');
    expect(done.progress).toBe(100);
    expect(done.downloadName).toBe('码著内容管理系统_V1.0_软著材料.zip');
    expect(done.report?.length).toBeGreaterThan(0);
    expect(done.charge).toEqual({ freeTimes: 1, giftedPoints: 0, rechargePoints: 0 });

    const res = await app.inject({ url: `/api/getProjectWordDownload?id=${id}`, headers: a.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('码著内容管理系统_V1.0_软著材料.zip')}`);
    const names = Object.keys(unzipSync(new Uint8Array(res.rawPayload)));
    const p = '码著内容管理系统_V1.0_';
    expect(names).toEqual(
      // The uploaded code is an HTTP API without screens: its document is a 设计说明书, never a manual with a login page.
      expect.arrayContaining([`${p}源程序.pdf`, `${p}源程序.docx`, `${p}设计说明书.pdf`, `${p}设计说明书.docx`, `${p}申请表.pdf`, `${p}申请表.docx`, `${p}申请表.json`, `${p}检查报告.txt`, `${p}检查报告.json`, `${p}源程序清单.txt`]),
    );
    const pts = body<UserPoints>(await app.inject({ url: '/api/getUserPoints', headers: a.headers }));
    expect(pts.data.freeTimes).toBe(0);
    const viaCode = await app.inject({ url: '/api/getCodeProjectDownload', method: 'POST', payload: { id }, headers: a.headers });
    expect(viaCode.headers['content-type']).toBe('application/zip');
    expect(viaCode.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('generates a form-only project without inventing code and reports it; the manual prints each module’s 注意事项', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const modules = [
      { name: '入库管理', description: '登记采购到货的入库单。', operations: ['点击“新增入库单”，填写数量后保存。'], notes: ['入库数量不能超过采购单上的数量。', '已审核的入库单不能再修改。'] },
      { name: '库存查询', description: '按仓库查询库存。', operations: ['选择仓库后点击“查询”。'] },
    ];
    const p = await buildProject(app, a.headers, { platform: 'Web 管理系统', modules });
    expect(p.modules.map((m) => m.notes)).toEqual([modules[0].notes, []]);
    const tooLong = body(await app.inject({ method: 'POST', url: '/api/editFunctionalModule', headers: a.headers, payload: { id: p.modules[1].id, notes: ['长'.repeat(101)] } }));
    expect(tooLong.code).toBe(400);
    expect(tooLong.msg).toMatch(/每条注意事项不能超过 100 个字符/);
    const g = body<WordStatus>(await app.inject({ method: 'POST', url: '/api/generateProjectWord', headers: a.headers, payload: { id: p.id } }));
    expect(g.code, g.msg).toBe(200);
    const done = await waitForMaterials(app, a.headers, p.id);
    expect(done.state, done.message).toBe('succeeded');
    expect(done.report?.[0]).toMatchObject({ level: 'error', code: 'NO_SOURCE_CODE' });
    expect(done.files?.map((f) => f.name).some((n) => n.endsWith('源程序.pdf'))).toBe(false);
    // The module without notes is named in the report as something to complete, never shown as passed.
    const missing = done.report?.find((r) => r.message.includes('没有“注意事项”'));
    expect(missing?.level).toBe('warning');
    expect(missing?.message).toContain('库存查询');
    expect(missing?.message).not.toContain('入库管理');
    const zip = unzipSync(new Uint8Array((await app.inject({ url: `/api/getProjectWordDownload?id=${p.id}`, headers: a.headers })).rawPayload));
    const manual = Object.entries(zip).find(([k]) => k.endsWith('操作手册.pdf'))![1];
    const pdf = path.join(os.tmpdir(), `mazhu-notes-${p.id}.pdf`);
    fs.writeFileSync(pdf, manual);
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    fs.rmSync(pdf);
    const section = text.slice(text.lastIndexOf('入库管理'));
    expect(section).toMatch(/注意事项：1\.入库数量不能超过采购单上的数量。2\.已审核的入库单不能再修改。/);
  });

  it('keeps a module name the analysis inferred flagged until the user confirms it, and the report lists it as 需注意', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const why = '代码中没有“stat”的中文名称（菜单、页面标题、接口文档或注释），名称由标识符含义推断，请确认';
    const p = await buildProject(app, a.headers, {
      platform: 'Web 管理系统',
      modules: [
        { name: '订单管理', description: '查询和处理订单。', operations: ['点击“查询”。'] },
        { name: '统计', description: '查看统计数字。', operations: ['打开统计页。'], nameConfirm: why },
      ],
    });
    expect(p.modules.map((m) => m.nameConfirm)).toEqual([undefined, why]);
    const g = body<WordStatus>(await app.inject({ method: 'POST', url: '/api/generateProjectWord', headers: a.headers, payload: { id: p.id } }));
    expect(g.code, g.msg).toBe(200);
    const done = await waitForMaterials(app, a.headers, p.id);
    expect(done.state, done.message).toBe('succeeded');
    const item = done.report?.find((r) => r.code === 'MODULE_NAME_UNCONFIRMED');
    expect(item?.level).toBe('warning');
    expect(item?.message).toContain('统计');
    expect(item?.message).not.toContain('订单管理');
    expect(item?.evidence).toEqual([`统计：${why}`]);
    // Renaming the module confirms its name; another edit without a name leaves the flag as it is.
    const kept = body<ProjectDetails['modules'][number]>(await app.inject({ method: 'POST', url: '/api/editFunctionalModule', headers: a.headers, payload: { id: p.modules[1].id, description: '查看订单数量和金额的统计。' } }));
    expect(kept.data.nameConfirm).toBe(why);
    const renamed = body<ProjectDetails['modules'][number]>(await app.inject({ method: 'POST', url: '/api/editFunctionalModule', headers: a.headers, payload: { id: p.modules[1].id, name: '统计报表' } }));
    expect(renamed.code, renamed.msg).toBe(200);
    expect(renamed.data.nameConfirm).toBeUndefined();
  });
});

describe('upload size limit', async () => {
  const app = await buildTestApp({ MAX_UPLOAD_MB: '1' });
  it('refuses an archive over MAX_UPLOAD_MB with a Chinese message', async () => {
    const a = await buildUser(app);
    const big = Buffer.alloc(1024 * 1024 + 10, 1);
    big[0] = 0x50;
    big[1] = 0x4b;
    const r = await upload(app, a.headers, big, 'big.zip');
    expect(r.code).toBe(413);
    expect(r.msg).toMatch(/代码压缩包不能超过 1 MB/);
  });
});
