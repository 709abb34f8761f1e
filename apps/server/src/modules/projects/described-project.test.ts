import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProjectDetails, UserPoints, WordStatus } from '@mazhu/contracts';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';

const hasPoppler = (() => {
  try {
    execFileSync('pdfimages', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * 智能生成 without code, as the web wizard does it: a project described in the user's words (five functions in a
 * numbered list), no upload. Generating it gives the application form, the manual with a prototype figure per screen
 * and the check report; the report names the missing source-code document and what to do; the price is the
 * described-only setting.
 */
describe('a described project without code', async () => {
  const app = await buildTestApp();

  it('generates and downloads its form, manual (with prototypes) and report; the source-code document is reported missing', async () => {
    const a = await buildUser(app);
    await app.deps.db.updateTable('users').set({ free_times: 0, gifted_points: 0, recharge_points: 100 }).where('id', '=', a.userId).execute();
    await app.deps.db.insertInto('settings').values({ key: 'integral.describedProject', value: '70', updated_at: new Date().toISOString() }).execute();
    const created = body<ProjectDetails>(
      await app.inject({
        method: 'POST',
        url: '/api/addProject',
        headers: a.headers,
        payload: {
          name: '会议室预约管理系统',
          version: 'V1.0',
          category: '应用软件',
          platform: 'Web',
          description: '面向企业行政部门的会议室预约软件。主要功能：1. 会议室管理 2. 预约申请 3. 审批管理 4. 签到管理 5. 统计报表',
          form: { completionDate: '2025-06-01' },
        },
      }),
    );
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id;
    const started = body<WordStatus>(await app.inject({ method: 'POST', url: '/api/generateProjectWord', headers: a.headers, payload: { id } }));
    expect(started.code, started.msg).toBe(200);
    expect(body<UserPoints>(await app.inject({ url: '/api/getUserPoints', headers: a.headers })).data.rechargePoints).toBe(30);

    let st: WordStatus;
    for (const t0 = Date.now(); ; ) {
      st = body<WordStatus>(await app.inject({ url: `/api/getProjectWordStatus?id=${id}`, headers: a.headers })).data;
      if (st.state === 'succeeded' || st.state === 'failed') break;
      if (Date.now() - t0 > 240_000) throw new Error(`still ${st.state}: ${st.message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(st.state, st.message).toBe('succeeded');
    const missing = st.report?.find((r) => r.code === 'NO_SOURCE_CODE');
    expect(missing?.message).toBe('未上传源代码：本次生成了申请表、操作手册和检查报告，没有生成源程序文档（程序鉴别材料）。申请登记须提交源程序：请在项目的“基本信息”中上传您享有著作权的源代码压缩包，再重新生成（系统不会编造代码）');

    // The writer took every module the description lists.
    const details = body<ProjectDetails>(await app.inject({ url: `/api/getProjectDetails?id=${id}`, headers: a.headers })).data;
    expect(details.modules.map((m) => m.name)).toEqual(['会议室管理', '预约申请', '审批管理', '签到管理', '统计报表']);

    const res = await app.inject({ url: `/api/getProjectWordDownload?id=${id}`, headers: a.headers });
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const p = '会议室预约管理系统_V1.0_';
    expect(Object.keys(zip)).toEqual(expect.arrayContaining([`${p}操作手册.docx`, `${p}操作手册.pdf`, `${p}检查报告.json`, `${p}检查报告.txt`, `${p}申请表.docx`, `${p}申请表.json`, `${p}申请表.pdf`]));
    expect(Object.keys(zip).some((n) => n.includes('源程序'))).toBe(false);
    const form = JSON.parse(Buffer.from(zip[`${p}申请表.json`]!).toString('utf8')) as { fullName: string; mainFunctions: string };
    expect(form.fullName).toBe('会议室预约管理系统');
    for (const n of ['会议室管理', '预约申请', '审批管理', '签到管理', '统计报表']) expect(form.mainFunctions).toContain(n);
    expect(Buffer.from(zip[`${p}检查报告.txt`]!).toString('utf8')).toContain('没有生成源程序文档');

    if (!hasPoppler) return;
    const pdf = path.join(os.tmpdir(), `mazhu-described-${id}.pdf`);
    fs.writeFileSync(pdf, zip[`${p}操作手册.pdf`]!);
    try {
      const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
      for (const n of ['会议室管理', '预约申请', '审批管理', '签到管理', '统计报表']) expect(text).toContain(n);
      expect(text).toMatch(/图1/);
      // Prototype screens are printed as images: one per figure (login/main/modules).
      const images = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(images.length).toBeGreaterThanOrEqual(5);
    } finally {
      fs.rmSync(pdf, { force: true });
    }
  });
});
