import type { PublicApproval } from '@glass/domain/contracts/approvals';
import {
  ALREADY_ANSWERED,
  APPROVED_THANKS,
  DECLINED_THANKS,
  SIGNATURE_REQUIRED,
} from '@glass/domain/messages/approvals';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { Alert, Button, Input } from 'antd';
import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { SignaturePad, type SignaturePadHandle } from '../ui/signature-pad';
import { dataUrl, PublicError, publicPost } from './public-api';
import { PublicFrame, WorkSummary } from './public-frame';
import { answerProblem, InvalidLinkPage, PublicFailure, PublicLoading, usePublicLoad } from './public-state';

/**
 * /sign-approval/{guid}: the customer reviews the work and its price and approves with a signature (drawn
 * with a finger or typed) or declines, with optional comments. It answers once.
 */
export function ApprovalPage() {
  const { id = '' } = useParams();
  const { data, setData, error, reload } = usePublicLoad<PublicApproval>(
    `approvals/${encodeURIComponent(id)}`,
  );
  const pad = useRef<SignaturePadHandle>(null);
  const [comments, setComments] = useState('');
  const [busy, setBusy] = useState<'approve' | 'decline' | null>(null);
  const [problem, setProblem] = useState<string>();
  const [gone, setGone] = useState<PublicError>();

  if (gone) return <InvalidLinkPage contact={gone.contact} />;
  if (error) return <PublicFailure error={error} retry={reload} />;
  if (!data) return <PublicLoading />;

  if (data.state !== 'open' || !data.work) {
    return (
      <PublicFrame brand={data.brand}>
        <h1>{data.state === 'declined' ? 'Declined' : 'Approved'}</h1>
        <Alert
          type="success"
          showIcon
          title={data.state === 'declined' ? DECLINED_THANKS : APPROVED_THANKS}
          description={data.answeredAt ? `Answered ${formatDateTime(data.answeredAt)}` : ALREADY_ANSWERED}
        />
      </PublicFrame>
    );
  }

  const send = async (response: 'approve' | 'decline') => {
    setProblem(undefined);
    let signature: string | undefined;
    if (response === 'approve') {
      const png = await pad.current?.toPng();
      if (!png) return setProblem(SIGNATURE_REQUIRED);
      signature = await dataUrl(png);
    }
    setBusy(response);
    try {
      const answered = await publicPost<PublicApproval>(`approvals/${encodeURIComponent(id)}/answer`, {
        response,
        comments: comments.trim() || undefined,
        signature,
        signerName: pad.current?.typedName() || undefined,
      });
      setData(answered);
    } catch (e) {
      if (e instanceof PublicError && e.status === 404) setGone(e);
      else if (e instanceof PublicError && e.status === 409) reload();
      else setProblem(answerProblem(e));
    } finally {
      setBusy(null);
    }
  };

  const first = data.customerFirstName;
  return (
    <PublicFrame
      brand={data.brand}
      footer={<p>This link is valid until {formatDateTime(data.expiresAt)}.</p>}
    >
      <h1>Review and approve</h1>
      <p>
        {first ? `Hi ${first}, please` : 'Please'} review the work {data.brand.facility} will do and approve
        it, or decline.
      </p>
      <WorkSummary work={data.work} />
      <h2 id="public-sign-title">Your signature</h2>
      <SignaturePad ref={pad} height={160} />
      <label htmlFor="public-comments" style={{ display: 'block', marginTop: 16 }}>
        Comments (optional)
      </label>
      <Input.TextArea
        id="public-comments"
        rows={3}
        maxLength={1000}
        value={comments}
        onChange={(e) => setComments(e.target.value)}
      />
      {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} role="alert" />}
      <div className="public-actions">
        <Button
          type="primary"
          size="large"
          loading={busy === 'approve'}
          disabled={busy !== null}
          onClick={() => send('approve')}
        >
          Approve
        </Button>
        <Button
          danger
          size="large"
          loading={busy === 'decline'}
          disabled={busy !== null}
          onClick={() => send('decline')}
        >
          Decline
        </Button>
      </div>
    </PublicFrame>
  );
}
