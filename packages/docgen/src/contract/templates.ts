import { DocgenError } from '../errors';
import { CONTRACT_TYPE_INFO, partyRole, ZContractInput, type ContractArticle, type ContractData, type ContractDocument, type ContractInput, type ContractParty } from './model';

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二', '十三', '十四', '十五'];
const DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** 2025-06-01 → 2025年6月1日. */
export const chineseDate = (d: string): string => {
  const [y, m, day] = d.split('-');
  return `${y}年${Number(m)}月${Number(day)}日`;
};

const quoteName = (d: ContractData) => `“${d.software.name}”（版本号 ${d.software.version}，以下简称“本软件”）`;
const names = (ps: { role: string; name: string }[]) => ps.map((p) => `${p.role}（${p.name}）`).join('、');
const copies = (n: number) => `一式${DIGITS[n] ?? n}份，${n > 2 ? '各方' : '双方'}各执一份，具有同等法律效力`;
const period = (d: ContractData, what: string) =>
  d.devStart && d.devEnd ? `${what}期间为${chineseDate(d.devStart)}至${chineseDate(d.devEnd)}。` : d.devEnd ? `${what}应于${chineseDate(d.devEnd)}前完成。` : '';
const fee = (d: ContractData, what: string) => (d.fee.trim() ? `${what}为${d.fee.trim()}，支付方式和期限由双方另行书面约定。` : `${what}及支付方式由双方另行书面约定。`);

const DISPUTE = '因本合同引起的或与本合同有关的争议，各方应友好协商解决；协商不成的，任何一方均可向有管辖权的人民法院提起诉讼。';
const CONFIDENTIAL = '各方对在合作中知悉的他方技术秘密、商业秘密和个人信息负有保密义务，未经对方书面同意不得向第三方披露或用于本合同以外的目的；本条在合同终止后继续有效。';

function articlesOf(d: ContractData, ps: ContractDocument['parties']): ContractArticle[] {
  const side = (kind: string) => ps.filter((p) => p.kind === kind);
  const n = ps.length;
  const other = d.terms.trim() ? d.terms.trim().split(/\n+/) : ['无。'];
  switch (d.type) {
    case 'cooperation': {
      const first = ps[0]!;
      return [
        { heading: '合作开发的软件', paragraphs: [`各方共同开发计算机软件${quoteName(d)}。${period(d, '合作开发')}`] },
        { heading: '各方的分工', paragraphs: ['各方按照共同商定的开发计划分工完成本软件的需求分析、设计、编码和测试，分别投入本方的技术、人员和设备，并对各自完成部分的质量负责。'] },
        {
          heading: '著作权归属',
          paragraphs: [
            `依照《计算机软件保护条例》第十条，本软件的著作权由${names(ps)}共同享有。`,
            `各方同意按本协议当事人的顺序（${ps.map((p) => p.name).join('、')}）作为著作权人申请计算机软件著作权登记；登记申请表中著作权人的名单和顺序应与本协议一致。`,
          ],
        },
        {
          heading: '权利的行使与收益',
          paragraphs: ['本软件著作权的行使由各方协商一致进行；不能协商一致又无正当理由的，任何一方不得阻止他方行使除转让权以外的其他权利，但所得收益应当合理分配给所有合作开发者。'],
        },
        { heading: '登记事宜', paragraphs: [`各方同意由${first.role}（${first.name}）负责办理本软件的著作权登记手续，其他各方应予配合并提供所需材料。`] },
        { heading: '保密', paragraphs: [CONFIDENTIAL] },
        { heading: '违约责任与争议解决', paragraphs: ['任何一方违反本协议约定的，应承担违约责任，并赔偿由此给他方造成的损失。', DISPUTE] },
        { heading: '其他约定', paragraphs: other },
        { heading: '生效', paragraphs: [`本协议自各方签字或盖章之日起生效，${copies(n)}。`] },
      ];
    }
    case 'commission': {
      const clients = side('client');
      const contractors = side('contractor');
      const a = names(clients);
      const b = names(contractors);
      return [
        { heading: '委托开发的软件', paragraphs: [`${a}委托${b}开发计算机软件${quoteName(d)}。${period(d, '开发')}`] },
        {
          heading: '开发要求与交付',
          paragraphs: [`${b}按照委托方提出的功能需求开发本软件，开发完成后向委托方交付本软件的全部源程序、目标程序及相关文档，并协助委托方完成安装和验收。`],
        },
        { heading: '开发费用', paragraphs: [fee(d, '本软件的开发费用')] },
        {
          heading: '著作权归属',
          paragraphs: [
            `本软件（包括源程序、目标程序及相关文档）的著作权，包括《中华人民共和国著作权法》第十条规定的全部人身权利和财产权利，自本软件开发完成之日起归委托方${a}享有。`,
            `受托方不享有本软件的著作权；未经委托方书面许可，受托方不得使用、复制、发行本软件，不得向任何第三方转让或许可本软件。`,
            '双方确认：本条即《计算机软件保护条例》第十一条所称的书面合同约定（无书面约定的，委托开发的软件著作权由受托人享有）。委托方有权以自己的名义申请本软件的著作权登记，受托方应予配合。',
          ],
        },
        { heading: '受托方的保证', paragraphs: ['受托方保证本软件系其独立开发完成，不侵犯任何第三方的著作权、专利权、商业秘密或其他合法权益；因受托方原因引起的侵权纠纷，由受托方承担全部责任。'] },
        { heading: '保密', paragraphs: [CONFIDENTIAL] },
        { heading: '违约责任与争议解决', paragraphs: ['任何一方违反本合同约定的，应承担违约责任，并赔偿由此给对方造成的损失。', DISPUTE] },
        { heading: '其他约定', paragraphs: other },
        { heading: '生效', paragraphs: [`本合同自双方签字或盖章之日起生效，${copies(n)}。`] },
      ];
    }
    case 'transfer': {
      const a = names(side('assignor'));
      const b = names(side('assignee'));
      const done = d.software.completionDate ? `（开发完成日期：${chineseDate(d.software.completionDate)}）` : '';
      return [
        { heading: '转让标的', paragraphs: [`${a}将其依法享有的计算机软件${quoteName(d)}${done}的著作权转让给${b}。`] },
        {
          heading: '转让的权利与范围',
          paragraphs: [
            '转让的权利为本软件著作权中的全部财产权利，包括复制权、发行权、出租权、信息网络传播权、翻译权以及应当由著作权人享有的其他财产权利；转让的地域范围为全世界，期限为本软件著作权的全部保护期。',
          ],
        },
        { heading: '转让价款', paragraphs: [fee(d, '转让价款')] },
        { heading: '交付', paragraphs: ['转让方应于本合同生效后十五日内向受让方交付本软件的全部源程序、目标程序、相关文档及已取得的登记证书（如有）。'] },
        {
          heading: '转让方的保证',
          paragraphs: ['转让方保证其为本软件的合法著作权人，有权转让本软件著作权；本软件不存在权属争议，未设定质押，未向任何第三方转让或独占许可本软件著作权。'],
        },
        {
          heading: '登记',
          paragraphs: [`依照《计算机软件保护条例》第二十条，转让软件著作权应当订立书面合同。本合同生效后，受让方可依据本合同以“继受取得（受让）”申请本软件的著作权登记，转让方应予配合。`],
        },
        { heading: '违约责任与争议解决', paragraphs: ['任何一方违反本合同约定的，应承担违约责任，并赔偿由此给对方造成的损失。', DISPUTE] },
        { heading: '其他约定', paragraphs: other },
        { heading: '生效', paragraphs: [`本合同自双方签字或盖章之日起生效，${copies(n)}。`] },
      ];
    }
    case 'service': {
      const a = names(side('user'));
      return [
        {
          heading: '服务内容',
          paragraphs: [`服务方根据用户${a}提供的项目信息和源代码，为计算机软件${quoteName(d)}整理生成计算机软件著作权登记所需的程序鉴别材料、文档鉴别材料和申请表填写信息。`],
        },
        {
          heading: '用户的责任',
          paragraphs: [
            '用户保证提供的源代码、项目信息和著作权人信息真实、合法，用户是本软件的著作权人或已取得著作权人的授权，并对提交材料的真实性负责。',
            '登记申请由用户本人或其委托的代理人向中国版权保护中心提交，签章页由著作权人亲笔签名或加盖公章。',
          ],
        },
        {
          heading: '服务方的责任',
          paragraphs: ['服务方按照《计算机软件著作权登记办法》和中国版权保护中心公布的要求整理材料，不编造代码、不虚构内容；服务方不代替用户提交登记申请，登记结果以登记机构的审查为准。'],
        },
        { heading: '费用', paragraphs: ['服务费用按服务方平台公布的积分价格结算；材料生成失败的，已扣除的积分或免费次数自动退回。'] },
        { heading: '保密与个人信息', paragraphs: ['服务方对用户提供的源代码和著作权人信息负有保密义务；证件号码加密存储，仅用于生成用户本人的登记材料和合同。'] },
        { heading: '争议解决', paragraphs: [DISPUTE] },
        { heading: '其他约定', paragraphs: other },
        { heading: '生效', paragraphs: [`本协议自双方签字或盖章之日起生效，${copies(n)}。`] },
      ];
    }
  }
}

/**
 * Fills a contract template (合作开发协议, 委托开发合同, 软件著作权转让合同 or 码著服务协议) from the project
 * (软件全称, 版本号, 开发完成日期) and the parties (names and 证件号码 from the owner registry). Parties are given
 * side A first; roles 甲方, 乙方 … follow that order. Throws DocgenError('BAD_CONTRACT') when a side is missing
 * (a 合作开发协议 needs two co-developers; the other types one party on each side), or when the 服务方 of a
 * 码著服务协议 lacks its 统一社会信用代码 or 地址 (the operator's company, never a bare brand name).
 */
export function buildContract(input: ContractInput): ContractDocument {
  const parsed = ZContractInput.safeParse(input);
  if (!parsed.success) throw new DocgenError('BAD_CONTRACT', `合同数据格式错误：${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('；')}`);
  const d = parsed.data;
  const info = CONTRACT_TYPE_INFO[d.type];
  const need = (kind: string, label: string, min = 1) => {
    if (d.parties.filter((p) => p.kind === kind).length < min) throw new DocgenError('BAD_CONTRACT', `${info.title}须有${min > 1 ? `至少 ${min} 个` : ''}${label}`);
  };
  need(info.sideA.kind, info.sideA.label, d.type === 'cooperation' ? 2 : 1);
  if (info.sideB) need(info.sideB.kind, info.sideB.label);
  for (const p of d.parties.filter((x) => x.kind === 'provider')) {
    if (!p.idNumber.trim() || !p.address.trim()) throw new DocgenError('BAD_CONTRACT', `${info.title}的服务方“${p.name}”须有统一社会信用代码和地址`);
  }
  const ordered: ContractParty[] = [...d.parties.filter((p) => p.kind === info.sideA.kind), ...d.parties.filter((p) => p.kind !== info.sideA.kind)];
  const parties = ordered.map((p, i) => {
    const label = p.kind === info.sideA.kind ? info.sideA.label : (info.sideB?.label ?? '');
    return { ...p, role: p.role || partyRole(i), label };
  });
  const law = d.type === 'service' ? '《中华人民共和国民法典》等法律法规' : '《中华人民共和国民法典》《中华人民共和国著作权法》《计算机软件保护条例》等法律法规';
  const doc: ContractDocument = {
    type: d.type,
    title: info.title,
    header: `${d.software.name} ${d.software.version}`,
    parties,
    preamble: `${parties.length > 2 ? '各方' : '双方'}本着平等自愿、诚实信用的原则，根据${law}的规定，就计算机软件${quoteName(d)}的${
      d.type === 'cooperation' ? '合作开发' : d.type === 'commission' ? '委托开发' : d.type === 'transfer' ? '著作权转让' : '登记材料准备服务'
    }事宜协商一致，订立本${info.title.endsWith('协议') ? '协议' : '合同'}，共同遵守。`,
    articles: articlesOf(d, parties).map((a, i) => ({ heading: `第${NUMERALS[i] ?? i + 1}条 ${a.heading}`, paragraphs: a.paragraphs })),
    signDate: d.signDate,
    signPlace: d.signPlace,
  };
  return doc;
}

/** Lines of a party's block at the top of the contract (identity lines only when a number is given). */
export function partyLines(p: ContractDocument['parties'][number]): string[] {
  const lines = [`${partyLabel(p)}${p.name}`];
  if (p.idNumber) lines.push(`${p.idType || '证件号码'}：${p.idNumber}`);
  if (p.address) lines.push(`地址：${p.address}`);
  const contact = [p.contactName && `联系人：${p.contactName}`, p.contactPhone && `电话：${p.contactPhone}`].filter(Boolean).join('    ');
  if (contact) lines.push(contact);
  return lines;
}

/** The 甲方（合作方）： label that introduces a party's name. */
export const partyLabel = (p: ContractDocument['parties'][number]): string => `${p.role}（${p.label}）：`;

/** One party's signature block: its label, its name (laid out on one line by the renderers) and the lines to fill. */
export interface SignatureBlock {
  label: string;
  name: string;
  /** A natural person signs; an organisation seals and its representative signs; then the date. */
  lines: string[];
}

export function signatureBlock(p: ContractDocument['parties'][number]): SignatureBlock {
  const person = p.category === '自然人';
  return {
    label: partyLabel(p),
    name: p.name,
    lines: [person ? '签字：' : '盖章：', ...(person ? [] : ['法定代表人或授权代表（签字）：']), '日期：      年    月    日'],
  };
}

/**
 * Rows of the signature table: two parties per row, in order; a party whose name does not fit a half-width cell
 * (`fitsHalf` false) gets a full-width row of its own (`full`), so the name is never broken across lines.
 */
export function signatureRows<T>(parties: T[], fitsHalf: (p: T) => boolean): { parties: T[]; full: boolean }[] {
  const rows: { parties: T[]; full: boolean }[] = [];
  let pair: T[] = [];
  const flush = () => {
    if (pair.length) rows.push({ parties: pair, full: false });
    pair = [];
  };
  for (const p of parties) {
    if (!fitsHalf(p)) {
      flush();
      rows.push({ parties: [p], full: true });
      continue;
    }
    pair.push(p);
    if (pair.length === 2) flush();
  }
  flush();
  return rows;
}
