import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectTitle, launchBrowser, newPage } from './browser';
import { registerAndLogin, signInPage } from './api';
import { packNpm, tempDir } from './projects-fixtures';
import { isAiServed, typeDate, uploadCode, waitForAi } from './projects-ui';

/**
 * What /auto-generate tells a user and keeps for them: the first step says the source-code document needs their own
 * code; an over-long name and a future date get a message (never a silent cut); what the AI wrote survives leaving
 * the page before 下一步; and a module count that 主要功能 still states after the modules changed is flagged.
 */
const base = inject('baseUrl');
const SHOTS = process.env.E2E_SHOTS ?? tempDir('wizard-shots');
let browser: Browser;
const work = tempDir('wizard-honesty');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('智能生成 tells the truth and keeps what the AI wrote', () => {
  it('explains the code requirement, refuses silent cuts and future dates, keeps AI drafts and flags stale counts', async () => {
    const session = await registerAndLogin(base, '向导用户');
    const { context, page } = await newPage(browser, base);
    await signInPage(page, session);
    await page.goto('/auto-generate');
    await expectTitle(page, '智能生成');

    // Step 1 says the source-code document needs the user's own code, and the upload is right there.
    await expect(page.getByTestId('own-code-notice').innerText()).resolves.toMatch(/源程序文档须由您自己的源代码生成/);
    expect(await page.locator('.code-dragger').count()).toBe(1);

    // A 302-character name stays as typed and gets a message; a future completion date gets a message.
    const long = '很长的名称'.repeat(60) + '管理系统';
    await page.locator('#name').fill(long);
    expect((await page.locator('#name').inputValue()).length).toBe(long.length);
    await typeDate(page, '#completionDate', '2099-01-01');
    await page.getByTestId('wizard-next').click();
    await expect(page.locator('.ant-form-item-explain-error').allInnerTexts()).resolves.toEqual(
      expect.arrayContaining([expect.stringMatching(/软件全称不能超过 \d+ 个字符/), '开发完成日期须早于今天（申请日），现为 2099-01-01']),
    );
    await page.screenshot({ path: path.join(SHOTS, 'step1-messages.png'), fullPage: true });

    await page.locator('#name').fill('时间间隔换算工具软件');
    await page.locator('#version').fill('V1.0');
    await page.locator('#description').fill('把时间文字换算成毫秒，或把毫秒数换算成便于阅读的文字，供命令行与服务端程序调用。');
    await page.locator('#completionDate').clear();
    await typeDate(page, '#completionDate', '2024-03-01');
    await uploadCode(page, packNpm('ms@2.1.3', work));
    await page.getByTestId('wizard-next').click();
    await page.waitForURL(/\/auto-generate\?id=\d+/);
    const url = page.url();

    if (!(await isAiServed(base))) return;
    await waitForAi(page);
    const written = await page.locator('#mainFunctions').inputValue();
    expect(written.length).toBeGreaterThan(0);

    // Leave before 下一步 and come back: the AI's texts are still there.
    await page.goto('/settings/projectList?type=all');
    await page.goto(url);
    await page.locator('.ant-steps-item').filter({ hasText: 'AI 信息' }).click();
    await expect(page.locator('#mainFunctions').inputValue()).resolves.toBe(written);

    // 主要功能 states a module count; after the modules change it is flagged.
    let text = `本软件共两个功能模块。${written}`;
    while (text.length < 520) text += '调用方按照说明传入参数即可得到结果，参数有误时软件给出明确的提示。';
    await page.locator('#mainFunctions').fill(text);
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('module-card').first().waitFor();
    const before = await page.getByTestId('module-card').count();
    expect(before).not.toBe(2);
    await expect(page.getByTestId('stale-modules').innerText()).resolves.toMatch(new RegExp(`写的是“两个功能模块”，现在有 ${before} 个功能模块`));
    await page.screenshot({ path: path.join(SHOTS, 'step3-stale.png'), fullPage: true });
    await context.close();
  }, 240_000);
});
