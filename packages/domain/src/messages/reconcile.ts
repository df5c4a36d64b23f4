/** Reconcile and deposits texts, spec 2 §8 (verbatim). */
export const FAILED_TO_GET_DEPOSITS = 'Failed to get Deposits';
