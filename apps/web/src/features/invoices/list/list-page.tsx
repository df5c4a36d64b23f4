// Over 300 lines: the invoice list's filter bar and columns are the screen; the helpers it uses are in list/.
import { PAYMENT_TYPE_OPTIONS, THUMB_OPTIONS } from '@glass/domain/enums';
import { FAILED_TO_GET_INVOICES } from '@glass/domain/messages/invoices';
import { useQuery } from '@tanstack/react-query';
import DownOutlined from '@ant-design/icons/DownOutlined';
import UpOutlined from '@ant-design/icons/UpOutlined';
import { Alert, Button, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSessionState } from '../../../api/use-session';
import { invoiceKeys } from '../../../query/query-keys';
import { useODataList } from '../../../query/use-odata-list';
import { useDocumentTitle } from '../../../shell/document-title';
import { DateRangeField } from '../../../ui/date-fields';
import { Filter, FilterBar } from '../../../ui/filter-bar';
import { LoadState, ScreenFrame } from '../../../ui/screen-frame';
import { SearchSelect } from '../../../ui/search-select';
import {
  buildInvoiceFilter,
  FLAG_FILTERS,
  filterProblems,
  filtersFromParams,
  type InvoiceFilterKey,
  type InvoiceListRow,
  invoiceListApi,
  invoiceLists,
  TEXT_FILTERS,
} from './list-api';
import { INVOICE_COLUMNS } from './list-columns';
import { InvoiceTable } from './list-table';
import './invoices-list.css';

type Values = Partial<Record<InvoiceFilterKey, string>>;
type SetFilters = (patch: Values) => void;

const ANY = { value: '', label: 'Any' };
const YES_NO = [ANY, { value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }];

/** A labelled drop-down with search and an "Any" choice. */
function Choice({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  options: readonly { value: string | number; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Filter label={label} htmlFor={`inv-filter-${id}`}>
      <SearchSelect<string>
        id={`inv-filter-${id}`}
        minWidth={110}
        value={value ?? ''}
        onChange={(next) => onChange(next ?? '')}
        options={[ANY, ...options.map((option) => ({ value: String(option.value), label: option.label }))]}
      />
    </Filter>
  );
}

/** The text filters: typed freely, applied together by Search (or Enter). */
function TextFilters({ values, onApply }: { values: Values; onApply: SetFilters }) {
  const [draft, setDraft] = useState<Values>(values);
  const submit = () =>
    onApply(Object.fromEntries(TEXT_FILTERS.map(({ key }) => [key, draft[key]?.trim() ?? ''])));
  return (
    <FilterBar label="Text filters" onSubmit={submit}>
      {TEXT_FILTERS.map(({ key, label }) => (
        <Filter key={key} label={label} htmlFor={`inv-filter-${key}`}>
          <Input
            id={`inv-filter-${key}`}
            value={draft[key] ?? ''}
            onChange={(e) => setDraft((current) => ({ ...current, [key]: e.target.value }))}
            inputMode={key === 'id' ? 'numeric' : undefined}
            allowClear
            style={{ width: 150 }}
          />
        </Filter>
      ))}
      <Button htmlType="submit" type="primary">
        Search
      </Button>
    </FilterBar>
  );
}

function Filters({ values, set }: { values: Values; set: SetFilters }) {
  const { facilities } = useSessionState();
  const more: InvoiceFilterKey[] = [...TEXT_FILTERS, ...FLAG_FILTERS].map(({ key }) => key);
  const active = [...more, 'type', 'thumb', 'notes'].filter((key) => values[key as InvoiceFilterKey]).length;
  const [open, setOpen] = useState(active > 0);
  const shown = open || active > 0;
  const textKey = TEXT_FILTERS.map(({ key }) => values[key] ?? '').join('\u0000');
  return (
    <div>
      <FilterBar>
        <Filter label="Opened" htmlFor="inv-filter-dates">
          <DateRangeField
            id="inv-filter-dates"
            aria-label="Opened from and to"
            from={values.from}
            to={values.to}
            onChange={(from, to) => set({ from, to })}
          />
        </Filter>
        <Choice
          id="facility"
          label="Facility"
          value={values.facility}
          options={facilities.map((f) => ({ value: f.id, label: f.shortName || f.name }))}
          onChange={(facility) => set({ facility })}
        />
        <Choice
          id="paymentType"
          label="Payment type"
          value={values.paymentType}
          options={PAYMENT_TYPE_OPTIONS}
          onChange={(paymentType) => set({ paymentType })}
        />
        <Button
          type="link"
          aria-expanded={shown}
          aria-controls="inv-more-filters"
          onClick={() => setOpen(!shown)}
          icon={shown ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
          iconPlacement="end"
        >
          More filters{active ? ` (${active} active)` : ''}
        </Button>
      </FilterBar>
      {shown ? (
        <div id="inv-more-filters">
          {/* Remounted when the URL changes (back/forward) so the boxes show what is applied. */}
          <TextFilters key={textKey} values={values} onApply={set} />
          <FilterBar label="Flag filters">
            {FLAG_FILTERS.map(({ key, label }) => (
              <Choice
                key={key}
                id={key}
                label={label}
                value={values[key]}
                options={YES_NO.slice(1)}
                onChange={(v) => set({ [key]: v })}
              />
            ))}
            <Choice
              id="type"
              label="Type"
              value={values.type}
              options={[
                { value: 'repair', label: 'Repair' },
                { value: 'replacement', label: 'Replacement' },
              ]}
              onChange={(type) => set({ type })}
            />
            <Choice
              id="thumb"
              label="Thumb"
              value={values.thumb}
              options={THUMB_OPTIONS}
              onChange={(thumb) => set({ thumb })}
            />
            <Choice
              id="notes"
              label="Has notes"
              value={values.notes}
              options={YES_NO.slice(1)}
              onChange={(notes) => set({ notes })}
            />
          </FilterBar>
        </div>
      ) : null}
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
    queryKey: invoiceKeys.summary(filter),
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

  const list = useODataList<InvoiceListRow>({
    ...invoiceLists.list(filter),
    enabled: problems.length === 0,
    failure: FAILED_TO_GET_INVOICES,
  });
  const { rows, count } = list;
  const items = useMemo(() => rows.map((row) => ({ key: String(row.id), row })), [rows]);

  return (
    <ScreenFrame
      title="Invoices"
      actions={
        <>
          <Button onClick={() => setParams(new URLSearchParams())}>Reset filters</Button>
          <Button onClick={() => list.refetch()} loading={list.isRefetching}>
            Refresh
          </Button>
        </>
      }
    >
      <Filters values={values} set={set} />
      {problems.length ? (
        <Alert type="error" showIcon title={problems.join('. ')} role="alert" />
      ) : (
        <>
          <SummaryBadges filter={filter} values={values} set={set} />
          <LoadState
            loading={list.isLoading}
            failed={list.isError}
            failure={FAILED_TO_GET_INVOICES}
            label="Loading Invoices"
          >
            <p aria-live="polite" style={{ margin: '0 0 8px' }}>
              {count ?? rows.length} found
              {count !== undefined && count > rows.length ? `, ${rows.length} shown` : ''}
            </p>
            <InvoiceTable
              label="Invoices list"
              items={items}
              columns={INVOICE_COLUMNS}
              rowCount={count}
              empty="No invoices match these filters"
            />
            {list.hasMore ? (
              <Button style={{ marginTop: 8 }} onClick={() => list.loadMore()} loading={list.isLoadingMore}>
                Load more
              </Button>
            ) : null}
          </LoadState>
        </>
      )}
    </ScreenFrame>
  );
}
