import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/sessions.js';
import type { Database } from '../../../db/client.js';
import { notFound } from '../../../http/errors.js';
import { assertReference, describeChanges } from '../../../records/index.js';
import { storeInvoiceMoney } from '../money.js';
import { loadEditableInvoice, recordInvoiceChange } from '../invoice-record.js';
import type { PartBody, PartUpdate } from '../schemas.js';
import type { Db } from '../../../db/unit-of-work.js';

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
 * A part as the invoice screen and the PDF show it: its type and number, and its description when that
 * says more than the type ("Windshield FW01234", "Molding (lower, driver side)").
 */
async function partName(tx: Db, id: number): Promise<string> {
  const [p] = await tx.rows<{ type: string | null; number: string | null; description: string | null }>(
    sql`select t.name as type, p.part_number as number, p.description from replacement_parts p
        left join part_types t on t.id = p.part_type_id where p.id = ${id}`,
  );
  const head = [p?.type, p?.number].filter(Boolean).join(' ');
  const description = p?.description?.trim();
  const more = description && description.toLowerCase() !== (p?.type ?? '').toLowerCase() ? description : '';
  if (head && more) return `${head} (${more})`;
  return head || more || 'without type or number';
}

/**
 * Replacement parts of an invoice (spec 2 §3). Writes refuse finalized invoices (409) and recompute on
 * the server: partsCost = the sum of the parts' prices, tax and total by storeInvoiceMoney. Moving a part
 * to the status 'Ordered' or 'Received' stamps orderedAt or receivedAt (when not yet set).
 */
export class InvoicePartService {
  constructor(private db: Database) {}

  add(user: SessionUser, body: PartBody) {
    return this.db.transaction(async (tx) => {
      await loadEditableInvoice(tx, body.invoiceId, user);
      await this.assertReferences(tx, body);
      const [row] = await tx.rows<{ id: number }>(
        sql`insert into replacement_parts (invoice_id, part_type_id, part_number, description, vendor_id, cost, price, status_id)
            values (${body.invoiceId}, ${body.partTypeId}, ${body.partNumber || null}, ${body.description || null},
                    ${body.vendorId ?? null}, ${body.cost ?? null}, ${body.price}, ${body.statusId}) returning id`,
      );
      await this.stamp(tx, row.id);
      await this.recompute(tx, user, body.invoiceId, `Part added: ${await partName(tx, row.id)}`);
      return { id: row.id, invoiceId: body.invoiceId };
    });
  }

  edit(user: SessionUser, id: number, body: PartUpdate) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.rows<Record<PartField, unknown> & { invoiceId: number }>(
        sql`select invoice_id as "invoiceId", part_type_id as "partTypeId", part_number as "partNumber", description,
              vendor_id as "vendorId", cost::float8 as cost, price::float8 as price, status_id as "statusId"
            from replacement_parts where id = ${id}`,
      );
      if (!before) throw notFound(`Replacement part ${id} not found.`);
      await loadEditableInvoice(tx, before.invoiceId, user);
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
      await tx.rows(
        sql`update replacement_parts set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`,
      );
      await this.stamp(tx, id);
      // History names the part as the invoice screen shows it (its id would read like an invoice number).
      await this.recompute(
        tx,
        user,
        before.invoiceId,
        `Part ${await partName(tx, id)} edited: ${describeChanges(changes)}`,
      );
      return { id, invoiceId: before.invoiceId };
    });
  }

  private async assertReferences(tx: Db, body: PartUpdate) {
    await assertReference(tx, 'part type', body.partTypeId, 'partTypeId');
    await assertReference(tx, 'part status', body.statusId, 'statusId');
    await assertReference(tx, 'vendor', body.vendorId, 'vendorId');
  }

  private async stamp(tx: Db, id: number) {
    await tx.rows(
      sql`update replacement_parts p set
            ordered_at = case when s.name = 'Ordered' then coalesce(p.ordered_at, now()) else p.ordered_at end,
            received_at = case when s.name = 'Received' then coalesce(p.received_at, now()) else p.received_at end
          from replacement_part_statuses s where s.id = p.status_id and p.id = ${id}`,
    );
  }

  private async recompute(tx: Db, user: SessionUser, invoiceId: number, details: string) {
    await storeInvoiceMoney(tx, invoiceId, { parts: true });
    await recordInvoiceChange(tx, user, invoiceId, { activity: 'Parts changed', details });
  }
}
