import dayjs from 'dayjs';
import { invoiceListSelect } from '@glass/domain/invoice-list';
import { http } from '../../../api/http';
import { odataFilter } from '../../../query/odata-filter';
import { invoiceKeys } from '../../../query/query-keys';
import type { ODataListOptions } from '../../../query/use-odata-list';
import type {
  FinalizeResult,
  FinalizingInvoiceRow,
  InvoiceSummary,
  OutstandingInvoiceRow,
} from '@glass/domain/contracts/invoices';

/** What a `$select` page carries of a contract row: any field, nested groups in part. */
type Selected<T> = { [K in keyof T]?: T[K] extends object | null ? Partial<NonNullable<T[K]>> | null : T[K] };

/**
 * A row of GET /api/Invoices, /outstanding and /finalizing as the screens select them: the contract's
 * rows (packages/domain/src/contracts/invoices.ts), the fields the $select names.
 */
export type InvoiceListRow = Selected<OutstandingInvoiceRow & FinalizingInvoiceRow> & { id: number };
export type { FinalizeResult, InvoiceSummary };

/** Top 250 with count (spec 2 §7, §9); the next pages come from @odata.nextLink. */
export const INVOICE_LIST_TOP = 250;
/** Spec 2 §7, §9: outstanding invoices 25 at a time. */
export const OUTSTANDING_TOP = 25;

/** The three invoice lists as useODataList reads them (the screens' exact $top, $count and $select). */
export const invoiceLists = {
  /** /invoices: 250 with the count, Load more by @odata.nextLink. */
  list: (filter: string | undefined) =>
    ({
      key: invoiceKeys.list(filter),
      path: 'Invoices',
      top: INVOICE_LIST_TOP,
      count: true,
      paging: 'more',
      query: { $filter: filter, $select: invoiceListSelect() },
    }) satisfies ODataListOptions,
  /** /outstanding-invoices: 25 a page. */
  outstanding: () =>
    ({
      key: invoiceKeys.outstanding(),
      path: 'Invoices/outstanding',
      top: OUTSTANDING_TOP,
      count: true,
      query: { $select: invoiceListSelect('outstandingReason') },
    }) satisfies ODataListOptions,
  /** /finalizing: oldest submission first, Load more by @odata.nextLink. */
  finalizing: (filter: string | undefined) =>
    ({
      key: invoiceKeys.finalizing(filter),
      path: 'Invoices/finalizing',
      top: INVOICE_LIST_TOP,
      count: true,
      paging: 'more',
      query: { $filter: filter, $select: invoiceListSelect('submittedAt', 'clearingHouse') },
    }) satisfies ODataListOptions,
};

export const invoiceListApi = {
  summary: ($filter: string | undefined, signal?: AbortSignal) =>
    http.get<InvoiceSummary>('Invoices/summary', { signal, query: { $filter } }),
  finalize: (invoiceIds: number[]) => http.post<FinalizeResult>('Invoices/finalize', { invoiceIds }),
};

/** The filters of /invoices, each a query-string parameter of the screen's URL. */
export const TEXT_FILTERS = [
  { key: 'id', label: 'Invoice #' },
  { key: 'reference', label: 'Reference' },
  { key: 'claim', label: 'Claim #' },
  { key: 'soldTo', label: 'Sold to' },
  { key: 'phone', label: 'Phone' },
  { key: 'plate', label: 'Plate' },
  { key: 'serviceTag', label: 'Service tag' },
  { key: 'ro', label: 'RO #' },
  { key: 'vin', label: 'VIN' },
  { key: 'vehicle', label: 'Year, make or model' },
  { key: 'address', label: 'Service address' },
] as const;

/** Yes/No flag filters: the URL holds 'yes' or 'no'. */
export const FLAG_FILTERS = [
  { key: 'submitted', label: 'Submitted' },
  { key: 'finalized', label: 'Finalized' },
  { key: 'signed', label: 'Signed' },
  { key: 'funded', label: 'Funded' },
  { key: 'flagged', label: 'Flagged' },
  { key: 'followedUp', label: 'Followed up' },
  { key: 'void', label: 'Void' },
  { key: 'lost', label: 'Lost' },
] as const;

export const SELECT_FILTERS = ['facility', 'paymentType', 'thumb', 'type', 'notes'] as const;

export type InvoiceFilterKey =
  | 'from'
  | 'to'
  | (typeof TEXT_FILTERS)[number]['key']
  | (typeof FLAG_FILTERS)[number]['key']
  | (typeof SELECT_FILTERS)[number];

const DAY = 'YYYY-MM-DD';
/** Spec 2 §7: the list opens on today back 30 days. */
export const defaultRange = () => ({
  from: dayjs().subtract(30, 'day').format(DAY),
  to: dayjs().format(DAY),
});

/** The filter values from the URL; a missing date is the default range, an empty one means "any". */
export function filtersFromParams(params: URLSearchParams): Partial<Record<InvoiceFilterKey, string>> {
  const range = defaultRange();
  const values: Partial<Record<InvoiceFilterKey, string>> = {
    from: params.get('from') ?? range.from,
    to: params.get('to') ?? range.to,
  };
  for (const key of [
    ...TEXT_FILTERS.map((f) => f.key),
    ...FLAG_FILTERS.map((f) => f.key),
    ...SELECT_FILTERS,
  ]) {
    const value = params.get(key)?.trim();
    if (value) values[key] = value;
  }
  return values;
}

/** The fields the list filters on: the row, plus the service address it does not select. */
export type InvoiceFilterRow = InvoiceListRow & {
  serviceAddress?: { line1?: string | null; city?: string | null; zip?: string | null } | null;
};

/** The Finalizing find box: an invoice number, or text in sold to or the reference. */
export function finalizingFilter(find: string): string | undefined {
  const text = find.trim();
  if (!text) return undefined;
  const filter = odataFilter<InvoiceFilterRow>();
  if (/^\d{1,9}$/.test(text)) return filter.eq('id', Number(text)).build();
  return filter.anyOf((any) => any.contains('soldTo', text).contains('referenceNumber', text)).build();
}
const isDay = (text: string | undefined): text is string =>
  !!text && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).format(DAY) === text;

/** Problems of the filter values, keyed by filter (shown next to the field; the list is not asked). */
export function filterProblems(values: Partial<Record<InvoiceFilterKey, string>>) {
  const problems: Partial<Record<InvoiceFilterKey, string>> = {};
  if (values.id && !/^\d{1,9}$/.test(values.id)) problems.id = 'Invoice # must be a number';
  if (values.from && !isDay(values.from)) problems.from = 'From must be a date';
  if (values.to && !isDay(values.to)) problems.to = 'To must be a date';
  if (isDay(values.from) && isDay(values.to) && values.from > values.to)
    problems.to = 'To must not be before From';
  return problems;
}

/** The OData $filter of the list (date range on OpenDateTime plus the text and flag filters). */
export function buildInvoiceFilter(values: Partial<Record<InvoiceFilterKey, string>>): string {
  const f = odataFilter<InvoiceFilterRow>();
  const v = values;
  f.between(
    'openDateTime',
    isDay(v.from) ? dayjs(v.from).startOf('day').toDate() : undefined,
    isDay(v.to) ? dayjs(v.to).endOf('day').toDate() : undefined,
  );
  if (v.id && /^\d+$/.test(v.id)) f.eq('id', Number(v.id));
  if (v.reference) f.contains('referenceNumber', v.reference);
  if (v.claim) f.contains('claimNumber', v.claim);
  if (v.soldTo) f.contains('soldTo', v.soldTo);
  if (v.phone) f.contains('customerPhone', v.phone);
  if (v.plate) f.contains('licensePlate', v.plate);
  if (v.serviceTag) f.contains('serviceTag', v.serviceTag);
  if (v.ro) f.contains('roNumber', v.ro);
  if (v.vin) f.contains('vin', v.vin);
  if (v.vehicle) {
    // Every word must match the year, the make or the model ("2019 honda").
    for (const word of v.vehicle.split(/\s+/).filter(Boolean)) {
      f.anyOf((any) => {
        any.contains('vehicleDetails/make', word).contains('vehicleDetails/model', word);
        if (/^\d{4}$/.test(word)) any.eq('vehicleDetails/year', Number(word));
      });
    }
  }
  if (v.address)
    f.anyOf((any) =>
      any
        .contains('serviceAddress/line1', v.address as string)
        .contains('serviceAddress/city', v.address as string)
        .contains('serviceAddress/zip', v.address as string),
    );
  for (const { key } of FLAG_FILTERS) {
    if (v[key] === 'yes') f.eq(key, true);
    if (v[key] === 'no') f.ne(key, true);
  }
  if (v.facility && /^\d+$/.test(v.facility)) f.eq('facilityId', Number(v.facility));
  if (v.paymentType && /^\d+$/.test(v.paymentType)) f.eq('paymentTypeId', Number(v.paymentType));
  if (v.thumb && /^-?1$|^0$/.test(v.thumb)) f.eq('thumb', Number(v.thumb));
  if (v.type === 'repair') f.ne('replacement', true);
  if (v.type === 'replacement') f.eq('replacement', true);
  if (v.notes === 'yes') f.gt('notesCount', 0);
  if (v.notes === 'no') f.eq('notesCount', 0);
  return f.toString();
}
