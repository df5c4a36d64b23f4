import { PhoneOutlined } from '@ant-design/icons';
import { FAILED_TO_LIST_PHONE_EXTENSIONS } from '@glass/domain/messages/phone';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { showError } from '../../api/notices';
import { useDocumentTitle } from '../../shell/document-title';
import { ResourcePage } from '../../resources/resource-page';
import { type CallRequest, makePhoneCall, startPhoneBridge } from './bridge';

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
          ? `Call to ${last.req.DestinationPhoneNumber} failed`
          : `Calling ${last.req.DestinationPhoneNumber}`
      }
      style={{ marginBottom: 12 }}
    />
  );
}

/** /phone-requests: no UI of its own; it listens for call request messages (spec 2 §2, §4). */
export function PhoneRequestsPage() {
  useDocumentTitle('Phone Requests');
  const last = usePhoneBridge();
  return (
    <section aria-label="Phone requests">
      <p className="sr-only">Listening for call requests</p>
      <LastCall last={last} />
    </section>
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

/** /call-status: the phone dialer, with the bridge listening. */
export function CallStatusPage() {
  useDocumentTitle('Call Status');
  const last = usePhoneBridge();
  const [phone, setPhone] = useState('');
  const [calling, setCalling] = useState(false);
  const call = async () => {
    setCalling(true);
    try {
      await makePhoneCall({ DestinationPhoneNumber: phone });
    } catch (e) {
      showError(e);
    } finally {
      setCalling(false);
    }
  };
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" style={{ fontSize: 22, marginTop: 0 }}>
        Call Status
      </h1>
      <LastCall last={last} />
      <Space.Compact>
        <Input
          aria-label="Phone number to call"
          placeholder="Phone number"
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          onPressEnter={call}
          style={{ width: 220 }}
        />
        <Button
          type="primary"
          icon={<PhoneOutlined />}
          loading={calling}
          disabled={!phone.trim()}
          onClick={call}
        >
          Call
        </Button>
      </Space.Compact>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        Calls go through your phone extension.
      </Typography.Paragraph>
    </section>
  );
}
