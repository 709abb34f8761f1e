import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { strFromU8, unzipSync } from 'fflate';
import { expectTitle, launchBrowser, newPage } from './browser';
import { registerAndLogin, signInPage, type Session } from './api';
import { hasPdftotext, pdfPages, readSourcePage, tempDir, zipFolder } from './projects-fixtures';
import { downloadFrom } from './projects-ui';

/**
 * 补正 journey through the real UI in Chromium: a project whose name ends in 平台 (not 系统) is generated; a notice
 * asking for the name suffix and for 60 pages of source is pasted; both fixes are applied; the answer package is
 * downloaded and the new name is read back from every material and from the 补正说明.
 */
const base = inject('baseUrl');
const PDF = hasPdftotext();
const SHOTS = process.env.E2E_SCREENSHOTS;
let browser: Browser;
const work = tempDir('corrections');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
const headers = (s: Session) => ({ token: s.token, sessionid: s.sessionId, 'user-agent': 'mazhu-e2e' });

/** Uploads real code (this repository's contracts package) and generates a code project through the API. */
async function generatedProject(s: Session, name: string): Promise<number> {
  const zip = fs.readFileSync(zipFolder(path.resolve(import.meta.dirname, '../packages/contracts/src'), path.join(work, 'contracts.zip')));
  const form = new FormData();
  form.append('file', new Blob([zip]), 'contracts.zip');
  const up = (await (await fetch(new URL('/api/uploadCodeProject', base), { method: 'POST', headers: headers(s), body: form })).json()) as Envelope<{ uploadId: number }>;
  expect(up.code, up.msg).toBe(200);
  const add = (await (
    await fetch(new URL('/api/addCodeProject', base), {
      method: 'POST',
      headers: { ...headers(s), 'content-type': 'application/json' },
      body: JSON.stringify({ uploadId: up.data.uploadId, name, version: 'V1.0', form: { completionDate: '2025-05-01' } }),
    })
  ).json()) as Envelope<{ project: { id: number } }>;
  expect(add.code, add.msg).toBe(200);
  const id = add.data.project.id;
  const t0 = Date.now();
  for (;;) {
    const st = (await (await fetch(new URL(`/api/getProjectWordStatus?id=${id}`, base), { headers: headers(s) })).json()) as Envelope<{ state: string; message: string }>;
    if (st.data.state === 'succeeded') return id;
    if (st.data.state === 'failed' || Date.now() - t0 > 180_000) throw new Error(`generation: ${st.data.message}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const NOTICE = `补正通知书
1、申请表中软件全称请以软件、系统、或平台结尾。其他材料中的软件名称做相应修改。
2、提交的源程序不足60页，应提交前30、后30共计60页源程序。每页不少于50行。并应有页眉（与软件名称一致）及页码（按1~60编排）。纵向、单面打印。`;

describe('补正 (/settings/correctionList → fixing page → answer package)', () => {
  it(
    'renames the software to end in 系统, re-lays the source, downloads the package and reads the new name everywhere',
    async () => {
      const session = await registerAndLogin(base, '补正用户');
      const oldName = '码著合同管理平台';
      const newName = '码著合同管理系统';
      const projectId = await generatedProject(session, oldName);
      const { context, page } = await newPage(browser, base);
      await signInPage(page, session);

      // The 补正 action on the generated project opens the new-correction dialog with the project chosen.
      await page.goto('/settings/projectList?type=all');
      await page.getByTestId('row-correction').first().click();
      await expectTitle(page, '补正项目');
      await page.getByTestId('notice-text').fill(NOTICE);
      await expect.poll(async () => page.getByTestId('notice-preview').textContent(), { timeout: 15_000 }).toContain('已识别 2 项');
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'correction-new.png'), fullPage: true });
      await page.getByTestId('create-correction').click();

      // The fixing page: both items recognised, the countdown shown.
      await expectTitle(page, '补正处理');
      await expect.poll(() => page.getByTestId('deadline').first().textContent()).toContain('剩余 30 天');
      const nameInput = page.getByTestId('fix-name-1');
      await nameInput.fill(newName);
      await page.getByTestId('fix-apply-1-name_suffix').click();
      await expect.poll(() => page.getByTestId('fix-change-1').textContent(), { timeout: 15_000 }).toContain(`改为“${newName}”`);
      await page.getByTestId('fix-apply-2-source_pages').click();
      await expect.poll(async () => page.getByTestId('item-2').textContent(), { timeout: 15_000 }).toContain('已处理');
      await page.getByTestId('generate-correction').click();
      await expect.poll(() => page.getByTestId('detail-state').textContent(), { timeout: 180_000, interval: 1000 }).toBe('已生成');
      await page.getByTestId('diff-view').waitFor();
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'correction-detail.png'), fullPage: true });

      const dl = await downloadFrom(page, 'download-correction');
      expect(dl.name).toBe(`${newName}_V1.0_补正材料.zip`);
      const zip = unzipSync(dl.data);
      const pre = `${newName}_V1.0_`;
      const names = Object.keys(zip);
      const doc = /_(操作手册|设计说明书|使用说明)\.pdf$/.exec(names.find((n) => /_(操作手册|设计说明书|使用说明)\.pdf$/.test(n)) ?? '')?.[1] ?? '操作手册';
      for (const s of ['源程序.pdf', '源程序.docx', `${doc}.pdf`, `${doc}.docx`, '申请表.pdf', '申请表.docx', '申请表.json', '补正说明.pdf', '补正说明.docx']) {
        expect(names, s).toContain(pre + s);
      }
      expect(names.some((n) => n.includes(oldName))).toBe(false);
      expect(JSON.parse(strFromU8(zip[`${pre}申请表.json`]!)).fullName).toBe(newName);
      for (const docx of names.filter((n) => n.endsWith('.docx'))) {
        const parts = unzipSync(zip[docx]!);
        const xml = Object.entries(parts)
          .filter(([n]) => n.startsWith('word/') && n.endsWith('.xml'))
          .map(([, d]) => strFromU8(d))
          .join('');
        expect(xml, docx).toContain(newName);
      }
      if (PDF) {
        const src = pdfPages(zip[`${pre}源程序.pdf`]!).map(readSourcePage);
        src.forEach((pg, i) => {
          expect(pg.header, `源程序第 ${i + 1} 页页眉`).toBe(`${newName}V1.0`);
          expect(pg.pageNumber).toBe(i + 1);
        });
        for (const s of [`${doc}.pdf`, '申请表.pdf']) expect(pdfPages(zip[pre + s]!).join('\n').replace(/\s/g, ''), s).toContain(newName);
        const letter = pdfPages(zip[`${pre}补正说明.pdf`]!).join('\n').replace(/\s/g, '');
        expect(letter).toContain(`已将软件全称由“${oldName}”改为“${newName}”`);
        expect(letter).toContain(`源程序共${src.length}页`);
        expect(letter).toContain('关于通知书第2项');
      }

      // The list shows the correction as generated, under its new name.
      await page.goto('/settings/correctionList');
      await expect.poll(() => page.getByTestId('correction-state').first().textContent()).toBe('已生成');
      await expect.poll(() => page.getByTestId('correction-name').first().textContent()).toBe(newName);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'correction-list.png'), fullPage: true });
      await page.goto('/settings/batchCorrection');
      await expectTitle(page, '批量补正项目');
      await page.getByText('还没有已下单的批量订单').waitFor();
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'correction-batch.png'), fullPage: true });
      expect(projectId).toBeGreaterThan(0);
      await context.close();
    },
    400_000,
  );
});
