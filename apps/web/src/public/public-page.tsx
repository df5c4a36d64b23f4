import { PUBLIC_ROUTES } from '@glass/domain/routes';
import { Card, Empty } from 'antd';
import { useDocumentTitle } from '../shell/document-title';

const TITLES = {
  approval: PUBLIC_ROUTES[1].title,
  initiate: PUBLIC_ROUTES[2].title,
  'opt-in': PUBLIC_ROUTES[3].title,
} as const;

/** The three public customer pages (spec 2 §2) need no login; their content is later work. */
export function PublicPage({ kind }: { kind: keyof typeof TITLES }) {
  const title = TITLES[kind];
  useDocumentTitle(title);
  return (
    <main className="page-center">
      <Card style={{ width: '100%', maxWidth: 480 }}>
        <h1 style={{ fontSize: 22, marginTop: 0 }}>{title}</h1>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="This page is not available yet. Please contact the shop that sent you the link."
        />
      </Card>
    </main>
  );
}
