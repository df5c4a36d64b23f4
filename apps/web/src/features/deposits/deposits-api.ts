import type { DepositItem, DepositRow } from '@glass/domain/contracts/deposits';
import dayjs from 'dayjs';
import { http } from '../../api/http';
import { odataFilter } from '../../query/odata-filter';
import { depositKeys } from '../../query/query-keys';
import type { ODataListOptions } from '../../query/use-odata-list';

export type { DepositItem, DepositRow };

export const DEPOSITS_TOP = 50;

/** The Deposits filters (query-string parameters): created between two days, facility, creator. */
export interface DepositFilters {
  from?: string;
  to?: string;
  facility?: string;
  createdBy?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `$filter` of GET /api/DepositInvoices (createdAt range, facilityId, createdById). */
export function depositFilter(values: DepositFilters): string | undefined {
  const f = odataFilter<DepositRow>();
  f.between(
    'createdAt',
    values.from && DAY.test(values.from) ? dayjs(values.from).startOf('day').toDate() : undefined,
    values.to && DAY.test(values.to) ? dayjs(values.to).endOf('day').toDate() : undefined,
  );
  if (values.facility && /^\d+$/.test(values.facility)) f.eq('facilityId', Number(values.facility));
  if (values.createdBy && /^\d+$/.test(values.createdBy)) f.eq('createdById', Number(values.createdBy));
  return f.build();
}

/** Newest first (the list's order), 50 a page with the count, each with its items. */
export const depositList = (filter: string | undefined): ODataListOptions => ({
  key: depositKeys.list(filter),
  path: 'DepositInvoices',
  top: DEPOSITS_TOP,
  count: true,
  paging: 'more',
  query: { $filter: filter, $expand: 'deposits' },
});

/** The deposit slip (GET /api/DepositInvoices/{id}/Pdf) in a new tab, or downloaded when pop-ups are blocked. */
export const openDepositSlip = (id: number) => http.openPdf(`DepositInvoices/${id}/Pdf`, `deposit-${id}.pdf`);
