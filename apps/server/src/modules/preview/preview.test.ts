import type { ProjectPreview, ProjectScreen, RenderPreviewResult } from '@mazhu/contracts';
import { buildPrototype, renderScreen } from '@mazhu/docgen';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { buildProject, multipart, SAMPLE_PROJECT, upload } from '../../../test/projects.factories';
import { createScreenReader } from './ocr';
import { createPreviewService } from './preview.service';

describe('UI prototypes and screenshots', async () => {
  const app = await buildTestApp();
  const get = <T>(url: string, headers: Record<string, string>) => app.inject({ url, headers }).then((r) => body<T>(r));
  const post = <T>(url: string, headers: Record<string, string>, payload: unknown) => app.inject({ method: 'POST', url, headers, payload: payload as object }).then((r) => body<T>(r));
  const uploadShot = async (headers: Record<string, string>, screenId: number, data: Buffer, name = 'shot.png') => {
    const mp = await multipart({ screenId: String(screenId), file: { data, name } });
    return body<ProjectScreen>(await app.inject({ method: 'POST', url: '/api/uploadScreenshot', headers: { ...headers, 'content-type': mp.contentType }, payload: mp.payload }));
  };

  it('renders a described software without signing in: login, main and one screen per module', async () => {
    const r = await post<RenderPreviewResult>('/api/renderPreview', {}, { app: { name: '门诊排队叫号小程序系统', version: 'V1.2', platform: 'mobile', theme: 'fresh' }, modules: [{ name: '线上取号' }, { name: '候诊进度' }] });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.screens.map((s) => s.key)).toEqual(['login', 'main', 'module-1', 'module-2']);
    expect(r.data.screens[2]).toMatchObject({ kind: 'form', width: 975, height: 2110 });
    expect(r.data.screens[0].dataUrl.startsWith('data:image/png;base64,iVBOR')).toBe(true);
    const bad = await post('/api/renderPreview', {}, { app: { name: '', version: 'V1.0 Beta', platform: 'mobile' } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/请填写软件名称|版本号格式/);
  });

  it("keeps a project's screens to its owner; the prototype shows the form's name and version (read back by OCR)", async () => {
    const a = await buildUser(app);
    const b = await buildUser(app);
    const p = await buildProject(app, a.headers, { name: '码著仓储管理系统', version: 'V3.2' });
    const pv = await get<ProjectPreview>(`/api/getPreview?id=${p.id}`, a.headers);
    expect(pv.code, pv.msg).toBe(200);
    expect(pv.data.screens.map((s) => [s.key, s.title, s.source])).toEqual([
      ['login', '用户登录', 'prototype'],
      ['main', '首页', 'prototype'],
      ['module', '用户登录', 'prototype'],
      ['module', '内容管理', 'prototype'],
    ]);
    expect(pv.data.screens.every((s) => s.checks.every((c) => c.ok))).toBe(true);

    expect((await get(`/api/getPreview?id=${p.id}`, b.headers)).code).toBe(404);
    const main = pv.data.screens[1];
    expect((await app.inject({ url: main.imageUrl, headers: b.headers })).body).toContain('404');
    const img = await app.inject({ url: main.imageUrl, headers: a.headers });
    expect(img.headers['content-type']).toBe('image/png');
    const reader = createScreenReader();
    try {
      const text = (await reader.read(img.rawPayload)).join('');
      expect(text).toContain('码著仓储管理系统');
      expect(text).toMatch(/V3\.2/i);
    } finally {
      await reader.close();
    }
  });

  it('renders the same bytes again for the same project and theme', async () => {
    const a = await buildUser(app);
    const p = await buildProject(app, a.headers, { name: '码著仓储管理系统', version: 'V1.0' });
    const images = async (pv: ProjectPreview) => Promise.all(pv.screens.map(async (s) => (await app.inject({ url: s.imageUrl, headers: a.headers })).rawPayload));
    const first = (await get<ProjectPreview>(`/api/getPreview?id=${p.id}`, a.headers)).data;
    const before = await images(first);
    await post('/api/savePreview', a.headers, { id: p.id, theme: 'night' });
    const back = (await post<ProjectPreview>('/api/savePreview', a.headers, { id: p.id, theme: first.theme })).data;
    // Rendered again (new files), byte for byte the same pictures.
    expect(back.screens.map((s) => s.imageUrl)).not.toEqual(first.screens.map((s) => s.imageUrl));
    const after = await images(back);
    after.forEach((img, i) => expect(img.equals(before[i]), back.screens[i].title).toBe(true));
  });

  it('shows the software name and version on every kind of screen in every frame, read back by OCR', async () => {
    const modules = [{ name: '供应商管理' }, { name: '采购申请' }, { name: '盘点详情' }, { name: '统计报表' }, { name: '系统参数设置' }];
    const cases = [
      { platform: 'Web 管理系统', theme: 'classic', pick: () => true },
      { platform: '微信小程序', theme: 'classic', pick: (k: string) => ['login', 'main', 'module-1'].includes(k) },
      { platform: 'Windows 桌面客户端', theme: 'business', pick: (k: string) => k === 'main' || k === 'module-2' },
      { platform: '门户网站', theme: 'fresh', pick: (k: string) => k === 'module-4' },
      // Light text on coloured bars of a dark page.
      { platform: 'Web 管理系统', theme: 'night', pick: (k: string) => k === 'login' },
      { platform: '微信小程序', theme: 'night', pick: (k: string) => k === 'module-1' },
    ] as const;
    const reader = createScreenReader();
    try {
      for (const c of cases) {
        const proto = buildPrototype({ name: '码著仓储管理系统', shortName: '码著仓储', version: 'V3.2', platform: c.platform, theme: c.theme, completionDate: '2025-06-01', modules });
        if (c.platform === 'Web 管理系统') expect(proto.screens.map((s) => s.kind)).toEqual(['login', 'main', 'list', 'form', 'detail', 'chart', 'settings']);
        for (const screen of proto.screens.filter((s) => c.pick(s.key))) {
          const text = (await reader.read((await renderScreen(proto.app, screen)).png)).join('');
          const where = `${c.platform} ${c.theme} ${screen.key}`;
          expect(text.includes('码著仓储管理系统') || text.includes('码著仓储'), `${where}: ${text.slice(0, 80)}`).toBe(true);
          expect(text, where).toMatch(/V3\.2/i);
        }
      }
    } finally {
      await reader.close();
    }
  }, 240_000);

  it('changes the theme and an edited screen on save; another user cannot save them', async () => {
    const a = await buildUser(app);
    const p = await buildProject(app, a.headers);
    const before = (await get<ProjectPreview>(`/api/getPreview?id=${p.id}`, a.headers)).data;
    const list = before.screens[3];
    const spec = { ...list.spec, title: '公告维护', buttons: ['发布公告', ...list.spec.buttons.slice(1)] };
    const saved = await post<ProjectPreview>('/api/savePreview', a.headers, { id: p.id, theme: 'night', color: '#722ed1', screens: [{ id: list.id, spec }] });
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.data).toMatchObject({ theme: 'night', color: '#722ed1' });
    expect(saved.data.screens[3]).toMatchObject({ id: list.id, title: '公告维护' });
    expect(saved.data.screens[3].spec.buttons[0]).toBe('发布公告');
    expect(saved.data.screens.map((s) => s.imageUrl)).not.toEqual(before.screens.map((s) => s.imageUrl));
    const again = await get<ProjectPreview>(`/api/getPreview?id=${p.id}`, a.headers);
    expect(again.data.screens.map((s) => s.imageUrl)).toEqual(saved.data.screens.map((s) => s.imageUrl));

    const b = await buildUser(app);
    expect((await post('/api/savePreview', b.headers, { id: p.id, theme: 'fresh' })).code).toBe(404);
  });

  it('replaces a prototype with an uploaded screenshot, re-encoded without metadata, and checks its version', async () => {
    const a = await buildUser(app);
    const p = await buildProject(app, a.headers, { name: '码著仓储管理系统', version: 'V1.0' });
    const pv = (await get<ProjectPreview>(`/api/getPreview?id=${p.id}`, a.headers)).data;
    const login = pv.screens[0];
    // The figures the generation prints: the login prototype first (its print version is kept for the next generation).
    const preview = createPreviewService({ db: app.deps.db, blobs: app.deps.blobs });
    const printedLogin = async () => Buffer.from((await preview.documentFigures(p.id)).find((f) => f.place === 'login')!.data as Uint8Array);
    const prototypePrint = await printedLogin();
    expect(await printedLogin()).toEqual(prototypePrint);
    // A "real" screenshot of another version, with EXIF metadata that must not survive.
    const proto = buildPrototype({ name: '码著仓储管理系统', version: 'V2.0', platform: 'web', modules: [] });
    const shot = await renderScreen(proto.app, proto.screens[0]);
    const jpeg = await sharp(shot.png).jpeg().withExif({ IFD0: { Artist: 'someone@example.com' } }).toBuffer();
    const up = await uploadShot(a.headers, login.id, jpeg, 'login.jpg');
    expect(up.code, up.msg).toBe(200);
    expect(up.data.source).toBe('upload');
    expect(up.data.checks.find((c) => c.code === 'identity')).toMatchObject({ ok: false, message: expect.stringMatching(/V2\.0 与申请表中的 V1\.0 不一致/) });
    const stored = await app.inject({ url: up.data.imageUrl, headers: a.headers });
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect((await get<ProjectPreview>(`/api/getPreview?id=${p.id}`, a.headers)).data.screens[0].source).toBe('upload');
    // The document prints the upload, not the prototype's kept print version.
    const uploadPrint = await printedLogin();
    expect(uploadPrint.equals(prototypePrint)).toBe(false);
    expect((await sharp(uploadPrint).metadata()).format).toBe('png');

    const b = await buildUser(app);
    expect((await uploadShot(b.headers, login.id, jpeg)).code).toBe(404);
    const notImage = await uploadShot(a.headers, login.id, Buffer.from('not an image at all'), 'x.png');
    expect(notImage.code).toBe(400);
    expect(notImage.msg).toMatch(/PNG 或 JPEG/);
    const tiny = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await uploadShot(a.headers, login.id, tiny)).msg).toMatch(/过小/);

    const back = await get<ProjectScreen>(`/api/delScreenshot?id=${login.id}`, a.headers);
    expect(back.data.source).toBe('prototype');
    expect(back.data.checks.every((c) => c.ok)).toBe(true);
    expect(await printedLogin()).toEqual(prototypePrint);
  });

  it('keeps an uploaded module screenshot when the module is renamed and the module list saved again', { timeout: 180_000 }, async () => {
    const a = await buildUser(app);
    const p = await buildProject(app, a.headers, { name: '码著仓储管理系统', version: 'V1.0' });
    const before = (await get<ProjectPreview>(`/api/getPreview?id=${p.id}`, a.headers)).data.screens;
    const moduleScreen = before[2];
    const proto = buildPrototype({ name: '码著仓储管理系统', version: 'V1.0', platform: 'web', modules: [] });
    const shot = await renderScreen(proto.app, proto.screens[1]);
    const up = await uploadShot(a.headers, moduleScreen.id, shot.png, 'module.png');
    expect(up.code, up.msg).toBe(200);

    const modules = p.modules.map((m, i) => ({ name: i === 0 ? `${m.name}（新）` : m.name, description: m.description, operations: m.operations }));
    const saved = await post(`/api/editProject`, a.headers, { ...SAMPLE_PROJECT, id: p.id, name: '码著仓储管理系统', modules });
    expect(saved.code, saved.msg).toBe(200);
    const after = (await get<ProjectPreview>(`/api/getPreview?id=${p.id}`, a.headers)).data.screens;
    expect(after).toHaveLength(before.length);
    expect(after[2]).toMatchObject({ source: 'upload', title: expect.stringContaining('（新）') });
    expect((await app.inject({ url: after[2].imageUrl, headers: a.headers })).statusCode).toBe(200);
  });

  it("renders one edited screen with the whole app's menu, and lets a signed-in user render more often than a visitor", async () => {
    const app1 = { name: '社区团购管理系统', version: 'V1.0', platform: 'web-admin' as const };
    const full = await post<RenderPreviewResult>('/api/renderPreview', {}, { app: app1, modules: [{ name: '商品管理' }, { name: '订单管理' }, { name: '团长管理' }] });
    const orders = full.data.screens[3];
    const alone = await post<RenderPreviewResult>('/api/renderPreview', {}, { app: app1, screens: [orders.spec] });
    const withMenu = await post<RenderPreviewResult>('/api/renderPreview', {}, { app: app1, screens: [orders.spec], menu: ['商品管理', '订单管理', '团长管理'] });
    expect(withMenu.data.app.menu).toEqual(['商品管理', '订单管理', '团长管理']);
    expect(alone.data.app.menu).toEqual(['订单管理']);
    // Rendered on its own with the app's menu, the screen is the same picture as among all the screens.
    expect(withMenu.data.screens[0].dataUrl).toBe(orders.dataUrl);
    expect(alone.data.screens[0].dataUrl).not.toBe(orders.dataUrl);

    const a = await buildUser(app);
    const one = { app: app1, screens: [orders.spec], menu: ['订单管理'] };
    const codes: number[] = [];
    for (let i = 0; i < 14; i++) codes.push((await post('/api/renderPreview', a.headers, one)).code);
    expect(codes.every((c) => c === 200)).toBe(true);
  });

  it("draws a code project's screens from its own pages: no login screen for a mini-program without one, its home page as written", async () => {
    // A mini-program that never signs in: its home page first in app.json, a tab bar, an appointment form.
    const files: Record<string, string> = {
      'app.json': JSON.stringify({ pages: ['pages/index/index', 'pages/order/order'], tabBar: { list: [{ pagePath: 'pages/index/index', text: '首页' }, { pagePath: 'pages/order/order', text: '预约' }] } }),
      'app.js': 'App({\n  onLaunch() {\n    this.globalData = { city: "" };\n  },\n});\n',
      'pages/index/index.json': '{ "navigationBarTitleText": "社区养老" }',
      'pages/index/index.wxml': '<view class="hero">\n  <text>社区养老服务</text>\n  <text>为辖区老人提供上门服务</text>\n</view>\n<button bindtap="toOrder">预约上门服务</button>\n',
      'pages/index/index.js': "Page({\n  toOrder() {\n    wx.navigateTo({ url: '/pages/order/order' });\n  },\n});\n",
      'pages/order/order.json': '{ "navigationBarTitleText": "服务预约" }',
      'pages/order/order.wxml': '<view class="form">\n  <text>老人姓名</text>\n  <input placeholder="请输入老人姓名" />\n  <text>服务日期</text>\n  <picker mode="date">请选择</picker>\n  <button bindtap="submit">提交预约</button>\n</view>\n',
      'pages/order/order.js': "Page({\n  submit() {\n    wx.request({ url: '/api/orders', method: 'POST' });\n  },\n});\n",
    };
    const a = await buildUser(app);
    const up = await upload(app, a.headers, Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])))), 'mp.zip');
    expect(up.code, up.msg).toBe(200);
    const add = await post<{ project: { id: number } }>('/api/addCodeProject', a.headers, {
      uploadId: up.data.uploadId,
      name: '社区养老服务小程序系统',
      version: 'V1.0',
      softwareForm: 'miniprogram',
      draft: true,
      modules: [{ name: '服务预约', description: '老人或家属预约上门服务', evidence: ['pages/order/order.wxml'] }],
    });
    expect(add.code, add.msg).toBe(200);
    const pv = (await get<ProjectPreview>(`/api/getPreview?id=${add.data.project.id}`, a.headers)).data;
    expect(pv.screens.map((s) => s.key)).toEqual(['main', 'module']);
    const [main, order] = pv.screens;
    expect(main.spec).toMatchObject({ title: '社区养老', texts: ['社区养老服务', '为辖区老人提供上门服务'], buttons: ['预约上门服务'], stats: [], rows: [] });
    expect(order.spec.fields.map((f) => f.label)).toEqual(['老人姓名', '服务日期']);
    expect(order.spec.buttons).toEqual(['提交预约']);
  });
});
