/**
 * Invoices: list views, detail, work flow, locks, notes and repairs, records (parts, transactions,
 * accessories, history, images), summary, documents (PDF, signatures) and sending.
 */
import type { App } from '../../app-type.js';
import { invoiceActionRoutes } from './action-routes.js';
import { invoiceDocumentRoutes } from './document-routes.js';
import { invoiceLockRoutes } from './lock-routes.js';
import { invoiceNoteRepairRoutes } from './note-repair-routes.js';
import { invoiceRecordRoutes } from './record-routes.js';
import { invoiceRoutes } from './routes.js';
import { invoiceSummaryRoutes } from './summary-routes.js';

export { type AuditSubject, auditsRequired, auditsRequiredBy, loadAuditSubject } from './audit-gate.js';
export { InvoiceActionService } from './action-service.js';
export { finalizingInvoicesResource } from './finalizing-service.js';
export { invoiceListResource } from './list-resource.js';
export {
  type InvoiceMoneyListener,
  onInvoiceMoneyChanged,
  retaxFacilityInvoices,
  storeInvoiceMoney,
} from './money.js';
export { outstandingInvoicesResource } from './outstanding-resource.js';
// Customer approvals (modules/approvals): the message templates, the customer's signatures, their history.
export { type CustomerSignature, saveCustomerSignature } from './documents-service.js';
// Reconcile funds invoices under the same lock rule and into the same history.
export { loadInvoiceForWrite, lockInvoiceRow, recordCustomerAction, recordInvoiceChange } from './records.js';
export { findTemplate, loadSendContext } from './send-service.js';
export { fillTemplate, type SendContext, templateValues } from './send-template.js';

export function register(app: App) {
  invoiceRoutes(app);
  invoiceActionRoutes(app);
  invoiceLockRoutes(app);
  invoiceNoteRepairRoutes(app);
  invoiceDocumentRoutes(app);
  invoiceRecordRoutes(app);
  invoiceSummaryRoutes(app);
}
