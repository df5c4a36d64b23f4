import { ConfigProvider } from 'antd';
import { MessageHost } from './shell/message-host';
import { theme } from './theme';

/** The toasts' host for the sign-in page shown before the app (main.tsx), in the app's theme. */
export default function LoginToasts() {
  return (
    <ConfigProvider theme={theme}>
      <MessageHost />
    </ConfigProvider>
  );
}
