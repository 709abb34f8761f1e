import * as z from 'zod';
import { ZPageQuery } from './envelope';

/**
 * Contracts (合同下载, /settings/contract): templates filled from a project and the owner registry, stored as
 * PDF and DOCX. Which filing needs which contract: shared/spec/cpcc-materials.md ("Development mode, ownership and
 * the proof to file"); 《计算机软件保护条例》第十条 (合作开发), 第十一条 (委托开发: without a written agreement the
 * copyright belongs to the developer), 第二十条 (a transfer needs a written contract).
 *
 * Calls (all need sign-in; another user's contract, project or owner answers 404):
 *   GET  /api/getContractTemplateHtml?type=[&projectId=&partyA=1,2&partyB=3&signDate=…] → ContractTemplate
 *        (the template as HTML; filled from the project and parties when given, identity numbers masked)
 *   POST /api/addContract        ZAddContractRequest   → ContractListItem (rendered and stored as PDF + DOCX)
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
    description: '您与码著之间的材料准备服务协议（不属于登记提交材料）。',
    sideA: '用户',
    sideB: '服务方（码著）',
    minSideA: 1,
  },
};

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: string) => DATE_RE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
const date = (label: string) => z.string({ error: `请选择${label}` }).trim().refine(validDate, `${label}格式应为 YYYY-MM-DD`).meta({ title: label });

export const CONTRACT_LIMITS = { feeMax: 100, termsMax: 2000, partiesMax: 10 } as const;

const ZType = z
  .enum(CONTRACT_TYPES, { error: '合同类型只能是 cooperation（合作开发协议）、commission（委托开发合同）、transfer（软件著作权转让合同）或 service（码著服务协议）' })
  .meta({ title: '合同类型' });
const ZIds = (label: string) => z.array(z.coerce.number().int().positive(`${label}编号无效`)).max(CONTRACT_LIMITS.partiesMax, `${label}最多 ${CONTRACT_LIMITS.partiesMax} 个`);
/** "1,2,3" in a query string → [1, 2, 3]. */
const ZIdList = z
  .string()
  .optional()
  .transform((v) => (v ? v.split(',').filter(Boolean).map(Number) : []))
  .pipe(z.array(z.number().int('当事人编号无效').positive('当事人编号无效')).max(CONTRACT_LIMITS.partiesMax, `当事人最多 ${CONTRACT_LIMITS.partiesMax} 个`));

const ZContractFields = z.object({
  type: ZType,
  projectId: z.coerce.number({ error: '请选择项目' }).int().positive('项目编号无效'),
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
  projectId: z.coerce.number().int().positive('项目编号无效').optional(),
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
});
export type ContractTemplate = z.infer<typeof ZContractTemplate>;

/** POST /api/getContractList. */
export const ZContractListQuery = ZPageQuery.extend({
  projectId: z.coerce.number().int().positive('项目编号无效').optional(),
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
  /** Download paths (GET, with the session headers). */
  pdfUrl: z.string(),
  docxUrl: z.string(),
});
export type ContractListItem = z.infer<typeof ZContractListItem>;

/** GET /api/getContractDownload?id=&format=pdf|docx. */
export const ZContractDownloadQuery = z.object({
  id: z.coerce.number({ error: '请指定合同' }).int().positive('合同编号无效'),
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
