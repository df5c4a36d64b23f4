// The reference the budget compares against: a bare Fastify + pg endpoint running plain SQL for the same rows
// as each of our lists (no auth, no parsing, no validation), with pg's default row parsing. Each answers the
// same rows in the same order as ours (issue #36): OData's null order (nulls first ascending, last descending)
// and the same tie-breakers, so the indexes the application's migrations built for that order serve it too;
// run.ts's BENCH_DRY=1 compares the ids of both answers in order. Compression as ours has it (@fastify/compress,
// the options of apps/server/src/http/safe-defaults.ts), so a client sending Accept-Encoding costs both the same.
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import pg from 'pg';
import {
  MISSING_REFERENCE_SQL,
  UNPAID_SQL,
} from '../apps/server/src/modules/invoices/list/outstanding-resource.js';
import { prioritySql } from '../apps/server/src/modules/service-vehicles/priority-sql.js';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.PG_POOL_MAX ?? 10),
});
const app = Fastify({ logger: false });
await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

// The invoice list screens' columns (the properties of @glass/domain's INVOICE_LIST_SELECT, flat), so both answers
// carry the same data.
const INVOICE_LIST = `
  select i.id, i.total_cost as "totalCost", f.short_name as "facilityShortName", f.name as "facilityName",
         i.payment_type_id as "paymentTypeId",
         ic.name as "insuranceCompany", i.reference_number as "referenceNumber", i.claim_number as "claimNumber",
         i.sold_to as "soldTo", i.customer_phone as "customerPhone", i.license_plate as "licensePlate",
         i.service_tag as "serviceTag", i.ro_number as "roNumber", i.topper, i.vehicle_year as "year",
         i.vehicle_make as "make", i.vehicle_model as "model",
         aa.first_name || ' ' || aa.last_name as "adminAssistant", lt.first_name || ' ' || lt.last_name as "leadTech",
         ag.first_name || ' ' || ag.last_name as "autoGlassAssociate",
         lu.first_name || ' ' || lu.last_name as "lockedBy", p.park_line as "parkedLine",
         i.initiated, i.pending, i.completed, i.repair_completed as "repairCompleted", i.submitted, i.funded, i.void,
         i.inspection, i.lost, i.signed, i.replacement, i.snail_mail as "snailMail", i.finalized, i.flagged,
         i.followed_up as "followedUp", i.thumb,
         i.windshield_checked as "windshieldChecked", i.open_date_time as "openDateTime", i.follow_up_at as "followUpAt",
         i.notes_count as "notesCount", i.repair_count as "repairCount"
  from invoices i
  left join facilities f on f.id = i.facility_id
  left join insurance_companies ic on ic.id = i.insurance_company_id
  left join users aa on aa.id = i.admin_assistant_id
  left join users lt on lt.id = i.lead_technician_id
  left join users ag on ag.id = i.auto_glass_associate_id
  left join invoice_locks l on l.invoice_id = i.id
  left join users lu on lu.id = l.user_id
  left join parked_items p on p.invoice_id = i.id
  where i.open_date_time >= $1 and i.open_date_time < $2
  order by i.lost, i.follow_up_at asc nulls first, i.open_date_time desc, i.id
  limit 250`;
const INVOICE_COUNT =
  'select count(*) from invoices i where i.open_date_time >= $1 and i.open_date_time < $2';

app.get('/invoices', async (req) => {
  const { from, to } = req.query as { from: string; to: string };
  const [rows, count] = await Promise.all([
    pool.query(INVOICE_LIST, [from, to]),
    pool.query(INVOICE_COUNT, [from, to]),
  ]);
  return { '@odata.count': Number(count.rows[0].count), value: rows.rows };
});

// The invoice list with a window and optionally a facility (the random-parameter case: a different window
// and filter per request), the same SQL as /invoices plus the facility condition.
app.get('/invoices-window', async (req) => {
  const { from, to, facilityId } = req.query as { from: string; to: string; facilityId?: string };
  const facility = facilityId ? ' and i.facility_id = $3' : '';
  const params = facilityId ? [from, to, Number(facilityId)] : [from, to];
  const [rows, count] = await Promise.all([
    pool.query(INVOICE_LIST.replace('i.open_date_time < $2', `i.open_date_time < $2${facility}`), params),
    pool.query(`${INVOICE_COUNT}${facility}`, params),
  ]);
  return { '@odata.count': Number(count.rows[0].count), value: rows.rows };
});

// Fragment searches (issue #17): invoices whose VIN or sold-to name contains the text, case-insensitively
// (ILIKE, wildcards escaped, which the trigram indexes of migration 0011 serve), in the list's order, top 50,
// with the count.
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const SEARCH_COLUMNS = { vin: 'i.vin', soldTo: 'i.sold_to' } as const;
app.get('/invoices-search', async (req) => {
  const q = req.query as Record<string, string>;
  const key = (Object.keys(SEARCH_COLUMNS) as (keyof typeof SEARCH_COLUMNS)[]).find((k) => q[k]);
  if (!key) return { value: [] };
  const where = `${SEARCH_COLUMNS[key]} ilike $1`;
  const list = INVOICE_LIST.replace(
    'where i.open_date_time >= $1 and i.open_date_time < $2',
    `where ${where}`,
  ).replace('limit 250', 'limit 50');
  const [rows, count] = await Promise.all([
    pool.query(list, [likeContains(q[key])]),
    pool.query(`select count(*) from invoices i where ${where}`, [likeContains(q[key])]),
  ]);
  return { '@odata.count': Number(count.rows[0].count), value: rows.rows };
});

// The list's header counts for the same fragment (GET /api/Invoices/summary beside the page): one aggregate.
app.get('/invoices-summary', async (req) => {
  const q = req.query as Record<string, string>;
  const key = (Object.keys(SEARCH_COLUMNS) as (keyof typeof SEARCH_COLUMNS)[]).find((k) => q[k]);
  if (!key) return {};
  const r = await pool.query(
    `select count(*)::int as total, count(*) filter (where i.submitted)::int as submitted,
       count(*) filter (where i.signed)::int as signed, count(*) filter (where i.replacement)::int as replacement
     from invoices i where ${SEARCH_COLUMNS[key]} ilike $1`,
    [likeContains(q[key])],
  );
  return r.rows[0];
});

// A deep page: the invoice list's columns ordered by id, 50 rows at an offset (skip: the offset is walked on the
// primary key alone and the joins are made for the page's 50 rows only), or after a key (after: the next link's
// keyset position, as ours follows @odata.nextLink).
app.get('/invoices-deep', async (req) => {
  const { skip, after } = req.query as { skip?: string; after?: string };
  const page =
    after !== undefined
      ? '(select k.id from invoices k where k.id > $1 order by k.id limit 50)'
      : '(select k.id from invoices k order by k.id limit 50 offset $1)';
  const list = INVOICE_LIST.replace('from invoices i', `from ${page} page join invoices i on i.id = page.id`)
    .replace('where i.open_date_time >= $1 and i.open_date_time < $2', '')
    .replace('order by i.lost, i.follow_up_at asc nulls first, i.open_date_time desc, i.id', 'order by i.id')
    .replace('limit 250', 'limit 50');
  const rows = await pool.query(list, [Number(after ?? skip)]);
  return { value: rows.rows };
});

// One invoice by id with its facility and insurer names (../shared/PERFORMANCE.md's by-key read).
app.get('/invoice/:id', async (req) => {
  const { id } = req.params as { id: string };
  const r = await pool.query(
    `select i.*, f.name as "facilityName", f.short_name as "facilityShortName", ic.name as "insuranceCompany"
     from invoices i left join facilities f on f.id = i.facility_id
     left join insurance_companies ic on ic.id = i.insurance_company_id where i.id = $1`,
    [Number(id)],
  );
  return r.rows[0] ?? {};
});

// GET /api/ServiceVehicles as the screen asks for it: no filter but the route's own "only repairs > 0"
// (spec 1 §5), priority order (the rule over the stored class, priority_class of migration 0002, the same text
// as the server's), then id desc, top 100, and the count.
const SV_LIST = `
  select sv.id, ${prioritySql('sv', 300)} as priority, sv.created_at as "createdAt", sv.flagged, sv.follow_up_date as "followUpDate", sv.repair_count as "repairCount",
         sv.service_advisor_name as "serviceAdvisorName", sv.windshield_checked as "windshieldChecked",
         sv.vehicle_year as "year", sv.vehicle_make as "make", sv.vehicle_model as "model", sv.vin,
         sv.repair_order_number as "repairOrderNumber", sv.ro_status_id as "statusId", f.short_name as "facility",
         lt.first_name || ' ' || lt.last_name as "leadTechnician", c.first_name as "customerFirstName",
         c.last_name as "customerLastName", c.primary_phone as "primaryPhone", sv.license_tag as "licenseTag",
         lu.first_name || ' ' || lu.last_name as "lockedBy"
  from service_vehicles sv
  left join facilities f on f.id = sv.facility_id
  left join users lt on lt.id = sv.lead_technician_id
  left join customers c on c.id = sv.customer_id
  left join service_vehicle_locks l on l.service_vehicle_id = sv.id
  left join users lu on lu.id = l.user_id
  where sv.repair_count > 0
  order by 2, sv.id desc
  limit 100`;
const SV_COUNT = 'select count(*) from service_vehicles sv where sv.repair_count > 0';

app.get('/service-vehicles', async () => {
  const [rows, count] = await Promise.all([pool.query(SV_LIST), pool.query(SV_COUNT)]);
  return { '@odata.count': Number(count.rows[0].count), value: rows.rows };
});

// GET /api/listMyServiceVehicles (active, repairs and replacements, first page of 10) for one user, the
// plain way: the same priority rule (over the stored class), joins for the display names, a separate count; only the
// facilities the user may reach (home and granted, decision 0016), as ours answers the facility-bound user. The
// user's vehicles (created, lead, parked for) as a union of three indexed look-ups rather than one OR, which
// PostgreSQL can only answer by reading every vehicle.
const MY_ACTIVE = `sv.repair_count > 0 and sv.invoice_id is null and not sv.lost and not sv.void
  and sv.facility_id in (select u.facility_id from users u where u.id = $1
                         union all select uf.facility_id from user_facilities uf where uf.user_id = $1)`;
const MY_IDS = `select sv.id from service_vehicles sv where sv.created_by_id = $1 and ${MY_ACTIVE}
  union select sv.id from service_vehicles sv where sv.lead_technician_id = $1 and ${MY_ACTIVE}
  union select sv.id from parked_items p join service_vehicles sv on sv.id = p.service_vehicle_id
    where p.parked_for_user_id = $1 and ${MY_ACTIVE}`;
const MY_WHERE = `sv.id in (${MY_IDS})`;
const MY_LIST = `
  select sv.id, ${prioritySql('sv', 300)} as priority, sv.created_at as "createdAt", sv.follow_up_date as "followUpDate",
         sv.repair_count as "repairCount", sv.vehicle_year as "year", sv.vehicle_make as "make", sv.vehicle_model as "model",
         sv.vin, sv.repair_order_number as "repairOrderNumber", f.short_name as "facility",
         lt.first_name || ' ' || lt.last_name as "leadTechnician", c.first_name as "customerFirstName",
         c.last_name as "customerLastName", c.primary_phone as "primaryPhone", lu.first_name || ' ' || lu.last_name as "lockedBy"
  from service_vehicles sv
  left join facilities f on f.id = sv.facility_id
  left join users lt on lt.id = sv.lead_technician_id
  left join customers c on c.id = sv.customer_id
  left join service_vehicle_locks l on l.service_vehicle_id = sv.id
  left join users lu on lu.id = l.user_id
  where ${MY_WHERE}
  order by 2, coalesce(sv.follow_up_date, sv.created_at) desc, sv.id desc
  limit 10`;
const MY_COUNT = `select count(*) from (${MY_IDS}) mine`;

// GET /api/appointmentsSchedule/calendar (Week): one facility's visits of 7 days from Sunday, plain SQL (the
// facility's time zone looked up first, so the week is a range of the visits' index), the fields the calendar draws
// (contracts calendarEntry) as the same tuples, the lanes and the part types.
const APPOINTMENTS_WEEK = `
  select a.id, a.invoice_id, a.part_type_id, a.installer_id,
         to_char(a.appointment_date_time at time zone f.time_zone, 'YYYY-MM-DD"T"HH24:MI') as local,
         s.time_allowed, a.status_id, i.sold_to
  from appointments a
  join appointment_schedules s on s.id = a.schedule_id
  join invoices i on i.id = a.invoice_id
  join facilities f on f.id = a.facility_id
  where a.facility_id = $1 and a.status_id <> 5
    and a.appointment_date_time >= ($2::date)::timestamp at time zone (select time_zone from facilities where id = $1)
    and a.appointment_date_time < ($2::date + 7)::timestamp at time zone (select time_zone from facilities where id = $1)
  order by a.appointment_date_time, a.id`;
const WEEK_INSTALLERS = `
  select u.id, u.first_name || ' ' || u.last_name as name from users u
  where u.is_installer and u.is_active and u.facility_id = $1 order by u.last_name, u.first_name, u.id`;

app.get('/appointments-week', async (req) => {
  const q = req.query as { facilityId: string; from: string };
  const [rows, installers, partTypes] = await Promise.all([
    pool.query({ text: APPOINTMENTS_WEEK, values: [Number(q.facilityId), q.from], rowMode: 'array' }),
    pool.query(WEEK_INSTALLERS, [Number(q.facilityId)]),
    pool.query('select id, name from part_types order by id'),
  ]);
  return { installers: installers.rows, partTypes: partTypes.rows, appointments: rows.rows };
});

// GET /api/appointments/facility (issue #18): one facility's visits of a local day with every field of the
// screen's row (contracts appointmentRow), plain SQL: the facility's time zone looked
// up first (so the day is a range of the visits' index), joins, a look-up per name, the rows as objects.
app.get('/facility-appointments', async (req) => {
  const q = req.query as { facilityId: string; day: string };
  const rows = await pool.query(
    `select a.id, a.schedule_id as "scheduleId", a.invoice_id as "invoiceId", a.part_type_id as "partTypeId",
            pt.name as "partTypeName", pt.is_replacement as "isReplacement", a.facility_id as "facilityId",
            f.name as "facilityName", a.installer_id as "installerId",
            (select u.first_name || ' ' || u.last_name from users u where u.id = a.installer_id) as "installerName",
            a.appointment_date_time as "appointmentDateTime",
            to_char(a.appointment_date_time at time zone f.time_zone, 'YYYY-MM-DD"T"HH24:MI') as "localDateTime",
            a.scheduled_time as "scheduledTime", a.eta, a.ata, a.etc, a.atc, a.status_id as "statusId",
            st.name as "statusName", a.confirmed_date_time as "confirmedDateTime", a.customer_waiting as "customerWaiting",
            a.reviewed_date_time as "reviewedDateTime", a.sort_date as "sortDate", s.time_allowed as "timeAllowed",
            s.service_appointment as "serviceAppointment", s.service_address as "serviceAddress", s.city, s.state, s.zip,
            s.latitude, s.longitude, s.phone1, s.phone2, i.sold_to as "customerName",
            concat_ws(' ', i.vehicle_year::text, i.vehicle_make, i.vehicle_model) as vehicle, s.instructions,
            s.schedule_instructions as "scheduleInstructions", s.loaner_car_id as "loanerCarId",
            (select lc.name from loaner_cars lc where lc.id = s.loaner_car_id) as "loanerCarName",
            s.expected_return_time as "expectedReturnTime", s.customer_is_waiting as "customerIsWaiting",
            s.customer_waiting_option_id as "customerWaitingOptionId",
            (select o.name from customer_waiting_options o where o.id = s.customer_waiting_option_id) as "customerWaitingOptionName"
     from appointments a join appointment_schedules s on s.id = a.schedule_id join invoices i on i.id = a.invoice_id
     join facilities f on f.id = a.facility_id join appointment_statuses st on st.id = a.status_id
     join part_types pt on pt.id = a.part_type_id
     where a.facility_id = $1
       and a.appointment_date_time >= ($2::date)::timestamp at time zone (select time_zone from facilities where id = $1)
       and a.appointment_date_time < ($2::date + 1)::timestamp at time zone (select time_zone from facilities where id = $1)
     order by a.appointment_date_time, a.id`,
    [Number(q.facilityId), q.day],
  );
  return rows.rows;
});

// GET /api/LoanerReservations (issue #18), plain SQL over the reservations table (one row per schedule that
// carries a car, kept by migration 0031's writer): newest appointment first, then the schedule, page and count.
const LOANER_FROM = `loaner_reservations r
  left join appointment_schedules s on s.id = r.appointment_schedule_id
  left join invoices i on i.id = r.invoice_id
  left join loaner_car_usages u on u.loaner_reservation_id = r.id
  left join loaner_cars lc on lc.id = coalesce(u.loaner_car_id, r.loaner_car_id)
  left join customers c on c.id = i.customer_id
  where r.appointment_schedule_id is not null and ($1::int is null or r.facility_id = $1)`;
app.get('/loaner-reservations', async (req) => {
  const f = (req.query as { facilityId?: string }).facilityId;
  const facility = f ? Number(f) : null;
  const [rows, count] = await Promise.all([
    pool.query(
      `select r.appointment_schedule_id as id, r.id as "reservationId", r.invoice_id as "invoiceId", r.facility_id as "facilityId",
              (select name from facilities where id = r.facility_id) as "facilityName",
              c.first_name || ' ' || c.last_name as "customerName", c.primary_phone as "customerPhone",
              coalesce(r.loaner_car_type_id, lc.loaner_car_type_id) as "reservedTypeId", lc.id as "loanerCarId",
              lc.name as "carName", lc.license_plate as "licensePlate", r.appointment_date as "appointmentDate",
              coalesce(r.expected_return, s.expected_return_time) as "expectedReturn", r.cancelled_at, u.id as "usageId",
              u.check_out_at as "checkOutAt", u.check_out_mileage as "checkOutMileage", u.check_in_at as "checkInAt",
              u.check_in_mileage as "checkInMileage", u.policy_number as "policyNumber",
              u.driver_license_name as "driverLicenseName", u.driver_license_number as "driverLicenseNumber"
       from ${LOANER_FROM} order by r.appointment_date desc, r.appointment_schedule_id limit 25`,
      [facility],
    ),
    pool.query(`select count(*) from ${LOANER_FROM}`, [facility]),
  ]);
  return { '@odata.count': Number(count.rows[0].count), value: rows.rows };
});

app.get('/my-service-vehicles', async (req) => {
  const userId = Number((req.query as { userId: string }).userId);
  const [rows, count] = await Promise.all([pool.query(MY_LIST, [userId]), pool.query(MY_COUNT, [userId])]);
  return { items: rows.rows, total: Number(count.rows[0].count) };
});

// The invoice list's columns and joins (INVOICE_LIST's), for the other invoice lists.
const INVOICE_COLUMNS = INVOICE_LIST.slice(INVOICE_LIST.indexOf('select') + 6, INVOICE_LIST.indexOf('where'));

// GET /api/Invoices/outstanding: unpaid or missing a reference (the same rule text), oldest first, 25, count.
const OUTSTANDING_WHERE = `not i.void and not i.lost and (${UNPAID_SQL} or ${MISSING_REFERENCE_SQL})`;
app.get('/outstanding', async () => {
  const [rows, count] = await Promise.all([
    pool.query(
      `select case when ${UNPAID_SQL} then 'Unpaid' else 'Missing reference' end as "outstandingReason", ${INVOICE_COLUMNS}
       where ${OUTSTANDING_WHERE} order by i.open_date_time, i.id limit 25`,
    ),
    pool.query(`select count(*) from invoices i where ${OUTSTANDING_WHERE}`),
  ]);
  return { '@odata.count': Number(count.rows[0].count), value: rows.rows };
});

// GET /api/Invoices/finalizing: submitted, not finalized, with the clearing house, oldest submission first
// (nulls first, as OData orders them and invoices_finalizing_idx holds them).
const FINALIZING_WHERE = 'i.submitted and not i.finalized and not i.void and not i.lost';
app.get('/finalizing', async () => {
  const [rows, count] = await Promise.all([
    pool.query(
      `select ch.id as "clearingHouseId", ch.name as "clearingHouse", i.submitted_at as "submittedAt", ${INVOICE_COLUMNS.replace(
        'left join insurance_companies ic on ic.id = i.insurance_company_id',
        'left join insurance_companies ic on ic.id = i.insurance_company_id left join clearing_houses ch on ch.id = ic.clearing_house_id',
      )}
       where ${FINALIZING_WHERE} order by i.submitted_at nulls first, i.id limit 250`,
    ),
    pool.query(`select count(*) from invoices i where ${FINALIZING_WHERE}`),
  ]);
  return { '@odata.count': Number(count.rows[0].count), value: rows.rows };
});

// GET /api/listMyRequests (open vehicles with a tech request the user started or received, newest message
// first, 10, total), plain SQL: the received side through the recipients' conversation (migration 0004's column
// and index), names by join, a separate count.
const MY_REQUESTS_FROM = `(select c.service_vehicle_id as sv_id, max(c.last_message_at) as last_at from conversations c
    where c.class_name_id = 2 and c.service_vehicle_id is not null and (c.started_by_user_id = $1 or c.id in (
      select r.conversation_id from recipients r where r.recipient_user_id = $1))
    group by c.service_vehicle_id) req join service_vehicles sv on sv.id = req.sv_id`;
const MY_REQUESTS_WHERE = 'sv.repair_count > 0 and sv.invoice_id is null and not sv.lost and not sv.void';
app.get('/my-requests', async (req) => {
  const userId = Number((req.query as { userId: string }).userId);
  const [rows, count] = await Promise.all([
    pool.query(
      `select sv.id, req.last_at as "lastMessageAt", sv.vehicle_year as "year", sv.vehicle_make as "make",
              sv.vehicle_model as "model", sv.vin, sv.repair_order_number as "repairOrderNumber", f.short_name as "facility",
              c.first_name as "customerFirstName", c.last_name as "customerLastName", c.primary_phone as "primaryPhone",
              (select json_build_object('conversationId', x.id, 'subject', x.subject) from conversations x
                where x.class_name_id = 2 and x.service_vehicle_id = sv.id order by x.last_message_at desc limit 1) as request
       from ${MY_REQUESTS_FROM}
       left join facilities f on f.id = sv.facility_id left join customers c on c.id = sv.customer_id
       where ${MY_REQUESTS_WHERE} order by req.last_at desc, sv.id desc limit 10`,
      [userId],
    ),
    pool.query(`select count(*) from ${MY_REQUESTS_FROM} where ${MY_REQUESTS_WHERE}`, [userId]),
  ]);
  return { items: rows.rows, total: Number(count.rows[0].count) };
});

// The installer's day (GET /api/appointments/my-day, issue #18), the naive way: the installer's visits of one
// local day in the route's stop order (then time, id) with schedule, invoice, customer, part type, waiting option and loaner by join, then parts,
// accessories and materials each by one more query over the day's ids.
app.get('/installer-day', async (req) => {
  const { userId, date, tz } = req.query as { userId: string; date: string; tz: string };
  const stops = await pool.query(
    `select a.id as "appointmentId", a.invoice_id as "invoiceId", a.part_type_id as "partTypeId", pt.name as "partTypeName",
            a.status_id as "statusId", a.appointment_date_time as "appointmentDateTime", s.time_allowed as "timeAllowed",
            c.first_name || ' ' || c.last_name as "customerName", s.service_address as address, s.city, s.state, s.zip,
            s.latitude, s.longitude, s.phone1, s.phone2, i.vehicle_year as year, i.vehicle_make as make,
            i.vehicle_model as model, i.vin, s.instructions, s.schedule_instructions as "scheduleInstructions",
            s.customer_is_waiting as "customerWaiting", cw.name as "customerWaitingOption", lc.name as loaner
     from appointments a join appointment_schedules s on s.id = a.schedule_id join invoices i on i.id = a.invoice_id
     left join customers c on c.id = i.customer_id left join part_types pt on pt.id = a.part_type_id
     left join customer_waiting_options cw on cw.id = s.customer_waiting_option_id
     left join loaner_cars lc on lc.id = s.loaner_car_id
     left join installer_routes ir on ir.installer_id = $1 and ir.route_date = $2::date
     left join installer_route_stops rs on rs.route_id = ir.id and rs.appointment_id = a.id
     where a.installer_id = $1 and a.appointment_date_time >= ($2::date)::timestamp at time zone $3
       and a.appointment_date_time < ($2::date + 1)::timestamp at time zone $3
     order by rs.stop_order nulls last, a.appointment_date_time, a.id`,
    [Number(userId), date, tz],
  );
  const ids = stops.rows.map((s) => s.invoiceId);
  const appts = stops.rows.map((s) => s.appointmentId);
  const [parts, accessories, materials] = await Promise.all([
    pool.query('select * from replacement_parts where invoice_id = any($1)', [ids]),
    pool.query(
      'select ia.invoice_id, wa.id, wa.name from invoice_accessories ia join windshield_accessories wa on wa.id = ia.accessory_id where ia.invoice_id = any($1)',
      [ids],
    ),
    pool.query(
      `select u.appointment_id, um.material_id, sum(um.quantity) from appointment_status_updates u
       join appointment_status_update_materials um on um.status_update_id = u.id where u.appointment_id = any($1)
       group by 1, 2`,
      [appts],
    ),
  ]);
  // Each stop with its parts (the invoice's, of the stop's part type or of none), accessories and materials, as
  // ours answers them, so both answers carry the same data.
  const byKey = <T extends Record<string, any>>(rows: T[], key: string) => {
    const m = new Map<unknown, T[]>();
    for (const r of rows) m.set(r[key], [...(m.get(r[key]) ?? []), r]);
    return m;
  };
  const [partsOf, accessoriesOf, materialsOf] = [
    byKey(parts.rows, 'invoice_id'),
    byKey(accessories.rows, 'invoice_id'),
    byKey(materials.rows, 'appointment_id'),
  ];
  return {
    stops: stops.rows.map((s) => ({
      ...s,
      parts: (partsOf.get(s.invoiceId) ?? []).filter(
        (p) => p.part_type_id === null || p.part_type_id === s.partTypeId,
      ),
      accessories: accessoriesOf.get(s.invoiceId) ?? [],
      materials: materialsOf.get(s.appointmentId) ?? [],
    })),
  };
});

// GET /api/ReconcileInvoices (issue #20), the naive way: the year's invoices newest first with every looked-up
// name by join and the transaction of record by a lateral subquery, 200 a page, and a second statement for the
// count and money sums of the whole selection; the insurer fragment (insuranceCompanyName=) as a join + ILIKE.
const RECONCILE_FROM = `invoices i
  left join insurance_companies ic on ic.id = i.insurance_company_id
  left join facilities f on f.id = i.facility_id
  left join users lt on lt.id = i.lead_technician_id
  left join users fb on fb.id = i.funded_by_id
  left join parked_items p on p.invoice_id = i.id
  left join deposit_invoice_items d on d.invoice_id = i.id`;
app.get('/reconcile', async (req) => {
  const { start, end, insurer } = req.query as { start: string; end: string; insurer?: string };
  const where = `i.open_date_time >= $1 and i.open_date_time <= $2${insurer ? ' and ic.name ilike $3' : ''}`;
  const params = insurer ? [start, end, likeContains(insurer)] : [start, end];
  const [rows, totals] = await Promise.all([
    pool.query(
      `select i.id, i.flagged, i.thumb = 1 as "isThumbsUp", i.replacement as "isReplacement", p.park_line as "parkLine",
              i.reference_number as "referenceNumber", i.sold_to as "buyerName", i.open_date_time as "openAt",
              i.payment_type_id as "paymentTypeId", i.deductible_amount as deductible, i.deposit_amount as deposit,
              i.insurance_company_id as "insuranceCompanyId", ic.name as "insuranceCompanyName",
              ic.clearing_house_id as "clearingHouseId", i.facility_id as "facilityId", f.name as "facilityName",
              i.lead_technician_id as "leadTechnicianId", lt.first_name || ' ' || lt.last_name as "leadTechnicianName",
              concat_ws(' ', i.vehicle_year, i.vehicle_make, i.vehicle_model) as vehicle, i.finalized as "isFinalized",
              i.funded as "isFunded", i.void as "isVoid", i.lost as "isLost", i.funded_at as "fundedAt",
              fb.first_name || ' ' || fb.last_name as "fundedBy", i.total_cost as "totalCost", i.labor_cost as "laborCost",
              i.parts_cost as "partsCost", i.tax_cost as "taxCost", t.transaction_type_id as "itemType",
              t.id as "invoiceTransactionId",
              (not i.funded and not i.void and not i.lost and i.total_cost > 0) as "showFundedButton",
              d.deposit_invoice_id as "depositId"
       from ${RECONCILE_FROM}
       left join lateral (select x.id, x.transaction_type_id from invoice_transactions x
         where x.invoice_id = i.id and x.status_id <> 2 order by x.status_id desc, x.amount desc, x.id limit 1) t on true
       where ${where} order by i.open_date_time desc, i.id limit 200`,
      params,
    ),
    pool.query(
      `select count(*) as count, sum(i.labor_cost) as labor, sum(i.parts_cost) as parts, sum(i.tax_cost) as tax,
              sum(i.total_cost) as total
       from invoices i left join insurance_companies ic on ic.id = i.insurance_company_id where ${where}`,
      params,
    ),
  ]);
  const t = totals.rows[0];
  return { '@odata.count': Number(t.count), value: rows.rows, totals: t };
});

// GET /api/PendingAudits (issue #23): submitted invoices not finalized, void or lost and not passed since their
// latest submission, oldest submission first, the invoice list's columns, 25 a page, with the count.
const PENDING_AUDITS_WHERE = `${FINALIZING_WHERE} and not exists (select 1 from invoice_audits pa
  where pa.invoice_id = i.id and pa.outcome = 'passed' and pa.submitted_at = i.submitted_at)`;
app.get('/pending-audits', async () => {
  const [rows, count] = await Promise.all([
    pool.query(
      `select i.submitted_at as "submittedAt", ${INVOICE_COLUMNS}
       where ${PENDING_AUDITS_WHERE} order by i.submitted_at nulls first, i.id limit 25`,
    ),
    pool.query(`select count(*) from invoices i where ${PENDING_AUDITS_WHERE}`),
  ]);
  return { '@odata.count': Number(count.rows[0].count), value: rows.rows };
});

await app.listen({ port: Number(process.env.PORT ?? 3301), host: '127.0.0.1' });
for (const sig of ['SIGTERM', 'SIGINT'])
  process.on(sig, () =>
    app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
  );
