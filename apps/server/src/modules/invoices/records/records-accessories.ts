import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/sessions.js';
import type { Database } from '../../../db/client.js';
import { conflict } from '../../../http/errors.js';
import { assertReference } from '../../../records/index.js';
import { type InvoiceWriteTarget, loadEditableInvoice, recordInvoiceChange } from '../invoice-record.js';
import { finalizedProblem } from '../workflow/workflow.js';
import type { Db } from '../../../db/unit-of-work.js';

/**
 * Adds windshield accessories to an invoice already loaded for the write (PATCH `accessories`). Ones it
 * already has are skipped; an unknown or inactive accessory is a 400 on its item. Returns whether any was
 * added (history `Accessories added` with their names).
 */
export async function addAccessories(
  db: Db,
  user: SessionUser,
  target: InvoiceWriteTarget,
  accessoryIds: readonly number[],
): Promise<boolean> {
  if (target.finalized) throw conflict(finalizedProblem(target.id));
  const ids = [...new Set(accessoryIds)];
  for (const [i, id] of ids.entries()) {
    await assertReference(db, 'accessory', id, `accessories.${i}.accessoryId`);
  }
  const added = await db.rows<{ name: string }>(
    sql`with ins as (
          insert into invoice_accessories (invoice_id, accessory_id)
          select ${target.id}, a from unnest(${`{${ids.join(',')}}`}::int[]) a
          on conflict (invoice_id, accessory_id) do nothing returning accessory_id)
        select w.name from ins join windshield_accessories w on w.id = ins.accessory_id order by w.name`,
  );
  if (added.length === 0) return false;
  await recordInvoiceChange(db, user, target.id, {
    activity: 'Accessories added',
    details: added.map((a) => a.name).join(', '),
  });
  return true;
}

/** POST /api/Invoices/{id}/deleteAccessories: removes those accessories (by accessoryId); absent ones are ignored. */
export function deleteAccessories(
  db: Database,
  user: SessionUser,
  invoiceId: number,
  accessoryIds: number[],
) {
  return db.transaction(async (tx) => {
    await loadEditableInvoice(tx, invoiceId, user);
    const removed = await tx.rows<{ name: string }>(
      sql`with del as (
            delete from invoice_accessories where invoice_id = ${invoiceId}
              and accessory_id = any(${`{${accessoryIds.join(',')}}`}::int[]) returning accessory_id)
          select w.name from del join windshield_accessories w on w.id = del.accessory_id order by w.name`,
    );
    if (removed.length === 0) return false;
    await recordInvoiceChange(tx, user, invoiceId, {
      activity: 'Accessories removed',
      details: removed.map((a) => a.name).join(', '),
    });
    return true;
  });
}
