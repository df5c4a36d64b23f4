import type { CallCenterDashboard, CallLogRow, CallStats } from '@glass/domain/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { facilityFilter } from '../../http/facility-scope.js';
import { CALL_LOG_SELECT, dayRange } from './call-logs.js';

const STATS = sql`
  count(*) filter (where l.direction = 'out')::int as made,
  count(*) filter (where l.direction = 'in')::int as received,
  count(*) filter (where l.result_id = 1 and l.source = 'pbx')::int as answered,
  count(*) filter (where l.result_id = 1 and l.source = 'agent')::int as "reportedAnswered",
  count(*) filter (where l.direction = 'in' and l.result_id <> 1)::int as missed,
  coalesce(round(avg(l.duration_seconds) filter (where l.result_id = 1 and l.source = 'pbx' and l.duration_seconds > 0)), 0)::int as "avgTalkSeconds",
  count(*) filter (where l.outcome_at is not null)::int as outcomes`;

/**
 * The Call Center dashboard: the calls of a day range (facility time zone; default today) per agent and
 * facility, the ready-to-call queue by priority class, follow-ups due and overdue, and missed inbound calls
 * nobody called back since (an outbound call to the same last 10 digits after it counts as the call back).
 */
export class DashboardService {
  constructor(private db: Database) {}

  async dashboard(
    user: SessionUser,
    q: { facilityId?: number; startDate?: string; endDate?: string },
  ): Promise<CallCenterDashboard> {
    const range = await dayRange(this.db, q.facilityId ?? user.facilityId, q.startDate, q.endDate);
    const where: SQL[] = [sql`l.started_at >= ${range.from}`, sql`l.started_at < ${range.to}`];
    if (q.facilityId) where.push(sql`l.facility_id = ${q.facilityId}`);
    // Only the caller's allowed facilities (issue #31, decision 0016).
    const bound = user.allowedFacilityIds !== null;
    if (bound) where.push(facilityFilter(user, sql`l.facility_id`));
    const calls = sql.join(where, sql` and `);
    const svFacility = sql`${q.facilityId ? sql` and sv.facility_id = ${q.facilityId}` : sql``}${
      bound ? sql` and ${facilityFilter(user, sql`sv.facility_id`)}` : sql``
    }`;
    const [[totals], agents, facilities, queue, [followUps], missed] = await Promise.all([
      this.db.rows<CallStats>(sql`select ${STATS} from call_logs l where ${calls}`),
      this.db.rows<CallCenterDashboard['agents'][number]>(
        sql`select l.employee_id as "employeeId", e.first_name || ' ' || e.last_name as name,
                   e.facility_id as "facilityId", ${STATS}
            from call_logs l join users e on e.id = l.employee_id where ${calls}
            group by l.employee_id, e.first_name, e.last_name, e.facility_id order by name`,
      ),
      this.db.rows<CallCenterDashboard['facilities'][number]>(
        sql`select l.facility_id as "facilityId", coalesce(f.short_name, 'No facility') as name, ${STATS}
            from call_logs l left join facilities f on f.id = l.facility_id where ${calls}
            group by l.facility_id, f.short_name order by name`,
      ),
      this.db.rows<{ priority: number; count: number }>(
        sql`select p.priority, (select count(*)::int from service_vehicles sv
                                left join customers c on c.id = sv.customer_id
                                where sv.priority_class = p.priority and sv.repair_count > 0
                                  and not coalesce(c.do_not_call, false)${svFacility}) as count
            from (values (1), (2), (3), (4)) p(priority) order by p.priority`,
      ),
      this.db.rows<{ due: number; overdue: number }>(
        sql`select count(*) filter (where sv.follow_up_date >= t.today and sv.follow_up_date < t.tomorrow)::int as due,
                   count(*) filter (where sv.follow_up_date < t.today)::int as overdue
            from service_vehicles sv join facilities f on f.id = sv.facility_id
            cross join lateral (select ((now() at time zone f.time_zone)::date)::timestamp at time zone f.time_zone as today,
                                       ((now() at time zone f.time_zone)::date + 1)::timestamp at time zone f.time_zone as tomorrow) t
            where sv.priority_class < 8 and not sv.followed_up and sv.follow_up_date is not null${svFacility}`,
      ),
      this.db.rows<CallLogRow>(
        sql`${CALL_LOG_SELECT}
            where ${calls} and l.direction = 'in' and l.result_id <> 1 and l.party_digits is not null
              and not exists (select 1 from call_logs b where b.party_digits = l.party_digits
                              and b.direction = 'out' and b.started_at > l.started_at)
              and not exists (select 1 from call_logs a where a.party_digits = l.party_digits
                              and a.direction = 'in' and a.result_id = 1 and a.started_at > l.started_at)
            order by l.started_at desc limit 50`,
      ),
    ]);
    return {
      range: { startDate: range.startDate, endDate: range.endDate, timeZone: range.timeZone },
      totals,
      agents,
      facilities,
      queue,
      followUps,
      missedNotCalledBack: missed,
    };
  }
}
