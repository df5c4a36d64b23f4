import { exec, FILES_PER_KIND, type SeedContext } from './context.js';
import { REPAIR_LOCATIONS } from './data/vehicles.js';
import { NOTE_SUBJECTS, NOTES, REPAIR_DESCRIPTIONS } from './data/texts.js';
import { digits, hf, hn, pickInt, pickText, weighted } from './sql-gen.js';

/** Repair lines, notes and history of every invoice. */
export async function seedInvoiceLines(ctx: SeedContext): Promise<void> {
  const line = 'i.id * 4 + k';
  await exec(
    ctx,
    `insert into invoice_repairs (invoice_id, line_number, description, location, amount, created_at, updated_at)
     select i.id, k, ${pickText(REPAIR_DESCRIPTIONS, line, 301)}, ${pickText(REPAIR_LOCATIONS, line, 302)},
       case when i.payment_type_id = 8 then 0 else (array[59.95, 29.95, 19.95])[k] end, i.open_date_time, i.open_date_time
     from invoices i cross join generate_series(1, i.repair_count) k where i.repair_count between 1 and 3`,
  );
  await exec(
    ctx,
    `insert into invoice_notes (invoice_id, user_id, subject, note, in_utc, created_at, last_edited_at)
     select i.id, case when k = 1 then i.admin_assistant_id else i.lead_technician_id end,
       ${pickText(NOTE_SUBJECTS, line, 311)}, ${pickText(NOTES, line, 312)}, i.id > ${Math.floor(ctx.volumes.invoices / 20)},
       i.open_date_time + make_interval(hours => k * (2 + ${hn(line, 313, 20)})),
       case when ${hf(line, 314)} < 0.1 then i.open_date_time + make_interval(hours => k * 30) end
     from invoices i cross join generate_series(1, i.notes_count) k`,
  );
  await exec(
    ctx,
    `insert into invoice_history (invoice_id, activity_date, activity, user_id, details, is_contact)
     select i.id, h.at, h.activity, h.user_id, h.details, h.contact
     from invoices i cross join lateral (values
       (i.open_date_time, 'Invoice created', i.created_by_id, 'Sold to ' || i.sold_to, false),
       (case when ${hf('i.id', 321)} < 0.35 then i.open_date_time + interval '2 hours' end, 'Customer contacted', i.admin_assistant_id,
        'Called ' || i.customer_phone, true),
       (i.work_completed_at, 'Work completed', i.lead_technician_id, null, false),
       (i.submitted_at, 'Invoice submitted', i.admin_assistant_id, null, false),
       (i.funded_at, 'Invoice funded', i.admin_assistant_id, 'Total ' || i.total_cost::text, false),
       (i.finalized_at, 'Invoice finalized', i.administrator_id, null, false)
     ) h(at, activity, user_id, details, contact)
     where h.at is not null`,
  );
}

/** Transactions, accessories, PDFs, images, signatures, replacement parts, locks and tech texts. */
export async function seedInvoiceRecords(ctx: SeedContext): Promise<void> {
  const { staff, anchorSql: now } = ctx;
  // Transactions: dealer repair orders split by the vehicle's pay type (internal = In-House,
  // factory warranty = Warranty), everything else Cash; plus the insurance deductible.
  await exec(
    ctx,
    `insert into invoice_transactions (invoice_id, transaction_type_id, status_id, amount, payment_type_id, reference, funded_at, user_id, created_at, updated_at)
     select i.id, t.type, case when i.funded then 1 else 0 end, t.amount, t.pt, i.reference_number, i.funded_at,
       i.admin_assistant_id, i.submitted_at, coalesce(i.funded_at, i.submitted_at)
     from invoices i
     left join service_vehicles sv on sv.id = i.service_vehicle_id
     cross join lateral (values
       (case when sv.internal then 3 when sv.factory is not null then 2 else 1 end,
        i.total_cost - coalesce(i.deductible_amount, 0), i.payment_type_id),
       (case when i.deductible_amount > 0 then 1 end, i.deductible_amount, i.deductible_payment_type_id)
     ) t(type, amount, pt)
     where i.submitted and i.total_cost > 0 and t.type is not null`,
  );
  await exec(
    ctx,
    `insert into invoice_accessories (invoice_id, accessory_id, created_at)
     select distinct i.id, a.acc, i.open_date_time
     from invoices i cross join lateral (values (1 + ${hn('i.id', 331, 12)}),
       (case when ${hf('i.id', 333)} < 0.3 then 1 + ${hn('i.id', 332, 12)} end)) a(acc)
     where i.replacement and ${hf('i.id', 330)} < 0.5 and a.acc is not null`,
  );
  await exec(
    ctx,
    `insert into invoice_pdfs (invoice_id, path, user_id, created_at)
     select i.id, 'invoices/' || i.id || '/invoice-' || to_char(p.at, 'YYYYMMDDHH24MI') || '.pdf', i.admin_assistant_id, p.at
     from invoices i cross join lateral (values (i.submitted_at),
       (case when ${hf('i.id', 335)} < 0.25 then i.finalized_at end)) p(at)
     where p.at is not null and i.id > ${ctx.volumes.invoices - FILES_PER_KIND}`,
  );
  await exec(
    ctx,
    `insert into invoice_images (invoice_id, path, caption, user_id, created_at)
     select i.id, 'invoices/' || i.id || '/image-' || k || '.png', (array['Before', 'After'])[k], i.lead_technician_id,
       i.open_date_time + make_interval(hours => k)
     from invoices i cross join generate_series(1, case when i.replacement then 2 else 1 end) k
     where i.id > ${ctx.volumes.invoices - FILES_PER_KIND} and ${hf('i.id', 340)} < case when i.replacement then 0.6 else 0.2 end`,
  );
  await exec(
    ctx,
    `insert into invoice_signatures (invoice_id, kind, path, signer_name, signed_at)
     select i.id, 'invoice', i.signature_path, i.sold_to, i.work_completed_at from invoices i where i.signature_path is not null`,
  );
  await exec(
    ctx,
    `insert into replacement_parts (invoice_id, part_type_id, part_number, description, vendor_id, cost, price, status_id, ordered_at, received_at, created_at, updated_at)
     select i.id, p.type, (array['FW0', 'FB2', 'FD2'])[p.type - 1] || ${digits('i.id', 351, 4)},
       i.vehicle_make || ' ' || i.vehicle_model || ' ' || (array['windshield', 'back glass', 'door glass'])[p.type - 1],
       1 + ${hn('i.id', 352, 7)}, round(i.parts_cost * 0.55, 2), i.parts_cost, p.status,
       case when p.status >= 2 then i.open_date_time + interval '2 hours' end,
       case when p.status in (4, 5) then i.open_date_time + interval '20 hours' end, i.open_date_time, i.updated_at
     from invoices i cross join lateral (select ${weighted(
       [
         [2, 85],
         [3, 10],
         [4, 5],
       ],
       'i.id',
       353,
     )} as type,
       case when i.completed then 5 when i.void or i.lost then 6 else ${weighted(
         [
           [1, 30],
           [2, 35],
           [3, 10],
           [4, 25],
         ],
         'i.id',
         354,
       )} end as status) p
     where i.replacement`,
  );
  await exec(
    ctx,
    `insert into invoice_locks (invoice_id, user_id, locked_at)
     select i.id, ${pickInt(staff.adminAssistants, 'i.id', 361)}, ${now} + interval '7 hours'
     from invoices i where i.open_date_time > ${now} - interval '20 days' and not i.completed and ${hf('i.id', 360)} < 0.1`,
  );
  await exec(
    ctx,
    `insert into sent_tech_texts (invoice_id, sender_user_id, technician_id, phone, message, sent_at)
     select i.id, i.admin_assistant_id, i.lead_technician_id, u.phone,
       'Job #' || i.id || ': ' || i.vehicle_year || ' ' || i.vehicle_make || ' ' || i.vehicle_model || coalesce(' at ' || i.service_address_line1, ''),
       i.open_date_time + interval '1 hour'
     from invoices i join users u on u.id = i.lead_technician_id
     where i.scheduled and i.open_date_time > ${now} - interval '60 days' and ${hf('i.id', 370)} < 0.3`,
  );
}
