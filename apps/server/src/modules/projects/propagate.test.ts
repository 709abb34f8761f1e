import type { ProjectDetails } from '@mazhu/contracts';
import { nameInTextItem } from '@mazhu/docgen';
import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { applyRenames } from './propagate';

const OLD = '会议室预约管理系统';
const NEW = '会议室预约管理软件';
const MAIN = `${OLD}是一款基于浏览器访问的Web应用软件，面向企业行政部门，共包含3个功能模块：会议室管理、预约申请、签到管理。` + '管理员维护会议室的名称、位置、容量和设备，员工在线提交预约申请并选择时段，部门负责人审批预约，参会人到场签到，系统按月统计会议室使用率。'.repeat(6);

describe('renames carried into the texts', () => {
  it('replaces whole names and version tokens, never twice', () => {
    const r = { name: { from: OLD, to: NEW }, version: { from: 'V1.0', to: 'V2.0' }, modules: [{ from: '签到', to: '签到管理' }] };
    expect(applyRenames(`${OLD}V1.0 支持签到与签到管理，兼容 V1.01`, r)).toBe(`${NEW}V2.0 支持签到管理与签到管理，兼容 V1.01`);
  });

  it('reports a text that still says the old name, with its place; the same name passes', () => {
    const bad = nameInTextItem(NEW, 'V1.0', [
      { where: '申请表「软件的主要功能」', text: MAIN },
      { where: '操作手册第 3 页', text: `本手册介绍${NEW}V1.0（以下简称“本软件”）。${OLD}是一款…` },
    ]);
    expect(bad.ok).toBe(false);
    expect(bad.detail).toBe(`文字中写的是“${OLD}”（申请表「软件的主要功能」、操作手册第 3 页），与软件全称“${NEW}”、版本号 V1.0 不一致：请在项目中改为一致后重新生成`);
    expect(nameInTextItem(NEW, 'V2.0', [{ where: '操作手册第 1 页', text: `本手册介绍${NEW}V1.0` }]).ok).toBe(false);
    expect(nameInTextItem(NEW, 'V1.0', [{ where: '操作手册第 1 页', text: `本手册介绍${NEW}V1.0，可与微信支付平台对接` }]).ok).toBe(true);
  });
});

describe('editing the name, the version or a module updates every stored text', async () => {
  const app = await buildTestApp();

  it('renames the software, its version and a module in the form texts, the 软件简介, the modules and the figures', async () => {
    const a = await buildUser(app);
    const created = body<ProjectDetails>(
      await app.inject({
        method: 'POST',
        url: '/api/addProject',
        headers: a.headers,
        payload: {
          name: OLD,
          version: 'V1.0',
          platform: 'Web',
          description: `${OLD}（V1.0）是面向企业行政部门的会议室预约软件。`,
          form: { completionDate: '2025-06-01', mainFunctions: MAIN, purpose: `让${OLD}替代纸质登记` },
          modules: [
            { name: '会议室管理', description: `在${OLD}中维护会议室。`, operations: ['新增会议室'] },
            { name: '预约申请', description: '员工提交预约。', operations: ['提交预约'] },
            { name: '签到管理', description: '参会人签到。', operations: ['进入签到管理页面'], notes: ['签到管理只在会议开始前 15 分钟开放。'] },
          ],
        },
      }),
    );
    expect(created.code, created.msg).toBe(200);
    const p = created.data;
    // The figures exist once the screens are read (prototypes titled by the modules).
    expect(body(await app.inject({ url: `/api/getPreview?id=${p.id}`, headers: a.headers })).code).toBe(200);

    const edited = body<ProjectDetails>(
      await app.inject({
        method: 'POST',
        url: '/api/editProject',
        headers: a.headers,
        payload: {
          id: p.id,
          name: NEW,
          version: 'V2.0',
          modules: p.modules.map((m) => ({ name: m.name === '签到管理' ? '扫码签到' : m.name, description: m.description, operations: m.operations, notes: m.notes })),
        },
      }),
    );
    expect(edited.code, edited.msg).toBe(200);
    const d = edited.data;
    expect(d.form.mainFunctions!.startsWith(`${NEW}是一款`)).toBe(true);
    expect(d.form.mainFunctions).not.toContain(OLD);
    expect(d.form.mainFunctions).toContain('扫码签到');
    expect(d.form.purpose).toBe(`让${NEW}替代纸质登记`);
    expect(d.description).toBe(`${NEW}（V2.0）是面向企业行政部门的会议室预约软件。`);
    expect(d.modules[0]!.description).toBe(`在${NEW}中维护会议室。`);
    expect(d.modules[2]).toMatchObject({ name: '扫码签到', operations: ['进入扫码签到页面'], notes: ['扫码签到只在会议开始前 15 分钟开放。'] });
    expect(d.propagation?.updated).toEqual(expect.arrayContaining(['申请表「软件的主要功能」', '申请表「开发目的」', '软件简介（操作手册“概述”）']));
    expect(d.propagation?.flagged).toEqual([]);
    const screens = await app.deps.db.selectFrom('project_screens').select(['title', 'spec_json']).where('project_id', '=', p.id).execute();
    for (const s of screens) {
      expect(s.title).not.toBe('签到管理');
      expect(s.spec_json).not.toContain(OLD);
    }

    // A text the new name would push over its limit is left as it is and flagged.
    const full = `${NEW}。${'会议室'.repeat(431)}`.slice(0, 1300);
    expect(body(await app.inject({ method: 'POST', url: '/api/editProject', headers: a.headers, payload: { id: p.id, form: { mainFunctions: full } } })).code).toBe(200);
    const longer = body<ProjectDetails>(await app.inject({ method: 'POST', url: '/api/editProject', headers: a.headers, payload: { id: p.id, name: `${NEW.replace('软件', '')}综合软件` } }));
    expect(longer.code, longer.msg).toBe(200);
    expect(longer.data.form.mainFunctions).toBe(full);
    expect(longer.data.propagation?.flagged).toEqual([`申请表「软件的主要功能」仍写着改名前的内容（“${NEW}”→“会议室预约管理综合软件”）：改名后会超出字数限制，请手动修改`]);
  });
});
