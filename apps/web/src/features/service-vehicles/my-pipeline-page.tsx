import { PIPELINE_STAGES, type PipelineStage } from '@glass/domain/contracts/service-vehicles';
import { FAILED_TO_LIST_SERVICE_VEHICLES } from '@glass/domain/messages/service-vehicles';
import { useQueries } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Switch, Tag } from 'antd';
import { type FormEvent, useState } from 'react';
import { serviceVehicleKeys } from '../../query/query-keys';
import { useFailureToast } from '../../query/use-failure-toast';
import { useDocumentTitle } from '../../shell/document-title';
import { EmptyState } from '../../ui/empty-state';
import { ListSkeleton } from '../../ui/list-skeleton';
import { ScreenFrame } from '../../ui/screen-frame';
import { browserTzo, svApi } from './sv-api';
import { SvRowCard } from './sv-row';
import { usePageSwitches } from './use-page-switches';

const TITLE = 'My Pipeline';
/** Rows shown per stage at first, and added by each "Show more". */
const STEP = 5;
const MAX_TAKE = 100;

/**
 * /my-pipeline: the user's open work (the vehicles of My Service Vehicles) by stage of the sale, from no
 * contact yet to completed and not funded (docs/decisions/0018-my-pipeline.md). Each stage is its own card
 * with its total and its first rows in priority order.
 */
export function MyPipelinePage() {
  useDocumentTitle(TITLE);
  const switches = usePageSwitches(TITLE);
  const { repair, replacement } = switches;
  const [search, setSearch] = useState('');
  const [searchText, setSearchText] = useState('');
  const [takes, setTakes] = useState<Partial<Record<PipelineStage, number>>>({});

  const stages = useQueries({
    queries: PIPELINE_STAGES.map(({ stage }) => {
      const take = takes[stage] ?? STEP;
      return {
        queryKey: serviceVehicleKeys.pipeline(stage, take, search, repair, replacement),
        enabled: switches.ready,
        placeholderData: (previous: unknown) => previous,
        queryFn: () =>
          svApi.pipeline({
            TZO: browserTzo(),
            skip: 0,
            take,
            stage,
            search: search || undefined,
            repair,
            replacement,
          }),
      };
    }),
  });
  const failed = stages.some((q) => q.isError);
  useFailureToast(failed, FAILED_TO_LIST_SERVICE_VEHICLES);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setTakes({});
    setSearch(searchText.trim());
  };

  return (
    <ScreenFrame title={TITLE}>
      <div className="sv-filters">
        {(['Repairs', 'Replacements'] as const).map((name) => (
          <span key={name} className="sv-switch">
            <Switch
              size="small"
              checked={name === 'Repairs' ? repair : replacement}
              disabled={!switches.ready}
              onChange={(on) => void switches.set(name, on)}
              aria-label={name}
            />
            {name}
          </span>
        ))}
        <form onSubmit={onSearch} style={{ display: 'flex', gap: 4 }}>
          <Input
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Search"
            aria-label={`Search ${TITLE}`}
            allowClear
            style={{ width: 220, maxWidth: '100%' }}
          />
          <Button htmlType="submit">Search</Button>
        </form>
        <Button onClick={() => stages.forEach((q) => void q.refetch())}>Refresh</Button>
      </div>
      <div className="sv-pipeline">
        {PIPELINE_STAGES.map(({ stage, title }, i) => {
          const q = stages[i];
          const page = q.data?.stages[0];
          const rows = page?.items ?? [];
          const total = page?.total ?? 0;
          const headingId = `pipeline-${stage}`;
          return (
            <Card
              key={stage}
              size="small"
              role="region"
              aria-labelledby={headingId}
              title={
                <h2 id={headingId} className="sv-pipeline-title">
                  {title} <Tag>{total}</Tag>
                </h2>
              }
            >
              {q.isPending ? (
                <ListSkeleton label={`Loading ${title}`} />
              ) : q.isError ? (
                <Alert type="error" showIcon title={FAILED_TO_LIST_SERVICE_VEHICLES} />
              ) : rows.length === 0 ? (
                <EmptyState>{`Nothing in ${title}`}</EmptyState>
              ) : (
                <>
                  <ul className="sv-list" aria-label={`${title} list`}>
                    {rows.map((row) => (
                      <li key={row.id}>
                        <SvRowCard row={row} />
                      </li>
                    ))}
                  </ul>
                  {total > rows.length && rows.length < MAX_TAKE ? (
                    <Button
                      type="link"
                      style={{ marginTop: 8, paddingInline: 0 }}
                      loading={q.isFetching}
                      onClick={() =>
                        setTakes((t) => ({ ...t, [stage]: Math.min(MAX_TAKE, rows.length + STEP) }))
                      }
                    >
                      {`Show more (${rows.length} of ${total})`}
                    </Button>
                  ) : null}
                </>
              )}
            </Card>
          );
        })}
      </div>
    </ScreenFrame>
  );
}
