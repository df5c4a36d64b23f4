import type { ODataResource } from '../../odata/types.js';
import { invoiceListResource } from '../invoices/index.js';

/** The queue's condition over invoices `i`: submitted, not finalized, void or lost, and not passed since submitted. */
export const PENDING_AUDIT_WHERE = `i.submitted and not i.finalized and not i.void and not i.lost
  and not exists (select 1 from invoice_audits pa where pa.invoice_id = i.id and pa.outcome = 'passed'
                  and pa.submitted_at = i.submitted_at)`;

/**
 * GET /api/PendingAudits: the invoice list's rows of the invoices waiting for their audit, oldest submission
 * first. It walks the partial index invoices_finalizing_idx (submitted and not finalized, by submitted_at)
 * and skips the passed ones through invoice_audits_invoice_idx, so a page costs the same however long the
 * queue is.
 */
export const pendingAuditsResource: ODataResource = {
  ...invoiceListResource,
  name: 'PendingAudits',
  where: PENDING_AUDIT_WHERE,
  defaultOrderBy: 'i.submitted_at asc, i.id asc',
};
