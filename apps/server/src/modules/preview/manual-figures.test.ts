import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProjectDetails, ProjectPreview, ProjectScreen, WordStatus } from '@mazhu/contracts';
import { buildPrototype, renderScreen } from '@mazhu/docgen';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { buildProject, multipart, upload, waitForMaterials, zipFolder } from '../../../test/projects.factories';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-figures-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const run = (bin: string, args: string[]) => execFileSync(bin, args, { encoding: 'utf8', timeout: 180_000 });
const hasSoffice = (process.env.PATH ?? '').split(':').some((d) => fs.existsSync(path.join(d, 'soffice')));

/** The figures of a PDF as poppler lists them (`pdfimages -list`, soft masks left out): page and pixel size. */
function figuresOf(pdf: string): { page: number; width: number; height: number }[] {
  return run('pdfimages', ['-list', pdf])
    .split('\n')
    .slice(2)
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => c[2] === 'image')
    .map((c) => ({ page: Number(c[0]), width: Number(c[3]), height: Number(c[4]) }));
}
const pageText = (pdf: string, page: number) => run('pdftotext', ['-f', String(page), '-l', String(page), '-layout', pdf, '-']).replace(/[ \t]+/g, ' ');

const MODULES = ['入库管理', '出库登记', '库位管理', '盘点详情', '库存预警设置', '统计报表', '供应商管理', '采购申请', '物料档案', '报损处理', '调拨管理', '质检记录', '客户档案', '订单管理', '退货处理', '运输跟踪', '配送排班', '系统参数设置'];

describe('the manual with a figure for every screen', async () => {
  const app = await buildTestApp();
  const get = <T>(url: string, headers: Record<string, string>) => app.inject({ url, headers }).then((r) => body<T>(r));

  async function generate(headers: Record<string, string>, id: number): Promise<Record<string, Uint8Array>> {
    const g = body<WordStatus>(await app.inject({ method: 'POST', url: '/api/generateProjectWord', headers, payload: { id } }));
    expect(g.code, g.msg).toBe(200);
    const done = await waitForMaterials(app, headers, id, 240_000);
    expect(done.state, done.message).toBe('succeeded');
    const zip = unzipSync(new Uint8Array((await app.inject({ url: `/api/getProjectWordDownload?id=${id}`, headers })).rawPayload));
    return Object.fromEntries(Object.entries(zip).map(([k, v]) => [k.replace(/^.*_V\d+(\.\d+)*_/, ''), v]));
  }

  it('has login, main and one figure per module (N + 2), each on the page of its text, an uploaded screenshot in place of its prototype, under 10 MB; the DOCX prints the same', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const modules = MODULES.map((name) => ({ name, description: `${name}模块处理仓库日常的${name}业务，记录经办人和处理时间，并提供查询。` }));
    const p = await buildProject(app, a.headers, { name: '码著仓储管理系统', version: 'V1.0', platform: 'Web 管理系统', modules });
    const pv = (await get<ProjectPreview>(`/api/getPreview?id=${p.id}`, a.headers)).data;
    expect(pv.screens).toHaveLength(MODULES.length + 2);

    // The user's own screenshot of the 3rd module (库位管理), 1600×1000, showing another version: it replaces the prototype.
    const other = buildPrototype({ name: '码著仓储管理系统', version: 'V2.0', platform: 'web', modules: [{ name: '库位管理' }] });
    const shot = await sharp((await renderScreen(other.app, other.screens[2])).png).resize(1600, 1000).png().toBuffer();
    const target = pv.screens.find((s) => s.key === 'module' && s.title === '库位管理')!;
    const mp = await multipart({ screenId: String(target.id), file: { data: shot, name: 'shot.png' } });
    const up = body<ProjectScreen>(await app.inject({ method: 'POST', url: '/api/uploadScreenshot', headers: { ...a.headers, 'content-type': mp.contentType }, payload: mp.payload }));
    expect(up.code, up.msg).toBe(200);

    const files = await generate(a.headers, p.id);
    const pdfPath = path.join(tmp, 'manual.pdf');
    fs.writeFileSync(pdfPath, files['操作手册.pdf']);
    expect(files['操作手册.pdf'].length).toBeLessThan(10 * 1024 * 1024);

    const figs = figuresOf(pdfPath);
    expect(figs).toHaveLength(MODULES.length + 2);
    // Figure 1 is the login screen, figure 2 the main screen, then each module's figure on the page of its section.
    expect(pageText(pdfPath, figs[0].page)).toMatch(/登录[\s\S]*图1 登录界面/);
    expect(pageText(pdfPath, figs[1].page)).toMatch(/主界面[\s\S]*图2 主界面/);
    MODULES.forEach((name, i) => {
      const text = pageText(pdfPath, figs[i + 2].page);
      expect(text, name).toMatch(new RegExp(`\\d+\\.${i + 1} ${name}[\\s\\S]*图${i + 3} ${name}界面`));
    });
    expect(figs[4]).toMatchObject({ width: 1600, height: 1000 });
    expect(figs.filter((f) => f.width === 1920 && f.height === 1200)).toHaveLength(MODULES.length + 1);
    // The contents list every figure with its page.
    const contents = pageText(pdfPath, 2) + pageText(pdfPath, 3);
    expect(contents).toContain('插图目录');
    expect(contents).toMatch(/图20 系统参数设置界面 \.+ \d+/);

    // The report names the prototypes and the screenshot whose version differs from the form.
    const report = JSON.parse(Buffer.from(files['检查报告.json']).toString('utf8').replace(/^\ufeff/, '')) as { items: { level: string; code: string; message: string; evidence?: string[] }[] };
    const proto = report.items.find((i) => i.code === 'FIGURE_PROTOTYPE')!;
    expect(proto.level).toBe('warning');
    expect(proto.evidence).toHaveLength(MODULES.length + 1);
    expect(proto.evidence!.filter((e) => e.startsWith('图5 '))).toEqual([]);
    // Each prototype with the page it is printed on (the cover has no number) and the screen to capture instead.
    for (const e of proto.evidence!) {
      const [, n, page] = /^图(\d+) .+（操作手册第 (\d+) 页）：界面原型，请截取软件.+的真实截图/.exec(e) ?? [];
      expect(Number(page) + 1, e).toBe(figs[Number(n) - 1].page);
    }
    expect(proto.message).toMatch(/文档鉴别材料缺少软件运行截图[\s\S]*mazhu capture[\s\S]*截取屏幕/);
    expect(report.items.find((i) => i.code === 'FIGURE_CHECK')).toMatchObject({ level: 'warning', message: expect.stringMatching(/图5 库位管理界面.*V2\.0 与申请表中的 V1\.0 不一致/) });

    // The DOCX embeds the same images and LibreOffice prints it on the same pages.
    const docx = unzipSync(files['操作手册.docx']);
    const media = Object.keys(docx).filter((k) => k.startsWith('word/media/'));
    expect(media).toHaveLength(MODULES.length + 2);
    if (hasSoffice) {
      const docxPath = path.join(tmp, 'manual.docx');
      fs.writeFileSync(docxPath, files['操作手册.docx']);
      run('soffice', [`-env:UserInstallation=file://${tmp}/lo`, '--headless', '--convert-to', 'pdf', '--outdir', path.join(tmp, 'lo-out'), docxPath]);
      const lo = path.join(tmp, 'lo-out', 'manual.pdf');
      const pages = (f: string) => Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', [f]))![1]);
      expect(pages(lo)).toBe(pages(pdfPath));
      expect(figuresOf(lo).map((f) => f.page)).toEqual(figs.map((f) => f.page));
    }
  }, 600_000);

  it('a code project with screens (this repository\'s admin pages) confirmed as a web admin gets the login, main and module figures in its 操作手册', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const up = await upload(app, a.headers, zipFolder(path.resolve(import.meta.dirname, '../../../../web/src/pages/admin')), 'admin.zip');
    expect(up.code, up.msg).toBe(200);
    const add = body<WordStatus & { project: ProjectDetails }>(
      await app.inject({ method: 'POST', url: '/api/addCodeProject', headers: a.headers, payload: { uploadId: up.data.uploadId, name: '码著运营后台管理系统', version: 'V1.0', softwareForm: 'web-admin', form: { completionDate: '2025-05-01' } } }),
    );
    expect(add.code, add.msg).toBe(200);
    const done = await waitForMaterials(app, a.headers, add.data.project.id, 240_000);
    expect(done.state, done.message).toBe('succeeded');
    const zip = unzipSync(new Uint8Array((await app.inject({ url: `/api/getProjectWordDownload?id=${add.data.project.id}`, headers: a.headers })).rawPayload));
    const manual = Object.entries(zip).find(([k]) => k.endsWith('操作手册.pdf'));
    expect(manual, Object.keys(zip).join()).toBeDefined();
    const project = body<ProjectDetails>(await app.inject({ url: `/api/getProjectDetails?id=${add.data.project.id}`, headers: a.headers })).data;
    const pdfPath = path.join(tmp, 'code.pdf');
    fs.writeFileSync(pdfPath, manual![1]);
    expect(project.modules.length).toBeGreaterThan(1);
    expect(figuresOf(pdfPath)).toHaveLength(project.modules.length + 2);
    // The login screen is the code's own (admin/login: 运营账号 and 密码, one 登录 button).
    const pv = body<ProjectPreview>(await app.inject({ url: `/api/getPreview?id=${add.data.project.id}`, headers: a.headers })).data;
    expect(pv.screens[0]).toMatchObject({ key: 'login', spec: { fields: [{ label: '运营账号' }, { label: '密码' }], buttons: ['登录'] } });
  }, 300_000);

  it('draws an architecture and a module diagram for software without a user interface, and no login', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const p = await buildProject(app, a.headers, {
      name: '码著日志采集命令行软件',
      version: 'V1.0',
      platform: '命令行工具',
      softwareForm: 'cli',
      modules: [
        { name: '日志采集', description: '按配置读取日志文件', operations: ['读取配置文件中的日志路径', '按行解析日志'] },
        { name: '统计输出', description: '按级别统计并输出', operations: ['按级别汇总条数', '输出统计表'] },
      ],
    });
    const files = await generate(a.headers, p.id);
    const pdfPath = path.join(tmp, 'cli.pdf');
    fs.writeFileSync(pdfPath, files['使用说明.pdf']);
    const figs = figuresOf(pdfPath);
    expect(figs).toHaveLength(2);
    const all = run('pdftotext', ['-layout', pdfPath, '-']);
    expect(all).toMatch(/图1 软件总体架构图/);
    expect(all).toMatch(/图2 功能模块结构图/);
    expect(all).not.toMatch(/登录界面/);
  }, 300_000);
});
