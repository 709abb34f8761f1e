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

  it('generates a form-only project without inventing code and reports it', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const p = await buildProject(app, a.headers);
    const g = body<WordStatus>(await app.inject({ method: 'POST', url: '/api/generateProjectWord', headers: a.headers, payload: { id: p.id } }));
    expect(g.code, g.msg).toBe(200);
    const done = await waitForMaterials(app, a.headers, p.id);
    expect(done.state, done.message).toBe('succeeded');
    expect(done.report?.[0]).toMatchObject({ level: 'error', code: 'NO_SOURCE_CODE' });
    expect(done.files?.map((f) => f.name).some((n) => n.endsWith('源程序.pdf'))).toBe(false);
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
