/** The technicians report as SQL aggregates (reports-sql.ts, README.md "The figures"). */
/** The technicians report as SQL aggregates (reports-sql.ts, README.md "The figures"). */
import { ON_TIME_GRACE_MINUTES } from '@glass/domain';
import type { ReportQuery, ReportTable } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { facilityRangesCte } from './scope.js';
import { aggregate } from './tables.js';
import { cols, num, percent, sumRows, table } from './tables.js';
import { INVOICES_IN_RANGE, personName } from './sql-shared.js';

/**
 * Technicians: per lead technician, the jobs (invoices opened in the range, not void) and how many are
 * completed; per installer, the visits booked in the range (appointments by their time), completed
 * ones, arrivals recorded, on time (arrived no later than the scheduled time plus the grace), and
 * re-schedules (visits moved to another time: status ReSchedule).
 */
export async function techniciansReport(db: Db, user: SessionUser, q: ReportQuery): Promise<ReportTable[]> {
  const fr = facilityRangesCte(user, q);
  const [leads, installers] = await Promise.all([
    aggregate(
      db,
      'jobs',
      sql`with ${fr}, t as (
            select i.lead_technician_id as uid, count(*)::int as jobs,
              count(*) filter (where i.completed)::int as completed,
              count(*) filter (where i.completed and i.replacement)::int as replacements
            from ${INVOICES_IN_RANGE}
            where not i.void and i.lead_technician_id is not null
            group by 1)
          select ${personName('u')} as name, t.* from t join users u on u.id = t.uid
          order by t.completed desc, 1`,
    ),
    aggregate(
      db,
      'visits',
      sql`with ${fr}, t as (
            select a.installer_id as uid, count(*)::int as visits,
              count(*) filter (where a.status_id = 3)::int as completed,
              count(*) filter (where a.ata is not null)::int as arrivals,
              count(*) filter (where a.ata <= coalesce(a.scheduled_time, a.appointment_date_time)
                                 + make_interval(mins => ${ON_TIME_GRACE_MINUTES}))::int as "onTime",
              count(*) filter (where a.status_id = 4)::int as reschedules
            from fr join appointments a on a.facility_id = fr.id
              and a.appointment_date_time >= fr.lo and a.appointment_date_time < fr.hi
            where a.installer_id is not null
            group by 1)
          select ${personName('u')} as name, t.* from t join users u on u.id = t.uid
          order by t.completed desc, 1`,
    ),
  ]);
  const leadRows = leads.map((r) => ({
    name: r.name as string,
    jobs: num(r.jobs),
    completed: num(r.completed),
    repairs: num(r.completed) - num(r.replacements),
    replacements: num(r.replacements),
    completedShare: percent(num(r.completed), num(r.jobs)),
  }));
  const leadTotal = sumRows(leadRows, ['jobs', 'completed', 'repairs', 'replacements'], { name: 'Total' });
  leadTotal.completedShare = percent(num(leadTotal.completed), num(leadTotal.jobs));
  const installerRows = installers.map((r) => ({
    name: r.name as string,
    visits: num(r.visits),
    completed: num(r.completed),
    arrivals: num(r.arrivals),
    onTime: num(r.onTime),
    late: num(r.arrivals) - num(r.onTime),
    onTimeShare: percent(num(r.onTime), num(r.arrivals)),
    reschedules: num(r.reschedules),
  }));
  const installerTotal = sumRows(
    installerRows,
    ['visits', 'completed', 'arrivals', 'onTime', 'late', 'reschedules'],
    {
      name: 'Total',
    },
  );
  installerTotal.onTimeShare = percent(num(installerTotal.onTime), num(installerTotal.arrivals));
  return [
    table({
      id: 'lead-technicians',
      title: 'Jobs per lead technician',
      columns: cols(
        ['name', 'Lead technician', 'text'],
        ['jobs', 'Jobs', 'count'],
        ['completed', 'Completed', 'count'],
        ['repairs', 'Repairs completed', 'count'],
        ['replacements', 'Replacements completed', 'count'],
        ['completedShare', 'Completed %', 'percent'],
      ),
      rows: leadRows,
      total: leadTotal,
      chart: { kind: 'stackedBar', category: 'name', values: ['repairs', 'replacements'] },
    }),
    table({
      id: 'installers',
      title: `Installers: visits, on-time arrivals (within ${ON_TIME_GRACE_MINUTES} minutes) and re-schedules`,
      columns: cols(
        ['name', 'Installer', 'text'],
        ['visits', 'Visits', 'count'],
        ['completed', 'Completed', 'count'],
        ['arrivals', 'Arrivals recorded', 'count'],
        ['onTime', 'On time', 'count'],
        ['late', 'Late', 'count'],
        ['onTimeShare', 'On time %', 'percent'],
        ['reschedules', 'Re-schedules', 'count'],
      ),
      rows: installerRows,
      total: installerTotal,
      chart: { kind: 'stackedBar', category: 'name', values: ['onTime', 'late'] },
    }),
  ];
}
