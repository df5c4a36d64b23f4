import type { InvoiceHistoryRow } from '@glass/domain/contracts/invoices';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/sessions.js';
import type { Database } from '../../../db/client.js';
import { assertInvoiceExists, loadInvoiceForWrite, recordInvoiceChange } from '../invoice-record.js';
import type { HistoryBody } from '../schemas.js';

const COLUMNS = sql`h.id, h.invoice_id as "invoiceId", h.activity, h.activity_date as "activityDateTime", h.details,
  h.is_contact as "contactItem", h.activity_log_id as "activityLogId",
  (select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = h.user_id) as user`;

/**
 * The invoice's history (spec 2 §7 InvoicesHistory). Entries written by hand (contacts and the like) are
 * a log, not an edit: like notes they are allowed on finalized invoices; the lock still applies.
 */
export class InvoiceHistoryService {
  constructor(private db: Database) {}

  /** Newest first; contactItem true keeps only contacts, false only the rest. */
  async list(invoiceId: number, contactItem?: boolean) {
    await assertInvoiceExists(this.db, invoiceId);
    const contact = contactItem === undefined ? sql`` : sql` and h.is_contact = ${contactItem}`;
    return this.db.rows<InvoiceHistoryRow>(
      sql`select ${COLUMNS} from invoice_history h where h.invoice_id = ${invoiceId}${contact}
          order by h.activity_date desc, h.id desc`,
    );
  }

  add(user: SessionUser, body: HistoryBody) {
    return this.db.transaction(async (tx) => {
      await loadInvoiceForWrite(tx, body.invoiceId, user);
      const logId = await recordInvoiceChange(tx, user, body.invoiceId, {
        activity: body.activity,
        details: body.details,
        at: body.activityDateTime,
        contact: body.contactItem,
      });
      const [row] = await tx.rows<InvoiceHistoryRow>(
        sql`select ${COLUMNS} from invoice_history h where h.activity_log_id = ${logId}`,
      );
      return row;
    });
  }
}
