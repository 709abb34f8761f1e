import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { operatorSignIn, registerAndLogin, signInPage, type Session } from './api';
import { api } from './project-api';
import { choose, expectTitle, launchBrowser, newPage, settled } from './browser';
import { hasPdftotext, pdfPages, readZip, tempDir, zipFolder } from './projects-fixtures';
import { addModulesByHand, downloadFrom, fillOwner, isAiServed, saveOwner, typeDate, uploadCode, waitForAi, waitForGeneration, writeByHand } from './projects-ui';

/**
 * 著作权人 and contracts through the real UI in Chromium, as a new user: the registry at /owner (a wrong
 * 居民身份证 check digit is refused with the rule's name, numbers are masked in the list), the owner picker of both
 * wizards with an owner added inline, the owners read back from the generated application form, contracts made at
 * /settings/contract and read back from their PDF, a used owner that cannot be deleted, the 码著服务协议 whose 乙方
 * is the company an administrator sets at /admin/settings, and parties that disagree with the project confirmed
 * by the user. Screenshots go to $SCREENSHOTS_DIR when it is set.
 */
const base = inject('baseUrl');
const PDF = hasPdftotext();
const JOURNEY_MS = 300_000;
const repo = path.resolve(import.meta.dirname, '..');
const shots = process.env.SCREENSHOTS_DIR;

/** Identity numbers with valid check characters (GB 11643-1999, GB 32100-2015); `wrong` differs in the last one. */
const PERSON = { name: '张三', province: '北京市', city: '北京市', idNumber: '11010519491231002X', wrong: '110105194912310021', masked: '110105********002X' };
const INLINE = { name: '李四', province: '浙江省', city: '杭州市', idNumber: '330106198506120023' };
const COMPANY = { name: '码著科技有限公司', province: '福建省', city: '福州市', idNumber: '91350100M000100Y43', wrong: '91350100M000100Y44', masked: '913501********0Y43' };
const CONTRACTOR = { name: '杭州码著软件开发有限公司', province: '浙江省', city: '杭州市', idNumber: '91330106MA2H00010C' };
/** The operator's company, the 乙方 of every 码著服务协议; `wrong` differs in the check character. */
const PROVIDER = { name: '福州码著信息技术有限公司', creditCode: '91350102MA8T000019', wrong: '91350102MA8T000018', address: '福建省福州市鼓楼区五四路 89 号' };

/** 主要功能 of the software made from apps/server/src/modules/owners, in its user's words (500–1300 characters). */
const MAIN_FUNCTIONS =
  '著作权人登记管理软件供软件著作权登记申请人集中登记和维护著作权人信息，在填写申请表时直接选用。（1）著作权人登记：用户填写著作权人的名称、类别、国籍、省份、城市、证件类型和证件号码，可选填联系人、联系电话、电子邮箱和详细地址；类别与证件类型必须相符，国籍为中国的法人和其他组织使用统一社会信用代码，自然人使用居民身份证或护照等个人证件。（2）证件号码校验：居民身份证号码按国家标准核对出生日期和第十八位校验码，统一社会信用代码按国家标准核对行政区划代码和第十八位校验字符，号码有误时提示具体不符合哪一条规则，便于用户发现输错的位置。（3）著作权人列表：按名称或完整证件号码查找，按类别筛选，分页显示，证件号码只显示前六位和后四位，并标出每个著作权人被多少个项目使用。（4）证件号码加密保存：证件号码经加密后写入数据库，只有本人查看详情和生成本人的申请材料时才解密显示完整号码。（5）修改与删除：用户可以修改著作权人的任何信息，修改时按登记时的规则重新校验；正在被项目使用的著作权人不能删除，软件列出使用它的项目名称，提示先在项目中移除。（6）项目选用：创建项目时按申请表上的顺序选择一个或多个著作权人，同一著作权人不能重复选择，申请表按所选顺序打印每个著作权人的信息。每个用户只能看到和使用自己登记的著作权人，其他用户的编号一律按不存在处理。';
const MODULES = ['著作权人登记', '证件号码校验', '著作权人列表', '项目选用'];

let browser: Browser;
let aiServed = true;
const work = tempDir('owners');
/** The code a user of this journey uploads: this repository's own owner registry. */
const codeZip = zipFolder(path.join(repo, 'apps/server/src/modules/owners'), path.join(work, 'owners.zip'));

beforeAll(async () => {
  browser = await launchBrowser();
  aiServed = await isAiServed(base);
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const shot = async (page: Page, name: string, fullPage = true) => {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage });
};
/** Keeps a downloaded file beside the screenshots (to render and look at). */
const keep = (name: string, data: Uint8Array) => shots && fs.writeFileSync(path.join(shots, name), data);

/** The text of a PDF with every space and line break removed (table cells and wrapped lines read as one string). */
const pdfText = (data: Uint8Array) => pdfPages(data).join('').replace(/\s+/g, '');

/** Uncaught errors of a page (a refused save must not leave an unhandled rejection behind). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The live message under 证件号码 (empty when the number passes). */
async function idHelp(dialog: Locator): Promise<string> {
  const help = dialog.locator('#owner_idNumber_help .ant-form-item-explain-error');
  return (await help.count()) ? help.innerText() : '';
}

/** Downloads a contract from its row at /settings/contract. */
async function downloadContractPdf(page: Page, title: string): Promise<{ name: string; data: Uint8Array }> {
  const row = page.locator('tr', { has: page.getByTestId('contract-title').filter({ hasText: title }) });
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), row.getByRole('button', { name: 'PDF' }).click()]);
  const file = path.join(tempDir('contract'), 'contract.pdf');
  await download.saveAs(file);
  return { name: download.suggestedFilename(), data: new Uint8Array(fs.readFileSync(file)) };
}

/** Opens the 生成合同 drawer at /settings/contract and fills type, project, parties and the signing date. */
async function fillContract(page: Page, c: { type: string; project: string; partyA: string[]; partyB?: string[]; signDate: string }): Promise<Locator> {
  await page.getByRole('button', { name: '生成合同' }).click();
  const drawer = page.locator('.ant-drawer-section');
  await drawer.waitFor();
  await settled(page);
  await choose(page, drawer.locator('#type'), c.type);
  await choose(page, drawer.locator('#projectId'), c.project);
  for (const p of c.partyA) await choose(page, drawer.locator('#partyA'), p);
  await page.keyboard.press('Escape');
  for (const p of c.partyB ?? []) await choose(page, drawer.locator('#partyB'), p);
  if (c.partyB) await page.keyboard.press('Escape');
  await typeDate(page, '#signDate', c.signDate);
  return drawer;
}

/** Clicks 删除 on the owner's row at /owner and confirms in its own popconfirm. */
async function deleteOwner(page: Page, name: string): Promise<void> {
  await page.locator('tr', { hasText: name }).getByRole('button', { name: /删\s*除/ }).click();
  await page.locator('.ant-popconfirm', { hasText: `确定删除“${name}”吗？` }).getByRole('button', { name: /删\s*除/ }).click();
}

/** The toast on screen (one at a time). */
const toast = (page: Page) => page.locator('.ant-message-notice').last();

/** AI step of the wizards: the AI's draft, or the user's own words where the draft is short or the AI is absent. */
async function writeTexts(page: Page): Promise<void> {
  if (aiServed) await waitForAi(page);
  else await writeByHand(page, MODULES);
  if ((await page.locator('#mainFunctions').inputValue()).trim().length < 500) await page.locator('#mainFunctions').fill(MAIN_FUNCTIONS);
}

/** From the texts step: on to the modules (the AI's, or written by hand), then the checks, none failing. */
async function modulesAndChecks(page: Page): Promise<void> {
  await page.getByTestId('wizard-next').click();
  if (!aiServed) await addModulesByHand(page, MODULES);
  await page.getByTestId('module-card').first().waitFor();
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('check-list').waitFor();
  expect(await page.getByTestId('check-error').count()).toBe(0);
}

describe('著作权人 (/owner) and contracts (/settings/contract)', () => {
  it(
    'registers owners with checked numbers, picks and adds them in /auto-generate, reads them back from the form and the contract',
    async () => {
      const session = await registerAndLogin(base, '著作权人用户');
      const { context, page } = await newPage(browser, base);
      const errors = pageErrors(page);
      await signInPage(page, session);

      // 1. The registry: a natural person whose 居民身份证 has a wrong check digit is refused, naming the rule.
      await page.goto('/owner');
      await expectTitle(page, '知识产权人');
      await page.getByText('还没有著作权人').waitFor();
      await page.getByRole('button', { name: '添加著作权人' }).click();
      const person = await fillOwner(page, { ...PERSON, idNumber: PERSON.wrong }, '自然人');
      await expect(person.locator('.ant-form-item', { has: page.locator('#owner_idType') }).innerText()).resolves.toContain('居民身份证');
      await person.getByRole('button', { name: /保\s*存/ }).click();
      await expect.poll(() => idHelp(person)).toBe('居民身份证号码校验位不符（GB 11643-1999 第 18 位校验码），请核对号码是否输错');
      await shot(page, 'owner-modal-wrong-id');
      expect(await person.isVisible()).toBe(true);
      await person.locator('#owner_idNumber').fill(PERSON.idNumber);
      await expect.poll(() => idHelp(person)).toBe('');
      await saveOwner(page);
      const personRow = page.locator('tr', { hasText: PERSON.name });
      await expect(personRow.innerText()).resolves.toContain(PERSON.masked);

      // A company with a 统一社会信用代码 (GB 32100-2015): a wrong check character first, then the right one.
      await page.getByRole('button', { name: '添加著作权人' }).click();
      const company = await fillOwner(page, { ...COMPANY, idNumber: COMPANY.wrong });
      await expect.poll(() => idHelp(company)).toBe('统一社会信用代码校验位不符（GB 32100-2015 第 18 位校验码），请核对是否输错');
      await company.locator('#owner_idNumber').fill(COMPANY.idNumber);
      await expect.poll(() => idHelp(company)).toBe('');
      await saveOwner(page);
      const companyRow = page.locator('tr', { hasText: COMPANY.name });
      await expect(companyRow.innerText()).resolves.toContain(COMPANY.masked);
      const table = await page.locator('.ant-table').innerText();
      expect(table).not.toContain(COMPANY.idNumber);
      expect(table).not.toContain(PERSON.idNumber);
      await shot(page, 'owner-list');

      // 2. /auto-generate: choose the company in the picker, add 李四 inline (selected at once), 合作开发.
      const name = '著作权人登记管理软件';
      const version = 'V1.0';
      await page.goto('/auto-generate');
      await expectTitle(page, '智能生成');
      await page.locator('#name').fill(name);
      await page.locator('#version').fill(version);
      await page.locator('#description').fill('登记和维护软件著作权人的信息，校验身份证号码和统一社会信用代码，供申请表选用。');
      await typeDate(page, '#completionDate', '2024-03-01');
      await uploadCode(page, codeZip);
      const picker = page.getByTestId('field-owners');
      await choose(page, picker, COMPANY.name);
      await page.keyboard.press('Escape');
      await page.getByTestId('owner-add-inline').click();
      await fillOwner(page, INLINE, '自然人');
      await shot(page, 'wizard-owner-add-inline', false);
      await saveOwner(page);
      await expect.poll(() => picker.innerText()).toMatch(new RegExp(`${COMPANY.name}[\\s\\S]*${INLINE.name}`));
      await choose(page, page.locator('#developmentMode'), '合作开发');
      await settled(page);
      await picker.scrollIntoViewIfNeeded();
      await shot(page, 'wizard-owner-picker', false);
      await page.getByTestId('wizard-next').click();
      await page.waitForURL(/\/auto-generate\?id=\d+/);

      // 3. /settings/contract: the 合作开发协议 for this project, signed before 开发完成日期, read back from its PDF.
      const contracts = await context.newPage();
      await contracts.goto('/settings/contract');
      await expectTitle(contracts, '合同下载');
      const drawer = await fillContract(contracts, { type: '合作开发协议', project: `${name} ${version}`, partyA: [COMPANY.name, INLINE.name], signDate: '2024-01-15' });
      const preview = drawer.getByTestId('contract-preview');
      await expect.poll(() => preview.innerText(), { timeout: 15_000 }).toContain(INLINE.name);
      await expect(preview.innerText()).resolves.toContain(name);
      await settled(contracts);
      await shot(contracts, 'contract-drawer');
      await drawer.getByRole('button', { name: '生成 PDF 和 Word' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await contracts.getByTestId('contract-title').filter({ hasText: '合作开发协议' }).waitFor();
      await shot(contracts, 'contract-list');
      const coop = await downloadContractPdf(contracts, '合作开发协议');
      expect(coop.name).toBe(`${name}_${version}_合作开发协议.pdf`);
      keep('contract-cooperation.pdf', coop.data);
      if (PDF) {
        const text = pdfText(coop.data);
        for (const s of [COMPANY.name, INLINE.name, name, COMPANY.idNumber, INLINE.idNumber]) expect(text).toContain(s);
      }
      await contracts.close();

      // 4. Back in the wizard: texts, modules, checks, generate; the zip holds the form with both owners and the contract.
      await writeTexts(page);
      await modulesAndChecks(page);
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('generate-btn').click();
      await waitForGeneration(page);
      const report = page.getByTestId('report-list');
      await expect(report.locator('[data-code="OWNERS_COMPLETE"]').getAttribute('data-testid')).resolves.toBe('report-info');
      await expect(report.locator('[data-code="CONTRACT_COOPERATION"]').getAttribute('data-testid')).resolves.toBe('report-info');
      const zip = readZip((await downloadFrom(page, 'download-materials')).data);
      const prefix = `${name}_${version}_`;
      keep('application-form.pdf', zip[`${prefix}申请表.pdf`]);
      expect(Object.keys(zip)).toEqual(expect.arrayContaining([`${prefix}申请表.pdf`, `${prefix}合作开发协议.pdf`, `${prefix}合作开发协议.docx`]));
      const json = JSON.parse(new TextDecoder().decode(zip[`${prefix}申请表.json`])) as { owners: { name: string; idNumber: string; category: string }[] };
      expect(json.owners.map((o) => [o.name, o.category, o.idNumber])).toEqual([
        [COMPANY.name, '企业法人', COMPANY.idNumber],
        [INLINE.name, '自然人', INLINE.idNumber],
      ]);
      const formDocx = new TextDecoder().decode(readZip(zip[`${prefix}申请表.docx`])['word/document.xml']);
      for (const s of [COMPANY.name, COMPANY.idNumber, INLINE.name, INLINE.idNumber]) expect(formDocx).toContain(s);
      if (PDF) {
        const form = pdfText(zip[`${prefix}申请表.pdf`]);
        for (const s of [COMPANY.name, '企业法人', '统一社会信用代码', COMPANY.idNumber, `${COMPANY.province}${COMPANY.city}`, INLINE.name, INLINE.idNumber]) expect(form).toContain(s);
        expect(form.indexOf(COMPANY.name)).toBeLessThan(form.indexOf(INLINE.name));
      } else {
        console.warn('[owners] pdftotext is not installed: the PDF read-backs are skipped');
      }

      // 5. An owner a project uses cannot be deleted: the refusal names the project.
      await page.goto('/owner');
      await expectTitle(page, '知识产权人');
      await deleteOwner(page, COMPANY.name);
      await expect.poll(() => toast(page).innerText()).toBe(`该著作权人正在被项目“${name}”使用，请先在项目中移除后再删除`);
      await expect(page.locator('tr', { hasText: COMPANY.name }).innerText()).resolves.toContain('1 个项目');
      // 张三 is on no project: deleted.
      await deleteOwner(page, PERSON.name);
      await page.locator('tr', { hasText: PERSON.name }).waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    'adds the 委托方 inline in /code-to-doc-generator; the 委托开发 project gets its contract, dated before completion, from /settings/contract',
    async () => {
      const session: Session = await registerAndLogin(base, '委托开发用户');
      const developer = await api<{ id: number }>(base, session, '/api/addIntellectual', { ...CONTRACTOR, category: '企业法人', nationality: '中国', idType: '统一社会信用代码' });
      expect(developer.code, developer.msg).toBe(200);
      const { context, page } = await newPage(browser, base);
      const errors = pageErrors(page);
      await signInPage(page, session);

      const name = '著作权人信息维护软件';
      const version = 'V2.0';
      await page.goto('/code-to-doc-generator');
      await expectTitle(page, '代码生成文档');
      await uploadCode(page, codeZip);
      await page.locator('#name').fill(name);
      await page.locator('#version').fill(version);
      await page.getByTestId('wizard-next').click();

      // 项目信息: the commissioning company is new — added inline and selected at once.
      await writeTexts(page);
      await typeDate(page, '#completionDate', '2024-06-30');
      await page.getByTestId('owner-add-inline').click();
      await fillOwner(page, COMPANY);
      await saveOwner(page);
      await expect.poll(() => page.getByTestId('field-owners').innerText()).toContain(COMPANY.name);
      expect(await page.getByTestId('field-owners').innerText()).not.toContain(CONTRACTOR.name);
      await choose(page, page.locator('#developmentMode'), '委托开发');
      await modulesAndChecks(page);
      await page.getByTestId('generate-btn').click();
      await page.waitForURL(/\/code-to-doc-generator\?id=\d+/);
      await waitForGeneration(page);
      // Without a contract the report says what is missing.
      const mode = page.getByTestId('report-list').locator('[data-code="DEVELOPMENT_MODE"]');
      await expect(mode.getAttribute('data-testid')).resolves.toBe('report-error');
      await expect(mode.innerText()).resolves.toContain('委托开发合同');

      // /settings/contract: a 委托开发合同 signed after 开发完成日期 is refused; signed before, it is made.
      await page.goto('/settings/contract');
      await expectTitle(page, '合同下载');
      const drawer = await fillContract(page, { type: '委托开发合同', project: `${name} ${version}`, partyA: [COMPANY.name], partyB: [CONTRACTOR.name], signDate: '2024-07-01' });
      await expect.poll(() => drawer.locator('.ant-form-item', { has: page.locator('#signDate') }).innerText()).toContain('须早于开发完成日期（2024-06-30）');
      await drawer.getByRole('button', { name: '生成 PDF 和 Word' }).click();
      await expect
        .poll(() => drawer.locator('#signDate_help .ant-form-item-explain-error').innerText())
        .toBe('须早于开发完成日期（2024-06-30）');
      await shot(page, 'contract-date-refused');
      await page.locator('#signDate').click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('2024-02-01');
      await page.keyboard.press('Enter');
      const preview = drawer.getByTestId('contract-preview');
      await expect.poll(() => preview.innerText(), { timeout: 15_000 }).toContain(CONTRACTOR.name);
      await drawer.getByRole('button', { name: '生成 PDF 和 Word' }).click();
      await drawer.waitFor({ state: 'hidden' });
      const pdf = await downloadContractPdf(page, '委托开发合同');
      expect(pdf.name).toBe(`${name}_${version}_委托开发合同.pdf`);
      keep('contract-commission.pdf', pdf.data);
      if (PDF) {
        const text = pdfText(pdf.data);
        for (const s of [COMPANY.name, CONTRACTOR.name, name, '2024年2月1日']) expect(text).toContain(s);
        expect(text).toContain(`归委托方甲方（${COMPANY.name}）享有`);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );
  it(
    'generates the 码著服务协议 once an administrator set the operator company, and a 委托开发合同 whose parties disagree with the project after the user confirms',
    async () => {
      const session = await registerAndLogin(base, '服务协议用户');
      const addOwner = async (o: { name: string; province: string; city: string; idNumber: string }, category = '企业法人') => {
        const idType = category === '自然人' ? '居民身份证' : '统一社会信用代码';
        const r = await api<{ id: number }>(base, session, '/api/addIntellectual', { ...o, category, nationality: '中国', idType });
        expect(r.code, r.msg).toBe(200);
        return r.data.id;
      };
      const [company, person] = [await addOwner(COMPANY), await addOwner(PERSON, '自然人')];
      await addOwner(CONTRACTOR);
      const name = '合同当事人核对系统';
      const project = await api<{ id: number }>(base, session, '/api/addProject', {
        name,
        version: 'V1.0',
        category: '应用软件',
        platform: 'Web',
        description: '核对合同当事人与著作权人是否一致。',
        form: { completionDate: '2025-06-01', developmentMode: '合作开发', ownerIds: [company, person] },
      });
      expect(project.code, project.msg).toBe(200);
      const { context, page } = await newPage(browser, base);
      const errors = pageErrors(page);
      await signInPage(page, session);

      // 1. The service agreement: the single 用户 select keeps the choice (no "请选择至少 1 个用户"), and says why it
      //    cannot be generated while the operator's company is not set.
      await page.goto('/settings/contract');
      await expectTitle(page, '合同下载');
      let drawer = await fillContract(page, { type: '码著服务协议', project: `${name} V1.0`, partyA: [COMPANY.name], signDate: '2025-03-01' });
      const preview = drawer.getByTestId('contract-preview');
      await expect.poll(() => preview.innerText(), { timeout: 15_000 }).toContain(`甲方（用户）：${COMPANY.name}`);
      await expect(drawer.getByTestId('contract-blocked').innerText()).resolves.toBe('运营方尚未在后台填写服务方的公司名称、统一社会信用代码和地址，暂不能生成码著服务协议，请联系客服');
      await expect(drawer.getByTestId('contract-submit').isDisabled()).resolves.toBe(true);
      expect(await drawer.locator('#partyA_help').count()).toBe(0);
      await shot(page, 'contract-service-blocked');

      // 2. An administrator sets the company at /admin/settings: a wrong check character is refused, then saved.
      const admin = await newPage(browser, base);
      await operatorSignIn(admin.page);
      await admin.page.goto('/admin/settings');
      const card = admin.page.getByTestId('setting-contract.serviceProvider');
      await card.getByLabel('公司名称').fill(PROVIDER.name);
      await card.getByLabel('统一社会信用代码').fill(PROVIDER.wrong);
      await card.getByLabel('地址').fill(PROVIDER.address);
      await card.getByRole('button', { name: '保存' }).click();
      await admin.page.getByText('服务方（码著服务协议的乙方）「统一社会信用代码」：统一社会信用代码校验位不符（GB 32100-2015 第 18 位校验码），请核对是否输错').waitFor();
      await card.getByLabel('统一社会信用代码').fill(PROVIDER.creditCode);
      await card.getByRole('button', { name: '保存' }).click();
      await admin.page.getByText('设置已保存').waitFor();
      await card.scrollIntoViewIfNeeded();
      await shot(admin.page, 'admin-service-provider', false);
      await admin.context.close();

      // 3. Back in the drawer: the preview names the company as 乙方; generated, downloaded, read back.
      await page.reload();
      await expectTitle(page, '合同下载');
      drawer = await fillContract(page, { type: '码著服务协议', project: `${name} V1.0`, partyA: [COMPANY.name], signDate: '2025-03-01' });
      await expect.poll(() => drawer.getByTestId('contract-preview').innerText(), { timeout: 15_000 }).toContain(`乙方（服务方）：${PROVIDER.name}`);
      expect(await drawer.getByTestId('contract-blocked').count()).toBe(0);
      await shot(page, 'contract-service-drawer');
      await drawer.getByTestId('contract-submit').click();
      await drawer.waitFor({ state: 'hidden' });
      const service = await downloadContractPdf(page, '码著服务协议');
      expect(service.name).toBe(`${name}_V1.0_码著服务协议.pdf`);
      keep('contract-service.pdf', service.data);
      if (PDF) {
        const text = pdfText(service.data);
        for (const s of [`乙方（服务方）：${PROVIDER.name}`, `统一社会信用代码：${PROVIDER.creditCode}`, COMPANY.name, COMPANY.idNumber]) expect(text).toContain(s);
      }

      // 4. A 委托开发合同 for this 合作开发 project whose 委托方 owns nothing: the warnings, confirmed, then made.
      drawer = await fillContract(page, { type: '委托开发合同', project: `${name} V1.0`, partyA: [CONTRACTOR.name], partyB: [PERSON.name], signDate: '2025-03-01' });
      const warnings = drawer.getByTestId('contract-warnings');
      // The preview follows the form: the 受托方's warning shows once both sides are chosen.
      await expect.poll(() => warnings.innerText(), { timeout: 15_000 }).toContain(`受托方“${PERSON.name}”是本项目的著作权人`);
      const listed = await warnings.locator('li').allInnerTexts();
      expect(listed).toEqual([
        '本项目的开发方式是“合作开发”，委托开发合同用于开发方式为“委托开发”或“下达任务开发”的软件：请核对项目的开发方式，或生成与之相符的合同',
        `委托方“${CONTRACTOR.name}”不是本项目的著作权人：委托开发合同约定著作权归委托方，委托方应是申请表的著作权人`,
        `本项目的著作权人“${COMPANY.name}”、“${PERSON.name}”不是委托方：著作权归委托方，申请表的著作权人应都是合同的委托方`,
        `受托方“${PERSON.name}”是本项目的著作权人：合同约定著作权归委托方，受托方不享有本软件的著作权`,
      ]);
      await expect(drawer.getByTestId('contract-submit').isDisabled()).resolves.toBe(true);
      await warnings.scrollIntoViewIfNeeded();
      await shot(page, 'contract-party-warnings');
      await drawer.getByTestId('contract-confirm').click();
      await drawer.getByTestId('contract-submit').click();
      await drawer.waitFor({ state: 'hidden' });
      await page.getByTestId('contract-title').filter({ hasText: '委托开发合同' }).waitFor();
      await shot(page, 'contract-list-service');
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );
});
