import { PUBLIC_ROUTES } from '@glass/domain/routes';
import { useDocumentTitle } from '../shell/document-title';
import { ApprovalPage } from './approval-page';
import { InitiatePage } from './initiate-page';
import { OptInPage } from './opt-in-page';

const TITLES = {
  approval: PUBLIC_ROUTES[1].title,
  initiate: PUBLIC_ROUTES[2].title,
  'opt-in': PUBLIC_ROUTES[3].title,
} as const;

/**
 * The three public customer pages (spec 2 §2): no login, their own small HTTP client (public-api.ts), no
 * staff screen in their chunks. The server sends them with no-store and a strict policy.
 */
export function PublicPage({ kind }: { kind: keyof typeof TITLES }) {
  useDocumentTitle(TITLES[kind]);
  if (kind === 'approval') return <ApprovalPage />;
  if (kind === 'initiate') return <InitiatePage />;
  return <OptInPage />;
}
