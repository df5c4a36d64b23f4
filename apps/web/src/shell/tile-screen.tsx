import { Tabs } from 'antd';
import { useDocumentTitle } from './document-title';
import { NotAvailable } from './not-available';

/**
 * A tile screen whose content later work builds: the screen title and the tabbed layout every tile
 * screen has (spec 2 §1), with an honest empty state instead of pretend data.
 */
export function TileScreen({ title, detail }: { title: string; detail?: string }) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" style={{ fontSize: 22, marginTop: 0 }}>
        {title}
      </h1>
      <Tabs
        items={[
          {
            key: 'list',
            label: title,
            children: <NotAvailable detail={detail ?? `The ${title} screen is not built yet.`} />,
          },
        ]}
      />
    </section>
  );
}
