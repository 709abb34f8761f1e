import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The single place that puts a toast on screen. Only one message is visible at a time (spec §8, §9): every message
 * shares one key, so a new one replaces the old, and antd's instance is created with maxCount 1.
 *
 * antd's message code is not part of the first load: the first call asks the app shell to mount its message
 * bridge (a lazily loaded component holding `message.useMessage()` inside the ConfigProvider), and the message
 * waits until the bridge has registered its instance. Only the latest waiting message is kept, as on screen.
 */

type MessageApi = Pick<MessageInstance, 'open' | 'destroy'>;
type Kind = 'success' | 'error' | 'warning' | 'info';
interface Toast {
  type: Kind;
  content: string;
  duration: number;
}

const KEY = 'mazhu-message';
let api: MessageApi | undefined;
let waiting: Toast | undefined;
let wanted = false;
const demandListeners = new Set<() => void>();

function open(toast: Toast): void {
  void api?.open({ key: KEY, type: toast.type, content: toast.content, duration: toast.duration });
}

/** Called by the message bridge once mounted; shows the message that waited for it. */
export function setMessageApi(instance: MessageApi): void {
  api = instance;
  if (waiting) open(waiting);
  waiting = undefined;
}

/** For `useSyncExternalStore`: whether any message has been asked for (the bridge is mounted from then on). */
export const messagesWanted = (): boolean => wanted;

export function subscribeMessagesWanted(listener: () => void): () => void {
  demandListeners.add(listener);
  return () => demandListeners.delete(listener);
}

function show(type: Kind, content: string, duration = 3): void {
  if (!content) return;
  if (api) return open({ type, content, duration });
  waiting = { type, content, duration };
  if (!wanted) {
    wanted = true;
    for (const listener of demandListeners) listener();
  }
}

export const notify = {
  success: (content: string, duration?: number) => show('success', content, duration),
  error: (content: string, duration?: number) => show('error', content, duration),
  warning: (content: string, duration?: number) => show('warning', content, duration),
  info: (content: string, duration?: number) => show('info', content, duration),
  destroy: () => {
    waiting = undefined;
    api?.destroy();
  },
};
