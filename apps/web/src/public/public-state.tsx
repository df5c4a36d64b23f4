import type { InvalidLink } from '@glass/domain/contracts/approvals';
import {
  INVALID_LINK_TEXT,
  INVALID_LINK_TITLE,
  invalidLinkContact,
  PUBLIC_FAILED,
  TOO_MANY_ATTEMPTS,
} from '@glass/domain/messages/approvals';
import { Alert, Button, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { PublicError, publicGet } from './public-api';
import { PublicFrame } from './public-frame';

/** A public page's read: the answer, or the error to show in its place. */
export function usePublicLoad<T>(path: string) {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<PublicError>();
  const load = useCallback(() => {
    setError(undefined);
    publicGet<T>(path)
      .then(setData)
      .catch((e: unknown) => setError(e instanceof PublicError ? e : new PublicError(0, '')));
  }, [path]);
  useEffect(load, [load]);
  return { data, setData, error, reload: load };
}

/**
 * The one page for every link that does not open (unknown, expired, replaced, re-priced, no or a wrong
 * token): the same words whatever the cause, and whom to call. Never an error screen, never /login.
 */
export function InvalidLinkPage({ contact }: { contact?: InvalidLink['contact'] }) {
  return (
    <PublicFrame>
      <h1>{INVALID_LINK_TITLE}</h1>
      <p>{INVALID_LINK_TEXT}</p>
      <p data-testid="invalid-link-contact">
        {contact ? invalidLinkContact(contact.name, contact.phone) : invalidLinkContact('the shop', null)}
      </p>
    </PublicFrame>
  );
}

/** What a failed read shows: the neutral page (404), the rate limit's words (429), or a retry. */
export function PublicFailure({ error, retry }: { error: PublicError; retry: () => void }) {
  if (error.status === 404) return <InvalidLinkPage contact={error.contact} />;
  return (
    <PublicFrame>
      <Alert
        type={error.status === 429 ? 'warning' : 'error'}
        showIcon
        title={error.status === 429 ? TOO_MANY_ATTEMPTS : PUBLIC_FAILED}
        action={
          <Button size="small" onClick={retry}>
            Try again
          </Button>
        }
      />
    </PublicFrame>
  );
}

export function PublicLoading() {
  return (
    <PublicFrame>
      <div style={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
        <Spin aria-label="Loading" />
      </div>
    </PublicFrame>
  );
}

/** The message of a failed answer (409: the server's polite words). */
export const answerProblem = (error: unknown) =>
  error instanceof PublicError
    ? error.status === 429
      ? TOO_MANY_ATTEMPTS
      : error.status === 409 || error.status === 400
        ? error.detail || PUBLIC_FAILED
        : PUBLIC_FAILED
    : PUBLIC_FAILED;
