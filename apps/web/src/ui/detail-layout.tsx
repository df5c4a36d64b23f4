import type { ReactNode } from 'react';
import './ui.css';

/**
 * The sections (ui/section.tsx) of a detail: two columns of cards on a desktop, one on a phone; a
 * `wide` section spans both.
 */
export function DetailGrid({ children }: { children: ReactNode }) {
  return <div className="gs-detail-grid">{children}</div>;
}

/**
 * A detail screen's actions, kept in view while the sections scroll (sticky at the top of the
 * scrolling main area).
 */
export function StickyActions({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="gs-sticky-actions" role="toolbar" aria-label={label}>
      {children}
    </div>
  );
}
