import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectTitle, launchBrowser, newPage } from './browser';
import { registerAndLogin, signInPage, type Session } from './api';
import { E2E_OPERATOR } from './global-setup';
import { waitForGeneration } from './projects-ui';
import { api as callApi, buildCompleteProject } from './project-api';

/**
 * The points economy through the real UI in Chromium: a new user spends the free time, is refused on the next
 * generation (the project stays as a draft), buys a package, uploads the transfer voucher; an operator approves it
 * in /admin; the user's nav shows the new balance, the kept project generates, and the points record shows each step.
 */
const base = inject('baseUrl');
const SHOTS = process.env.E2E_SHOTS_DIR;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => browser?.close());

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

const api = <T>(s: Session, url: string, body?: unknown) => callApi<T>(base, s, url, body);

const MODULES = ['滑块验证', '验证码校验', '图片生成'];

/** A complete project (real code of this repository, every form text) made through the API, as the wizard saves it. */
const buildProject = (s: Session, name: string) =>
  buildCompleteProject(base, s, { name, modules: MODULES, codeDirs: ['apps/server/src/modules/captcha'], description: '为网站提供滑块拼图与点选文字两种人机验证，防止批量注册与暴力登录。' });

async function waitState(s: Session, id: number, want: string) {
  for (let i = 0; i < 240; i++) {
    const st = await api<{ state: string; message: string }>(s, `/api/getProjectWordStatus?id=${id}`);
    if (st.data.state === want) return;
    if (st.data.state === 'failed') throw new Error(`生成失败：${st.data.message}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`项目 ${id} 没有到达 ${want}`);
}

const navPoints = (page: Page) => page.getByTestId('nav-points').innerText();

/** Fixture: the payee an operator sets in the back office (收款信息); orders are refused until it is set. */
function setPayee() {
  const db = new Database(path.join(inject('dataDir'), 'mazhu.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const value = JSON.stringify({ accountName: '码著科技有限公司', bankName: '招商银行北京分行', accountNumber: '6214 8301 2345 6789', qrImage: '', noteRule: '转账时请在备注中填写订单号', tips: '' });
    db.prepare('UPDATE settings SET value = ?, updated_at = ? WHERE key = ?').run(value, new Date().toISOString(), 'points.paymentInformation');
  } finally {
    db.close();
  }
}

describe('积分充值：免费次数用完 → 被拒 → 购买套餐 → 上传凭证 → 运营审核 → 到账后生成', () => {
  it(
    'a refused project is kept, recharged through a transfer voucher approved in /admin, then generates',
    async () => {
      const user = await registerAndLogin(base, '充值用户');
      // 1. The free time of a new account pays the first generation.
      const first = await buildProject(user, '人机验证服务平台');
      expect((await api(user, '/api/generateProjectWord', { id: first })).code).toBe(200);
      await waitState(user, first, 'succeeded');

      // 2. The second project is refused for the balance in the wizard, and is kept as a draft.
      const second = await buildProject(user, '人机验证管理系统');
      const { context, page } = await newPage(browser, base);
      await signInPage(page, user);
      await page.goto(`/auto-generate?id=${second}`);
      await page.getByText('生成材料', { exact: true }).first().click(); // the last step (reached: every step of a saved project)
      await page.getByTestId('generate-btn').click();
      const refused = page.getByTestId('insufficient');
      await refused.waitFor();
      expect(await refused.innerText()).toContain('余额不足');
      expect(await refused.innerText()).toContain('项目已保存为草稿');
      await shot(page, '1-refused');
      await refused.getByRole('button', { name: '去充值' }).click();
      await expectTitle(page, '积分充值');
      await page.getByTestId('draft-kept').waitFor();
      expect(page.url()).toContain(`project=${second}`);

      // 3. Buy the 500 + 50 package (the operator has set the payee) and upload the transfer voucher.
      setPayee();
      await page.reload();
      await page.getByText('标准套餐').click();
      await page.getByTestId('buy').click();
      await page.getByTestId('order-panel').waitFor();
      expect(await page.getByTestId('order-amount').innerText()).toBe('¥ 50.00');
      const orderNo = await page.getByTestId('order-no').innerText();
      expect(await page.getByTestId('payee').innerText()).toContain(orderNo);
      await shot(page, '2-order');
      const voucher = Buffer.from(
        '89504e470d0a1a0a0000000d4948445200000018000000100802000000834628c20000000970485973000003e8000003e801b57b526b0000002049444154388d63d0cfbf4715c4306a90fe6818e98fa6a3fcd12c924f7e3a00009a2d3a1f566348450000000049454e44ae426082',
        'hex',
      ); // a 24×16 PNG
      await page.getByTestId('order-panel').locator('input[type=file]').setInputFiles({ name: '转账截图.png', mimeType: 'image/png', buffer: voucher });
      await page.getByTestId('order-state').filter({ hasText: '待审核' }).waitFor();
      await shot(page, '3-voucher');
      expect(await navPoints(page)).toContain('0/0');

      // 4. An operator approves it in the back office.
      const op = await newPage(browser, base);
      await op.page.goto('/admin/login');
      await op.page.getByLabel('运营账号').fill(E2E_OPERATOR.username);
      await op.page.getByLabel('密码').fill(E2E_OPERATOR.password);
      await op.page.getByRole('button', { name: /登\s*录/ }).click();
      await op.page.getByRole('menuitem', { name: /充值审核/ }).click();
      const row = op.page.locator('tr', { hasText: orderNo });
      await row.waitFor();
      await row.getByTestId('view-voucher').click();
      await op.page.getByTestId('voucher-image').waitFor();
      await shot(op.page, '4-admin-voucher');
      await op.page.keyboard.press('Escape');
      await row.getByTestId('approve').click();
      await op.page.getByRole('button', { name: '通过' }).last().click();
      await op.page.getByText('没有待审核的订单').waitFor();
      await shot(op.page, '5-admin-approved');
      await op.context.close();

      // 5. The user's nav shows the new balance without reloading (polled while an order is under review).
      await page.waitForFunction(() => document.querySelector('[data-testid="nav-points"]')?.textContent?.includes('500/50'), undefined, { timeout: 30_000 });
      await page.getByTestId('order-state').filter({ hasText: '已到账' }).waitFor({ timeout: 30_000 });
      await shot(page, '6-credited');

      // 6. Back to the kept project: everything entered is there, and it generates now.
      await page.getByTestId('draft-kept').getByRole('button', { name: '返回项目' }).click();
      await page.getByText('生成材料', { exact: true }).first().click();
      await page.getByTestId('generate-btn').click();
      await waitForGeneration(page);
      await page.waitForFunction(() => document.querySelector('[data-testid="nav-points"]')?.textContent?.includes('450/0'), undefined, { timeout: 15_000 });

      // 7. The points record shows every step.
      await page.goto('/settings/pointsRecord');
      await expectTitle(page, '积分记录');
      await page.locator('.ant-table-row').nth(4).waitFor();
      const rows = await page.locator('.ant-table-row').allInnerTexts();
      const cells = rows.map((r) => r.split('\t').map((c) => c.trim()));
      expect(cells.map((c) => [c[1], c[2]])).toEqual([
        ['充值积分', '-50'],
        ['赠送积分', '-50'],
        ['充值积分', '+500'],
        ['赠送积分', '+50'],
        ['免费次数', '-1'],
        ['免费次数', '+1'],
      ]);
      expect(cells[2]![5]).toBe(orderNo);
      expect(cells[0]![5]).toContain('人机验证管理系统');
      expect(await page.locator('.settings-menu .ant-menu-item-selected').innerText()).toBe('积分记录');
      await shot(page, '7-record');
      await page.goto('/settings/points');
      await page.locator('tr', { hasText: orderNo }).getByText('已到账').waitFor();
      await shot(page, '8-orders');
      await context.close();
    },
    240_000,
  );
});
