import { ZScreenSpec } from '@mazhu/contracts';
import { describe, expect, it } from 'vitest';
import type { CodeFile, MetaFile } from '../intake/intake';
import { readPageFacts } from '../analysis/pages';
import { describedFields } from './synth';
import { buildPrototype, codeScreensOf, describeScreen, platformOf, renderScreen, renderScreens, closePrototypePool, screenOperationSteps, PLATFORMS, PLATFORM_SCALE, THEME_IDS } from './index';

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

  it('draws the login the code implements, none when the code has none, and a plain one when it is not known', async () => {
    const file = (path: string, text: string, language: string): CodeFile => ({ path, text, language, lines: text.split('\n').length }) as CodeFile;
    // A mini-program signing in with the phone number WeChat gives (getPhoneNumber), its home page first in app.json.
    const files = [
      file('pages/index/index.wxml', '<view class="hero">\n  <text>社区养老服务</text>\n  <text>为辖区老人提供上门服务</text>\n</view>\n<button bindtap="toOrder">预约服务</button>', 'WXML'),
      file('pages/login/login.wxml', '<view>\n  <text>登录后可预约上门服务</text>\n  <button open-type="getPhoneNumber" bindgetphonenumber="onPhone">手机号快捷登录</button>\n</view>', 'WXML'),
      file('pages/login/login.js', "Page({ onPhone(e) { wx.login({ success: () => wx.request({ url: '/api/login/phone', method: 'POST' }) }) } })", 'JavaScript'),
      file('pages/order/order.wxml', '<view><text>服务类型</text><picker mode="selector">请选择</picker></view>', 'WXML'),
    ];
    const meta: MetaFile[] = [
      { path: 'app.json', text: JSON.stringify({ pages: ['pages/index/index', 'pages/order/order', 'pages/login/login'], tabBar: { list: [{ pagePath: 'pages/index/index', text: '首页' }, { pagePath: 'pages/order/order', text: '预约' }] } }) },
      { path: 'pages/login/login.json', text: '{ "navigationBarTitleText": "登录" }' },
    ];
    const code = codeScreensOf(await readPageFacts(files, meta));
    expect(code.login).toMatchObject({ login: 'phone', buttons: ['手机号快捷登录'] });
    expect(code.home).toMatchObject({ texts: ['社区养老服务', '为辖区老人提供上门服务'], buttons: ['预约服务'] });
    expect(code.tabBar).toEqual(['首页', '预约']);
    const phone = buildPrototype({ ...source, platform: '微信小程序', ...code });
    const [login, main] = await renderScreens(phone.app, phone.screens.slice(0, 2), { parallel: false });
    expect(login.texts).toEqual(expect.arrayContaining(['登录', '手机号快捷登录', '登录后可预约上门服务']));
    expect(login.texts.join('\n')).not.toMatch(/账号|密码|验证码登录|注册账号/);
    expect(describeScreen(phone.screens[0], login.texts)).toContain('“手机号快捷登录”');
    // The home page as its code writes it, under the code's own tab bar; nothing made up besides the name and version.
    const own = ['社区养老服务管理系统', '养老服务', '版本 V2.1', '养老服务 V2.1', '社区养老服务管理系统 V2.1', '首页', '预约', '社区养老服务', '为辖区老人提供上门服务', '预约服务'];
    expect(main.texts.filter((t) => !own.includes(t))).toEqual([]);
    expect(phone.screens[1]).toMatchObject({ stats: [], rows: [] });
    expect(phone.screens[1].chart).toBeUndefined();

    // Code read without any sign of a login: no login screen, and no signed-in user in the frames.
    const none = buildPrototype({ ...source, login: null });
    expect(none.screens.map((s) => s.key)).toEqual(['main', 'module-1', 'module-2', 'module-3', 'module-4', 'module-5', 'module-6']);
    const drawn = await renderScreen(none.app, none.screens[1]);
    expect(drawn.texts).not.toContain('管理员');
    // Not known (no code): an account and password login with its 登录 button, and nothing the code did not say.
    for (const platform of ['Web 管理系统', '微信小程序', 'Windows 桌面客户端']) {
      const plain = buildPrototype({ ...source, platform });
      const r = await renderScreen(plain.app, plain.screens[0]);
      expect(r.texts, platform).toEqual(expect.arrayContaining(['账号', '密码', '登录']));
      expect(r.texts.join('\n'), platform).not.toMatch(/验证码登录|注册账号|记住账号|忘记密码/);
    }
  });

  it('draws a module without a page of its own with the fields its words name, never another trade\'s columns or kinds', () => {
    expect(describedFields('登记与维护软件著作权人的名称、类型和证件信息，支持新增、编辑、删除')).toEqual(['名称', '类型', '证件信息']);
    const p = buildPrototype({
      name: '著作权人登记管理系统',
      version: 'V1.0',
      platform: 'Web 管理系统',
      modules: [
        { name: '著作权人列表', description: '登记与维护软件著作权人的名称、类型和证件信息' },
        { name: '会员管理', description: '查看会员资料' },
        { name: '入库管理', description: '登记入库的商品、数量和库位' },
      ],
    });
    const [owners, members, stock] = p.screens.filter((s) => s.key.startsWith('module-'));
    expect(owners.columns).toEqual(['著作权人编号', '名称', '类型', '证件信息', '更新时间', '操作']);
    // The owner's kind is the user's own data (自然人/法人…): left empty, never 常规/临时.
    expect(owners.rows.map((r) => r[2])).toEqual(owners.rows.map(() => ''));
    // A member list whose words name no phone, region or state shows none.
    expect(members.columns).toEqual(['会员编号', '会员名称', '更新时间', '操作']);
    expect(members.fields.map((f) => f.label)).toEqual(['会员名称', '更新日期']);
    // The words name goods, quantities and storage places: those columns, typed values.
    expect(stock.columns).toEqual(['入库编号', '入库名称', '商品', '数量', '库位', '更新时间', '操作']);
    expect(stock.rows[0][3]).toMatch(/^\d+$/);
  });

  it('draws a statistics module with the measures and axis its words give, no made-up rate, period or export', () => {
    const p = buildPrototype({
      name: '订单管理系统',
      version: 'V1.0',
      platform: 'Web 管理系统',
      modules: [
        { name: '销售统计', description: '按月统计订单数量、销售金额和退款金额，可导出报表' },
        { name: '统计分析' },
      ],
    });
    const [sales, plain] = p.screens.filter((s) => s.key.startsWith('module-'));
    expect(sales.kind).toBe('chart');
    expect(sales.stats.map((x) => x.label)).toEqual(['订单数量', '销售金额', '退款金额']);
    expect(sales.chart?.labels).toHaveLength(6);
    expect(sales.chart!.labels.every((l) => /^\d{1,2}月$/.test(l))).toBe(true);
    expect(sales.columns).toEqual(['月份', '订单数量', '销售金额', '退款金额']);
    expect(sales.buttons).toEqual(['导出']);
    // Words that name nothing to count, no period, no table, no button: the count of its subject over months only.
    expect(plain.kind).toBe('chart');
    expect(plain.stats.map((x) => x.label)).toEqual(['数量']);
    expect(plain).toMatchObject({ fields: [], columns: [], rows: [], buttons: [] });
    for (const s of [sales, plain]) expect(JSON.stringify(s)).not.toMatch(/完成率|环比|统计维度|统计周期|导出报表/);
  });

  it('gives a page without fields steps to open and read it, and never names a button the screen does not have', () => {
    const page = { key: 'module-1', kind: 'form', title: 'Automation Coverage', texts: ['Automation Coverage', 'Coverage per squad'] } as const;
    const steps = screenOperationSteps(ZScreenSpec.parse(page));
    expect(steps).toEqual(['点击菜单中的“Automation Coverage”，打开页面，查看“Automation Coverage”“Coverage per squad”等内容。']);
    const filled = screenOperationSteps(ZScreenSpec.parse({ key: 'module-2', kind: 'form', title: '报名', fields: [{ label: '姓名' }, { label: '电话' }] }));
    expect(filled).toEqual(['点击菜单中的“报名”，打开填写页面。', '依次填写“姓名”“电话”等内容。']);
    expect(filled.join('')).not.toContain('提交');
  });

  it('shows no made-up records, statistics or filler rows on any screen of any frame', async () => {
    const FILLER = /^\S*[\u4e00-\u9fff][一二三四五六七八九十]$|示例|测试|防护手套|不锈钢螺栓|餐饮支出|办公开支/;
    for (const platform of ['Web 管理系统', '微信小程序', '门户网站', 'Windows 桌面客户端']) {
      const p = buildPrototype({ ...source, platform });
      const main = p.screens.find((s) => s.key === 'main')!;
      // Without the code's home page the main screen is its title alone (the menu names the modules).
      expect(main).toMatchObject({ title: '首页', stats: [], rows: [], columns: [], buttons: [], fields: [] });
      expect(main.texts ?? []).toEqual([]);
      const rendered = await renderScreens(p.app, p.screens, { parallel: false });
      for (const r of rendered) expect(r.texts.filter((t) => FILLER.test(t)), `${platform} ${r.key}`).toEqual([]);
      const mainTexts = rendered.find((r) => r.key === 'main')!.texts.join('\n');
      expect(mainTexts).not.toMatch(/最近记录|快捷入口|欢迎使用|业务量|工作台|我的/);
    }
    await closePrototypePool();
  });
});
