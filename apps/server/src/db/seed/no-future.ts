import { exec, rows, type SeedContext } from './context.js';

/**
 * Timestamp columns that may lie after the moment of seeding because they are plans, not events:
 * follow-ups, promised and action dates, appointment times (booked, expected start and end), loaner
 * returns, message expiry. Every other timestamp column records something that happened and is
 * capped at the moment of seeding by capHappenedTimestamps.
 */
export const FUTURE_ALLOWED: Readonly<Record<string, readonly string[]>> = {
  invoices: ['follow_up_at', 'action_date'],
  service_vehicles: ['follow_up_date', 'promised_date_time'],
  appointments: ['appointment_date_time', 'scheduled_time', 'eta', 'etc', 'sort_date'],
  appointment_schedules: ['expected_return_time'],
  loaner_reservations: ['appointment_date', 'expected_return'],
  messages: ['expires_at'],
};

/**
 * The demo data is generated relative to local midnight ("today" runs 08:00-18:00), so some events
 * of today, and work finished a few days after a recent opening, would be dated after the moment the
 * seed runs. Those rows are set to that moment: a record a user makes next then sorts above them.
 * The rows' generators already cap the times other rows derive from (invoice open and completion,
 * parking, locks); this pass catches the rest. One scan per table (only rows with a later time are
 * written), so it stays cheap at the largest scale.
 */
export async function capHappenedTimestamps(ctx: SeedContext, tables?: readonly string[]): Promise<void> {
  const cols = await rows<{ table: string; column: string }>(
    ctx,
    `select table_name as table, column_name as column from information_schema.columns
      where table_schema = 'public' and data_type like 'timestamp%' order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table, column } of cols) {
    if (tables && !tables.includes(table)) continue;
    if (FUTURE_ALLOWED[table]?.includes(column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const at = ctx.seededAtSql;
  for (const [table, columns] of byTable) {
    await exec(
      ctx,
      `update "${table}" set ${columns.map((c) => `"${c}" = case when "${c}" > ${at} then ${at} else "${c}" end`).join(', ')}
        where ${columns.map((c) => `"${c}" > ${at}`).join(' or ')}`,
    );
  }
}
