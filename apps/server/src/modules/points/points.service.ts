import {
  ApiCode,
  codeProjectPoints,
  INTEGRAL_SETTING_KEYS,
  LEDGER_KIND_LABELS,
  RECHARGE_URL,
  ZCodeProjectCost,
  type Charge,
  type CodeProjectCost,
  type InsufficientBalance,
  type IntegralSetting,
  type LedgerKind,
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
/** The registry's default of `integral.describedProject` (contracts settings.ts). */
const DEFAULT_DESCRIBED = 100;

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
  const d = get(INTEGRAL_SETTING_KEYS.describedProject);
  const describedProject = typeof d === 'number' && Number.isInteger(d) && d >= 0 ? d : DEFAULT_DESCRIBED;
  return {
    generateProject,
    codeProject,
    describedProject,
    items: [
      { key: INTEGRAL_SETTING_KEYS.generateProject, name: '智能生成软著材料（单个项目）', points: generateProject, description: '上传源代码后生成源程序、操作手册、申请表及检查报告' },
      { key: INTEGRAL_SETTING_KEYS.describedProject, name: '仅描述生成（未上传源代码）', points: describedProject, description: '生成申请表、操作手册及检查报告，不含源程序文档' },
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

const KIND_FIELD = { recharge: 'rechargePoints', gift: 'giftedPoints', free_times: 'freeTimes' } as const satisfies Record<LedgerKind, keyof UserPoints>;

const presentBalances = (u: { free_times: number; gifted_points: number; recharge_points: number }): UserPoints => ({
  freeTimes: u.free_times,
  giftedPoints: u.gifted_points,
  rechargePoints: u.recharge_points,
  currentPoints: u.gifted_points + u.recharge_points,
});

export async function readBalances(db: Tx, userId: number): Promise<UserPoints> {
  const u = await db.selectFrom('users').select(['free_times', 'gifted_points', 'recharge_points']).where('id', '=', userId).executeTakeFirst();
  if (!u) throw notFound('用户不存在');
  return presentBalances(u);
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
    `余额不足：本次生成需要 ${cost} 积分（或 1 次免费次数），您当前有免费次数 ${b.freeTimes} 次、赠送积分 ${b.giftedPoints}、充值积分 ${b.rechargePoints}。请先到“积分充值”页充值，本次未扣费`,
    { need: cost, freeTimes: b.freeTimes, giftedPoints: b.giftedPoints, rechargePoints: b.rechargePoints, rechargeUrl: RECHARGE_URL } satisfies InsufficientBalance,
  );

/** Balance columns of the user row by ledger kind. */
export const BALANCE_COLUMN = { recharge: 'recharge_points', gift: 'gifted_points', free_times: 'free_times' } as const satisfies Record<LedgerKind, string>;

/** Amounts to credit, by kind (missing = 0). */
export interface Credit {
  recharge?: number;
  gift?: number;
  freeTimes?: number;
}

/**
 * pointsCharger — the one place balances change. Every change updates the user row and appends a points_ledger
 * row (`kind`, signed `delta`, `balance_after`, `reason`, `ref`) in the caller's transaction, so the change commits
 * together with what it pays for or credits. Invariants (tested in invariants.test.ts): for every user and kind the
 * balance equals the sum of its ledger; no balance is ever negative (every decrement is a guarded UPDATE).
 *
 * - `charge`: the cost of one action. Order: one free time, else points — gifted first, the rest from recharge.
 *   Throws 460 when not enough. On PostgreSQL the user row is locked FOR NO KEY UPDATE, which does not conflict
 *   with the KEY SHARE locks that foreign keys to users (a job row, an order) take, so a transaction that inserted
 *   such a row before charging cannot deadlock with another one doing the same.
 * - `refund`: gives back exactly what a charge took.
 * - `credit`: adds points / free times (an approved top-up, an invitation reward).
 * - `adjust`: an operator's signed change of one balance; refuses to make it negative.
 */
export function createPointsCharger(dialect: Dialect) {
  type Deltas = Record<LedgerKind, number>;
  /**
   * Adds the signed `d` to the balances with one guarded UPDATE (no balance may end below zero) and appends one
   * ledger row per non-zero kind. Undefined when the user is missing or a balance would go negative.
   */
  async function apply(trx: Transaction<Database>, userId: number, d: Deltas, reason: string, ref: string | null) {
    const after = await trx
      .updateTable('users')
      .set((eb) => ({
        free_times: eb('free_times', '+', d.free_times),
        gifted_points: eb('gifted_points', '+', d.gift),
        recharge_points: eb('recharge_points', '+', d.recharge),
      }))
      .where('id', '=', userId)
      .where('free_times', '>=', Math.max(0, -d.free_times))
      .where('gifted_points', '>=', Math.max(0, -d.gift))
      .where('recharge_points', '>=', Math.max(0, -d.recharge))
      .returning(['free_times', 'gifted_points', 'recharge_points'])
      .executeTakeFirst();
    if (!after) return undefined;
    const now = nowIso();
    const rows = (['free_times', 'gift', 'recharge'] as const)
      .filter((k) => d[k] !== 0)
      .map((k) => ({ user_id: userId, kind: k, delta: d[k], balance_after: after[BALANCE_COLUMN[k]], reason, ref, created_at: now }));
    if (rows.length) await trx.insertInto('points_ledger').values(rows).execute();
    return presentBalances(after);
  }
  const fromCharge = (c: Charge, sign: 1 | -1): Deltas => ({ free_times: sign * c.freeTimes, gift: sign * c.giftedPoints, recharge: sign * c.rechargePoints });

  return {
    /**
     * Locks the user's row for the rest of `trx` (PostgreSQL `SELECT … FOR UPDATE`; SQLite runs one write
     * transaction at a time) and answers the balances as locked. Call it FIRST in a transaction that charges, before rows referring to the user are
     * written: their foreign keys take KEY SHARE locks on the same row, and upgrading after them deadlocks.
     */
    async lockUser(trx: Transaction<Database>, userId: number): Promise<Pick<UserPoints, 'freeTimes' | 'giftedPoints' | 'rechargePoints'>> {
      let q = trx.selectFrom('users').select(['free_times', 'gifted_points', 'recharge_points']).where('id', '=', userId);
      if (dialect === 'postgres') q = q.forUpdate();
      const u = await q.executeTakeFirst();
      if (!u) throw notFound('用户不存在');
      return { freeTimes: u.free_times, giftedPoints: u.gifted_points, rechargePoints: u.recharge_points };
    },

    async charge(trx: Transaction<Database>, userId: number, cost: number, reason: string, ref: string): Promise<Charge> {
      let q = trx.selectFrom('users').select(['free_times', 'gifted_points', 'recharge_points']).where('id', '=', userId);
      if (dialect === 'postgres') q = q.forNoKeyUpdate();
      const u = await q.executeTakeFirst();
      if (!u) throw notFound('用户不存在');
      const b = { freeTimes: u.free_times, giftedPoints: u.gifted_points, rechargePoints: u.recharge_points };
      const plan = planCharge(b, cost);
      if (!plan) throw insufficient(cost, b);
      if (isZeroCharge(plan)) return plan;
      if (!(await apply(trx, userId, fromCharge(plan, -1), reason, ref))) throw insufficient(cost, b);
      return plan;
    },

    /** Gives back exactly what `charge` took (inside `trx`), with ledger rows. The caller guarantees once-only. */
    async refund(trx: Transaction<Database>, userId: number, charge: Charge, reason: string, ref: string): Promise<void> {
      if (isZeroCharge(charge)) return;
      await apply(trx, userId, fromCharge(charge, 1), reason, ref); // a deleted user: nothing to give back to
    },

    /** Adds the given amounts (each ≥ 0) inside `trx`, with ledger rows. Throws 404 when the user does not exist. */
    async credit(trx: Transaction<Database>, userId: number, amounts: Credit, reason: string, ref: string | null): Promise<UserPoints> {
      const d = { recharge: amounts.recharge ?? 0, gift: amounts.gift ?? 0, free_times: amounts.freeTimes ?? 0 };
      if (d.recharge < 0 || d.gift < 0 || d.free_times < 0) throw new Error('credit amounts must not be negative');
      const after = await apply(trx, userId, d, reason, ref);
      if (!after) throw notFound('用户不存在');
      return after;
    },

    /**
     * Changes one balance by `delta` (an operator's manual adjustment) inside `trx`. A decrease below zero is
     * refused (400) and changes nothing.
     */
    async adjust(trx: Transaction<Database>, userId: number, kind: LedgerKind, delta: number, reason: string, ref: string | null): Promise<UserPoints> {
      const d = { recharge: 0, gift: 0, free_times: 0, [kind]: delta };
      const after = await apply(trx, userId, d, reason, ref);
      if (after) return after;
      const b = await readBalances(trx, userId);
      const have = b[KIND_FIELD[kind]];
      throw new AppError(ApiCode.BadRequest, `调整后余额不能为负数：当前${LEDGER_KIND_LABELS[kind]} ${have}，最多可扣减 ${have}`);
    },
  };
}
export type PointsCharger = ReturnType<typeof createPointsCharger>;

/** Points of a code project of `lines` lines. */
export const codeProjectCost = (s: IntegralSetting, lines: number): number => codeProjectPoints(s.codeProject, lines);
