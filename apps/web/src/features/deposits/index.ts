/** Deposits: what reconcile uses after making one (the slip). */
export { openDepositSlip } from './deposits-api';
