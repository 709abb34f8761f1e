import { useEffect } from 'react';
import { message } from 'antd';
import { setMessageApi } from '@/utils/notify';

/**
 * Hands antd's context-aware message instance (theme and locale of the ConfigProvider) to `utils/notify`.
 * Mounted by the app shell on the first toast, so antd's message code loads only when a message is shown.
 */
export default function MessageBridge() {
  const [api, holder] = message.useMessage({ maxCount: 1 });
  useEffect(() => setMessageApi(api), [api]);
  return holder;
}
