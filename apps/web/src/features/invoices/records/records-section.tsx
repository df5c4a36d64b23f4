import { formatMoney } from '@glass/domain/rules/money-format';
import DownOutlined from '@ant-design/icons/DownOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { Alert, Button, Card, Empty } from 'antd';
import { type CSSProperties, type ReactNode, useId, useState } from 'react';
import { ListSkeleton } from '../../../ui/list-skeleton';

/**
 * A section whose heading is a disclosure button (WAI-ARIA pattern: a native button, so Enter and Space
 * work), drawn as the detail layout's section card (ui/section.tsx). A closed section keeps its content
 * out of the page, so its reads wait until it is opened.
 */
export function CollapsibleSection({
  title,
  wide,
  children,
}: {
  title: string;
  /** Spans both columns of a DetailGrid. */
  wide?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(true);
  const id = useId();
  return (
    <Card
      size="small"
      role="region"
      aria-labelledby={`${id}-title`}
      className={`sv-section gs-collapsible${open ? '' : ' gs-collapsed'}${wide ? ' gs-detail-wide' : ''}`}
      title={
        <h2 className="gs-section-title">
          <Button
            type="text"
            id={`${id}-title`}
            aria-expanded={open}
            aria-controls={`${id}-body`}
            icon={open ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
            onClick={() => setOpen(!open)}
            className="gs-disclosure"
          >
            {title}
          </Button>
        </h2>
      }
    >
      <div id={`${id}-body`} hidden={!open}>
        {open && children}
      </div>
    </Card>
  );
}

/** Skeleton while loading, the failure with a retry, an empty state, else the rows. */
export function QueryBody<T>({
  query,
  label,
  empty,
  children,
}: {
  query: { data?: T[]; isLoading: boolean; isError: boolean; refetch: () => unknown };
  label: string;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isLoading) return <ListSkeleton rows={3} label={`Loading ${label}`} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={`Failed to get ${label}`}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  const rows = query.data ?? [];
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return <>{children(rows)}</>;
}

const listStyle: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };
const itemStyle: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '4px 12px',
  alignItems: 'baseline',
  padding: '8px 0',
  borderBottom: '1px solid var(--gs-color-split)',
  overflowWrap: 'anywhere',
};

/** A plain list that wraps at 375 px (a table would scroll sideways). */
export function RecordList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} style={listStyle}>
      {children}
    </ul>
  );
}

/** One row: what it is, the who/when line, and the row's buttons on the right. */
export function RecordItem({
  title,
  meta,
  body,
  actions,
  testId,
}: {
  title: ReactNode;
  meta?: ReactNode;
  body?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <li style={itemStyle} data-testid={testId}>
      <strong style={{ flex: '1 1 12rem' }}>{title}</strong>
      {meta && <span style={{ opacity: 0.75, fontSize: 13 }}>{meta}</span>}
      {actions && <span style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>{actions}</span>}
      {body && <div style={{ flexBasis: '100%', whiteSpace: 'pre-wrap' }}>{body}</div>}
    </li>
  );
}

/** 'by Name, 11/22/2026 05:41 AM' from the user and the date of a row. */
export const byLine = (when: string, user?: { name: string } | null) =>
  [user?.name ? `by ${user.name}` : '', when].filter(Boolean).join(', ');

/** Money through the domain's one formatter ($1,234.56; an em dash when empty). */
export const money = (value: number | string | null | undefined) => formatMoney(value) || '—';
