import { exec, type SeedContext } from './context.js';
import { REPAIR_LOCATIONS } from './data/vehicles.js';
import { REPAIR_DESCRIPTIONS } from './data/texts.js';
import { digits, hf, hn, pickInt, pickText } from './sql-gen.js';

const GLASS_MAKERS = ['Pilkington', 'PGW', 'Saint-Gobain Sekurit', 'AGC', 'Fuyao', 'Vitro', 'XYG'];

/** Repair lines, history, quick quotes, VIN lookups and a few locks on the pipeline. */
export async function seedServiceVehicleChildren(ctx: SeedContext): Promise<void> {
  const { staff, anchorSql: now } = ctx;
  const line = 'sv.id * 4 + k';
  await exec(
    ctx,
    `insert into service_vehicle_repairs (service_vehicle_id, line_number, description, location, amount, created_at, updated_at)
     select sv.id, k, ${pickText(REPAIR_DESCRIPTIONS, line, 401)}, ${pickText(REPAIR_LOCATIONS, line, 402)},
       (array[59.95, 29.95, 19.95])[k], sv.created_at, sv.created_at
     from service_vehicles sv cross join generate_series(1, sv.repair_count) k where sv.repair_count between 1 and 3`,
  );
  await exec(
    ctx,
    `insert into service_vehicle_history (service_vehicle_id, activity_date, activity, user_id, details, is_contact)
     select sv.id, h.at, h.activity, h.user_id, h.details, h.contact
     from service_vehicles sv
     left join dispositions d on d.id = sv.last_disposition_id
     cross join lateral (values
       (sv.created_at, 'Service vehicle created', sv.created_by_id, 'RO ' || sv.repair_order_number, false),
       (sv.inspected_at, 'Windshield inspected', sv.lead_technician_id,
        case sv.repair_count when 0 then 'No damage found' when 4 then 'Replacement needed' else sv.repair_count || ' repair(s)' end, false),
       (sv.last_contact_at, 'Customer contacted', sv.created_by_id, 'Advisor ' || sv.service_advisor_name, true),
       (sv.last_disposition_at, 'Disposition', sv.created_by_id, d.name, false),
       (case when sv.invoice_id is not null then sv.updated_at end, 'Invoice created', sv.created_by_id, 'Invoice ' || sv.invoice_id, false)
     ) h(at, activity, user_id, details, contact)
     where h.at is not null`,
  );
  const q = (n: 1 | 2, grade: number, markup: number) =>
    `${n === 1 ? 'sv.invoice_id' : 'null'}, p.cog * ${markup / 100}, 'FW0' || ${digits('sv.id', 410 + n, 4)}, 2,
     round(p.cog * ${markup / 100} * 1.8, 2), ${grade}, ${pickText(GLASS_MAKERS, 'sv.id', 420 + n)}`;
  await exec(
    ctx,
    `insert into quick_quotes (service_vehicle_id, quoted_at, quoted_by_id,
       quote1_invoice_id, quote1_cog, quote1_part_number, quote1_part_type_id, quote1_quoted, quote1_grade_id, quote1_manufacturer,
       quote2_invoice_id, quote2_cog, quote2_part_number, quote2_part_type_id, quote2_quoted, quote2_grade_id, quote2_manufacturer,
       created_at, updated_at)
     select sv.id, sv.created_at + interval '30 minutes', sv.created_by_id, ${q(1, 1, 100)}, ${q(2, 3, 70)},
       sv.created_at + interval '30 minutes', sv.created_at + interval '30 minutes'
     from service_vehicles sv cross join lateral (select (120 + ${hn('sv.id', 409, 500)})::numeric(12,2) as cog) p
     where sv.repair_count = 4 and ${hf('sv.id', 408)} < 0.5`,
  );
  await exec(
    ctx,
    `insert into vin_lookups (vin, service_vehicle_id, user_id, looked_up_at, source, year, make, model, body_style, result)
     select sv.vin, sv.id, sv.created_by_id, sv.created_at + interval '5 minutes', 'vpic', sv.vehicle_year, sv.vehicle_make,
       sv.vehicle_model, sv.body_style, null
     from service_vehicles sv where ${hf('sv.id', 430)} < 0.3`,
  );
  await exec(
    ctx,
    `insert into service_vehicle_locks (service_vehicle_id, user_id, locked_at)
     select sv.id, ${pickInt(staff.all, 'sv.id', 441)}, ${now} + interval '7 hours'
     from service_vehicles sv where sv.invoice_id is null and ${hf('sv.id', 440)} < 0.01`,
  );
}
