import { describe, expect, it } from 'vitest';
import {
  hasMissingReference,
  hasUnpaidPayment,
  isOutstanding,
  referenceProblem,
  requiresReference,
} from './invoice-rules.js';

describe('invoice payment rules (spec 2 §5, §9)', () => {
  it('payment type 5 (repair order) requires a reference', () => {
    expect(requiresReference(5)).toBe(true);
    expect([0, 1, 2, 4, 6, 7, 8].some(requiresReference)).toBe(false);
    expect(referenceProblem(5, '  ')).toBe('Reference is required for Repair Order payments');
    expect(referenceProblem(5, 'RO-778')).toBeUndefined();
    expect(referenceProblem(1, '')).toBeUndefined();
  });

  it('Payment type 0 is Pending: an unfunded pending invoice is unpaid', () => {
    expect(hasUnpaidPayment({ paymentTypeId: 0 })).toBe(true);
    expect(hasUnpaidPayment({ paymentTypeId: null })).toBe(true);
  });

  it('a Refused payment is unpaid', () => {
    expect(hasUnpaidPayment({ paymentTypeId: 7 })).toBe(true);
  });

  it('funding clears unpaid', () => {
    expect(hasUnpaidPayment({ paymentTypeId: 0, funded: true })).toBe(false);
    expect(hasUnpaidPayment({ paymentTypeId: 7, fundedAt: '2024-01-01' })).toBe(false);
  });

  it('a pending deductible or deposit with a value is unpaid; one without a value is ignored', () => {
    expect(hasUnpaidPayment({ paymentTypeId: 1, deductiblePayment: { value: 100, paymentTypeId: 0 } })).toBe(
      true,
    );
    expect(hasUnpaidPayment({ paymentTypeId: 1, depositPayment: { value: 0, paymentTypeId: 0 } })).toBe(
      false,
    );
  });

  it('a repair order payment without a reference is a missing-reference payment', () => {
    expect(hasMissingReference({ paymentTypeId: 5, referenceNumber: '' })).toBe(true);
    expect(
      hasMissingReference({ paymentTypeId: 1, deductiblePayment: { value: 50, paymentTypeId: 5 } }),
    ).toBe(true);
    expect(hasMissingReference({ paymentTypeId: 5, referenceNumber: 'RO-1' })).toBe(false);
  });

  describe('Outstanding invoices show only those with unpaid or missing-reference payments', () => {
    it('unpaid → outstanding', () => expect(isOutstanding({ paymentTypeId: 0 })).toBe(true));
    it('missing reference → outstanding even when funded', () =>
      expect(isOutstanding({ paymentTypeId: 5, funded: true })).toBe(true));
    it('paid with reference → not outstanding', () =>
      expect(isOutstanding({ paymentTypeId: 5, referenceNumber: 'RO-1' })).toBe(false));
    it('paid by card → not outstanding', () => expect(isOutstanding({ paymentTypeId: 2 })).toBe(false));
    it('void or lost → not outstanding', () => {
      expect(isOutstanding({ paymentTypeId: 0, void: true })).toBe(false);
      expect(isOutstanding({ paymentTypeId: 0, lost: true })).toBe(false);
    });
  });
});
