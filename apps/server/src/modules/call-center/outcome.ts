import { CALL_RESULTS, type CallOutcomeBody, callOutcomeBody } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import type { AlertHub } from '../../realtime/hub.js';
import { loadForWrite, recordChange, serviceVehicleRecord } from '../service-vehicles/index.js';
import { announceCalls, partyDigits } from './call-logs.js';

/** A call the PBX already reported is linked to the outcome when it started this recently. */
const LINK_WINDOW_MINUTES = 120;

type Outcome = z.output<typeof callOutcomeBody>;

/**
 * Records the outcome of a call to a service vehicle's customer in one step (one transaction): the
 * vehicle's last disposition, follow-up date and OK to call; one history entry and its activity log row
 * (a contact when the customer answered, which moves the vehicle from "no contact yet" to "contacted");
 * the call log row (the PBX's record of this call when it has come, else a row of the agent's own that the
 * PBX's record fills in later); then the agent's lock on the vehicle is released.
 */
export class OutcomeService {
  constructor(
    private db: Database,
    private hub: AlertHub,
  ) {}

  async record(user: SessionUser, svId: number, input: Outcome | CallOutcomeBody) {
    const o = callOutcomeBody.parse(input);
    const [disposition] = await this.db.rows<{ name: string }>(
      sql`select name from dispositions where id = ${o.dispositionId}`,
    );
    if (!disposition) throw badRequest('dispositionId', 'Choose a disposition from the list');
    if (o.callQueryId) {
      const [query] = await this.db.rows(sql`select 1 from call_queries where id = ${o.callQueryId}`);
      if (!query) throw badRequest('callQueryId', 'Unknown call query');
    }
    return this.db.transaction(async (work) => {
      await loadForWrite(work, svId, user);
      const [sv] = await work.rows<{
        facilityId: number;
        customerId: number | null;
        invoiceId: number | null;
        phone: string | null;
        followUpDate: string | null;
        okToCall: boolean;
      }>(
        sql`select sv.facility_id as "facilityId", sv.customer_id as "customerId", sv.invoice_id as "invoiceId",
                   c.primary_phone as phone, to_json(sv.follow_up_date) #>> '{}' as "followUpDate",
                   sv.ok_to_call as "okToCall"
            from service_vehicles sv left join customers c on c.id = sv.customer_id where sv.id = ${svId}`,
      );
      const phone = o.phone ?? sv.phone ?? '';
      const party = partyDigits(phone);
      if (!party) throw badRequest('phone', 'Give the number that was called');

      const sets = [sql`last_disposition_id = ${o.dispositionId}`, sql`last_disposition_at = now()`];
      const details = [`Disposition: ${disposition.name}`, `Result: ${o.result}`];
      if (o.followUpDate !== undefined) {
        const changed =
          (o.followUpDate === null ? null : Date.parse(o.followUpDate)) !==
          (sv.followUpDate === null ? null : Date.parse(sv.followUpDate));
        if (changed) {
          sets.push(sql`follow_up_date = ${o.followUpDate}`, sql`followed_up = false`);
          details.push(`Follow-up: ${o.followUpDate ?? '(none)'}`);
        }
      }
      if (o.okToCall !== undefined && o.okToCall !== sv.okToCall) {
        sets.push(sql`ok_to_call = ${o.okToCall}`);
        if (o.okToCall) sets.push(sql`ready_to_call = true`);
        details.push(`OK to call: ${o.okToCall ? 'yes' : 'no'}`);
      }
      if (o.notes) details.push(`Notes: ${o.notes}`);
      await work.rows(
        sql`update service_vehicles set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${svId}`,
      );
      const historyLogId = await recordChange(work, user, svId, {
        activity: 'Call outcome',
        details: details.join('; '),
        params: { dispositionId: o.dispositionId },
        isContact: o.result === 'answered',
      });

      // The call log: the PBX's record of this call if it came already, else the agent's own row.
      const [pbx] = await work.rows<{ id: number }>(
        sql`select id from call_logs
            where employee_id = ${user.id} and direction = 'out' and party_digits = ${party} and outcome_at is null
              and started_at >= coalesce(${o.calledAt ?? null}::timestamptz, now()) - make_interval(mins => ${LINK_WINDOW_MINUTES})
            order by started_at desc limit 1 for update`,
      );
      const outcome = sql`service_vehicle_id = ${svId}, customer_id = coalesce(customer_id, ${sv.customerId}),
                          invoice_id = coalesce(invoice_id, ${sv.invoiceId}), disposition_id = ${o.dispositionId},
                          notes = ${o.notes ?? null}, outcome_at = now(), call_query_id = ${o.callQueryId ?? null}`;
      let callLogId: number;
      if (pbx) {
        await work.rows(sql`update call_logs set ${outcome} where id = ${pbx.id}`);
        callLogId = pbx.id;
      } else {
        const [row] = await work.rows<{ id: number }>(
          sql`insert into call_logs (source, employee_id, facility_id, direction, to_phone, party_digits, started_at,
                answered_at, result_id, customer_id, service_vehicle_id, invoice_id, disposition_id, notes, outcome_at,
                call_query_id)
              values ('agent', ${user.id}, ${user.facilityId ?? sv.facilityId}, 'out', ${phone}, ${party},
                coalesce(${o.calledAt ?? null}::timestamptz, now()),
                ${o.result === 'answered' ? sql`coalesce(${o.calledAt ?? null}::timestamptz, now())` : null},
                ${CALL_RESULTS[o.result]}, ${sv.customerId}, ${svId}, ${sv.invoiceId}, ${o.dispositionId},
                ${o.notes ?? null}, now(), ${o.callQueryId ?? null})
              returning id`,
        );
        callLogId = row.id;
      }
      if (o.release) await serviceVehicleRecord.releaseOwn(work, user, svId);
      work.afterCommit(() => announceCalls(this.db, this.hub, 1));
      return { callLogId, serviceVehicleId: svId, historyLogId };
    });
  }
}
