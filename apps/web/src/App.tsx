import { useEffect, useState } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';
import { setNavigator } from './utils/navigation';
import { refreshUserInfo } from './api/auth';
import { theme } from './styles/theme';
import Messages from './components/layout/Messages';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 },
  },
});

// Toasts (utils/notify) go through antd's context-aware message instance, which <Messages> mounts on the first
// message. antd's <App> wrapper is not used: it would put Modal and Form into every page's first load; dialogs use
// `Modal.useModal()` where they are needed.

export default function App() {
  const [router] = useState(createAppRouter);

  useEffect(() => {
    setNavigator((to, options) => void router.navigate(to, options));
    // On start, a stored user id is refreshed through the admin-details call (spec §4).
    void refreshUserInfo();
  }, [router]);

  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <Messages />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
