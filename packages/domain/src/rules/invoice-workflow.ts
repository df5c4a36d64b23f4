import type { Action } from '../actions.js';
import { REFERENCE_REQUIRED } from '../messages/invoices.js';
import { PaymentType } from '../enums.js';
import { can } from '../roles.js';

/**
 * The invoice work flow (apps/server/src/modules/invoices/README.md "Work flow"), one pure rule the
 * server checks every write with and the invoice header builds its buttons from. States are the flags
 * submitted, finalized, void and lost.
 */

/** The status of an invoice the work flow rules look at. */
export interface InvoiceState {
  submitted: boolean;
  finalized: boolean;
  void: boolean;
  lost: boolean;
  paymentTypeId: number;
  referenceNumber: string | null;
}

/** What `allowedActions` also needs to tell a repeated action (it changes nothing) from a new one. */
export interface InvoiceFlowState extends InvoiceState {
  id: number;
  followedUp: boolean;
  hasVerbalSignature: boolean;
}

/**
 * The actions on one invoice: the work flow routes (`POST /api/Invoices/{id}/{action}`), `thumb`, and
 * `edit` (any change of its fields, repairs, parts, accessories, images or signature).
 */
export const INVOICE_ACTIONS = [
  'submit',
  'unsubmit',
  'finalize',
  'unfinalize',
  'followUp',
  'markAsVerballyApproved',
  'thumb',
  'void',
  'lost',
  'edit',
] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];

/** The role matrix right each action needs. */
export const INVOICE_ACTION_RIGHT: Record<InvoiceAction, Action> = {
  submit: 'invoice.submit',
  unsubmit: 'invoice.submit',
  finalize: 'invoice.finalize',
  unfinalize: 'invoice.finalize',
  followUp: 'invoice.write',
  markAsVerballyApproved: 'invoice.write',
  thumb: 'invoice.write',
  void: 'invoice.write',
  lost: 'invoice.write',
  edit: 'invoice.write',
};

/** Why a finalized invoice refuses an edit (anything but notes, history and payments). */
export const finalizedProblem = (id: number) =>
  `Invoice ${id} is finalized; unfinalize it before changing it.`;

const closedAs = (s: InvoiceState) => (s.void ? 'void' : s.lost ? 'lost' : undefined);

/**
 * The transition rules. `before` is the invoice as stored, `after` as it would be after the write;
 * `edits` tells whether the write changes anything besides the finalized flag. Returns the readable
 * reason the write is refused (the server's 409), or undefined when allowed.
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
  const closed = closedAs(after);
  if (closed && after.submitted && !before.submitted) {
    return `Invoice ${id} is ${closed}; a ${closed} invoice cannot be submitted.`;
  }
  if (closed && after.finalized && !before.finalized) {
    return `Invoice ${id} is ${closed}; a ${closed} invoice cannot be finalized.`;
  }
  const wasClosed = closedAs(before);
  const closing = (after.void && !before.void) || (after.lost && !before.lost);
  if (before.submitted && after.submitted && closing) {
    return `Invoice ${id} is submitted; unsubmit it before marking it ${after.void && !before.void ? 'void' : 'lost'}.`;
  }
  if (wasClosed && closing) {
    return `Invoice ${id} is ${wasClosed}; a ${wasClosed} invoice cannot be marked ${after.void && !before.void ? 'void' : 'lost'}.`;
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

/** The state an action leaves (edit and thumb change no flag the rules look at). */
function stateAfter(s: InvoiceState, action: InvoiceAction): InvoiceState {
  switch (action) {
    case 'submit':
      return { ...s, submitted: true };
    case 'unsubmit':
      return { ...s, submitted: false };
    case 'finalize':
      return { ...s, finalized: true };
    case 'unfinalize':
      return { ...s, finalized: false };
    case 'void':
      return { ...s, void: true };
    case 'lost':
      return { ...s, lost: true };
    default:
      return s;
  }
}

/** An action whose state already holds: the server answers it changing nothing. */
export function isRepeatedAction(s: InvoiceFlowState, action: InvoiceAction): boolean {
  switch (action) {
    case 'submit':
      return s.submitted;
    case 'unsubmit':
      return !s.submitted;
    case 'finalize':
      return s.finalized;
    case 'unfinalize':
      return !s.finalized;
    case 'void':
      return s.void;
    case 'lost':
      return s.lost;
    case 'followUp':
      return s.followedUp;
    case 'markAsVerballyApproved':
      return s.hasVerbalSignature;
    default:
      return false;
  }
}

/**
 * Why the work flow refuses `action` on the invoice (the server's 409 text), or undefined when the
 * rules allow it. Role rights and locks are not part of it. A repeated action is allowed (it changes
 * nothing).
 */
export function invoiceActionProblem(s: InvoiceFlowState, action: InvoiceAction): string | undefined {
  if (isRepeatedAction(s, action)) return undefined;
  const edits = action !== 'finalize' && action !== 'unfinalize';
  return transitionProblem(s.id, s, stateAfter(s, action), edits);
}

/**
 * The actions the role may take on the invoice now: the role has the right, the action changes
 * something, and the work flow allows it. The invoice header shows its buttons from this list and
 * the server refuses (409) what the rules refuse.
 */
export function allowedActions(s: InvoiceFlowState, role: number | null | undefined): InvoiceAction[] {
  return INVOICE_ACTIONS.filter(
    (a) =>
      can(role, INVOICE_ACTION_RIGHT[a]) &&
      !isRepeatedAction(s, a) &&
      invoiceActionProblem(s, a) === undefined,
  );
}

/**
 * The audit gate (issue #23, Pending Audits): when the configuration requires audits (option
 * `AuditsRequired`), an invoice is finalized or sent to the customer only after an auditor has passed
 * it since its latest submission. `failedChecks` are the labels of the checklist's failing checks
 * (rules/invoice-audit.ts), named in the refusal.
 */
export interface AuditGate {
  required: boolean;
  passed: boolean;
  failedChecks: readonly string[];
}

/** Why finalizing or sending is refused by the audit gate (the server's 409), or undefined. */
export function auditGateProblem(
  id: number,
  action: 'finalize' | 'send',
  gate: AuditGate,
): string | undefined {
  if (!gate.required || gate.passed) return undefined;
  const verb = action === 'finalize' ? 'finalized' : 'sent';
  return gate.failedChecks.length
    ? `Invoice ${id} cannot be ${verb} before it passes its audit; failed checks: ${gate.failedChecks.join(', ')}.`
    : `Invoice ${id} cannot be ${verb} before it passes its audit; it is waiting in Pending Audits.`;
}
