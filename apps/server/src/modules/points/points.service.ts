import {
  ApiCode,
  codeProjectPoints,
  INTEGRAL_SETTING_KEYS,
  RECHARGE_URL,
  ZCodeProjectCost,
  type Charge,
  type CodeProjectCost,
  type InsufficientBalance,
  type IntegralSetting,
  type UserPoints,
} from '@mazhu/contracts';
import type { Kysely, Transaction } from 'kysely';
import { nowIso, type Dialect } from '../../db';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';

type Tx = Kysely<Database> | Transaction<Database>;

export const NO_CHARGE: Charge = { freeTimes: 0, giftedPoints: 0, rechargePoints: 0 };
export const isZeroCharge = (c: Charge): boolean => c.freeTimes === 0 && c.giftedPoints === 0 && c.rechargePoints === 0;

const DEFAULT_GENERATE = 100;
const DEFAULT_CODE: CodeProjectCost = { base: 100, stepLines: 20000, perStep: 50 };

/** Costs of the actions, read from the `settings` table (seeded by migration 003). */
export async function readIntegralSetting(db: Tx): Promise<IntegralSetting> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', Object.values(INTEGRAL_SETTING_KEYS)).execute();
  const get = (k: string) => {
    const r = rows.find((x) => x.key === k);
    try {
      return r ? (JSON.parse(r.value) as unknown) : undefined;
    } catch {
      return undefined;
    }
  };
  const g = get(INTEGRAL_SETTING_KEYS.generateProject);
  const generateProject = typeof g === 'number' && Number.isInteger(g) && g >= 0 ? g : DEFAULT_GENERATE;
  const parsed = ZCodeProjectCost.safeParse(get(INTEGRAL_SETTING_KEYS.codeProject));
  const codeProject = parsed.success ? parsed.data : DEFAULT_CODE;
  return {
    generateProject,
    codeProject,
    items: [
      { key: INTEGRAL_SETTING_KEYS.generateProject, name: '智能生成软著材料（单个项目）', points: generateProject, description: '生成源程序、操作手册、申请表及检查报告' },
      {
        key: INTEGRAL_SETTING_KEYS.codeProject,
        name: '代码生成软著材料',
        points: codeProject.base,
        description: `源程序量 ${codeProject.stepLines.toLocaleString('en-US')} 行以内 ${codeProject.base} 积分，此后每增加 ${codeProject.stepLines.toLocaleString('en-US')} 行（不足按满计）加 ${codeProject.perStep} 积分`,
      },
    ],
    order: '每次生成优先使用免费次数；没有免费次数时扣积分，先扣赠送积分，不足部分再扣充值积分。生成失败自动退回。',
  };
}

export async function readBalances(db: Tx, userId: number): Promise<UserPoints> {
  const u = await db.selectFrom('users').select(['free_times', 'gifted_points', 'recharge_points']).where('id', '=', userId).executeTakeFirst();
  if (!u) throw notFound('用户不存在');
  return { freeTimes: u.free_times, giftedPoints: u.gifted_points, rechargePoints: u.recharge_points, currentPoints: u.gifted_points + u.recharge_points };
}

/** What a charge of `cost` would take from these balances, or undefined when they are not enough. */
export function planCharge(b: Pick<UserPoints, 'freeTimes' | 'giftedPoints' | 'rechargePoints'>, cost: number): Charge | undefined {
  if (cost <= 0) return NO_CHARGE;
  if (b.freeTimes > 0) return { freeTimes: 1, giftedPoints: 0, rechargePoints: 0 };
  const gifted = Math.min(Math.max(0, b.giftedPoints), cost);
  const recharge = cost - gifted;
  if (recharge > b.rechargePoints) return undefined;
  return { freeTimes: 0, giftedPoints: gifted, rechargePoints: recharge };
}

export const insufficient = (cost: number, b: Pick<UserPoints, 'freeTimes' | 'giftedPoints' | 'rechargePoints'>) =>
  new AppError(
    ApiCode.InsufficientBalance,
    `余额不足：本次生成需要 ${cost} 积分（或 1 次免费次数），您当前有免费次数 ${b.freeTimes} 次、赠送积分 ${b.giftedPoints}、充值积分 ${b.rechargePoints}。请先充值（积分充值：${RECHARGE_URL}）`,
    { need: cost, freeTimes: b.freeTimes, giftedPoints: b.giftedPoints, rechargePoints: b.rechargePoints, rechargeUrl: RECHARGE_URL } satisfies InsufficientBalance,
  );

/**
 * pointsCharger: takes the cost of one action from the user's balances inside `trx` (the caller's transaction,
 * so the charge commits together with what it pays for). Order: one free time, else points — gifted first, the
 * rest from recharge. Every change writes a points_ledger row with `reason` and `ref`. Throws 460 when not enough.
 */
export function createPointsCharger(dialect: Dialect) {
  async function ledger(trx: Tx, userId: number, kind: 'recharge' | 'gift' | 'free_times', delta: number, balanceAfter: number, reason: string, ref: string) {
    await trx.insertInto('points_ledger').values({ user_id: userId, kind, delta, balance_after: balanceAfter, reason, ref, created_at: nowIso() }).execute();
  }

  return {
    async charge(trx: Transaction<Database>, userId: number, cost: number, reason: string, ref: string): Promise<Charge> {
      let q = trx.selectFrom('users').select(['free_times', 'gifted_points', 'recharge_points']).where('id', '=', userId);
      if (dialect === 'postgres') q = q.forUpdate();
      const u = await q.executeTakeFirst();
      if (!u) throw notFound('用户不存在');
      const b = { freeTimes: u.free_times, giftedPoints: u.gifted_points, rechargePoints: u.recharge_points };
      const plan = planCharge(b, cost);
      if (!plan) throw insufficient(cost, b);
      if (isZeroCharge(plan)) return plan;
      const after = await trx
        .updateTable('users')
        .set((eb) => ({
          free_times: eb('free_times', '-', plan.freeTimes),
          gifted_points: eb('gifted_points', '-', plan.giftedPoints),
          recharge_points: eb('recharge_points', '-', plan.rechargePoints),
        }))
        .where('id', '=', userId)
        .where('free_times', '>=', plan.freeTimes)
        .where('gifted_points', '>=', plan.giftedPoints)
        .where('recharge_points', '>=', plan.rechargePoints)
        .returning(['free_times', 'gifted_points', 'recharge_points'])
        .executeTakeFirst();
      if (!after) throw insufficient(cost, b);
      if (plan.freeTimes) await ledger(trx, userId, 'free_times', -plan.freeTimes, after.free_times, reason, ref);
      if (plan.giftedPoints) await ledger(trx, userId, 'gift', -plan.giftedPoints, after.gifted_points, reason, ref);
      if (plan.rechargePoints) await ledger(trx, userId, 'recharge', -plan.rechargePoints, after.recharge_points, reason, ref);
      return plan;
    },

    /** Gives back exactly what `charge` took (inside `trx`), with ledger rows. The caller guarantees once-only. */
    async refund(trx: Transaction<Database>, userId: number, charge: Charge, reason: string, ref: string): Promise<void> {
      if (isZeroCharge(charge)) return;
      const after = await trx
        .updateTable('users')
        .set((eb) => ({
          free_times: eb('free_times', '+', charge.freeTimes),
          gifted_points: eb('gifted_points', '+', charge.giftedPoints),
          recharge_points: eb('recharge_points', '+', charge.rechargePoints),
        }))
        .where('id', '=', userId)
        .returning(['free_times', 'gifted_points', 'recharge_points'])
        .executeTakeFirst();
      if (!after) return; // the user was deleted: nothing to give back to
      if (charge.freeTimes) await ledger(trx, userId, 'free_times', charge.freeTimes, after.free_times, reason, ref);
      if (charge.giftedPoints) await ledger(trx, userId, 'gift', charge.giftedPoints, after.gifted_points, reason, ref);
      if (charge.rechargePoints) await ledger(trx, userId, 'recharge', charge.rechargePoints, after.recharge_points, reason, ref);
    },
  };
}
export type PointsCharger = ReturnType<typeof createPointsCharger>;

/** Points of a code project of `lines` lines. */
export const codeProjectCost = (s: IntegralSetting, lines: number): number => codeProjectPoints(s.codeProject, lines);
