/** Reconcile and deposits texts, spec 2 §8 (verbatim). */
export const FAILED_TO_GET_DEPOSITS = 'Failed to get Deposits';

// Ours (the spec has no texts for these screens' actions).
export const FAILED_TO_GET_RECONCILE = 'Failed to get Reconcile invoices';
export const INVOICE_FUNDED = 'Invoice funded';
export const INVOICE_UNFUNDED = 'Invoice unfunded';
export const DEPOSIT_CREATED = 'Deposit created';
