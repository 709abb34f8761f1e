import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium (CI installs it with apt); never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh context (own local storage) at 1440×900 in zh-CN; page errors fail loudly in the log. */
export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[pageerror]', err.message));
  return { context, page };
}

/**
 * Waits until every CSS animation and transition on the page has finished (a dropdown that is still sliding in
 * ignores clicks on its items).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
}

/** Waits until the document title is exactly `${title} - 码著`. */
export async function expectTitle(page: Page, title: string, timeout = 15_000): Promise<void> {
  const want = `${title} - 码著`;
  await page.waitForFunction((t) => document.title === t, want, { timeout }).catch(async () => {
    throw new Error(`标题应为「${want}」，实际为「${await page.title()}」（${page.url()}）`);
  });
}

/**
 * Picks the first option whose text contains `label` in an antd Select: opens it through `field` (the select or its
 * input), waits for the dropdown to finish sliding in, and clicks the option. A multiple select stays open.
 */
export async function choose(page: Page, field: Locator, label: string): Promise<void> {
  await field.click();
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: label }).first();
  await option.waitFor();
  await settled(page);
  await option.click();
}
