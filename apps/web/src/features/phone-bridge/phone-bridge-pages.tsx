import { FAILED_TO_LIST_PHONE_EXTENSIONS } from '@glass/domain/messages/phone';
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { showError } from '../../api/notices';
import { useDocumentTitle } from '../../shell/document-title';
import { ResourcePage } from '../../resources/resource-page';
import { ScreenFrame } from '../../ui/screen-frame';
import { formatPhone } from '../../ui/phone';
import { type CallRequest, openInParent, startPhoneBridge } from './bridge';

/** Keeps the bridge listening while the screen is shown; reports the last call. */
function usePhoneBridge(after?: (req: CallRequest) => void) {
  const [last, setLast] = useState<{ req: CallRequest; uri?: string; failed?: boolean }>();
  useEffect(
    () =>
      startPhoneBridge((req, result) => {
        if (result.error) showError(result.error, FAILED_TO_LIST_PHONE_EXTENSIONS);
        setLast({ req, uri: result.uri, failed: !!result.error });
        after?.(req);
      }),
    [after],
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

/** /phone-requests: no UI of its own; it listens for call request messages (spec 2 §2, §4). */
export function PhoneRequestsPage() {
  useDocumentTitle('Phone Requests');
  // Each call request is also looked up; the parent opens the matching record or the Phone dialog (README.md).
  const last = usePhoneBridge(openInParent);
  return (
    // The screen's title like every other screen (ScreenFrame), so it is named by its one h1.
    <ScreenFrame title="Phone Requests">
      <p className="sr-only">Listening for call requests</p>
      <LastCall last={last} />
    </ScreenFrame>
  );
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
