// Over 300 lines: the reconcile screen's filters, totals, selection and deposit dialog work on one selection.
import type { CreatedDeposit } from '@glass/domain/contracts/deposits';
import { PAYMENT_TYPE_OPTIONS } from '@glass/domain/enums';
import { FAILED_TO_GET_RECONCILE } from '@glass/domain/messages/reconcile';
import { can } from '@glass/domain/roles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import DownOutlined from '@ant-design/icons/DownOutlined';
import UpOutlined from '@ant-design/icons/UpOutlined';
import { Alert, AutoComplete, Button, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSessionState } from '../../api/use-session';
import { invoiceKeys, reconcileKeys } from '../../query/query-keys';
import { useODataList } from '../../query/use-odata-list';
import { useDocumentTitle } from '../../shell/document-title';
import { useNarrow } from '../../ui/use-narrow';
import { AppLink } from '../../ui/app-link';
import { DateRangeField } from '../../ui/date-fields';
import { Filter, FilterBar } from '../../ui/filter-bar';
import { Money } from '../../ui/money';
import { LoadState, ScreenFrame } from '../../ui/screen-frame';
import { ANY_YES_NO, SearchSelect } from '../../ui/search-select';
import { VirtualTable } from '../../ui/virtual-table';
import { openDepositSlip } from '../deposits';
import {
  depositable,
  filterProblems,
  filtersFromParams,
  RECONCILE_TEXT_FILTERS,
  type ReconcileFilterKey,
  type ReconcileFilters,
  type ReconcilePage as Page,
  type ReconcileRow,
  type ReconcileTotals,
  reconcileApi,
  reconcileList,
} from './reconcile-api';
import { reconcileColumns } from './reconcile-columns';
import { DepositDialog, FundDialog, UnfundDialog } from './reconcile-dialogs';
import './reconcile.css';

type SetFilters = (patch: ReconcileFilters) => void;
const ANY = { value: '', label: 'Any' };

/** The insurer by name fragment; the choices are the active insurance companies (spec 2 §5). */
function InsurerFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value ?? '');
  const insurers = useQuery({ queryKey: invoiceKeys.insurers, queryFn: reconcileApi.activeInsurers });
  const options = useMemo(() => {
    const text = draft.trim().toLowerCase();
    return (insurers.data ?? [])
      .filter((insurer) => !text || insurer.name.toLowerCase().includes(text))
      .slice(0, 50)
      .map((insurer) => ({ value: insurer.name, label: insurer.name }));
  }, [insurers.data, draft]);
  return (
    <Filter label="Insurance company" htmlFor="rc-filter-insurer">
      <AutoComplete
        id="rc-filter-insurer"
        value={draft}
        options={options}
        style={{ width: 200 }}
        allowClear
        onChange={(next) => {
          setDraft(next ?? '');
          if (!next) onChange('');
        }}
        onSelect={(next) => onChange(String(next))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange(draft.trim());
        }}
        onBlur={() => {
          if (draft.trim() !== (value ?? '')) onChange(draft.trim());
        }}
      />
    </Filter>
  );
}

/** The text filters, applied together by Search (or Enter). */
function TextFilters({ values, onApply }: { values: ReconcileFilters; onApply: SetFilters }) {
  const [draft, setDraft] = useState<ReconcileFilters>(values);
  const submit = () =>
    onApply(Object.fromEntries(RECONCILE_TEXT_FILTERS.map(({ key }) => [key, draft[key]?.trim() ?? ''])));
  return (
    <FilterBar label="Text filters" onSubmit={submit}>
      {RECONCILE_TEXT_FILTERS.map(({ key, label }) => (
        <Filter key={key} label={label} htmlFor={`rc-filter-${key}`}>
          <Input
            id={`rc-filter-${key}`}
            value={draft[key] ?? ''}
            onChange={(e) => setDraft((current) => ({ ...current, [key]: e.target.value }))}
            inputMode={key === 'number' ? 'numeric' : key === 'total' ? 'decimal' : undefined}
            allowClear
            style={{ width: key === 'number' || key === 'total' ? 110 : 150 }}
          />
        </Filter>
      ))}
      <Button htmlType="submit" type="primary">
        Search
      </Button>
    </FilterBar>
  );
}

/** Filters besides the range, facility and insurer: shown on a wide screen, behind "More filters" on a phone. */
const MORE: ReconcileFilterKey[] = [
  ...RECONCILE_TEXT_FILTERS.map(({ key }) => key),
  'paymentType',
  'finalized',
  'funded',
];

function Filters({ values, set }: { values: ReconcileFilters; set: SetFilters }) {
  const { facilities } = useSessionState();
  const narrow = useNarrow();
  const active = MORE.filter((key) => values[key]).length;
  const [open, setOpen] = useState<boolean | null>(null);
  const shown = open ?? (!narrow || active > 0);
  const textKey = RECONCILE_TEXT_FILTERS.map(({ key }) => values[key] ?? '').join('\u0000');
  const choice = (
    key: 'facility' | 'paymentType' | 'finalized' | 'funded',
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <Filter label={label} htmlFor={`rc-filter-${key}`}>
      <SearchSelect<string>
        id={`rc-filter-${key}`}
        minWidth={100}
        value={values[key] ?? ''}
        onChange={(next) => set({ [key]: next ?? '' })}
        options={options}
      />
    </Filter>
  );
  return (
    <div>
      <FilterBar>
        <Filter label="Opened" htmlFor="rc-filter-dates">
          <DateRangeField
            id="rc-filter-dates"
            aria-label="Opened from and to"
            from={values.from}
            to={values.to}
            onChange={(from, to) => set({ from, to })}
          />
        </Filter>
        {choice('facility', 'Facility', [
          ANY,
          ...facilities.map((f) => ({ value: String(f.id), label: f.shortName || f.name })),
        ])}
        <InsurerFilter
          key={values.insurer ?? ''}
          value={values.insurer}
          onChange={(insurer) => set({ insurer })}
        />
        {shown ? (
          <>
            {choice('paymentType', 'Payment type', [
              ANY,
              ...PAYMENT_TYPE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label })),
            ])}
            {choice('finalized', 'Finalized', ANY_YES_NO)}
            {choice('funded', 'Funded', ANY_YES_NO)}
          </>
        ) : null}
        <Button
          type="link"
          aria-expanded={shown}
          aria-controls="rc-more-filters"
          onClick={() => setOpen(!shown)}
          icon={shown ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
          iconPlacement="end"
        >
          {shown ? 'Fewer filters' : `More filters${active ? ` (${active} active)` : ''}`}
        </Button>
      </FilterBar>
      {shown ? (
        <div id="rc-more-filters">
          {/* Remounted when the URL changes (back/forward) so the boxes show what is applied. */}
          <TextFilters key={textKey} values={values} onApply={set} />
        </div>
      ) : null}
    </div>
  );
}

/** The totals of the whole selection (not only the rows loaded), from the server with the first page. */
function Totals({ totals, shown }: { totals: ReconcileTotals | undefined; shown: number }) {
  if (!totals) return null;
  return (
    <div className="rc-totals" role="status" aria-label="Totals of the selection">
      <span>
        {totals.count} {totals.count === 1 ? 'invoice' : 'invoices'}
        {totals.count > shown ? `, ${shown} shown` : ''}
      </span>
      <span>
        Labor <Money cents={totals.laborCents} />
      </span>
      <span>
        Parts <Money cents={totals.partsCents} />
      </span>
      <span>
        Tax <Money cents={totals.taxCents} />
      </span>
      <span data-testid="reconcile-total">
        Total{' '}
        <strong>
          <Money cents={totals.totalCents} />
        </strong>
      </span>
    </div>
  );
}

/** /reconcile (spec 2 §2, §3, §5; issue #20): find what was paid, mark it funded, bundle it into a deposit. */
export function ReconcilePage() {
  useDocumentTitle('Reconcile');
  const { user } = useSessionState();
  const role = user?.userRoleId ?? user?.userRole;
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => filtersFromParams(params), [params]);
  const problems = filterProblems(values);
  const set: SetFilters = (patch) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const list = useODataList<ReconcileRow>({
    ...reconcileList(values),
    enabled: problems.length === 0,
    failure: FAILED_TO_GET_RECONCILE,
  });
  const { rows } = list;
  const totals = (list.firstPage as Page | undefined)?.totals;
  const items = useMemo(() => rows.map((row) => ({ key: String(row.id), row })), [rows]);

  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [funding, setFunding] = useState<ReconcileRow | null>(null);
  const [unfunding, setUnfunding] = useState<ReconcileRow | null>(null);
  const [depositing, setDepositing] = useState(false);
  const [created, setCreated] = useState<CreatedDeposit | null>(null);
  // Only rows still listed and still depositable count (a refresh may have changed them).
  const chosen = rows.filter((row) => selected.has(row.id) && depositable(row));
  const toggle = (row: ReconcileRow, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(row.id);
      else next.delete(row.id);
      return next;
    });
  const columns = reconcileColumns({
    selected,
    toggle,
    fund: setFunding,
    unfund: can(role, 'finance.unfund') ? setUnfunding : undefined,
    canFund: can(role, 'finance.write'),
  });
  // Refresh drops every cached reconcile answer (all ranges and filters), then reads this one again.
  const refresh = () => queryClient.resetQueries({ queryKey: reconcileKeys.all });

  return (
    <ScreenFrame
      title="Reconcile"
      actions={
        <>
          {can(role, 'finance.write') ? (
            <Button type="primary" disabled={chosen.length === 0} onClick={() => setDepositing(true)}>
              Create deposit{chosen.length ? ` (${chosen.length})` : ''}
            </Button>
          ) : null}
          <Button onClick={() => setParams(new URLSearchParams())}>Reset filters</Button>
          <Button onClick={refresh} loading={list.isRefetching}>
            Refresh
          </Button>
        </>
      }
    >
      <Filters values={values} set={set} />
      {created ? (
        <Alert
          type="success"
          showIcon
          style={{ margin: '8px 0' }}
          closable={{ 'aria-label': 'Close' }}
          onClose={() => setCreated(null)}
          title={
            <>
              Deposit {created.id} created: {created.itemCount}{' '}
              {created.itemCount === 1 ? 'invoice' : 'invoices'}, <Money value={created.total} />
            </>
          }
          action={
            <span className="rc-created-actions">
              <Button size="small" onClick={() => openDepositSlip(created.id)}>
                Open deposit slip
              </Button>
              <AppLink to="/deposits">Deposits</AppLink>
            </span>
          }
        />
      ) : null}
      {problems.length ? (
        <Alert type="error" showIcon title={problems.join('. ')} role="alert" />
      ) : (
        <LoadState
          loading={list.isLoading}
          failed={list.isError}
          failure={FAILED_TO_GET_RECONCILE}
          label="Loading Reconcile"
        >
          <Totals totals={totals} shown={rows.length} />
          {chosen.length ? (
            <p aria-live="polite" className="rc-chosen">
              {chosen.length} funded {chosen.length === 1 ? 'invoice' : 'invoices'} chosen for a deposit
            </p>
          ) : null}
          <VirtualTable
            label="Reconcile invoices"
            items={items}
            columns={columns}
            rowCount={totals?.count}
            rowLabel={(row) => `Invoice ${row.id}`}
            empty="No invoices match these filters"
            testId="reconcile-row"
            cardClassName="rc-card"
          />
          {list.hasMore ? (
            <Button style={{ marginTop: 8 }} onClick={() => list.loadMore()} loading={list.isLoadingMore}>
              Load more
            </Button>
          ) : null}
        </LoadState>
      )}
      {funding ? <FundDialog row={funding} onClose={() => setFunding(null)} /> : null}
      {unfunding ? <UnfundDialog row={unfunding} onClose={() => setUnfunding(null)} /> : null}
      {depositing ? (
        <DepositDialog
          rows={chosen}
          onClose={() => setDepositing(false)}
          onCreated={(deposit) => {
            setDepositing(false);
            setSelected(new Set());
            setCreated(deposit);
          }}
        />
      ) : null}
    </ScreenFrame>
  );
}
