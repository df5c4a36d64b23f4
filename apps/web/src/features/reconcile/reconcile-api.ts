import type { CreatedDeposit, DepositItemInput } from '@glass/domain/contracts/deposits';
import type { NamedItem } from '@glass/domain/contracts/common';
import type {
  FundBody,
  ReconcilePage,
  ReconcileRow,
  ReconcileTotals,
} from '@glass/domain/contracts/reconcile';
import { addMoney, invoiceMoney, rowMoney, toCents } from '@glass/domain/rules/invoice-money';
import { defaultReconcileRange, reconcileCacheKey } from '@glass/domain/rules/reconcile-range';
import { RECONCILE_CACHE_TTL_MS } from '@glass/domain/constants';
import dayjs from 'dayjs';
import { http, type Query } from '../../api/http';
import { odataFilter } from '../../query/odata-filter';
import { reconcileKeys } from '../../query/query-keys';
import type { ODataListOptions } from '../../query/use-odata-list';

export type { ReconcilePage, ReconcileRow, ReconcileTotals };

/** Rows a page; the list scrolls (virtual) and loads the next page on demand. */
export const RECONCILE_TOP = 200;

/** The screen's filters, each a query-string parameter of its URL. */
export const RECONCILE_TEXT_FILTERS = [
  { key: 'number', label: 'Invoice #' },
  { key: 'soldTo', label: 'Sold to' },
  { key: 'reference', label: 'Reference' },
  { key: 'leadTech', label: 'Lead tech' },
  { key: 'total', label: 'Total' },
] as const;
export const RECONCILE_SELECT_FILTERS = [
  'facility',
  'insurer',
  'paymentType',
  'finalized',
  'funded',
] as const;
export type ReconcileFilterKey =
  | 'from'
  | 'to'
  | (typeof RECONCILE_TEXT_FILTERS)[number]['key']
  | (typeof RECONCILE_SELECT_FILTERS)[number];
export type ReconcileFilters = Partial<Record<ReconcileFilterKey, string>>;

const DAY = 'YYYY-MM-DD';
const isDay = (text: string | undefined): text is string =>
  !!text && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).format(DAY) === text;

/** Spec 2 §2: the start of the day one year ago to the end of today (as days of the user's calendar). */
export function defaultDays(now = new Date()) {
  const range = defaultReconcileRange(now);
  return { from: dayjs(range.start).format(DAY), to: dayjs(range.end).format(DAY) };
}

/** The filter values from the URL; missing dates are the default range. */
export function filtersFromParams(params: URLSearchParams, now = new Date()): ReconcileFilters {
  const range = defaultDays(now);
  const values: ReconcileFilters = {
    from: params.get('from') || range.from,
    to: params.get('to') || range.to,
  };
  for (const key of [...RECONCILE_TEXT_FILTERS.map((f) => f.key), ...RECONCILE_SELECT_FILTERS]) {
    const value = params.get(key)?.trim();
    if (value) values[key] = value;
  }
  return values;
}

/** Problems of the typed values, shown instead of asking the server. */
export function filterProblems(values: ReconcileFilters): string[] {
  const problems: string[] = [];
  if (!isDay(values.from)) problems.push('From must be a date');
  if (!isDay(values.to)) problems.push('To must be a date');
  if (isDay(values.from) && isDay(values.to) && values.from > values.to)
    problems.push('To must not be before From');
  if (values.number && !/^\d{1,9}$/.test(values.number)) problems.push('Invoice # must be digits');
  if (values.total && !/^\d{1,7}(\.\d{1,2})?$/.test(values.total.replace(/[$,]/g, '')))
    problems.push('Total must be an amount');
  return problems;
}

/**
 * What GET /api/ReconcileInvoices is asked (spec 2 §5): OpenDateTime from the start of the first day to the
 * end of the last, the insurer and lead technician by name fragment (the route's own parameters), the rest
 * in `$filter`. Every filter runs on the server, so the rows and the totals are the whole selection's.
 */
export function reconcileRequest(values: ReconcileFilters): { params: Query; filter: string | undefined } {
  const f = odataFilter<ReconcileRow & { invoiceNumber: string }>();
  const v = values;
  if (v.number) f.contains('invoiceNumber', v.number);
  if (v.soldTo) f.contains('buyerName', v.soldTo);
  if (v.reference) f.contains('referenceNumber', v.reference);
  if (v.total) f.eq('totalCost', toCents(v.total.replace(/[$,]/g, '')) / 100);
  if (v.facility && /^\d+$/.test(v.facility)) f.eq('facilityId', Number(v.facility));
  if (v.paymentType && /^\d+$/.test(v.paymentType)) f.eq('paymentTypeId', Number(v.paymentType));
  if (v.finalized === 'yes') f.eq('isFinalized', true);
  if (v.finalized === 'no') f.eq('isFinalized', false);
  if (v.funded === 'yes') f.eq('isFunded', true);
  if (v.funded === 'no') f.eq('isFunded', false);
  return {
    params: {
      start: isDay(v.from) ? dayjs(v.from).startOf('day').toDate() : undefined,
      end: isDay(v.to) ? dayjs(v.to).endOf('day').toDate() : undefined,
      insuranceCompanyName: v.insurer || undefined,
      leadTechnicianName: v.leadTech || undefined,
    },
    filter: f.build(),
  };
}

/**
 * The list as useODataList reads it. The spec's 5-minute cache (spec 2 §4, §9: 300000 ms) is the query
 * cache: an answer is reused for 5 minutes under its start–end key plus the filters (the domain's
 * reconcileCacheKey; each page is part of that entry), and Refresh drops it (README of
 * modules/reconcile, "Cache").
 */
export function reconcileList(values: ReconcileFilters): ODataListOptions {
  const { params, filter } = reconcileRequest(values);
  const start = params.start as Date | undefined;
  const end = params.end as Date | undefined;
  const filters = JSON.stringify([
    filter ?? '',
    params.insuranceCompanyName ?? '',
    params.leadTechnicianName ?? '',
  ]);
  const key = start && end ? reconcileCacheKey({ start, end }, filters) : `reconcile:${filters}`;
  return {
    key: reconcileKeys.list(key),
    path: 'ReconcileInvoices',
    top: RECONCILE_TOP,
    paging: 'more',
    staleTime: RECONCILE_CACHE_TTL_MS,
    query: { ...params, $filter: filter },
  };
}

/** The amount a funding offers first: what is left to collect (total less deductible and deposit), else the total. */
export function amountToFund(row: ReconcileRow): number {
  const m = invoiceMoney({
    labor: toCents(row.laborCost),
    parts: toCents(row.partsCost),
    tax: toCents(row.taxCost),
    deductible: row.deductible,
    deposit: row.deposit,
  });
  return (m.balance > 0 ? m.balance : toCents(row.totalCost)) / 100;
}

/** A row can go on a deposit: funded and on none yet. */
export const depositable = (row: ReconcileRow) => row.isFunded && row.depositId === null;

/** The deposit items of the chosen rows, as POST DepositInvoices/contextual takes them, and their total. */
export function depositRequest(rows: ReconcileRow[]) {
  const items: DepositItemInput[] = rows.map((row) => ({
    invoiceId: row.id,
    itemType: (row.itemType ?? 1) as DepositItemInput['itemType'],
    laborCost: row.laborCost,
    partsCost: row.partsCost,
    taxCost: row.taxCost,
    totalCost: row.totalCost,
    paymentTypeId: row.paymentTypeId,
    insuranceCompanyId: row.insuranceCompanyId,
    clearingHouseId: row.clearingHouseId,
    facilityId: row.facilityId,
    buyerName: row.buyerName,
    vehicle: row.vehicle,
  }));
  const money = addMoney(rows.map(rowMoney));
  return { body: { DepositInvoiceInvoiceViewModels: items, total: money.total / 100 }, money };
}

export const reconcileApi = {
  fund: (id: number, body: FundBody) => http.post<ReconcileRow>(`ReconcileInvoices/${id}/fund`, body),
  unfund: (id: number, reason: string) =>
    http.post<ReconcileRow>(`ReconcileInvoices/${id}/unfund`, { reason }),
  createDeposit: (rows: ReconcileRow[], notes?: string) =>
    http.post<CreatedDeposit>('DepositInvoices/contextual', {
      ...depositRequest(rows).body,
      notes: notes || undefined,
    }),
  activeInsurers: () => http.get<NamedItem[]>('insuranceCompany', { query: { inactive: false } }),
};
