import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app-type.js';
import { DEMO } from './constants.js';

/**
 * What the upload-route tests share (files/hostile-files.test.ts, files/upload-orphans.test.ts): a multipart
 * body built from its parts, and the records every upload route of the route table needs.
 */

/** A text field, or a file (its Content-Type defaults to image/png: the content decides, not the type). */
export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; type?: string; data: Buffer };

/**
 * A multipart/form-data body for app.inject. `stream`: sent as a stream of its pieces with its length, the
 * file's bytes never copied (large hostile files); otherwise one buffer.
 */
export function multipartForm(parts: FormPart[], opts: { stream?: boolean } = {}) {
  const boundary = `----glassUpload${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'image/png'}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const type = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (!opts.stream) return { payload: Buffer.concat(chunks) as Buffer | Readable, headers: type };
  const length = chunks.reduce((n, c) => n + c.length, 0);
  return {
    payload: Readable.from(chunks, { objectMode: false }) as Buffer | Readable,
    headers: { ...type, 'content-length': String(length) },
  };
}

export const formField = (name: string, value: string | number): FormPart => ({ name, value: String(value) });

/** The records the upload routes take. */
export interface UploadTargets {
  editableInvoice: number;
  finalizedInvoice: number;
  serviceVehicle: number;
  /** A conversation the demo System Admin started. */
  conversation: number;
  /** The demo Manager: a message's recipient, and the installer of the visit below. */
  recipient: number;
  /**
   * An invoice (the editable one) with a visit of its own, Scheduled for tomorrow, of part type
   * `visitPartType` (one it had no schedule for): the installer's status call.
   */
  visitInvoice: number;
  visitPartType: number;
}

/**
 * Finds (and for the visit, makes) the records. `from`: the oldest records (`'first'`) or, a few from the
 * newest (`'last'`): two test files on the shared PostgreSQL database then never take the same invoice.
 */
export async function uploadTargets(app: App, from: 'first' | 'last'): Promise<UploadTargets> {
  const db = app.deps.db;
  const one = async (q: ReturnType<typeof sql>) =>
    ((await db.rows<{ id: number }>(q))[0] as { id: number }).id;
  const order = from === 'first' ? sql`order by id limit 1` : sql`order by id desc offset 3 limit 1`;
  const editableInvoice = await one(
    sql`select id from invoices i where not finalized and not void
        and not exists (select 1 from invoice_locks l where l.invoice_id = i.id) ${order}`,
  );
  const visitPartType = await one(
    sql`select pt.id from part_types pt where not exists (select 1 from appointment_schedules s
          where s.invoice_id = ${editableInvoice} and s.part_type_id = pt.id) order by pt.id desc limit 1`,
  );
  const recipient = await one(sql`select id from users where user_name = ${DEMO.manager.userName}`);
  const schedule = await one(
    sql`insert into appointment_schedules (invoice_id, part_type_id, installer_id, service_address, city, state, zip,
          time_allowed) values (${editableInvoice}, ${visitPartType}, ${recipient}, '12 Elm St', 'Houston',
          'TX', '77001', 45) returning id`,
  );
  await db.rows(
    sql`insert into appointments (schedule_id, invoice_id, part_type_id, facility_id, installer_id, appointment_date_time, status_id)
        select ${schedule}, i.id, ${visitPartType}, i.facility_id, ${recipient}, now() + interval '1 day', 1
        from invoices i where i.id = ${editableInvoice}`,
  );
  return {
    editableInvoice,
    finalizedInvoice: await one(sql`select id from invoices where finalized order by id limit 1`),
    serviceVehicle: await one(
      sql`select id from service_vehicles s
          where not exists (select 1 from service_vehicle_locks l where l.service_vehicle_id = s.id)
          ${from === 'first' ? sql`order by id limit 1` : sql`order by id desc limit 1`}`,
    ),
    conversation: await one(
      sql`select c.id from conversations c join users u on u.id = c.started_by_user_id
          where u.user_name = ${DEMO.admin.userName} order by c.id limit 1`,
    ),
    recipient,
    visitInvoice: editableInvoice,
    visitPartType,
  };
}
