import {
  type DetailDeclaration,
  editable as e,
  json,
  jsonObjectSql,
  type PatchKind,
  patchColumns,
} from '../../../odata/detail-object.js';
import { f, nn } from '../../../odata/fields.js';
import { TransactionStatus } from '../records/transactions-service.js';

/**
 * The invoice detail (spec 2 §3 "Invoice (detail)"), declared once with the list engine's field
 * helpers (f, nn, out): each line is a path of the answer and its column; `e(…, 'name')` marks the PATCH field that
 * writes it. The SQL (JSON built by PostgreSQL) and the PATCH column map come from here;
 * detail-fields.test.ts holds every column to the Drizzle schema and every path to the domain contract
 * (`invoiceDetail`). A new field is one line here, one in the contract, and its migration.
 */

/** Entries of the history shown inside the detail. */
export const DETAIL_HISTORY_ENTRIES = 50;

const userRef = (idSql: string) =>
  `(select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = ${idSql})`;

const person = (idSql: string) => `(select json_build_object('id', c.id, 'firstName', c.first_name,
    'lastName', c.last_name, 'companyName', c.company_name,
    'primaryPhone', json_build_object('phone', c.primary_phone, 'phoneTypeId', c.primary_phone_type_id),
    'secondaryPhone', json_build_object('phone', c.secondary_phone, 'phoneTypeId', c.secondary_phone_type_id),
    'doNotCall', c.do_not_call, 'doNotText', c.do_not_text, 'email', c.email, 'doNotEmail', c.do_not_email,
    'address', json_build_object('line1', c.address_line1, 'line2', c.address_line2, 'city', c.city,
      'state', c.state, 'zip', c.zip))
  from customers c where c.id = ${idSql})`;

export const INVOICE_DETAIL: DetailDeclaration = {
  id: nn('i.id', 'number'),
  // One sub-select for the three (as many lookups would cost three).
  facility: json(
    `(select json_build_object('id', f.id, 'name', f.name, 'shortName', f.short_name) from facilities f where f.id = i.facility_id)`,
  ),
  lock: json(`(select json_build_object('id', l.id, 'lockedAt', l.locked_at, 'user', ${userRef('l.user_id')})
           from invoice_locks l where l.invoice_id = i.id)`),
  paymentTypeId: e(nn('i.payment_type_id', 'number'), 'paymentTypeId'),
  insuranceCompany:
    json(`(select json_build_object('id', x.id, 'name', x.name, 'clearingHouseId', x.clearing_house_id)
    from insurance_companies x where x.id = i.insurance_company_id)`),
  referenceNumber: e(f('i.reference_number', 'string'), 'referenceNumber'),
  claimNumber: e(f('i.claim_number', 'string'), 'claimNumber'),
  policyNumber: e(f('i.policy_number', 'string'), 'policyNumber'),
  lossDateTime: e(f('i.loss_date_time', 'datetime'), 'lossDateTime', 'at'),
  languageId: e(f('i.language_id', 'number'), 'languageId'),
  advertisementSourceNotes: e(f('i.advertisement_source_notes', 'string'), 'advertisementSourceNotes'),
  customer: json(person('i.customer_id')),
  buyer: json(person('i.buyer_id')),
  soldTo: f('i.sold_to', 'string'),
  administrator: json(userRef('i.administrator_id')),
  leadTechnician: json(userRef('i.lead_technician_id')),
  repairTechnician: json(userRef('i.repair_technician_id')),
  autoGlassAssociate: json(userRef('i.auto_glass_associate_id')),
  adminAssistant: json(userRef('i.admin_assistant_id')),
  createdBy: json(userRef('i.created_by_id')),
  initiated: nn('i.initiated', 'boolean'),
  pending: nn('i.pending', 'boolean'),
  confirmed: nn('i.confirmed', 'boolean'),
  completed: nn('i.completed', 'boolean'),
  repairCompleted: nn('i.repair_completed', 'boolean'),
  scheduled: nn('i.scheduled', 'boolean'),
  signed: nn('i.signed', 'boolean'),
  flagged: e(nn('i.flagged', 'boolean'), 'flagged'),
  void: nn('i.void', 'boolean'),
  snailMail: e(nn('i.snail_mail', 'boolean'), 'snailMail'),
  inspection: e(nn('i.inspection', 'boolean'), 'inspection'),
  lost: nn('i.lost', 'boolean'),
  lostReason: json(
    `(select json_build_object('id', r.id, 'name', r.name) from lost_reasons r where r.id = i.lost_reason_id)`,
  ),
  submitted: e(nn('i.submitted', 'boolean'), 'submitted'),
  submittedAt: f('i.submitted_at', 'datetime'),
  funded: nn('i.funded', 'boolean'),
  fundedAt: f('i.funded_at', 'datetime'),
  finalized: e(nn('i.finalized', 'boolean'), 'finalized'),
  finalizedAt: f('i.finalized_at', 'datetime'),
  followedUp: e(nn('i.followed_up', 'boolean'), 'followedUp'),
  repairApproved: nn('i.repair_approved', 'boolean'),
  hasVerbalSignature: nn('i.has_verbal_signature', 'boolean'),
  replacement: nn('i.replacement', 'boolean'),
  thumb: nn('i.thumb', 'number'),
  windshieldChecked: e(nn('i.windshield_checked', 'boolean'), 'windshieldChecked'),
  windshieldNotes: e(f('i.windshield_notes', 'string'), 'windshieldNotes'),
  openDateTime: f('i.open_date_time', 'datetime'),
  actionDate: e(f('i.action_date', 'datetime'), 'actionDate', 'at'),
  workCompletedAt: f('i.work_completed_at', 'datetime'),
  createdAt: nn('i.created_at', 'datetime'),
  updatedAt: nn('i.updated_at', 'datetime'),
  totalCost: nn('i.total_cost', 'number'),
  laborCost: nn('i.labor_cost', 'number'),
  partsCost: nn('i.parts_cost', 'number'),
  taxCost: nn('i.tax_cost', 'number'),
  followUpAt: e(f('i.follow_up_at', 'datetime'), 'followUpAt', 'at'),
  followUpById: f('i.follow_up_by_id', 'number'),
  followUpForId: e(f('i.follow_up_for_id', 'number'), 'followUpForId'),
  'deductiblePayment/value': e(f('i.deductible_amount', 'number'), 'deductibleAmount', 'money'),
  'deductiblePayment/paymentTypeId': e(
    f('i.deductible_payment_type_id', 'number'),
    'deductiblePaymentTypeId',
  ),
  'depositPayment/value': e(f('i.deposit_amount', 'number'), 'depositAmount', 'money'),
  'depositPayment/paymentTypeId': e(f('i.deposit_payment_type_id', 'number'), 'depositPaymentTypeId'),
  'vehicleDetails/year': e(f('i.vehicle_year', 'number'), 'vehicleYear'),
  'vehicleDetails/make': e(f('i.vehicle_make', 'string'), 'vehicleMake'),
  'vehicleDetails/model': e(f('i.vehicle_model', 'string'), 'vehicleModel'),
  'vehicleDetails/vin': e(f('i.vin', 'string'), 'vin'),
  'vehicleDetails/mileage': e(f('i.mileage', 'number'), 'mileage'),
  'tagDetails/licensePlate': e(f('i.license_plate', 'string'), 'licensePlate'),
  'tagDetails/licenseState': e(f('i.license_state', 'string'), 'licenseState'),
  'tagDetails/serviceTag': e(f('i.service_tag', 'string'), 'serviceTag'),
  topper: e(f('i.topper', 'string'), 'topper'),
  roNumber: f('i.ro_number', 'string'),
  repairCount: nn('i.repair_count', 'number'),
  notesCount: nn('i.notes_count', 'number'),
  'serviceAddress/line1': f('i.service_address_line1', 'string'),
  'serviceAddress/city': f('i.service_city', 'string'),
  'serviceAddress/state': f('i.service_state', 'string'),
  'serviceAddress/zip': f('i.service_zip', 'string'),
  repairs: json(`(select coalesce(json_agg(json_build_object('id', r.id, 'lineNumber', r.line_number,
      'description', r.description, 'location', r.location, 'amount', r.amount) order by r.line_number, r.id), '[]')
    from invoice_repairs r where r.invoice_id = i.id)`),
  serviceVehicle:
    json(`(select json_build_object('id', sv.id, 'stockNumber', sv.stock_number, 'factory', sv.factory,
      'internal', sv.internal, 'internalTotal', sv.internal_total, 'warrantyTotal', sv.warranty_total,
      'customerTotal', sv.customer_total, 'serviceAdvisor', sv.service_advisor_name,
      'repairOrder', json_build_object('number', sv.repair_order_number, 'statusId', sv.ro_status_id,
        'total', sv.ro_total, 'openedAt', sv.ro_opened_at),
      'vehicle', json_build_object('bodyStyle', sv.body_style, 'color', sv.color, 'serviceTag', sv.service_tag,
        'sourceId', sv.source_id))
    from service_vehicles sv where sv.id = i.service_vehicle_id)`),
  parkedItem:
    json(`(select json_build_object('id', p.id, 'parkLine', p.park_line, 'parkedByUserId', p.parked_by_user_id)
    from parked_items p where p.invoice_id = i.id)`),
  previousInvoiceId: json('(select max(x.id) from invoices x where x.id < i.id)'),
  nextInvoiceId: json('(select min(x.id) from invoices x where x.id > i.id)'),
  history: json(`(select coalesce(json_agg(json_build_object('id', h.id, 'activityDate', h.activity_date,
      'activity', h.activity, 'user', ${userRef('h.user_id')}->>'name', 'details', h.details,
      'isContact', h.is_contact) order by h.activity_date desc, h.id desc), '[]')
    from (select * from invoice_history y where y.invoice_id = i.id
          order by y.activity_date desc, y.id desc limit ${DETAIL_HISTORY_ENTRIES}) h)`),
  accessories: json(`(select coalesce(json_agg(json_build_object('id', a.id, 'accessoryId', a.accessory_id,
      'name', w.name) order by w.name, a.id), '[]')
    from invoice_accessories a join windshield_accessories w on w.id = a.accessory_id where a.invoice_id = i.id)`),
  parts:
    json(`(select coalesce(json_agg(json_build_object('id', p.id, 'partTypeId', p.part_type_id, 'partType', t.name,
      'partNumber', p.part_number, 'description', p.description, 'vendorId', p.vendor_id, 'vendor', v.name,
      'cost', p.cost, 'price', p.price, 'statusId', p.status_id, 'status', s.name, 'orderedAt', p.ordered_at,
      'receivedAt', p.received_at) order by p.id), '[]')
    from replacement_parts p left join part_types t on t.id = p.part_type_id
    left join vendors v on v.id = p.vendor_id join replacement_part_statuses s on s.id = p.status_id
    where p.invoice_id = i.id)`),
  appointmentSchedules:
    json(`(select coalesce(json_agg(json_build_object('id', sc.id, 'partTypeId', sc.part_type_id,
      'scheduledAt', ap.appointment_date_time, 'status', ap.status,
      'installer', ${userRef('sc.installer_id')}) order by ap.appointment_date_time, sc.id), '[]')
    from appointment_schedules sc left join lateral (select x.appointment_date_time, st.name as status
      from appointments x join appointment_statuses st on st.id = x.status_id where x.schedule_id = sc.id
      order by x.appointment_date_time desc, x.id desc limit 1) ap on true
    where sc.invoice_id = i.id)`),
  transactionsTotal: json(`(select coalesce(sum(t.amount), 0) from invoice_transactions t
    where t.invoice_id = i.id and t.status_id <> ${TransactionStatus.Void})`),
};

/** Trusted SQL of the detail as JSON text, over `invoices i`. */
export const INVOICE_DETAIL_SQL = jsonObjectSql(INVOICE_DETAIL);

/** PATCH fields the detail shows as an object rather than the id (insurer, staff): their columns. */
const PATCH_ONLY: Record<string, { col: string; kind?: PatchKind }> = {
  insuranceCompanyId: { col: 'insurance_company_id' },
  administratorId: { col: 'administrator_id' },
  leadTechnicianId: { col: 'lead_technician_id' },
  repairTechnicianId: { col: 'repair_technician_id' },
  autoGlassAssociateId: { col: 'auto_glass_associate_id' },
};

/** PATCH fields and their columns, from the declaration. */
export const INVOICE_PATCH_COLUMNS = patchColumns(INVOICE_DETAIL, 'i', PATCH_ONLY);
