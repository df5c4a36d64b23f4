import { f, lookup, nn, out, userName } from '../../odata/fields.js';
import type { ODataResource, ODataType } from '../../odata/types.js';
import { DEFAULT_TZO, priorityColorSql, priorityPartition, prioritySql, tzoMinutes } from './priority-sql.js';

/**
 * GET /api/ServiceVehicles: the list row of spec 1 §3 "Service vehicle list row", plus the flags the
 * priority rule needs and the priority itself. Names (facility, lead technician, lock holder, customer)
 * are looked up for the rows of the page only (joined after its limit where they are by key); filters
 * run on service_vehicles' own indexed columns. "Only repairs > 0" (spec 1 §5) is the route's condition
 * (routes.ts), not a client filter; global search uses this resource without it and finds every vehicle.
 *
 * `priority` depends on "today", which depends on the user's time zone, so there is one resource per
 * TZO (the engine caches its plan per resource object; sessions use a handful of zones).
 */
const byTzo = new Map<number, ODataResource>();

export function serviceVehicleListResourceFor(tzo: number | null | undefined): ODataResource {
  const m = tzoMinutes(tzo);
  let resource = byTzo.get(m);
  if (!resource) {
    resource = build(m);
    byTzo.set(m, resource);
  }
  return resource;
}

/** Names looked up by key: one join per table after the page's limit (render-list.ts). */
const facility = (column: string) =>
  lookup({ from: 'facilities', key: 'id', on: 'sv.facility_id', value: `x.${column}` }, 'string');
const customer = (column: string, type: ODataType) =>
  lookup({ from: 'customers', key: 'id', on: 'sv.customer_id', value: `x.${column}` }, type);

function build(tzo: number): ODataResource {
  const priority = prioritySql('sv', tzo);
  return {
    name: 'ServiceVehicles',
    from: 'service_vehicles sv',
    fields: {
      id: f('sv.id', 'number'),
      createdAt: nn('sv.created_at', 'datetime'),
      updatedAt: nn('sv.updated_at', 'datetime'),
      flagged: nn('sv.flagged', 'boolean'),
      followUpDate: f('sv.follow_up_date', 'datetime'),
      followedUp: nn('sv.followed_up', 'boolean'),
      /** The list's date range: the follow-up date, or the created date when there is none (spec 1 §5). */
      activityDate: nn('coalesce(sv.follow_up_date, sv.created_at)', 'datetime'),
      inspectedAt: f('sv.inspected_at', 'datetime'),
      promisedDateTime: f('sv.promised_date_time', 'datetime'),
      repairCount: nn('sv.repair_count', 'number'),
      serviceAdvisorName: f('sv.service_advisor_name', 'string'),
      hasServiceAdvisor: f("(coalesce(sv.service_advisor_name, '') <> '')", 'boolean'),
      windshieldChecked: nn('sv.windshield_checked', 'boolean'),
      windshieldNotes: f('sv.windshield_notes', 'string'),
      internal: nn('sv.internal', 'boolean'),
      void: nn('sv.void', 'boolean'),
      lost: nn('sv.lost', 'boolean'),
      readyToCall: nn('sv.ready_to_call', 'boolean'),
      readyForParts: nn('sv.ready_for_parts', 'boolean'),
      readyToSchedule: nn('sv.ready_to_schedule', 'boolean'),
      okToCall: nn('sv.ok_to_call', 'boolean'),
      lastContactAt: f('sv.last_contact_at', 'datetime'),
      invoiceId: f('sv.invoice_id', 'number'),
      thumb: nn('sv.thumb', 'number'),
      paymentTypeId: nn('sv.payment_type_id', 'number'),
      notesCount: nn('sv.notes_count', 'number'),
      facilityId: nn('sv.facility_id', 'number'),
      leadTechnicianId: f('sv.lead_technician_id', 'number'),
      createdById: f('sv.created_by_id', 'number'),
      customerId: f('sv.customer_id', 'number'),
      sourceId: f('sv.source_id', 'number'),
      'vehicle/year': f('sv.vehicle_year', 'number'),
      'vehicle/make': f('sv.vehicle_make', 'string'),
      'vehicle/model': f('sv.vehicle_model', 'string'),
      'vehicle/vin': f('sv.vin', 'string'),
      'vehicle/licenseTag': f('sv.license_tag', 'string'),
      'vehicle/serviceTag': f('sv.service_tag', 'string'),
      'vehicle/stockNumber': f('sv.stock_number', 'string'),
      'repairOrder/repairOrderNumber': f('sv.repair_order_number', 'string'),
      'repairOrder/statusId': nn('sv.ro_status_id', 'number'),
      'repairOrder/openedAt': f('sv.ro_opened_at', 'datetime'),
      'facility/name': facility('name'),
      'facility/shortName': facility('short_name'),
      leadTechnician: userName('sv.lead_technician_id'),
      locked: out(
        'exists (select 1 from service_vehicle_locks l where l.service_vehicle_id = sv.id)',
        'boolean',
      ),
      lockedBy: userName(
        '(select l.user_id from service_vehicle_locks l where l.service_vehicle_id = sv.id)',
      ),
      'customer/firstName': customer('first_name', 'string'),
      'customer/lastName': customer('last_name', 'string'),
      'customer/primaryPhone': customer('primary_phone', 'string'),
      'customer/primaryPhoneTypeId': customer('primary_phone_type_id', 'number'),
      'customer/secondaryPhone': customer('secondary_phone', 'string'),
      'customer/secondaryPhoneTypeId': customer('secondary_phone_type_id', 'number'),
      parkLine: out(
        '(select p.park_line from parked_items p where p.service_vehicle_id = sv.id limit 1)',
        'number',
      ),
      /**
       * Spec 1 §4, 1 (first) to 9; sortable and filterable. Computed per row from the stored class; a page
       * ordered by it reads each value's rows from the indexes on the class (priorityPartition).
       */
      priority: { ...nn(priority, 'number'), partition: priorityPartition('sv', tzo) },
      priorityColor: out(priorityColorSql(priority), 'string'),
    },
    defaultOrderBy: 'sv.id desc',
    key: 'sv.id',
    defaultTop: 100,
    maxTop: 500,
  };
}

/** The list in the business's default zone, for callers without a session zone (global search). */
export const serviceVehicleListResource = serviceVehicleListResourceFor(DEFAULT_TZO);
