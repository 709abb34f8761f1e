import path from 'node:path';
import {
  chinaToday,
  correctionDeadline,
  correctionState,
  daysLeft,
  deadlineInfo,
  type CorrectionDetails,
  type CorrectionListItem,
  type NoticeText,
  type Page,
  type ParsedNotice,
  type ProjectDetails,
  type UserPoints,
  type WordStatus,
} from '@mazhu/contracts';
import { readPdfPages, readPdfText, renderCorrectionLetterPdf } from '@mazhu/docgen';
import { unzipSync, zipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { multipart, setBalances, upload, waitForMaterials, zipFolder } from '../../../test/projects.factories';
import { NOTICE_EXAMPLES } from './notice-examples';

const CODE_DIR = path.resolve(import.meta.dirname, '../content');
const VERBATIM = NOTICE_EXAMPLES[0]!.text;
type Headers = Record<string, string>;

const daysAgo = (n: number) => new Date(Date.parse(`${chinaToday()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** A code project generated through the API; returns its id and the filed zip's entries. */
async function generatedProject(app: App, headers: Headers, name: string, softwareForm?: string) {
  const up = await upload(app, headers, zipFolder(CODE_DIR), 'content.zip');
  expect(up.code, up.msg).toBe(200);
  const add = body<WordStatus & { project: ProjectDetails }>(
    await app.inject({ method: 'POST', url: '/api/addCodeProject', headers, payload: { uploadId: up.data.uploadId, name, version: 'V1.0', softwareForm, form: { completionDate: '2025-05-01' } } }),
  );
  expect(add.code, add.msg).toBe(200);
  const done = await waitForMaterials(app, headers, add.data.project.id);
  expect(done.state, done.message).toBe('succeeded');
  const zip = await app.inject({ url: `/api/getProjectWordDownload?id=${add.data.project.id}`, headers });
  return { id: add.data.project.id, zip: unzipSync(new Uint8Array(zip.rawPayload)), uploadId: up.data.uploadId };
}

const addCorrection = async (app: App, headers: Headers, projectId: number, noticeText: string, noticeDate = daysAgo(2)) =>
  body<CorrectionDetails>(await app.inject({ method: 'POST', url: '/api/addProjectCorrections', headers, payload: { projectId, noticeText, noticeDate } }));

const apply = async (app: App, headers: Headers, payload: Record<string, unknown>) =>
  body<CorrectionDetails>(await app.inject({ method: 'POST', url: '/api/applyCorrectionFix', headers, payload }));

async function generate(app: App, headers: Headers, id: number): Promise<CorrectionDetails> {
  const g = body<CorrectionDetails>(await app.inject({ method: 'POST', url: '/api/generateCorrectionMaterials', headers, payload: { id } }));
  expect(g.code, g.msg).toBe(200);
  const t0 = Date.now();
  for (;;) {
    const d = body<CorrectionDetails>(await app.inject({ url: `/api/getCorrectionDetails?id=${id}`, headers }));
    if (!['queued', 'generating'].includes(d.data.status)) return d.data;
    if (Date.now() - t0 > 60_000) throw new Error(`timeout: ${JSON.stringify(d.data)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function download(app: App, headers: Headers, id: number) {
  const res = await app.inject({ url: `/api/getCorrectionsMaterials?id=${id}`, headers });
  expect(res.headers['content-type']).toBe('application/zip');
  return { zip: unzipSync(new Uint8Array(res.rawPayload)), disposition: String(res.headers['content-disposition']) };
}

/** The document's kind in a package: 操作手册, 设计说明书 or 使用说明 (chosen by the engine from the software's form). */
const docName = (zip: Record<string, Uint8Array>) => /_(操作手册|设计说明书|使用说明)\.pdf$/.exec(Object.keys(zip).find((n) => /_(操作手册|设计说明书|使用说明)\.pdf$/.test(n)) ?? '')?.[1] ?? '操作手册';

const points = async (app: App, headers: Headers) => body<UserPoints>(await app.inject({ url: '/api/getUserPoints', headers })).data;

describe('deadline arithmetic (登记办法 第二十二条: 30 days from the notice)', () => {
  it('adds 30 calendar days across months, leap years and the year end', () => {
    expect(correctionDeadline('2026-03-05')).toBe('2026-04-04');
    expect(correctionDeadline('2026-01-31')).toBe('2026-03-02');
    expect(correctionDeadline('2028-02-15')).toBe('2028-03-16');
    expect(correctionDeadline('2026-12-15')).toBe('2027-01-14');
    expect(() => correctionDeadline('2026-02-30')).toThrow();
  });
  it('counts days left in Beijing days and warns in the last 7', () => {
    expect(daysLeft('2026-04-04', '2026-03-05')).toBe(30);
    expect(deadlineInfo('2026-04-04', '2026-03-27')).toMatchObject({ daysLeft: 8, level: 'ok' });
    expect(deadlineInfo('2026-04-04', '2026-03-28')).toMatchObject({ daysLeft: 7, level: 'warning', text: '剩余 7 天（截止 2026-04-04）' });
    expect(deadlineInfo('2026-04-04', '2026-04-04')).toMatchObject({ daysLeft: 0, level: 'warning', text: '今天截止（2026-04-04）' });
    expect(deadlineInfo('2026-04-04', '2026-04-06')).toMatchObject({ daysLeft: -2, level: 'overdue', text: '已逾期 2 天（截止 2026-04-04）' });
    // 2026-03-05 16:30 UTC is already 2026-03-06 in Beijing.
    expect(chinaToday(new Date('2026-03-05T16:30:00Z'))).toBe('2026-03-06');
    expect(correctionState('processing', '2026-04-04', '2026-04-05')).toBe('overdue');
    expect(correctionState('generated', '2026-04-04', '2026-04-04')).toBe('generated');
    expect(correctionState('generated', '2026-04-04', '2026-04-05')).toBe('overdue');
    expect(correctionState('generated', '2026-04-04', '2026-04-05', true)).toBe('submitted');
    expect(correctionState('pending', '2026-04-04', '2026-04-04')).toBe('pending');
  });
});

describe('correction projects through the API', { timeout: 240_000 }, async () => {
  const app = await buildTestApp();

  it('answers the verbatim notice: new name in every material, the source re-laid, a 补正说明, first correction free', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const p = await generatedProject(app, a.headers, '码著内容管理平台', 'web-admin');
    const noticeDate = daysAgo(3);
    const c = await addCorrection(app, a.headers, p.id, VERBATIM, noticeDate);
    expect(c.code, c.msg).toBe(200);
    expect(c.data).toMatchObject({ state: 'pending', stateLabel: '待处理', items: 4, recognised: 4, handled: 0, noticeDate, deadline: correctionDeadline(noticeDate), daysLeft: 27, deadlineLevel: 'ok' });
    expect(c.data.noticeItems.map((i) => i.fixes.map((f) => f.reason))).toEqual([['name_suffix'], ['source_pages'], ['screenshot_version'], ['electronic_copy']]);
    expect(c.data.cost).toBe(0);
    const id = c.data.id;

    // Rules are checked when a field is edited in place.
    const bad = await apply(app, a.headers, { id, itemNo: 1, reason: 'name_suffix', fields: { name: '码著内容管理' } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('软件全称须以');
    const foreign = await apply(app, a.headers, { id, itemNo: 1, reason: 'name_suffix', fields: { version: 'V2.0' } });
    expect(foreign.msg).toContain('这一项只能修改');

    expect((await apply(app, a.headers, { id, itemNo: 1, reason: 'name_suffix', fields: { name: '码著内容管理系统' } })).data.current.name).toBe('码著内容管理系统');
    const gen0 = body(await app.inject({ method: 'POST', url: '/api/generateCorrectionMaterials', headers: a.headers, payload: { id } }));
    expect(gen0.code).toBe(400);
    expect(gen0.msg).toContain('第 2、3、4 项');
    await apply(app, a.headers, { id, itemNo: 2, reason: 'source_pages' });
    // No screenshot was uploaded or replaced: nothing backs a sentence of the product, the user's own words are asked.
    const noShots = await apply(app, a.headers, { id, itemNo: 3, reason: 'screenshot_version', done: true });
    expect([noShots.code, noShots.msg]).toEqual([400, expect.stringContaining('没有更换。请用“上传截图包”“截取屏幕”或逐张上传真实软件截图')]);
    await apply(app, a.headers, { id, itemNo: 3, reason: 'screenshot_version', done: true, note: '操作手册中的界面图为原型图，已按新名称重新生成' });
    const d = await apply(app, a.headers, { id, itemNo: 4, reason: 'electronic_copy', done: true });
    expect(d.data).toMatchObject({ state: 'processing', handled: 4, openItems: [] });
    expect(d.data.touched).toEqual(['source', 'manual', 'form']);

    const before = await points(app, a.headers);
    const done = await generate(app, a.headers, id);
    expect(done.status, done.message).toBe('generated');
    expect(done.stateLabel).toBe('已生成');
    expect(await points(app, a.headers)).toEqual(before);

    const { zip, disposition } = await download(app, a.headers, id);
    expect(disposition).toContain(encodeURIComponent('码著内容管理系统_V1.0_补正材料.zip'));
    const pre = '码著内容管理系统_V1.0_';
    const doc = docName(zip);
    expect(Object.keys(zip).sort()).toEqual(
      ['源程序.pdf', '源程序.docx', '源程序清单.txt', `${doc}.pdf`, `${doc}.docx`, '申请表.pdf', '申请表.docx', '申请表.json', '检查报告.txt', '检查报告.json', '文字来源说明.txt', '文字来源说明.json', '申报指南.pdf', '补正说明.pdf', '补正说明.docx']
        .map((s) => pre + s)
        .sort(),
    );
    const src = await readPdfPages(zip[`${pre}源程序.pdf`]!);
    expect(src.every((pg) => pg.header === '码著内容管理系统V1.0')).toBe(true);
    const manual = await readPdfPages(zip[`${pre}${doc}.pdf`]!);
    expect(manual.slice(1).every((pg) => pg.header === '码著内容管理系统V1.0')).toBe(true);
    expect(JSON.parse(Buffer.from(zip[`${pre}申请表.json`]!).toString('utf8')).fullName).toBe('码著内容管理系统');
    expect((await readPdfText(zip[`${pre}申请表.pdf`]!)).text).toContain('码著内容管理系统');
    for (const f of Object.keys(zip).filter((n) => n.endsWith('.pdf'))) expect((await readPdfText(zip[f]!)).text).not.toContain('码著内容管理平台V1.0');

    const letter = (await readPdfText(zip[`${pre}补正说明.pdf`]!)).text.replace(/\s/g, '');
    expect(letter).toContain('补正说明');
    expect(letter).toContain('已将软件全称由“码著内容管理平台”改为“码著内容管理系统”，申请表、源程序和文档中的软件名称已同步修改');
    expect(letter).toContain(`源程序共${src.length}页，不足60页，按《计算机软件著作权登记办法》第十条提交全部源程序`);
    expect(letter).toContain(`页码位于右上角，按1–${src.length}连续编排`);
    expect(letter).toContain('关于通知书第4项');
    // Only what happened: no screenshot was replaced and nothing was uploaded at the CPCC portal yet.
    expect(letter).not.toContain('已更换');
    expect(letter).not.toContain('已在登记系统中');
    expect(letter).toContain('操作手册中的界面图为原型图，已按新名称重新生成');
    expect(letter).toContain('补正后的电子版材料为本补正材料中的PDF文件，见附件');
    expect(letter).toContain(`源程序（共${src.length}页，第1–${src.length}页）`);
    expect(zip[`${pre}补正说明.docx`]!.length).toBeGreaterThan(1000);

    expect(done.diff?.fields).toEqual(expect.arrayContaining([{ label: '软件全称', before: '码著内容管理平台', after: '码著内容管理系统' }]));
    expect(done.diff?.files.find((f) => f.name === `${pre}源程序.pdf`)).toMatchObject({ status: 'regenerated', changed: true, filedName: '码著内容管理平台_V1.0_源程序.pdf' });

    // The project itself now carries the corrected name.
    const proj = body<ProjectDetails>(await app.inject({ url: `/api/getProjectDetails?id=${p.id}`, headers: a.headers }));
    expect(proj.data.name).toBe('码著内容管理系统');
    const list = body<Page<CorrectionListItem>>(await app.inject({ method: 'POST', url: '/api/getCorrectionsProjectList', headers: a.headers, payload: {} }));
    expect(list.data.list[0]).toMatchObject({ id, name: '码著内容管理平台', currentName: '码著内容管理系统', state: 'generated', downloadable: true });
  });

  it('regenerates only what a fix touches: the others are byte for byte the filed files', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const p = await generatedProject(app, a.headers, '码著字节比对系统');
    const c = await addCorrection(app, a.headers, p.id, '1、软件主要功能描述过于简单，请按新版申请表要求填写（不少于500字）。\n2、签章页未签字。');
    const id = c.data.id;
    expect(c.data.noticeItems.map((i) => i.fixes[0]?.reason)).toEqual(['main_functions', 'signature']);
    const short = await apply(app, a.headers, { id, itemNo: 1, reason: 'main_functions', fields: { mainFunctions: '太短' } });
    expect(short.msg).toContain('不少于 500');
    const text = `${'本系统提供内容发布、公告管理、常见问题维护、协议管理与案例展示等功能，'.repeat(16)}各模块均有权限控制。`;
    await apply(app, a.headers, { id, itemNo: 1, reason: 'main_functions', fields: { mainFunctions: text } });
    // Signing is the applicant's act: the letter states it only in the applicant's words.
    const unsigned = await apply(app, a.headers, { id, itemNo: 2, reason: 'signature', done: true });
    expect([unsigned.code, unsigned.msg]).toEqual([400, expect.stringContaining('请用自己的话写明对这一项做了什么')]);
    await apply(app, a.headers, { id, itemNo: 2, reason: 'signature', done: true, note: '签章页已由张三手写签名并扫描上传' });
    const done = await generate(app, a.headers, id);
    expect(done.status, done.message).toBe('generated');
    const { zip } = await download(app, a.headers, id);
    const pre = '码著字节比对系统_V1.0_';
    for (const kept of ['源程序.pdf', '源程序.docx']) {
      expect(Buffer.from(zip[pre + kept]!).equals(Buffer.from(p.zip[pre + kept]!)), kept).toBe(true);
      expect(done.diff?.files.find((f) => f.name === pre + kept)).toMatchObject({ status: 'kept', changed: false });
    }
    expect(Buffer.from(zip[`${pre}申请表.json`]!).equals(Buffer.from(p.zip[`${pre}申请表.json`]!))).toBe(false);
    expect(JSON.parse(Buffer.from(zip[`${pre}申请表.json`]!).toString('utf8')).mainFunctions).toBe(text);
    expect(done.diff?.files.find((f) => f.name === `${pre}${docName(zip)}.pdf`)).toMatchObject({ status: 'regenerated', changed: true });
    expect(done.diff?.fields.map((f) => f.label)).toContain('软件的主要功能');
    const letter = (await readPdfText(zip[`${pre}补正说明.pdf`]!)).text.replace(/\s/g, '');
    expect(letter).toContain('签章页已由张三手写签名并扫描上传');
    expect(letter).not.toContain('已由著作权人在签章页上签字或盖章');
  });

  it('a to-do-only notice keeps every material as filed and adds the 补正说明', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const p = await generatedProject(app, a.headers, '码著待办测试系统');
    const c = await addCorrection(app, a.headers, p.id, '1、签章页应由著作权人签名。2、请核实软件分类。');
    const id = c.data.id;
    expect(c.data.noticeItems[1]).toMatchObject({ recognised: false, fixes: [], text: '请核实软件分类。' });
    await apply(app, a.headers, { id, itemNo: 1, reason: 'signature', done: true, note: '已加盖公章' });
    const noNote = await apply(app, a.headers, { id, itemNo: 2, done: true });
    expect(noNote.msg).toContain('请简要说明');
    await apply(app, a.headers, { id, itemNo: 2, done: true, note: '经核实，软件分类为应用软件，无需修改' });
    const done = await generate(app, a.headers, id);
    expect(done.status, done.message).toBe('generated');
    const { zip } = await download(app, a.headers, id);
    for (const [name, data] of Object.entries(p.zip)) expect(Buffer.from(zip[name]!).equals(Buffer.from(data)), name).toBe(true);
    const letter = (await readPdfText(zip['码著待办测试系统_V1.0_补正说明.pdf']!)).text.replace(/\s/g, '');
    expect(letter).toContain('经核实，软件分类为应用软件，无需修改');
    expect(letter).toContain('已加盖公章');
  });

  it('a screenshot fix is refused while a screenshot shows another version, and says "replaced" only for screens replaced', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const p = await generatedProject(app, a.headers, '码著截图核对系统', 'web-admin');
    const now = new Date().toISOString();
    const screen = (title: string, key: string, texts: string[], sort: number) =>
      app.deps.db
        .insertInto('project_screens')
        .values({ project_id: p.id, user_id: a.userId, key, module_id: null, module_name: '', title, kind: key, spec_json: '{}', source: 'upload', blob_key: `shot-${key}-1`, mime: 'image/png', width: 1440, height: 900, render_hash: '', texts_json: JSON.stringify(texts), sort, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    // Both screenshots were in the filed manual.
    const login = await screen('登录页', 'login', ['码著截图核对系统 V0.9', '账号', '密码', '登录'], 0);
    await screen('主界面', 'main', ['码著截图核对系统 V1.0', '首页'], 1);
    const c = await addCorrection(app, a.headers, p.id, '1、文档截图中的软件版本号与申请表中不一致。');
    expect(c.data.current.documentKind).toBe('操作手册');
    expect(c.data.noticeItems[0]!.fixes[0]!.description).toContain('上传截图包');
    expect(JSON.stringify(c.data.noticeItems)).not.toContain('上线后');
    const refused = await apply(app, a.headers, { id: c.data.id, itemNo: 1, reason: 'screenshot_version', done: true });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('“登录页”：截图中的版本号 V0.9 与申请表中的 V1.0 不一致');

    // The text read again but the image never replaced: verified, not "replaced".
    await app.deps.db.updateTable('project_screens').set({ texts_json: JSON.stringify(['码著截图核对系统 V1.0', '账号', '密码', '登录']) }).where('id', '=', login.id).execute();
    const checked = await apply(app, a.headers, { id: c.data.id, itemNo: 1, reason: 'screenshot_version', done: true });
    expect(checked.code, checked.msg).toBe(200);
    expect(checked.data.noticeItems[0]!.fixes[0]!.change).toBe('经识别，操作手册中的 2 张软件截图均显示“码著截图核对系统 V1.0”，与申请表一致，并重新生成操作手册。');

    // A new image for the login screen (what 上传截图包, 截取屏幕 and the per-screen upload write): one replaced.
    await app.deps.db.updateTable('project_screens').set({ blob_key: 'shot-login-2' }).where('id', '=', login.id).execute();
    const replaced = await apply(app, a.headers, { id: c.data.id, itemNo: 1, reason: 'screenshot_version', done: true });
    expect(replaced.data.noticeItems[0]!.fixes[0]!.change).toMatch(/^已更换操作手册中的 1 张截图（“登录页”）；经识别/);
  });

  it('a design document (no user interface) is never offered screenshots or an 操作手册', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const p = await generatedProject(app, a.headers, '码著接口服务系统', 'service');
    expect(docName(p.zip)).toBe('设计说明书');
    const c = await addCorrection(app, a.headers, p.id, '1、文档过于简单，不能体现软件的全部功能。\n2、文档鉴别材料缺少软件运行截图。\n3、文档截图中的软件版本号与申请表中不一致。\n4、文档鉴别材料应有页眉和页码。');
    expect(c.data.current.documentKind).toBe('设计说明书');
    expect(c.data.noticeItems.map((i) => i.fixes.map((f) => f.reason))).toEqual([['doc_brief'], ['screenshots_missing'], ['screenshot_version'], ['doc_format']]);
    for (const f of c.data.noticeItems.flatMap((i) => i.fixes)) {
      expect(f.description, f.reason).not.toMatch(/操作手册|界面截图|上传截图包|截取屏幕/);
    }
    expect(c.data.noticeItems[0]!.fixes[0]!.description).toContain('重新生成设计说明书');
    // No screens to check: the applicant's own words.
    const noWords = await apply(app, a.headers, { id: c.data.id, itemNo: 2, reason: 'screenshots_missing', done: true });
    expect(noWords.msg).toContain('本软件没有用户界面，设计说明书中没有运行截图。');
    const own = await apply(app, a.headers, { id: c.data.id, itemNo: 2, reason: 'screenshots_missing', done: true, note: '本软件为接口服务，没有运行界面' });
    expect(own.data.noticeItems[1]!.fixes[0]!.change).toBe('本软件为接口服务，没有运行界面。');
    // Modules as filed and no words: nothing would back "已充实".
    const same = await apply(app, a.headers, { id: c.data.id, itemNo: 1, reason: 'doc_brief', modules: c.data.current.modules });
    expect([same.code, same.msg]).toEqual([400, expect.stringContaining('功能模块与已提交时相同')]);
    const first = c.data.current.modules[0]!;
    const richer = await apply(app, a.headers, { id: c.data.id, itemNo: 1, reason: 'doc_brief', modules: [{ ...first, description: `${first.description}。模块负责读取与缓存公告、常见问题和协议，按类型分页返回。` }, ...c.data.current.modules.slice(1)] });
    expect(richer.code, richer.msg).toBe(200);
    expect(richer.data.noticeItems[0]!.fixes[0]!.change).toBe(`已修改设计说明书的功能模块：改写“${first.name}”的功能说明。设计说明书现描述 ${c.data.current.modules.length} 个功能模块，已重新生成。`);
  });

  it('maps “通用框架程序，未体现软件功能” to the file selection: excluded files leave the regenerated source', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const p = await generatedProject(app, a.headers, '码著框架排除系统');
    const c = await addCorrection(app, a.headers, p.id, '1、通用框架程序，未体现软件功能。');
    expect(c.data.noticeItems[0]!.fixes.map((f) => f.reason)).toEqual(['boilerplate']);
    const id = c.data.id;
    const unchanged = await apply(app, a.headers, { id, itemNo: 1, reason: 'boilerplate' });
    expect([unchanged.code, unchanged.msg]).toEqual([400, expect.stringContaining('源程序的文件与已提交时相同')]);
    const listing = (zip: Record<string, Uint8Array>) => new TextDecoder().decode(Object.entries(zip).find(([n]) => n.endsWith('源程序清单.txt'))![1]);
    expect(listing(p.zip)).toContain('content.seed-data.ts');
    const select = (exclude: string[]) => app.inject({ method: 'POST', url: '/api/setCodeSelection', headers: a.headers, payload: { uploadId: p.uploadId, include: [], exclude } }).then(body);
    // A rule that matches no file changes nothing: nothing to state.
    expect((await select(['nothing-here/*.ts'])).code).toBe(200);
    const noMatch = await apply(app, a.headers, { id, itemNo: 1, reason: 'boilerplate' });
    expect([noMatch.code, noMatch.msg]).toEqual([400, expect.stringContaining('印入源程序的文件没有变化')]);
    const sel = await select(['content.seed-data.ts']);
    expect(sel.code, sel.msg).toBe(200);
    const ok = await apply(app, a.headers, { id, itemNo: 1, reason: 'boilerplate' });
    expect(ok.code, ok.msg).toBe(200);
    const m = /^已调整源程序印入的文件：不再印入 content\.seed-data\.ts；源程序由已提交时的 (\d+) 个文件（[\d,]+ 行）改为 (\d+) 个文件（[\d,]+ 行），并重新生成源程序。/.exec(ok.data.noticeItems[0]!.fixes[0]!.change ?? '');
    expect(m, ok.data.noticeItems[0]!.fixes[0]!.change).not.toBeNull();
    expect(Number(m![2])).toBe(Number(m![1]) - 1);
    const done = await generate(app, a.headers, id);
    expect(done.status, done.message).toBe('generated');
    const { zip } = await download(app, a.headers, id);
    expect(listing(zip)).not.toContain('content.seed-data.ts');
    const letter = (await readPdfText(zip['码著框架排除系统_V1.0_补正说明.pdf']!)).text.replace(/\s/g, '');
    expect(letter).toContain('不再印入content.seed-data.ts');
  });

  it('an ownership fix needs the contract the 开发方式 calls for, made in 合同下载', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const p = await generatedProject(app, a.headers, '码著合同核对系统');
    const c = await addCorrection(app, a.headers, p.id, '1、开发方式为委托开发，请提交委托开发合同，合同中应明确著作权归属。');
    expect(c.data.noticeItems[0]!.fixes[0]).toMatchObject({ reason: 'ownership_proof', kind: 'contract' });
    const row = await app.deps.db.selectFrom('projects').select('form_json').where('id', '=', p.id).executeTakeFirstOrThrow();
    await app.deps.db.updateTable('projects').set({ form_json: JSON.stringify({ ...JSON.parse(row.form_json), developmentMode: '委托开发' }) }).where('id', '=', p.id).execute();
    const refused = await apply(app, a.headers, { id: c.data.id, itemNo: 1, reason: 'ownership_proof', done: true });
    expect(refused.code).toBe(400);
    expect(refused.msg).toMatch(/请先在“合同下载”中为本项目生成《.+》/);
  });

  it('field fixes: languages keep the code’s, 修改 needs 原登记号, version, modules for the manual', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const p = await generatedProject(app, a.headers, '码著字段修改系统');
    const notice = `1、编程语言填写不完整，源程序中含有HTML、CSS，请在编程语言中一并填写。
2、本软件为升级版本，应按修改软件申请，并填写原登记号。
3、版本号格式不规范，应为V1.0形式。
4、文档与源程序的功能不一致。`;
    const c = await addCorrection(app, a.headers, p.id, notice);
    const id = c.data.id;
    expect(c.data.noticeItems.map((i) => i.fixes[0]?.reason)).toEqual(['languages', 'modification', 'version_format', 'doc_code_mismatch']);
    const langs = await apply(app, a.headers, { id, itemNo: 1, reason: 'languages', fields: { languages: ['HTML', 'CSS'] } });
    expect(langs.code, langs.msg).toBe(200);
    expect(langs.data.current.languages).toEqual([...c.data.current.codeLanguages, 'HTML', 'CSS']);
    expect((await apply(app, a.headers, { id, itemNo: 2, reason: 'modification', fields: { nature: '修改' } })).msg).toContain('原登记号');
    expect((await apply(app, a.headers, { id, itemNo: 2, reason: 'modification', fields: { nature: '修改', originalRegistrationNo: '2023SR0123456', modificationNote: '增加报表' } })).code).toBe(200);
    expect((await apply(app, a.headers, { id, itemNo: 3, reason: 'version_format', fields: { version: 'V1.0 Beta' } })).code).toBe(400);
    expect((await apply(app, a.headers, { id, itemNo: 3, reason: 'version_format', fields: { version: 'V2.0' } })).data.current.version).toBe('V2.0');
    const mods = await apply(app, a.headers, {
      id,
      itemNo: 4,
      reason: 'doc_code_mismatch',
      modules: [
        { name: '公告管理', description: '发布与维护公告', operations: ['新增公告'] },
        { name: '常见问题', description: '维护常见问题', operations: ['新增问题'] },
      ],
    });
    expect(mods.data.current.modules.map((m) => m.name)).toEqual(['公告管理', '常见问题']);
    const done = await generate(app, a.headers, id);
    expect(done.status, done.message).toBe('generated');
    const { zip } = await download(app, a.headers, id);
    const pre = '码著字段修改系统_V2.0_';
    const form = JSON.parse(Buffer.from(zip[`${pre}申请表.json`]!).toString('utf8'));
    expect(form.languages).toContain('HTML');
    expect(form.languages).toContain('CSS');
    expect(form).toMatchObject({ version: 'V2.0', nature: '修改', originalRegistrationNo: '2023SR0123456' });
    const manual = (await readPdfText(zip[`${pre}${docName(zip)}.pdf`]!)).text;
    expect(manual).toContain('公告管理');
    expect((await readPdfPages(zip[`${pre}源程序.pdf`]!))[0]!.header).toBe('码著字段修改系统V2.0');
  });

  it('charges the second correction of a project as a generation and refuses it without balance', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const p = await generatedProject(app, a.headers, '码著计费测试系统');
    const first = await addCorrection(app, a.headers, p.id, '1、请同步上传电子版文档');
    await apply(app, a.headers, { id: first.data.id, itemNo: 1, reason: 'electronic_copy', done: true });
    expect((await generate(app, a.headers, first.data.id)).charge).toEqual({ freeTimes: 0, giftedPoints: 0, rechargePoints: 0 });
    expect((await addCorrection(app, a.headers, p.id, '1、签章页未签字。')).code).toBe(200);
    const again = await addCorrection(app, a.headers, p.id, '1、签章页未签字。');
    expect(again.code).toBe(409);

    const list = body<Page<CorrectionListItem>>(await app.inject({ method: 'POST', url: '/api/getProjectCorrectionsList', headers: a.headers, payload: { projectId: p.id } }));
    const second = list.data.list.find((x) => x.status === 'pending')!;
    await apply(app, a.headers, { id: second.id, itemNo: 1, reason: 'signature', done: true, note: '已签字' });
    const d = body<CorrectionDetails>(await app.inject({ url: `/api/getCorrectionDetails?id=${second.id}`, headers: a.headers }));
    expect(d.data.cost).toBe(100);
    await setBalances(app, a.userId, { freeTimes: 0, gifted: 30, recharge: 60 });
    const poor = body(await app.inject({ method: 'POST', url: '/api/generateCorrectionMaterials', headers: a.headers, payload: { id: second.id } }));
    expect(poor.code).toBe(460);
    await setBalances(app, a.userId, { freeTimes: 0, gifted: 30, recharge: 70 });
    const done = await generate(app, a.headers, second.id);
    expect(done.status, done.message).toBe('generated');
    expect(done.charge).toEqual({ freeTimes: 0, giftedPoints: 30, rechargePoints: 70 });
    expect(await points(app, a.headers)).toMatchObject({ giftedPoints: 0, rechargePoints: 0 });
  });

  it('refunds a failed generation and prices it again', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const p = await generatedProject(app, a.headers, '码著退费测试系统');
    const first = await addCorrection(app, a.headers, p.id, '1、请同步上传电子版文档');
    await apply(app, a.headers, { id: first.data.id, itemNo: 1, reason: 'electronic_copy', done: true });
    await generate(app, a.headers, first.data.id);
    const second = await addCorrection(app, a.headers, p.id, '1、软件主要功能描述过于简单。');
    const text = '本系统用于管理公告、常见问题、协议与案例，'.repeat(30);
    await apply(app, a.headers, { id: second.data.id, itemNo: 1, reason: 'main_functions', fields: { mainFunctions: text } });
    await setBalances(app, a.userId, { freeTimes: 0, gifted: 40, recharge: 100 });
    const engine = app.deps.jobs.engine;
    const real = engine.generate;
    engine.generate = async () => {
      const e = new Error('引擎故障（测试）');
      e.name = 'DocgenError';
      throw e;
    };
    try {
      const failed = await generate(app, a.headers, second.data.id);
      expect(failed.status).toBe('failed');
      expect(failed.message).toContain('费用已退回');
      expect(failed.charge).toBeNull();
      expect(failed.cost).toBe(100);
    } finally {
      engine.generate = real;
    }
    expect(await points(app, a.headers)).toMatchObject({ giftedPoints: 40, rechargePoints: 100 });
    const ok = await generate(app, a.headers, second.data.id);
    expect(ok.status, ok.message).toBe('generated');
    expect(ok.charge).toEqual({ freeTimes: 0, giftedPoints: 40, rechargePoints: 60 });
    expect(await points(app, a.headers)).toMatchObject({ giftedPoints: 0, rechargePoints: 40 });
    // Generated: regenerating without a change is refused (only a failed generation is retried for free).
    const same = body(await app.inject({ method: 'POST', url: '/api/generateCorrectionMaterials', headers: a.headers, payload: { id: second.data.id } }));
    expect([same.code, same.msg]).toEqual([400, '本轮补正材料已生成，无需重新生成。如需修改，请先修改相应事项（修改后重新生成按新一轮补正计费）']);
    // A fix after the answer starts the next round, priced again.
    const round2 = await apply(app, a.headers, { id: second.data.id, itemNo: 1, reason: 'main_functions', fields: { mainFunctions: text + '另支持按日期筛选。' } });
    expect(round2.data).toMatchObject({ cost: 100, charge: null });
    const refused = body(await app.inject({ method: 'POST', url: '/api/generateCorrectionMaterials', headers: a.headers, payload: { id: second.data.id } }));
    expect(refused.code).toBe(460);
    await setBalances(app, a.userId, { freeTimes: 0, gifted: 0, recharge: 140 });
    const again = await generate(app, a.headers, second.data.id);
    expect(again.status).toBe('generated');
    expect(await points(app, a.headers)).toMatchObject({ giftedPoints: 0, rechargePoints: 40 });
  });

  it('answers the filed application only: another program\'s code, another name or edits outside the notice are refused', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const p = await generatedProject(app, a.headers, '码著内容管理系统');
    const c = await addCorrection(app, a.headers, p.id, '1、源程序中的版本号与申请表不一致。\n2、软件名称应以“软件”“系统”或“平台”结尾。');
    expect(c.data.noticeItems.map((i) => i.fixes.map((f) => f.reason))).toEqual([['code_version'], ['name_suffix']]);
    const id = c.data.id;
    // Another program: none of its files are the filed program's.
    const other = await upload(app, a.headers, zipFolder(path.resolve(import.meta.dirname, '../points')), 'points.zip');
    const foreign = await apply(app, a.headers, { id, itemNo: 1, reason: 'code_version', uploadId: other.data.uploadId });
    expect(foreign.code).toBe(400);
    expect(foreign.msg).toMatch(/^新上传的代码中只有 \d+% 的文件来自已申请登记的程序。/);
    // The filed program with its version changed in one file: accepted.
    const filed = unzipSync(new Uint8Array(zipFolder(CODE_DIR)));
    const first = Object.keys(filed).sort()[0]!;
    filed[first] = new TextEncoder().encode(`// 版本 V1.0\n${new TextDecoder().decode(filed[first])}`);
    // The code still declaring another version is refused, naming where.
    const stale = await upload(app, a.headers, Buffer.from(zipSync({ ...filed, 'package.json': new TextEncoder().encode('{\n  "name": "content",\n  "version": "1.1.1"\n}\n') })), 'content-stale.zip');
    const still = await apply(app, a.headers, { id, itemNo: 1, reason: 'code_version', uploadId: stale.data.uploadId });
    expect([still.code, still.msg]).toEqual([400, '代码中仍有与申请表（V1.0）不同的版本号：package.json 第 3 行 1.1.1。请改为一致后重新上传']);
    const fixed = await upload(app, a.headers, Buffer.from(zipSync({ ...filed, 'package.json': new TextEncoder().encode('{\n  "name": "content",\n  "version": "1.0.0"\n}\n') })), 'content-v1.zip');
    const versioned = await apply(app, a.headers, { id, itemNo: 1, reason: 'code_version', uploadId: fixed.data.uploadId });
    expect(versioned.code, versioned.msg).toBe(200);
    expect(versioned.data.noticeItems[0]!.fixes[0]!.change).toMatch(/^已上传修改后的源代码（与已提交的程序相比：\d+ 个文件未变，1 个文件修改或新增；现 \d+ 个文件，共 [\d,]+ 行），并重新生成源程序。经检查，代码中声明的版本号（package\.json 的 version）均为 V1\.0，与申请表一致。$/);
    // A name of another software is refused; completing the suffix is what the notice asks.
    const renamed = await apply(app, a.headers, { id, itemNo: 2, reason: 'name_suffix', fields: { name: '码著会议室预约系统' } });
    expect([renamed.code, renamed.msg]).toEqual([400, '“码著会议室预约系统”与已申请登记的“码著内容管理系统”不是同一个软件名称。补正只能按通知书的要求调整名称（如补上“软件”“系统”“平台”结尾、各材料统一）；登记另一个软件请新建项目']);
    expect((await apply(app, a.headers, { id, itemNo: 2, reason: 'name_suffix', fields: { name: '码著内容管理软件' } })).code).toBe(200);
    // The project renamed outside the correction: generation refused until it matches again.
    await app.deps.db.updateTable('projects').set({ name: '码著财务管理软件' }).where('id', '=', p.id).execute();
    const outside = body(await app.inject({ method: 'POST', url: '/api/generateCorrectionMaterials', headers: a.headers, payload: { id } }));
    expect([outside.code, outside.msg]).toEqual([400, '“码著财务管理软件”与已申请登记的“码著内容管理系统”不是同一个软件名称。补正只能按通知书的要求调整名称；登记另一个软件请新建项目']);
    await app.deps.db.updateTable('projects').set({ name: '码著内容管理软件' }).where('id', '=', p.id).execute();
    const done = await generate(app, a.headers, id);
    expect(done.status, done.message).toBe('generated');
    // Generated is not answered: the deadline still runs until the user marks the answer submitted.
    expect(done).toMatchObject({ state: 'generated', submittedAt: null, revision: 1 });
    const submitted = body<CorrectionDetails>(await app.inject({ method: 'POST', url: '/api/markCorrectionSubmitted', headers: a.headers, payload: { id } }));
    expect(submitted.data).toMatchObject({ state: 'submitted', stateLabel: '已提交' });
    expect(submitted.data.submittedAt).not.toBeNull();
    const late = await apply(app, a.headers, { id, itemNo: 2, reason: 'name_suffix', fields: { name: '码著内容管理平台' } });
    expect([late.code, late.msg]).toEqual([400, '补正材料已标记为提交，不能再修改。如收到新的补正通知，请新建补正']);
  });

  it('scopes every call to the owner, cancels, and lists overdue corrections', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const b = await buildUser(app);
    const p = await generatedProject(app, a.headers, '码著权限测试系统');
    const c = await addCorrection(app, a.headers, p.id, VERBATIM, daysAgo(40));
    expect(c.data).toMatchObject({ state: 'overdue', stateLabel: '已逾期', daysLeft: -10, deadlineLevel: 'overdue' });
    const id = c.data.id;
    expect(body(await app.inject({ url: `/api/getCorrectionDetails?id=${id}`, headers: b.headers })).code).toBe(404);
    expect((await apply(app, b.headers, { id, itemNo: 4, reason: 'electronic_copy', done: true })).code).toBe(404);
    expect(body(await app.inject({ url: `/api/getCorrectionsMaterials?id=${id}`, headers: b.headers })).code).toBe(404);
    expect(body(await app.inject({ url: `/api/cancelProjectCorrections?id=${id}`, headers: b.headers })).code).toBe(404);
    expect(body(await app.inject({ method: 'POST', url: '/api/getProjectCorrectionsList', headers: b.headers, payload: { projectId: p.id } })).code).toBe(404);
    expect((await addCorrection(app, b.headers, p.id, VERBATIM)).code).toBe(404);
    expect(body<Page<CorrectionListItem>>(await app.inject({ method: 'POST', url: '/api/getCorrectionsProjectList', headers: b.headers, payload: {} })).data.total).toBe(0);
    expect(body(await app.inject({ method: 'POST', url: '/api/getCorrectionsProjectList', payload: {} })).code).toBe(302);

    const overdue = body<Page<CorrectionListItem>>(await app.inject({ method: 'POST', url: '/api/getCorrectionsProjectList', headers: a.headers, payload: { state: 'overdue' } }));
    expect(overdue.data.list.map((x) => x.id)).toEqual([id]);
    expect(body(await app.inject({ url: `/api/getCorrectionsMaterials?id=${id}`, headers: a.headers })).msg).toContain('尚未生成');

    const cancelled = body<CorrectionDetails>(await app.inject({ url: `/api/cancelProjectCorrections?id=${id}`, headers: a.headers }));
    expect(cancelled.data).toMatchObject({ state: 'cancelled', stateLabel: '已取消' });
    expect((await apply(app, a.headers, { id, itemNo: 4, reason: 'electronic_copy', done: true })).msg).toContain('已取消');
    expect((await addCorrection(app, a.headers, p.id, VERBATIM)).code).toBe(200);

    // Bad input answers in Chinese.
    const future = await addCorrection(app, a.headers, p.id, VERBATIM, '2999-01-01');
    expect(future.msg).toContain('不能晚于今天');
    const badDate = await addCorrection(app, a.headers, p.id, VERBATIM, '2026-02-30');
    expect(badDate.code).toBe(400);
    expect(badDate.msg).toContain('不是有效日期');
  });

  it('reads a notice from a PDF text layer and from a photo (OCR, offline)', async () => {
    const a = await buildUser(app);
    const pdf = await renderCorrectionLetterPdf({
      name: '示例系统',
      version: 'V1.0',
      noticeDate: '2026-03-05',
      date: '2026-03-05',
      items: [{ no: 1, notice: '申请表中软件全称请以软件、系统、或平台结尾。', response: ['无'], materials: [] }],
      attachments: [],
    });
    const sendFile = async (data: Buffer, name: string) => {
      const mp = await multipart({ file: { data, name } });
      return body<NoticeText>(await app.inject({ method: 'POST', url: '/api/uploadCorrectionNotice', headers: { ...a.headers, 'content-type': mp.contentType }, payload: mp.payload }));
    };
    const fromPdf = await sendFile(pdf, 'notice.pdf');
    expect(fromPdf.code, fromPdf.msg).toBe(200);
    expect(fromPdf.data.source).toBe('pdf');
    expect(fromPdf.data.text).toContain('申请表中软件全称请以软件、系统、或平台结尾');

    const lines = ['补正通知书', '1、申请表中软件全称请以软件、系统、或平台结尾。', '2、提交的源程序不足60页，应提交前30、后30共计60页源程序。', '3、文档截图中的软件版本号与申请表中不一致。'];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="400"><rect width="100%" height="100%" fill="white"/>${lines.map((l, i) => `<text x="40" y="${70 + i * 80}" font-family="Noto Sans CJK SC, Noto Sans SC, WenQuanYi Micro Hei, sans-serif" font-size="36" fill="black">${l}</text>`).join('')}</svg>`;
    const photo = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    const fromPhoto = await sendFile(photo, 'notice.jpg');
    expect(fromPhoto.code, fromPhoto.msg).toBe(200);
    expect(fromPhoto.data.source).toBe('image');
    const parsed = body<ParsedNotice>(await app.inject({ method: 'POST', url: '/api/parseCorrectionNotice', headers: a.headers, payload: { text: fromPhoto.data.text } }));
    console.log(`[notice OCR] confidence ${fromPhoto.data.confidence}; items ${parsed.data.items.length}, recognised ${parsed.data.recognised}`);
    expect(parsed.data.items.map((i) => i.fixes.map((f) => f.reason))).toEqual([['name_suffix'], ['source_pages'], ['screenshot_version']]);

    // A scanned PDF (no text layer, one picture per page) is read by OCR too.
    const scan = new PDFDocument({ size: 'A4', margin: 0 });
    const chunks: Buffer[] = [];
    scan.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise<Buffer>((r) => scan.on('end', () => r(Buffer.concat(chunks))));
    scan.image(await sharp(Buffer.from(svg)).png().toBuffer(), 20, 20, { width: 555 });
    scan.end();
    const fromScan = await sendFile(await ended, 'scan.pdf');
    expect(fromScan.code, fromScan.msg).toBe(200);
    expect(fromScan.data.source).toBe('image');
    const parsedScan = body<ParsedNotice>(await app.inject({ method: 'POST', url: '/api/parseCorrectionNotice', headers: a.headers, payload: { text: fromScan.data.text } }));
    expect(parsedScan.data.items.map((i) => i.fixes.map((f) => f.reason))).toEqual([['name_suffix'], ['source_pages'], ['screenshot_version']]);

    expect((await sendFile(Buffer.from('hello'), 'x.txt')).code).toBe(415);
  }, 60_000);
});
