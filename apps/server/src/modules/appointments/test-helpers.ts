import { sql } from 'drizzle-orm';
import type { App } from '../../app-type.js';

let dayCounter = 0;
/**
 * Where this process's days start, chosen once: the test files share one process (vitest.config.ts
 * `isolate: false`), and a start recomputed from the clock at every call wrapped back by 3,000 days every 50
 * minutes, onto days this run had already booked.
 */
const FIRST_DAY =
  Date.UTC(2031, 0, 1) + Math.floor((process.pid * 37 + Date.now() / 1000) % 3000) * 86_400_000;
/**
 * A far-future day of this test run alone ('YYYY-MM-DD'): other test files and the seed book installers
 * on the shared database too, so overlap tests pick days nobody else uses.
 */
export function uniqueDay(): string {
  const d = new Date(FIRST_DAY + ++dayCounter * 86_400_000 * 3);
  return d.toISOString().slice(0, 10);
}

/** The installers of the demo data: Luis Ortega (103, lead tech) and Kevin Price (105, repair tech). */
export async function installerIds(app: App) {
  const rows = await app.deps.db.rows<{ id: number; userName: string }>(
    sql`select id, user_name as "userName" from users where user_name in ('103', '105') order by user_name`,
  );
  return { leadTech: rows[0].id, repairTech: rows[1].id };
}

/** A visit written directly (for the read tests, before any save route is involved). */
export async function insertVisit(
  app: App,
  v: { invoiceId: number; installerId: number; at: string; partTypeId?: number; statusId?: number },
) {
  const partTypeId = v.partTypeId ?? 2;
  const [s] = await app.deps.db.rows<{ id: number }>(
    sql`insert into appointment_schedules (invoice_id, part_type_id, installer_id, time_allowed, service_address, city, state, zip)
        values (${v.invoiceId}, ${partTypeId}, ${v.installerId}, 60, '1 Main St', 'Houston', 'TX', '77001')
        on conflict (invoice_id, part_type_id) do update set installer_id = excluded.installer_id returning id`,
  );
  const [a] = await app.deps.db.rows<{ id: number }>(
    sql`insert into appointments (schedule_id, invoice_id, part_type_id, facility_id, installer_id, appointment_date_time, status_id, sort_date)
        select ${s.id}, i.id, ${partTypeId}, i.facility_id, ${v.installerId}, ${v.at}::timestamptz, ${v.statusId ?? 1}, ${v.at}::timestamptz
        from invoices i where i.id = ${v.invoiceId} returning id`,
  );
  return { scheduleId: s.id, appointmentId: a.id };
}
