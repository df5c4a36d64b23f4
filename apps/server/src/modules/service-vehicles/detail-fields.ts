import {
  type DetailDeclaration,
  editable as e,
  json,
  jsonObjectSql,
  patchColumns,
} from '../../odata/detail-object.js';
import { f, nn, out } from '../../odata/fields.js';
import { priorityColorSql, prioritySql } from './priority-sql.js';

/**
 * The service vehicle detail (spec 1 §3 "Service vehicle (detail)"), declared once with the list
 * engine's field helpers (f, nn, out): each line is a path of the answer and its column; `e(…, 'name')` marks the
 * PATCH field that writes it. The SQL (JSON built by PostgreSQL) and the PATCH column map come from
 * here; detail-fields.test.ts holds every column to the Drizzle schema and every path to the domain
 * contract (`svDetail`). A new field is one line here, one in the contract, and its migration.
 */

/** Entries of the history shown inside the detail; the full history is GET /api/ServiceVehicleHistory. */
export const DETAIL_HISTORY_ENTRIES = 50;

const userRef = (idSql: string) =>
  `(select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = ${idSql})`;

/** The declaration for a session's zone (priority and its colour depend on "today"). */
export function serviceVehicleDetail(tzo: number): DetailDeclaration {
  const priority = prioritySql('sv', tzo);
  return {
    id: nn('sv.id', 'number'),
    // One sub-select for the three (as many lookups would cost three).
    facility: json(
      `(select json_build_object('id', f.id, 'name', f.name, 'shortName', f.short_name) from facilities f where f.id = sv.facility_id)`,
    ),
    paymentTypeId: e(nn('sv.payment_type_id', 'number'), 'paymentTypeId'),
    lock: json(`(select json_build_object('id', l.id, 'lockedAt', l.locked_at, 'user', ${userRef('l.user_id')})
             from service_vehicle_locks l where l.service_vehicle_id = sv.id)`),
    followedUp: e(nn('sv.followed_up', 'boolean'), 'followedUp'),
    followUpDate: e(f('sv.follow_up_date', 'datetime'), 'followUpDate', 'at'),
    readyForParts: e(nn('sv.ready_for_parts', 'boolean'), 'readyForParts'),
    readyToCall: e(nn('sv.ready_to_call', 'boolean'), 'readyToCall'),
    readyToSchedule: e(nn('sv.ready_to_schedule', 'boolean'), 'readyToSchedule'),
    okToCall: nn('sv.ok_to_call', 'boolean'),
    lastContactAt: f('sv.last_contact_at', 'datetime'),
    'vehicle/year': f('sv.vehicle_year', 'number'),
    'vehicle/make': f('sv.vehicle_make', 'string'),
    'vehicle/model': f('sv.vehicle_model', 'string'),
    'vehicle/vin': f('sv.vin', 'string'),
    'vehicle/licenseTag': f('sv.license_tag', 'string'),
    'vehicle/licenseState': f('sv.license_state', 'string'),
    'vehicle/serviceTag': f('sv.service_tag', 'string'),
    'vehicle/stockNumber': f('sv.stock_number', 'string'),
    'vehicle/topper': f('sv.topper', 'string'),
    'vehicle/bodyStyle': f('sv.body_style', 'string'),
    'vehicle/color': f('sv.color', 'string'),
    'vehicle/mileage': f('sv.mileage', 'number'),
    'vehicle/sourceId': f('sv.source_id', 'number'),
    'repairOrder/repairOrderNumber': f('sv.repair_order_number', 'string'),
    'repairOrder/openedAt': f('sv.ro_opened_at', 'datetime'),
    'repairOrder/closedAt': f('sv.ro_closed_at', 'datetime'),
    'repairOrder/statusDescription': f('sv.ro_status_description', 'string'),
    'repairOrder/statusId': f('sv.ro_status_id', 'number'),
    'repairOrder/total': f('sv.ro_total', 'number'),
    customer:
      json(`(select json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name, 'email', c.email,
        'doNotCall', c.do_not_call, 'doNotText', c.do_not_text, 'doNotEmail', c.do_not_email,
        'contact', json_build_object(
          'primaryPhone', json_build_object('phone', c.primary_phone, 'phoneTypeId', c.primary_phone_type_id),
          'secondaryPhone', json_build_object('phone', c.secondary_phone, 'phoneTypeId', c.secondary_phone_type_id)))
      from customers c where c.id = sv.customer_id)`),
    internal: e(nn('sv.internal', 'boolean'), 'internal'),
    createdBy: json(userRef('sv.created_by_id')),
    createdAt: nn('sv.created_at', 'datetime'),
    updatedAt: nn('sv.updated_at', 'datetime'),
    leadTechnician: json(userRef('sv.lead_technician_id')),
    inspectedAt: e(f('sv.inspected_at', 'datetime'), 'inspectedAt', 'at'),
    promisedDateTime: e(f('sv.promised_date_time', 'datetime'), 'promisedDateTime', 'at'),
    invoiceId: f('sv.invoice_id', 'number'),
    serviceAdvisorName: e(f('sv.service_advisor_name', 'string'), 'serviceAdvisorName'),
    void: nn('sv.void', 'boolean'),
    lost: nn('sv.lost', 'boolean'),
    lostReason: json(
      "(select json_build_object('id', r.id, 'name', r.name) from lost_reasons r where r.id = sv.lost_reason_id)",
    ),
    flagged: e(nn('sv.flagged', 'boolean'), 'flagged'),
    repairCount: nn('sv.repair_count', 'number'),
    windshieldChecked: e(nn('sv.windshield_checked', 'boolean'), 'windshieldChecked'),
    windshieldNotes: e(f('sv.windshield_notes', 'string'), 'windshieldNotes'),
    replacementPartsCount: nn('sv.replacement_parts_count', 'number'),
    thumb: nn('sv.thumb', 'number'),
    repairs:
      json(`(select coalesce(json_agg(json_build_object('id', r.id, 'lineNumber', r.line_number, 'description', r.description,
        'location', r.location, 'amount', r.amount) order by r.line_number, r.id), '[]') from service_vehicle_repairs r
      where r.service_vehicle_id = sv.id)`),
    parkedItem: json(`(select json_build_object('id', p.id, 'parkLine', p.park_line, 'parkedAt', p.parked_at,
        'parkedByUserId', p.parked_by_user_id, 'parkedBy', ${userRef('p.parked_by_user_id')}->>'name',
        'parkedForUserId', p.parked_for_user_id, 'parkedFor', ${userRef('p.parked_for_user_id')}->>'name',
        'parkedForMessageGroupId', p.parked_for_message_group_id,
        'parkedForMessageGroup', (select g.name from message_groups g where g.id = p.parked_for_message_group_id))
      from parked_items p where p.service_vehicle_id = sv.id)`),
    notesCount: nn('sv.notes_count', 'number'),
    history:
      json(`(select coalesce(json_agg(json_build_object('id', h.id, 'activityDate', h.activity_date, 'activity', h.activity,
        'user', ${userRef('h.user_id')}->>'name', 'details', h.details, 'activityLogId', h.activity_log_id,
        'isContact', h.is_contact) order by h.activity_date desc, h.id desc), '[]')
      from (select * from service_vehicle_history x where x.service_vehicle_id = sv.id
            order by x.activity_date desc, x.id desc limit ${DETAIL_HISTORY_ENTRIES}) h)`),
    lastDisposition: json(`(select json_build_object('id', d.id, 'name', d.name, 'at', sv.last_disposition_at)
      from dispositions d where d.id = sv.last_disposition_id)`),
    priority: nn(priority, 'number'),
    priorityColor: out(priorityColorSql(priority), 'string'),
    repairQuoteAmount: f('sv.repair_quote_amount', 'number'),
    replacementQuoteAmount: f('sv.replacement_quote_amount', 'number'),
    factory: f('sv.factory', 'string'),
    internalTotal: f('sv.internal_total', 'number'),
    warrantyTotal: f('sv.warranty_total', 'number'),
    customerTotal: f('sv.customer_total', 'number'),
    'images/roImagePath': f('sv.ro_image_path', 'string'),
    'images/insuranceCardImagePath': f('sv.insurance_card_image_path', 'string'),
    'images/windshieldImagePaths': json("coalesce(to_json(sv.windshield_image_paths), '[]'::json)"),
  };
}

const byTzo = new Map<number, string>();
/** Trusted SQL of the detail as JSON text over `service_vehicles sv`, one text per zone. */
export function serviceVehicleDetailSql(tzo: number): string {
  let text = byTzo.get(tzo);
  if (!text) {
    text = jsonObjectSql(serviceVehicleDetail(tzo));
    byTzo.set(tzo, text);
  }
  return text;
}

/** PATCH fields and their columns, from the declaration (the zone does not matter for columns). */
export const SV_PATCH_COLUMNS = patchColumns(serviceVehicleDetail(300), 'sv', {
  leadTechnicianId: { col: 'lead_technician_id' },
});
