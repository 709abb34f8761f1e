import * as z from 'zod';
import { ZPageQuery } from './envelope';
import { checkCreditCode, normalizeIdNumber, OWNER_LIMITS } from './owners';
import { plainNumber } from './validation';

/**
 * Contracts (合同下载, /settings/contract): templates filled from a project and the owner registry, stored as
 * PDF and DOCX. Which filing needs which contract: shared/spec/cpcc-materials.md ("Development mode, ownership and
 * the proof to file"); 《计算机软件保护条例》第十条 (合作开发), 第十一条 (委托开发: without a written agreement the
 * copyright belongs to the developer), 第二十条 (a transfer needs a written contract).
 *
 * Calls (all need sign-in; another user's contract, project or owner answers 404):
 *   GET  /api/getContractTemplateHtml?type=[&projectId=&partyA=1,2&partyB=3&signDate=…] → ContractTemplate
 *        (the template as HTML; filled from the project and parties when given, identity numbers masked; with the
 *        party warnings of contractPartyWarnings and why it cannot be generated yet, if so)
 *   POST /api/addContract        ZAddContractRequest   → ContractListItem (rendered and stored as PDF + DOCX)
 *        409 {data: {warnings}} while the parties disagree with the project's owners and 开发方式 and
 *        `confirmWarnings` is not true; 400 for a 码著服务协议 while the operator's company is not set
 *   POST /api/getContractList    ZContractListQuery    → Page<ContractListItem>
 *   GET  /api/getContractDownload?id=&format=pdf|docx  → the file itself (binary); errors are envelopes
 *   GET  /api/delContract?id=                          → null
 */
export const CONTRACT_TYPES = ['cooperation', 'commission', 'transfer', 'service'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export interface ContractTypeMeta {
  type: ContractType;
  title: string;
  /** What the web shows under the type. */
  description: string;
  /** Side A (甲方 …) and side B: who they are. 合作开发协议 has only side A (every party a co-developer). */
  sideA: string;
  sideB?: string;
  /** Minimum number of parties on side A. */
  minSideA: number;
  /** The 开发方式 / 权利取得方式 it proves (filed with the registration). */
  proves?: string;
  /** Signing-date rule against the project's 开发完成日期. */
  dateRule?: 'before-completion' | 'after-completion';
}

export const CONTRACT_TYPE_META: Record<ContractType, ContractTypeMeta> = {
  cooperation: {
    type: 'cooperation',
    title: '合作开发协议',
    description: '两个或以上著作权人共同开发时提交：约定著作权共同享有，当事人及顺序与申请表的著作权人一致；须在开发完成前签订。',
    sideA: '合作方',
    minSideA: 2,
    proves: '合作开发',
    dateRule: 'before-completion',
  },
  commission: {
    type: 'commission',
    title: '委托开发合同',
    description: '委托他人开发时提交：明确约定著作权归委托方（《计算机软件保护条例》第十一条，无约定则归受托方）；须在开发完成前签订。',
    sideA: '委托方',
    sideB: '受托方',
    minSideA: 1,
    proves: '委托开发 / 下达任务开发',
    dateRule: 'before-completion',
  },
  transfer: {
    type: 'transfer',
    title: '软件著作权转让合同',
    description: '继受取得（受让）时提交：转让方将已开发完成的软件著作权转让给受让方（著作权人）。',
    sideA: '转让方',
    sideB: '受让方',
    minSideA: 1,
    proves: '继受取得（受让）',
    dateRule: 'after-completion',
  },
  service: {
    type: 'service',
    title: '码著服务协议',
    description: '您与码著运营方之间的材料准备服务协议（不属于登记提交材料）；乙方为运营方公司，由运营人员在后台填写。',
    sideA: '用户',
    sideB: '服务方',
    minSideA: 1,
  },
};

/** Key of the operator's company in the settings registry (settings.ts): the 乙方 of every 码著服务协议. */
export const SERVICE_PROVIDER_SETTING_KEY = 'contract.serviceProvider';

/**
 * The operator's company, printed as the 乙方（服务方） of the 码著服务协议: 公司名称, 统一社会信用代码 (checked with
 * its GB 32100-2015 check character, like an owner's) and 地址. Set by an administrator in the back office; the
 * service agreement is refused until it is stored.
 */
export const ZServiceProvider = z.object({
  name: z
    .string({ error: '请填写公司名称' })
    .trim()
    .min(2, '请填写公司名称（至少 2 个字）')
    .max(OWNER_LIMITS.nameMax, `公司名称不能超过 ${OWNER_LIMITS.nameMax} 个字`)
    .meta({ title: '公司名称' }),
  creditCode: z
    .string({ error: '请填写统一社会信用代码' })
    .overwrite(normalizeIdNumber)
    .refine((v) => checkCreditCode(v) === null, { error: (iss) => checkCreditCode(String(iss.input)) ?? '统一社会信用代码无效' })
    .meta({ title: '统一社会信用代码' }),
  address: z
    .string({ error: '请填写地址' })
    .trim()
    .min(5, '请填写公司地址（至少 5 个字）')
    .max(OWNER_LIMITS.addressMax, `地址不能超过 ${OWNER_LIMITS.addressMax} 个字`)
    .meta({ title: '地址' }),
});
export type ServiceProvider = z.infer<typeof ZServiceProvider>;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: string) => DATE_RE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
const date = (label: string) => z.string({ error: `请选择${label}` }).trim().refine(validDate, `${label}格式应为 YYYY-MM-DD`).meta({ title: label });

export const CONTRACT_LIMITS = { feeMax: 100, termsMax: 2000, partiesMax: 10 } as const;

const ZType = z
  .enum(CONTRACT_TYPES, { error: '合同类型只能是 cooperation（合作开发协议）、commission（委托开发合同）、transfer（软件著作权转让合同）或 service（码著服务协议）' })
  .meta({ title: '合同类型' });
const ZIds = (label: string) => z.array(plainNumber(z.number().int().positive(`${label}编号无效`))).max(CONTRACT_LIMITS.partiesMax, `${label}最多 ${CONTRACT_LIMITS.partiesMax} 个`);
/** "1,2,3" in a query string → [1, 2, 3]. */
const ZIdList = z
  .string()
  .optional()
  .transform((v) => (v ? v.split(',').filter(Boolean).map(Number) : []))
  .pipe(z.array(z.number().int('当事人编号无效').positive('当事人编号无效')).max(CONTRACT_LIMITS.partiesMax, `当事人最多 ${CONTRACT_LIMITS.partiesMax} 个`));

const ZContractFields = z.object({
  type: ZType,
  projectId: plainNumber(z.number({ error: '请选择项目' }).int().positive('项目编号无效')),
  /** Side A owner ids in order (合作方 / 委托方 / 转让方 / 用户), from the registry. */
  partyA: ZIds('当事人').min(1, '请选择当事人'),
  /** Side B owner ids (受托方 / 受让方); empty for 合作开发协议 and 码著服务协议. */
  partyB: ZIds('当事人').default([]),
  /** 签订日期. 合作开发协议 / 委托开发合同: before the project's 开发完成日期; 转让合同: on or after it. */
  signDate: date('签订日期'),
  signPlace: z.string().trim().max(50, '签订地点不能超过 50 个字符').meta({ title: '签订地点' }).optional(),
  /** 开发期间 (合作开发 / 委托开发), optional. */
  devStart: date('开发开始日期').optional(),
  devEnd: date('开发结束日期').optional(),
  /** 开发费用 / 转让价款 as written (e.g. 人民币伍万元整); "另行约定" when empty. */
  fee: z.string().trim().max(CONTRACT_LIMITS.feeMax, `费用不能超过 ${CONTRACT_LIMITS.feeMax} 个字符`).meta({ title: '费用' }).optional(),
  /** 其他约定 (special terms), printed as written. */
  terms: z.string().trim().max(CONTRACT_LIMITS.termsMax, `其他约定不能超过 ${CONTRACT_LIMITS.termsMax} 个字符`).meta({ title: '其他约定' }).optional(),
  /** The user read the party warnings (contractPartyWarnings) and generates anyway; without it they answer 409. */
  confirmWarnings: z.boolean({ error: '确认标记只能是 true 或 false' }).default(false),
});

/** Side rules shared by the request and the preview: counts per type and no party on both sides. */
function refineSides(v: { type: ContractType; partyA: number[]; partyB: number[]; devStart?: string; devEnd?: string }, ctx: z.RefinementCtx): void {
  const meta = CONTRACT_TYPE_META[v.type];
  if (v.partyA.length < meta.minSideA) ctx.addIssue({ code: 'custom', path: ['partyA'], message: `${meta.title}须有至少 ${meta.minSideA} 个${meta.sideA}` });
  if (new Set(v.partyA).size !== v.partyA.length || new Set(v.partyB).size !== v.partyB.length) ctx.addIssue({ code: 'custom', path: ['partyA'], message: '同一当事人不能重复选择' });
  if (v.type === 'cooperation' || v.type === 'service') {
    if (v.partyB.length) ctx.addIssue({ code: 'custom', path: ['partyB'], message: `${meta.title}不需要另一方当事人` });
    if (v.type === 'service' && v.partyA.length > 1) ctx.addIssue({ code: 'custom', path: ['partyA'], message: '码著服务协议的用户方只能选择一个' });
  } else {
    if (!v.partyB.length) ctx.addIssue({ code: 'custom', path: ['partyB'], message: `请选择${meta.sideB}` });
    if (v.partyA.some((id) => v.partyB.includes(id))) ctx.addIssue({ code: 'custom', path: ['partyB'], message: `${meta.sideA}和${meta.sideB}不能是同一人` });
  }
  if (v.devStart && v.devEnd && v.devStart > v.devEnd) ctx.addIssue({ code: 'custom', path: ['devEnd'], message: '开发结束日期不能早于开始日期' });
}

/** POST /api/addContract — a contract for one of the user's projects with parties from the owner registry. */
export const ZAddContractRequest = ZContractFields.superRefine(refineSides);
export type AddContractRequest = z.input<typeof ZAddContractRequest>;

/**
 * GET /api/getContractTemplateHtml — the template of `type`; with `projectId` it is filled from the project (and
 * `partyA`/`partyB` as comma-separated owner ids, defaulting to the project's owners), identity numbers masked.
 */
export const ZContractTemplateQuery = z.object({
  type: ZType,
  projectId: plainNumber(z.number().int().positive('项目编号无效')).optional(),
  partyA: ZIdList,
  partyB: ZIdList,
  signDate: date('签订日期').optional().or(z.literal('').transform(() => undefined)),
  signPlace: z.string().trim().max(50).meta({ title: '签订地点' }).optional(),
  devStart: date('开发开始日期').optional().or(z.literal('').transform(() => undefined)),
  devEnd: date('开发结束日期').optional().or(z.literal('').transform(() => undefined)),
  fee: z.string().trim().max(CONTRACT_LIMITS.feeMax).meta({ title: '费用' }).optional(),
  terms: z.string().trim().max(CONTRACT_LIMITS.termsMax).meta({ title: '其他约定' }).optional(),
});
export type ContractTemplateQuery = z.input<typeof ZContractTemplateQuery>;

export const ZContractTemplate = z.object({
  type: ZType,
  title: z.string(),
  /** Sanitisable HTML: <article class="contract"> with headings, paragraphs and the signature table. */
  html: z.string(),
  /** True when filled from a project (false: placeholders such as 【软件全称】). */
  filled: z.boolean(),
  /** contractPartyWarnings of the chosen parties against the project (empty without a project or parties). */
  warnings: z.array(z.string()),
  /** Why this contract cannot be generated now (a 码著服务协议 before the operator set its company), else null. */
  blocked: z.string().nullable(),
});
export type ContractTemplate = z.infer<typeof ZContractTemplate>;

/** POST /api/getContractList. */
export const ZContractListQuery = ZPageQuery.extend({
  projectId: plainNumber(z.number().int().positive('项目编号无效')).optional(),
  type: ZType.optional(),
});
export type ContractListQuery = z.input<typeof ZContractListQuery>;

export const ZContractListItem = z.object({
  id: z.number().int(),
  type: ZType,
  title: z.string(),
  /** The project (null when it was deleted later; the contract stays). */
  projectId: z.number().int().nullable(),
  softwareName: z.string(),
  softwareVersion: z.string(),
  partyNames: z.array(z.string()),
  signDate: z.string(),
  createdAt: z.string(),
  /** The warnings about its parties against the project (owners, 开发方式) the user confirmed when making it. */
  confirmedWarnings: z.array(z.string()),
  /** Download paths (GET, with the session headers). */
  pdfUrl: z.string(),
  docxUrl: z.string(),
});
export type ContractListItem = z.infer<typeof ZContractListItem>;

/** GET /api/getContractDownload?id=&format=pdf|docx. */
export const ZContractDownloadQuery = z.object({
  id: plainNumber(z.number({ error: '请指定合同' }).int().positive('合同编号无效')),
  format: z.enum(['pdf', 'docx'], { error: '格式只能是 pdf 或 docx' }).meta({ title: '格式' }).default('pdf'),
});

/** File name of a downloaded contract: 软件全称_版本号_合同名称.pdf|docx. */
export const contractFileName = (c: Pick<ContractListItem, 'softwareName' | 'softwareVersion' | 'title'>, format: 'pdf' | 'docx'): string =>
  `${c.softwareName}_${c.softwareVersion}_${c.title}.${format}`;

/** Which contract type a project's 开发方式 / 权利取得方式 needs in its materials (undefined: none). */
export function contractTypesNeeded(form: { developmentMode?: string; rightsAcquisition?: string; acquisitionWay?: string }): ContractType[] {
  const out: ContractType[] = [];
  if (form.developmentMode === '合作开发') out.push('cooperation');
  if (form.developmentMode === '委托开发' || form.developmentMode === '下达任务开发') out.push('commission');
  if (form.rightsAcquisition === '继受取得' && form.acquisitionWay === '受让') out.push('transfer');
  return out;
}

/** 409 answer of addContract while the parties disagree with the project and the user has not confirmed. */
export const ZContractWarnings = z.object({ warnings: z.array(z.string()) });
export type ContractWarnings = z.infer<typeof ZContractWarnings>;

/** What contractPartyWarnings needs of a project: its 开发方式 / 权利取得方式 and its owners in the form's order. */
export interface ContractProjectFacts {
  developmentMode?: string;
  rightsAcquisition?: string;
  acquisitionWay?: string;
  owners: { id: number; name: string }[];
}

/**
 * The parties of a contract checked against the project it is for (shared/spec/cpcc-materials.md, "Development
 * mode, ownership and the proof to file"; 《计算机软件保护条例》第十条、第十一条、第二十条). Each string is one Chinese
 * warning the user must confirm before the contract is made:
 *   - 合作开发协议: the project is 合作开发; the 合作方 are exactly the project's owners, in the same order;
 *   - 委托开发合同: the project is 委托开发 or 下达任务开发; the 委托方 are exactly the owners; no 受托方 is an owner;
 *   - 转让合同: the project is 继受取得（受让）; the 受让方 are exactly the owners (every co-owner signs); no 转让方 is
 *     an owner;
 *   - 码著服务协议: none (the user's party need not own the software).
 * A project without owners answers only that warning. Parties are compared by owner id (the registry's rows).
 */
export function contractPartyWarnings(
  type: ContractType,
  project: ContractProjectFacts,
  sideA: { id: number; name: string }[],
  sideB: { id: number; name: string }[] = [],
): string[] {
  if (type === 'service') return [];
  const meta = CONTRACT_TYPE_META[type];
  if (!project.owners.length) return [`本项目还没有选择著作权人：${meta.title}的当事人应与申请表的著作权人相符，请先在项目中选择著作权人`];
  const out: string[] = [];
  const ownerIds = new Set(project.owners.map((o) => o.id));
  const q = (ps: { name: string }[]) => ps.map((p) => `“${p.name}”`).join('、');
  const notOwners = (ps: { id: number; name: string }[]) => ps.filter((p) => !ownerIds.has(p.id));
  const missing = (ps: { id: number }[]) => project.owners.filter((o) => !ps.some((p) => p.id === o.id));
  const mode = project.developmentMode || '单独开发';

  if (type === 'cooperation') {
    if (mode !== '合作开发') out.push(`本项目的开发方式是“${mode}”，合作开发协议用于开发方式为“合作开发”的软件：请核对项目的开发方式，或生成与之相符的合同`);
    const strangers = notOwners(sideA);
    const absent = missing(sideA);
    if (strangers.length) out.push(`合作方${q(strangers)}不是本项目的著作权人：合作开发的软件著作权由全部合作方共同享有，申请表的著作权人应与协议的合作方一致`);
    if (absent.length) out.push(`本项目的著作权人${q(absent)}不在合作方中：合作开发协议应由全部著作权人作为合作方签订`);
    if (!strangers.length && !absent.length && sideA.some((p, i) => p.id !== project.owners[i]?.id)) {
      out.push(`合作方的顺序（${sideA.map((p) => p.name).join('、')}）与本项目著作权人的顺序（${project.owners.map((o) => o.name).join('、')}）不一致：申请表的著作权人顺序应与协议一致`);
    }
  } else if (type === 'commission') {
    if (mode !== '委托开发' && mode !== '下达任务开发') out.push(`本项目的开发方式是“${mode}”，委托开发合同用于开发方式为“委托开发”或“下达任务开发”的软件：请核对项目的开发方式，或生成与之相符的合同`);
    const strangers = notOwners(sideA);
    const absent = missing(sideA);
    const developers = sideB.filter((p) => ownerIds.has(p.id));
    if (strangers.length) out.push(`委托方${q(strangers)}不是本项目的著作权人：委托开发合同约定著作权归委托方，委托方应是申请表的著作权人`);
    if (absent.length) out.push(`本项目的著作权人${q(absent)}不是委托方：著作权归委托方，申请表的著作权人应都是合同的委托方`);
    if (developers.length) out.push(`受托方${q(developers)}是本项目的著作权人：合同约定著作权归委托方，受托方不享有本软件的著作权`);
  } else {
    if (project.rightsAcquisition !== '继受取得' || project.acquisitionWay !== '受让') {
      const way = project.rightsAcquisition === '继受取得' ? `继受取得（${project.acquisitionWay ?? '未选择方式'}）` : project.rightsAcquisition || '原始取得';
      out.push(`本项目的权利取得方式是“${way}”，软件著作权转让合同用于权利取得方式为“继受取得（受让）”的软件：请核对项目的权利取得方式`);
    }
    const strangers = notOwners(sideB);
    const absent = missing(sideB);
    const sellers = sideA.filter((p) => ownerIds.has(p.id));
    if (strangers.length) out.push(`受让方${q(strangers)}不是本项目的著作权人：受让取得的软件，申请表的著作权人应是合同的受让方`);
    if (absent.length) out.push(`本项目的著作权人${q(absent)}不在受让方中：共有著作权的，全部著作权人都应作为受让方签订转让合同`);
    if (sellers.length) out.push(`转让方${q(sellers)}也是本项目的著作权人：转让后转让方不再享有所转让的权利，不应再列为著作权人`);
  }
  return out;
}
