import { Card, Descriptions } from 'antd';
import type { ReactNode } from 'react';
import './section.css';

/**
 * A titled section of a detail screen: an antd Card whose title is the section's h2 (a region
 * labelled by it, for the page outline and screen readers). `extra` goes at the right of the title.
 */
export function Section({
  id,
  title,
  extra,
  wide,
  children,
}: {
  id: string;
  title: string;
  extra?: ReactNode;
  /** Spans both columns of a DetailGrid. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      role="region"
      aria-labelledby={`sv-section-${id}`}
      className={`sv-section${wide ? ' gs-detail-wide' : ''}`}
      title={
        <h2 id={`sv-section-${id}`} className="gs-section-title">
          {title}
        </h2>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}

const blank = (value: ReactNode) => value === null || value === undefined || value === '';

/**
 * Label–value pairs as antd Descriptions: two columns on a desktop, one on a phone; an empty value
 * shows as an em dash so every field of the detail is visible.
 */
export function Facts({ items, columns = 2 }: { items: Array<[string, ReactNode]>; columns?: 1 | 2 | 3 }) {
  return (
    <Descriptions
      className="sv-dl"
      size="small"
      colon={false}
      column={{ xs: 1, sm: 1, md: 1, lg: Math.min(columns, 2), xl: columns, xxl: columns }}
      items={items.map(([label, value]) => ({ key: label, label, children: blank(value) ? '—' : value }))}
    />
  );
}
