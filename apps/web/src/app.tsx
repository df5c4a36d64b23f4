// antd's styles as a built stylesheet, loaded with this chunk before any component renders (vite.config.ts).
import 'virtual:antd-styles.css';
import './antd-overrides.css';
import { ConfigProvider } from 'antd';
import { RouterProvider } from 'react-router-dom';
import { setAuthNavigator } from './api/auth';
import { messageApi } from './api/notices';
import { startSessionRead } from './api/use-session';
import { router } from './router';
import { takeUpdateNotice, UPDATED_NOTICE } from './shell/chunk-reload';
import { DeferredMessageHost } from './shell/deferred-message-host';
import { theme } from './theme';
import { rereadAntdStyleMap } from './ui/antd-style-map';
import { ThemeVars } from './ui/theme-vars';

// Opened from the phone shell (phone-app.tsx), antd has read the day's small stylesheet: this one holds more (and
// the phone's later sheet is no longer applied: phone-later-styles.ts).
rereadAntdStyleMap(true);

// A 401 anywhere navigates through the router (no full reload).
setAuthNavigator((path) => {
  void router.navigate(path, { replace: true });
});

// A screen of the shell: the session's start-up reads begin now, beside the shell's code (use-session.ts). Not
// for sign-in, the customers' pages and the phone requests window, which do not show the shell.
if (
  !/^\/(login|logout|sign-approval|sign-initiate|customer-opt-in|phone-requests)(\/|$)/.test(
    window.location.pathname,
  )
)
  startSessionRead();

// The page was reloaded because a deploy removed a script of the build it ran (shell/chunk-reload.ts).
if (takeUpdateNotice()) void messageApi().info(UPDATED_NOTICE, 5);

export function AppRoot() {
  return (
    <ConfigProvider theme={theme}>
      <ThemeVars />
      <DeferredMessageHost />
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
