import dayjs from 'dayjs';
import { invoiceListSelect } from '@glass/domain/invoice-list';
import { http, type ODataPage } from '../../api/http';

/** A row of GET /api/Invoices (apps/server/src/modules/invoices/list-resource.ts; paths become objects). */
export interface InvoiceListRow {
  id: number;
  facilityId?: number | null;
  facility?: { shortName?: string; name?: string } | null;
  totalCost?: number | null;
  paymentTypeId?: number | null;
  insuranceCompany?: string | null;
  referenceNumber?: string | null;
  claimNumber?: string | null;
  soldTo?: string | null;
  customerPhone?: string | null;
  licensePlate?: string | null;
  serviceTag?: string | null;
  roNumber?: string | null;
  topper?: string | null;
  vin?: string | null;
  vehicleDetails?: { year?: number | null; make?: string | null; model?: string | null } | null;
  adminAssistant?: string | null;
  leadTech?: string | null;
  autoGlassAssociate?: string | null;
  initiated?: boolean;
  pending?: boolean;
  completed?: boolean;
  repairCompleted?: boolean;
  submitted?: boolean;
  funded?: boolean;
  void?: boolean;
  inspection?: boolean;
  lost?: boolean;
  signed?: boolean;
  replacement?: boolean;
  snailMail?: boolean;
  finalized?: boolean;
  flagged?: boolean;
  followedUp?: boolean;
  thumb?: number | null;
  windshieldChecked?: boolean;
  openDateTime?: string | null;
  followUpAt?: string | null;
  notesCount?: number | null;
  repairCount?: number | null;
  lockedBy?: string | null;
  parkedLine?: number | null;
  /** GET /api/Invoices/outstanding only. */
  outstandingReason?: string | null;
  /** GET /api/Invoices/finalizing only. */
  clearingHouse?: { id: number; name: string } | null;
}

export interface InvoiceSummary {
  total: number;
  submitted: number;
  signed: number;
  replacement: number;
}

export interface FinalizeResult {
  finalized: number[];
  refused: { id: number; message: string }[];
}

/** Top 250 with count (spec 2 §7, §9); the next pages come from @odata.nextLink. */
export const INVOICE_LIST_TOP = 250;
/** Spec 2 §7, §9: outstanding invoices 25 at a time. */
export const OUTSTANDING_TOP = 25;

export const invoiceListApi = {
  /** The first page (a path plus query) or a next link as the server sent it. */
  page: (link: string | { $filter?: string }, signal?: AbortSignal) =>
    typeof link === 'string'
      ? http.get<ODataPage<InvoiceListRow>>(link, { signal })
      : http.get<ODataPage<InvoiceListRow>>('Invoices', {
          signal,
          query: {
            $top: INVOICE_LIST_TOP,
            $count: true,
            $filter: link.$filter,
            $select: invoiceListSelect(),
          },
        }),
  summary: ($filter: string | undefined, signal?: AbortSignal) =>
    http.get<InvoiceSummary>('Invoices/summary', { signal, query: { $filter } }),
  outstanding: (page: number, signal?: AbortSignal) =>
    http.get<ODataPage<InvoiceListRow>>('Invoices/outstanding', {
      signal,
      query: {
        $top: OUTSTANDING_TOP,
        $skip: (page - 1) * OUTSTANDING_TOP,
        $count: true,
        $select: invoiceListSelect('outstandingReason'),
      },
    }),
  /** The finalizing queue, oldest submission first: the first page for a filter, or a next link. */
  finalizing: (link: string | { $filter?: string }, signal?: AbortSignal) =>
    typeof link === 'string'
      ? http.get<ODataPage<InvoiceListRow>>(link, { signal })
      : http.get<ODataPage<InvoiceListRow>>('Invoices/finalizing', {
          signal,
          query: {
            $top: INVOICE_LIST_TOP,
            $count: true,
            $filter: link.$filter,
            $select: invoiceListSelect('submittedAt', 'clearingHouse'),
          },
        }),
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

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

const contains = (field: string, text: string) => `contains(${field},${quote(text)})`;

/** The Finalizing find box: an invoice number, or text in sold to or the reference. */
export function finalizingFilter(find: string): string | undefined {
  const text = find.trim();
  if (!text) return undefined;
  if (/^\d{1,9}$/.test(text)) return `id eq ${text}`;
  return `(${contains('soldTo', text)} or ${contains('referenceNumber', text)})`;
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
  const parts: string[] = [];
  const v = values;
  if (isDay(v.from)) parts.push(`openDateTime ge ${dayjs(v.from).startOf('day').toISOString()}`);
  if (isDay(v.to)) parts.push(`openDateTime le ${dayjs(v.to).endOf('day').toISOString()}`);
  if (v.id && /^\d+$/.test(v.id)) parts.push(`id eq ${Number(v.id)}`);
  if (v.reference) parts.push(contains('referenceNumber', v.reference));
  if (v.claim) parts.push(contains('claimNumber', v.claim));
  if (v.soldTo) parts.push(contains('soldTo', v.soldTo));
  if (v.phone) parts.push(contains('customerPhone', v.phone));
  if (v.plate) parts.push(contains('licensePlate', v.plate));
  if (v.serviceTag) parts.push(contains('serviceTag', v.serviceTag));
  if (v.ro) parts.push(contains('roNumber', v.ro));
  if (v.vin) parts.push(contains('vin', v.vin));
  if (v.vehicle) {
    // Every word must match the year, the make or the model ("2019 honda").
    for (const word of v.vehicle.split(/\s+/).filter(Boolean)) {
      const year = /^\d{4}$/.test(word) ? ` or vehicleDetails/year eq ${word}` : '';
      parts.push(
        `(${contains('vehicleDetails/make', word)} or ${contains('vehicleDetails/model', word)}${year})`,
      );
    }
  }
  if (v.address)
    parts.push(
      `(${contains('serviceAddress/line1', v.address)} or ${contains('serviceAddress/city', v.address)} or ${contains('serviceAddress/zip', v.address)})`,
    );
  for (const { key } of FLAG_FILTERS) {
    if (v[key] === 'yes') parts.push(`${key} eq true`);
    if (v[key] === 'no') parts.push(`${key} ne true`);
  }
  if (v.facility && /^\d+$/.test(v.facility)) parts.push(`facilityId eq ${Number(v.facility)}`);
  if (v.paymentType && /^\d+$/.test(v.paymentType)) parts.push(`paymentTypeId eq ${Number(v.paymentType)}`);
  if (v.thumb && /^-?1$|^0$/.test(v.thumb)) parts.push(`thumb eq ${Number(v.thumb)}`);
  if (v.type === 'repair') parts.push('replacement ne true');
  if (v.type === 'replacement') parts.push('replacement eq true');
  if (v.notes === 'yes') parts.push('notesCount gt 0');
  if (v.notes === 'no') parts.push('notesCount eq 0');
  return parts.join(' and ');
}
