import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  buildContract,
  checkOwnership,
  formFromProject,
  renderApplicationFormDocx,
  renderApplicationFormPdf,
  renderContractDocx,
  renderContractHtml,
  renderContractPdf,
  ZProject,
  type ApplicationForm,
  type ContractInput,
  type ContractRef,
} from '../src/index';
import { PDFTOTEXT, SOFFICE, docxToPdf, pdfLayoutLines, pdfText } from './helpers';

const COMPANY = { name: '码著科技有限公司', category: '企业法人', idType: '统一社会信用代码', idNumber: '91350100M000100Y43', address: '福建省福州市鼓楼区五四路 1 号' };
const PERSON = { name: '张三', category: '自然人', idType: '居民身份证', idNumber: '11010519491231002X' };
const SOFTWARE = { name: '码著测试管理系统', version: 'V1.0', completionDate: '2025-06-01' };
/** The operator's company as set in the back office: the 乙方 of a 码著服务协议. */
const PROVIDER = { name: '福州码著信息技术有限公司', category: '企业法人', idType: '统一社会信用代码', idNumber: '91350102MA8T000019', address: '福建省福州市鼓楼区五四路 89 号' };
/** A name that broke in a half-width signature cell after its label ("有限公/司"), and one too long for any half cell. */
const LONG = { name: '杭州码著软件开发有限公司', category: '企业法人', idType: '统一社会信用代码', idNumber: '91330106MA2H00010C' };
const VERY_LONG = { name: '中国科学院软件研究所北京码著智能信息技术服务研究院有限责任公司', category: '企业法人', idType: '统一社会信用代码', idNumber: '91330106MA2H00020D' };

const input = (type: ContractInput['type']): ContractInput => {
  const parties = {
    cooperation: [{ kind: 'developer', ...COMPANY }, { kind: 'developer', ...PERSON }],
    commission: [{ kind: 'client', ...COMPANY }, { kind: 'contractor', ...PERSON }],
    transfer: [{ kind: 'assignor', ...PERSON }, { kind: 'assignee', ...COMPANY }],
    service: [{ kind: 'user', ...COMPANY }, { kind: 'provider', ...PROVIDER }],
  }[type] as ContractInput['parties'];
  return { type, software: SOFTWARE, parties, signDate: type === 'transfer' ? '2025-07-01' : '2025-03-01', terms: '乙方每月提交一次开发进度报告。' };
};
const squeeze = (s: string) => s.replace(/\s+/g, '');
/** The printed lines from the signature blocks on (after 以下为签字盖章处), spaces removed within each line. */
const signatureArea = (lines: string[]) => lines.slice(lines.findIndex((l) => l.includes('以下为签字盖章处'))).map(squeeze);

describe('contracts', () => {
  it('fill every template from the project and the parties, PDF read back', async () => {
    for (const type of ['cooperation', 'commission', 'transfer', 'service'] as const) {
      const doc = buildContract(input(type));
      const pages = await pdfText(await renderContractPdf(doc));
      const text = pages.join('');
      expect(text, type).toContain(squeeze(doc.title));
      expect(text).toContain('码著测试管理系统');
      expect(text).toContain('V1.0');
      expect(text).toContain('码著科技有限公司');
      expect(text).toContain('2025年');
      expect(text).toContain('乙方每月提交一次开发进度报告。');
      if (type !== 'service') {
        expect(text).toContain('张三');
        expect(text).toContain('11010519491231002X');
      }
      expect(text).toContain('91350100M000100Y43');
      // Signature and seal space for each party, on the last page.
      const last = pages[pages.length - 1]!;
      expect(last).toContain('以下为签字盖章处');
      expect((last.match(/日期：年月日/g) ?? []).length).toBe(doc.parties.length);
      // The running header names the software on every page, with the page number.
      for (const p of pages) expect(p).toContain(`码著测试管理系统V1.0${squeeze(doc.title)}`);
    }
  });

  it('the 码著服务协议 names the operator company as 乙方 with its credit code and address, and refuses a bare name', async () => {
    const doc = buildContract(input('service'));
    const text = (await pdfText(await renderContractPdf(doc))).join('');
    expect(text).toContain('乙方（服务方）：福州码著信息技术有限公司');
    expect(text).toContain('统一社会信用代码：91350102MA8T000019');
    expect(text).toContain('地址：福建省福州市鼓楼区五四路89号');
    // A company seals, and its representative signs: both the user's and the operator's block ask for it.
    expect((text.match(/法定代表人或授权代表（签字）/g) ?? []).length).toBe(2);
    const bare = { ...input('service'), parties: [{ kind: 'user', ...COMPANY }, { kind: 'provider', name: '码著', category: '企业法人' }] } as ContractInput;
    expect(() => buildContract(bare)).toThrow('码著服务协议的服务方“码著”须有统一社会信用代码和地址');
  });

  it.skipIf(!PDFTOTEXT)('signature blocks keep every name on one line: shrunk in a half-width cell, or a full-width row', async () => {
    const commission = buildContract({ ...input('commission'), parties: [{ kind: 'client', ...COMPANY }, { kind: 'contractor', ...LONG }] });
    const pdf = await renderContractPdf(commission);
    const signs = signatureArea(pdfLayoutLines(pdf));
    for (const name of [COMPANY.name, LONG.name]) expect(signs.some((l) => l.includes(name)), name).toBe(true);
    expect(signs.some((l) => /有限公$/.test(l))).toBe(false);

    const cooperation = buildContract({ ...input('cooperation'), parties: [{ kind: 'developer', ...VERY_LONG }, { kind: 'developer', ...LONG }, { kind: 'developer', ...PERSON }] });
    const rows = signatureArea(pdfLayoutLines(await renderContractPdf(cooperation)));
    // The very long name has a row of its own: no other party's name shares its line.
    const own = rows.find((l) => l.includes(VERY_LONG.name));
    expect(own).toBe(VERY_LONG.name);
    // The next two share a row of half-width cells, each name whole.
    expect(rows.some((l) => l.includes(LONG.name) && l.includes('张三'))).toBe(true);
    expect((rows.join('').match(/日期：年月日/g) ?? []).length).toBe(3);
  });

  it('the 委托开发合同 assigns the copyright to the commissioning party explicitly (条例 第十一条)', () => {
    const html = renderContractHtml(buildContract(input('commission')));
    expect(html).toContain('著作权归属');
    expect(html).toMatch(/自本软件开发完成之日起归委托方甲方（码著科技有限公司）享有/);
    expect(html).toContain('第十一条');
    expect(html).toContain('受托方不享有本软件的著作权');
  });

  it('the HTML is escaped', () => {
    const html = renderContractHtml(buildContract({ ...input('cooperation'), terms: '<script>alert(1)</script>' }));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('refuses a contract without its parties', () => {
    expect(() => buildContract({ ...input('cooperation'), parties: [{ kind: 'developer', ...COMPANY }] })).toThrow(/合作开发协议须有至少 2 个合作方/);
    expect(() => buildContract({ ...input('commission'), parties: [{ kind: 'client', ...COMPANY }] })).toThrow(/委托开发合同须有受托方/);
  });

  it('DOCX carries the same text', async () => {
    const docx = await renderContractDocx(buildContract(input('transfer')));
    const xml = new TextDecoder().decode(unzipSync(docx)['word/document.xml']);
    expect(xml).toContain('软件著作权转让合同');
    expect(xml).toContain('11010519491231002X');
    expect(xml).toContain('<w:cantSplit/>');
  });

  it.skipIf(!SOFFICE || !PDFTOTEXT)('DOCX opens in LibreOffice: party lines left-aligned (never stretched), names whole in the signature table', async () => {
    const doc = buildContract({ ...input('cooperation'), parties: [{ kind: 'developer', ...COMPANY }, { kind: 'developer', ...LONG }, { kind: 'developer', ...PERSON }] });
    const lines = pdfLayoutLines(docxToPdf(await renderContractDocx(doc)));
    expect(lines).toContain('合作开发协议');
    // A justified line ending in a line break is stretched by LibreOffice into characters separated by spaces.
    for (const party of ['甲方（合作方）：码著科技有限公司', `乙方（合作方）：${LONG.name}`, '丙方（合作方）：张三', `居民身份证：${PERSON.idNumber}`]) expect(lines).toContain(party);
    const signs = signatureArea(lines);
    for (const name of [COMPANY.name, LONG.name, '张三']) expect(signs.some((l) => l.includes(name)), name).toBe(true);
  }, 120_000);
});

describe('application form prints every owner', () => {
  it('with 类别, 国籍, 省份/城市, 证件类型 and 证件号码 (PDF and DOCX)', async () => {
    const p = ZProject.parse({
      name: '码著测试管理系统',
      version: 'V1.0',
      owners: [
        { ...COMPANY, nationality: '中国', province: '福建省', city: '福州市' },
        { ...PERSON, nationality: '中国', province: '北京市', city: '北京市' },
      ],
    });
    const form = formFromProject(p);
    const text = (await pdfText(await renderApplicationFormPdf(form))).join('');
    for (const s of ['著作权人（1）码著科技有限公司', '著作权人（1）类别企业法人', '著作权人（1）省份/城市福建省福州市', '著作权人（1）证件号码91350100M000100Y43', '著作权人（2）张三', '著作权人（2）国籍中国', '著作权人（2）证件类型居民身份证', '著作权人（2）证件号码11010519491231002X']) {
      expect(text).toContain(s);
    }
    const xml = new TextDecoder().decode(unzipSync(await renderApplicationFormDocx(form))['word/document.xml']);
    expect(xml).toContain('11010519491231002X');
    expect(xml).toContain('著作权人（2）省份/城市');
  });
});

describe('开发方式 and the owners agree (checkOwnership)', () => {
  const owner = (name: string, o: Partial<ApplicationForm['owners'][number]> = {}) => ({ name, nationality: '中国', province: '福建省', city: '福州市', category: '企业法人' as const, idType: '统一社会信用代码', idNumber: '91350100M000100Y43', ...o });
  const form = (f: Partial<ApplicationForm>): ApplicationForm => ({ ...formFromProject(ZProject.parse({ name: '码著测试管理系统', version: 'V1.0', completionDate: '2025-06-01' })), ...f });
  const ref = (type: ContractRef['type'], signDate: string, parties: [string, string][]): ContractRef => ({ type, title: { cooperation: '合作开发协议', commission: '委托开发合同', transfer: '软件著作权转让合同', service: '码著服务协议' }[type], signDate, parties: parties.map(([kind, name]) => ({ kind: kind as never, name })) });
  const failed = (items: ReturnType<typeof checkOwnership>) => items.filter((i) => !i.ok).map((i) => i.detail);

  it('passes complete owners and a 单独开发 with one owner', () => {
    const items = checkOwnership(form({ owners: [owner('甲公司')] }), []);
    expect(items.every((i) => i.ok && !i.warning)).toBe(true);
    expect(items.map((i) => i.title)).toEqual(['著作权人信息', '开发方式与著作权人']);
  });

  it('names missing owner fields', () => {
    expect(failed(checkOwnership(form({ owners: [owner('甲公司', { city: '' })] }), []))).toEqual(['著作权人“甲公司”缺少城市']);
    expect(failed(checkOwnership(form({ owners: [owner('乙', { category: '自然人' })] }), []))[0]).toMatch(/为自然人，证件类型不应为统一社会信用代码/);
  });

  it('单独开发 needs exactly one owner; 合作开发 two or more', () => {
    expect(failed(checkOwnership(form({ owners: [owner('甲'), owner('乙')] }), []))[0]).toMatch(/单独开发.*2 个著作权人.*合作开发/);
    expect(failed(checkOwnership(form({ developmentMode: '合作开发', owners: [owner('甲')] }), []))[0]).toMatch(/须有两个或以上著作权人（现 1 个）/);
  });

  it('合作开发 advises a contract, then checks its parties, order and date', () => {
    const f = form({ developmentMode: '合作开发', owners: [owner('甲'), owner('乙')] });
    const advice = checkOwnership(f, []).find((i) => i.title === '合作开发协议')!;
    expect(advice).toMatchObject({ ok: true, warning: true });
    const good = checkOwnership(f, [ref('cooperation', '2025-03-01', [['developer', '甲'], ['developer', '乙']])]);
    expect(failed(good)).toEqual([]);
    expect(good.find((i) => i.title === '合作开发协议')?.warning).toBeUndefined();
    expect(failed(checkOwnership(f, [ref('cooperation', '2025-03-01', [['developer', '乙'], ['developer', '甲']])]))[0]).toMatch(/与申请表的著作权人及顺序（甲、乙）不一致/);
    expect(failed(checkOwnership(f, [ref('cooperation', '2025-06-01', [['developer', '甲'], ['developer', '乙']])]))[0]).toBe(
      '合作开发协议签订于 2025-06-01，应早于开发完成日期 2025-06-01：请核对日期，或重新生成合同',
    );
  });

  it('委托开发 and 下达任务开发 require a contract whose 委托方 are the owners', () => {
    const f = form({ developmentMode: '委托开发', owners: [owner('甲')] });
    expect(failed(checkOwnership(f, []))[0]).toMatch(/委托开发须提交委托开发合同.*第十一条/);
    expect(failed(checkOwnership(f, [ref('commission', '2025-01-01', [['client', '甲'], ['contractor', '丙']])]))).toEqual([]);
    expect(failed(checkOwnership(f, [ref('commission', '2025-01-01', [['client', '丙'], ['contractor', '甲']])]))[0]).toMatch(/委托方（丙）应与申请表的著作权人（甲）一致/);
    expect(failed(checkOwnership(form({ developmentMode: '下达任务开发', owners: [owner('甲')] }), []))[0]).toMatch(/下达任务开发须提交任务书或合同/);
  });

  it('继受取得: 受让 requires a transfer contract signed after completion; 继承/承受 name their proof', () => {
    const f = form({ rightsAcquisition: '继受取得', acquisitionWay: '受让', owners: [owner('甲')] });
    expect(failed(checkOwnership(f, []))[0]).toMatch(/继受取得（受让）须提交软件著作权转让合同/);
    expect(failed(checkOwnership(f, [ref('transfer', '2025-07-01', [['assignor', '乙'], ['assignee', '甲']])]))).toEqual([]);
    expect(failed(checkOwnership(f, [ref('transfer', '2025-05-01', [['assignor', '乙'], ['assignee', '甲']])]))[0]).toMatch(/早于开发完成日期/);
    const inherit = checkOwnership(form({ rightsAcquisition: '继受取得', acquisitionWay: '继承', owners: [owner('甲')] }), []).find((i) => i.title === '权利取得方式')!;
    expect(inherit).toMatchObject({ ok: true, warning: true });
    expect(inherit.detail).toMatch(/继承证明/);
  });
});
