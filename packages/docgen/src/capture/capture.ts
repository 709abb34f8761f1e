/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The callbacks given to page.evaluate run in the browser: they are typed against the DOM.
import { writeFileSync } from 'node:fs';
import type { ScreenshotManifest } from '@mazhu/contracts';
import { zipSync } from 'fflate';
import type { Browser, Locator, Page } from 'playwright-core';
import { DocgenError } from '../errors';
import { findBrowser } from './browser';

/** What `mazhu capture` is given (the CLI's options, checked). */
export interface CaptureOptions {
  /** The start page, http(s) only. */
  url: string;
  /** The screenshot pack to write (.zip). */
  out: string;
  /** Chrome/Edge/Chromium executable; default: the installed one `findBrowser` finds. */
  browser?: string;
  user?: string;
  password?: string;
  /** The login page when the start page has no login form and no 登录 link to it. */
  loginUrl?: string;
  userSelector?: string;
  passwordSelector?: string;
  submitSelector?: string;
  /** At most this many pages are captured (1–200). */
  maxPages: number;
  /** Extra pages and module names from the code: page routes ("/path") and menu titles of `analyseCode`. */
  code?: { routes: string[]; menuTitles: string[] };
  /** Viewport in CSS pixels (screenshots are taken at device scale 1, so the PNGs have this size). */
  width: number;
  height: number;
  /** 软件全称 and 版本号, looked for in each page's text (manifest `seen`). */
  name?: string;
  version?: string;
  /** Progress lines (Chinese). */
  log: (line: string) => void;
  /** Longest wait for one page to settle, ms. */
  settleMs?: number;
}

export interface CaptureResult {
  manifest: ScreenshotManifest;
  /** Bytes of the pack written to `out`. */
  bytes: number;
}

/** Elements that mean "still loading" in common UI kits (antd, Element, Vant, iView, Bootstrap) and ARIA. */
const BUSY = '.ant-spin-spinning,.ant-skeleton-active,.el-loading-mask,.van-loading,.ivu-spin,.spinner-border,.spinner,.loading-mask,[aria-busy="true"]';
/** Links never followed: signing out ends the session the rest of the run needs. */
const SIGN_OUT = /logout|log-out|signout|sign-out|退出|注销|登出/i;
/** Links to files rather than pages. */
const FILE_LINK = /\.(pdf|zip|rar|7z|gz|tar|docx?|xlsx?|pptx?|csv|txt|png|jpe?g|gif|svg|webp|exe|apk|dmg|msi)$/i;
const LOGIN_TEXT = /^\s*(登录|登入|登陆|sign\s*in|log\s*in|login)\s*$/i;

/** Only http(s) URLs are accepted (a file: or javascript: URL is refused), as a URL object. */
export function parseCaptureUrl(s: string): URL {
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    throw new DocgenError('BAD_OPTION', `网址无效：${s}（应以 http:// 或 https:// 开头）`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new DocgenError('BAD_OPTION', `只支持 http:// 或 https:// 网址，不支持 ${u.protocol}`);
  return u;
}

/**
 * The key a page is known by: origin, path and query; the fragment only for hash routers (`#/…`), where it is the
 * page. Undefined for links not followed (another origin, files, sign-out).
 */
export function pageKey(href: string, origin: string, text = ''): string | undefined {
  let u: URL;
  try {
    u = new URL(href);
  } catch {
    return undefined;
  }
  if (u.origin !== origin || SIGN_OUT.test(u.pathname + u.search + u.hash) || SIGN_OUT.test(text) || FILE_LINK.test(u.pathname)) return undefined;
  return `${u.origin}${u.pathname}${u.search}${u.hash.startsWith('#/') ? u.hash : ''}`;
}

/**
 * Page titles without the part every page shares ("我的项目 - 码著" → "我的项目"): the document titles are split at
 * " - ", " | ", " _ ", " – ", " · "; a first or last part found on every title (of two or more) is dropped.
 */
export function distinctTitles(titles: string[]): string[] {
  const parts = titles.map((t) => t.split(/\s+[-|_–—·]\s+/).map((p) => p.trim()).filter(Boolean));
  const multi = parts.filter((p) => p.length > 1);
  const shared = (pick: (p: string[]) => string) => (multi.length >= 2 && multi.length === parts.length && new Set(multi.map(pick)).size === 1 ? pick(multi[0]) : undefined);
  const last = shared((p) => p[p.length - 1]);
  const first = last ? undefined : shared((p) => p[0]);
  return parts.map((p, i) => {
    const kept = p.filter((x, j) => !(x === last && j === p.length - 1) && !(x === first && j === 0));
    return kept.length ? kept.join(' - ') : titles[i].trim();
  });
}

/** A file name from a title: characters no file system takes replaced, at most 60 characters. */
const fileNameOf = (title: string) => title.replace(/[\\/:*?"<>|\s\p{Cc}]+/gu, '_').slice(0, 60) || 'page';

/** Waits until the page has settled: load, network idle, fonts, no loading indicator, finite animations done. */
async function settle(page: Page, ms: number): Promise<void> {
  await page.waitForLoadState('load', { timeout: ms }).catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: ms }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined)).catch(() => undefined);
  await page
    .waitForFunction(
      (busy) => {
        const spinning = [...document.querySelectorAll(busy)].some((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
        });
        return !spinning && document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
      },
      BUSY,
      { timeout: ms, polling: 100 },
    )
    .catch(() => undefined);
}

interface Found {
  key: string;
  /** The link text (menu links name the module). */
  text: string;
  menu: boolean;
}

/** The page's same-origin links, menu links first. */
async function linksOf(page: Page, origin: string): Promise<Found[]> {
  const raw = await page.evaluate(() =>
    [...document.querySelectorAll('a[href]')].map((a) => ({
      href: (a as HTMLAnchorElement).href,
      text: ((a as HTMLElement).innerText || a.getAttribute('title') || '').trim().replace(/\s+/g, ' ').slice(0, 60),
      // 2: a side or app menu (the software's functions), 1: a header or navigation bar, 0: a link in the content.
      rank: a.closest('aside,[role=menu],.ant-menu,.el-menu,.ivu-menu,.sidebar,.side-menu') ? 2 : a.closest('nav,header,[role=menubar],[role=navigation],.menu,.navbar') ? 1 : 0,
    })),
  );
  const out: (Found & { rank: number })[] = [];
  for (const l of raw) {
    const key = pageKey(l.href, origin, l.text);
    if (key) out.push({ key, text: l.text, menu: l.rank > 0, rank: l.rank });
  }
  return out.sort((a, b) => b.rank - a.rank);
}

/**
 * Menu items that navigate without a link (`[role=menuitem]` with no `a[href]`, e.g. an antd Menu whose onClick calls
 * the router): each text not clicked before is clicked, the URL it leads to noted (same origin only), and the page
 * brought back. At most 30 per run.
 */
async function clickedMenuItems(page: Page, origin: string, clicked: Set<string>, settleMs: number): Promise<Found[]> {
  const here = page.url();
  const items = page.locator('[role=menuitem]:not(:has(a[href]))').filter({ visible: true });
  const texts = (await items.allInnerTexts().catch(() => [])).map((t) => t.trim().replace(/\s+/g, ' ')).filter((t) => t && t.length <= 30);
  const out: Found[] = [];
  for (const text of texts) {
    if (clicked.has(text) || clicked.size >= 30 || SIGN_OUT.test(text)) continue;
    clicked.add(text);
    try {
      await items.filter({ hasText: text }).first().click({ timeout: 3000 });
      await page.waitForURL((u) => u.href !== here, { timeout: 3000 }).catch(() => undefined);
      const key = pageKey(page.url(), origin, text);
      if (page.url() !== here) {
        if (key) out.push({ key, text, menu: true });
        await page.goto(here);
        await settle(page, settleMs);
      }
    } catch {
      // An item that cannot be clicked (covered, disabled) is left out.
    }
  }
  return out;
}

/** The visible field `selector` names, or undefined. */
async function visible(page: Page, selector: string): Promise<Locator | undefined> {
  const l = page.locator(selector).filter({ visible: true }).first();
  return (await l.count()) ? l : undefined;
}

/**
 * Signs in: the login page (`loginUrl`, else the current page, else the page its 登录 link opens), the password field
 * (`passwordSelector` or the visible password input), the account field (`userSelector` or the last text/e-mail/phone
 * input before the password in its form) and the submit button (`submitSelector`, else the form's submit button,
 * else Enter). Throws DocgenError('LOGIN_FAILED') when no form is found or the form is still shown afterwards.
 */
async function signIn(page: Page, o: CaptureOptions, settleMs: number): Promise<void> {
  if (o.loginUrl) {
    await page.goto(parseCaptureUrl(o.loginUrl).href);
    await settle(page, settleMs);
  }
  const pwSel = o.passwordSelector ?? 'input[type=password]';
  let pw = await visible(page, pwSel);
  if (!pw && !o.loginUrl) {
    const opener = page.getByRole('link', { name: LOGIN_TEXT }).or(page.getByRole('button', { name: LOGIN_TEXT })).filter({ visible: true }).first();
    if (await opener.count()) {
      await opener.click();
      await page.locator(pwSel).filter({ visible: true }).first().waitFor({ timeout: settleMs }).catch(() => undefined);
      pw = await visible(page, pwSel);
    }
  }
  if (!pw) throw new DocgenError('LOGIN_FAILED', '未在页面上找到登录表单：请用 --login-url 指定登录页，或用 --user-selector、--password-selector、--submit-selector 指定表单');
  let user = o.userSelector ? await visible(page, o.userSelector) : undefined;
  if (!user && !o.userSelector) {
    const marked = await pw.evaluate((el) => {
      const scope = el.closest('form') ?? document;
      const inputs = [...scope.querySelectorAll('input')].filter((i) => ['text', 'email', 'tel', 'number', ''].includes(i.type) && i.getBoundingClientRect().width > 0);
      const before = inputs.filter((i) => i.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
      const pick = before[before.length - 1];
      pick?.setAttribute('data-mazhu-user', '1');
      return Boolean(pick);
    });
    if (marked) user = page.locator('[data-mazhu-user]').first();
  }
  if (!user) throw new DocgenError('LOGIN_FAILED', '未找到账号输入框：请用 --user-selector 指定');
  await user.fill(o.user ?? '');
  await pw.fill(o.password ?? '');
  const before = page.url();
  let submit = o.submitSelector ? await visible(page, o.submitSelector) : undefined;
  if (!submit && !o.submitSelector) {
    const marked = await pw.evaluate((el, loginText) => {
      const scope = el.closest('form') ?? el.parentElement?.parentElement?.parentElement ?? document;
      const buttons = [...scope.querySelectorAll('button,input[type=submit]')] as HTMLElement[];
      const pick = buttons.find((b) => b.getAttribute('type') === 'submit') ?? buttons.find((b) => new RegExp(loginText, 'i').test(b.innerText || (b as HTMLInputElement).value || ''));
      pick?.setAttribute('data-mazhu-submit', '1');
      return Boolean(pick);
    }, LOGIN_TEXT.source);
    if (marked) submit = page.locator('[data-mazhu-submit]').first();
  }
  if (submit) await submit.click();
  else await pw.press('Enter');
  await Promise.race([pw.waitFor({ state: 'hidden', timeout: 15_000 }), page.waitForURL((u) => u.href !== before, { timeout: 15_000 })]).catch(() => undefined);
  await settle(page, settleMs);
  if (page.url() === before && (await pw.isVisible().catch(() => false))) {
    const alert = (await page.locator('[role=alert],.ant-message,.ant-form-item-explain-error,.el-message,.error').filter({ visible: true }).allInnerTexts().catch(() => [])).join(' ').trim();
    throw new DocgenError('LOGIN_FAILED', `登录失败：提交后仍停留在登录表单${alert ? `（页面提示：${alert.slice(0, 120)}）` : ''}，请检查账号和密码`);
  }
}

const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();
const normVersion = (s: string) => squash(s).replace(/^v/, '');

/**
 * Captures the pages of a running web application into a screenshot pack. Launches the given or installed browser
 * headless (never downloads one), signs in when `user` is given, then walks the pages breadth-first from the start
 * page (after sign-in, from where the login leads), menu links before other links, then the code's routes, at most
 * `maxPages`; each page settles (`settle`) and is shot at `width`×`height`. A page that fails to open is listed in
 * `failed` and skipped. Writes the zip (PNGs + manifest.json) to `out`. Throws DocgenError for a missing browser, a
 * failed sign-in or no page captured.
 */
export async function capture(o: CaptureOptions): Promise<CaptureResult> {
  const start = parseCaptureUrl(o.url);
  const executablePath = o.browser ?? findBrowser();
  if (!executablePath) throw new DocgenError('BROWSER_NOT_FOUND', '未找到已安装的 Chrome、Edge 或 Chromium：请安装其中之一，或用 --browser 指定浏览器程序的路径');
  const settleMs = o.settleMs ?? 8000;
  const { chromium } = await import('playwright-core');
  let browser: Browser;
  try {
    // Running as root (containers) needs Chromium's sandbox off; a normal user keeps it.
    const args = ['--no-first-run', '--disable-background-networking', '--disable-component-update', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])];
    browser = await chromium.launch({ executablePath, headless: true, args });
  } catch (e) {
    throw new DocgenError('BROWSER_NOT_FOUND', `无法启动浏览器 ${executablePath}：${((e as Error).message ?? '').split('\n')[0]}`);
  }
  const shots: { key: string; png: Uint8Array; rawTitle: string; heading: string; linkText: string; url: string; module: string | null; time: string; seen: { name: string | null; version: string | null } }[] = [];
  const failed: ScreenshotManifest['failed'] = [];
  // The menu texts of every page menu links lead to (a page reached first by another link still gets its module).
  const menuText = new Map<string, string[]>();
  const addMenuText = (key: string, text: string) => {
    if (text) menuText.set(key, [...(menuText.get(key) ?? []), text]);
  };
  // Menu items without a link (a click handler navigates) are clicked once each, by their text.
  const clicked = new Set<string>();
  try {
    const context = await browser.newContext({ viewport: { width: o.width, height: o.height }, deviceScaleFactor: 1, locale: 'zh-CN', ignoreHTTPSErrors: false });
    const page = await context.newPage();
    o.log(`打开 ${start.href}`);
    const first = await page.goto(start.href).catch((e: Error) => {
      throw new DocgenError('INPUT_NOT_FOUND', `无法打开 ${start.href}：${e.message.split('\n')[0]}`);
    });
    if (first && first.status() >= 400) throw new DocgenError('INPUT_NOT_FOUND', `无法打开 ${start.href}：HTTP ${first.status()}`);
    await settle(page, settleMs);
    let loginKey: string | undefined;
    if (o.user !== undefined || o.password !== undefined) {
      o.log('登录中…');
      await signIn(page, o, settleMs);
      loginKey = o.loginUrl ? pageKey(o.loginUrl, start.origin) : undefined;
      // Signed in on a login page of its own: the walk starts from the page asked for, not where the login leads.
      if (o.loginUrl && pageKey(page.url(), start.origin) !== pageKey(start.href, start.origin)) {
        await page.goto(start.href);
        await settle(page, settleMs);
      }
      o.log(`已登录，进入 ${page.url()}`);
    }
    const origin = start.origin;
    const startKey = pageKey(page.url(), origin) ?? pageKey(start.href, origin)!;
    const queue: Found[] = [{ key: startKey, text: '', menu: false }];
    const seen = new Set<string>([startKey, ...(loginKey ? [loginKey] : [])]);
    const hashRouter = start.hash.startsWith('#/');
    for (const r of o.code?.routes ?? []) {
      const key = pageKey(hashRouter ? `${origin}${start.pathname}#${r}` : `${origin}${r}`, origin);
      if (key && !seen.has(key)) {
        seen.add(key);
        queue.push({ key, text: '', menu: false });
      }
    }
    const codeTitles = (o.code?.menuTitles ?? []).filter((t) => t.length >= 2);
    let tries = 0;
    while (queue.length && shots.length < o.maxPages && tries < o.maxPages * 3) {
      const next = queue.shift()!;
      tries++;
      const n = shots.length + 1;
      try {
        if (squash(page.url()) !== squash(next.key)) {
          const res = await page.goto(next.key, { timeout: 30_000 });
          if (res && res.status() >= 400) throw new Error(`HTTP ${res.status()}`);
        }
        await settle(page, settleMs);
        if (pageKey(page.url(), origin) === undefined) throw new Error(`跳转到了其他网站 ${new URL(page.url()).origin}`);
        const info = await page.evaluate(() => ({
          title: document.title.trim(),
          heading: (document.querySelector('h1,h2,.ant-page-header-heading-title,.page-title')?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60),
          text: `${document.title}\n${document.body?.innerText ?? ''}`.slice(0, 200_000),
        }));
        const png = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
        const text = squash(info.text);
        const versionSeen = o.version ? [...info.text.matchAll(/[Vv]\s?\d{1,3}(?:\s?\.\s?\d{1,3}){1,3}/g)].some((m) => normVersion(m[0]) === normVersion(o.version!)) || text.includes(`版本${normVersion(o.version)}`) : false;
        const codeTitle = codeTitles.find((t) => squash(info.title).includes(squash(t)) || squash(info.heading) === squash(t));
        shots.push({
          key: next.key,
          png,
          rawTitle: info.title,
          heading: info.heading,
          linkText: next.text,
          url: page.url(),
          module: codeTitle ?? (next.menu && next.text ? next.text : null),
          time: new Date().toISOString(),
          seen: { name: o.name && text.includes(squash(o.name)) ? o.name : null, version: versionSeen ? (o.version ?? null) : null },
        });
        o.log(`[${n}/${o.maxPages}] ${info.title || page.url()}  ${page.url()}`);
        // Side-menu items first (clicked or linked), then navigation bars, then content links.
        const found = await linksOf(page, origin);
        const links = [...(await clickedMenuItems(page, origin, clicked, settleMs)), ...found];
        for (const l of links) {
          if (l.menu) addMenuText(l.key, l.text);
          if (seen.has(l.key)) continue;
          seen.add(l.key);
          // Menu links go before content links still waiting (in the order above).
          if (l.menu) {
            const at = queue.findIndex((q) => !q.menu);
            queue.splice(at < 0 ? queue.length : at, 0, l);
          } else queue.push(l);
        }
      } catch (e) {
        const error = ((e as Error).message ?? String(e)).split('\n')[0].slice(0, 300);
        failed.push({ url: next.key, error });
        o.log(`跳过 ${next.key}：${error}`);
      }
    }
  } finally {
    await browser.close().catch(() => undefined);
  }
  if (!shots.length) throw new DocgenError('INPUT_NOT_FOUND', `没有截取到任何页面${failed.length ? `（${failed.length} 个页面打开失败）` : ''}`);

  const titles = distinctTitles(shots.map((s) => s.rawTitle || s.heading || s.linkText || new URL(s.url).pathname));
  // Pages without a title of their own (one title for the whole site) are named by their heading or link.
  const named = titles.map((t, i) => (titles.filter((x) => x === t).length > 1 ? shots[i].heading || shots[i].linkText || t : t));
  const used = new Map<string, number>();
  const files: Record<string, Uint8Array> = {};
  const manifest: ScreenshotManifest = {
    tool: 'mazhu capture',
    url: start.href,
    createdAt: new Date().toISOString(),
    size: { width: o.width, height: o.height },
    software: { name: o.name ?? null, version: o.version ?? null },
    shots: shots.map((s, i) => {
      const title = named[i];
      const k = (used.get(title) ?? 0) + 1;
      used.set(title, k);
      const file = `${String(i + 1).padStart(2, '0')}-${fileNameOf(title)}${k > 1 ? `-${k}` : ''}.png`;
      files[file] = s.png;
      // The menu text that is the page's title, else the shortest (a logo link's text carries the slogan too).
      const texts = menuText.get(s.key) ?? [];
      const menu = texts.find((t) => squash(t) === squash(title)) ?? [...texts].sort((a, b) => a.length - b.length)[0];
      return { file, title, url: s.url, module: s.module ?? menu ?? null, width: o.width, height: o.height, time: s.time, seen: s.seen };
    }),
    failed,
  };
  files['manifest.json'] = new TextEncoder().encode(JSON.stringify(manifest, null, 2));
  // PNGs are compressed already: stored, not deflated again.
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, [v, { level: k.endsWith('.png') ? 0 : 6 }]])));
  writeFileSync(o.out, zip);
  return { manifest, bytes: zip.length };
}
