import { message } from 'antd';
import { useEffect } from 'react';
import { setMessageApi } from '../api/notices';

/**
 * Only the message hook (not antd's App, which also brings modal and notification): toasts are all the
 * screens need from it. The app loads this after the first screen; notices.ts holds earlier toasts.
 */
export function MessageHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => setMessageApi(api), [api]);
  return holder;
}
