import { copyText, type CopyOutcome } from '@/utils/clipboard';
import { notify } from '@/utils/notify';
import { authTexts as t } from '@/locales/zh-CN/auth';

/** Copy feedback lasts 1.5 s (spec §9). */
export const COPY_FEEDBACK_SECONDS = 1.5;

export interface CopyFeedback {
  success: (text: string, seconds: number) => void;
  error: (text: string, seconds: number) => void;
  info: (text: string, seconds: number) => void;
  /** Offers the code in a prompt so the user can copy it by hand. */
  askManualCopy: (code: string) => void;
}

/**
 * The role-2 invitation-code line (spec §2): copies the code; 复制成功, or 复制失败 / 复制失败，请手动复制 with a
 * manual-copy prompt; 暂无邀请码 when there is none.
 */
export async function copyInvitationCode(
  code: string,
  ui: Pick<CopyFeedback, 'askManualCopy'> & Partial<CopyFeedback>,
  copy: (text: string) => Promise<CopyOutcome> = copyText,
): Promise<CopyOutcome | 'none'> {
  const success = ui.success ?? ((t, s) => notify.success(t, s));
  const error = ui.error ?? ((t, s) => notify.error(t, s));
  const info = ui.info ?? ((t, s) => notify.info(t, s));
  if (!code) {
    info(t['copy.none'], COPY_FEEDBACK_SECONDS);
    return 'none';
  }
  const outcome = await copy(code);
  if (outcome === 'ok') success(t['copy.success'], COPY_FEEDBACK_SECONDS);
  else if (outcome === 'manual') {
    error(t['copy.manual'], COPY_FEEDBACK_SECONDS);
    ui.askManualCopy(code);
  } else error(t['copy.failed'], COPY_FEEDBACK_SECONDS);
  return outcome;
}
