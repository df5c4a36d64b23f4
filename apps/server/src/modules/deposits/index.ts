/**
 * Deposits (issue #20): funded invoices bundled into a deposit for the bank (one facility, each invoice
 * once), the Deposits list and the deposit slip PDF. Reports read deposit_invoices and
 * deposit_invoice_items directly; the list's resource is exported for the OData service document.
 */
import type { App } from '../../app-type.js';
import { depositRoutes } from './routes.js';

export { depositItemsResource, depositResource } from './resource.js';

export function register(app: App) {
  depositRoutes(app);
}
