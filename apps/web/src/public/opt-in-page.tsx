import type { PublicOptIn } from '@glass/domain/contracts/approvals';
import { OPT_IN_SAVED } from '@glass/domain/messages/approvals';
import { OPT_IN_STATE_LABELS } from '@glass/domain/rules/approvals';
import { Alert, Button, Checkbox } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PublicError, publicPost } from './public-api';
import { PublicFrame } from './public-frame';
import { answerProblem, InvalidLinkPage, PublicFailure, PublicLoading, usePublicLoad } from './public-state';

/**
 * /customer-opt-in/{hash}: the customer sees which phone number and e-mail address the business has
 * (partly hidden) and chooses whether to receive texts and/or e-mails about their job; they may change
 * the choice at any time with the same link.
 */
export function OptInPage() {
  const hash = useParams()['*'] ?? '';
  const path = `opt-in/${encodeURIComponent(hash)}`;
  const { data, setData, error, reload } = usePublicLoad<PublicOptIn>(path);
  const [texts, setTexts] = useState(false);
  const [emails, setEmails] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [gone, setGone] = useState<PublicError>();

  useEffect(() => {
    if (!data) return;
    setTexts(data.texts === 'in');
    setEmails(data.emails === 'in');
  }, [data]);

  if (gone) return <InvalidLinkPage contact={gone.contact} />;
  if (error) return <PublicFailure error={error} retry={reload} />;
  if (!data) return <PublicLoading />;

  const save = async () => {
    setProblem(undefined);
    setBusy(true);
    try {
      setData(await publicPost<PublicOptIn>(path, { texts, emails }));
      setSaved(true);
    } catch (e) {
      if (e instanceof PublicError && e.status === 404) setGone(e);
      else setProblem(answerProblem(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicFrame brand={data.brand}>
      <h1>Messages about your job</h1>
      <p>{data.brand.name} has these contact details for you:</p>
      <ul>
        <li>Phone: {data.phone ?? 'none'}</li>
        <li>E-mail: {data.email ?? 'none'}</li>
      </ul>
      <p>Choose how we may contact you about your vehicle's glass work:</p>
      <div style={{ display: 'grid', gap: 8 }}>
        <Checkbox checked={texts} onChange={(e) => setTexts(e.target.checked)}>
          Text messages (now: {OPT_IN_STATE_LABELS[data.texts].toLowerCase()})
        </Checkbox>
        <Checkbox checked={emails} onChange={(e) => setEmails(e.target.checked)}>
          E-mails (now: {OPT_IN_STATE_LABELS[data.emails].toLowerCase()})
        </Checkbox>
      </div>
      <p style={{ fontSize: 13, marginTop: 12 }} data-testid="consent-text">
        {data.consentText}
      </p>
      {saved && <Alert type="success" showIcon title={OPT_IN_SAVED} role="status" />}
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
      <div className="public-actions">
        <Button type="primary" size="large" loading={busy} onClick={save}>
          Save my choice
        </Button>
      </div>
    </PublicFrame>
  );
}
