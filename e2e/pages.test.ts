import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectTitle, launchBrowser, newPage } from './browser';
import { registerAndLogin, signInPage, type Session } from './api';

const base = inject('baseUrl');

/** Public routes of spec §2 with their page titles. */
const PUBLIC_ROUTES: [string, string][] = [
  ['/', '首页'],
  ['/login', '登录'],
  ['/success-cases', '软件案例'],
  ['/preview-software', '高保真界面预览'],
  ['/project-selection', '选择创建方式'],
  ['/functionalArea', '功能介绍'],
  ['/ask', '使用指南'],
  ['/pointsRecharge', '积分充值'],
  ['/notice', '政策库'],
];

/** Routes that need a signed-in user. */
const PRIVATE_ROUTES: [string, string][] = [
  ['/auto-generate', '智能生成'],
  ['/code-to-doc-generator', '代码生成文档'],
  ['/batch-order-Details', '批量订单详情'],
  ['/quickBatchOrder', '快速批量下单'],
  ['/profile', '个人设置'],
  ['/password', '账号安全'],
  ['/owner', '知识产权人'],
  ['/settings/projectList?type=all', '我的项目'],
  ['/settings/points', '积分充值'],
  ['/settings/pointsRecord', '积分记录'],
  ['/settings/correctionList', '补正项目'],
  ['/settings/batchCorrection', '批量补正项目'],
  ['/settings/codeProjectList', '代码项目'],
  ['/settings/batchProjectList?type=all', '批量项目'],
  ['/settings/contract', '合同下载'],
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Collects what breaks the site's Content-Security-Policy on `page` across navigations: `securitypolicyviolation`
 * events (directive, blocked URI, source) and Chromium's console reports of a refused script, style or eval.
 */
async function cspViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__reportCspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { __reportCspViolation(v: string): Promise<void> }).__reportCspViolation(`${location.pathname}: ${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(`${new URL(page.url()).pathname}: ${m.text()}`);
  });
  return seen;
}

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(new URL(path, base));
  return ((await res.json()) as { data: T }).data;
}

describe('public pages (logged out)', () => {
  it('every public route renders with its title', async () => {
    const { context, page } = await newPage(browser, base);
    for (const [path, title] of PUBLIC_ROUTES) {
      await page.goto(path);
      await expectTitle(page, title);
      await expect(page.locator('header.navbar').isVisible()).resolves.toBe(true);
      await expect(page.locator('footer.footer').isVisible()).resolves.toBe(true);
    }
    await context.close();
  });

  it('routes that need sign-in send a visitor without user id to /', async () => {
    const { context, page } = await newPage(browser, base);
    for (const [path] of [...PRIVATE_ROUTES, ['/settings', '']]) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/' && u.search === '');
      await expectTitle(page, '首页');
    }
    await context.close();
  });

  it('shows the logged-out navigation bar and opens the login/register modal', async () => {
    const { context, page } = await newPage(browser, base);
    await page.goto('/');
    const nav = page.locator('header.navbar');
    for (const label of ['首页', '功能介绍', '使用指南', '政策库', '积分充值']) {
      await nav.getByRole('link', { name: label, exact: true }).waitFor();
    }
    expect(await nav.getByRole('button', { name: '创建项目' }).count()).toBe(0);
    await nav.getByRole('button', { name: '登录/注册' }).click();
    await page.locator('.ant-modal').getByText('登录码著').waitFor();
    // The footer: about-us link, contact line, QR code, filing lines.
    const footer = page.locator('footer.footer');
    expect(await footer.getByRole('link', { name: '关于我们' }).getAttribute('href')).toBe('/functionalArea');
    await footer.getByTestId('footer-contact').waitFor();
    // The QR encoder loads when the footer scrolls into view.
    await footer.locator('.footer-qr').scrollIntoViewIfNeeded();
    await footer.locator('.ant-qrcode canvas, .ant-qrcode svg').first().waitFor();
    await context.close();
  });

  it('the FAQ page shows the seeded questions from the API', async () => {
    const faqs = await getJson<{ question: string }[]>('/api/getCommonProblem');
    expect(faqs.length).toBeGreaterThan(3);
    const { context, page } = await newPage(browser, base);
    await page.goto('/ask');
    const questions = page.getByTestId('faq-question');
    await questions.first().waitFor();
    expect(await questions.allTextContents()).toEqual(faqs.map((f) => f.question));
    await context.close();
  });

  it('notices: list, detail, and a deep link that reloads correctly', async () => {
    const notices = await getJson<{ list: { id: number; title: string }[] }>('/api/getNotification?page=1&pageSize=10');
    expect(notices.list.length).toBeGreaterThan(0);
    const { context, page } = await newPage(browser, base);
    await page.goto('/notice');
    const items = page.getByTestId('notice-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(notices.list.length);
    await expect(items.first().textContent()).resolves.toContain(notices.list[0].title);

    await items.first().click();
    await page.waitForURL(`**/notice?id=${notices.list[0].id}`);
    await expect(page.getByTestId('notice-title').textContent()).resolves.toBe(notices.list[0].title);
    const body = await page.locator('.rich-html[aria-busy="false"]').innerText();
    expect(body.length).toBeGreaterThan(50);

    await page.reload();
    await expect(page.getByTestId('notice-title').textContent()).resolves.toBe(notices.list[0].title);
    await expectTitle(page, '政策库');
    await context.close();
  });

  it('a deep link to any page loads directly from the server', async () => {
    const { context, page } = await newPage(browser, base);
    const res = await page.goto('/success-cases?type=1');
    expect(res?.status()).toBe(200);
    await expectTitle(page, '软件案例');
    await page.getByTestId('case-card').first().waitFor();
    await page.goto('/functionalArea');
    await page.reload();
    await expectTitle(page, '功能介绍');
    await page.getByRole('heading', { name: '关于我们' }).waitFor();
    await context.close();
  });

  it('navigating scrolls back to the top', async () => {
    const { context, page } = await newPage(browser, base);
    await page.goto('/');
    await page.getByRole('heading', { name: '三种创建方式' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.locator('footer.footer').getByRole('link', { name: '使用指南' }).click();
    await expectTitle(page, '使用指南');
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });

  it('no public page breaks the Content-Security-Policy (zod never probes for eval)', async () => {
    const { context, page } = await newPage(browser, base);
    const violations = await cspViolations(page);
    for (const [path, title] of [...PUBLIC_ROUTES, ['/admin/login', '运营后台登录'] as [string, string]]) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expectTitle(page, title);
    }
    expect(violations).toEqual([]);
    await context.close();
  });

  it('the home page does not download the whole app', async () => {
    const { context, page } = await newPage(browser, base);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expectTitle(page, '首页');
    expect(scripts.some((s) => /\/assets\/home-/.test(s))).toBe(true);
    for (const other of ['notice-', 'ask-', 'functional-area-', 'success-cases-', 'auto-generate-']) {
      expect(scripts.some((s) => s.includes(`/assets/${other}`))).toBe(false);
    }
    await context.close();
  });
});

describe('signed in', () => {
  let session: Session;
  beforeAll(async () => {
    session = await registerAndLogin(base, '页面测试');
  });

  it('renders every signed-in route with its title; /login and /register go to /; /settings goes to /settings/profile', async () => {
    const { context, page } = await newPage(browser, base);
    await signInPage(page, session);
    for (const [path, title] of PRIVATE_ROUTES) {
      await page.goto(path);
      await expectTitle(page, title);
      expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
    }
    await page.goto('/settings');
    await page.waitForURL('**/settings/profile');
    await expectTitle(page, '个人设置');
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/');
      await expectTitle(page, '首页');
    }
    // The navigation bar in the signed-in state.
    const nav = page.locator('header.navbar');
    await nav.getByRole('button', { name: '创建项目' }).waitFor();
    await expect(nav.getByTestId('nav-points').innerText()).resolves.toMatch(/积分\s*\d+\s*\/\s*\d+/);
    expect(await nav.getByRole('button', { name: '登录/注册' }).count()).toBe(0);
    await context.close();
  });

  it('no signed-in page breaks the Content-Security-Policy', async () => {
    const { context, page } = await newPage(browser, base);
    const violations = await cspViolations(page);
    await signInPage(page, session);
    for (const [path, title] of PRIVATE_ROUTES) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expectTitle(page, title);
    }
    expect(violations).toEqual([]);
    await context.close();
  });

  it('the settings menu lists every child and links to it', async () => {
    const { context, page } = await newPage(browser, base);
    await signInPage(page, session);
    await page.goto('/settings/pointsRecord');
    const menu = page.locator('.settings-menu');
    await menu.locator('.ant-menu-item').first().waitFor();
    const labels = await menu.locator('.ant-menu-item').allInnerTexts();
    expect(labels).toEqual(['我的项目', '积分充值', '积分记录', '补正项目', '批量补正项目', '代码项目', '批量项目', '合同下载']);
    await menu.getByText('批量项目').click();
    await page.waitForURL('**/settings/batchProjectList?type=all');
    await expectTitle(page, '批量项目');
    await context.close();
  });
});
