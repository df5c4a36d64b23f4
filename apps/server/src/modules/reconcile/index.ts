/**
 * Reconcile (issue #20): the list of invoices with their money and funding state, with the totals of the
 * whole selection, and funding / unfunding an invoice. Funding state lives in plain columns of invoices
 * (funded, funded_at, funded_by_id) and invoice_transactions; reports read those, and the SQL of the
 * funded button below.
 */
import type { App } from '../../app-type.js';
import { reconcileRoutes } from './routes.js';

export { type FundItem, FundingService } from './funding-service.js';
export { RECEIVABLE_SQL, reconcileResource, SHOW_FUNDED_BUTTON_SQL } from './resource.js';

export function register(app: App) {
  reconcileRoutes(app);
}
