import { lazy, Suspense, useSyncExternalStore } from 'react';
import { messagesWanted, subscribeMessagesWanted } from '@/utils/notify';

const MessageBridge = lazy(() => import('./MessageBridge'));

/**
 * Where toasts (utils/notify) appear: mounts antd's message instance, through the lazily loaded bridge, once the
 * first message is asked for. Rendered once, inside the ConfigProvider (theme and locale).
 */
export default function Messages() {
  const wanted = useSyncExternalStore(subscribeMessagesWanted, messagesWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <MessageBridge />
    </Suspense>
  ) : null;
}
