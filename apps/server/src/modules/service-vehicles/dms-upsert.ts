import {
  type DmsRowValues,
  defaultRepairLineCount,
  RepairOrderStatus,
  repairOrderStatusLabel,
  VehicleSource,
} from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { audit } from '../../http/audit.js';
import { DEFAULT_REPAIR_DESCRIPTION } from './create-service.js';
import { lockedBy } from './records.js';

/** One valid row of a DMS import, as the dms-imports area hands it over. */
export interface DmsVehicleRow {
  rowNumber: number;
  values: DmsRowValues;
  /** The repair count a new vehicle gets (the file's, else the import's default; at least 1). */
  repairCount: number;
  /** Digest of the values this row imports: equal to the stored one means nothing changed. */
  hash: string;
}

export interface DmsUpsertResult {
  created: number;
  updated: number;
  unchanged: number;
  failed: { rowNumber: number; reason: string }[];
}

interface Existing {
  roNumber: string;
  serviceVehicleId: number;
  rowHash: string;
  customerId: number | null;
  lockUserId: number | null;
  lockHolder: string | null;
}

/** The row as the SQL below reads it (json_to_recordset). */
const recordOf = (r: DmsVehicleRow, id: number, customerId: number | null) => ({
  id,
  customer_id: customerId,
  ro: r.values.roNumber,
  ro_status: r.values.roStatusId,
  // The status's description, as the edit form writes it (edit-service.ts): none for "None".
  ro_status_text:
    r.values.roStatusId === RepairOrderStatus.None ? null : repairOrderStatusLabel(r.values.roStatusId),
  opened: r.values.openedAt,
  vin: r.values.vin,
  year: r.values.year,
  make: r.values.make,
  model: r.values.model,
  color: r.values.color,
  tag: r.values.tag,
  service_tag: r.values.serviceTag,
  advisor: r.values.serviceAdvisor,
  notes: r.values.notes,
  repair_count: r.repairCount,
  file_count: r.values.repairCount,
  lines: defaultRepairLineCount(r.repairCount),
  hash: r.hash,
  first_name: r.values.firstName ?? '',
  last_name: r.values.lastName ?? '',
  phone1: r.values.phone1,
  phone1_type: r.values.phone1TypeId,
  phone2: r.values.phone2,
  phone2_type: r.values.phone2TypeId,
});
type RowRecord = ReturnType<typeof recordOf>;

const RECORDSET = sql`json_to_recordset(x.rows) as r(id int, customer_id int, ro text, ro_status smallint,
  ro_status_text text, opened text, vin text, year smallint, make text, model text, color text, tag text, service_tag text, advisor text,
  notes text, repair_count smallint, file_count smallint, lines int, hash text, first_name text, last_name text,
  phone1 text, phone1_type smallint, phone2 text, phone2_type smallint)`;
const rowsParam = (rows: RowRecord[]) => sql`(select ${JSON.stringify(rows)}::json as rows) x`;
const hasCustomer = (r: DmsVehicleRow) =>
  Boolean(r.values.firstName || r.values.lastName || r.values.phone1 || r.values.phone2);

/** The facility's IANA zone, UTC when it has none. */
export async function facilityTimeZone(tx: Db, facilityId: number): Promise<string> {
  const [row] = await tx.rows<{ tz: string }>(
    sql`select coalesce(time_zone, 'UTC') as tz from facilities where id = ${facilityId}`,
  );
  return row?.tz ?? 'UTC';
}

async function nextIds(tx: Db, table: 'customers' | 'service_vehicles', n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await tx.rows<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n})`,
  );
  return rows.map((r) => r.id);
}

/**
 * Creates or updates the service vehicles of one batch of a DMS import (issue #23), in the caller's unit of
 * work: a row whose facility and RO number an earlier import created updates that vehicle (when its values
 * changed since), any other row creates one with source 6 'DMS import', its repair count and the default
 * repair lines (spec 1 §5 "Creating a service vehicle"). A vehicle someone else has locked is left alone and
 * its row reported as failed. Each vehicle gets one history entry, all of them linked to one activity log row
 * for the batch. The caller serializes batches of one facility (the RO numbers are looked up, then written).
 * The RO numbers of `rows` must be distinct.
 */
export async function upsertDmsVehicles(
  tx: Db,
  user: SessionUser,
  input: {
    facilityId: number;
    importId: number;
    rows: readonly DmsVehicleRow[];
    /** The facility's IANA zone (open dates are its wall clock); read from the facility when not given. */
    timeZone?: string;
  },
): Promise<DmsUpsertResult> {
  const { facilityId, importId, rows } = input;
  const result: DmsUpsertResult = { created: 0, updated: 0, unchanged: 0, failed: [] };
  if (rows.length === 0) return result;
  const existing = await tx.rows<Existing>(
    sql`select m.ro_number as "roNumber", m.service_vehicle_id as "serviceVehicleId", m.row_hash as "rowHash",
               sv.customer_id as "customerId", l.user_id as "lockUserId",
               case when u.id is not null then u.first_name || ' ' || u.last_name end as "lockHolder"
        from dms_imported_vehicles m
        join service_vehicles sv on sv.id = m.service_vehicle_id
        left join service_vehicle_locks l on l.service_vehicle_id = sv.id
        left join users u on u.id = l.user_id
        where m.facility_id = ${facilityId}
          and m.ro_number in (select value from json_array_elements_text(${JSON.stringify(rows.map((r) => r.values.roNumber))}::json))`,
  );
  const byRo = new Map(existing.map((e) => [e.roNumber, e]));
  const creates: DmsVehicleRow[] = [];
  const updates: { row: DmsVehicleRow; found: Existing }[] = [];
  for (const row of rows) {
    const found = byRo.get(row.values.roNumber);
    if (!found) creates.push(row);
    else if (found.rowHash === row.hash) result.unchanged++;
    else if (found.lockUserId !== null && found.lockUserId !== user.id)
      result.failed.push({
        rowNumber: row.rowNumber,
        reason: lockedBy(found.serviceVehicleId, found.lockHolder).detail ?? 'Locked',
      });
    else updates.push({ row, found });
  }
  if (creates.length === 0 && updates.length === 0) return result;

  const logId = await audit(tx, user, {
    activity: 'DMS import',
    type: 'create',
    recordType: 'DmsImport',
    recordId: importId,
    details: { importId, facilityId, created: creates.length, updated: updates.length },
  });
  const tz = input.timeZone ?? (await facilityTimeZone(tx, facilityId));
  const opened = sql`case when r.opened is null then null else (r.opened::timestamp at time zone ${tz}) end`;

  if (creates.length) {
    // One statement (fewer round trips matter on a busy machine): the rows with new ids drawn from the
    // tables' sequences, then the customers, vehicles, repair lines, import links and history entries.
    // The foreign keys are checked at the end of the statement, when every insert is done.
    const records = creates.map((r) => ({ ...recordOf(r, 0, null), has_customer: hasCustomer(r) }));
    await tx.rows(
      sql`with src as (select ${JSON.stringify(records)}::json as rows),
          r as materialized (
            select nextval(pg_get_serial_sequence('service_vehicles', 'id'))::int as id,
              case when x.has_customer then nextval(pg_get_serial_sequence('customers', 'id'))::int end as customer_id,
              x.*
            from src, json_to_recordset(src.rows) as x(ro text, ro_status smallint, ro_status_text text, opened text, vin text, year smallint,
              make text, model text, color text, tag text, service_tag text, advisor text, notes text,
              repair_count smallint, lines int, hash text, first_name text, last_name text, phone1 text,
              phone1_type smallint, phone2 text, phone2_type smallint, has_customer boolean)),
          c as (insert into customers (id, first_name, last_name, primary_phone, primary_phone_type_id,
                  secondary_phone, secondary_phone_type_id)
                select r.customer_id, r.first_name, r.last_name, r.phone1, r.phone1_type, r.phone2, r.phone2_type
                from r where r.customer_id is not null),
          v as (insert into service_vehicles (id, facility_id, customer_id, created_by_id, source_id, repair_count,
                  repair_order_number, ro_status_id, ro_status_description, ro_opened_at, vin, vehicle_year, vehicle_make, vehicle_model,
                  color, license_tag, service_tag, service_advisor_name, windshield_notes)
                select r.id, ${facilityId}, r.customer_id, ${user.id}, ${VehicleSource.DmsImport}, r.repair_count,
                  r.ro, r.ro_status, r.ro_status_text, ${opened}, r.vin, r.year, r.make, r.model, r.color, r.tag, r.service_tag,
                  r.advisor, r.notes
                from r),
          l as (insert into service_vehicle_repairs (service_vehicle_id, line_number, description, amount)
                select r.id, g, ${DEFAULT_REPAIR_DESCRIPTION}, 0 from r, generate_series(1, r.lines) g),
          m as (insert into dms_imported_vehicles (facility_id, ro_number, service_vehicle_id, row_hash, import_id)
                select ${facilityId}, r.ro, r.id, r.hash, ${importId} from r),
          h as (insert into service_vehicle_history (service_vehicle_id, activity, user_id, details, activity_log_id)
                select r.id, 'Service vehicle created', ${user.id}, 'DMS import ' || ${importId} || ': RO ' || r.ro,
                  ${logId} from r)
          select count(*)::int as n from r`,
    );
    result.created = creates.length;
  }

  if (updates.length) {
    const newCustomers = updates.filter((u) => u.found.customerId === null && hasCustomer(u.row));
    const customerIds = await nextIds(tx, 'customers', newCustomers.length);
    const given = new Map(newCustomers.map((u, i) => [u.row.values.roNumber, customerIds[i]]));
    const records = updates.map(({ row, found }) =>
      recordOf(row, found.serviceVehicleId, found.customerId ?? given.get(row.values.roNumber) ?? null),
    );
    if (customerIds.length) {
      await tx.rows(
        sql`insert into customers (id, first_name, last_name, primary_phone, primary_phone_type_id, secondary_phone,
              secondary_phone_type_id)
            select r.customer_id, r.first_name, r.last_name, r.phone1, r.phone1_type, r.phone2, r.phone2_type
            from ${rowsParam(records)}, ${RECORDSET}
            where r.customer_id in (select value::int from json_array_elements_text(${JSON.stringify(customerIds)}::json))`,
      );
    }
    await tx.rows(
      sql`update customers c set first_name = r.first_name, last_name = r.last_name, primary_phone = r.phone1,
            primary_phone_type_id = r.phone1_type, secondary_phone = r.phone2, secondary_phone_type_id = r.phone2_type,
            updated_at = now()
          from ${rowsParam(records)}, ${RECORDSET}
          where c.id = r.customer_id
            and (c.first_name, c.last_name, c.primary_phone, c.primary_phone_type_id, c.secondary_phone,
                 c.secondary_phone_type_id)
                is distinct from (r.first_name, r.last_name, r.phone1, r.phone1_type, r.phone2, r.phone2_type)`,
    );
    // The repair count changes only when the file gives one; lines are added up to it, never removed.
    await tx.rows(
      sql`update service_vehicles sv set customer_id = r.customer_id, repair_order_number = r.ro,
            ro_status_id = r.ro_status, ro_status_description = r.ro_status_text, ro_opened_at = ${opened}, vin = r.vin, vehicle_year = r.year,
            vehicle_make = r.make, vehicle_model = r.model, color = r.color, license_tag = r.tag,
            service_tag = r.service_tag, service_advisor_name = r.advisor, windshield_notes = r.notes,
            repair_count = coalesce(r.file_count, sv.repair_count), updated_at = now()
          from ${rowsParam(records)}, ${RECORDSET}
          where sv.id = r.id`,
    );
    await tx.rows(
      sql`insert into service_vehicle_repairs (service_vehicle_id, line_number, description, amount)
          select r.id, g, ${DEFAULT_REPAIR_DESCRIPTION}, 0
          from ${rowsParam(records)}, ${RECORDSET},
            generate_series((select coalesce(max(line_number), 0) + 1 from service_vehicle_repairs sr
                             where sr.service_vehicle_id = r.id), r.lines) g
          where r.file_count is not null`,
    );
    await tx.rows(
      sql`update dms_imported_vehicles m set row_hash = r.hash, import_id = ${importId}, updated_at = now()
          from ${rowsParam(records)}, ${RECORDSET}
          where m.facility_id = ${facilityId} and m.ro_number = r.ro`,
    );
    await tx.rows(
      sql`insert into service_vehicle_history (service_vehicle_id, activity, user_id, details, activity_log_id)
          select r.id, 'Updated by DMS import', ${user.id}, 'DMS import ' || ${importId} || ': RO ' || r.ro, ${logId}
          from ${rowsParam(records)}, ${RECORDSET}`,
    );
    result.updated = updates.length;
  }
  return result;
}
