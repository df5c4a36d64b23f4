import { ERROR_SCREEN_TEXT, ERROR_SCREEN_TITLE, TRY_AGAIN } from '@glass/domain/messages/shell';
import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { getToken } from '../api/auth-token';
import { isChunkLoadError, mayReloadToNewVersion, reloadPending, reloadToNewVersion } from './chunk-reload';
import { PageSpinner } from './page-spinner';

/**
 * The generic error screen; a signed-out user is sent to /login instead of seeing it. A screen whose script
 * is gone after a deploy reloads to the new build once instead (chunk-reload.ts): a spinner until the page
 * unloads. Plain markup rather than antd Result: it sits in the entry chunk, and Result's illustrations are
 * heavy.
 */
export function ErrorScreen({ error, onRetry }: { error?: unknown; onRetry: () => void }) {
  const [reloading, setReloading] = useState(
    () => reloadPending() || (isChunkLoadError(error) && mayReloadToNewVersion()),
  );
  useEffect(() => {
    if (reloading && !reloadToNewVersion()) setReloading(false);
  }, [reloading]);
  if (reloading) return <PageSpinner label="Loading the new version" />;
  if (!getToken()) return <Navigate to="/login" replace />;
  return (
    <div className="page-center" role="alert">
      <div style={{ textAlign: 'center' }}>
        <CloseCircleFilled aria-hidden style={{ fontSize: 56, color: 'var(--gs-color-error)' }} />
        <h1 style={{ fontSize: 24, margin: '16px 0 8px' }}>{ERROR_SCREEN_TITLE}</h1>
        <p style={{ margin: '0 0 24px' }}>{ERROR_SCREEN_TEXT}</p>
        <Button type="primary" onClick={onRetry}>
          {TRY_AGAIN}
        </Button>
      </div>
    </div>
  );
}
