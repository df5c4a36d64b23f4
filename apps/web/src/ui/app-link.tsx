import type { ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import './ui.css';

/**
 * An in-app link that looks like antd's Typography.Link (the theme's link colour, underlined only on
 * hover, not the browser's default blue): a real <a href> (open in a new tab works) that navigates
 * inside the app on a plain click. The router's own Link underneath, so ids and focus stay on the <a>.
 */
export function AppLink({
  to,
  children,
  id,
  className,
  strong,
  ...aria
}: {
  to: To;
  children: ReactNode;
  id?: string;
  className?: string;
  strong?: boolean;
  'aria-label'?: string;
  title?: string;
}) {
  return (
    <Link
      to={to}
      id={id}
      className={`gs-link${strong ? ' gs-link-strong' : ''} ${className ?? ''}`}
      {...aria}
    >
      {children}
    </Link>
  );
}
