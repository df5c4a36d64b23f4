import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { invoiceMissing } from './records.js';
import { TransactionStatus } from './transactions-service.js';

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

/** Trusted SQL of spec 2 §3 "Invoice (detail)" (the fields the schema holds), built as JSON text
 * (two objects joined: one json_build_object takes at most 100 arguments). */
const DETAIL_SQL = `(jsonb_build_object(
  'id', i.id,
  'facility', (select json_build_object('id', f.id, 'name', f.name, 'shortName', f.short_name) from facilities f where f.id = i.facility_id),
  'lock', (select json_build_object('id', l.id, 'lockedAt', l.locked_at, 'user', ${userRef('l.user_id')})
           from invoice_locks l where l.invoice_id = i.id),
  'paymentTypeId', i.payment_type_id,
  'insuranceCompany', (select json_build_object('id', x.id, 'name', x.name, 'clearingHouseId', x.clearing_house_id)
    from insurance_companies x where x.id = i.insurance_company_id),
  'referenceNumber', i.reference_number, 'claimNumber', i.claim_number, 'policyNumber', i.policy_number,
  'lossDateTime', i.loss_date_time, 'languageId', i.language_id, 'advertisementSourceNotes', i.advertisement_source_notes,
  'customer', ${person('i.customer_id')}, 'buyer', ${person('i.buyer_id')}, 'soldTo', i.sold_to,
  'administrator', ${userRef('i.administrator_id')}, 'leadTechnician', ${userRef('i.lead_technician_id')},
  'repairTechnician', ${userRef('i.repair_technician_id')}, 'autoGlassAssociate', ${userRef('i.auto_glass_associate_id')},
  'adminAssistant', ${userRef('i.admin_assistant_id')}, 'createdBy', ${userRef('i.created_by_id')},
  'initiated', i.initiated, 'pending', i.pending, 'confirmed', i.confirmed, 'completed', i.completed,
  'repairCompleted', i.repair_completed, 'scheduled', i.scheduled, 'signed', i.signed, 'flagged', i.flagged,
  'void', i.void, 'snailMail', i.snail_mail, 'inspection', i.inspection, 'lost', i.lost,
  'lostReason', (select json_build_object('id', r.id, 'name', r.name) from lost_reasons r where r.id = i.lost_reason_id),
  'submitted', i.submitted, 'submittedAt', i.submitted_at, 'funded', i.funded, 'fundedAt', i.funded_at,
  'finalized', i.finalized, 'finalizedAt', i.finalized_at, 'followedUp', i.followed_up,
  'repairApproved', i.repair_approved, 'hasVerbalSignature', i.has_verbal_signature, 'replacement', i.replacement,
  'thumb', i.thumb) || jsonb_build_object(
  'windshieldChecked', i.windshield_checked, 'windshieldNotes', i.windshield_notes,
  'openDateTime', i.open_date_time, 'actionDate', i.action_date, 'workCompletedAt', i.work_completed_at,
  'createdAt', i.created_at, 'updatedAt', i.updated_at,
  'totalCost', i.total_cost, 'laborCost', i.labor_cost, 'partsCost', i.parts_cost, 'taxCost', i.tax_cost,
  'followUpAt', i.follow_up_at, 'followUpById', i.follow_up_by_id, 'followUpForId', i.follow_up_for_id,
  'deductiblePayment', json_build_object('value', i.deductible_amount, 'paymentTypeId', i.deductible_payment_type_id),
  'depositPayment', json_build_object('value', i.deposit_amount, 'paymentTypeId', i.deposit_payment_type_id),
  'vehicleDetails', json_build_object('year', i.vehicle_year, 'make', i.vehicle_make, 'model', i.vehicle_model,
    'vin', i.vin, 'mileage', i.mileage),
  'tagDetails', json_build_object('licensePlate', i.license_plate, 'licenseState', i.license_state,
    'serviceTag', i.service_tag),
  'topper', i.topper, 'roNumber', i.ro_number, 'repairCount', i.repair_count, 'notesCount', i.notes_count,
  'serviceAddress', json_build_object('line1', i.service_address_line1, 'city', i.service_city,
    'state', i.service_state, 'zip', i.service_zip),
  'repairs', (select coalesce(json_agg(json_build_object('id', r.id, 'lineNumber', r.line_number,
      'description', r.description, 'location', r.location, 'amount', r.amount) order by r.line_number, r.id), '[]')
    from invoice_repairs r where r.invoice_id = i.id),
  'serviceVehicle', (select json_build_object('id', sv.id, 'stockNumber', sv.stock_number, 'factory', sv.factory,
      'internal', sv.internal, 'internalTotal', sv.internal_total, 'warrantyTotal', sv.warranty_total,
      'customerTotal', sv.customer_total, 'serviceAdvisor', sv.service_advisor_name,
      'repairOrder', json_build_object('number', sv.repair_order_number, 'statusId', sv.ro_status_id,
        'total', sv.ro_total, 'openedAt', sv.ro_opened_at),
      'vehicle', json_build_object('bodyStyle', sv.body_style, 'color', sv.color, 'serviceTag', sv.service_tag,
        'sourceId', sv.source_id))
    from service_vehicles sv where sv.id = i.service_vehicle_id),
  'parkedItem', (select json_build_object('id', p.id, 'parkLine', p.park_line, 'parkedByUserId', p.parked_by_user_id)
    from parked_items p where p.invoice_id = i.id),
  'previousInvoiceId', (select max(x.id) from invoices x where x.id < i.id),
  'nextInvoiceId', (select min(x.id) from invoices x where x.id > i.id),
  'history', (select coalesce(json_agg(json_build_object('id', h.id, 'activityDate', h.activity_date,
      'activity', h.activity, 'user', ${userRef('h.user_id')}->>'name', 'details', h.details,
      'isContact', h.is_contact) order by h.activity_date desc, h.id desc), '[]')
    from (select * from invoice_history y where y.invoice_id = i.id
          order by y.activity_date desc, y.id desc limit ${DETAIL_HISTORY_ENTRIES}) h)
) || jsonb_build_object(
  'accessories', (select coalesce(json_agg(json_build_object('id', a.id, 'accessoryId', a.accessory_id,
      'name', w.name) order by w.name, a.id), '[]')
    from invoice_accessories a join windshield_accessories w on w.id = a.accessory_id where a.invoice_id = i.id),
  'parts', (select coalesce(json_agg(json_build_object('id', p.id, 'partTypeId', p.part_type_id, 'partType', t.name,
      'partNumber', p.part_number, 'description', p.description, 'vendorId', p.vendor_id, 'vendor', v.name,
      'cost', p.cost, 'price', p.price, 'statusId', p.status_id, 'status', s.name, 'orderedAt', p.ordered_at,
      'receivedAt', p.received_at) order by p.id), '[]')
    from replacement_parts p left join part_types t on t.id = p.part_type_id
    left join vendors v on v.id = p.vendor_id join replacement_part_statuses s on s.id = p.status_id
    where p.invoice_id = i.id),
  'appointmentSchedules', (select coalesce(json_agg(json_build_object('id', sc.id, 'partTypeId', sc.part_type_id,
      'scheduledAt', ap.appointment_date_time, 'status', ap.status,
      'installer', ${userRef('sc.installer_id')}) order by ap.appointment_date_time, sc.id), '[]')
    from appointment_schedules sc left join lateral (select x.appointment_date_time, st.name as status
      from appointments x join appointment_statuses st on st.id = x.status_id where x.schedule_id = sc.id
      order by x.appointment_date_time desc, x.id desc limit 1) ap on true
    where sc.invoice_id = i.id),
  'transactionsTotal', (select coalesce(sum(t.amount), 0) from invoice_transactions t
    where t.invoice_id = i.id and t.status_id <> ${TransactionStatus.Void})
))::text`;

export class InvoiceDetailService {
  constructor(private db: Database) {}

  /** The detail as JSON text, ready to send; 404 'Invoice {id} not found or missing service vehicle'. */
  async detail(id: number): Promise<string> {
    const [row] = await this.db.rows<{ json: string }>(
      sql`select ${sql.raw(DETAIL_SQL)} as json from invoices i where i.id = ${id}`,
    );
    if (!row) throw invoiceMissing(id);
    return row.json;
  }

  /** The latest invoice (by OpenDateTime) of a service vehicle. */
  async byServiceVehicle(serviceVehicleId: number): Promise<string> {
    const [row] = await this.db.rows<{ id: number }>(
      sql`select id from invoices where service_vehicle_id = ${serviceVehicleId}
          order by open_date_time desc, id desc limit 1`,
    );
    if (!row) throw notFound(`No invoice found for service vehicle ${serviceVehicleId}.`);
    return this.detail(row.id);
  }
}
