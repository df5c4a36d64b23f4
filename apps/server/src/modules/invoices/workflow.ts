import { PaymentType, REFERENCE_REQUIRED } from '@glass/domain';

/** The status of an invoice the work flow rules look at. */
export interface InvoiceState {
  submitted: boolean;
  finalized: boolean;
  void: boolean;
  lost: boolean;
  paymentTypeId: number;
  referenceNumber: string | null;
}

/** Why a finalized invoice refuses an edit (anything but notes, history and payments). */
export const finalizedProblem = (id: number) =>
  `Invoice ${id} is finalized; unfinalize it before changing it.`;

/**
 * The server-side transition rules (README.md, "Work flow"). `before` is the invoice as stored, `after`
 * as it would be after the write; `edits` tells whether the write changes anything besides the
 * finalized flag. Returns the readable reason the write is refused (409), or undefined when allowed.
 */
export function transitionProblem(
  id: number,
  before: InvoiceState,
  after: InvoiceState,
  edits: boolean,
): string | undefined {
  if (after.finalized && !after.submitted) {
    return before.finalized
      ? `Invoice ${id} is finalized; unfinalize it before unsubmitting it.`
      : `Invoice ${id} is not submitted; submit it before finalizing it.`;
  }
  if (before.finalized && after.finalized && edits) {
    return finalizedProblem(id);
  }
  const closed = after.void ? 'void' : after.lost ? 'lost' : undefined;
  if (closed && after.submitted && !before.submitted) {
    return `Invoice ${id} is ${closed}; a ${closed} invoice cannot be submitted.`;
  }
  if (closed && after.finalized && !before.finalized) {
    return `Invoice ${id} is ${closed}; a ${closed} invoice cannot be finalized.`;
  }
  if (before.submitted && after.submitted && ((after.void && !before.void) || (after.lost && !before.lost))) {
    return `Invoice ${id} is submitted; unsubmit it before marking it ${after.void ? 'void' : 'lost'}.`;
  }
  if (
    after.submitted &&
    !before.submitted &&
    after.paymentTypeId === PaymentType.RepairOrder &&
    !after.referenceNumber?.trim()
  ) {
    return `Invoice ${id} cannot be submitted: ${REFERENCE_REQUIRED}.`;
  }
  return undefined;
}
