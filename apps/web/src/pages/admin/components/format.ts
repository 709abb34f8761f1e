import dayjs from '@/utils/dayjs';

/** A stored ISO timestamp as local date-time text (— when empty). */
export const fmtTime = (iso: string | null | undefined): string => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** Project statuses as the user site names them. */
export const PROJECT_STATUS_LABELS: Record<string, string> = { draft: '草稿', queued: '排队中', generating: '生成中', succeeded: '已生成', failed: '生成失败' };

/** Whether the signed-in operator is a 管理员 (buttons of 管理员-only calls are hidden from 客服). */
export { useIsAdmin } from './useIsAdmin';
