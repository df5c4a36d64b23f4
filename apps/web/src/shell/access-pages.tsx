import { Button, Result, Space } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from './document-title';
import { homePath } from './hosts';

// Not spec texts: the spec has no screen for a route the role may not open, nor for a missing record.
export const NO_ACCESS_TITLE = 'You do not have access to this page';
export const NO_ACCESS_DETAIL = 'Your role does not include this screen. Ask a manager if you need it.';

function HomeButton({ primary = true }: { primary?: boolean }) {
  const navigate = useNavigate();
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      onClick={() => navigate(homePath(), { state: { home: true } })}
    >
      Home
    </Button>
  );
}

/** A screen opened by URL that the user's role may not open (issue #15 item 2): say so, offer home. */
export function NoAccess() {
  useDocumentTitle('No Access');
  return (
    <Result
      status="warning"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{NO_ACCESS_TITLE}</h1>}
      subTitle={NO_ACCESS_DETAIL}
      extra={<HomeButton />}
    />
  );
}

/**
 * A record that does not exist (an unknown id in the URL): which record, why it may be, and the way to
 * its list and home. The screen keeps its own document title. For every detail screen, e.g.
 * `<RecordNotFound title="Invoice 3001 was not found" listPath="/invoices" listLabel="Invoices" />`.
 */
export function RecordNotFound({
  title,
  detail = 'There is no record with this number. It may have been mistyped or removed.',
  listPath,
  listLabel,
  extra,
}: {
  title: string;
  detail?: ReactNode;
  listPath?: string;
  listLabel?: string;
  extra?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>}
      subTitle={detail}
      extra={
        <Space wrap>
          {listPath && (
            <Button type="primary" onClick={() => navigate(listPath)}>
              {listLabel ?? 'Back to the list'}
            </Button>
          )}
          <HomeButton primary={!listPath} />
          {extra}
        </Space>
      }
    />
  );
}
