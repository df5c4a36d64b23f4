import { Alert } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { ListSkeleton } from './list-skeleton';

const TOOLBAR: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 8,
  alignItems: 'center',
  marginBottom: 8,
};

/**
 * A screen: its title (the page's one h1, labelling the section) with the screen's actions beside it,
 * then the content. Without actions the title stands alone above the content.
 */
export function ScreenFrame({
  title,
  actions,
  style,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="screen-title" style={style}>
      {actions ? (
        <div style={TOOLBAR}>
          <h1 id="screen-title" style={{ fontSize: 22, margin: 0, flex: 1 }}>
            {title}
          </h1>
          {actions}
        </div>
      ) : (
        <h1 id="screen-title" style={{ fontSize: 22, marginTop: 0 }}>
          {title}
        </h1>
      )}
      {children}
    </section>
  );
}

/**
 * What a read shows in place: the loading skeleton, the spec's failure notice (the same text the
 * failure toast showed), or the content.
 */
export function LoadState({
  loading,
  failed,
  failure,
  label,
  children,
}: {
  loading: boolean;
  failed: boolean;
  /** The spec's failure text ('Failed to get Invoices'). */
  failure: ReactNode;
  /** The skeleton's accessible name ('Loading Invoices'). */
  label: string;
  children: ReactNode;
}) {
  if (loading) return <ListSkeleton label={label} />;
  if (failed) return <Alert type="error" showIcon title={failure} />;
  return <>{children}</>;
}
