import { FAILED_TO_LIST_PHONE_EXTENSIONS } from '@glass/domain/messages/phone';
import { QueryClientProvider } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { showError } from '../../api/notices';
import { queryClient } from '../../api/query-client';
import { useSession } from '../../api/use-session';
import { useDocumentTitle } from '../../shell/document-title';
import { routeAllowed } from '../../shell/route-allowed';
import { ResourcePage } from '../../resources/resource-page';
import { formatPhone } from '../../ui/phone';
import { type CallRequest, openInParent, startPhoneBridge } from './bridge';

/** Keeps the bridge listening while the screen is shown; reports the last call. */
function usePhoneBridge() {
  const [last, setLast] = useState<{ req: CallRequest; uri?: string; failed?: boolean }>();
  useEffect(
    () =>
      startPhoneBridge((req, result) => {
        if (result.error) showError(result.error, FAILED_TO_LIST_PHONE_EXTENSIONS);
        setLast({ req, uri: result.uri, failed: !!result.error });
      }),
    [],
  );
  return last;
}

function LastCall({ last }: { last?: { req: CallRequest; uri?: string; failed?: boolean } }) {
  if (!last) return null;
  return (
    <Alert
      role="status"
      type={last.failed ? 'error' : 'success'}
      title={
        last.failed
          ? `Call to ${formatPhone(last.req.DestinationPhoneNumber)} failed`
          : `Calling ${formatPhone(last.req.DestinationPhoneNumber)}`
      }
      style={{ marginBottom: 12 }}
    />
  );
}

/**
 * /phone-requests: no UI (spec 2 §2: "no UI; listens for a call request message"). Drawn outside the app's
 * layout, it shows nothing; while the signed-in user may place calls it listens for `makePhoneCall?{…}`,
 * places the call, and asks its host (the iframe's parent or the pop-up's opener) to open the matching record
 * or the Phone dialog (README.md; the app itself does that in shell/phone-request-messages.ts).
 */
export function PhoneRequestsPage() {
  useDocumentTitle('Phone Requests');
  // Outside the app's layout, which provides the query cache to the screens: the session comes from it.
  return (
    <QueryClientProvider client={queryClient}>
      <PhoneRequestsListener />
    </QueryClientProvider>
  );
}

function PhoneRequestsListener() {
  const session = useSession();
  const allowed = !!session.data && routeAllowed('/phone-requests', session.data.user);
  return allowed ? <PhoneRequestsBridge /> : null;
}

/** The bridge alone: a failed call is not shown here (no UI); the host hears `phone-called` either way. */
function PhoneRequestsBridge() {
  useEffect(() => startPhoneBridge(openInParent), []);
  return null;
}

/** /phone-extensions: the declared list, with the bridge listening. */
export function PhoneExtensionsPage() {
  const last = usePhoneBridge();
  return (
    <ResourcePage route="/phone-extensions">
      <LastCall last={last} />
    </ResourcePage>
  );
}
