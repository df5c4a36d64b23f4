import type { PublicInitiate } from '@glass/domain/contracts/approvals';
import {
  INITIATE_ALREADY_SIGNED,
  INITIATE_THANKS,
  SIGNATURE_REQUIRED,
} from '@glass/domain/messages/approvals';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { Alert, Button } from 'antd';
import { useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { SignaturePad, type SignaturePadHandle } from '../ui/signature-pad';
import { dataUrl, PublicError, publicPost } from './public-api';
import { PublicFrame, WorkSummary } from './public-frame';
import { answerProblem, InvalidLinkPage, PublicFailure, PublicLoading, usePublicLoad } from './public-state';

/**
 * /sign-initiate/{id}?t=…: the customer's authorisation to start the work, signed at the counter or on
 * their phone. Only the signed token opens it; without one the server answers the neutral page.
 */
export function InitiatePage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const query = `?t=${encodeURIComponent(params.get('t') ?? '')}`;
  const path = `initiate/${encodeURIComponent(id)}`;
  const { data, setData, error, reload } = usePublicLoad<PublicInitiate>(`${path}${query}`);
  const pad = useRef<SignaturePadHandle>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [gone, setGone] = useState<PublicError>();

  if (gone) return <InvalidLinkPage contact={gone.contact} />;
  if (error) return <PublicFailure error={error} retry={reload} />;
  if (!data) return <PublicLoading />;
  if (data.state === 'signed' || !data.work) {
    return (
      <PublicFrame brand={data.brand}>
        <h1>Work authorised</h1>
        <Alert
          type="success"
          showIcon
          title={busy ? INITIATE_THANKS : INITIATE_ALREADY_SIGNED}
          description={data.signedAt ? `Signed ${formatDateTime(data.signedAt)}` : undefined}
        />
      </PublicFrame>
    );
  }

  const sign = async () => {
    setProblem(undefined);
    const png = await pad.current?.toPng();
    if (!png) return setProblem(SIGNATURE_REQUIRED);
    setBusy(true);
    try {
      setData(
        await publicPost<PublicInitiate>(`${path}/signature${query}`, {
          signature: await dataUrl(png),
          signerName: pad.current?.typedName() || undefined,
        }),
      );
    } catch (e) {
      setBusy(false);
      if (e instanceof PublicError && e.status === 404) setGone(e);
      else if (e instanceof PublicError && e.status === 409) reload();
      else setProblem(answerProblem(e));
    }
  };

  const first = data.customerFirstName;
  return (
    <PublicFrame brand={data.brand}>
      <h1>Authorise the work</h1>
      <p>
        {first ? `Hi ${first}, please` : 'Please'} sign to authorise {data.brand.facility} to start the work
        below.
      </p>
      <WorkSummary work={data.work} />
      <h2>Your signature</h2>
      <SignaturePad ref={pad} height={160} />
      {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} role="alert" />}
      <div className="public-actions">
        <Button type="primary" size="large" loading={busy} onClick={sign}>
          Sign and authorise
        </Button>
      </div>
    </PublicFrame>
  );
}
