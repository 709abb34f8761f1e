import { useEffect, useState } from 'react';
import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';
import { setNavigator } from './utils/navigation';
import { setMessageApi } from './utils/notify';
import { refreshUserInfo } from './api/auth';
import { theme } from './styles/theme';

dayjs.locale('zh-cn');

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 },
  },
});

/**
 * Hands antd's context-aware message instance (theme and locale of the ConfigProvider) to the request layer.
 * antd's <App> wrapper is not used: it would put Modal and Form into every page's first load; dialogs use
 * `Modal.useModal()` where they are needed.
 */
function MessageBridge() {
  const [api, holder] = message.useMessage({ maxCount: 1 });
  useEffect(() => setMessageApi(api), [api]);
  return holder;
}

export default function App() {
  const [router] = useState(createAppRouter);

  useEffect(() => {
    setNavigator((to, options) => void router.navigate(to, options));
    // On start, a stored user id is refreshed through the admin-details call (spec §4).
    void refreshUserInfo();
  }, [router]);

  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <MessageBridge />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
