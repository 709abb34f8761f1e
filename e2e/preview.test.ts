import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectTitle, launchBrowser, newPage, settled } from './browser';
import { registerAndLogin, signInPage } from './api';
import { api, buildCompleteProject } from './project-api';
import { readZip, tempDir } from './projects-fixtures';
import { downloadFrom, waitForGeneration } from './projects-ui';

/**
 * 高保真界面预览 and the figures of the manual, through the real UI in Chromium against the real server: a visitor
 * tries /preview-software with a prototype case (theme, an edited screen, a table cell, a chart value, downloads); a
 * signed-in user opens a project there, changes its theme, a table cell and a chart value and saves them, uploads a
 * real screenshot for a module in the wizard's module step, generates, and finds the figures in the downloaded manual
 * PDF (pdfimages).
 */
const base = inject('baseUrl');
const JOURNEY_MS = 300_000;
let browser: Browser;
const work = tempDir('preview');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The `src` of the big picture of the selected screen. */
const stageSrc = (page: Page) => page.locator('img.pv-stage-img').getAttribute('src');

/** Waits until the big picture is another image than `before` (a render or a save came back). */
async function stageChanged(page: Page, before: string | null, timeout = 60_000) {
  await page.waitForFunction((b) => document.querySelector<HTMLImageElement>('img.pv-stage-img')?.getAttribute('src') !== b, before, { timeout });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  expect(Buffer.from(png.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

/** The text of a PDF without white space (`pdftotext`), so wrapped lines read as one. */
function pdfText(pdf: Uint8Array): string {
  const file = path.join(tempDir('pdftext'), 'manual.pdf');
  fs.writeFileSync(file, pdf);
  return spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, '');
}

/** The images of a PDF as `pdfimages -list` reports them (soft masks left out): page, width, height. */
function pdfImages(pdf: Uint8Array): { page: number; width: number; height: number }[] {
  const file = path.join(tempDir('pdfimages'), 'manual.pdf');
  fs.writeFileSync(file, pdf);
  const r = spawnSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout
    .split('\n')
    .slice(2)
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => c.length > 5 && c[2] === 'image')
    .map((c) => ({ page: Number(c[0]), width: Number(c[3]), height: Number(c[4]) }));
}

/** A "real" screenshot: Chromium's capture of a simple page whose title bar shows the software's name and version. */
async function realScreenshot(name: string, version: string, module: string): Promise<string> {
  const { context, page } = await newPage(browser, base);
  await page.setViewportSize({ width: 1366, height: 768 });
  const rows = ['张*华', '李*明', '王*芳', '赵*强']
    .map((n, i) => `<tr><td>${n}</td><td>自然人</td><td>2025-0${i + 1}-1${i}</td><td>已登记</td></tr>`)
    .join('');
  await page.setContent(
    `<html><body style="margin:0;font-family:'Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif;background:#f5f7fb">
      <div style="background:#1d4ed8;color:#fff;padding:18px 28px;font-size:30px;font-weight:700">${name} ${version}</div>
      <div style="display:flex"><div style="width:220px;background:#fff;height:690px;padding:20px;font-size:20px;line-height:2.4">${module}<br>新增著作权人<br>编辑著作权人</div>
      <div style="flex:1;padding:28px"><div style="font-size:24px;margin-bottom:18px">${module}</div>
      <table style="width:100%;background:#fff;border-collapse:collapse;font-size:20px" border="1" cellpadding="12">
      <tr><th>名称</th><th>类型</th><th>登记日期</th><th>状态</th></tr>${rows}</table></div></div></body></html>`,
  );
  const file = path.join(work, 'real-screenshot.png');
  await page.screenshot({ path: file });
  await context.close();
  return file;
}

describe('高保真界面预览 (/preview-software)', () => {
  it(
    'a visitor previews a prototype case, switches the theme, edits a screen and downloads the screens',
    async () => {
      const { context, page } = await newPage(browser, base);
      await page.goto('/preview-software');
      await expectTitle(page, '高保真界面预览');
      await page.getByTestId('tab-case').click();
      const pick = page.getByTestId('pv-case').filter({ hasText: '智慧仓储管理系统' });
      await pick.getByRole('button', { name: '预览此案例' }).click();
      await page.getByTestId('pv-head').waitFor({ timeout: 60_000 });
      await expect.poll(() => page.getByTestId('pv-head').innerText()).toContain('智慧仓储管理系统');
      // Login, main screen and one screen per module of the case (7).
      await expect.poll(() => page.getByTestId('pv-thumb').count()).toBe(9);
      await expect.poll(() => page.getByTestId('pv-caption').innerText()).toMatch(/^图1 用户登录/);
      const classic = await stageSrc(page);
      expect(classic).toMatch(/^data:image\/png;base64,/);

      // Another theme: every screen is drawn again.
      await page.getByTestId('theme-night').click();
      await stageChanged(page, classic);
      const night = await stageSrc(page);
      expect(night).toMatch(/^data:image\/png;base64,/);

      // Rename the fourth screen (a module's list) in the side panel: it is drawn again under its new title.
      await page.getByTestId('pv-thumb').nth(3).click();
      await expect.poll(() => page.getByTestId('pv-caption').innerText()).toMatch(/^图4 入库管理/);
      const before = await stageSrc(page);
      await page.getByTestId('edit-title').fill('入库单管理');
      await expect.poll(() => page.getByTestId('pv-caption').innerText()).toMatch(/^图4 入库单管理/);
      await stageChanged(page, before);
      await expect.poll(() => page.getByTestId('pv-thumb').nth(3).innerText()).toContain('已修改');

      // A sample cell of its table: drawn again with the new text.
      const renamed = await stageSrc(page);
      await page.getByTestId('edit-row').first().locator('input').first().fill('RK-样例单号');
      await stageChanged(page, renamed);

      // A statistics module's chart (统计报表, the ninth screen): a negative value is refused with a message and not
      // drawn; a new value is drawn.
      await page.getByTestId('pv-thumb').nth(8).click();
      await expect.poll(() => page.getByTestId('pv-caption').innerText()).toMatch(/^图9 统计报表/);
      const chartBefore = await stageSrc(page);
      const firstValue = page.getByLabel('第 1 个数据点数值');
      await firstValue.fill('-5');
      await page.getByTestId('edit-chart').getByText('图表第 1 个数据点的数值不能小于 0').waitFor();
      await firstValue.fill('999');
      await stageChanged(page, chartBefore);
      await expect.poll(() => page.getByTestId('edit-chart').getByRole('alert').count()).toBe(0);
      await page.getByTestId('pv-thumb').nth(3).click();

      const one = await downloadFrom(page, 'pv-download-one');
      expect(one.name).toBe('图04_入库单管理.png');
      expect(pngSize(one.data)).toEqual({ width: 1920, height: 1200 });

      const zip = await downloadFrom(page, 'pv-download-zip');
      expect(zip.name).toBe('智慧仓储管理系统_V1.0_界面原型.zip');
      const entries = readZip(zip.data);
      const names = Object.keys(entries).sort();
      expect(names).toHaveLength(9);
      expect(names[0]).toBe('智慧仓储管理系统_V1.0_界面原型/图01_用户登录.png');
      expect(names).toContain('智慧仓储管理系统_V1.0_界面原型/图04_入库单管理.png');
      for (const n of names) expect(pngSize(entries[n]).width).toBe(1920);
      // The zip holds what the page shows: the night-theme login screen.
      expect(Buffer.from(entries[names[0]]).toString('base64')).toBe(night!.replace(/^data:image\/png;base64,/, ''));
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    'a signed-in user saves a theme and the sample data of a screen to a project, replaces a module prototype with a real screenshot, generates and finds the figures in the manual',
    async () => {
      const name = '著作权人登记管理系统';
      const modules = ['著作权人列表', '新增著作权人', '编辑著作权人'];
      const user = await registerAndLogin(base, '界面预览用户');
      const id = await buildCompleteProject(base, user, {
        name,
        modules,
        codeDirs: ['apps/web/src/pages/owner', 'apps/web/src/components/owner'],
        description: '登记与维护软件著作权人的名称、类型和证件信息，供申请材料引用。',
        softwareForm: 'web-admin',
      });
      const { context, page } = await newPage(browser, base);
      await signInPage(page, user);

      // Open the project in /preview-software (我的项目 is the first tab when signed in).
      await page.goto('/preview-software');
      await page.getByTestId('pv-project-select').click();
      await settled(page);
      await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
      await page.getByTestId('pv-project-open').click();
      await page.getByTestId('pv-head').waitFor({ timeout: 60_000 });
      // The code sent (the owner pages) has no sign-in page: no login screen, the main screen and one per module.
      const first = await api<{ screens: { key: string }[] }>(base, user, `/api/getPreview?id=${id}`);
      expect(first.data.screens.map((x) => x.key)).toEqual(['main', 'module', 'module', 'module']);
      await expect.poll(() => page.getByTestId('pv-thumb').count()).toBe(modules.length + 1);
      await page.locator('img.pv-stage-img').waitFor({ timeout: 30_000 });
      const stored = await stageSrc(page);
      expect(stored).toMatch(/^blob:/);

      // Change the theme: drawn at once, saved on 保存到项目.
      await page.getByTestId('theme-business').click();
      await stageChanged(page, stored);
      await page.getByTestId('pv-dirty').waitFor();
      await page.getByTestId('pv-save').click();
      await page.getByTestId('pv-dirty').waitFor({ state: 'detached', timeout: 60_000 });
      await expect.poll(() => stageSrc(page), { timeout: 30_000 }).toMatch(/^blob:/);
      const saved = await api<{ theme: string; screens: { source: string }[] }>(base, user, `/api/getPreview?id=${id}`);
      expect(saved.data.theme).toBe('business');

      // The first module's sample data: a table cell, drawn and saved with the project.
      await page.getByTestId('pv-thumb').nth(1).click();
      await expect.poll(() => page.getByTestId('pv-caption').innerText()).toMatch(new RegExp(`^图2 ${modules[0]}`));
      const moduleStored = await stageSrc(page);
      await page.getByLabel(/^第 1 行 /).first().fill('DJ-2025-001');
      await stageChanged(page, moduleStored);
      await page.getByTestId('pv-save').click();
      await page.getByTestId('pv-dirty').waitFor({ state: 'detached', timeout: 60_000 });
      type Spec = { rows: string[][] };
      const edited = await api<{ screens: { key: string; spec: Spec }[] }>(base, user, `/api/getPreview?id=${id}`);
      expect(edited.data.screens.find((s) => s.key === 'module')?.spec.rows[0][0]).toBe('DJ-2025-001');

      // The wizard's module step: upload a real screenshot for the first module; it replaces the prototype.
      const shotFile = await realScreenshot(name, 'V1.0', modules[0]);
      await page.goto(`/auto-generate?id=${id}`);
      await page.getByTestId('wizard-steps').getByText('功能模块', { exact: true }).click();
      await page.getByTestId('screenshots-panel').waitFor();
      await expect.poll(() => page.getByTestId('shot-slot').count(), { timeout: 60_000 }).toBe(modules.length + 1);
      const slot = page.locator('[data-testid="shot-slot"][data-screen-key="module"]').first();
      await expect.poll(() => slot.innerText()).toContain(`图2 ${modules[0]}`);
      await slot.locator('input[type=file]').setInputFiles(shotFile);
      await page.locator('[data-testid="shot-slot"][data-source="upload"]').waitFor({ timeout: 90_000 });
      const uploaded = page.locator('[data-testid="shot-slot"][data-source="upload"]');
      await expect.poll(() => uploaded.innerText()).toContain('真实截图');
      // The server's checks are shown: name and version read back from the picture, a complete frame.
      await expect.poll(() => uploaded.getByTestId('shot-checks').innerText()).toContain('界面显示的软件名称和版本号与申请表一致');
      await expect.poll(() => uploaded.getByTestId('shot-checks').innerText()).toContain('完整界面（1366×768）');
      expect(await page.getByTestId('shots-uploaded').innerText()).toBe('1');

      // The first module's 注意事项, saved with 下一步 and printed after its steps.
      const note = '证件号码保存后只显示前后几位，完整号码仅用于生成申请表。';
      await page.locator('#modules_0_notes').fill(note);
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('check-list').waitFor();

      // Generate and download; the manual PDF carries one figure per screen: main, one per module.
      await page.getByTestId('wizard-steps').getByText('生成材料', { exact: true }).click();
      await page.getByTestId('generate-btn').click();
      await waitForGeneration(page);
      const zip = readZip((await downloadFrom(page, 'download-materials')).data);
      const manualName = Object.keys(zip).find((n) => n.endsWith('.pdf') && n.includes('操作手册'));
      expect(manualName, `压缩包中应有操作手册 PDF：${Object.keys(zip).join(', ')}`).toBeDefined();
      const images = pdfImages(zip[manualName!]);
      expect(images, JSON.stringify(images)).toHaveLength(modules.length + 1);
      // Exactly one figure is the uploaded 1366×768 screenshot (16:9); the prototypes are 16:10.
      const ratio = (i: { width: number; height: number }) => i.width / i.height;
      expect(images.filter((i) => Math.abs(ratio(i) - 1366 / 768) < 0.02)).toHaveLength(1);
      expect(images.filter((i) => Math.abs(ratio(i) - 1.6) < 0.02)).toHaveLength(modules.length);
      const text = pdfText(zip[manualName!]);
      // In the first module's section (n.1), before the second module's heading (n.2).
      expect(text).toMatch(new RegExp(`\\d\\.1${modules[0]}((?!\\d\\.2${modules[1]}).)*注意事项：1\\.${note}`));
      await context.close();
    },
    JOURNEY_MS,
  );
});
