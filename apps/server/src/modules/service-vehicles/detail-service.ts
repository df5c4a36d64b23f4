import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import { priorityColorSql, prioritySql } from './priority-sql.js';
import { svNotFound } from './records.js';

/** Entries of the history shown inside the detail; the full history is GET /api/ServiceVehicleHistory. */
export const DETAIL_HISTORY_ENTRIES = 50;

const userRef = (idSql: string) =>
  `(select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = ${idSql})`;

/** Trusted SQL of the detail object (spec 1 §3 "Service vehicle (detail)"), built by PostgreSQL as JSON text. */
function detailSql(tzo: number): string {
  const priority = prioritySql('sv', tzo);
  return `json_build_object(
    'id', sv.id,
    'facility', (select json_build_object('id', f.id, 'name', f.name, 'shortName', f.short_name) from facilities f where f.id = sv.facility_id),
    'paymentTypeId', sv.payment_type_id,
    'lock', (select json_build_object('id', l.id, 'lockedAt', l.locked_at, 'user', ${userRef('l.user_id')})
             from service_vehicle_locks l where l.service_vehicle_id = sv.id),
    'followedUp', sv.followed_up, 'followUpDate', sv.follow_up_date,
    'readyForParts', sv.ready_for_parts, 'readyToCall', sv.ready_to_call, 'readyToSchedule', sv.ready_to_schedule,
    'okToCall', sv.ok_to_call, 'lastContactAt', sv.last_contact_at,
    'vehicle', json_build_object('year', sv.vehicle_year, 'make', sv.vehicle_make, 'model', sv.vehicle_model, 'vin', sv.vin,
      'licenseTag', sv.license_tag, 'licenseState', sv.license_state, 'serviceTag', sv.service_tag, 'stockNumber', sv.stock_number,
      'topper', sv.topper, 'bodyStyle', sv.body_style, 'color', sv.color, 'mileage', sv.mileage, 'sourceId', sv.source_id),
    'repairOrder', json_build_object('repairOrderNumber', sv.repair_order_number, 'openedAt', sv.ro_opened_at,
      'closedAt', sv.ro_closed_at, 'statusDescription', sv.ro_status_description, 'statusId', sv.ro_status_id, 'total', sv.ro_total),
    'customer', (select json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name, 'email', c.email,
        'doNotCall', c.do_not_call, 'doNotText', c.do_not_text, 'doNotEmail', c.do_not_email,
        'contact', json_build_object(
          'primaryPhone', json_build_object('phone', c.primary_phone, 'phoneTypeId', c.primary_phone_type_id),
          'secondaryPhone', json_build_object('phone', c.secondary_phone, 'phoneTypeId', c.secondary_phone_type_id)))
      from customers c where c.id = sv.customer_id),
    'internal', sv.internal,
    'createdBy', ${userRef('sv.created_by_id')}, 'createdAt', sv.created_at, 'updatedAt', sv.updated_at,
    'leadTechnician', ${userRef('sv.lead_technician_id')},
    'inspectedAt', sv.inspected_at, 'promisedDateTime', sv.promised_date_time, 'invoiceId', sv.invoice_id,
    'serviceAdvisorName', sv.service_advisor_name, 'void', sv.void, 'lost', sv.lost,
    'lostReason', (select json_build_object('id', r.id, 'name', r.name) from lost_reasons r where r.id = sv.lost_reason_id),
    'flagged', sv.flagged, 'repairCount', sv.repair_count, 'windshieldChecked', sv.windshield_checked,
    'windshieldNotes', sv.windshield_notes, 'replacementPartsCount', sv.replacement_parts_count, 'thumb', sv.thumb,
    'repairs', (select coalesce(json_agg(json_build_object('id', r.id, 'lineNumber', r.line_number, 'description', r.description,
        'location', r.location, 'amount', r.amount) order by r.line_number, r.id), '[]') from service_vehicle_repairs r
      where r.service_vehicle_id = sv.id),
    'parkedItem', (select json_build_object('id', p.id, 'parkLine', p.park_line, 'parkedAt', p.parked_at,
        'parkedByUserId', p.parked_by_user_id, 'parkedBy', ${userRef('p.parked_by_user_id')}->>'name',
        'parkedForUserId', p.parked_for_user_id, 'parkedFor', ${userRef('p.parked_for_user_id')}->>'name',
        'parkedForMessageGroupId', p.parked_for_message_group_id,
        'parkedForMessageGroup', (select g.name from message_groups g where g.id = p.parked_for_message_group_id))
      from parked_items p where p.service_vehicle_id = sv.id),
    'notesCount', sv.notes_count,
    'history', (select coalesce(json_agg(json_build_object('id', h.id, 'activityDate', h.activity_date, 'activity', h.activity,
        'user', ${userRef('h.user_id')}->>'name', 'details', h.details, 'activityLogId', h.activity_log_id,
        'isContact', h.is_contact) order by h.activity_date desc, h.id desc), '[]')
      from (select * from service_vehicle_history x where x.service_vehicle_id = sv.id
            order by x.activity_date desc, x.id desc limit ${DETAIL_HISTORY_ENTRIES}) h),
    'lastDisposition', (select json_build_object('id', d.id, 'name', d.name, 'at', sv.last_disposition_at)
      from dispositions d where d.id = sv.last_disposition_id),
    'priority', ${priority}, 'priorityColor', ${priorityColorSql(priority)},
    'repairQuoteAmount', sv.repair_quote_amount, 'replacementQuoteAmount', sv.replacement_quote_amount,
    'factory', sv.factory, 'internalTotal', sv.internal_total, 'warrantyTotal', sv.warranty_total, 'customerTotal', sv.customer_total,
    'images', json_build_object('roImagePath', sv.ro_image_path, 'insuranceCardImagePath', sv.insurance_card_image_path,
      'windshieldImagePaths', coalesce(to_json(sv.windshield_image_paths), '[]'::json))
  )::text`;
}

export class DetailService {
  constructor(private db: Database) {}

  /** The detail as JSON text, ready to send. */
  async detail(id: number, tzo: number): Promise<string> {
    const [row] = await this.db.rows<{ json: string }>(
      sql`select ${sql.raw(detailSql(tzo))} as json from service_vehicles sv where sv.id = ${id}`,
    );
    if (!row) throw svNotFound(id);
    return row.json;
  }

  /**
   * Windshield accessories of the vehicle. Accessories are recorded on the invoice made from it
   * (invoice_accessories), so before the invoice exists the list is empty.
   */
  async accessories(id: number) {
    const [sv] = await this.db.rows<{ invoiceId: number | null }>(
      sql`select invoice_id as "invoiceId" from service_vehicles where id = ${id}`,
    );
    if (!sv) throw svNotFound(id);
    if (!sv.invoiceId) return [];
    return this.db.rows(
      sql`select ia.id, ia.accessory_id as "accessoryId", wa.name, wa.part_number as "partNumber", wa.price,
                 wa.requires_calibration as "requiresCalibration"
          from invoice_accessories ia join windshield_accessories wa on wa.id = ia.accessory_id
          where ia.invoice_id = ${sv.invoiceId} order by wa.name`,
    );
  }

  /** VIN decodes of one vehicle (or of one VIN), newest first. */
  async vinHistory(q: { serviceVehicleId?: number; vin?: string }) {
    if (!q.serviceVehicleId && !q.vin)
      throw badRequest('serviceVehicleId', 'Give a service vehicle id or a VIN');
    const where = q.serviceVehicleId
      ? sql`v.service_vehicle_id = ${q.serviceVehicleId}`
      : sql`v.vin = ${q.vin?.trim().toUpperCase()}`;
    const [json] = await this.db.rows<{ json: string }>(
      sql`select coalesce(json_agg(x order by x."lookedUpAt" desc, x.id desc), '[]')::text as json from (
            select v.id, v.vin, v.service_vehicle_id as "serviceVehicleId", v.looked_up_at as "lookedUpAt",
                   (select u.first_name || ' ' || u.last_name from users u where u.id = v.user_id) as "user",
                   v.source, v.year, v.make, v.model, v.body_style as "bodyStyle"
            from vin_lookups v where ${where} order by v.looked_up_at desc, v.id desc limit 50) x`,
    );
    return json.json;
  }
}
