import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { choose, settled } from './browser';
import { tempDir } from './projects-fixtures';

/** Steps of the project wizards as a user takes them (antd form ids are the field names). */

export async function isAiServed(base: string): Promise<boolean> {
  const res = await fetch(new URL('/api/getAIGeneratedInformation', base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const body = (await res.json()) as { code: number; msg: string };
  return !(body.code === 404 && body.msg.includes('接口不存在'));
}

/** Picks a date in an antd DatePicker by typing it. */
export async function typeDate(page: Page, selector: string, date: string): Promise<void> {
  await page.locator(selector).click();
  await page.keyboard.type(date);
  await page.keyboard.press('Enter');
}

/** Uploads an archive through the drop zone and waits for the analysis. */
export async function uploadCode(page: Page, file: string): Promise<void> {
  await page.locator('.code-dragger input[type=file]').setInputFiles(file);
  await page.getByTestId('code-analysis').waitFor({ timeout: 90_000 });
}

/** Reads the number in a stat of the analysis (e.g. "60 页" → 60). */
export async function statNumber(page: Page, testId: string): Promise<number> {
  const text = await page.getByTestId(testId).innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

/** Waits for the AI to finish writing (its panel appears, then goes). */
export async function waitForAi(page: Page): Promise<void> {
  await page.getByTestId('ai-writing').waitFor({ timeout: 10_000 }).catch(() => undefined);
  await page.getByTestId('ai-writing').waitFor({ state: 'detached', timeout: 120_000 });
}

/**
 * What a user does when the AI is not available: writes the application-form texts and the modules by hand.
 * `modules` are named in 主要功能 so the coverage check passes.
 */
export async function writeByHand(page: Page, modules: string[]): Promise<void> {
  const fill = (id: string, v: string) => page.locator(`#${id}`).fill(v);
  await fill('purpose', '帮助开发者解析命令行参数并生成帮助信息');
  await fill('domain', '软件开发工具');
  const intro = `本软件包括${modules.join('、')}等功能模块。`;
  const body = modules.map((m, i) => `（${i + 1}）${m}：用户在命令行中输入参数后，软件按照预先定义的规则完成${m}相关的处理，并把结果以清晰的文字反馈给用户，出现错误时给出明确的提示。`).join('');
  let text = intro + body;
  while (text.length < 620) text += '软件的各项功能相互衔接，使用者按照说明即可完成日常操作，无需额外配置。';
  await fill('mainFunctions', text.slice(0, 1200));
  await fill('techFeatures', '纯脚本实现，无第三方依赖，按模块组织');
  await fill('devHardware', 'CPU 2.0GHz，内存 8GB，硬盘 256GB');
  await fill('runHardware', 'CPU 1.0GHz，内存 2GB');
  await fill('devOs', 'Windows 11');
  await fill('devTools', 'Visual Studio Code');
  await fill('runPlatform', 'Windows / Linux / macOS');
  await fill('runSupport', 'Node.js 18 及以上');
}

export async function addModulesByHand(page: Page, modules: string[]): Promise<void> {
  for (let i = 0; i < modules.length; i++) {
    await page.getByRole('button', { name: /添加功能模块/ }).click();
    await page.locator(`#modules_${i}_name`).fill(modules[i]);
    await page.locator(`#modules_${i}_description`).fill(`${modules[i]}的说明：用户通过命令行使用该功能。`);
    await page.locator(`#modules_${i}_operations`).fill('输入命令\n查看结果');
  }
}

/** Clicks the download button and returns the saved file's suggested name and bytes. */
export async function downloadFrom(page: Page, testId: string): Promise<{ name: string; data: Uint8Array }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId(testId).first().click()]);
  const file = path.join(tempDir('dl'), 'materials.zip');
  await download.saveAs(file);
  return { name: download.suggestedFilename(), data: new Uint8Array(fs.readFileSync(file)) };
}

/** The stored user info (what the navigation bar shows). */
export async function storedUser(page: Page): Promise<{ freeTimes?: number; rechargePoints?: number; giftedPoints?: number }> {
  const raw = await page.evaluate(() => localStorage.getItem('user-info'));
  return raw ? ((JSON.parse(raw) as { value: object }).value as { freeTimes?: number }) : {};
}

/** The counter of 主要功能 is green inside 500–1300 and red outside. */
export async function expectCounter(page: Page, inRange: boolean): Promise<void> {
  const cls = (await page.getByTestId('main-functions-counter').getAttribute('class')) ?? '';
  expect(cls.includes('char-counter-bad')).toBe(!inRange);
}

/** Waits until the generation finishes; a failed one fails the test with the page's message. */
export async function waitForGeneration(page: Page, timeout = 240_000): Promise<void> {
  await page.locator('[data-testid="generate-done"], [data-testid="generate-failed"]').first().waitFor({ timeout });
  if (await page.getByTestId('generate-failed').count()) {
    throw new Error(`材料生成失败：${await page.getByTestId('generate-failed').innerText()}`);
  }
}

/** The open 添加著作权人 modal. */
export const ownerDialog = (page: Page) => page.getByRole('dialog', { name: '添加著作权人' });

/** Fills the owner modal (ids carry the form name: owner_name …); `category` first, as it resets 证件类型. */
export async function fillOwner(page: Page, o: { name: string; province: string; city: string; idNumber: string }, category?: string): Promise<Locator> {
  const dialog = ownerDialog(page);
  await dialog.waitFor();
  await settled(page);
  if (category) await choose(page, dialog.locator('#owner_category'), category);
  await dialog.locator('#owner_name').fill(o.name);
  await dialog.locator('#owner_province').fill(o.province);
  await dialog.locator('#owner_city').fill(o.city);
  await dialog.locator('#owner_idNumber').fill(o.idNumber);
  return dialog;
}

/** Saves the owner modal and waits for it to close. */
export async function saveOwner(page: Page): Promise<void> {
  const dialog = ownerDialog(page);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Adds the applicant as the copyright owner from the wizard's 著作权人 field (a person, as a new user would). */
export async function addOwnerInline(page: Page, o = { name: '王五', province: '浙江省', city: '杭州市', idNumber: '330106198506120023' }): Promise<void> {
  await page.getByTestId('owner-add-inline').click();
  await fillOwner(page, o, '自然人');
  await saveOwner(page);
  await expect.poll(() => page.getByTestId('field-owners').innerText()).toContain(o.name);
}

