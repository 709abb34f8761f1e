import { BATCH_COLUMNS, BATCH_EXAMPLE_MARK, mainFunctionsChars, PROJECT_LIMITS, type BatchDetails, type BatchListItem, type BatchOrderResult, type Page, type UserPoints } from '@mazhu/contracts';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { buildOwner, COMPANY, PERSON } from '../../../test/owners.factories';
import { multipart, setBalances } from '../../../test/projects.factories';

type Headers = Record<string, string>;
type Row = Record<string, string | Date>;

const LONG_FUNCTIONS = (topic: string) =>
  `${topic}提供登录、数据录入、查询统计、报表导出和权限管理等功能。`.repeat(1) +
  Array.from({ length: 14 }, (_, i) => `第${i + 1}项功能用于${topic}中的第${i + 1}类业务处理，记录操作人、时间与结果，支持筛选、排序和导出表格，并在异常时给出提示。`).join('');

const GOOD: Row = {
  name: '智能排班管理系统',
  version: 'V1.0',
  category: '应用软件',
  completionDate: '2025-03-01',
  developmentMode: '单独开发',
  publishStatus: '未发表',
  owners: COMPANY.name,
  rights: '原始取得',
  rightsScope: '全部',
  platform: 'Web',
};

/** Downloads the template, writes `rows` from sheet row 3 on (as an agency would) and returns the .xlsx bytes. */
async function fillTemplate(app: Awaited<ReturnType<typeof buildTestApp>>, headers: Headers, rows: Row[]): Promise<Buffer> {
  const res = await app.inject({ url: '/api/softwareInformationTemplate', headers });
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('软件信息')!;
  rows.forEach((r, i) => {
    BATCH_COLUMNS.forEach((c, j) => {
      const v = r[c.key];
      if (v !== undefined) ws.getCell(3 + i, j + 1).value = v;
    });
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function uploadExcel(app: Awaited<ReturnType<typeof buildTestApp>>, headers: Headers, data: Buffer, name = '批量.xlsx') {
  const mp = await multipart({ file: { data, name }, fileName: name });
  return body<BatchDetails>(await app.inject({ method: 'POST', url: '/api/softwareInformationExcel', headers: { ...headers, 'content-type': mp.contentType }, payload: mp.payload }));
}

const order = (app: Awaited<ReturnType<typeof buildTestApp>>, headers: Headers, payload: object) =>
  app.inject({ method: 'POST', url: '/api/getProjectBatchOrder', headers, payload }).then((r) => body<BatchOrderResult>(r));

async function waitBatch(app: Awaited<ReturnType<typeof buildTestApp>>, headers: Headers, id: number, timeoutMs = 60_000): Promise<BatchDetails> {
  const t0 = Date.now();
  for (;;) {
    const d = body<BatchDetails>(await app.inject({ method: 'POST', url: '/api/getSoftwareInformation', headers, payload: { id } })).data;
    if (d.status === 'completed') return d;
    if (Date.now() - t0 > timeoutMs) throw new Error(`batch ${id} not done: ${JSON.stringify(d.counts)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('batch orders', async () => {
  const app = await buildTestApp();
  /** A user with the company of GOOD registered as a copyright owner. */
  const newUser = async (opts: { freeTimes?: number } = {}) => {
    const u = await buildUser(app, opts);
    const owner = await buildOwner(app, u.headers);
    return { ...u, ownerId: owner.id };
  };

  it('round-trips the template: download, fill by program, upload → the same rows, nothing charged', async () => {
    const u = await newUser();
    const person = await buildOwner(app, u.headers, PERSON);
    await setBalances(app, u.userId, { recharge: 1000 });
    const rows: Row[] = [
      { ...GOOD, completionDate: new Date(Date.UTC(2025, 2, 1)), shortName: '排班', mainFunctions: LONG_FUNCTIONS('排班') },
      { ...GOOD, owners: `${COMPANY.name}、${PERSON.idNumber}`, name: '仓库盘点辅助软件', version: '2.1', publishStatus: '已发表', publishDate: '2025/4/5', publishCountry: '中国', publishCity: '杭州', techTags: '物联网、大数据' },
    ];
    const r = await uploadExcel(app, u.headers, await fillTemplate(app, u.headers, rows));
    expect(r.code, r.msg).toBe(200);
    expect(r.data.status).toBe('draft');
    expect(r.data.rows.map((x) => x.rowNo)).toEqual([3, 4]);
    expect(r.data.rows[0]!.values).toMatchObject({ name: '智能排班管理系统', shortName: '排班', version: 'V1.0', completionDate: '2025-03-01', owners: COMPANY.name });
    expect(r.data.rows[0]!.values.mainFunctions).toBe(LONG_FUNCTIONS('排班'));
    expect(r.data.rows[1]!.values).toMatchObject({ name: '仓库盘点辅助软件', version: '2.1', publishDate: '2025-04-05', techTags: '物联网、大数据' });
    expect(r.data.rows.every((x) => x.state === 'ready' && x.errors.length === 0)).toBe(true);
    expect(person.id).toBeGreaterThan(0);
    expect(r.data.counts).toMatchObject({ total: 2, ready: 2, invalid: 0 });
    const pts = body<UserPoints>(await app.inject({ url: '/api/getUserPoints', headers: u.headers }));
    expect(pts.data.rechargePoints).toBe(1000);
    const list = body<Page<BatchListItem>>(await app.inject({ method: 'POST', url: '/api/getProjectBatchList', headers: u.headers, payload: { type: 'all' } }));
    expect(list.data.list[0]).toMatchObject({ id: r.data.id, status: 'draft', counts: { total: 2 } });
  });

  it('shows where each saved text came from: typed or imported is 用户填写, the rule-based writer’s text (or an edit of it) is 规则草稿', async () => {
    const u = await newUser();
    await setBalances(app, u.userId, { recharge: 1000 });
    const typed = LONG_FUNCTIONS('排班');
    const g = body<{ information: { purpose: string }; origin: string }>(
      await app.inject({ method: 'POST', url: '/api/getAIGeneratedInformation', headers: u.headers, payload: { name: '仓库盘点辅助软件', description: '支持入库登记、出库登记、库存盘点和盘点报表' } }),
    );
    expect(g.code, g.msg).toBe(200);
    expect(g.data.origin).toBe('draft');
    const drafted = g.data.information.purpose;
    expect(drafted.length).toBeGreaterThan(0);
    const r = body<BatchDetails>(
      await app.inject({
        method: 'POST',
        url: '/api/saveSoftwareInformation',
        headers: u.headers,
        payload: {
          rows: [
            { values: { ...GOOD, mainFunctions: typed, purpose: '为排班人员提供统一的排班工具' } },
            { values: { ...GOOD, name: '仓库盘点辅助软件', purpose: drafted, description: '支持入库登记、出库登记、库存盘点和盘点报表' } },
          ],
        },
      }),
    );
    expect(r.code, r.msg).toBe(200);
    const [a, b] = r.data.rows;
    expect(a!.origins).toEqual({ mainFunctions: { origin: 'user' }, purpose: { origin: 'user' } });
    expect(b!.origins.purpose).toMatchObject({ origin: 'draft', edited: false });
    // The description the user typed stays theirs although the writer was given it.
    expect(b!.origins.description).toEqual({ origin: 'user' });
    // Read back by another call, the same record.
    const again = body<BatchDetails>(await app.inject({ method: 'POST', url: '/api/getSoftwareInformation', headers: u.headers, payload: { id: r.data.id } }));
    expect(again.data.rows[1]!.origins.purpose).toMatchObject({ origin: 'draft' });
  });

  it('imports the template as downloaded: the example row alone is skipped, and passes every rule of the importer once unmarked', async () => {
    const u = await newUser();
    const res = await app.inject({ url: '/api/softwareInformationTemplate', headers: u.headers });
    const asDownloaded = await uploadExcel(app, u.headers, res.rawPayload as unknown as Buffer);
    expect([asDownloaded.code, asDownloaded.msg]).toEqual([400, '表格中没有要导入的软件：请从“软件信息”表第 3 行开始，每个软件填写一行']);
    // The example taken as the first software (its mark removed, nothing else changed).
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const nameCell = wb.getWorksheet('软件信息')!.getCell(2, BATCH_COLUMNS.findIndex((c) => c.key === 'name') + 1);
    expect(String(nameCell.value)).toMatch(new RegExp(`^${BATCH_EXAMPLE_MARK}`));
    nameCell.value = String(nameCell.value).slice(BATCH_EXAMPLE_MARK.length);
    const r = await uploadExcel(app, u.headers, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(r.code, r.msg).toBe(200);
    const row = r.data.rows[0]!;
    expect([row.rowNo, row.state, row.message]).toEqual([2, 'ready', '']);
    expect(row.check?.result).not.toBe('failed');
    expect(mainFunctionsChars(row.values.mainFunctions)).toBeGreaterThanOrEqual(PROJECT_LIMITS.mainFunctionsMin);
    expect(mainFunctionsChars(row.values.mainFunctions)).toBeLessThanOrEqual(PROJECT_LIMITS.mainFunctionsMax);
  });

  it('reports every problem as 第 N 行「列名」: message', async () => {
    const u = await newUser();
    const bad: Row[] = [
      { ...GOOD, name: '智能排班管理' }, // row 3: name must end in 软件/系统/平台
      { ...GOOD, name: '二号系统', version: 'Beta1' }, // row 4
      { ...GOOD, name: '三号系统', completionDate: '2025-02-30' }, // row 5
      { ...GOOD, name: '四号系统', category: '游戏软件' }, // row 6
      { ...GOOD, name: '五号系统', publishStatus: '已发表' }, // row 7
      { ...GOOD, name: '六号系统', mainFunctions: '太短的功能说明' }, // row 8
      { ...GOOD, name: '七号系统', owners: '' }, // row 9
      { ...GOOD, name: '八号系统', purpose: '用'.repeat(51) }, // row 10
      { ...GOOD, name: '九号系统', nature: '修改' }, // row 11
      { ...GOOD, name: '十号系统', completionDate: '2099-01-01' }, // row 12
      { ...GOOD, name: '十一号系统', owners: `${COMPANY.name}、未登记的公司` }, // row 13
    ];
    const r = await uploadExcel(app, u.headers, await fillTemplate(app, u.headers, bad));
    expect(r.code, r.msg).toBe(200);
    const msgs = r.data.rows.map((x) => x.message);
    expect(msgs[0]).toBe('第 3 行「软件全称」：软件全称须以“软件”“系统”或“平台”结尾');
    expect(msgs[1]).toBe('第 4 行「版本号」：版本号格式应为 V数字，例如 V1.0（不能含 Beta 或中文）');
    expect(msgs[2]).toBe('第 5 行「开发完成日期」：「2025-02-30」不是有效日期，请写成 YYYY-MM-DD，例如 2025-06-30');
    expect(msgs[3]).toBe('第 6 行「软件分类」：只能填写 应用软件、嵌入式软件、中间件、操作系统 之一');
    expect(msgs[4]).toContain('第 7 行「首次发表日期」：已发表的软件请填写首次发表日期');
    expect(msgs[4]).toContain('第 7 行「首次发表城市」：已发表的软件请填写首次发表城市');
    expect(msgs[5]).toBe('第 8 行「软件的主要功能」：须为 500–1300 个字（现有 7 字）；留空则由 AI 撰写');
    expect(msgs[6]).toBe('第 9 行「著作权人」：请填写著作权人');
    expect(msgs[7]).toBe('第 10 行「开发目的」：开发目的不能超过 50 个字符');
    expect(msgs[8]).toBe('第 11 行「原登记号」：软件说明为“修改”时请填写原登记号');
    expect(msgs[9]).toBe('第 12 行「开发完成日期」：开发完成日期不能晚于今天');
    expect(msgs[10]).toBe('第 13 行「著作权人」：「未登记的公司」不在您的著作权人列表中，请先在“知识产权人”页面登记，或填写已登记的名称或证件号码');
    expect(r.data.rows.every((x) => x.state === 'invalid')).toBe(true);
    // The list counts the rows as the details do (the form rules, not only the cells' stored errors).
    const list = body<Page<BatchListItem>>(await app.inject({ method: 'POST', url: '/api/getProjectBatchList', headers: u.headers, payload: { type: 'all' } }));
    const listed = list.data.list.find((b) => b.id === r.data.id)!;
    expect(r.data.counts).toMatchObject({ total: 11, invalid: 11, ready: 0 });
    expect(listed.counts).toEqual(r.data.counts);
    const details = body<BatchDetails>(await app.inject({ method: 'POST', url: '/api/getSoftwareInformation', headers: u.headers, payload: { id: r.data.id } }));
    expect(details.data.counts).toEqual(listed.counts);
    const q = await order(app, u.headers, { id: r.data.id, confirm: true });
    expect(q.code).toBe(400);
    expect(q.msg).toBe('还有 11 行有错误（第 3、4、5、6、7、8、9、10 等 行），请修改、删除，或选择这些行不下单');
  });

  it('refuses a file of 501 rows, a corrupt file, a CSV renamed .xlsx and an old .xls with clear messages', async () => {
    const u = await newUser();
    const many = Array.from({ length: 501 }, (_, i) => ({ ...GOOD, name: `批量测试${i + 1}号系统` }));
    const r501 = await uploadExcel(app, u.headers, await fillTemplate(app, u.headers, many));
    expect(r501.code).toBe(400);
    expect(r501.msg).toBe('每个文件最多 500 行（不含表头、示例和空行），本文件有 501 行，请拆分成多个文件上传');

    const good = await fillTemplate(app, u.headers, [GOOD]);
    const corrupt = Buffer.concat([good.subarray(0, 4), Buffer.alloc(2000, 7)]);
    const rc = await uploadExcel(app, u.headers, corrupt);
    expect(rc.code).toBe(400);
    expect(rc.msg).toBe('表格文件已损坏或不是有效的 Excel 工作簿（.xlsx），请用模板重新填写后上传');

    const csv = Buffer.from('软件全称,版本号\n智能排班管理系统,V1.0\n', 'utf8');
    const rcsv = await uploadExcel(app, u.headers, csv, '伪装.xlsx');
    expect(rcsv.code).toBe(400);
    expect(rcsv.msg).toContain('不是 Excel 工作簿');

    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]);
    const rx = await uploadExcel(app, u.headers, xls, '旧.xlsx');
    expect(rx.code).toBe(400);
    expect(rx.msg).toContain('旧版 Excel（.xls）');
    const list = body<Page<BatchListItem>>(await app.inject({ method: 'POST', url: '/api/getProjectBatchList', headers: u.headers, payload: {} }));
    expect(list.data.total).toBe(0);
  });

  it('reads Excel dates, formulas, skips empty and example rows, reports merged cells and ignores extra sheets', async () => {
    const u = await newUser();
    const res = await app.inject({ url: '/api/softwareInformationTemplate', headers: u.headers });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('软件信息')!;
    const col = (key: string) => BATCH_COLUMNS.findIndex((c) => c.key === key) + 1;
    const put = (row: number, r: Row) => Object.entries(r).forEach(([k, v]) => (ws.getCell(row, col(k)).value = v));
    put(3, { ...GOOD, name: '公式日期系统', completionDate: new Date(Date.UTC(2024, 11, 31)) });
    ws.getCell(3, col('version')).value = { formula: '"V"&"2.0"', result: 'V2.0' } as ExcelJS.CellFormulaValue;
    // row 4 left empty
    put(5, { ...GOOD, name: '合并单元格系统' });
    put(6, { ...GOOD, name: '合并单元格二系统' });
    ws.mergeCells(5, col('developmentMode'), 6, col('developmentMode'));
    put(7, { ...GOOD, name: '没有结果的公式系统' });
    ws.getCell(7, col('completionDate')).value = { formula: 'TODAY()-10' } as ExcelJS.CellFormulaValue;
    wb.addWorksheet('Sheet2').getCell('A1').value = '备注';
    const r = await uploadExcel(app, u.headers, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(r.code, r.msg).toBe(200);
    expect(r.data.rows.map((x) => x.rowNo)).toEqual([3, 5, 6, 7]);
    expect(r.data.rows[0]!.values).toMatchObject({ version: 'V2.0', completionDate: '2024-12-31' });
    expect(r.data.rows[0]!.state).toBe('ready');
    expect(r.data.rows[1]!.message).toContain('第 5 行「开发方式」：单元格被合并');
    expect(r.data.rows[2]!.message).toContain('第 6 行「开发方式」：单元格被合并');
    expect(r.data.rows[3]!.message).toContain('第 7 行「开发完成日期」：公式没有计算结果');
    expect(r.data.notices).toEqual(['只导入了工作表“软件信息”，已忽略其他工作表：Sheet2']);
  });

  it('charges the whole batch in one transaction or not at all, then generates one project per row', async () => {
    const u = await newUser({ freeTimes: 1 });
    await setBalances(app, u.userId, { gifted: 50, recharge: 100 });
    const save = body<BatchDetails>(
      await app.inject({
        method: 'POST',
        url: '/api/saveSoftwareInformation',
        headers: u.headers,
        payload: { rows: ['甲', '乙', '丙'].map((n) => ({ values: { ...GOOD, name: `${n}号考勤统计系统`, completionDate: '2025-01-01' } })) },
      }),
    );
    expect(save.code, save.msg).toBe(200);
    expect(save.data.source).toBe('quick');
    const id = save.data.id;
    const ack = save.data.rows.filter((r) => r.warnings.length).map((r) => r.id);
    // 主要功能 left to the writer: the rows' facts support far less than 500 characters, so each row is 未通过 and
    // must be confirmed row by row (or left out) before anything is charged.
    for (const r of save.data.rows) {
      expect(r.check?.result).toBe('failed');
      expect(r.check?.mainFunctions).toMatchObject({ written: 'writer', min: 500, max: 1300 });
      expect(r.check!.mainFunctions.chars).toBeLessThan(500);
      expect(r.check!.items[0]!.message).toMatch(/^“软件的主要功能”留空由系统按规则起草：依据本行资料只能写出约 \d+ 字，申请表要求 500–1300 字，系统不会凑字。请补充：/);
      expect(r.gets).toBe('申请表、操作手册和检查报告（未上传源代码，不含源程序文档）');
    }
    const unconfirmed = await order(app, u.headers, { id, confirm: true, acknowledged: ack });
    expect(unconfirmed.code).toBe(400);
    expect(unconfirmed.msg).toBe('第 1、2、3 行检查未通过，请补充资料后再下单，或逐行确认仍要下单，或选择这些行不下单；本次未扣费');
    const confirmFailed = save.data.rows.map((r) => r.id);

    // 3 rows × 100 points: 1 free time + 150 points cover 2.5 rows → refused, nothing taken.
    const quote = await order(app, u.headers, { id, acknowledged: ack, confirmFailed });
    expect(quote.data.quote).toMatchObject({ rows: 3, points: 300, freeTimesUsed: 1, pointsNeeded: 200, enough: false, shortfall: 50, charge: { freeTimes: 0, giftedPoints: 0, rechargePoints: 0 } });
    const refused = await order(app, u.headers, { id, confirm: true, acknowledged: ack, confirmFailed });
    expect(refused.code).toBe(460);
    expect(refused.msg).toContain('还差 50 积分');
    expect(refused.msg).toContain('本次未扣费');
    expect((refused.data as unknown as { shortfall: number }).shortfall).toBe(50);
    let pts = body<UserPoints>(await app.inject({ url: '/api/getUserPoints', headers: u.headers })).data;
    expect(pts).toMatchObject({ freeTimes: 1, giftedPoints: 50, rechargePoints: 100 });
    const projects = await app.deps.db.selectFrom('projects').select('id').where('user_id', '=', u.userId).execute();
    expect(projects).toHaveLength(0);

    await setBalances(app, u.userId, { recharge: 150 });
    const done = await order(app, u.headers, { id, confirm: true, acknowledged: ack, confirmFailed });
    expect(done.code, done.msg).toBe(200);
    expect(done.data.quote.charge).toEqual({ freeTimes: 1, giftedPoints: 50, rechargePoints: 150 });
    pts = body<UserPoints>(await app.inject({ url: '/api/getUserPoints', headers: u.headers })).data;
    expect(pts).toMatchObject({ freeTimes: 0, giftedPoints: 0, rechargePoints: 0 });
    const again = await order(app, u.headers, { id, confirm: true, acknowledged: ack, confirmFailed });
    expect(again.code).toBe(409);

    const finished = await waitBatch(app, u.headers, id);
    expect(finished.counts).toMatchObject({ total: 3, succeeded: 3 });
    expect(finished.charge).toEqual({ freeTimes: 1, giftedPoints: 50, rechargePoints: 150 });
    expect(finished.rows.every((r) => r.projectId && r.downloadable && r.report && r.report.errors >= 1)).toBe(true);
    const project = body<{ form: { ownerIds?: number[] }; owners?: { id: number }[] }>(await app.inject({ url: `/api/getProjectDetails?id=${finished.rows[0]!.projectId}`, headers: u.headers }));
    expect(project.data.owners?.map((o) => o.id)).toEqual([u.ownerId]);
    const ledger = await app.deps.db.selectFrom('points_ledger').select(['delta', 'ref']).where('user_id', '=', u.userId).execute();
    expect(ledger.reduce((s, l) => s + l.delta, 0)).toBe(-201);
    expect(new Set(ledger.map((l) => l.ref)).size).toBe(3); // one job per row

    const zip = await app.inject({ url: `/api/getProjectBatchDownload?id=${id}`, headers: u.headers });
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = Object.keys(unzipSync(new Uint8Array(zip.rawPayload)));
    for (const n of ['甲', '乙', '丙']) expect(files).toContain(`${n}号考勤统计系统_V1.0/${n}号考勤统计系统_V1.0_操作手册.pdf`);

    const other = await buildUser(app);
    const hidden = body(await app.inject({ method: 'POST', url: '/api/getSoftwareInformation', headers: other.headers, payload: { id } }));
    expect(hidden.code).toBe(404);
    expect(hidden.msg).toBe('批量订单不存在或无权访问');
  });

  it('refunds exactly the failed row when one generation fails', async () => {
    const u = await newUser();
    await setBalances(app, u.userId, { recharge: 300 });
    const engine = app.deps.jobs.engine;
    const original = engine.generate.bind(engine);
    engine.generate = async (input) => {
      if (input.project.name === '会失败的测试系统') {
        const e = new Error('模拟的材料引擎错误');
        e.name = 'DocgenError';
        throw e;
      }
      return original(input);
    };
    try {
      const save = body<BatchDetails>(
        await app.inject({
          method: 'POST',
          url: '/api/saveSoftwareInformation',
          headers: u.headers,
          payload: { rows: [{ values: { ...GOOD, name: '正常生成的测试系统' } }, { values: { ...GOOD, name: '会失败的测试系统' } }] },
        }),
      );
      const ack = save.data.rows.filter((r) => r.warnings.length).map((r) => r.id);
      const done = await order(app, u.headers, { id: save.data.id, confirm: true, acknowledged: ack, confirmFailed: save.data.rows.map((r) => r.id) });
      expect(done.code, done.msg).toBe(200);
      const finished = await waitBatch(app, u.headers, save.data.id);
      expect(finished.counts).toMatchObject({ succeeded: 1, failed: 1 });
      const failed = finished.rows.find((r) => r.state === 'failed')!;
      expect(failed.values.name).toBe('会失败的测试系统');
      expect(failed.message).toContain('费用已退回');
      const pts = body<UserPoints>(await app.inject({ url: '/api/getUserPoints', headers: u.headers })).data;
      expect(pts.rechargePoints).toBe(200);
    } finally {
      engine.generate = original;
    }
  });

  it('marks near-duplicates as 需注意 and orders only once each is acknowledged', async () => {
    const u = await newUser();
    await setBalances(app, u.userId, { recharge: 1000 });
    const earlier = body(await app.inject({ method: 'POST', url: '/api/addProject', headers: u.headers, payload: { name: '云端门店收银系统', version: 'V1.0', form: { mainFunctions: LONG_FUNCTIONS('门店收银') } } }));
    expect(earlier.code).toBe(200);
    const save = body<BatchDetails>(
      await app.inject({
        method: 'POST',
        url: '/api/saveSoftwareInformation',
        headers: u.headers,
        payload: {
          rows: [
            { values: { ...GOOD, name: '云端门店收银系统', version: 'V2.0' } },
            { values: { ...GOOD, name: '物业报修管理平台', mainFunctions: LONG_FUNCTIONS('门店收银') } },
            { values: { ...GOOD, name: '物业报修管理平台软件', mainFunctions: LONG_FUNCTIONS('物业报修') } },
            { values: { ...GOOD, name: '校园图书借阅系统' } },
          ],
        },
      }),
    );
    expect(save.code, save.msg).toBe(200);
    const [r1, r2, r3, r4] = save.data.rows;
    expect(r1!.warnings.map((w) => [w.code, w.message])).toContainEqual(['SAME_NAME', '与您之前的项目「云端门店收银系统 V1.0」名称相同（仅版本号不同）']);
    expect(r1!.warnings[0]!.reason).toContain('换名称或版本号重复登记');
    // 物业报修管理平台 vs 物业报修管理平台软件: similar names, not the same name; identical wording is said as such.
    expect(r2!.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['SIMILAR_NAME', 'SIMILAR_FUNCTIONS']));
    expect(r2!.warnings.map((w) => w.code)).not.toContain('SAME_NAME');
    expect(r2!.warnings.find((w) => w.code === 'SIMILAR_FUNCTIONS')!.message).toBe('“软件的主要功能”与您之前的项目「云端门店收银系统 V1.0」完全相同');
    expect(r3!.warnings.map((w) => w.code)).toContain('SIMILAR_NAME');
    expect(r4!.warnings).toEqual([]);
    // The check shows the 需注意 items; a row with the writer's short 主要功能 stays 未通过.
    expect(r2!.check?.result).toBe('warning');
    expect(r2!.check?.items.map((i) => i.message)).toContain('“软件的主要功能”与您之前的项目「云端门店收银系统 V1.0」完全相同');
    const confirmFailed = [r1!.id, r4!.id];

    const refused = await order(app, u.headers, { id: save.data.id, confirm: true, acknowledged: [r1!.id], confirmFailed });
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe('第 2、3 行有“需注意”事项，请逐条阅读并确认后再下单');
    const ok = await order(app, u.headers, { id: save.data.id, confirm: true, acknowledged: [r1!.id, r2!.id, r3!.id], confirmFailed });
    expect(ok.code, ok.msg).toBe(200);
    await waitBatch(app, u.headers, save.data.id);
  });
});
