import * as z from 'zod';
import { ZPageQuery } from './envelope';
import { plainNumber } from './validation';

/**
 * Points (积分) and free times (免费次数), first cut. Balances: recharge points (充值积分, bought),
 * gifted points (赠送积分, given by the service) and free times (免费次数).
 *
 * Charging order of one generation (exactly once, in one transaction, refunded if the job finally fails):
 *   1. one free time, if the user has any;
 *   2. otherwise the cost in points: gifted points first, the rest from recharge points.
 * Not enough → code 460 (ApiCode.InsufficientBalance) with `data: InsufficientBalance` (link to /pointsRecharge).
 *
 *   GET /api/getFreeTimes       → FreeTimes
 *   GET /api/getUserPoints      → UserPoints
 *   GET /api/getIntegralSetting → IntegralSetting
 */

export const ZFreeTimes = z.object({ freeTimes: z.number().int() });
export type FreeTimes = z.infer<typeof ZFreeTimes>;

export const ZUserPoints = z.object({
  rechargePoints: z.number().int(),
  giftedPoints: z.number().int(),
  /** rechargePoints + giftedPoints. */
  currentPoints: z.number().int(),
  freeTimes: z.number().int(),
  /** Top-up orders waiting for an operator (待审核); the nav re-reads the balances while there are any. */
  pendingTopUps: z.number().int().optional(),
});
export type UserPoints = z.infer<typeof ZUserPoints>;

/**
 * Cost of a code project by size: `base` points up to `stepLines` lines of code (源程序量),
 * plus `perStep` points for every further started `stepLines`. Example with the defaults (100, 20000, 50):
 * 15,000 lines → 100; 50,000 lines → 100 + 2×50 = 200.
 */
export const ZCodeProjectCost = z.object({
  base: z.number().int().min(0),
  stepLines: z.number().int().positive(),
  perStep: z.number().int().min(0),
});
export type CodeProjectCost = z.infer<typeof ZCodeProjectCost>;

export const codeProjectPoints = (cost: CodeProjectCost, lines: number): number =>
  cost.base + Math.ceil(Math.max(0, lines - cost.stepLines) / cost.stepLines) * cost.perStep;

/**
 * Points of one generation: a code project by its size (`codeProjectPoints`); a described project with code
 * attached at the 智能生成 price; a project without code — 申请表, 操作手册 and the report, no source-code
 * document — at the described-only price.
 */
export function generationPoints(s: { generateProject: number; codeProject: CodeProjectCost; describedProject: number }, p: { source: 'form' | 'code'; hasCode: boolean; sourceLines: number }): number {
  if (!p.hasCode) return s.describedProject;
  return p.source === 'code' ? codeProjectPoints(s.codeProject, p.sourceLines) : s.generateProject;
}

/** What a generation delivers, as the quote and the cost box say it. */
export const deliverablesText = (hasCode: boolean): string => (hasCode ? '源程序、操作手册、申请表和检查报告' : '申请表、操作手册和检查报告（未上传源代码，不含源程序文档）');

/** Keys of the `settings` table holding costs (JSON values). */
export const INTEGRAL_SETTING_KEYS = { generateProject: 'integral.generateProject', codeProject: 'integral.codeProject', describedProject: 'integral.describedProject' } as const;

export const ZIntegralSetting = z.object({
  /** Points for generating the materials of a project (智能生成). */
  generateProject: z.number().int(),
  /** Cost rule of a code project (代码生成). */
  codeProject: ZCodeProjectCost,
  /** Points for a project without code (仅描述生成): 申请表, 操作手册 and the check report, no source-code document. */
  describedProject: z.number().int(),
  /** The same, as rows for a price table. */
  items: z.array(z.object({ key: z.string(), name: z.string(), points: z.number().int(), description: z.string() })),
  /** Human-readable charging order. */
  order: z.string(),
});
export type IntegralSetting = z.infer<typeof ZIntegralSetting>;

/** `data` of the 460 insufficient-balance answer. */
export const ZInsufficientBalance = z.object({
  need: z.number().int(),
  freeTimes: z.number().int(),
  giftedPoints: z.number().int(),
  rechargePoints: z.number().int(),
  /** Where to recharge (route of the web app). */
  rechargeUrl: z.string(),
  /** The project kept as a draft with everything entered, when the refused call created it (addCodeProject). */
  projectId: z.number().int().optional(),
});
export type InsufficientBalance = z.infer<typeof ZInsufficientBalance>;

/** What one generation was charged (a free time, or points split between gifted and recharge). */
export const ZCharge = z.object({ freeTimes: z.number().int(), giftedPoints: z.number().int(), rechargePoints: z.number().int() });
export type Charge = z.infer<typeof ZCharge>;

export const RECHARGE_URL = '/pointsRecharge';

// ---- Recharge packages, payment information, top-up orders, vouchers, the points record ------------------------
//
//   GET  /api/getRechargePackage        → RechargePackage[]        (public; packages on sale, by sort)
//   GET  /api/getPaymentInformation     → PaymentInformation       (public; the client never shows its error, spec §8)
//   POST /api/addIntegralTopUp          AddTopUpRequest → TopUpOrder            (state 待付款)
//   POST /api/uploadRechargeVoucher     multipart {orderId, file} → TopUpOrder  (state 待审核)
//   POST /api/cancelIntegralTopUp       TopUpIdRequest → TopUpOrder             (only while unpaid or rejected)
//   POST /api/getIntegralTopUpList      TopUpListQuery → Page<TopUpOrder>
//   GET  /api/getRechargeVoucher?id=    the order's voucher file (owner only; not an envelope)
//   POST /api/getIntegralRecord         IntegralRecordQuery → Page<IntegralRecord>
//   GET  /api/exportIntegralRecord      IntegralRecordFilter → text/csv (UTF-8 with BOM, for Excel; not an envelope)

/** A price in yuan as an exact decimal text: up to 7 integer digits and at most 2 decimals ("50", "49.90"). */
export const PRICE_RE = /^\d{1,7}(\.\d{1,2})?$/;

/** "49.9" → 4990 fen (integer arithmetic, no floating point). */
export function yuanToFen(yuan: string): number {
  if (!PRICE_RE.test(yuan)) throw new Error(`not a price: ${yuan}`);
  const [int, dec = ''] = yuan.split('.');
  return Number(int) * 100 + Number(dec.padEnd(2, '0'));
}

/** 4990 fen → "49.90". */
export const fenToYuan = (fen: number): string => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

export const ZPrice = z
  .string({ error: '请输入价格' })
  .trim()
  .regex(PRICE_RE, '价格为金额（元），最多两位小数，例如 50 或 49.90')
  .refine((v) => !PRICE_RE.test(v) || yuanToFen(v) > 0, '价格必须大于 0');

export const ZRechargePackage = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Price in yuan, exact, always with two decimals ("50.00"). */
  price: z.string(),
  /** Recharge points credited (充值积分). */
  points: z.number().int(),
  /** Bonus gifted points credited with it (赠送积分). */
  giftedPoints: z.number().int(),
  sort: z.number().int(),
  onSale: z.boolean(),
  description: z.string(),
});
export type RechargePackage = z.infer<typeof ZRechargePackage>;

export const PAYMENT_LIMITS = { qrImageBytes: 300 * 1024 } as const;

export const ZPaymentInformation = z.object({
  /** 收款户名. */
  accountName: z.string(),
  /** 开户银行. */
  bankName: z.string(),
  /** 收款账号. */
  accountNumber: z.string(),
  /** Optional payment QR code as a data URL (image/png or image/jpeg), '' when none. */
  qrImage: z.string(),
  /** The transfer note rule (转账备注), e.g. "请在转账备注中填写订单号". */
  noteRule: z.string(),
  /** Further notes shown under the payee (到账时间, 开票 …). */
  tips: z.string(),
});
export type PaymentInformation = z.infer<typeof ZPaymentInformation>;

/**
 * Whether an operator has set the payee (back office 收款信息): a 收款户名 that is not the seed's placeholder
 * ("（请运营人员在后台填写收款户名）") and a 收款账号. Until then no top-up order can be placed: a user would have
 * nowhere to transfer to.
 */
export function payeeReady(p: Pick<PaymentInformation, 'accountName' | 'accountNumber'> | null | undefined): boolean {
  if (!p) return false;
  const name = p.accountName.trim();
  return name !== '' && !name.includes('请运营人员') && p.accountNumber.trim() !== '';
}
/** The refusal of a top-up order while the payee is not set. */
export const PAYEE_NOT_SET_MESSAGE = '收款账户尚未设置，暂时无法下单充值。运营人员设置收款账户后即可购买，请稍后再来或联系客服';

/**
 * Top-up order states: 待付款 → (voucher) 待审核 → 已到账 | 已驳回 (with reason; a new voucher → 待审核);
 * 待付款 or 已驳回 → 已取消 (by the user).
 */
export const TopUpState = {
  PendingPayment: 'pending_payment',
  PendingReview: 'pending_review',
  Credited: 'credited',
  Rejected: 'rejected',
  Cancelled: 'cancelled',
} as const;
export type TopUpState = (typeof TopUpState)[keyof typeof TopUpState];
export const TOP_UP_STATES = Object.values(TopUpState) as [TopUpState, ...TopUpState[]];
export const TOP_UP_STATE_LABELS: Record<TopUpState, string> = {
  pending_payment: '待付款',
  pending_review: '待审核',
  credited: '已到账',
  rejected: '已驳回',
  cancelled: '已取消',
};
/** States from which the user may upload (or replace) the voucher. */
export const VOUCHER_UPLOAD_STATES: readonly TopUpState[] = ['pending_payment', 'pending_review', 'rejected'];
/** States from which the user may cancel. */
export const CANCELLABLE_STATES: readonly TopUpState[] = ['pending_payment', 'rejected'];

export const VOUCHER_LIMITS = {
  /** Largest voucher file accepted, bytes. */
  maxBytes: 10 * 1024 * 1024,
  /** Accepted types (sniffed from the bytes, never from the name). */
  types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const,
  /** Unpaid orders one user may hold at once. */
  openOrders: 5,
  /** Two image vouchers whose 64-bit difference hashes differ in at most this many bits are "similar". */
  similarImageBits: 6,
} as const;

/** Settings key: the daily approval limit (yuan) of a 客服 without a limit of their own (OperatorInfo.dailyApprovalLimit). */
export const SUPPORT_APPROVAL_LIMIT_KEY = 'points.supportDailyApprovalLimit';

export const ZVoucher = z.object({
  fileName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** sha256 of the stored file, hex. */
  sha256: z.string(),
  uploadedAt: z.string(),
});
export type Voucher = z.infer<typeof ZVoucher>;

export const ZTopUpOrder = z.object({
  id: z.number().int(),
  /** Unique order number, also the transfer note (e.g. CZ20261123154501A7K3Q9). */
  orderNo: z.string(),
  packageId: z.number().int(),
  packageName: z.string(),
  /** Amount to transfer in yuan, exact ("50.00"). */
  amount: z.string(),
  rechargePoints: z.number().int(),
  giftedPoints: z.number().int(),
  state: z.enum(TOP_UP_STATES),
  stateLabel: z.string(),
  /** Why an operator rejected the voucher ('' otherwise). */
  rejectReason: z.string(),
  voucher: ZVoucher.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type TopUpOrder = z.infer<typeof ZTopUpOrder>;

export const ZAddTopUpRequest = z.object({ packageId: plainNumber(z.number({ error: '请选择充值套餐' }).int().positive('请选择充值套餐')) });
export type AddTopUpRequest = z.infer<typeof ZAddTopUpRequest>;

export const ZTopUpIdRequest = z.object({ id: plainNumber(z.number({ error: '请指定订单' }).int().positive('订单编号无效')) });
export type TopUpIdRequest = z.infer<typeof ZTopUpIdRequest>;

export const ZTopUpListQuery = ZPageQuery.extend({ state: z.enum(TOP_UP_STATES, { error: '订单状态无效' }).optional() });
export type TopUpListQuery = z.input<typeof ZTopUpListQuery>;

/** Kinds of balance in the points record. */
export const LedgerKind = { Recharge: 'recharge', Gift: 'gift', FreeTimes: 'free_times' } as const;
export type LedgerKind = (typeof LedgerKind)[keyof typeof LedgerKind];
export const LEDGER_KINDS = Object.values(LedgerKind) as [LedgerKind, ...LedgerKind[]];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = { recharge: '充值积分', gift: '赠送积分', free_times: '免费次数' };

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式为 YYYY-MM-DD');

/** Filters of the points record: kind, and a date range in China time (UTC+8), both ends included. */
export const ZIntegralRecordFilter = z
  .object({
    kind: z.enum(LEDGER_KINDS, { error: '记录类型无效' }).optional(),
    from: ZDay.optional(),
    to: ZDay.optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: '开始日期不能晚于结束日期', path: ['to'] });
export type IntegralRecordFilter = z.infer<typeof ZIntegralRecordFilter>;

export const ZIntegralRecordQuery = z.intersection(ZPageQuery, ZIntegralRecordFilter);
export type IntegralRecordQuery = z.input<typeof ZIntegralRecordQuery>;

export const ZIntegralRecord = z.object({
  id: z.number().int(),
  /** ISO-8601 UTC. */
  time: z.string(),
  kind: z.enum(LEDGER_KINDS),
  kindLabel: z.string(),
  /** Signed change (+ credited, − spent). */
  change: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.string(),
  /** The order number, the project's name, or '' when the change has none. */
  reference: z.string(),
});
export type IntegralRecord = z.infer<typeof ZIntegralRecord>;

// ---- Operators (back office, /api/admin/…) -------------------------------------------------------------------
//
//   POST /api/admin/topups/list          AdminTopUpListQuery → Page<AdminTopUpOrder>
//   GET  /api/admin/topups/voucher?id=   the voucher file (not an envelope)
//   POST /api/admin/topups/approve       ApproveTopUpRequest → AdminTopUpOrder (credits once; four-eyes rules)
//   POST /api/admin/topups/reject        RejectTopUpRequest → AdminTopUpOrder
//   GET  /api/admin/packages             → RechargePackage[] (on sale or not)
//   POST /api/admin/packages/save        SavePackageRequest → RechargePackage
//   GET  /api/admin/paymentInformation   → PaymentInformation;  POST … SavePaymentInformation → PaymentInformation
//   GET  /api/admin/invitationReward     → InvitationReward;    POST … InvitationReward → InvitationReward
//   POST /api/admin/users/adjustPoints   AdjustPointsRequest → AdjustPointsResult

export const ZAdminTopUpListQuery = ZPageQuery.extend({
  state: z.enum(TOP_UP_STATES, { error: '订单状态无效' }).optional(),
  /** Order number, or the user's mobile / e-mail. */
  keyword: z.string().trim().max(50, '关键词不能超过 50 个字符').optional(),
});
export type AdminTopUpListQuery = z.input<typeof ZAdminTopUpListQuery>;

/**
 * Another order whose voucher is the same file (`same_file`: equal SHA-256 of the stored file) or looks the same
 * (`similar_image`: perceptual hashes of the images within VOUCHER_LIMITS.similarImageBits bits).
 */
export const ZVoucherDuplicate = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  userId: z.number().int(),
  state: z.enum(TOP_UP_STATES),
  stateLabel: z.string(),
  match: z.enum(['same_file', 'similar_image']),
});
export type VoucherDuplicate = z.infer<typeof ZVoucherDuplicate>;

export const ZAdminTopUpOrder = ZTopUpOrder.extend({
  user: z.object({ id: z.number().int(), name: z.string(), account: z.string() }),
  /** Operator who reviewed it ('' while not reviewed). */
  reviewedBy: z.string(),
  /** Other orders (of any user) paid with the same or a similar voucher; approving then needs a 管理员 and a reason. */
  duplicates: z.array(ZVoucherDuplicate),
  /** The reviewer's note given with an approval ('' when none). */
  approvalNote: z.string(),
});
export type AdminTopUpOrder = z.infer<typeof ZAdminTopUpOrder>;

/**
 * POST /api/admin/topups/approve. `reason` (2–200 characters) is required when the voucher matches another order's
 * (AdminTopUpOrder.duplicates): the reviewer states how the transfer was verified; it is kept in the audit trail.
 */
export const ZApproveTopUpRequest = ZTopUpIdRequest.extend({
  reason: z.string().trim().max(200, '核实说明不能超过 200 个字').optional(),
});
export type ApproveTopUpRequest = z.infer<typeof ZApproveTopUpRequest>;

export const ZRejectTopUpRequest = ZTopUpIdRequest.extend({
  reason: z.string({ error: '请填写驳回原因' }).trim().min(2, '请填写驳回原因（至少 2 个字）').max(200, '驳回原因不能超过 200 个字'),
});
export type RejectTopUpRequest = z.infer<typeof ZRejectTopUpRequest>;

const ZPoints = (label: string) => plainNumber(z.number({ error: `请填写${label}` }).int(`${label}须为整数`).min(0, `${label}不能为负数`).max(10_000_000, `${label}过大`));

export const ZSavePackageRequest = z.object({
  id: plainNumber(z.number().int().positive()).optional(),
  name: z.string({ error: '请填写套餐名称' }).trim().min(1, '请填写套餐名称').max(30, '套餐名称不能超过 30 个字'),
  price: ZPrice,
  points: ZPoints('充值积分').refine((v) => v > 0, '充值积分须大于 0'),
  giftedPoints: ZPoints('赠送积分'),
  sort: plainNumber(z.number().int('排序须为整数').min(0).max(9999)).default(0),
  onSale: z.boolean().default(true),
  description: z.string().trim().max(100, '说明不能超过 100 个字').default(''),
});
export type SavePackageRequest = z.input<typeof ZSavePackageRequest>;

export const ZSavePaymentInformation = z.object({
  accountName: z.string({ error: '请填写收款户名' }).trim().min(1, '请填写收款户名').max(100, '收款户名不能超过 100 个字'),
  bankName: z.string({ error: '请填写开户银行' }).trim().min(1, '请填写开户银行').max(100, '开户银行不能超过 100 个字'),
  accountNumber: z.string({ error: '请填写收款账号' }).trim().regex(/^[0-9 -]{6,40}$/, '收款账号为 6～40 位数字'),
  qrImage: z
    .string()
    .max(Math.ceil((PAYMENT_LIMITS.qrImageBytes * 4) / 3) + 40, '收款码图片不能超过 300 KB')
    .regex(/^(data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+)?$/, '收款码须为 PNG 或 JPEG 图片')
    .default(''),
  noteRule: z.string().trim().min(1, '请填写转账备注规则').max(200, '转账备注规则不能超过 200 个字'),
  tips: z.string().trim().max(500, '说明不能超过 500 个字').default(''),
});
export type SavePaymentInformation = z.input<typeof ZSavePaymentInformation>;

/** Gifted points credited once per new account registered with a role-2 user's invitation code. */
export const ZInvitationReward = z.object({
  inviterPoints: ZPoints('邀请人奖励积分'),
  inviteePoints: ZPoints('被邀请人奖励积分'),
});
export type InvitationReward = z.infer<typeof ZInvitationReward>;

export const ZAdjustPointsRequest = z.object({
  /** The user's id, mobile or e-mail. */
  account: z.string({ error: '请填写用户' }).trim().min(1, '请填写用户编号、手机号或邮箱').max(50, '用户不能超过 50 个字符'),
  kind: z.enum(LEDGER_KINDS, { error: '请选择调整的余额' }),
  delta: plainNumber(
    z
      .number({ error: '请填写调整数量' })
      .int('调整数量须为整数')
      .refine((v) => v !== 0, '调整数量不能为 0')
      .refine((v) => Math.abs(v) <= 1_000_000, '调整数量过大'),
  ),
  reason: z.string({ error: '请填写调整原因' }).trim().min(2, '请填写调整原因（至少 2 个字）').max(200, '调整原因不能超过 200 个字'),
});
export type AdjustPointsRequest = z.input<typeof ZAdjustPointsRequest>;

export const ZAdjustPointsResult = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), account: z.string() }),
  balances: ZUserPoints,
});
export type AdjustPointsResult = z.infer<typeof ZAdjustPointsResult>;
