import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { operatorSignIn, registerAndLogin, signInPage, type Session } from './api';
import { E2E_OPERATOR } from './global-setup';

const base = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  // The other journeys share this server: put the cost of a generation back to its default.
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(new URL(path, base), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ code: number; data: { token: string; sessionId: string } }>);
  const op = await post('/api/adminLogin', E2E_OPERATOR);
  await post('/api/admin/settings', { key: 'integral.generateProject', value: 100 }, { token: op.data.token, sessionid: op.data.sessionId });
});

describe('back office', () => {
  let user: Session;
  beforeAll(async () => {
    user = await registerAndLogin(base, '后台测试用户');
  });

  it('the public site loads no back-office code', async () => {
    const { context, page } = await newPage(browser, base);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.goto('/ask', { waitUntil: 'networkidle' });
    expect(scripts.length).toBeGreaterThan(2);
    // No script of the public pages carries the back office's screens, its editor or its charts.
    const leaked: string[] = [];
    for (const src of new Set(scripts)) {
      const text = await (await fetch(new URL(src, base))).text();
      if (/码著运营后台|添加运营账号|ProseMirror|recharts/.test(text)) leaked.push(src);
    }
    expect(leaked).toEqual([]);
    await context.close();
  });

  it('an operator edits a FAQ answer, raises the cost of a generation and disables a user; the site and the user see each change', async () => {
    const { context, page } = await newPage(browser, base);
    await operatorSignIn(page);

    // 1. FAQ answer, in the rich-text editor.
    await page.goto('/admin/content?tab=faq');
    const firstRow = page.locator('.ant-table-row').first();
    const question = (await firstRow.locator('td').nth(1).innerText()).trim();
    await firstRow.getByRole('button', { name: '编辑' }).click();
    const editor = page.locator('.ant-modal .tiptap');
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('后台修改后的回答：材料生成后可在“我的项目”中下载。');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('问答已保存').waitFor();

    // 2. The cost of a generation (智能生成), from 100 to 175 积分.
    await page.goto('/admin/settings');
    const cost = page.getByTestId('setting-integral.generateProject');
    await cost.getByRole('spinbutton').fill('175');
    await cost.getByRole('button', { name: '保存' }).click();
    await page.getByText('设置已保存').waitFor();

    // 3. Disable the user, with a reason.
    await page.goto('/admin/users');
    await page.getByPlaceholder('手机号、邮箱或姓名').fill(user.account);
    await page.getByRole('button', { name: '搜索' }).click();
    await page.locator('.ant-table-row', { hasText: user.account }).getByRole('button', { name: '详情' }).click();
    await page.getByRole('button', { name: '停用账号' }).click();
    await page.getByLabel('原因（写入审计记录）').fill('端到端测试停用');
    await page.getByRole('button', { name: '确 定' }).or(page.getByRole('button', { name: '确定' })).click();
    await page.getByText(/账号已停用，已结束 \d+ 个登录/).waitFor();

    // The audit trail lists the three writes.
    await page.goto('/admin/audit');
    for (const action of ['content.faq.update', 'settings.update', 'user.disable']) await page.getByText(`（${action}）`).first().waitFor();
    await context.close();

    // The public site shows the new answer and the new price at once.
    const visitor = await newPage(browser, base);
    await visitor.page.goto('/ask');
    await visitor.page.getByText(question).first().click();
    await visitor.page.getByText('后台修改后的回答：材料生成后可在“我的项目”中下载。').waitFor();
    await visitor.page.goto('/pointsRecharge');
    await visitor.page.locator('tr, li, div', { hasText: '智能生成软著材料（单个项目）' }).filter({ hasText: '175' }).first().waitFor();
    await visitor.context.close();

    // The disabled user's next request ends the session with a clear message.
    const u = await newPage(browser, base);
    await signInPage(u.page, user);
    await u.page.goto('/settings/pointsRecord');
    await u.page.getByText('该账号已被停用，请联系客服').waitFor();
    await u.page.waitForURL((url) => url.pathname === '/');
    expect(await u.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await u.context.close();
  });
});
