/**
 * Funding an invoice from the reconcile screen (spec 2 §3 "Reconcile invoice row: … fundedAt, …
 * showFundedButton", §4 "Invoice flags: … funded (fundedAt set) … The funded button on reconcile rows is
 * shown only when the server says so (showFundedButton)"). The spec leaves the rule itself open; ours:
 *
 * - An invoice can be funded when it is not funded yet, neither void nor lost, and has money to
 *   collect (total above 0). Submitting and finalizing are not required: a cash job may be paid on the
 *   spot, and an insurer pays after finalizing (payments are not edits, invoices README).
 * - Funding records who and when (fundedAt, fundedBy) and one invoice transaction of the chosen
 *   transaction type (1 Cash, 2 Warranty, 3 In-House) with the amount and reference received.
 * - An invoice whose payment type is Refused (the payer refused to pay) cannot be funded: whoever pays
 *   in the end is set as its payment type first, so the funding's type and reference checks apply to
 *   that payer (decided here; the spec lists Refused among the payment types and says nothing more).
 *   It stays a receivable: the money is still owed (`receivable`).
 * - Unfunding (a payment that did not clear) is a separate right (`finance.unfund`) and needs a reason;
 *   an invoice already on a deposit cannot be unfunded (the slip was taken to the bank).
 *
 * The server computes showFundedButton in SQL with the same conditions (modules/reconcile
 * resource.ts, checked against this function by its tests).
 */
import { PaymentType } from '../enums.js';
import { type MoneyValue, toCents } from './invoice-money.js';

export interface FundingState {
  funded: boolean;
  void: boolean;
  lost: boolean;
  totalCost: MoneyValue;
  /** The invoice's payment type (PaymentType); null when none is set. */
  paymentTypeId: number | null;
}

/** Money still to collect (the receivables): not funded, void or lost, with a total above 0. */
export function receivable(state: Omit<FundingState, 'paymentTypeId'>): boolean {
  return !state.funded && !state.void && !state.lost && toCents(state.totalCost) > 0;
}

/** Whether the reconcile row shows its funded button (the server's showFundedButton). */
export function showFundedButton(state: FundingState): boolean {
  return fundProblem(0, state) === undefined;
}

/** Why an invoice cannot be funded now (a 409), or undefined when it can. */
export function fundProblem(id: number, state: FundingState): string | undefined {
  if (state.funded) return `Invoice ${id} is already funded.`;
  if (state.void) return `Invoice ${id} is void; a void invoice cannot be funded.`;
  if (state.lost) return `Invoice ${id} is lost; a lost invoice cannot be funded.`;
  if (toCents(state.totalCost) <= 0) return `Invoice ${id} has no amount to fund.`;
  if (state.paymentTypeId === PaymentType.Refused)
    return `Invoice ${id}'s payment was refused; set the payment type of whoever pays before funding it.`;
  return undefined;
}

/** Why a funded invoice cannot be unfunded (a 409), or undefined when it can. */
export function unfundProblem(
  id: number,
  state: { funded: boolean; depositId: number | null },
): string | undefined {
  if (!state.funded) return `Invoice ${id} is not funded.`;
  if (state.depositId !== null)
    return `Invoice ${id} is on deposit ${state.depositId}; it cannot be unfunded.`;
  return undefined;
}

/** The history entry's details of a funding: 'Cash 123.45, reference CHK-1'. */
export function fundingDetails(typeLabel: string, amountText: string, reference?: string | null): string {
  return `${typeLabel} ${amountText}${reference ? `, reference ${reference}` : ''}`;
}
