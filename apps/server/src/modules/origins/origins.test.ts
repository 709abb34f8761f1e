import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AI_DECLARATION_CODE, AI_DECLARATION_FAIL, type AiGenerateResult, type AiPreference, type ProjectDetails, type ProjectInput, type ReportItem, type WordStatus } from '@mazhu/contracts';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { waitForMaterials } from '../../../test/projects.factories';
import type { OriginRecord } from '../../jobs/text-origins';

/**
 * Where texts come from, through the web API, with a model behind AI_BASE_URL: a local fake OpenAI-compatible chat
 * API (node:http, random port) that the server's real client talks HTTP to. Generations use free times (no money).
 */
const MODEL = 'fake-writer-1';
const AI_MAIN_FUNCTIONS = [
  '本系统面向中小型仓库的日常作业，提供仓库与库位维护、入库登记、出库登记、库存盘点和预警报表五类功能。',
  '管理员在仓库管理中维护仓库名称、地址和负责人，并按货架划分库位，库位编码在同一仓库内唯一。',
  '仓管员扫描到货单完成入库登记，系统核对采购数量与实收数量，差异部分生成待处理记录并提醒采购人员确认。',
  '出库登记依据领用申请扣减库存，库存不足时拒绝出库并提示可用数量，出库单可打印并由领用人签收。',
  '库存盘点按仓库或库位生成盘点任务，盘点人员录入实盘数量后系统计算盈亏，经主管审核后调整账面库存。',
  '预警报表按物料设置的库存下限每日检查，低于下限的物料列入补货清单，并按月汇总出入库流水供财务对账。',
  '系统记录每一次库存变动的操作人、时间和单据号，便于追溯差错来源；所有列表支持按日期、物料和仓库筛选导出。',
  '权限方面区分管理员、仓管员和主管三类角色，各角色只能看到与其职责相关的菜单和数据，登录失败五次后锁定账号。',
].join('');

const aiInformation = {
  description: '仓库管理系统用于中小型仓库的入库、出库、盘点和库存预警，帮助仓管员减少手工台账，管理员掌握库存变化。',
  purpose: '以信息化方式管理仓库作业，减少手工台账差错',
  domain: '仓储物流',
  mainFunctions: AI_MAIN_FUNCTIONS,
  techFeatures: '采用浏览器/服务器结构，库存变动逐笔留痕，支持按角色控制菜单与数据权限。',
  techTags: ['大数据'],
  devHardware: 'CPU 2.0GHz，内存 8GB，硬盘 256GB',
  runHardware: 'CPU 2.0GHz，内存 4GB，硬盘 100GB',
  devOs: 'Windows 11',
  devTools: 'IntelliJ IDEA 2024',
  runPlatform: 'Linux',
  runSupport: 'JDK 17、MySQL 8.0',
  languages: 'Java',
  modules: [{ name: '入库管理', description: '扫描到货单登记入库并核对数量。', operations: ['扫描到货单', '核对数量', '确认入库'] }],
};

let calls = 0;
// Listening before the app is built (at collection time), so AI_BASE_URL is known.
const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      calls++;
      const system = (JSON.parse(data || '{}') as { messages?: { content: string }[] }).messages?.[0]?.content ?? '';
      const content = system.includes('润色一个功能模块')
        ? { description: '扫描到货单登记入库，系统核对采购数量与实收数量。', operations: ['扫描到货单', '确认入库'] }
        : system.includes('润色成规范')
          ? { description: aiInformation.description }
          : system.includes('英文软件名称')
            ? { enName: 'Warehouse Management System' }
            : aiInformation;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(content) }, finish_reason: 'stop' }] }));
    });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A project whose every text the user typed (nothing left for the rule-based writer to fill). */
const TYPED: ProjectInput = {
  name: '码著仓库管理系统',
  version: 'V1.0',
  category: '应用软件',
  platform: 'Web',
  description: '我们自己开发的仓库管理软件，给公司仓库的同事登记进出货和盘点用。',
  form: {
    completionDate: '2025-06-01',
    purpose: '替代纸质台账，登记公司仓库的进出货',
    domain: '公司内部仓库管理',
    mainFunctions: '仓库同事用它登记每天的进货和出货，月底按库位盘点，数量对不上的地方可以查到是谁在什么时候改的。'.repeat(6),
    techTags: ['物联网'],
    techFeatures: '扫码枪录入，库存变动逐笔记录',
    devHardware: '普通办公电脑',
    runHardware: '普通办公电脑',
    devOs: 'Windows 10',
    devTools: 'VS Code',
    runPlatform: 'Windows 10',
    runSupport: 'Chrome 浏览器',
    languages: ['TypeScript'],
  },
  modules: [{ name: '进货登记', description: '扫码登记到货的物品和数量。', operations: ['扫描到货单', '填写数量', '保存'], notes: ['数量必须是正整数'] }],
};

describe('text origins: record in the materials, AI declaration, AI only when asked', async () => {
  const app = await buildTestApp({ AI_BASE_URL: baseUrl, AI_API_KEY: 'test-key', AI_MODEL: MODEL, AI_TIMEOUT_MS: '5000' });
  const post = (url: string, headers: Record<string, string>, payload: object) => app.inject({ method: 'POST', url, headers, payload });
  const details = async (h: Record<string, string>, id: number) => body<ProjectDetails>(await app.inject({ url: `/api/getProjectDetails?id=${id}`, headers: h })).data;
  const generate = async (h: Record<string, string>, id: number) => {
    const g = body<WordStatus>(await post('/api/generateProjectWord', h, { id }));
    expect(g.code, g.msg).toBe(200);
    const s = await waitForMaterials(app, h, id, 120_000);
    expect(s.state, s.message).toBe('succeeded');
    const zip = unzipSync(new Uint8Array((await app.inject({ url: `/api/getProjectWordDownload?id=${id}`, headers: h })).rawPayload));
    const file = (suffix: string) => {
      const name = Object.keys(zip).find((n) => n.endsWith(suffix));
      expect(name, `${suffix} in the zip`).toBeDefined();
      return new TextDecoder().decode(zip[name!]).replace(/^\ufeff/, '');
    };
    const report = JSON.parse(file('检查报告.json')) as { items: ReportItem[] };
    return { record: JSON.parse(file('文字来源说明.json')) as OriginRecord, recordText: file('文字来源说明.txt'), report: report.items, reportText: file('检查报告.txt') };
  };

  it('typed texts: no AI text in the record; one accepted AI text of 主要功能 makes the declaration 未通过 and names the field and the model', async () => {
    const a = await buildUser(app, { freeTimes: 2 });
    const add = body<ProjectDetails>(await post('/api/addProject', a.headers, TYPED));
    expect(add.code, add.msg).toBe(200);
    expect(add.data.origins['form.mainFunctions']).toEqual({ origin: 'user' });
    expect(add.data.modules[0]!.origins?.description).toEqual({ origin: 'user' });

    const typed = await generate(a.headers, add.data.id);
    expect(typed.record.noAiText).toBe(true);
    expect(typed.record.summary.ai).toBe(0);
    expect(typed.record.entries.find((e) => e.field === 'form.mainFunctions')?.origin).toBe('user');
    expect(typed.record.entries.some((e) => e.document && e.section?.includes('主要功能') && e.origin === 'user')).toBe(true);
    expect(typed.recordText).toContain('本系统没有记录到 AI 撰写或修改的文字');
    const passed = typed.report.find((i) => i.code === AI_DECLARATION_CODE);
    expect(passed?.level).toBe('info');
    expect(typed.report.some((i) => i.code === 'TEXT_DRAFTS')).toBe(false);

    // The model is used only when asked, and only after the declaration notice was confirmed (once per account).
    const before = calls;
    const first = body(await post('/api/getAIGeneratedInformation', a.headers, { id: add.data.id, engine: 'ai' }));
    expect(first.code).toBe(428);
    expect(first.msg).toContain('声明');
    expect(calls).toBe(before);
    const pref = body<AiPreference>(await post('/api/setAiPreference', a.headers, { acceptNotice: true }));
    expect(pref.data.noticeAcceptedAt).not.toBeNull();
    expect(pref.data.modelAvailable).toBe(true);
    const g = body<AiGenerateResult>(await post('/api/getAIGeneratedInformation', a.headers, { id: add.data.id, engine: 'ai' }));
    expect(g.code, g.msg).toBe(200);
    expect(g.data).toMatchObject({ provider: 'openai', origin: 'ai', model: MODEL });
    expect(calls).toBeGreaterThan(before);
    // A suggestion: the project's 主要功能 is still the user's until the user saves the AI text.
    expect((await details(a.headers, add.data.id)).form.mainFunctions).toBe(TYPED.form!.mainFunctions);

    const accepted = body<ProjectDetails>(await post('/api/editProject', a.headers, { id: add.data.id, form: { mainFunctions: g.data.information.mainFunctions } }));
    expect(accepted.data.origins['form.mainFunctions']).toMatchObject({ origin: 'ai', provider: 'openai', model: MODEL, edited: false });
    expect(accepted.data.origins['form.purpose']).toEqual({ origin: 'user' });

    const polished = await generate(a.headers, add.data.id);
    expect(polished.record.noAiText).toBe(false);
    const entry = polished.record.entries.find((e) => e.field === 'form.mainFunctions');
    expect(entry).toMatchObject({ origin: 'ai', provider: 'openai', model: MODEL, label: '软件的主要功能' });
    expect(entry?.time).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(polished.record.entries.find((e) => e.document && e.section?.endsWith('主要功能') && e.part === '第 1 段')?.origin).toBe('ai');
    expect(polished.record.entries.filter((e) => e.origin === 'ai' && e.field).map((e) => e.field)).toEqual(['form.mainFunctions']);
    const declaration = polished.report.find((i) => i.code === AI_DECLARATION_CODE);
    expect(declaration?.level).toBe('error');
    expect(declaration?.message).toContain(AI_DECLARATION_FAIL);
    expect(declaration?.message).toContain('软件的主要功能');
    expect(declaration?.message).toContain(MODEL);
    expect(declaration?.message).toMatch(/用自己的话重写|删除/);
    expect(polished.reportText).toContain(`[未通过] ${AI_DECLARATION_FAIL}`);
    expect(polished.recordText).toContain(`软件的主要功能：AI 撰写（openai/${MODEL}`);
  }, 240_000);

  it('pasting the AI text, or an edit of it, through the plain save calls is still recorded as AI; one’s own rewrite is the user’s', async () => {
    const a = await buildUser(app);
    await post('/api/setAiPreference', a.headers, { acceptNotice: true });
    const g = body<AiGenerateResult>(await post('/api/getAIGeneratedInformation', a.headers, { name: '码著仓库管理系统', engine: 'ai' }));
    expect(g.data.origin).toBe('ai');
    const ai = g.data.information.mainFunctions;

    // Pasted into a new project (addProject), unchanged.
    const pasted = body<ProjectDetails>(await post('/api/addProject', a.headers, { ...TYPED, form: { ...TYPED.form, mainFunctions: ai } }));
    expect(pasted.data.origins['form.mainFunctions']).toMatchObject({ origin: 'ai', model: MODEL, edited: false });

    // Edited: two sentences rewritten, one added, spaces and punctuation changed — still AI, marked as edited.
    const sentences = ai.split('。').filter(Boolean);
    sentences[1] = '管理员可以新增仓库，填写名称和负责人';
    sentences[4] = '盘点时按库位逐个清点，差异由主管确认';
    const edited = `${sentences.join('，')}。另外我们还加了扫码枪支持。`;
    const e = body<ProjectDetails>(await post('/api/editProject', a.headers, { id: pasted.data.id, form: { mainFunctions: edited } }));
    expect(e.code, e.msg).toBe(200);
    expect(e.data.origins['form.mainFunctions']).toMatchObject({ origin: 'ai', model: MODEL, edited: true });

    // Pasted into a module through the module calls.
    const m = body<{ id: number }>(await post('/api/addFunctionalModule', a.headers, { projectId: pasted.data.id, name: '总览', description: ai.slice(0, 200) }));
    expect(m.code).toBe(200);
    const d = await details(a.headers, pasted.data.id);
    expect(d.modules.find((x) => x.name === '总览')?.origins?.description).toMatchObject({ origin: 'ai', model: MODEL });

    // Rewritten in one's own words: the user's.
    const own = body<ProjectDetails>(await post('/api/editProject', a.headers, { id: pasted.data.id, form: { mainFunctions: TYPED.form!.mainFunctions } }));
    expect(own.data.origins['form.mainFunctions']).toEqual({ origin: 'user' });
    // The rule-based writer's text is a draft, not AI (the default engine).
    const r = body<AiGenerateResult>(await post('/api/getAIGeneratedInformation', a.headers, { name: '码著库存盘点系统', description: '支持入库登记、出库登记和库存盘点' }));
    expect(r.data).toMatchObject({ provider: 'offline', origin: 'draft' });
    const drafted = body<ProjectDetails>(await post('/api/editProject', a.headers, { id: pasted.data.id, form: { mainFunctions: r.data.information.mainFunctions } }));
    expect(drafted.data.origins['form.mainFunctions']).toMatchObject({ origin: 'draft', edited: false });
  }, 60_000);

  it('不使用 AI 撰写 refuses AI calls with a Chinese message; the rule-based writer stays available', async () => {
    const a = await buildUser(app);
    const other = await buildUser(app);
    await post('/api/setAiPreference', a.headers, { acceptNotice: true, noAi: true });
    const pref = body<AiPreference>(await app.inject({ url: '/api/getAiPreference', headers: a.headers }));
    expect(pref.data.noAi).toBe(true);
    const before = calls;
    for (const res of [
      await post('/api/getAIGeneratedInformation', a.headers, { name: '码著仓库管理系统', engine: 'ai' }),
      await post('/api/getAiPolishDescription', a.headers, { name: '码著仓库管理系统', description: '管理仓库的入库出库', engine: 'ai' }),
      await post('/api/getFunctionAiPolish', a.headers, { projectName: '码著仓库管理系统', moduleName: '入库管理', description: '登记入库单', engine: 'ai' }),
      await app.inject({ url: `/api/getCnNameToEnName?name=${encodeURIComponent('仓库管理系统')}&engine=ai`, headers: a.headers }),
    ]) {
      const r = body(res);
      expect(r.code).toBe(403);
      expect(r.msg).toContain('不使用 AI 撰写');
    }
    expect(calls).toBe(before);
    const rules = body<AiGenerateResult>(await post('/api/getAIGeneratedInformation', a.headers, { name: '码著仓库管理系统', description: '支持入库登记和出库登记' }));
    expect(rules.code, rules.msg).toBe(200);
    expect(rules.data.origin).toBe('draft');
    // The setting is the account's own: another account is not affected.
    expect(body<AiPreference>(await app.inject({ url: '/api/getAiPreference', headers: other.headers })).data).toMatchObject({ noAi: false, noticeAcceptedAt: null });
    const off = body<AiPreference>(await post('/api/setAiPreference', a.headers, { noAi: false }));
    expect(off.data.noAi).toBe(false);
    expect(body(await post('/api/getAiPolishDescription', a.headers, { name: '码著仓库管理系统', description: '管理仓库的入库出库', engine: 'ai' })).code).toBe(200);
  }, 60_000);
});
