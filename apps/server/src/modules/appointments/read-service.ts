import { assertFacilityInScope, facilityFilter } from '../../http/facility-scope.js';
import { invoiceNotFound } from '@glass/domain';
import type {
  AppointmentDetails,
  AppointmentRow,
  appointmentAccessories,
  appointmentImages,
  appointmentMaterials,
  appointmentNotes,
  appointmentParts,
} from '@glass/domain/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { KeptJson } from '../../http/send-json.js';
import type { Db } from '../../db/unit-of-work.js';
import { notFound } from '../../http/errors.js';
import { cachedAnswer } from './answer-cache.js';
import { appointmentJson, appointmentSelect, dayWindow } from './sql.js';

/** 404 unless the invoice exists. */
export async function assertInvoiceExists(db: Db, id: number) {
  const [row] = await db.rows(sql`select 1 from invoices where id = ${id}`);
  if (!row) throw notFound(invoiceNotFound(id));
}

/** Zone of a facility (or of the first facility when none is chosen), for "the day" of the lists. */
export async function facilityZone(db: Db, facilityId: number | null | undefined): Promise<string> {
  const [row] = await db.rows<{ tz: string }>(
    sql`select time_zone as tz from facilities where ${facilityId ? sql`id = ${facilityId}` : sql`true`}
        order by id limit 1`,
  );
  return row?.tz ?? 'UTC';
}

/** Today on a zone's wall clock. */
export async function todayInZone(db: Db, tz: string): Promise<string> {
  const [row] = await db.rows<{ d: string }>(
    sql`select to_char(now() at time zone ${tz}, 'YYYY-MM-DD') as d`,
  );
  return row.d;
}

/**
 * GET /api/appointments {mineOnly, startDate}: the day's visits as JSON text; mine: where I am the installer.
 * Kept while no visit changes (answer-cache.ts): every screen of the day asks for the same.
 */
export async function listAppointments(
  db: Database,
  user: SessionUser,
  q: { mineOnly?: boolean; startDate?: string },
): Promise<KeptJson> {
  const tz = await facilityZone(db, user.facilityId);
  const day = q.startDate ?? (await todayInZone(db, tz));
  const installer = q.mineOnly ? user.id : undefined;
  // Decision 0016: a facility-bound user's list holds the visits of their allowed facilities only.
  const key = JSON.stringify(['day', tz, day, installer, user.allowedFacilityIds]);
  return cachedAnswer(db, undefined, key, () =>
    jsonOf(
      db,
      appointmentJson(
        sql`${dayWindow('a.appointment_date_time', sql`${tz}`, day, 1)} ${installer ? sql`and a.installer_id = ${installer}` : sql``}
            and ${facilityFilter(user, sql`a.facility_id`)}`,
        sql`coalesce(a.sort_date, a.appointment_date_time), a.appointment_date_time, a.id`,
      ),
    ),
  );
}

/**
 * GET /api/appointments/facility {appointmentStartDate}: the day's visits of the user's current facility, kept
 * while none of them changes (answer-cache.ts): every office screen of the facility shows the same day.
 */
export async function facilityAppointments(
  db: Database,
  user: SessionUser,
  q: { appointmentStartDate?: string; facilityId?: number },
): Promise<KeptJson | string> {
  const facilityId = q.facilityId ?? user.facilityId;
  if (!facilityId) return '[]';
  assertFacilityInScope(user, facilityId);
  // The zone is read only when needed (no day given, or the answer is built), and once.
  let zone: string | undefined;
  const zoneOf = async () => (zone ??= await facilityZone(db, facilityId));
  const day = q.appointmentStartDate ?? (await todayInZone(db, await zoneOf()));
  return cachedAnswer(db, facilityId, JSON.stringify(['facility', facilityId, day]), async () => {
    const tz = await zoneOf();
    return jsonOf(
      db,
      appointmentJson(
        sql`a.facility_id = ${facilityId} and ${dayWindow('a.appointment_date_time', sql`${tz}`, day, 1)}`,
        sql`a.appointment_date_time, a.id`,
      ),
    );
  });
}

const jsonOf = async (db: Database, query: SQL) => (await db.listRows<{ json: string }>(query))[0].json;

const partFilter = (col: string, partTypeId?: number) =>
  partTypeId ? sql`and ${sql.raw(col)} = ${partTypeId}` : sql``;

/** GET /api/appointments/details {invoiceId}: every visit of the invoice, newest first. */
export async function appointmentDetails(
  db: Db,
  q: { invoiceId: number; partTypeId?: number },
): Promise<AppointmentDetails> {
  const [inv] = await db.rows<Omit<AppointmentDetails, 'appointments'>>(
    sql`select i.id as "invoiceId", i.facility_id as "facilityId", f.time_zone as "timeZone", i.sold_to as "customerName",
          nullif(concat_ws(' ', i.vehicle_year::text, i.vehicle_make, i.vehicle_model), '') as vehicle, i.vin
        from invoices i join facilities f on f.id = i.facility_id where i.id = ${q.invoiceId}`,
  );
  if (!inv) await assertInvoiceExists(db, q.invoiceId);
  const appointments = await db.rows<AppointmentRow>(
    appointmentSelect(
      sql`a.invoice_id = ${q.invoiceId} ${partFilter('a.part_type_id', q.partTypeId)}`,
      sql`a.appointment_date_time desc, a.id desc`,
    ),
  );
  return { ...inv, appointments };
}

type Rows<S extends z.ZodType> = z.infer<S>;

/** Photos taken with the status updates of the invoice's visits. */
export async function appointmentImagesOf(db: Db, q: { invoiceId: number; partTypeId?: number }) {
  await assertInvoiceExists(db, q.invoiceId);
  return db.rows<Rows<typeof appointmentImages>[number]>(
    sql`select fl.id, fl.status_update_id as "statusUpdateId", fl.file_id as "fileId", fl.path, u.status_id as "statusId",
          to_json(u.created_at) #>> '{}' as "createdAt"
        from appointment_status_updates u join appointment_status_update_files fl on fl.status_update_id = u.id
        where u.invoice_id = ${q.invoiceId} ${partFilter('u.part_type_id', q.partTypeId)}
        order by u.created_at, fl.id`,
  );
}

/** The invoice's windshield accessories (what the installer fits). */
export async function appointmentAccessoriesOf(db: Db, q: { invoiceId: number }) {
  await assertInvoiceExists(db, q.invoiceId);
  return db.rows<Rows<typeof appointmentAccessories>[number]>(
    sql`select w.id, w.name, w.part_number as "partNumber"
        from invoice_accessories a join windshield_accessories w on w.id = a.accessory_id
        where a.invoice_id = ${q.invoiceId} order by w.name, w.id`,
  );
}

/** The invoice's replacement parts with their status. */
export async function appointmentPartsOf(db: Db, q: { invoiceId: number; partTypeId?: number }) {
  await assertInvoiceExists(db, q.invoiceId);
  return db.rows<Rows<typeof appointmentParts>[number]>(
    sql`select p.id, p.part_type_id as "partTypeId", pt.name as "partTypeName", p.part_number as "partNumber",
          p.description, p.status_id as "statusId", rs.name as "statusName"
        from replacement_parts p join replacement_part_statuses rs on rs.id = p.status_id
        left join part_types pt on pt.id = p.part_type_id
        where p.invoice_id = ${q.invoiceId} ${partFilter('p.part_type_id', q.partTypeId)}
        order by p.id`,
  );
}

/** Materials used, as reported with the status updates. */
export async function appointmentMaterialsOf(db: Db, q: { invoiceId: number; partTypeId?: number }) {
  await assertInvoiceExists(db, q.invoiceId);
  return db.rows<Rows<typeof appointmentMaterials>[number]>(
    sql`select m.id, m.status_update_id as "statusUpdateId", m.material_id as "materialId", mt.name,
          m.quantity::text as quantity
        from appointment_status_updates u join appointment_status_update_materials m on m.status_update_id = u.id
        join materials mt on mt.id = m.material_id
        where u.invoice_id = ${q.invoiceId} ${partFilter('u.part_type_id', q.partTypeId)}
        order by u.created_at, m.id`,
  );
}

/** Notes written with the status updates from the field, oldest first. */
export async function appointmentNotesOf(db: Db, q: { invoiceId: number; partTypeId?: number }) {
  await assertInvoiceExists(db, q.invoiceId);
  return db.rows<Rows<typeof appointmentNotes>[number]>(
    sql`select u.id, u.appointment_id as "appointmentId", u.part_type_id as "partTypeId", u.status_id as "statusId",
          st.name as "statusName", u.note, us.first_name || ' ' || us.last_name as "userName",
          to_json(u.created_at) #>> '{}' as "createdAt"
        from appointment_status_updates u join appointment_statuses st on st.id = u.status_id
        left join users us on us.id = u.user_id
        where u.invoice_id = ${q.invoiceId} and u.note is not null and u.note <> ''
          ${partFilter('u.part_type_id', q.partTypeId)}
        order by u.created_at, u.id`,
  );
}
