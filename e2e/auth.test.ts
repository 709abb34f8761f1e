import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectTitle, launchBrowser, newPage, settled } from './browser';
import { latestCode, uniqueMobile } from './api';
import { solveSliderInPage } from './captcha';

const base = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const nav = (page: Page) => page.locator('header.navbar');
const modal = (page: Page) => page.locator('.auth-modal');
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).waitFor();

async function expectSignedOutNav(page: Page) {
  await nav(page).getByRole('button', { name: '登录/注册' }).waitFor();
  expect(await nav(page).getByRole('button', { name: '创建项目' }).count()).toBe(0);
}

async function expectSignedInNav(page: Page, name: string) {
  await nav(page).getByRole('button', { name: '创建项目' }).waitFor();
  await expect(nav(page).getByTestId('nav-points').innerText()).resolves.toMatch(/积分\s*0\s*\/\s*0/);
  await expect(nav(page).getByTestId('nav-user').innerText()).resolves.toContain(name);
  expect(await nav(page).getByRole('button', { name: '登录/注册' }).count()).toBe(0);
}

describe('account journey in Chromium', () => {
  it('registers by mobile, logs out, logs in by password, then by code', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser, base);
    const mobile = uniqueMobile();
    const name = '张测试';
    const password = 'Mazhu-2026';

    await page.goto('/');
    await expectSignedOutNav(page);
    await nav(page).getByRole('button', { name: '登录/注册' }).click();
    await modal(page).getByText('登录码著').waitFor();

    // Validation messages of spec §5.
    await modal(page).getByRole('button', { name: '登录', exact: true }).click();
    await modal(page).getByText('请输入手机号', { exact: true }).waitFor();
    await modal(page).getByText('请输入密码', { exact: true }).waitFor();
    const account = modal(page).getByPlaceholder('请输入手机号或邮箱');
    await account.fill('12345');
    await account.blur();
    await modal(page).getByText('请输入合法的手机号').waitFor();

    // Register view: send code through the real slider captcha, then register.
    await modal(page).getByText('立即注册').click();
    await modal(page).getByText('注册码著账号').waitFor();
    await modal(page).getByPlaceholder('请输入手机号或邮箱').fill(mobile);
    await solveSliderInPage(page, () => modal(page).getByTestId('send-code').click());
    await modal(page).getByTestId('send-code').getByText(/已发送 \d+ s/).waitFor();
    expect(await modal(page).getByTestId('send-code').isDisabled()).toBe(true);
    const registerCode = await latestCode(base, mobile);
    const registerCodeSentAt = Date.now();
    await modal(page).getByPlaceholder('请输入验证码').fill(registerCode);
    await modal(page).getByPlaceholder('请输入姓名').fill(name);
    await modal(page).getByPlaceholder('请输入密码（至少 6 位）').fill(password);
    await modal(page).getByPlaceholder('请输入确认密码').fill(password);
    await modal(page).getByRole('button', { name: '注册', exact: true }).click();
    await toast(page, '注册成功');
    await modal(page).getByText('登录码著').waitFor();

    // Log in by password; Enter submits.
    await expect(modal(page).getByPlaceholder('请输入手机号或邮箱').inputValue()).resolves.toBe(mobile);
    await modal(page).getByPlaceholder('请输入密码').fill(password);
    await modal(page).getByPlaceholder('请输入密码').press('Enter');
    await modal(page).waitFor({ state: 'hidden' });
    await expectSignedInNav(page, name);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      sessionId: localStorage.getItem('sessionId'),
      user: localStorage.getItem('user-info'),
    }));
    expect(JSON.parse(stored.token!).value).toMatch(/.{16,}/);
    expect(JSON.parse(stored.sessionId!).value).toBeTruthy();
    expect(JSON.parse(stored.user!).value).toMatchObject({ mobile, name });

    // A reload keeps the session (user info refreshed by id on start).
    await page.goto('/profile');
    await expectTitle(page, '个人设置');
    await expectSignedInNav(page, name);

    // Log out with the confirm dialog.
    // The user menu opens on hover: the pointer's way from the avatar to the item can close it again (a user then
    // points again), so the item is clicked until its dialog opens.
    const confirm = page.locator('.ant-modal-confirm');
    for (let i = 0; i < 4 && !(await confirm.isVisible()); i++) {
      await nav(page).getByTestId('nav-user').hover();
      await settled(page);
      await page.getByRole('menuitem', { name: '退出登录' }).click({ timeout: 10_000 }).catch(() => undefined);
      await confirm.waitFor({ state: 'visible', timeout: 3_000 }).catch(() => undefined);
    }
    await expect(confirm.locator('.ant-modal-confirm-title').innerText()).resolves.toBe('确认退出');
    await confirm.getByText('您确定要退出当前账号吗？').waitFor();
    await confirm.getByRole('button', { name: '取消', exact: true }).waitFor();
    await confirm.getByRole('button', { name: '退出', exact: true }).click();
    await toast(page, '退出成功');
    await page.waitForURL((u) => u.pathname === '/');
    await expectSignedOutNav(page);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user-info')])).toEqual([null, null]);

    // Log in by code. The server allows one code per account per 60 s (CODE_RULES.resendSeconds).
    await page.waitForTimeout(Math.max(0, registerCodeSentAt + 61_000 - Date.now()));
    await nav(page).getByRole('button', { name: '登录/注册' }).click();
    await modal(page).getByText('登录码著').waitFor();
    await settled(page);
    await modal(page).getByTestId('toggle-login-mode').getByText('验证码登录').click();
    await modal(page).getByTestId('toggle-login-mode').getByText('密码登录').waitFor();
    await modal(page).getByPlaceholder('请输入手机号或邮箱').fill(mobile);
    await solveSliderInPage(page, () => modal(page).getByTestId('send-code').click());
    await modal(page).getByTestId('send-code').getByText(/已发送 \d+ s/).waitFor();
    const loginCode = await latestCode(base, mobile);
    expect(loginCode).not.toBe(registerCode);
    await modal(page).getByPlaceholder('请输入验证码').fill(loginCode);
    await modal(page).getByRole('button', { name: '登录', exact: true }).click();
    await modal(page).waitFor({ state: 'hidden' });
    await expectSignedInNav(page, name);

    await context.close();
  });
});
