import type { ContractListItem, ContractTemplate, ContractWarnings, Page, ProjectDetails, WordStatus } from '@mazhu/contracts';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildOperator, operatorHeaders } from '../../../test/admin.factories';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { buildOwner, COMPANY, PERSON } from '../../../test/owners.factories';
import { pdfText } from '../../../test/pdf';
import { buildProject, waitForMaterials } from '../../../test/projects.factories';

/** The operator's company as an administrator sets it: a valid 统一社会信用代码 (GB 32100-2015). */
const PROVIDER = { name: '福州码著信息技术有限公司', creditCode: '91350102MA8T000019', address: '福建省福州市鼓楼区五四路 89 号' };
/** A second company with a valid code, for a third party. */
const DEVELOPER = { ...COMPANY, name: '杭州码著软件开发有限公司', idNumber: '91330106MA2H00010C' };

describe('contracts API', async () => {
  const app = await buildTestApp({ OPERATOR_USERNAME: 'root', OPERATOR_PASSWORD: 'root-password-long' });
  const post = (url: string, headers: Record<string, string>, payload: unknown) => app.inject({ method: 'POST', url, headers, payload: payload as object }).then(body);
  const get = (url: string, headers: Record<string, string>) => app.inject({ url, headers }).then(body);

  async function setup(mode: '合作开发' | '委托开发' | '下达任务开发' | '单独开发' = '合作开发', freeTimes = 0) {
    const a = await buildUser(app, { freeTimes });
    const company = await buildOwner(app, a.headers, COMPANY);
    const person = await buildOwner(app, a.headers, PERSON);
    const owners = mode === '合作开发' ? [company.id, person.id] : [company.id];
    const project = await buildProject(app, a.headers, { form: { completionDate: '2025-06-01', purpose: '测试材料生成流程', domain: '软件服务', developmentMode: mode, ownerIds: owners } });
    return { a, company, person, project };
  }

  it('previews every template: placeholders without a project, filled (numbers masked) with one', async () => {
    const { a, project } = await setup();
    for (const type of ['cooperation', 'commission', 'transfer', 'service']) {
      const t = await get(`/api/getContractTemplateHtml?type=${type}`, a.headers);
      expect(t.code, t.msg).toBe(200);
      expect((t.data as ContractTemplate).html).toContain('【软件全称】');
    }
    const filled = (await get(`/api/getContractTemplateHtml?type=cooperation&projectId=${project.id}&signDate=2025-03-01`, a.headers)).data as ContractTemplate;
    expect(filled.filled).toBe(true);
    expect(filled.html).toContain('码著测试管理系统');
    expect(filled.html).toContain('甲方（合作方）：码著科技有限公司');
    expect(filled.html).toContain('乙方（合作方）：张三');
    expect(filled.html).toContain('110105********002X');
    expect(filled.html).not.toContain(PERSON.idNumber);
    expect(filled.html).toContain('2025年3月1日');
    expect((await get('/api/getContractTemplateHtml?type=lease', a.headers)).msg).toMatch(/合同类型只能是/);
  });

  it('refuses a 合作开发 / 委托开发 contract signed on or after 开发完成日期, with a clear message', async () => {
    const { a, company, person, project } = await setup();
    const late = await post('/api/addContract', a.headers, { type: 'cooperation', projectId: project.id, partyA: [company.id, person.id], signDate: '2025-07-01' });
    expect(late.code).toBe(400);
    expect(late.msg).toBe('合作开发协议的签订日期（2025-07-01）须早于开发完成日期（2025-06-01）：合作开发、委托开发的合同应在软件开发完成前签订');
    const sameDay = await post('/api/addContract', a.headers, { type: 'commission', projectId: project.id, partyA: [company.id], partyB: [person.id], signDate: '2025-06-01' });
    expect(sameDay.msg).toMatch(/委托开发合同的签订日期（2025-06-01）须早于开发完成日期/);
    const early = await post('/api/addContract', a.headers, { type: 'transfer', projectId: project.id, partyA: [person.id], partyB: [company.id], signDate: '2025-05-01' });
    expect(early.msg).toMatch(/不能早于开发完成日期/);
    const sides = await post('/api/addContract', a.headers, { type: 'cooperation', projectId: project.id, partyA: [company.id], signDate: '2025-03-01' });
    expect(sides.msg).toBe('参数「当事人（partyA）」有误：合作开发协议须有至少 2 个合作方');
    const both = await post('/api/addContract', a.headers, { type: 'commission', projectId: project.id, partyA: [company.id], partyB: [company.id], signDate: '2025-03-01' });
    expect(both.msg).toBe('参数「当事人（partyB）」有误：委托方和受托方不能是同一人');
    const badDate = await post('/api/addContract', a.headers, { type: 'cooperation', projectId: project.id, partyA: [company.id, person.id], signDate: '2025-02-30' });
    expect(badDate.msg).toMatch(/签订日期格式应为 YYYY-MM-DD/);
  });

  it('creates a 合作开发协议, lists it and downloads PDF and DOCX that name the parties and the software', async () => {
    const { a, company, person, project } = await setup();
    const add = await post('/api/addContract', a.headers, { type: 'cooperation', projectId: project.id, partyA: [company.id, person.id], signDate: '2025-03-01', terms: '各方按 6:4 分配收益。' });
    expect(add.code, add.msg).toBe(200);
    const c = add.data as ContractListItem;
    expect(c).toMatchObject({ type: 'cooperation', title: '合作开发协议', softwareName: '码著测试管理系统', softwareVersion: 'V1.0', partyNames: ['码著科技有限公司', '张三'], signDate: '2025-03-01', confirmedWarnings: [] });

    const list = (await post('/api/getContractList', a.headers, { page: 1, pageSize: 10 })).data as Page<ContractListItem>;
    expect(list.total).toBe(1);
    expect(list.list[0]!.pdfUrl).toBe(`/api/getContractDownload?id=${c.id}&format=pdf`);

    const pdf = await app.inject({ url: c.pdfUrl, headers: a.headers });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(encodeURIComponent('码著测试管理系统_V1.0_合作开发协议.pdf'));
    const text = (await pdfText(new Uint8Array(pdf.rawPayload))).join('');
    for (const s of ['合作开发协议', '码著测试管理系统', '码著科技有限公司', '张三', COMPANY.idNumber, PERSON.idNumber, '2025年3月1日', '各方按6:4分配收益。']) expect(text).toContain(s);
    const docx = await app.inject({ url: c.docxUrl, headers: a.headers });
    expect(docx.headers['content-type']).toMatch(/wordprocessingml/);
    expect(new TextDecoder().decode(unzipSync(new Uint8Array(docx.rawPayload))['word/document.xml'])).toContain('码著科技有限公司');

    // The row keeps the filled content encrypted.
    const row = await app.deps.db.selectFrom('contracts').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(PERSON.idNumber);
    // The project's materials are outdated until generated again with the contract.
    const details = (await get(`/api/getProjectDetails?id=${project.id}`, a.headers)).data as ProjectDetails;
    expect(details.updatedAt >= c.createdAt).toBe(true);

    expect((await get(`/api/delContract?id=${c.id}`, a.headers)).code).toBe(200);
    expect((await get(c.pdfUrl, a.headers)).code).toBe(404);
  });

  it('the 码著服务协议 is refused until an administrator sets the operator company; then its 乙方 is that company', async () => {
    const { a, company, project } = await setup('单独开发');
    const service = { type: 'service', projectId: project.id, partyA: [company.id], signDate: '2025-03-01' };
    const refused = await post('/api/addContract', a.headers, service);
    expect([refused.code, refused.msg]).toEqual([400, '运营方尚未在后台填写服务方的公司名称、统一社会信用代码和地址，暂不能生成码著服务协议，请联系客服']);
    const preview = (await get(`/api/getContractTemplateHtml?type=service&projectId=${project.id}&partyA=${company.id}`, a.headers)).data as ContractTemplate;
    expect(preview.blocked).toBe(refused.msg);
    expect(preview.html).toContain('乙方（服务方）：【服务方公司名称】');

    // Only an administrator sets it; the code's check character is verified; the change is audited.
    const admin = await operatorHeaders(app, 'root', 'root-password-long');
    const support = (await buildOperator(app, admin, { username: 'kefu-contract', role: 'support' })).headers;
    const save = (value: unknown, headers: Record<string, string> = admin) => post('/api/admin/settings', headers, { key: 'contract.serviceProvider', value });
    expect((await save(PROVIDER, support)).code).toBe(403);
    const wrongCheck = await save({ ...PROVIDER, creditCode: '91350102MA8T000018' });
    expect([wrongCheck.code, wrongCheck.msg]).toEqual([400, '服务方（码著服务协议的乙方）「统一社会信用代码」：统一社会信用代码校验位不符（GB 32100-2015 第 18 位校验码），请核对是否输错']);
    expect((await save({ ...PROVIDER, creditCode: '9135010' })).msg).toBe('服务方（码著服务协议的乙方）「统一社会信用代码」：统一社会信用代码应为 18 位（现 7 位）');
    expect((await save({ ...PROVIDER, name: '' })).msg).toBe('服务方（码著服务协议的乙方）「公司名称」：请填写公司名称（至少 2 个字）');
    expect((await post('/api/addContract', a.headers, service)).code).toBe(400);
    expect((await save({ ...PROVIDER, creditCode: ' 91350102ma8t000019 ' })).code).toBe(200);
    const audit = (await get('/api/admin/audit?action=settings.update', admin)).data as { list: { target: string; after: { value: unknown } }[] };
    expect(audit.list[0]).toMatchObject({ target: 'setting:contract.serviceProvider', after: { value: PROVIDER } });

    const add = await post('/api/addContract', a.headers, service);
    expect(add.code, add.msg).toBe(200);
    const c = add.data as ContractListItem;
    expect(c.partyNames).toEqual([COMPANY.name, PROVIDER.name]);
    const text = (await pdfText(new Uint8Array((await app.inject({ url: c.pdfUrl, headers: a.headers })).rawPayload))).join('');
    for (const s of [`乙方（服务方）：${PROVIDER.name}`, `统一社会信用代码：${PROVIDER.creditCode}`, '地址：福建省福州市鼓楼区五四路89号']) expect(text).toContain(s);
    expect(text).not.toContain('软件著作权登记材料准备服务）');
    const filled = (await get(`/api/getContractTemplateHtml?type=service&projectId=${project.id}&partyA=${company.id}`, a.headers)).data as ContractTemplate;
    expect(filled.blocked).toBeNull();
    expect(filled.html).toContain(`乙方（服务方）：${PROVIDER.name}`);
  });

  it('a 委托开发合同 for a 合作开发 project whose 委托方 is not an owner answers the warnings, and is made once confirmed', async () => {
    const { a, company, person, project } = await setup('合作开发');
    const stranger = await buildOwner(app, a.headers, DEVELOPER);
    const req = { type: 'commission', projectId: project.id, partyA: [stranger.id], partyB: [person.id], signDate: '2025-03-01' };
    const warned = await post('/api/addContract', a.headers, req);
    const warnings = [
      '本项目的开发方式是“合作开发”，委托开发合同用于开发方式为“委托开发”或“下达任务开发”的软件：请核对项目的开发方式，或生成与之相符的合同',
      `委托方“${DEVELOPER.name}”不是本项目的著作权人：委托开发合同约定著作权归委托方，委托方应是申请表的著作权人`,
      `本项目的著作权人“${COMPANY.name}”、“${PERSON.name}”不是委托方：著作权归委托方，申请表的著作权人应都是合同的委托方`,
      `受托方“${PERSON.name}”是本项目的著作权人：合同约定著作权归委托方，受托方不享有本软件的著作权`,
    ];
    expect(warned.code).toBe(409);
    expect((warned.data as ContractWarnings).warnings).toEqual(warnings);
    expect(warned.msg).toBe(`委托开发合同的当事人与项目不相符，请核对后确认：${warnings.join('；')}`);
    expect(((await post('/api/getContractList', a.headers, {})).data as Page<ContractListItem>).total).toBe(0);
    // The preview of the same choice lists the same warnings.
    const preview = (await get(`/api/getContractTemplateHtml?type=commission&projectId=${project.id}&partyA=${stranger.id}&partyB=${person.id}`, a.headers)).data as ContractTemplate;
    expect(preview.warnings).toEqual(warnings);

    const confirmed = await post('/api/addContract', a.headers, { ...req, confirmWarnings: true });
    expect(confirmed.code, confirmed.msg).toBe(200);
    expect((confirmed.data as ContractListItem).partyNames).toEqual([DEVELOPER.name, PERSON.name]);
    // What the user confirmed stays with the contract, in the list too.
    expect((confirmed.data as ContractListItem).confirmedWarnings).toEqual(warnings);
    const listed = (await post('/api/getContractList', a.headers, { page: 1, pageSize: 50 })).data as Page<ContractListItem>;
    expect(listed.list.find((c) => c.id === (confirmed.data as ContractListItem).id)?.confirmedWarnings).toEqual(warnings);
    // A 合作开发协议 of the same project between one owner and a stranger: both sides named.
    const coop = await post('/api/addContract', a.headers, { type: 'cooperation', projectId: project.id, partyA: [company.id, stranger.id], signDate: '2025-03-01' });
    expect((coop.data as ContractWarnings).warnings).toEqual([
      `合作方“${DEVELOPER.name}”不是本项目的著作权人：合作开发的软件著作权由全部合作方共同享有，申请表的著作权人应与协议的合作方一致`,
      `本项目的著作权人“${PERSON.name}”不在合作方中：合作开发协议应由全部著作权人作为合作方签订`,
    ]);
    const reversed = await post('/api/addContract', a.headers, { type: 'cooperation', projectId: project.id, partyA: [person.id, company.id], signDate: '2025-03-01' });
    expect((reversed.data as ContractWarnings).warnings).toEqual([`合作方的顺序（${PERSON.name}、${COMPANY.name}）与本项目著作权人的顺序（${COMPANY.name}、${PERSON.name}）不一致：申请表的著作权人顺序应与协议一致`]);
  });

  it('a 转让合同 signed by one of two co-owners as 受让方 answers a warning; every co-owner as 受让方 passes', async () => {
    const a = await buildUser(app);
    const company = await buildOwner(app, a.headers, COMPANY);
    const person = await buildOwner(app, a.headers, PERSON);
    const seller = await buildOwner(app, a.headers, DEVELOPER);
    const project = await buildProject(app, a.headers, {
      form: { completionDate: '2025-06-01', purpose: '测试材料生成流程', domain: '软件服务', developmentMode: '合作开发', rightsAcquisition: '继受取得', acquisitionWay: '受让', ownerIds: [company.id, person.id] },
    });
    const transfer = { type: 'transfer', projectId: project.id, partyA: [seller.id], signDate: '2025-07-01' };
    const one = await post('/api/addContract', a.headers, { ...transfer, partyB: [company.id] });
    expect(one.code).toBe(409);
    expect((one.data as ContractWarnings).warnings).toEqual([`本项目的著作权人“${PERSON.name}”不在受让方中：共有著作权的，全部著作权人都应作为受让方签订转让合同`]);
    const seller2 = await post('/api/addContract', a.headers, { ...transfer, partyA: [person.id], partyB: [company.id] });
    expect((seller2.data as ContractWarnings).warnings).toEqual([
      `本项目的著作权人“${PERSON.name}”不在受让方中：共有著作权的，全部著作权人都应作为受让方签订转让合同`,
      `转让方“${PERSON.name}”也是本项目的著作权人：转让后转让方不再享有所转让的权利，不应再列为著作权人`,
    ]);
    const both = await post('/api/addContract', a.headers, { ...transfer, partyB: [company.id, person.id] });
    expect(both.code, both.msg).toBe(200);
    // The same contract for a project acquired originally names the mismatch.
    const original = await buildProject(app, a.headers, { form: { completionDate: '2025-06-01', developmentMode: '合作开发', ownerIds: [company.id, person.id] } });
    const wrongWay = await post('/api/addContract', a.headers, { ...transfer, projectId: original.id, partyB: [company.id, person.id] });
    expect((wrongWay.data as ContractWarnings).warnings).toEqual(['本项目的权利取得方式是“原始取得”，软件著作权转让合同用于权利取得方式为“继受取得（受让）”的软件：请核对项目的权利取得方式']);
  });

  it('scopes every call: another user gets "not found" for contracts, projects and owners', async () => {
    const { a, company, person, project } = await setup();
    const c = (await post('/api/addContract', a.headers, { type: 'cooperation', projectId: project.id, partyA: [company.id, person.id], signDate: '2025-03-01' })).data as ContractListItem;
    const b = await buildUser(app);
    const bOwner = await buildOwner(app, b.headers, COMPANY);
    const bOwner2 = await buildOwner(app, b.headers, PERSON);
    const bProject = await buildProject(app, b.headers, { form: { completionDate: '2025-06-01' } });
    const answers = [
      await app.inject({ url: c.pdfUrl, headers: b.headers }).then(body),
      await app.inject({ url: c.docxUrl, headers: b.headers }).then(body),
      await get(`/api/delContract?id=${c.id}`, b.headers),
      await get(`/api/getContractTemplateHtml?type=cooperation&projectId=${project.id}`, b.headers),
      await get(`/api/getContractTemplateHtml?type=cooperation&projectId=${bProject.id}&partyA=${company.id},${bOwner.id}`, b.headers),
      await post('/api/addContract', b.headers, { type: 'cooperation', projectId: project.id, partyA: [bOwner.id, bOwner2.id], signDate: '2025-03-01' }),
      await post('/api/addContract', b.headers, { type: 'cooperation', projectId: bProject.id, partyA: [bOwner.id, person.id], signDate: '2025-03-01' }),
    ];
    for (const [i, r] of answers.entries()) {
      expect(r.code, `call #${i}: ${r.msg}`).toBe(404);
      expect(JSON.stringify(r)).not.toContain('码著测试管理系统');
      expect(JSON.stringify(r)).not.toContain('张三');
    }
    const foreignProject = await post('/api/addContract', b.headers, { type: 'service', projectId: project.id, partyA: [bOwner.id], signDate: '2025-03-01' });
    expect(foreignProject.code).toBe(404);
    expect(((await post('/api/getContractList', b.headers, {})).data as Page<ContractListItem>).total).toBe(0);
    expect(((await post('/api/getContractList', a.headers, {})).data as Page<ContractListItem>).total).toBe(1);
  });

  it('puts the contract in the materials zip and the report passes the owner items', async () => {
    const { a, company, person, project } = await setup('委托开发', 2);
    await post('/api/editProject', a.headers, { id: project.id, form: { ownerIds: [company.id] } });
    let done = await generate(a.headers, project.id);
    const before = done.report!;
    expect(before.find((r) => r.code === 'DEVELOPMENT_MODE')).toMatchObject({ level: 'error', message: expect.stringMatching(/委托开发须提交委托开发合同.*第十一条/) });
    expect(before.find((r) => r.code === 'OWNERS_COMPLETE')).toMatchObject({ level: 'info' });

    const add = await post('/api/addContract', a.headers, { type: 'commission', projectId: project.id, partyA: [company.id], partyB: [person.id], signDate: '2025-02-01' });
    expect(add.code, add.msg).toBe(200);
    done = await generate(a.headers, project.id);
    expect(done.report!.find((r) => r.code === 'DEVELOPMENT_MODE')).toMatchObject({ level: 'info', message: expect.stringMatching(/委托开发合同（2025-02-01 签订）约定著作权归委托方（码著科技有限公司）/) });
    const zip = unzipSync(new Uint8Array((await app.inject({ url: `/api/getProjectWordDownload?id=${project.id}`, headers: a.headers })).rawPayload));
    const p = '码著测试管理系统_V1.0_';
    expect(Object.keys(zip)).toEqual(expect.arrayContaining([`${p}委托开发合同.pdf`, `${p}委托开发合同.docx`]));
    const form = (await pdfText(zip[`${p}申请表.pdf`]!)).join('');
    expect(form).toContain('著作权人码著科技有限公司');
    expect(form).toContain(`著作权人证件号码${COMPANY.idNumber}`);
    expect(form).toContain('著作权人省份/城市福建省福州市');
    const json = JSON.parse(new TextDecoder().decode(zip[`${p}申请表.json`]!));
    expect(json.owners).toEqual([{ name: COMPANY.name, nationality: '中国', province: '福建省', city: '福州市', category: '企业法人', idType: '统一社会信用代码', idNumber: COMPANY.idNumber }]);
    const contract = (await pdfText(zip[`${p}委托开发合同.pdf`]!)).join('');
    expect(contract).toContain('自本软件开发完成之日起归委托方甲方（码著科技有限公司）享有');
  });

  async function generate(headers: Record<string, string>, id: number): Promise<WordStatus> {
    const g = await post('/api/generateProjectWord', headers, { id });
    expect(g.code, g.msg).toBe(200);
    const done = await waitForMaterials(app, headers, id);
    expect(done.state, done.message).toBe('succeeded');
    return done;
  }
});
