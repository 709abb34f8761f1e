import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerAndLogin, signInPage, type Session } from './api';
import { expectTitle, launchBrowser, newPage } from './browser';
import { hasPdftotext, pdfPages, readSourcePage, readZip, tempDir, zipFolder } from './projects-fixtures';
import { downloadFrom } from './projects-ui';

/**
 * The batch order through the real UI in Chromium: download the template, fill three rows by program (one with an
 * error), import it, fix the error in the browser, attach each row's code, order, wait, download the batch zip and
 * read each software's source-code PDF header back. Screenshots go to $SCREENSHOTS_DIR when it is set.
 */
const base = inject('baseUrl');
const dataDir = inject('dataDir');
const repo = path.resolve(import.meta.dirname, '..');
const work = tempDir('batch');
const shots = process.env.SCREENSHOTS_DIR;
const COMPANY = { name: '码著批量测试科技有限公司', category: '企业法人', nationality: '中国', province: '福建省', city: '福州市', idType: '统一社会信用代码', idNumber: '91350100M000100Y43' };

/** Three real code bases of this repository, one per software. */
const SOFTWARE = [
  { name: '批量导入契约校验系统', dir: 'packages/contracts/src', date: '2025-03-01' },
  { name: '内容公告管理平台', dir: 'apps/server/src/modules/content', date: '2025-13-01' }, // deliberate error: month 13
  { name: '滑块验证码服务软件', dir: 'apps/server/src/modules/captcha', date: '2025-05-20' },
];
const FIXED_DATE = '2025-04-18';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
};

async function api<T>(s: Session, url: string, body: unknown): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(base + url, { method: 'POST', headers: { token: s.token, sessionid: s.sessionId, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; msg: string; data: T };
}

/** Fixture: recharge points written to the server's database (the recharge flow is its own journey). */
function giveRechargePoints(userId: number, points: number) {
  const db = new Database(path.join(dataDir, 'mazhu.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE users SET recharge_points = ? WHERE id = ?').run(points, userId);
  } finally {
    db.close();
  }
}

describe('批量下单 (/quickBatchOrder → /batch-order-Details)', () => {
  it('imports a filled template, fixes the error in the browser, orders, and downloads one zip with every source-code PDF', { timeout: 300_000 }, async () => {
    const session = await registerAndLogin(base, '批量下单用户');
    const owner = await api(session, '/api/addIntellectual', COMPANY);
    expect(owner.code, owner.msg).toBe(200);
    giveRechargePoints(session.userId, 500);
    const { page } = await newPage(browser, base);
    await signInPage(page, session);

    await page.goto('/quickBatchOrder');
    await expectTitle(page, '快速批量下单');
    await page.getByTestId('batch-editor').waitFor();
    await shot(page, 'quick-batch-order-empty');

    // The template, filled by program as an agency would (rows 3–5; row 4 has a date that does not exist).
    const tpl = await downloadFrom(page, 'batch-template');
    expect(tpl.name).toBe('批量下单模板.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(tpl.data) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('软件信息')!;
    const header = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? '').replace('*', ''));
    const col = (label: string) => header.indexOf(label);
    expect(col('软件全称')).toBe(1);
    SOFTWARE.forEach((s, i) => {
      const r = ws.getRow(3 + i);
      r.getCell(col('软件全称')).value = s.name;
      r.getCell(col('版本号')).value = 'V1.0';
      r.getCell(col('开发完成日期')).value = s.date;
      r.getCell(col('著作权人')).value = COMPANY.name;
      r.getCell(col('平台类型')).value = 'Web';
    });
    const filled = path.join(work, '批量软件信息.xlsx');
    fs.writeFileSync(filled, Buffer.from(await wb.xlsx.writeBuffer()));

    await page.locator('input[type="file"][accept=".xlsx"]').setInputFiles(filled);
    const errors = page.getByTestId('batch-errors');
    await errors.waitFor({ timeout: 60_000 });
    await expect(errors.innerText()).resolves.toContain('第 4 行「开发完成日期」：「2025-13-01」不是有效日期');
    await shot(page, 'quick-batch-order-imported');

    // Fix row 4 in the browser, attach each row's code, save and check again.
    const rows = page.locator('[data-testid="batch-table"] tbody tr.ant-table-row');
    await expect(rows.count()).resolves.toBe(3);
    await rows.nth(1).getByTestId('cell-completionDate').fill(FIXED_DATE);
    for (const [i, s] of SOFTWARE.entries()) {
      const zip = zipFolder(path.join(repo, s.dir), path.join(work, `code-${i}.zip`));
      await rows.nth(i).locator('input[type="file"]').setInputFiles(zip);
      await rows.nth(i).getByText(/\d+ 行/).waitFor({ timeout: 60_000 });
    }
    // With the code attached, the rule-based writer (not AI) drafts row 3's empty texts from it on request (主要功能
    // within 500–1300 characters).
    await rows.nth(0).getByRole('button', { name: '按规则起草空白项' }).click();
    const written = rows.nth(0).getByText(/^\d+ 字$/);
    await written.waitFor({ timeout: 60_000 });
    const n = Number((await written.innerText()).replace(/\D/g, ''));
    expect(n).toBeGreaterThanOrEqual(500);
    expect(n).toBeLessThanOrEqual(1300);
    await page.getByTestId('batch-save').click();
    await page.getByText(/^已保存/).waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('batch-errors').count()).resolves.toBe(0);
    // Once saved, the server's record of where each text came from shows in the row's fields: the drafted 主要功能
    // is a 规则草稿; the name is no writer text and carries no badge.
    await rows.nth(0).getByTestId('row-edit').click();
    const drawer = page.getByTestId('row-drawer');
    await expect(drawer.getByTestId('field-mainFunctions').getByTestId('origin-badge').innerText()).resolves.toBe('规则草稿');
    await expect(drawer.getByTestId('field-name').getByTestId('origin-badge').count()).resolves.toBe(0);
    await drawer.getByRole('button', { name: '完成' }).click();

    await page.getByTestId('batch-order').click();
    const quote = page.getByTestId('order-quote');
    await quote.waitFor({ timeout: 60_000 });
    await expect(quote.innerText()).resolves.toContain('3 个');
    for (const box of await page.getByTestId('order-ack').all()) await box.check();
    // Rows whose 主要功能 the writer cannot bring to 500 characters are 未通过: each is confirmed on its own line.
    for (const box of await page.getByTestId('quote-confirm-failed').all()) await box.check();
    await shot(page, 'quick-batch-order-confirm');
    await page.getByTestId('order-confirm').click();

    await page.waitForURL(/\/batch-order-Details\?id=\d+/, { timeout: 60_000 });
    await expectTitle(page, '批量订单详情');
    await page.getByTestId('batch-rows').waitFor();
    await shot(page, 'batch-order-details-running');
    await page.waitForFunction(() => document.querySelector('[data-testid="batch-status"]')?.textContent === '已完成', undefined, { timeout: 240_000 });
    const states = await page.locator('[data-testid="row-state"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(states).toEqual(['succeeded', 'succeeded', 'succeeded']);
    await shot(page, 'batch-order-details-done');

    const zip = await downloadFrom(page, 'batch-download');
    expect(zip.name).toMatch(/^批量订单\d+_软著材料\.zip$/);
    const entries = readZip(zip.data);
    for (const s of SOFTWARE) {
      const pdf = `${s.name}_V1.0/${s.name}_V1.0_源程序.pdf`;
      expect(Object.keys(entries), `批量压缩包中应有 ${pdf}`).toContain(pdf);
      if (!hasPdftotext()) continue;
      const pages = pdfPages(entries[pdf]!).map(readSourcePage);
      expect(pages.length).toBeGreaterThan(0);
      pages.forEach((p, i) => {
        expect(p.header, `${s.name} 第 ${i + 1} 页页眉`).toBe(`${s.name}V1.0`);
        expect(p.pageNumber).toBe(i + 1);
      });
    }

    await page.goto('/settings/batchProjectList?type=all');
    await expectTitle(page, '批量项目');
    await expect(page.getByTestId('batch-counts').first().innerText()).resolves.toContain('已完成 3');
    await shot(page, 'batch-project-list');
  });
});
