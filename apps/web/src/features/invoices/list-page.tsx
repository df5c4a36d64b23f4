import { PAYMENT_TYPE_OPTIONS, THUMB_OPTIONS } from '@glass/domain/enums';
import { FAILED_TO_GET_INVOICES } from '@glass/domain/messages/invoices';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Alert, Button, Input } from 'antd';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toastError } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { useDocumentTitle } from '../../shell/document-title';
import { ListSkeleton } from '../../shell/list-skeleton';
import {
  buildInvoiceFilter,
  FLAG_FILTERS,
  filterProblems,
  filtersFromParams,
  type InvoiceFilterKey,
  invoiceListApi,
  TEXT_FILTERS,
} from './list-api';
import { INVOICE_COLUMNS } from './list-columns';
import { InvoiceTable } from './list-table';

type Values = Partial<Record<InvoiceFilterKey, string>>;
type SetFilters = (patch: Values) => void;

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** A labelled native drop-down with an "Any" choice (keyboard and screen-reader friendly at 375 px). */
function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: readonly { value: string | number; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {label}
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The text filters: typed freely, applied together by Search (or Enter). */
function TextFilters({ values, onApply }: { values: Values; onApply: SetFilters }) {
  const [draft, setDraft] = useState<Values>(values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(Object.fromEntries(TEXT_FILTERS.map(({ key }) => [key, draft[key]?.trim() ?? ''])));
  };
  return (
    <form className="sv-filters inv-filters" onSubmit={submit} aria-label="Text filters">
      {TEXT_FILTERS.map(({ key, label }) => (
        <label key={key} htmlFor={`inv-filter-${key}`}>
          {label}
          <Input
            id={`inv-filter-${key}`}
            value={draft[key] ?? ''}
            onChange={(e) => setDraft((current) => ({ ...current, [key]: e.target.value }))}
            inputMode={key === 'id' ? 'numeric' : undefined}
            allowClear
          />
        </label>
      ))}
      <Button htmlType="submit" type="primary">
        Search
      </Button>
    </form>
  );
}

function Filters({ values, set }: { values: Values; set: SetFilters }) {
  const { facilities } = useSessionState();
  const more: InvoiceFilterKey[] = [...TEXT_FILTERS, ...FLAG_FILTERS].map(({ key }) => key);
  const active = [...more, 'type', 'thumb', 'notes'].filter((key) => values[key as InvoiceFilterKey]).length;
  const textKey = TEXT_FILTERS.map(({ key }) => values[key] ?? '').join('\u0000');
  return (
    <div>
      <div className="sv-filters inv-filters">
        <label>
          From
          <input type="date" value={values.from ?? ''} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label>
          To
          <input type="date" value={values.to ?? ''} onChange={(e) => set({ to: e.target.value })} />
        </label>
        <Choice
          label="Facility"
          value={values.facility}
          options={facilities.map((f) => ({ value: f.id, label: f.shortName || f.name }))}
          onChange={(facility) => set({ facility })}
        />
        <Choice
          label="Payment type"
          value={values.paymentType}
          options={PAYMENT_TYPE_OPTIONS}
          onChange={(paymentType) => set({ paymentType })}
        />
      </div>
      <details className="inv-filters-more" open={active > 0 || undefined}>
        <summary>More filters{active ? ` (${active} active)` : ''}</summary>
        {/* Remounted when the URL changes (back/forward) so the boxes show what is applied. */}
        <TextFilters key={textKey} values={values} onApply={set} />
        <div className="sv-filters inv-filters">
          {FLAG_FILTERS.map(({ key, label }) => (
            <Choice
              key={key}
              label={label}
              value={values[key]}
              options={YES_NO}
              onChange={(v) => set({ [key]: v })}
            />
          ))}
          <Choice
            label="Type"
            value={values.type}
            options={[
              { value: 'repair', label: 'Repair' },
              { value: 'replacement', label: 'Replacement' },
            ]}
            onChange={(type) => set({ type })}
          />
          <Choice
            label="Thumb"
            value={values.thumb}
            options={THUMB_OPTIONS}
            onChange={(thumb) => set({ thumb })}
          />
          <Choice
            label="Has notes"
            value={values.notes}
            options={YES_NO}
            onChange={(notes) => set({ notes })}
          />
        </div>
      </details>
    </div>
  );
}

/** Header counts from GET /api/Invoices/summary; each one (but Total) also filters the list to it. */
function SummaryBadges({
  filter,
  values,
  set,
}: {
  filter: string | undefined;
  values: Values;
  set: SetFilters;
}) {
  const summary = useQuery({
    queryKey: ['invoices', 'summary', filter],
    queryFn: ({ signal }) => invoiceListApi.summary(filter, signal),
    retry: false,
  });
  if (!summary.data) return null;
  const { total, submitted, signed, replacement } = summary.data;
  const badges: { label: string; count: number; patch: Values; on: boolean }[] = [
    { label: 'Submitted', count: submitted, patch: { submitted: 'yes' }, on: values.submitted === 'yes' },
    { label: 'Signed', count: signed, patch: { signed: 'yes' }, on: values.signed === 'yes' },
    {
      label: 'Replacement',
      count: replacement,
      patch: { type: 'replacement' },
      on: values.type === 'replacement',
    },
  ];
  return (
    <ul className="inv-badges" aria-label="Invoice counts">
      <li>
        <Button size="small" onClick={() => set({ submitted: '', signed: '', type: '' })}>
          Total {total}
        </Button>
      </li>
      {badges.map((badge) => (
        <li key={badge.label}>
          <Button
            size="small"
            type={badge.on ? 'primary' : 'default'}
            aria-pressed={badge.on}
            onClick={() =>
              set(badge.on ? Object.fromEntries(Object.keys(badge.patch).map((k) => [k, ''])) : badge.patch)
            }
          >
            {badge.label} {badge.count}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** /invoices: the filtered invoice list (spec 2 §3, §7), 250 rows a page, filters kept in the URL. */
export function InvoicesListPage() {
  useDocumentTitle('Invoices');
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => filtersFromParams(params), [params]);
  const problems = Object.values(filterProblems(values));
  const filter = buildInvoiceFilter(values) || undefined;

  const set: SetFilters = (patch) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      // An emptied date stays in the URL as "from=" (no limit); other empty filters leave it.
      if (value || key === 'from' || key === 'to') next.set(key, value ?? '');
      else next.delete(key);
    }
    setParams(next);
  };

  const list = useInfiniteQuery({
    queryKey: ['invoices', 'list', filter],
    enabled: problems.length === 0,
    initialPageParam: { $filter: filter } as string | { $filter?: string },
    queryFn: ({ pageParam, signal }) => invoiceListApi.page(pageParam, signal),
    getNextPageParam: (last) => last['@odata.nextLink'],
  });
  useEffect(() => {
    if (list.isError) toastError(FAILED_TO_GET_INVOICES);
  }, [list.isError]);

  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.value) ?? [], [list.data]);
  const items = useMemo(() => rows.map((row) => ({ key: String(row.id), row })), [rows]);
  const count = list.data?.pages[0]?.['@odata.count'];

  return (
    <section aria-labelledby="screen-title">
      <div className="inv-toolbar">
        <h1 id="screen-title">Invoices</h1>
        <Button onClick={() => setParams(new URLSearchParams())}>Reset filters</Button>
        <Button onClick={() => list.refetch()} loading={list.isRefetching && !list.isFetchingNextPage}>
          Refresh
        </Button>
      </div>
      <Filters values={values} set={set} />
      {problems.length ? (
        <Alert type="error" showIcon title={problems.join('. ')} role="alert" />
      ) : (
        <>
          <SummaryBadges filter={filter} values={values} set={set} />
          {list.isLoading ? (
            <ListSkeleton label="Loading Invoices" />
          ) : list.isError ? (
            <Alert type="error" showIcon title={FAILED_TO_GET_INVOICES} />
          ) : (
            <>
              <p aria-live="polite" style={{ margin: '0 0 8px' }}>
                {count ?? rows.length} found
                {count !== undefined && count > rows.length ? `, ${rows.length} shown` : ''}
              </p>
              <InvoiceTable label="Invoices list" items={items} columns={INVOICE_COLUMNS} rowCount={count} />
              {list.hasNextPage ? (
                <Button
                  style={{ marginTop: 8 }}
                  onClick={() => list.fetchNextPage()}
                  loading={list.isFetchingNextPage}
                >
                  Load more
                </Button>
              ) : null}
            </>
          )}
        </>
      )}
    </section>
  );
}
