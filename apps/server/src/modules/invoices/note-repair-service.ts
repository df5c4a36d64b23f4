import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database, Orm } from '../../db/client.js';
import { conflict, notFound } from '../../http/errors.js';
import { inTx, loadEditableInvoice, loadInvoiceForWrite, recordInvoiceChange } from './records.js';
import type { NoteBody, NoteUpdate, RepairBody, RepairUpdate } from './schemas.js';

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
    return this.db.rows(
      sql`select ${NOTE_COLUMNS} from invoice_notes n where n.invoice_id = ${invoiceId}
          order by n.created_at desc, n.id desc`,
    );
  }

  addNote(user: SessionUser, body: NoteBody) {
    return inTx(this.db, async (tx) => {
      await loadInvoiceForWrite(this.db, tx, body.invoiceId, user);
      const [row] = await this.db.rows<{ id: number }>(
        sql`insert into invoice_notes (invoice_id, user_id, subject, note)
            values (${body.invoiceId}, ${user.id}, ${body.subject ?? ''}, ${body.note}) returning id`,
        tx,
      );
      await this.db.rows(
        sql`update invoices set notes_count = (select count(*) from invoice_notes where invoice_id = ${body.invoiceId})
            where id = ${body.invoiceId}`,
        tx,
      );
      await recordInvoiceChange(this.db, tx, user, body.invoiceId, {
        activity: 'Note added',
        details: body.subject,
      });
      return this.note(tx, row.id);
    });
  }

  /** Only the author edits a note (409 otherwise). */
  editNote(user: SessionUser, id: number, body: NoteUpdate) {
    return inTx(this.db, async (tx) => {
      const before = await this.note(tx, id);
      await loadInvoiceForWrite(this.db, tx, before.invoiceId, user);
      if (before.userId !== user.id)
        throw conflict(`Note ${id} was written by ${before.author}; only they can edit it.`);
      await this.db.rows(
        sql`update invoice_notes set note = ${body.note ?? before.note}, subject = ${body.subject ?? before.subject},
            last_edited_at = now() where id = ${id}`,
        tx,
      );
      await recordInvoiceChange(this.db, tx, user, before.invoiceId, {
        activity: 'Note edited',
        details: null,
      });
      return this.note(tx, id);
    });
  }

  addRepair(user: SessionUser, body: RepairBody) {
    return inTx(this.db, async (tx) => {
      await loadEditableInvoice(this.db, tx, body.invoiceId, user);
      const [row] = await this.db.rows<{ id: number }>(
        sql`insert into invoice_repairs (invoice_id, line_number, description, location, amount)
            values (${body.invoiceId},
                    ${body.lineNumber ?? sql`(select coalesce(max(line_number), 0) + 1 from invoice_repairs where invoice_id = ${body.invoiceId})`},
                    ${body.description}, ${body.location ?? null}, ${body.amount})
            returning id`,
        tx,
      );
      await this.recompute(tx, user, body.invoiceId, `Repair added: ${body.description} ${body.amount}`);
      return { id: row.id, invoiceId: body.invoiceId };
    });
  }

  editRepair(user: SessionUser, id: number, body: RepairUpdate) {
    return inTx(this.db, async (tx) => {
      const [line] = await this.db.rows<{ invoiceId: number }>(
        sql`select invoice_id as "invoiceId" from invoice_repairs where id = ${id}`,
        tx,
      );
      if (!line) throw notFound(`Invoice repair ${id} not found.`);
      await loadEditableInvoice(this.db, tx, line.invoiceId, user);
      await this.db.rows(
        sql`update invoice_repairs set description = coalesce(${body.description ?? null}, description),
              location = ${body.location === undefined ? sql`location` : body.location},
              amount = coalesce(${body.amount ?? null}::numeric, amount),
              line_number = coalesce(${body.lineNumber ?? null}::smallint, line_number), updated_at = now()
            where id = ${id}`,
        tx,
      );
      await this.recompute(tx, user, line.invoiceId, `Repair ${id} edited`);
      return { id, invoiceId: line.invoiceId };
    });
  }

  /** Labor is the sum of the repair lines; the total is labor + parts + tax. */
  private async recompute(tx: Orm, user: SessionUser, invoiceId: number, details: string) {
    await this.db.rows(
      sql`update invoices i set labor_cost = r.total, total_cost = r.total + i.parts_cost + i.tax_cost, updated_at = now()
          from (select coalesce(sum(amount), 0) as total from invoice_repairs
                where invoice_id = ${invoiceId}) r
          where i.id = ${invoiceId}`,
      tx,
    );
    await recordInvoiceChange(this.db, tx, user, invoiceId, { activity: 'Repairs changed', details });
  }

  private async note(tx: Orm, id: number) {
    const [row] = await this.db.rows<{
      invoiceId: number;
      userId: number | null;
      author: string | null;
      note: string;
      subject: string;
    }>(sql`select ${NOTE_COLUMNS} from invoice_notes n where n.id = ${id}`, tx);
    if (!row) throw notFound(`Invoice note ${id} not found.`);
    return row;
  }
}
