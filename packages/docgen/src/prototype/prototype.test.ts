import { describe, expect, it } from 'vitest';
import { buildPrototype, platformOf, renderScreen, renderScreens, closePrototypePool, screenOperationSteps, PLATFORMS, PLATFORM_SCALE, THEME_IDS } from './index';

const source = {
  name: '社区养老服务管理系统',
  shortName: '养老服务',
  version: 'V2.1',
  platform: 'Web 管理系统',
  completionDate: '2025-11-30',
  modules: [
    { name: '老人档案', operations: ['点击“新增档案”按钮，填写老人信息'] },
    { name: '服务工单' },
    { name: '健康随访' },
    { name: '补贴结算统计' },
    { name: '系统参数设置' },
    { name: '服务申请' },
  ],
};

const pngSize = (b: Buffer) => ({ width: b.readUInt32BE(16), height: b.readUInt32BE(20) });

describe('prototype screens', () => {
  it('has a login screen, the main screen and one screen per module, each kind fitting the module', () => {
    const p = buildPrototype(source);
    expect(p.hasUi).toBe(true);
    expect(p.screens.map((s) => s.key)).toEqual(['login', 'main', 'module-1', 'module-2', 'module-3', 'module-4', 'module-5', 'module-6']);
    expect(p.screens.map((s) => s.kind)).toEqual(['login', 'main', 'detail', 'list', 'detail', 'chart', 'settings', 'form']);
    // The button the operations name is on the screen, and the manual's steps name it.
    expect(p.screens[2].buttons).toContain('新增档案');
    expect(screenOperationSteps(p.screens[3]).join('')).toContain('“查询”');
  });

  it('never shows a date after the completion date, and no lorem ipsum', () => {
    const p = buildPrototype(source);
    const text = JSON.stringify(p.screens);
    for (const d of text.match(/\d{4}-\d{2}-\d{2}/g) ?? []) expect(d <= '2025-11-30').toBe(true);
    for (const d of text.match(/\b(20\d{2})(\d{2})(\d{2})\d{3}\b/g) ?? []) expect(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` <= '2025-11-30').toBe(true);
    expect(text).not.toMatch(/lorem|ipsum|http|www\.|\.com/i);
  });

  it('renders every screen with the name and version in its text record, deterministically, at print size', async () => {
    const p = buildPrototype({ ...source, theme: 'night', color: '#722ed1' });
    const a = await renderScreens(p.app, p.screens, { parallel: false });
    const b = await renderScreens(p.app, p.screens, { parallel: true });
    for (const [i, s] of a.entries()) {
      const all = s.texts.join('\n');
      expect(all, s.key).toContain('V2.1');
      expect(all.includes('社区养老服务管理系统') || all.includes('养老服务'), s.key).toBe(true);
      expect(pngSize(s.png)).toEqual({ width: Math.round(1440 * PLATFORM_SCALE['web-admin']), height: Math.round(900 * PLATFORM_SCALE['web-admin']) });
      expect(b[i].png.equals(s.png), `same bytes for ${s.key}`).toBe(true);
    }
    await closePrototypePool();
  });

  it('lays out every platform in its own frame and changes the pixels with the theme', async () => {
    for (const [platform, text] of [['mobile', '微信小程序'], ['desktop', 'Windows 桌面客户端'], ['web-site', '门户网站']] as const) {
      expect(platformOf(text)).toBe(platform);
      const p = buildPrototype({ ...source, platform: text });
      const r = await renderScreen(p.app, p.screens[2]);
      expect(pngSize(r.png)).toEqual({ width: Math.round(PLATFORMS[platform].width * PLATFORM_SCALE[platform]), height: Math.round(PLATFORMS[platform].height * PLATFORM_SCALE[platform]) });
      expect(r.texts.join('')).toContain('V2.1');
    }
    const p = buildPrototype(source);
    const looks = await Promise.all(THEME_IDS.slice(0, 2).map((theme) => renderScreen({ ...p.app, theme }, p.screens[1])));
    expect(looks[0].png.equals(looks[1].png)).toBe(false);
  });

  it('draws an architecture and a module diagram for software without a user interface', async () => {
    const p = buildPrototype({ ...source, platform: '嵌入式/物联网', modules: [{ name: '传感器采集', operations: ['按周期读取温湿度'] }, { name: '阀门控制' }] });
    expect(p.hasUi).toBe(false);
    expect(p.screens.map((s) => s.kind)).toEqual(['architecture', 'module-diagram']);
    const r = await renderScreen(p.app, p.screens[1]);
    expect(r.texts).toEqual(expect.arrayContaining(['社区养老服务管理系统 V2.1', '传感器采集', '按周期读取温湿度', '阀门控制']));
  });

  it('refuses a description that does not fit, with a Chinese reason', async () => {
    const p = buildPrototype(source);
    await expect(renderScreen(p.app, { ...p.screens[3], columns: Array.from({ length: 12 }, (_, i) => `列${i}`) })).rejects.toThrow(/界面描述有误/);
  });
});
