import { defaultRepairLineCount, vinModelYear } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import { assertReference, recordChange } from './records.js';
import type { CreateInput } from './schemas.js';
import { checkedVin, recordVinLookup } from './vin-check.js';
import type { Db } from '../../db/unit-of-work.js';

/** Line amounts start at 0: the rate depends on the payer (insurer repair rates), known only later. */
export const DEFAULT_REPAIR_DESCRIPTION = 'Chip repair';

/**
 * Creating a service vehicle (spec 1 §5): N repairs (not replacement) add N default repair lines;
 * the VIN is validated when given and its model year fills a missing year.
 */
export async function createServiceVehicle(
  db: Database,
  user: SessionUser,
  input: CreateInput,
): Promise<number> {
  const vin = checkedVin(input.vehicle.vin, 'vehicle.vin');
  const year = input.vehicle.year ?? (vin ? (vinModelYear(vin) ?? null) : null);
  const lines = defaultRepairLineCount(input.repairCount);
  if (input.repairs.length > lines) {
    throw badRequest('repairs', `A repair count of ${input.repairCount} takes at most ${lines} repair lines`);
  }
  const facilityId = input.facilityId ?? user.facilityId;
  if (!facilityId) throw badRequest('facilityId', 'Choose a facility');

  return db.transaction(async (tx) => {
    await assertReference(tx, 'facility', facilityId, 'facilityId');
    await assertReference(tx, 'user', input.leadTechnicianId, 'leadTechnicianId');
    const customerId = await insertCustomer(tx, input.customer);
    const v = input.vehicle;
    const ro = input.repairOrder;
    const [row] = await tx.rows<{ id: number }>(
      sql`insert into service_vehicles (facility_id, customer_id, payment_type_id, internal, created_by_id, lead_technician_id,
            promised_date_time, service_advisor_name, repair_count, windshield_checked, windshield_notes,
            vehicle_year, vehicle_make, vehicle_model, vin, license_tag, license_state, service_tag, stock_number, topper,
            body_style, color, mileage, source_id, repair_order_number, ro_opened_at, ro_status_id, ro_status_description)
          values (${facilityId}, ${customerId}, ${input.paymentTypeId ?? 0}, ${input.internal ?? false}, ${user.id},
            ${input.leadTechnicianId ?? null}, ${input.promisedDateTime ?? null}, ${input.serviceAdvisorName ?? null},
            ${input.repairCount}, ${input.windshieldChecked ?? false}, ${input.windshieldNotes ?? null},
            ${year}, ${v.make ?? null}, ${v.model ?? null}, ${vin}, ${v.licenseTag?.toUpperCase() ?? null},
            ${v.licenseState?.toUpperCase() ?? null}, ${v.serviceTag ?? null}, ${v.stockNumber ?? null}, ${v.topper ?? null},
            ${v.bodyStyle ?? null}, ${v.color ?? null}, ${v.mileage ?? null}, ${v.sourceId ?? null},
            ${ro.repairOrderNumber ?? null}, ${ro.openedAt ?? null}, ${ro.statusId ?? -1}, ${ro.statusDescription ?? null})
          returning id`,
    );
    await addDefaultRepairLines(tx, row.id, 1, lines, input.repairs);
    if (vin) await recordVinLookup(tx, user, row.id, vin);
    await recordChange(tx, user, row.id, {
      activity: 'Service vehicle created',
      type: 'create',
      details: ro.repairOrderNumber ? `RO ${ro.repairOrderNumber}` : null,
      params: { facilityId, repairCount: input.repairCount },
    });
    return row.id;
  });
}

/** Lines `from`..`to` (1-based), filled from `given[line - 1]` where the form sent contents. */
export async function addDefaultRepairLines(
  db: Db,
  svId: number,
  from: number,
  to: number,
  given: CreateInput['repairs'] = [],
) {
  if (to < from) return;
  const values = [];
  for (let line = from; line <= to; line++) {
    const g = given[line - 1];
    values.push(
      sql`(${svId}, ${line}, ${g?.description || DEFAULT_REPAIR_DESCRIPTION}, ${g?.location ?? null}, ${g?.amount ?? 0})`,
    );
  }
  await db.rows(
    sql`insert into service_vehicle_repairs (service_vehicle_id, line_number, description, location, amount)
        values ${sql.join(values, sql`, `)}`,
  );
}

async function insertCustomer(db: Db, c: CreateInput['customer']): Promise<number | null> {
  if (!c) return null;
  const p1 = c.contact?.primaryPhone;
  const p2 = c.contact?.secondaryPhone;
  const hasAny = [c.firstName, c.lastName, c.email, p1?.phone, p2?.phone].some((v) => v);
  if (!hasAny) return null;
  const [row] = await db.rows<{ id: number }>(
    sql`insert into customers (first_name, last_name, email, primary_phone, primary_phone_type_id, secondary_phone,
          secondary_phone_type_id)
        values (${c.firstName ?? ''}, ${c.lastName ?? ''}, ${c.email ?? null}, ${p1?.phone || null}, ${p1?.phoneTypeId ?? -1},
          ${p2?.phone || null}, ${p2?.phoneTypeId ?? -1})
        returning id`,
  );
  return row.id;
}
