import type { InvoiceNote } from '@glass/domain/contracts/invoices';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/sessions.js';
import type { Database } from '../../../db/client.js';
import { conflict, notFound } from '../../../http/errors.js';
import { storeInvoiceMoney } from '../money.js';
import { loadEditableInvoice, loadInvoiceForWrite, recordInvoiceChange } from '../invoice-record.js';
import type { NoteBody, NoteUpdate, RepairBody, RepairUpdate } from '../schemas.js';
import type { Db } from '../../../db/unit-of-work.js';

const NOTE_COLUMNS = sql`n.id, n.created_at as "createdAt", n.last_edited_at as "lastEditedAt",
  n.invoice_id as "invoiceId", n.note, (select u.first_name || ' ' || u.last_name from users u where u.id = n.user_id) as author,
  n.subject, n.in_utc as "inUtc", n.user_id as "userId"`;

/**
 * Notes (spec 2 §3 InvoiceNote) and repair lines of an invoice. Writes respect the lock (409 naming the
 * holder); repair lines also refuse finalized invoices. notes_count and the invoice's labor and total are
 * kept in step in the same transaction.
 */
export class InvoiceNoteRepairService {
  constructor(private db: Database) {}

  notes(invoiceId: number) {
    return this.db.rows<InvoiceNote>(
      sql`select ${NOTE_COLUMNS} from invoice_notes n where n.invoice_id = ${invoiceId}
          order by n.created_at desc, n.id desc`,
    );
  }

  addNote(user: SessionUser, body: NoteBody) {
    return this.db.transaction(async (tx) => {
      await loadInvoiceForWrite(tx, body.invoiceId, user);
      const [row] = await tx.rows<{ id: number }>(
        sql`insert into invoice_notes (invoice_id, user_id, subject, note)
            values (${body.invoiceId}, ${user.id}, ${body.subject ?? ''}, ${body.note}) returning id`,
      );
      await tx.rows(
        sql`update invoices set notes_count = (select count(*) from invoice_notes where invoice_id = ${body.invoiceId})
            where id = ${body.invoiceId}`,
      );
      await recordInvoiceChange(tx, user, body.invoiceId, {
        activity: 'Note added',
        details: body.subject,
      });
      return this.note(tx, row.id);
    });
  }

  /** Only the author edits a note (409 otherwise). */
  editNote(user: SessionUser, id: number, body: NoteUpdate) {
    return this.db.transaction(async (tx) => {
      const before = await this.note(tx, id);
      await loadInvoiceForWrite(tx, before.invoiceId, user);
      if (before.userId !== user.id)
        throw conflict(`Note ${id} was written by ${before.author}; only they can edit it.`);
      await tx.rows(
        sql`update invoice_notes set note = ${body.note ?? before.note}, subject = ${body.subject ?? before.subject},
            last_edited_at = now() where id = ${id}`,
      );
      await recordInvoiceChange(tx, user, before.invoiceId, {
        activity: 'Note edited',
        details: null,
      });
      return this.note(tx, id);
    });
  }

  addRepair(user: SessionUser, body: RepairBody) {
    return this.db.transaction(async (tx) => {
      await loadEditableInvoice(tx, body.invoiceId, user);
      const [row] = await tx.rows<{ id: number }>(
        sql`insert into invoice_repairs (invoice_id, line_number, description, location, amount)
            values (${body.invoiceId},
                    ${body.lineNumber ?? sql`(select coalesce(max(line_number), 0) + 1 from invoice_repairs where invoice_id = ${body.invoiceId})`},
                    ${body.description}, ${body.location ?? null}, ${body.amount})
            returning id`,
      );
      await this.recompute(tx, user, body.invoiceId, `Repair added: ${body.description} ${body.amount}`);
      return { id: row.id, invoiceId: body.invoiceId };
    });
  }

  editRepair(user: SessionUser, id: number, body: RepairUpdate) {
    return this.db.transaction(async (tx) => {
      const [line] = await tx.rows<{ invoiceId: number }>(
        sql`select invoice_id as "invoiceId" from invoice_repairs where id = ${id}`,
      );
      if (!line) throw notFound(`Invoice repair ${id} not found.`);
      await loadEditableInvoice(tx, line.invoiceId, user);
      await tx.rows(
        sql`update invoice_repairs set description = coalesce(${body.description ?? null}, description),
              location = ${body.location === undefined ? sql`location` : body.location},
              amount = coalesce(${body.amount ?? null}::numeric, amount),
              line_number = coalesce(${body.lineNumber ?? null}::smallint, line_number), updated_at = now()
            where id = ${id}`,
      );
      // History names the line as the invoice screen numbers it (its id would read like an invoice number).
      const [after] = await tx.rows<{ lineNumber: number; description: string; amount: string }>(
        sql`select line_number as "lineNumber", description, amount::text as amount from invoice_repairs where id = ${id}`,
      );
      await this.recompute(
        tx,
        user,
        line.invoiceId,
        `Repair line ${after.lineNumber} edited: ${after.description} ${after.amount}`,
      );
      return { id, invoiceId: line.invoiceId };
    });
  }

  /** Labor is the sum of the repair lines; tax and total follow (storeInvoiceMoney). */
  private async recompute(tx: Db, user: SessionUser, invoiceId: number, details: string) {
    await storeInvoiceMoney(tx, invoiceId, { labor: true });
    await recordInvoiceChange(tx, user, invoiceId, { activity: 'Repairs changed', details });
  }

  private async note(tx: Db, id: number) {
    const [row] = await tx.rows<InvoiceNote>(
      sql`select ${NOTE_COLUMNS} from invoice_notes n where n.id = ${id}`,
    );
    if (!row) throw notFound(`Invoice note ${id} not found.`);
    return row;
  }
}
