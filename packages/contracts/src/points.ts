import { z } from 'zod';

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

/** Keys of the `settings` table holding costs (JSON values). */
export const INTEGRAL_SETTING_KEYS = { generateProject: 'integral.generateProject', codeProject: 'integral.codeProject' } as const;

export const ZIntegralSetting = z.object({
  /** Points for generating the materials of a project (智能生成). */
  generateProject: z.number().int(),
  /** Cost rule of a code project (代码生成). */
  codeProject: ZCodeProjectCost,
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
});
export type InsufficientBalance = z.infer<typeof ZInsufficientBalance>;

/** What one generation was charged (a free time, or points split between gifted and recharge). */
export const ZCharge = z.object({ freeTimes: z.number().int(), giftedPoints: z.number().int(), rechargePoints: z.number().int() });
export type Charge = z.infer<typeof ZCharge>;

export const RECHARGE_URL = '/pointsRecharge';
