import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ProjectPreview, ScreenshotManifest, ScreenshotPackResult } from '@mazhu/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { registerAndLogin, signInPage } from './api';
import { CHROMIUM, expectTitle, launchBrowser, newPage } from './browser';
import { api, buildCompleteProject } from './project-api';
import { readZip, tempDir } from './projects-fixtures';

const base = inject('baseUrl');
const root = path.resolve(import.meta.dirname, '..');
const run = (bin: string, args: string[]) => execFileSync(bin, args, { encoding: 'utf8', timeout: 180_000 });
const squash = (s: string) => s.replace(/\s+/g, '');

/**
 * `mazhu capture` against this product's own web app, signed in, in Debian's Chromium; the pack uploaded to a project
 * whose modules are named after the captured pages; the manual generated from it carries those screenshots (counted
 * by pdfimages, their titles read back by the tesseract command, an OCR engine other than the server's).
 */
describe('mazhu capture → screenshot pack → manual', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('captures the signed-in pages by their titles, matches the pack to the modules, and the manual shows the captured screens', { timeout: 600_000 }, async () => {
    const s = await registerAndLogin(base, '截图用户');
    const dir = tempDir('capture');
    const pack = path.join(dir, 'pack.zip');
    const cli = spawnSync(
      process.execPath,
      [path.join(root, 'packages/docgen/bin/mazhu.cjs'), 'capture', `${base}/settings/projectList`, '--login-url', `${base}/login`, '--user', s.account, '--password', s.password, '--max-pages', '4', '--out', pack],
      { encoding: 'utf8', env: { ...process.env, CHROME_PATH: CHROMIUM }, timeout: 300_000 },
    );
    expect(cli.status, cli.stderr + cli.stdout).toBe(0);
    expect(cli.stdout).toContain('已登录');
    expect(cli.stdout).toMatch(/已截取 4 个页面/);

    const files = readZip(fs.readFileSync(pack));
    const manifest = JSON.parse(Buffer.from(files['manifest.json']).toString('utf8')) as ScreenshotManifest;
    expect(manifest.shots).toHaveLength(4);
    // The first page is one only a signed-in user sees.
    expect(manifest.shots[0]).toMatchObject({ title: '我的项目', width: 1440, height: 900 });
    // Every title is the page's own: the app shows exactly that title when the page is opened.
    const { context, page } = await newPage(browser, base);
    await signInPage(page, s);
    for (const shot of manifest.shots) {
      expect(files[shot.file]?.length, shot.file).toBeGreaterThan(10_000);
      await page.goto(shot.url);
      await expectTitle(page, shot.title);
    }
    await context.close();

    // A project whose modules are named after the captured pages.
    const titles = manifest.shots.map((x) => x.title);
    const id = await buildCompleteProject(base, s, { name: '码著截图测试系统', modules: titles, codeDirs: ['apps/web/src/pages/settings'], softwareForm: 'web-admin', description: '软件著作权申请材料的在线准备系统，供开发者整理材料' });
    const form = new FormData();
    form.append('projectId', String(id));
    form.append('file', new Blob([fs.readFileSync(pack)]), 'pack.zip');
    const up = await api<ScreenshotPackResult>(base, s, '/api/uploadScreenshotPack', form);
    expect(up.code, up.msg).toBe(200);
    const preview = (await api<ProjectPreview>(base, s, `/api/getPreview?id=${id}`)).data;
    for (const shot of up.data.shots) {
      const screen = preview.screens.find((x) => x.id === shot.screenId);
      expect(shot.matchedBy, shot.title).toBe('manifest');
      expect(screen?.title.startsWith(shot.title), `${shot.title} → ${screen?.title}`).toBe(true);
    }
    const saved = await api<ProjectPreview>(base, s, '/api/assignScreenshots', { projectId: id, packId: up.data.packId, items: up.data.shots.map((x) => ({ index: x.index, screenId: x.screenId, mask: true })) });
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.data.screens.filter((x) => x.source === 'upload')).toHaveLength(4);

    // Generate and read the manual back.
    const g = await api(base, s, '/api/generateProjectWord', { id });
    expect(g.code, g.msg).toBe(200);
    for (let t0 = Date.now(); ; ) {
      const st = await api<{ state: string; message?: string }>(base, s, `/api/getProjectWordStatus?id=${id}`);
      if (st.data.state === 'failed') throw new Error(`生成失败：${st.data.message}`);
      if (st.data.state === 'succeeded') break;
      if (Date.now() - t0 > 400_000) throw new Error('生成超时');
      await new Promise((r) => setTimeout(r, 1000));
    }
    const zip = readZip(new Uint8Array(await (await fetch(`${base}/api/getProjectWordDownload?id=${id}`, { headers: { token: s.token, sessionid: s.sessionId } })).arrayBuffer()));
    const manualName = Object.keys(zip).find((k) => k.endsWith('操作手册.pdf'))!;
    const manual = path.join(dir, 'manual.pdf');
    fs.writeFileSync(manual, zip[manualName]);
    const images = run('pdfimages', ['-list', manual])
      .split('\n')
      .slice(2)
      .map((l) => l.trim().split(/\s+/))
      .filter((c) => c[2] === 'image');
    // The code sent (the settings pages) has no sign-in page, so no login figure: the main screen, then one per
    // module; the four module figures are the captured 1440×900 screens.
    expect(saved.data.screens.map((x) => x.key)).toEqual(['main', 'module', 'module', 'module', 'module']);
    expect(images).toHaveLength(titles.length + 1);
    expect(images.filter((c) => c[3] === '1440' && c[4] === '900')).toHaveLength(titles.length);
    run('pdfimages', ['-png', manual, path.join(dir, 'fig')]);
    const figs = fs.readdirSync(dir).filter((f) => /^fig-\d+\.png$/.test(f)).sort();
    const read = figs.slice(1).map((f) => squash(run('tesseract', [path.join(dir, f), '-', '-l', 'chi_sim', '--psm', '11'])));
    titles.forEach((t, i) => expect(read[i], `图${i + 2} 应为「${t}」的截图`).toContain(squash(t)));
  });
});
