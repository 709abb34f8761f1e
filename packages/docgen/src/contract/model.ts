import * as z from 'zod';

/**
 * Contracts (合同) that accompany a software copyright registration, filled from the project and the owner
 * registry. Which contract a filing needs (shared/spec/cpcc-materials.md, "Development mode, ownership and the
 * proof to file"; 《计算机软件保护条例》第十条、第十一条、第二十条):
 *   合作开发  → 合作开发协议 (the owners and their order match it; signed before 开发完成日期)
 *   委托开发  → 委托开发合同 stating the copyright belongs to the commissioning party (第十一条: otherwise the developer)
 *   下达任务开发 → the 任务书 or a contract (a 委托开发合同 between the tasking and the developing party serves)
 *   继受取得·受让 → 软件著作权转让合同 (第二十条: a transfer needs a written contract)
 * 码著服务协议 is the agreement between the user and this service; it is not a filing material.
 */
export const CONTRACT_TYPES = ['cooperation', 'commission', 'transfer', 'service'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** Who a party is in the contract; decides the rules (who must be the owners) and the signature wording. */
export const PARTY_KINDS = ['developer', 'client', 'contractor', 'assignor', 'assignee', 'user', 'provider'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];

export interface ContractTypeInfo {
  type: ContractType;
  title: string;
  /** Labels of side A and side B (side B empty for 合作开发: every party is a co-developer). */
  sideA: { kind: PartyKind; label: string };
  sideB?: { kind: PartyKind; label: string };
  /** Signed before 开发完成日期 (合作开发 / 委托开发). */
  signBeforeCompletion: boolean;
  /** Signed on or after 开发完成日期 (a transfer needs existing software). */
  signAfterCompletion: boolean;
  /** Filed with the registration (goes into the materials zip when the project needs it). */
  filed: boolean;
}

export const CONTRACT_TYPE_INFO: Record<ContractType, ContractTypeInfo> = {
  cooperation: { type: 'cooperation', title: '合作开发协议', sideA: { kind: 'developer', label: '合作方' }, signBeforeCompletion: true, signAfterCompletion: false, filed: true },
  commission: {
    type: 'commission',
    title: '委托开发合同',
    sideA: { kind: 'client', label: '委托方' },
    sideB: { kind: 'contractor', label: '受托方' },
    signBeforeCompletion: true,
    signAfterCompletion: false,
    filed: true,
  },
  transfer: {
    type: 'transfer',
    title: '软件著作权转让合同',
    sideA: { kind: 'assignor', label: '转让方' },
    sideB: { kind: 'assignee', label: '受让方' },
    signBeforeCompletion: false,
    signAfterCompletion: true,
    filed: true,
  },
  service: {
    type: 'service',
    title: '码著服务协议',
    sideA: { kind: 'user', label: '用户' },
    sideB: { kind: 'provider', label: '服务方' },
    signBeforeCompletion: false,
    signAfterCompletion: false,
    filed: false,
  },
};

const ORDINALS = ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸'];
/** 甲方, 乙方, 丙方 … for the i-th party (0-based). */
export const partyRole = (i: number): string => `${ORDINALS[i] ?? `第${i + 1}`}方`;

export const ZContractParty = z.object({
  /** 甲方 / 乙方 …; filled from the order when empty. */
  role: z.string().default(''),
  kind: z.enum(PARTY_KINDS),
  name: z.string().min(1),
  /** 著作权人类别 (自然人 signs, an organisation seals). */
  category: z.string().default('企业法人'),
  idType: z.string().default(''),
  idNumber: z.string().default(''),
  address: z.string().default(''),
  contactName: z.string().default(''),
  contactPhone: z.string().default(''),
});
export type ContractParty = z.infer<typeof ZContractParty>;

const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

export const ZContractInput = z.object({
  type: z.enum(CONTRACT_TYPES),
  software: z.object({ name: z.string().min(1), version: z.string().min(1), completionDate: DATE.optional() }),
  /** Side A first (in order), then side B. */
  parties: z.array(ZContractParty).min(1),
  /** 签订日期; empty prints a blank date to fill in by hand (template preview). */
  signDate: DATE.or(z.literal('')),
  /** 签订地点 (optional). */
  signPlace: z.string().default(''),
  /** 开发期间 of a 合作/委托 contract (optional). */
  devStart: DATE.optional(),
  devEnd: DATE.optional(),
  /** 开发费用 / 转让价款 as written (e.g. 人民币伍万元整); "另行约定" when empty. */
  fee: z.string().default(''),
  /** 其他约定 (special terms), printed as written; "无" when empty. */
  terms: z.string().default(''),
});
export type ContractInput = z.input<typeof ZContractInput>;
export type ContractData = z.output<typeof ZContractInput>;

/** One article (条) of a contract. */
export interface ContractArticle {
  heading: string;
  paragraphs: string[];
}

/** The filled contract as one model for the HTML preview, the PDF and the DOCX. */
export interface ContractDocument {
  type: ContractType;
  title: string;
  /** "软件全称 版本号" for the running header. */
  header: string;
  parties: (ContractParty & { label: string; role: string })[];
  preamble: string;
  articles: ContractArticle[];
  signDate: string;
  signPlace: string;
}

/** A contract that comes with the materials, as the ownership rules need it (names only, no identity numbers). */
export const ZContractRef = z.object({
  type: z.enum(CONTRACT_TYPES),
  title: z.string(),
  /** 签订日期 YYYY-MM-DD. */
  signDate: z.string(),
  parties: z.array(z.object({ kind: z.enum(PARTY_KINDS), name: z.string() })),
});
export type ContractRef = z.infer<typeof ZContractRef>;
