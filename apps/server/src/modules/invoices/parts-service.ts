import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database, Orm } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { assertReference, describeChanges } from '../service-vehicles/records.js';
import { inTx, loadEditableInvoice, recordInvoiceChange } from './records.js';
import type { PartBody, PartUpdate } from './schemas.js';

/** Part fields and their columns. */
const COLUMNS = {
  partTypeId: 'part_type_id',
  partNumber: 'part_number',
  description: 'description',
  vendorId: 'vendor_id',
  cost: 'cost',
  price: 'price',
  statusId: 'status_id',
} as const;
type PartField = keyof typeof COLUMNS;

/**
 * Replacement parts of an invoice (spec 2 §3). Writes refuse finalized invoices (409) and recompute on
 * the server: partsCost = the sum of the parts' prices, totalCost = labor + parts + tax. Moving a part
 * to the status 'Ordered' or 'Received' stamps orderedAt or receivedAt (when not yet set).
 */
export class InvoicePartService {
  constructor(private db: Database) {}

  add(user: SessionUser, body: PartBody) {
    return inTx(this.db, async (tx) => {
      await loadEditableInvoice(this.db, tx, body.invoiceId, user);
      await this.assertReferences(tx, body);
      const [row] = await this.db.rows<{ id: number }>(
        sql`insert into replacement_parts (invoice_id, part_type_id, part_number, description, vendor_id, cost, price, status_id)
            values (${body.invoiceId}, ${body.partTypeId}, ${body.partNumber || null}, ${body.description || null},
                    ${body.vendorId ?? null}, ${body.cost ?? null}, ${body.price}, ${body.statusId}) returning id`,
        tx,
      );
      await this.stamp(tx, row.id);
      await this.recompute(
        tx,
        user,
        body.invoiceId,
        `Part added: ${body.partNumber || body.description || row.id}`,
      );
      return { id: row.id, invoiceId: body.invoiceId };
    });
  }

  edit(user: SessionUser, id: number, body: PartUpdate) {
    return inTx(this.db, async (tx) => {
      const [before] = await this.db.rows<Record<PartField, unknown> & { invoiceId: number }>(
        sql`select invoice_id as "invoiceId", part_type_id as "partTypeId", part_number as "partNumber", description,
              vendor_id as "vendorId", cost::float8 as cost, price::float8 as price, status_id as "statusId"
            from replacement_parts where id = ${id}`,
        tx,
      );
      if (!before) throw notFound(`Replacement part ${id} not found.`);
      await loadEditableInvoice(this.db, tx, before.invoiceId, user);
      await this.assertReferences(tx, body);
      const changes = (Object.keys(body) as PartField[])
        .map((field) => ({
          field,
          before: before[field] ?? null,
          after: body[field] || (body[field] === 0 ? 0 : null),
        }))
        .filter((c) => c.before !== c.after);
      if (changes.length === 0) return { id, invoiceId: before.invoiceId };
      const sets = changes.map((c) => sql`${sql.identifier(COLUMNS[c.field])} = ${c.after}`);
      await this.db.rows(
        sql`update replacement_parts set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`,
        tx,
      );
      await this.stamp(tx, id);
      await this.recompute(tx, user, before.invoiceId, `Part ${id}: ${describeChanges(changes)}`);
      return { id, invoiceId: before.invoiceId };
    });
  }

  private async assertReferences(tx: Orm, body: PartUpdate) {
    await assertReference(this.db, tx, 'part type', body.partTypeId, 'partTypeId');
    await assertReference(this.db, tx, 'part status', body.statusId, 'statusId');
    await assertReference(this.db, tx, 'vendor', body.vendorId, 'vendorId');
  }

  private async stamp(tx: Orm, id: number) {
    await this.db.rows(
      sql`update replacement_parts p set
            ordered_at = case when s.name = 'Ordered' then coalesce(p.ordered_at, now()) else p.ordered_at end,
            received_at = case when s.name = 'Received' then coalesce(p.received_at, now()) else p.received_at end
          from replacement_part_statuses s where s.id = p.status_id and p.id = ${id}`,
      tx,
    );
  }

  private async recompute(tx: Orm, user: SessionUser, invoiceId: number, details: string) {
    await this.db.rows(
      sql`update invoices i set parts_cost = p.total, total_cost = i.labor_cost + p.total + i.tax_cost, updated_at = now()
          from (select coalesce(sum(price), 0) as total from replacement_parts where invoice_id = ${invoiceId}) p
          where i.id = ${invoiceId}`,
      tx,
    );
    await recordInvoiceChange(this.db, tx, user, invoiceId, { activity: 'Parts changed', details });
  }
}
