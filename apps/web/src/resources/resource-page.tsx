import { resourcesOfRoute } from '@glass/domain/resources/index';
import { ROUTES } from '@glass/domain/routes';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../shell/document-title';
import { ResourceList } from './resource-list';
import { ScreenFrame } from '../ui/screen-frame';

/**
 * A tile screen made of declared resources (spec 2 §1: a tabbed page with a list and filters):
 * one tab per resource declared on the route, plus any extra tabs a screen adds.
 */
export function ResourcePage({
  route,
  extraTabs = [],
  children,
}: {
  route: string;
  extraTabs?: { key: string; label: string; children: ReactNode }[];
  children?: ReactNode;
}) {
  const title = ROUTES.find((r) => r.path === route)?.title ?? route;
  useDocumentTitle(title);
  const tabs = resourcesOfRoute(route).map((def) => ({
    key: def.name,
    label: def.title,
    children: <ResourceList def={def} />,
  }));
  return (
    <ScreenFrame title={title}>
      {children}
      <Tabs items={[...tabs, ...extraTabs]} destroyOnHidden />
    </ScreenFrame>
  );
}
