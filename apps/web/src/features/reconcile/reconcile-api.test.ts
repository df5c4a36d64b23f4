import { RECONCILE_CACHE_TTL_MS } from '@glass/domain/constants';
import { describe, expect, it } from 'vitest';
import {
  amountToFund,
  defaultDays,
  depositRequest,
  filterProblems,
  filtersFromParams,
  type ReconcileRow,
  reconcileList,
  reconcileRequest,
} from './reconcile-api';

const row = (over: Partial<ReconcileRow> = {}): ReconcileRow => ({
  id: 7,
  flagged: false,
  isThumbsUp: false,
  isReplacement: false,
  parkLine: null,
  referenceNumber: null,
  buyerName: 'Ana Lee',
  openAt: '2026-01-02T15:00:00Z',
  paymentTypeId: 1,
  deductible: null,
  deposit: null,
  insuranceCompanyId: 3,
  insuranceCompanyName: 'Star Mutual',
  clearingHouseId: 1,
  facilityId: 1,
  facilityName: 'Willowbrook',
  leadTechnicianId: null,
  leadTechnicianName: null,
  vehicle: '2019 Honda Civic',
  isFinalized: false,
  isFunded: true,
  isVoid: false,
  isLost: false,
  fundedAt: null,
  fundedBy: null,
  totalCost: 64.9,
  laborCost: 59.95,
  partsCost: 0,
  taxCost: 4.95,
  itemType: 2,
  invoiceTransactionId: 11,
  showFundedButton: false,
  depositId: null,
  ...over,
});

describe('reconcile requests (spec 2 §2 default range, §5 filters)', () => {
  it('opens on the start of the day one year ago through today', () => {
    const now = new Date(2026, 5, 15, 13, 45);
    expect(defaultDays(now)).toEqual({ from: '2025-06-15', to: '2026-06-15' });
    expect(filtersFromParams(new URLSearchParams(), now)).toEqual({ from: '2025-06-15', to: '2026-06-15' });
  });

  it('sends every filter to the server: names as parameters, the rest in $filter', () => {
    const { params, filter } = reconcileRequest({
      from: '2026-01-01',
      to: '2026-01-31',
      number: '12',
      soldTo: "O'Neil",
      reference: 'ab',
      total: '$1,064.90',
      facility: '2',
      paymentType: '6',
      finalized: 'yes',
      funded: 'no',
      insurer: 'star',
      leadTech: 'lee',
    });
    expect(filter).toBe(
      "contains(invoiceNumber,'12') and contains(buyerName,'O''Neil') and contains(referenceNumber,'ab') and totalCost eq 1064.9 and facilityId eq 2 and paymentTypeId eq 6 and isFinalized eq true and isFunded eq false",
    );
    expect(params.insuranceCompanyName).toBe('star');
    expect(params.leadTechnicianName).toBe('lee');
    expect((params.start as Date).getDate()).toBe(1);
    expect((params.end as Date).getHours()).toBe(23);
  });

  it('caches for 5 minutes under the range plus the filters', () => {
    const a = reconcileList({ from: '2026-01-01', to: '2026-01-31', insurer: 'star' });
    const b = reconcileList({ from: '2026-01-01', to: '2026-01-31', insurer: 'acme' });
    const c = reconcileList({ from: '2026-01-02', to: '2026-01-31', insurer: 'star' });
    expect(a.staleTime).toBe(RECONCILE_CACHE_TTL_MS);
    expect(new Set([a.key, b.key, c.key].map((k) => JSON.stringify(k))).size).toBe(3);
    expect(a.key[0]).toBe('reconcile');
  });

  it('says what is wrong with typed values instead of asking', () => {
    expect(filterProblems({ from: '2026-01-01', to: '2026-01-31' })).toEqual([]);
    expect(filterProblems({ from: '2026-02-01', to: '2026-01-31', number: '1a', total: 'ten' })).toEqual([
      'To must not be before From',
      'Invoice # must be digits',
      'Total must be an amount',
    ]);
  });
});

describe('funding and deposits from the rows', () => {
  it('offers what is left to collect, else the total', () => {
    expect(amountToFund(row())).toBe(64.9);
    expect(amountToFund(row({ deductible: 50 }))).toBe(14.9);
    expect(amountToFund(row({ deductible: 100 }))).toBe(64.9);
  });

  it('sends each row as a deposit item and adds the total in cents', () => {
    const { body, money } = depositRequest([
      row(),
      row({ id: 8, totalCost: 0.3, laborCost: 0.1, partsCost: 0.2, taxCost: 0 }),
    ]);
    expect(money).toEqual({ labor: 6005, parts: 20, tax: 495, total: 6520 });
    expect(body.total).toBe(65.2);
    expect(body.DepositInvoiceInvoiceViewModels[0]).toEqual({
      invoiceId: 7,
      itemType: 2,
      laborCost: 59.95,
      partsCost: 0,
      taxCost: 4.95,
      totalCost: 64.9,
      paymentTypeId: 1,
      insuranceCompanyId: 3,
      clearingHouseId: 1,
      facilityId: 1,
      buyerName: 'Ana Lee',
      vehicle: '2019 Honda Civic',
    });
  });
});
