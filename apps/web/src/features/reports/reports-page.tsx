import {
  REPORT_CATALOGUE,
  type ReportAnswer,
  type ReportColumn,
  type ReportGrouping,
  type ReportId,
  type ReportRow,
  type ReportTable,
} from '@glass/domain/contracts/reports';
import { BRAND_LOOKUP } from '@glass/domain/resources/lookups';
import { reportScope } from '@glass/domain/rules/report-range';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Segmented, Tabs } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { showError } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { useLookupOptions } from '../../resources/resource-api';
import { useDocumentTitle } from '../../shell/document-title';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { DateRangeField } from '../../ui/date-fields';
import { Filter, FilterBar } from '../../ui/filter-bar';
import { Money } from '../../ui/money';
import { LoadState, ScreenFrame } from '../../ui/screen-frame';
import { SearchSelect } from '../../ui/search-select';
import { paramsFromUrl, rangeProblem, type ReportParams, reportQueryString, reportsApi } from './reports-api';
import './reports.css';
import { reportKeys } from '../../query/query-keys';

/** The chart library (recharts) is its own chunk, fetched when a report is first drawn. */
const ReportChart = lazy(() => import('./report-chart').then((m) => ({ default: m.ReportChart })));

export const FAILED_TO_GET_REPORT = 'Failed to get the report';
const ANY = { value: '', label: 'All' };

/** A cell as the screen shows it; the exports write the same value (money as 1234.56). */
export function cellText(column: ReportColumn, value: ReportRow[string] | undefined): ReactNode {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'number') return value;
  switch (column.type) {
    case 'cents':
      return <Money cents={value} />;
    case 'percent':
      return `${value.toFixed(1)} %`;
    case 'minutes':
      return `${value.toLocaleString('en-US')} min`;
    case 'days':
      return `${value.toFixed(1)} days`;
    default:
      return value.toLocaleString('en-US');
  }
}

interface Line {
  _key: string;
  _total?: boolean;
  cells: ReportRow;
}

function ReportTableCard({ table, params }: { table: ReportTable; params: ReportParams }) {
  const lines: Line[] = useMemo(
    () => [
      ...table.rows.map((cells, i) => ({ cells, _key: String(i) })),
      ...(table.total ? [{ cells: table.total, _key: 'total', _total: true }] : []),
    ],
    [table],
  );
  const columns: DataColumn<Line>[] = table.columns.map((c) => ({
    key: c.key,
    title: c.title,
    dataIndex: ['cells', c.key],
    align: c.type === 'text' ? 'left' : 'right',
    render: (value: ReportRow[string], row: Line) =>
      row._total ? <strong>{cellText(c, value)}</strong> : cellText(c, value),
  }));
  const titleId = `report-table-${table.id}`;
  return (
    <Card
      size="small"
      className="rp-card"
      title={<h2 id={titleId}>{table.title}</h2>}
      extra={
        <Button
          icon={<DownloadOutlined aria-hidden />}
          aria-label={`Export ${table.title} as CSV`}
          onClick={() => reportsApi.csv(params, table.id).catch((e) => showError(e))}
        >
          CSV
        </Button>
      }
    >
      {table.chart && table.rows.length > 0 ? (
        <Suspense fallback={<div className="rp-chart" aria-hidden />}>
          <ReportChart table={table} />
        </Suspense>
      ) : null}
      <DataTable<Line>
        label={table.title}
        rowKey="_key"
        columns={columns}
        dataSource={lines}
        pagination={lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        empty="No figures for this range"
        rowClassName={(row) => (row._total ? 'rp-total' : '')}
      />
    </Card>
  );
}

function Filters({ params, set }: { params: ReportParams; set: (patch: Partial<ReportParams>) => void }) {
  const { facilities, user } = useSessionState();
  const scope = user
    ? reportScope({ allowedFacilityIds: user.allowedFacilityIds })
    : { kind: 'none' as const };
  const mine = scope.kind === 'facilities' ? facilities.filter((f) => scope.ids.includes(f.id)) : facilities;
  const brands = useLookupOptions(BRAND_LOOKUP);
  const brandIds = [...new Set(mine.map((f) => f.brandId).filter((id): id is number => !!id))];
  const brandName = (id: number) => brands.data?.find((b) => b.value === id)?.label ?? `Brand ${id}`;
  return (
    <FilterBar label="Report filters">
      <Filter label="Range" htmlFor="rp-filter-range">
        <DateRangeField
          id="rp-filter-range"
          aria-label="From and to"
          from={params.from}
          to={params.to}
          onChange={(from, to) => set({ from, to })}
        />
      </Filter>
      <Filter label="Facility" htmlFor="rp-filter-facility">
        <SearchSelect<string>
          id="rp-filter-facility"
          minWidth={140}
          value={params.facilityId ?? ''}
          onChange={(v) => set({ facilityId: v || undefined })}
          options={[
            ...(scope.kind === 'facilities' && scope.ids.length === 1 ? [] : [ANY]),
            ...mine.map((f) => ({ value: String(f.id), label: f.shortName || f.name })),
          ]}
        />
      </Filter>
      <Filter label="Brand" htmlFor="rp-filter-brand">
        <SearchSelect<string>
          id="rp-filter-brand"
          minWidth={120}
          value={params.brandId ?? ''}
          onChange={(v) => set({ brandId: v || undefined })}
          options={[ANY, ...brandIds.map((id) => ({ value: String(id), label: brandName(id) }))]}
        />
      </Filter>
      {params.report === 'sales' ? (
        <Filter label="By" htmlFor="rp-filter-group">
          <Segmented<ReportGrouping>
            id="rp-filter-group"
            aria-label="Group by"
            value={params.groupBy}
            onChange={(groupBy) => set({ groupBy })}
            options={[
              { value: 'day', label: 'Day' },
              { value: 'week', label: 'Week' },
              { value: 'month', label: 'Month' },
            ]}
          />
        </Filter>
      ) : null}
    </FilterBar>
  );
}

function ReportBody({ params }: { params: ReportParams }) {
  const problem = rangeProblem(params);
  const answer = useQuery<ReportAnswer>({
    queryKey: reportKeys.one(params.report, reportQueryString(params)),
    queryFn: () => reportsApi.get(params),
    enabled: !problem,
    staleTime: 60_000,
  });
  if (problem) return <Alert type="warning" showIcon title={problem} />;
  return (
    <LoadState
      loading={answer.isPending}
      failed={answer.isError}
      failure={FAILED_TO_GET_REPORT}
      label="Loading the report"
    >
      <div className="rp-tables" aria-busy={answer.isFetching}>
        {answer.data?.tables.map((t) => (
          <ReportTableCard key={t.id} table={t} params={params} />
        ))}
      </div>
    </LoadState>
  );
}

/** /reports (spec 2 §2; issue #21): the catalogue as tabs, each report with its filters in the URL. */
export function ReportsPage() {
  useDocumentTitle('Reports');
  const [url, setUrl] = useSearchParams();
  const params = useMemo(() => paramsFromUrl(url), [url]);
  const set = (patch: Partial<ReportParams>) => {
    const next = new URLSearchParams(url);
    const merged = { ...params, ...patch };
    for (const key of ['report', 'from', 'to', 'facilityId', 'brandId', 'groupBy'] as const) {
      const value = merged[key];
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setUrl(next);
  };
  const current = REPORT_CATALOGUE.find((r) => r.id === params.report);
  return (
    <ScreenFrame
      title="Reports"
      actions={
        <Button
          icon={<DownloadOutlined aria-hidden />}
          disabled={!!rangeProblem(params)}
          onClick={() => reportsApi.xlsx(params).catch((e) => showError(e))}
        >
          Export XLSX
        </Button>
      }
    >
      <Tabs
        activeKey={params.report}
        onChange={(report) => set({ report: report as ReportId })}
        items={REPORT_CATALOGUE.map((r) => ({ key: r.id, label: r.title }))}
      />
      <p className="rp-description">{current?.description}</p>
      <Filters params={params} set={set} />
      <ReportBody params={params} />
    </ScreenFrame>
  );
}
