/**
 * Invoices: list views, detail, work flow, locks, notes and repairs, records (parts, transactions,
 * accessories, history, images), summary, documents (PDF, signatures) and sending.
 */
import type { App } from '../../app-type.js';
import { onJobsStart } from '../../jobs/workers.js';
import { invoiceActionRoutes } from './workflow/action-routes.js';
import { invoiceDocumentRoutes } from './documents/document-routes.js';
import { invoiceLockRoutes } from './locks/lock-routes.js';
import { invoiceNoteRepairRoutes } from './detail/note-repair-routes.js';
import { invoiceRecordRoutes } from './records/record-routes.js';
import { invoiceRoutes } from './detail/detail-routes.js';
import { invoiceSummaryRoutes } from './workflow/summary-routes.js';
import { startNameCountCompaction } from './list/name-counts.js';
import { claimRoutes } from './claims/claim-routes.js';

export {
  type AuditSubject,
  auditsRequired,
  auditsRequiredBy,
  loadAuditSubject,
} from './workflow/audit-gate.js';
export { InvoiceActionService } from './workflow/action-service.js';
export { finalizingInvoicesResource } from './workflow/finalizing-service.js';
export { invoiceListResource } from './list/list-resource.js';
export { compactNameCounts, NAME_COUNTS_COMPACT, startNameCountCompaction } from './list/name-counts.js';
export {
  type InvoiceMoneyListener,
  onInvoiceMoneyChanged,
  retaxFacilityInvoices,
  storeInvoiceMoney,
} from './money.js';
export { outstandingInvoicesResource } from './list/outstanding-resource.js';
// Customer approvals (modules/approvals): the message templates, the customer's signatures, their history.
export { type CustomerSignature, saveCustomerSignature } from './documents/documents-service.js';
// Reconcile funds invoices under the same lock rule and into the same history.
export {
  type InvoiceWriteTarget,
  invoiceMissing,
  invoiceWriteRefusal,
  loadInvoiceForWrite,
  lockInvoiceRow,
  lockInvoiceRows,
  recordCustomerAction,
  recordInvoiceChange,
  recordInvoiceChanges,
} from './invoice-record.js';
export { findTemplate, loadSendContext } from './documents/send-service.js';
export { fillTemplate, type SendContext, templateValues } from './documents/send-template.js';

// Claim submissions (issue #35): the remittance import moves them (Paid, ShortPaid) through the same rules.
export {
  type ClaimAlerts,
  type ClaimMove,
  type ClaimMover,
  lockSubmission,
  moveClaimSubmission,
} from './claims/claim-moves.js';
export { claimSubmission, invoiceClaimSubmissions } from './claims/claim-read.js';

export function register(app: App) {
  invoiceRoutes(app);
  invoiceActionRoutes(app);
  invoiceLockRoutes(app);
  invoiceNoteRepairRoutes(app);
  invoiceDocumentRoutes(app);
  invoiceRecordRoutes(app);
  invoiceSummaryRoutes(app);
  claimRoutes(app);
  onJobsStart(app, (a) => startNameCountCompaction(a));
}
