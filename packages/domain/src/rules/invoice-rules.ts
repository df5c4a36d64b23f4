/**
 * Invoice payment rules, spec 2 §5 and §9: payment type 0 is Pending; payment type 5 (Repair Order)
 * requires a reference; outstanding invoices are those with unpaid or missing-reference payments.
 *
 * Choices where the spec is silent:
 * - "Unpaid" is a payment of type 0 Pending or 7 Refused (no type counts as Pending), unless the
 *   invoice is funded (`funded` true or `fundedAt` set): funding means the money arrived whatever
 *   the recorded type.
 * - "Payments" are the invoice's own payment type plus its deductible and deposit payments; the
 *   latter two only count when they carry a value above 0.
 * - The reference is the invoice's referenceNumber; blank (spaces only) counts as missing.
 * - Void and lost invoices are never outstanding: nothing is left to collect on them.
 */
import { PaymentType } from '../enums.js';
import { REFERENCE_REQUIRED } from '../messages/invoices.js';

export interface PaymentLike {
  value?: number | null;
  paymentTypeId?: number | null;
}

export interface InvoicePaymentState {
  paymentTypeId?: number | null;
  referenceNumber?: string | null;
  funded?: boolean | null;
  fundedAt?: string | Date | null;
  void?: boolean | null;
  lost?: boolean | null;
  deductiblePayment?: PaymentLike | null;
  depositPayment?: PaymentLike | null;
}

export function requiresReference(paymentTypeId: number | null | undefined): boolean {
  return paymentTypeId === PaymentType.RepairOrder;
}

/** The form rule: a Repair Order payment without a reference gets this message. */
export function referenceProblem(
  paymentTypeId: number | null | undefined,
  referenceNumber: string | null | undefined,
): string | undefined {
  return requiresReference(paymentTypeId) && !referenceNumber?.trim() ? REFERENCE_REQUIRED : undefined;
}

export function isUnpaidPaymentType(paymentTypeId: number | null | undefined): boolean {
  return (
    paymentTypeId === null ||
    paymentTypeId === undefined ||
    paymentTypeId === PaymentType.Pending ||
    paymentTypeId === PaymentType.Refused
  );
}

export function isFunded(invoice: Pick<InvoicePaymentState, 'funded' | 'fundedAt'>): boolean {
  return invoice.funded === true || !!invoice.fundedAt;
}

function extraPayments(invoice: InvoicePaymentState): PaymentLike[] {
  return [invoice.deductiblePayment, invoice.depositPayment].filter(
    (p): p is PaymentLike => !!p && (p.value ?? 0) > 0,
  );
}

export function hasUnpaidPayment(invoice: InvoicePaymentState): boolean {
  if (isFunded(invoice)) return false;
  return (
    isUnpaidPaymentType(invoice.paymentTypeId) ||
    extraPayments(invoice).some((p) => isUnpaidPaymentType(p.paymentTypeId))
  );
}

export function hasMissingReference(invoice: InvoicePaymentState): boolean {
  if (invoice.referenceNumber?.trim()) return false;
  return (
    requiresReference(invoice.paymentTypeId) ||
    extraPayments(invoice).some((p) => requiresReference(p.paymentTypeId))
  );
}

export function isOutstanding(invoice: InvoicePaymentState): boolean {
  if (invoice.void || invoice.lost) return false;
  return hasUnpaidPayment(invoice) || hasMissingReference(invoice);
}
