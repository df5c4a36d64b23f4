import {
  facilityOf,
  invoiceCustomer,
  invoiceDaysAgo,
  invoiceOpenTs,
  isLinkedInvoice,
  isScheduledInvoice,
  paymentTypeOf,
  repairCountOf,
  roNumberOf,
  serviceTagOf,
  svOfInvoice,
  topperOf,
} from './bulk-exprs.js';
import { dealerCustomerId } from './bulk-customers.js';
import { exec, FILES_PER_KIND, past, type SeedContext } from './context.js';
import { ADVERTISEMENT_SOURCES, WINDSHIELD_NOTES } from './data/texts.js';
import { digits, hf, hn, pickInt, pickText, vehicleLateral, weighted } from './sql-gen.js';

/** Invoices 1..N over the last two years, ids in time order, with a realistic mix of states. */
export async function seedInvoices(ctx: SeedContext): Promise<void> {
  const { volumes: v, staff, anchorSql: now } = ctx;
  const i = 'g.i';
  const clamp = (ts: string) => `least(${ts}, ${now} - interval '1 hour')`;
  await exec(
    ctx,
    `insert into invoices (id, facility_id, customer_id, buyer_id, payment_type_id, insurance_company_id, reference_number,
       claim_number, policy_number, loss_date_time, language_id, advertisement_source_notes, administrator_id, lead_technician_id,
       repair_technician_id, auto_glass_associate_id, admin_assistant_id, created_by_id,
       initiated, pending, confirmed, completed, repair_completed, scheduled, signed, flagged, void, snail_mail, inspection, lost,
       lost_reason_id, submitted, submitted_at, funded, funded_at, finalized, finalized_at, followed_up, repair_approved,
       has_verbal_signature, replacement, open_date_time, action_date, work_completed_at, total_cost, labor_cost, parts_cost,
       tax_cost, deductible_amount, deductible_payment_type_id, deposit_amount, deposit_payment_type_id, follow_up_at,
       follow_up_by_id, follow_up_for_id, windshield_notes, thumb, windshield_checked, repair_count, vehicle_year, vehicle_make,
       vehicle_model, vin, mileage, license_plate, license_state, service_tag, topper, service_vehicle_id, signature_path,
       service_address_line1, service_city, service_state, service_zip, service_latitude, service_longitude, sold_to,
       customer_phone, ro_number, notes_count, created_at, updated_at)
     select ${i}, a.facility_id, a.customer_id, a.buyer_id, a.pt, case when a.pt = 1 then 1 + ${hn(i, 76, 14)} end,
       case when a.pt = 5 and ${hf(i, 73)} >= 0.03 then coalesce(a.ro, (300000 + ${i})::text)
            when a.pt = 6 then (1000 + ${hn(i, 74, 9000)})::text end,
       case when a.pt = 1 then ${digits(i, 77, 2)} || '-' || ${digits(i, 78, 8)} end,
       case when a.pt = 1 then 'TX' || ${digits(i, 79, 9)} end,
       case when a.pt = 1 then a.open - make_interval(days => 1 + ${hn(i, 75, 20)}) end,
       ${weighted(
         [
           [1, 85],
           [2, 13],
           [3, 2],
         ],
         i,
         87,
       )},
       case when not a.linked and ${hf(i, 88)} < 0.3 then ${pickText(ADVERTISEMENT_SOURCES, i, 89)} end,
       ${pickInt(staff.managers, i, 85)}, ${pickInt(staff.technicians, i, 81)}, ${pickInt(staff.repairTechs, i, 82)},
       ${pickInt([...staff.admins, ...staff.managers, ...staff.adminAssistants], i, 83)}, a.assistant, a.assistant,
       s.completed or a.d >= 1 or ${hf(i, 64)} < 0.8, a.pt = 0, s.completed or ${hf(i, 63)} < 0.6, s.completed,
       s.completed and a.rc between 1 and 3, ${isScheduledInvoice(i)} or not (s.completed or s.void or s.lost), s.signed, ${hf(i, 68)} < 0.04, s.void,
       s.submitted and ${hf(i, 66)} < 0.05, ${hf(i, 67)} < 0.03, s.lost, case when s.lost then 1 + ${hn(i, 90, 8)} end,
       s.submitted, s.submitted_at, s.funded, s.funded_at, s.finalized,
       case when s.finalized then ${clamp(`s.funded_at + make_interval(days => 1 + ${hn(i, 91, 5)})`)} end,
       s.follow_up_at is not null and s.follow_up_at < ${now} and ${hf(i, 70)} < 0.6,
       a.rc between 1 and 3 and (s.completed or ${hf(i, 65)} < 0.5), s.completed and not s.signed and ${hf(i, 62)} < 0.6,
       a.rc >= 4, a.open, a.open + interval '1 day', s.work_completed_at,
       m.labor + m.parts + m.tax, m.labor, m.parts, m.tax,
       case when a.pt = 1 then case when a.rc = 4 then ${weighted(
         [
           [0, 40],
           [100, 25],
           [250, 20],
           [500, 15],
         ],
         i,
         92,
       )} else 0 end end,
       case when a.pt = 1 and a.rc = 4 then ${weighted(
         [
           [2, 60],
           [4, 40],
         ],
         i,
         93,
       )} end,
       case when a.pt in (2, 4) and a.rc = 4 and ${hf(i, 94)} < 0.3 then 100 end,
       case when a.pt in (2, 4) and a.rc = 4 and ${hf(i, 94)} < 0.3 then a.pt end,
       s.follow_up_at, case when s.follow_up_at is not null then a.assistant end,
       case when s.follow_up_at is not null then ${pickInt([...staff.adminAssistants, ...staff.leadTechs], i, 95)} end,
       case when ${hf(i, 96)} < 0.2 then ${pickText(WINDSHIELD_NOTES, i, 97)} end,
       ${weighted(
         [
           [0, 85],
           [1, 11],
           [-1, 4],
         ],
         i,
         98,
       )}, a.rc = 0 and ${hf(i, 99)} < 0.5, a.rc,
       v.year, v.make, v.model, v.vin, v.mileage, v.plate, 'TX',
       case when a.linked then ${serviceTagOf('a.j')} end, case when a.linked then ${topperOf('a.j')} end,
       case when a.linked then a.j end, case when s.signed and ${i} > ${v.invoices - FILES_PER_KIND} then 'signatures/invoices/' || ${i} || '.png' end,
       case when a.mobile then c.address_line1 end, case when a.mobile then c.city end, case when a.mobile then c.state end,
       case when a.mobile then c.zip end, case when a.mobile then c.latitude end, case when a.mobile then c.longitude end,
       coalesce(bc.company_name, bc.first_name || ' ' || bc.last_name), c.primary_phone, a.ro, ${hn(i, 80, 3)},
       a.open, coalesce(s.funded_at, s.submitted_at, s.work_completed_at, a.open)
     from generate_series(1, ${v.invoices}) g(i)
     cross join lateral (
       select x.*, case when x.pt0 = 0 and x.d > 14 then 2 else x.pt0 end as pt,
         case when x.pt0 = 5 then ${dealerCustomerId(ctx, 'x.facility_id')}
                        when ${hf(i, 46)} < 0.05 then 1 + ${hn(i, 47, v.invoices)} else x.customer_id end as buyer_id
       from (select ${isLinkedInvoice(i)} as linked, ${svOfInvoice(i)} as j, ${invoiceDaysAgo(i, v)} as d,
           ${past(ctx, invoiceOpenTs(i, v, now))} as open, ${facilityOf(i, 2)} as facility_id, ${invoiceCustomer(i)} as customer_id,
           ${paymentTypeOf(i)} as pt0,
           ${repairCountOf(i, 3)} as rc, ${pickInt(staff.adminAssistants, i, 84)} as assistant,
           case when ${isLinkedInvoice(i)} then ${roNumberOf(svOfInvoice(i))} end as ro,
           not ${isLinkedInvoice(i)} and ${isScheduledInvoice(i)} and ${hf(i, 86)} < 0.6 as mobile
         offset 0) x offset 0
     ) a
     cross join lateral (
       select t.*, case when t.submitted then ${past(ctx, `t.work_completed_at + make_interval(hours => 2 + ${hn(i, 56, 30)})`)} end as submitted_at,
         case when t.funded then ${clamp(`t.work_completed_at + make_interval(days => 5 + ${hn(i, 59, 20)})`)} end as funded_at,
         -- Follow-ups: open jobs after 2 days, unpaid recent work after a week, a few others.
         case when not t.void and not t.lost and not t.completed then a.open + interval '2 days'
              when t.completed and not t.funded and a.d < 30 then a.open + interval '7 days'
              when ${hf(i, 69)} < 0.03 then a.open + interval '5 days' end as follow_up_at
       from (select u.*, u.submitted and (a.d >= 25 or ${hf(i, 57)} < 0.25) and ${hf(i, 58)} >= 0.04 as funded,
           u.submitted and (a.d >= 25 or ${hf(i, 57)} < 0.25) and ${hf(i, 58)} >= 0.04 and (a.d >= 35 or ${hf(i, 60)} < 0.5) as finalized
         from (select r.*, r.completed and a.rc > 0 and a.pt not in (0, 7, 8) and (a.d >= 4 or ${hf(i, 55)} < 0.3) as submitted,
             r.completed and ${hf(i, 61)} < 0.85 as signed,
             case when r.completed then ${past(
               ctx,
               `a.open + case when a.rc = 4 then make_interval(hours => 24 + ${hn(i, 54, 72)})
                  else make_interval(hours => 1 + ${hn(i, 54, 6)}) end`,
             )} end as work_completed_at
           from (select q.*, not q.void and not q.lost and (a.d >= case when a.rc = 4 then 10 else 3 end or ${hf(i, 53)} < 0.35) as completed
             from (select ${hf(i, 51)} < 0.025 as void, ${hf(i, 51)} >= 0.025 and ${hf(i, 52)} < 0.04 as lost) q) r) u) t
       offset 0
     ) s
     cross join lateral (
       -- Tax as packages/domain invoice-money.ts computes it: labor (not parts) at the facility's tax rate,
       -- to the cent, halves away from zero (round(numeric, 2)); invoice-money.test.ts in the server checks them.
       select n.labor, n.parts, round(n.labor * (select f.tax_rate from facilities f where f.id = a.facility_id), 2) as tax
       from (select case when a.pt = 8 then 0 when a.rc = 4 then 120 + ${hn(i, 71, 140)}
                     else (array[0, 59.95, 89.90, 109.85])[a.rc + 1] end::numeric(12,2) as labor,
                    case when a.pt <> 8 and a.rc = 4 then 180.99 + ${hn(i, 72, 920)} else 0 end::numeric(12,2) as parts) n
     ) m
     cross join ${vehicleLateral(`case when a.linked then a.j else 10000000 + ${i} end`, ctx.anchor.getUTCFullYear())}
     join customers c on c.id = a.customer_id
     join customers bc on bc.id = a.buyer_id`,
  );
}
