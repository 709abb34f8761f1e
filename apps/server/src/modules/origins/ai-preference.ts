import { ApiCode, type AiPreference, type SetAiPreferenceRequest, type WriterEngine } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';

/** Answered to an AI call of an account that chose 不使用 AI 撰写. */
export const AI_REFUSED = '您已在“账户设置”中选择“不使用 AI 撰写”，AI 撰写已关闭。可使用规则草稿，或在账户设置中关闭该选项后再使用 AI';
/** Answered to the first AI call of an account that has not confirmed the declaration notice. */
export const AI_NOTICE_NEEDED = '首次使用 AI 撰写前，请先阅读并确认 2026 年版申请表关于 AI 的声明说明';
/** 428 Precondition Required: the client shows the notice, then calls setAiPreference { acceptNotice } and retries. */
export const AI_NOTICE_CODE = 428;

/**
 * The account's AI choice (users.ai_opt_out, users.ai_notice_at): read, change, and the gate of every AI call.
 * `modelAvailable` says whether a model is configured at all (otherwise 「AI 撰写」 is answered by the rule-based writer).
 */
export function createAiPreference(deps: { db: Kysely<Database>; modelAvailable: () => Promise<boolean> }) {
  const { db, modelAvailable } = deps;

  async function read(userId: number): Promise<AiPreference> {
    const u = await db.selectFrom('users').select(['ai_opt_out', 'ai_notice_at']).where('id', '=', userId).executeTakeFirst();
    if (!u) throw notFound('账户不存在');
    return { noAi: u.ai_opt_out === 1, noticeAcceptedAt: u.ai_notice_at, modelAvailable: await modelAvailable() };
  }

  return {
    read,
    async set(userId: number, req: SetAiPreferenceRequest): Promise<AiPreference> {
      const patch: { ai_opt_out?: number; ai_notice_at?: string } = {};
      if (req.noAi !== undefined) patch.ai_opt_out = req.noAi ? 1 : 0;
      if (req.acceptNotice) patch.ai_notice_at = nowIso();
      if (Object.keys(patch).length) {
        // The first confirmation is the one kept.
        let q = db.updateTable('users').set(patch).where('id', '=', userId);
        if (patch.ai_notice_at && patch.ai_opt_out === undefined) q = q.where('ai_notice_at', 'is', null);
        await q.execute();
      }
      return read(userId);
    },
    /**
     * Refuses `engine: 'ai'` for an account that chose 不使用 AI 撰写 (403) or has not confirmed the notice (428);
     * `rules` always passes (the rule-based writer is not AI).
     */
    async assertAllowed(userId: number, engine: WriterEngine): Promise<void> {
      if (engine !== 'ai') return;
      const u = await db.selectFrom('users').select(['ai_opt_out', 'ai_notice_at']).where('id', '=', userId).executeTakeFirst();
      if (!u) throw notFound('账户不存在');
      if (u.ai_opt_out === 1) throw new AppError(ApiCode.Forbidden, AI_REFUSED);
      if (!u.ai_notice_at) throw new AppError(AI_NOTICE_CODE, AI_NOTICE_NEEDED);
    },
  };
}
export type AiPreferenceService = ReturnType<typeof createAiPreference>;
