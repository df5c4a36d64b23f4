import type { FacilitySave } from '@glass/domain/resources/facility';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../http/errors.js';
import type { Db } from '../../db/unit-of-work.js';

/**
 * The lists a facility save carries. Service writers are the full set (ones left out are
 * deactivated, since service vehicles may name them); traffic counts are upserted by date-time
 * (they are history: a save never deletes one); attributes are upserted by attribute name.
 */
export async function saveChildren(db: Db, facilityId: number, v: FacilitySave) {
  const names = v.serviceWriters.map((w) => w.name.toLowerCase());
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw badRequest('serviceWriters', `Service writer ${dup} is listed twice`);
  await db.rows(
    sql`update facility_service_writers set is_active = false, updated_at = now()
        where facility_id = ${facilityId} and is_active
          ${
            names.length
              ? sql`and lower(name) not in (${sql.join(
                  names.map((n) => sql`${n}`),
                  sql`, `,
                )})`
              : sql``
          }`,
  );
  for (const w of v.serviceWriters) {
    await db.rows(
      sql`insert into facility_service_writers (facility_id, name, email, phone, is_active)
          values (${facilityId}, ${w.name}, ${w.email}, ${w.phone}, ${w.isActive})
          on conflict (facility_id, name) do update
            set email = excluded.email, phone = excluded.phone, is_active = excluded.is_active, updated_at = now()`,
    );
  }
  for (const t of v.trafficCounts) {
    await db.rows(
      sql`insert into facility_traffic_counts (facility_id, traffic_date_time, traffic_count)
          values (${facilityId}, ${t.trafficDateTime}, ${t.trafficCount})
          on conflict (facility_id, traffic_date_time) do update
            set traffic_count = excluded.traffic_count, updated_at = now()`,
    );
  }
  for (const a of v.attributes) {
    await db.rows(
      sql`insert into facility_attributes (facility_id, attribute_name_id, value)
          values (${facilityId}, ${a.nameId}, ${a.value})
          on conflict (facility_id, attribute_name_id) do update set value = excluded.value, updated_at = now()`,
    );
  }
}
