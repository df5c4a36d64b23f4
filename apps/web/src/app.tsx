// antd's styles as a built stylesheet, loaded with this chunk before any component renders (vite.config.ts).
import 'virtual:antd-styles.css';
import './antd-overrides.css';
import { ConfigProvider } from 'antd';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import { setAuthNavigator } from './api/auth';
import { messageApi } from './api/notices';
import { router } from './router';
import { takeUpdateNotice, UPDATED_NOTICE } from './shell/chunk-reload';
import { theme } from './theme';
import { ThemeVars } from './ui/theme-vars';

// A 401 anywhere navigates through the router (no full reload).
setAuthNavigator((path) => {
  void router.navigate(path, { replace: true });
});

// The page was reloaded because a deploy removed a script of the build it ran (shell/chunk-reload.ts).
if (takeUpdateNotice()) void messageApi().info(UPDATED_NOTICE, 5);

// The toasts' host (antd message and notification) loads beside the first screen, not before it.
const MessageHost = lazy(() => import('./shell/message-host').then((m) => ({ default: m.MessageHost })));

export function AppRoot() {
  return (
    <ConfigProvider theme={theme}>
      <ThemeVars />
      <Suspense fallback={null}>
        <MessageHost />
      </Suspense>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
