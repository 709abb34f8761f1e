import type { ProjectPreview, ProjectScreen, ScreenshotManifest, ScreenshotPackResult } from '@mazhu/contracts';
import { buildPrototype, renderScreen } from '@mazhu/docgen';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { buildProject, multipart } from '../../../test/projects.factories';
import { PACK_TTL_MS, PACKS_KEPT } from './preview.service';

const NAME = '码著仓储管理系统';
const MODULES = ['入库管理', '库存预警', '统计报表'];

/** A screen of the software as a user would capture it: the module's page drawn by the prototype renderer, 1440×900. */
async function screenOf(module: string, overlay?: string): Promise<Buffer> {
  const p = buildPrototype({ name: NAME, version: 'V1.0', platform: 'web', modules: MODULES.map((name) => ({ name })) });
  const screen = p.screens.find((s) => s.title === module)!;
  let img = sharp((await renderScreen(p.app, screen)).png).resize(1440, 900);
  if (overlay) img = sharp(await img.png().toBuffer()).composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="900"><rect x="700" y="760" width="600" height="70" fill="#fff"/><text x="720" y="810" font-family="DejaVu Sans" font-size="34" fill="#000">${overlay}</text></svg>`), top: 0, left: 0 }]);
  return img.png().toBuffer();
}

describe('screenshot packs', async () => {
  const app = await buildTestApp();
  const post = async <T>(url: string, headers: Record<string, string>, fields: Parameters<typeof multipart>[0]) => {
    const mp = await multipart(fields);
    return body<T>(await app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': mp.contentType }, payload: mp.payload }));
  };

  it('matches each screenshot to its module by the manifest, then by OCR of its title, leaves the rest to the user, checks each and saves the assignment (masked)', async () => {
    const a = await buildUser(app);
    const p = await buildProject(app, a.headers, { name: NAME, version: 'V1.0', platform: 'Web 管理系统', modules: MODULES.map((name) => ({ name, description: `${name}模块记录仓库的${name}业务并提供查询。` })) });
    const pv = body<ProjectPreview>(await app.inject({ url: `/api/getPreview?id=${p.id}`, headers: a.headers })).data;
    const screenOfModule = (m: string) => pv.screens.find((s) => s.key === 'module' && s.title.startsWith(m))!;

    const blank = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const manifest: ScreenshotManifest = {
      tool: 'mazhu capture',
      url: 'http://127.0.0.1/',
      createdAt: new Date().toISOString(),
      size: { width: 1440, height: 900 },
      software: { name: NAME, version: 'V1.0' },
      shots: [{ file: '01-入库.png', title: '入库', url: 'http://127.0.0.1/in', module: '入库管理', width: 1440, height: 900, time: new Date().toISOString(), seen: { name: NAME, version: 'V1.0' } }],
      failed: [],
    };
    const zip = zipSync({
      'manifest.json': new TextEncoder().encode(JSON.stringify(manifest)),
      '01-入库.png': [await screenOf('入库管理'), { level: 0 }],
      // Not in the manifest: matched by the page title OCR reads (库存预警), and it shows a phone number.
      '02-page.png': [await screenOf('库存预警', 'Tel 13812345678'), { level: 0 }],
      '03-blank.png': [blank, { level: 0 }],
      'notes.txt': new TextEncoder().encode('not an image'),
    });
    const up = await post<ScreenshotPackResult>('/api/uploadScreenshotPack', a.headers, { projectId: String(p.id), file: { data: Buffer.from(zip), name: 'pack.zip' } });
    expect(up.code, up.msg).toBe(200);
    const [inbound, alert, empty] = up.data.shots;
    expect(inbound).toMatchObject({ file: '01-入库.png', matchedBy: 'manifest', screenId: screenOfModule('入库管理').id });
    expect(alert).toMatchObject({ matchedBy: 'ocr', screenId: screenOfModule('库存预警').id });
    expect(alert.personal.map((x) => x.text)).toEqual(['138****5678']);
    expect(alert.checks.find((c) => c.code === 'privacy')).toMatchObject({ ok: false });
    expect(empty).toMatchObject({ screenId: null, matchedBy: null });
    expect(empty.checks.find((c) => c.code === 'blank')).toMatchObject({ ok: false });
    expect(up.data.rejected.map((r) => r.file)).toEqual(['notes.txt']);

    // Another user sees neither the project nor the staged images.
    const b = await buildUser(app);
    expect((await post('/api/uploadScreenshotPack', b.headers, { projectId: String(p.id), file: { data: Buffer.from(zip), name: 'pack.zip' } })).code).toBe(404);
    expect(body(await app.inject({ url: `/api/getPackImage?packId=${up.data.packId}&index=0`, headers: b.headers })).code).toBe(404);
    expect((await app.inject({ url: `/api/getPackImage?packId=${up.data.packId}&index=0`, headers: a.headers })).headers['content-type']).toBe('image/png');

    // The user puts the blank one nowhere, keeps the two matches, masks the phone number.
    const items = [
      { index: 0, screenId: inbound.screenId!, mask: false },
      { index: 1, screenId: alert.screenId!, mask: true },
    ];
    const saved = body<ProjectPreview>(await app.inject({ method: 'POST', url: '/api/assignScreenshots', headers: a.headers, payload: { projectId: p.id, packId: up.data.packId, items } }));
    expect(saved.code, saved.msg).toBe(200);
    const masked = saved.data.screens.find((s) => s.id === alert.screenId)!;
    expect(masked.source).toBe('upload');
    expect(masked.checks.find((c) => c.code === 'privacy')).toMatchObject({ ok: true });
    expect(saved.data.screens.find((s) => s.id === inbound.screenId)!.source).toBe('upload');
    expect(saved.data.screens.filter((s) => s.source === 'upload')).toHaveLength(2);
    // The box is drawn over the number: the overlay's area is now dark.
    const img = (await app.inject({ url: masked.imageUrl, headers: a.headers })).rawPayload;
    const { data } = await sharp(img).extract({ left: 760, top: 785, width: 200, height: 20 }).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(data.reduce((s, v) => s + v, 0) / data.length).toBeLessThan(60);
    // The pack is gone once saved.
    expect(body(await app.inject({ method: 'POST', url: '/api/assignScreenshots', headers: a.headers, payload: { projectId: p.id, packId: up.data.packId, items } })).code).toBe(404);
  }, 180_000);

  it('keeps unsaved packs for 24 hours and at most three per user: older ones are removed, never piled up', async () => {
    const a = await buildUser(app);
    const p = await buildProject(app, a.headers, { name: NAME, version: 'V1.0', platform: 'Web 管理系统', modules: MODULES.map((name) => ({ name, description: `${name}模块记录仓库的${name}业务并提供查询。` })) });
    const image = await screenOf('入库管理');
    const ids: string[] = [];
    for (let i = 0; i <= PACKS_KEPT; i++) {
      const up = await post<ScreenshotPackResult>('/api/uploadScreenshotPack', a.headers, { projectId: String(p.id), file: { data: image, name: `入库-${i}.png` } });
      expect(up.code, up.msg).toBe(200);
      ids.push(up.data.packId);
    }
    const imageOf = (id: string) => app.inject({ url: `/api/getPackImage?packId=${id}&index=0`, headers: a.headers });
    // The oldest of four unsaved packs is gone; the newest three are still there.
    expect(body(await imageOf(ids[0]!)).code).toBe(404);
    for (const id of ids.slice(1)) expect((await imageOf(id)).statusCode).toBe(200);
    // A day later the unsaved packs have expired.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PACK_TTL_MS + 60_000 });
    try {
      const late = body(await imageOf(ids[3]!));
      expect(late).toMatchObject({ code: 404, msg: expect.stringContaining('已过期') });
    } finally {
      vi.useRealTimers();
    }
    expect(body(await imageOf(ids[3]!)).code).toBe(404);
  });

  it('refuses what is not a pack, a zip bomb and a pack without images, in Chinese', async () => {
    const a = await buildUser(app);
    const p = await buildProject(app, a.headers, { name: NAME, version: 'V1.0', platform: 'Web 管理系统', modules: [{ name: '入库管理', description: '入库管理模块记录入库。' }] });
    const send = (data: Buffer, name = 'pack.zip') => post<ScreenshotPackResult>('/api/uploadScreenshotPack', a.headers, { projectId: String(p.id), file: { data, name } });
    const notPack = await send(Buffer.from('hello'), 'a.txt');
    expect(notPack).toMatchObject({ code: 400, msg: expect.stringContaining('截图包') });
    const bomb = await send(Buffer.from(zipSync({ 'a.png': [new Uint8Array(4 * 1024 * 1024), { level: 9 }] })));
    expect(bomb.code).toBe(413);
    expect(bomb.msg).toContain('压缩炸弹');
    const none = await send(Buffer.from(zipSync({ 'a.txt': new TextEncoder().encode('x') })));
    expect(none).toMatchObject({ code: 400, msg: expect.stringContaining('没有 PNG 或 JPEG') });
    // A single uploaded screenshot with a phone number can be masked afterwards.
    const pv = body<ProjectPreview>(await app.inject({ url: `/api/getPreview?id=${p.id}`, headers: a.headers })).data;
    const target = pv.screens.find((s) => s.key === 'module')!;
    const one = await post<ProjectScreen>('/api/uploadScreenshot', a.headers, { screenId: String(target.id), file: { data: await screenOf('入库管理', 'Tel 13812345678'), name: 's.png' } });
    expect(one.data.checks.find((c) => c.code === 'privacy')).toMatchObject({ ok: false });
    const m = body<ProjectScreen>(await app.inject({ method: 'POST', url: '/api/maskScreenshot', headers: a.headers, payload: { id: target.id } }));
    expect(m.code, m.msg).toBe(200);
    expect(m.data.checks.find((c) => c.code === 'privacy')).toMatchObject({ ok: true });
  }, 120_000);
});
