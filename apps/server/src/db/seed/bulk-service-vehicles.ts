import {
  facilityOf,
  invoiceCustomer,
  invoiceOfSv,
  invoiceOpenTs,
  paymentTypeOf,
  repairCountOf,
  roNumberOf,
  serviceTagOf,
  topperOf,
} from './bulk-exprs.js';
import { exec, FILES_PER_KIND, type SeedContext } from './context.js';
import { WINDSHIELD_NOTES } from './data/texts.js';
import { digits, hf, hn, pickInt, pickText, textArray, vehicleLateral, weighted } from './sql-gen.js';

/**
 * Service vehicles 1..N. The first `linkedServiceVehicles` became invoices (dates follow the
 * invoice); the rest are the live pipeline of the last 60 days.
 */
export async function seedServiceVehicles(ctx: SeedContext, writers: string[][]): Promise<void> {
  const { volumes: v, staff, anchorSql: now } = ctx;
  const L = v.linkedServiceVehicles;
  const pipeline = Math.max(1, v.serviceVehicles - L);
  const j = 'g.j';
  const writerNames = textArray(writers.flat());
  // Pictures (written to the file store by files.ts) on the newest vehicles only, whatever the scale.
  const recent = `${j} > ${v.serviceVehicles - FILES_PER_KIND}`;
  await exec(
    ctx,
    `insert into service_vehicles (id, facility_id, customer_id, payment_type_id, followed_up, follow_up_date, ready_for_parts,
       ready_to_call, ready_to_schedule, ok_to_call, last_contact_at, internal, created_by_id, lead_technician_id, inspected_at,
       promised_date_time, invoice_id, service_advisor_name, void, lost, lost_reason_id, flagged, repair_count, windshield_checked,
       windshield_notes, replacement_parts_count, thumb, last_disposition_id, last_disposition_at, stock_number, factory,
       internal_total, warranty_total, customer_total, repair_quote_amount, replacement_quote_amount,
       vehicle_year, vehicle_make, vehicle_model, vin, license_tag, license_state, service_tag, topper, body_style, color, mileage,
       source_id, repair_order_number, ro_opened_at, ro_closed_at, ro_status_id, ro_status_description, ro_total,
       ro_image_path, insurance_card_image_path, windshield_image_paths, created_at, updated_at)
     select ${j}, b.facility_id, b.customer_id, b.pt, b.follow_up is not null and b.follow_up < ${now} and ${hf(j, 236)} < 0.5, b.follow_up,
       c.ready_for_parts, c.ready_to_call, not a.linked and ${hf(j, 235)} < 0.2, a.linked or (c.ready_to_call and ${hf(j, 237)} < 0.5),
       case when (c.ready_to_call or c.ready_for_parts) and ${hf(j, 238)} < 0.5 then b.created + interval '3 hours' end,
       c.internal, ${pickInt([...staff.adminAssistants, ...staff.managers], j, 251)}, ${pickInt(staff.technicians, j, 252)},
       case when ${hf(j, 253)} < 0.85 then b.created + make_interval(mins => 20 + ${hn(j, 254, 60)}) end,
       case when ${hf(j, 255)} < 0.5 then b.created + interval '1 day' end,
       case when a.linked then a.inv end,
       (${writerNames})[(b.facility_id - 1) * ${writers[0].length} + 1 + ${hn(j, 250, writers[0].length)}],
       c.void, c.lost, case when c.lost then 1 + ${hn(j, 232, 8)} end, ${hf(j, 240)} < 0.05, b.rc,
       b.rc = 0 and ${hf(j, 241)} < 0.5, case when ${hf(j, 242)} < 0.25 then ${pickText(WINDSHIELD_NOTES, j, 243)} end,
       case when b.rc = 4 then 1 + (${hf(j, 244)} < 0.15)::int else 0 end, ${weighted(
         [
           [0, 85],
           [1, 11],
           [-1, 4],
         ],
         j,
         245,
       )},
       case when not a.linked and ${hf(j, 246)} < 0.5 then 1 + ${hn(j, 247, 10)} end,
       case when not a.linked and ${hf(j, 246)} < 0.5 then b.created + interval '4 hours' end,
       case when ${hf(j, 248)} < 0.7 then chr(65 + ${hn(j, 249, 26)}) || ${digits(j, 256, 5)} end, c.factory,
       case when c.internal then b.price else 0 end, case when c.factory is not null then b.price else 0 end,
       case when c.internal or c.factory is not null then 0 else b.price end,
       case when b.rc between 1 and 3 then b.price end, case when b.rc = 4 then b.price end,
       v.year, v.make, v.model, v.vin, v.plate, 'TX', ${serviceTagOf(j)}, ${topperOf(j)}, v.body, v.color, v.mileage,
       ${weighted(
         [
           [1, 15],
           [2, 20],
           [3, 25],
           [4, 15],
           [5, 10],
           [6, 10],
           [7, 5],
         ],
         j,
         257,
       )},
       ${roNumberOf(j)}, b.created - interval '1 hour', case when c.ro_status = 1 then b.created + interval '2 days' end, c.ro_status,
       case c.ro_status when 1 then 'Finished' when 2 then 'Hold' when 3 then 'Working' end,
       round((150 + ${hn(j, 258, 2350)} + ${hf(j, 259)})::numeric, 2),
       case when ${recent} and ${hf(j, 260)} < 0.3 then 'service-vehicles/' || ${j} || '/ro.png' end,
       case when ${recent} and b.pt = 1 and ${hf(j, 261)} < 0.5 then 'service-vehicles/' || ${j} || '/insurance-card.png' end,
       case when ${recent} and b.rc > 0 and ${hf(j, 262)} < 0.4 then array['service-vehicles/' || ${j} || '/windshield-1.png'] end,
       b.created, b.created + make_interval(hours => 1 + ${hn(j, 263, 48)})
     from generate_series(1, ${v.serviceVehicles}) g(j)
     cross join lateral (select ${j} <= ${L} as linked, ${invoiceOfSv(j)} as inv offset 0) a
     cross join lateral (
       select f.*, case when f.rc = 4 then 320 + ${hn(j, 264, 800)} else (array[0, 59.95, 89.90, 109.85])[f.rc + 1] end::numeric(12,2) as price,
         case when a.linked then case when ${hf(j, 265)} < 0.1 then f.created + interval '2 days' end
              when ${hf(j, 266)} < 0.6 then f.created + make_interval(days => 2 + ${hn(j, 267, 4)}) end as follow_up
       from (select
         case when a.linked then ${facilityOf('a.inv', 2)} else ${facilityOf(j, 202)} end as facility_id,
         case when a.linked then ${invoiceCustomer('a.inv')} else ${v.invoices} + (${j} - ${L}) end as customer_id,
         case when a.linked then ${paymentTypeOf('a.inv')} else ${weighted(
           [
             [5, 70],
             [1, 15],
             [0, 15],
           ],
           j,
           203,
         )} end as pt,
         case when a.linked then ${repairCountOf('a.inv', 3)} else ${repairCountOf(j, 204)} end as rc,
         case when a.linked then ${invoiceOpenTs('a.inv', v, now)} - make_interval(days => 1 + ${hn(j, 205, 4)}, mins => ${hn(j, 207, 180)})
           else ${now} - make_interval(days => floor(60 * (1 - (${j} - ${L} - 0.5) / ${pipeline}))::int)
             + make_interval(mins => 480 + ${hn(j, 206, 600)}) end as created
         offset 0) f offset 0
     ) b
     cross join lateral (
       select not a.linked and b.rc = 4 and ${hf(j, 233)} < 0.35 as ready_for_parts,
         not a.linked and b.rc between 1 and 3 and ${hf(j, 234)} < 0.45 as ready_to_call,
         ${hf(j, 239)} < 0.1 as internal, ${hf(j, 230)} < 0.02 as void,
         not a.linked and ${hf(j, 230)} >= 0.02 and ${hf(j, 231)} < 0.08 as lost,
         case when ${hf(j, 268)} < 0.1 then 'Factory Warranty' end as factory,
         case when a.linked then ${weighted(
           [
             [1, 80],
             [2, 5],
             [3, 15],
           ],
           j,
           269,
         )} else ${weighted(
           [
             [3, 60],
             [2, 20],
             [-1, 20],
           ],
           j,
           270,
         )} end as ro_status
       offset 0
     ) c
     cross join ${vehicleLateral(j, ctx.anchor.getUTCFullYear())}`,
  );
}
