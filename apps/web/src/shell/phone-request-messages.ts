import { PHONE_SEARCH_FAILED } from '@glass/domain/messages/search';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../api/notices';
import { searchApi } from '../api/search-api';
import { parseOpenMessage } from '../api/phone-bridge-messages';
import type { ShellActions } from './shell-context';

/**
 * The app as the parent of an embedded /phone-requests (features/phone-bridge/README.md): a same-origin
 * `openRecord?{…}` opens that record, `openPhoneDialog?{…}` looks the number up and opens the Phone dialog.
 */
export function usePhoneRequestMessages(actions: ShellActions) {
  const navigate = useNavigate();
  useEffect(() => {
    const listener = async (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const msg = parseOpenMessage(event.data);
      if (!msg) return;
      if ('path' in msg) {
        navigate(msg.path);
        return;
      }
      try {
        actions.openPhoneLookup(msg.phone, await searchApi.phoneLookup(msg.phone));
      } catch {
        toastError(PHONE_SEARCH_FAILED);
      }
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [actions, navigate]);
}
