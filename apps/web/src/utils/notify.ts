import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The single place that puts a toast on screen. Only one message is visible at a time (spec §8, §9):
 * every message shares one key, so a new one replaces the old, and antd is configured with maxCount 1.
 * The app registers the context-aware instance from antd's <App>; the static API is the fallback.
 */
staticMessage.config({ maxCount: 1 });

let api: Pick<MessageInstance, 'open' | 'destroy'> = staticMessage;
const KEY = 'mazhu-message';

export function setMessageApi(instance: Pick<MessageInstance, 'open' | 'destroy'>): void {
  api = instance;
}

type Kind = 'success' | 'error' | 'warning' | 'info';

function show(type: Kind, content: string, durationSeconds = 3): void {
  if (!content) return;
  void api.open({ key: KEY, type, content, duration: durationSeconds });
}

export const notify = {
  success: (content: string, duration?: number) => show('success', content, duration),
  error: (content: string, duration?: number) => show('error', content, duration),
  warning: (content: string, duration?: number) => show('warning', content, duration),
  info: (content: string, duration?: number) => show('info', content, duration),
  destroy: () => api.destroy(),
};
