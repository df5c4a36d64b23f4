import { ConfigProvider, message } from 'antd';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { setAuthNavigator } from './api/auth';
import { setMessageApi } from './api/notices';
import { router } from './router';
import { theme } from './theme';

// A 401 anywhere navigates through the router (no full reload).
setAuthNavigator((path) => {
  void router.navigate(path, { replace: true });
});

/**
 * Only the message hook at the root (not antd's App, which also brings modal and notification): the
 * login screen needs toasts and nothing else, and the first screen's script budget is tight.
 */
function MessageHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => setMessageApi(api), [api]);
  return holder;
}

export function AppRoot() {
  return (
    <ConfigProvider theme={theme}>
      <MessageHost />
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
