// Over 300 lines: the schedule save is one transaction (lock, overlap check, visit, schedule, history, message)
// with its cancel; its steps share the locked invoice and the visit being replaced. Reads: schedule-reads.ts,
// calendar-read.ts.
import {
  AppointmentStatus,
  ConversationClass,
  invoiceNotFound,
  NEW_CONVERSATION_TITLE_COLOR_ID,
} from '@glass/domain';
import {
  APPOINTMENT_CHANGED_EVENT,
  type AppointmentChanged,
  type ScheduleSaveAnswer,
  type scheduleSaveBody,
  TIME_ALLOWED_MAX_MINUTES,
} from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { AlertHub } from '../../realtime/hub.js';
import type { ConversationWriter } from '../conversations/index.js';
import { recordInvoiceChange } from '../invoices/index.js';
import { schedulesOf } from './schedule-reads.js';

type SaveBody = z.output<typeof scheduleSaveBody>;

interface InvoiceTarget {
  id: number;
  facilityId: number;
  customerId: number | null;
  void: boolean;
  lost: boolean;
  tz: string;
}

/** Visits that hold their installer's time: Scheduled, Arrived, Completed (not ReSchedule or Cancelled). */
const HOLDS_TIME = [AppointmentStatus.Scheduled, AppointmentStatus.Arrived, AppointmentStatus.Completed];
const inList = (ids: readonly number[]) => sql.raw(ids.join(', '));

/** Locks the invoice row for the booking (not the user lock: booking is not an edit of the invoice). */
async function lockInvoice(tx: Db, invoiceId: number): Promise<InvoiceTarget> {
  const [inv] = await tx.rows<InvoiceTarget>(
    sql`select i.id, i.facility_id as "facilityId", i.customer_id as "customerId", i.void, i.lost, f.time_zone as tz
        from invoices i join facilities f on f.id = i.facility_id where i.id = ${invoiceId} for no key update of i`,
  );
  if (!inv) throw notFound(invoiceNotFound(invoiceId));
  if (inv.void || inv.lost)
    throw conflict(`Invoice ${invoiceId} is ${inv.void ? 'void' : 'lost'}; it cannot be scheduled.`);
  return inv;
}

/** A wall-clock time of the facility or an ISO instant, as SQL for the instant. */
const instant = (value: string, tz: string) =>
  /[zZ]|[+-]\d{2}:?\d{2}$/.test(value)
    ? sql`${value}::timestamptz`
    : sql`(${value}::timestamp at time zone ${tz})`;

interface CurrentVisit {
  id: number;
  statusId: number;
  installerId: number | null;
  at: string;
  local: string;
}

/** Scheduling: save (book, move, rebook, edit) and cancel, with the overlap and loaner rules. */
export class ScheduleService {
  constructor(
    private db: Database,
    private writer: ConversationWriter,
    private hub: AlertHub,
  ) {}

  save(user: SessionUser, body: SaveBody): Promise<ScheduleSaveAnswer> {
    const invoiceId = body.scheduleInvoiceId;
    return this.db.transaction(async (tx) => {
      const inv = await lockInvoice(tx, invoiceId);
      // What the save reads without locking, in one round trip: the part type, the waiting option, and the visit's
      // instants in the facility's zone (each checked below in the order the form's fields are).
      const [{ part, optionKnown, ...when }] = await tx.rows<{
        part: string | null;
        optionKnown: boolean;
        at: string;
        local: string;
        ret: string | null;
      }>(
        sql`select (select name from part_types where id = ${body.partTypeId} and is_active) as part,
              ${
                body.customerWaitingOptionId
                  ? sql`exists (select 1 from customer_waiting_options
                                where id = ${body.customerWaitingOptionId} and is_active)`
                  : sql`true`
              } as "optionKnown",
              to_json(x.at) #>> '{}' as at, to_char(x.at at time zone ${inv.tz}, 'MM/DD/YYYY HH24:MI') as local,
              to_json(x.ret) #>> '{}' as ret
            from (select ${instant(body.appointmentDateTime, inv.tz)} as at,
                   ${body.expectedReturnTime ? instant(body.expectedReturnTime, inv.tz) : sql`null::timestamptz`} as ret) x`,
      );
      if (!part) throw badRequest('partTypeId', 'The part type is not known');
      // Locks in one order (installer, then loaner car) so concurrent saves queue instead of both passing the checks.
      const [installer] = await tx.rows<{ id: number; name: string; ok: boolean }>(
        sql`select id, first_name || ' ' || last_name as name, is_installer and is_active as ok
            from users where id = ${body.installerId} for no key update`,
      );
      if (!installer?.ok) throw badRequest('installerId', 'The installer is not an active installer');
      let car: { id: number; name: string; loanerCarTypeId: number } | undefined;
      if (body.loanerCarId) {
        [car] = await tx.rows<{ id: number; name: string; loanerCarTypeId: number }>(
          sql`select id, name, loaner_car_type_id as "loanerCarTypeId" from loaner_cars
              where id = ${body.loanerCarId} and is_active for no key update`,
        );
        if (!car) throw badRequest('loanerCarId', 'The loaner car is not an active loaner car');
      }
      if (!optionKnown)
        throw badRequest('customerWaitingOptionId', 'The customer waiting option is not known');
      if (when.ret && Date.parse(when.ret) <= Date.parse(when.at))
        throw badRequest('expectedReturnTime', 'The expected return time is after the appointment time');

      const [existing] = await tx.rows<{ id: number; installerId: number | null }>(
        sql`select id, installer_id as "installerId" from appointment_schedules
            where invoice_id = ${invoiceId} and part_type_id = ${body.partTypeId} for no key update`,
      );
      const [current] = existing
        ? await tx.rows<CurrentVisit>(
            sql`select a.id, a.status_id as "statusId", a.installer_id as "installerId",
                  to_json(a.appointment_date_time) #>> '{}' as at,
                  to_char(a.appointment_date_time at time zone ${inv.tz}, 'MM/DD/YYYY HH24:MI') as local
                from appointments a where a.schedule_id = ${existing.id} order by a.id desc limit 1 for no key update`,
          )
        : [];
      const sameTime = current ? Date.parse(current.at) === Date.parse(when.at) : false;
      const sameInstaller = current?.installerId === body.installerId;
      let action: ScheduleSaveAnswer['action'];
      if (!current) action = 'booked';
      else if (current.statusId === AppointmentStatus.Scheduled)
        action = sameTime && sameInstaller ? 'updated' : 'moved';
      else if (
        current.statusId === AppointmentStatus.ReSchedule ||
        current.statusId === AppointmentStatus.Cancelled
      )
        action = 'rebooked';
      else if (sameTime && sameInstaller) action = 'updated';
      else
        throw conflict(
          `The ${part} appointment of invoice ${invoiceId} is ${current.statusId === AppointmentStatus.Arrived ? 'under way' : 'completed'}; it can no longer be moved.`,
        );

      // The installer's other visits that hold time and overlap [at, at + timeAllowed). One that overlaps started
      // at most TIME_ALLOWED_MAX_MINUTES before: without that lower bound the index walked every earlier visit of
      // the installer (30,000 rows, 50–300 ms, on a million invoices; issue #36).
      const end = sql`(${when.at}::timestamptz + make_interval(mins => ${body.timeAllowed}))`;
      const keep = action === 'moved' || action === 'updated' ? (current?.id ?? 0) : 0;
      const [clash] = await tx.rows<{ invoiceId: number; from: string; to: string }>(
        sql`select a.invoice_id as "invoiceId",
              to_char(a.appointment_date_time at time zone ${inv.tz}, 'MM/DD/YYYY HH24:MI') as "from",
              to_char((a.appointment_date_time + make_interval(mins => s.time_allowed)) at time zone ${inv.tz}, 'HH24:MI') as "to"
            from appointments a join appointment_schedules s on s.id = a.schedule_id
            where a.installer_id = ${body.installerId} and a.id <> ${keep}
              and a.status_id in (${inList(HOLDS_TIME)})
              and a.appointment_date_time < ${end}
              and a.appointment_date_time > ${when.at}::timestamptz - make_interval(mins => ${TIME_ALLOWED_MAX_MINUTES})
              and a.appointment_date_time + make_interval(mins => s.time_allowed) > ${when.at}::timestamptz
            order by a.appointment_date_time limit 1`,
      );
      if (clash)
        throw conflict(
          `${installer.name} is already booked from ${clash.from} to ${clash.to} (invoice ${clash.invoiceId}).`,
        );
      if (car && when.ret) {
        const [taken] = await tx.rows<{ invoiceId: number | null; from: string; to: string }>(
          sql`select r.invoice_id as "invoiceId",
                to_char(r.appointment_date at time zone ${inv.tz}, 'MM/DD/YYYY HH24:MI') as "from",
                to_char(coalesce(r.expected_return, r.appointment_date + interval '1 day') at time zone ${inv.tz},
                        'MM/DD/YYYY HH24:MI') as "to"
              from loaner_reservations r
              where r.loaner_car_id = ${car.id} and r.cancelled_at is null
                and r.appointment_schedule_id is distinct from ${existing?.id ?? null}::int
                and r.appointment_date < ${when.ret}::timestamptz
                and coalesce(r.expected_return, r.appointment_date + interval '1 day') > ${when.at}::timestamptz
              order by r.appointment_date limit 1`,
        );
        if (taken)
          throw conflict(
            `Loaner car ${car.name} is already reserved from ${taken.from} to ${taken.to}${taken.invoiceId ? ` (invoice ${taken.invoiceId})` : ''}.`,
          );
      }

      const values = sql`${body.installerId}, ${body.serviceAddress || null}, ${body.city || null}, ${body.state || null},
        ${body.zip || null}, ${body.phone1 || null}, ${body.phone1AllowText}, ${body.phone2 || null}, ${body.phone2AllowText},
        ${body.email || null}, ${body.allowEmail}, ${body.serviceAppointment}, ${body.timeAllowed}, ${body.loanerCarId ?? null},
        ${when.ret}::timestamptz, ${body.customerIsWaiting}, ${body.customerWaitingOptionId ?? null},
        ${body.instructions || null}, ${body.scheduleInstructions || null}, ${body.latitude ?? null}, ${body.longitude ?? null}`;
      const [schedule] = await tx.rows<{ id: number }>(
        sql`insert into appointment_schedules (invoice_id, part_type_id, installer_id, service_address, city, state, zip,
              phone1, phone1_allow_text, phone2, phone2_allow_text, email, allow_email, service_appointment, time_allowed,
              loaner_car_id, expected_return_time, customer_is_waiting, customer_waiting_option_id, instructions,
              schedule_instructions, latitude, longitude, created_by_id)
            values (${invoiceId}, ${body.partTypeId}, ${values}, ${user.id})
            on conflict (invoice_id, part_type_id) do update set installer_id = excluded.installer_id,
              service_address = excluded.service_address, city = excluded.city, state = excluded.state, zip = excluded.zip,
              phone1 = excluded.phone1, phone1_allow_text = excluded.phone1_allow_text, phone2 = excluded.phone2,
              phone2_allow_text = excluded.phone2_allow_text, email = excluded.email, allow_email = excluded.allow_email,
              service_appointment = excluded.service_appointment, time_allowed = excluded.time_allowed,
              loaner_car_id = excluded.loaner_car_id, expected_return_time = excluded.expected_return_time,
              customer_is_waiting = excluded.customer_is_waiting,
              customer_waiting_option_id = excluded.customer_waiting_option_id, instructions = excluded.instructions,
              schedule_instructions = excluded.schedule_instructions, latitude = excluded.latitude,
              longitude = excluded.longitude, updated_at = now()
            returning id`,
      );
      if (action === 'booked' || action === 'rebooked') {
        await tx.rows(
          sql`insert into appointments (schedule_id, invoice_id, part_type_id, facility_id, installer_id, appointment_date_time,
                scheduled_time, eta, etc, status_id, customer_waiting, sort_date)
              values (${schedule.id}, ${invoiceId}, ${body.partTypeId}, ${inv.facilityId}, ${body.installerId}, ${when.at}::timestamptz,
                ${when.at}::timestamptz, ${when.at}::timestamptz, ${end}, ${AppointmentStatus.Scheduled}, ${body.customerIsWaiting},
                ${when.at}::timestamptz)`,
        );
      } else if (current) {
        await tx.rows(
          sql`update appointments set installer_id = ${body.installerId}, appointment_date_time = ${when.at}::timestamptz,
                scheduled_time = ${when.at}::timestamptz, eta = ${when.at}::timestamptz, etc = ${end},
                sort_date = case when ${sameTime} then sort_date else ${when.at}::timestamptz end,
                customer_waiting = ${body.customerIsWaiting}, updated_at = now()
              where id = ${current.id}`,
        );
      }
      // The loaner reservation follows the schedule and its visit: the database writes it (decision 0019).
      await tx.rows(
        sql`update invoices set scheduled = true, updated_at = now() where id = ${invoiceId} and not scheduled`,
      );

      const what = `${part} with ${installer.name} on ${when.local}`;
      const activity = {
        booked: 'Appointment scheduled',
        rebooked: 'Appointment scheduled again',
        moved: 'Appointment rescheduled',
        updated: 'Appointment updated',
        cancelled: 'Appointment cancelled',
      }[action];
      const details =
        action === 'moved' && current
          ? `${part}: ${current.local}${sameInstaller ? '' : ' (another installer)'} → ${when.local} with ${installer.name}`
          : what;
      await recordInvoiceChange(tx, user, invoiceId, { activity, details });
      if (action !== 'updated') {
        const told = [body.installerId];
        if (current?.installerId && current.installerId !== body.installerId && action === 'moved')
          told.push(current.installerId);
        await this.tell(
          tx,
          user,
          { id: invoiceId, facilityId: inv.facilityId },
          told,
          `${activity}: invoice ${invoiceId}`,
          `${activity} — ${details}`,
        );
      }
      this.announce(tx, { invoiceId, facilityId: inv.facilityId, installerId: body.installerId });
      if (current?.installerId && current.installerId !== body.installerId)
        this.announce(tx, { invoiceId, facilityId: inv.facilityId, installerId: current.installerId });
      const [saved] = await schedulesOf(tx, invoiceId, body.partTypeId);
      return { schedule: saved, action };
    });
  }

  /** Cancels the current visit (its row stays, status Cancelled), the loaner reservation too; history and alert. */
  cancel(
    user: SessionUser,
    body: { invoiceId: number; partTypeId: number; note?: string | null },
  ): Promise<ScheduleSaveAnswer> {
    return this.db.transaction(async (tx) => {
      const inv = await lockInvoice(tx, body.invoiceId);
      const [current] = await tx.rows<CurrentVisit & { scheduleId: number; partName: string }>(
        sql`select a.id, a.schedule_id as "scheduleId", a.status_id as "statusId", a.installer_id as "installerId",
              to_json(a.appointment_date_time) #>> '{}' as at, pt.name as "partName",
              to_char(a.appointment_date_time at time zone ${inv.tz}, 'MM/DD/YYYY HH24:MI') as local
            from appointments a join part_types pt on pt.id = a.part_type_id
            where a.invoice_id = ${body.invoiceId} and a.part_type_id = ${body.partTypeId}
            order by a.id desc limit 1 for no key update of a`,
      );
      if (!current) throw notFound(`Invoice ${body.invoiceId} has no appointment for this part type.`);
      if (
        current.statusId !== AppointmentStatus.Scheduled &&
        current.statusId !== AppointmentStatus.ReSchedule
      )
        throw conflict(
          `The appointment of invoice ${body.invoiceId} is not scheduled; it cannot be cancelled.`,
        );
      await tx.rows(
        sql`update appointments set status_id = ${AppointmentStatus.Cancelled}, updated_at = now() where id = ${current.id}`,
      );
      await tx.rows(
        sql`insert into appointment_status_updates (appointment_id, invoice_id, part_type_id, status_id, user_id, note)
            values (${current.id}, ${body.invoiceId}, ${body.partTypeId}, ${AppointmentStatus.Cancelled}, ${user.id}, ${body.note || null})`,
      );
      // The visit cancelled cancels its loaner reservation (the database's rule, decision 0019).
      await tx.rows(
        sql`update invoices set scheduled = exists (select 1 from appointments a where a.invoice_id = ${body.invoiceId}
              and a.status_id in (${inList([AppointmentStatus.Scheduled, AppointmentStatus.Arrived])})), updated_at = now()
            where id = ${body.invoiceId}`,
      );
      const details = `${current.partName} on ${current.local}${body.note ? `: ${body.note}` : ''}`;
      await recordInvoiceChange(tx, user, body.invoiceId, { activity: 'Appointment cancelled', details });
      if (current.installerId)
        await this.tell(
          tx,
          user,
          { id: body.invoiceId },
          [current.installerId],
          `Appointment cancelled: invoice ${body.invoiceId}`,
          `Appointment cancelled — ${details}`,
        );
      this.announce(tx, {
        invoiceId: body.invoiceId,
        facilityId: inv.facilityId,
        installerId: current.installerId,
      });
      const [saved] = await schedulesOf(tx, body.invoiceId, body.partTypeId);
      return { schedule: saved, action: 'cancelled' };
    });
  }

  /**
   * A system conversation linked to the invoice: its message makes the installer's NewMessage alert. The invoice's
   * facility, when the caller has locked the invoice already, spares the writer looking it up again.
   */
  private async tell(
    tx: Db,
    user: SessionUser,
    invoice: { id: number; facilityId?: number },
    userIds: number[],
    subject: string,
    message: string,
  ) {
    const recipients = [...new Set(userIds)].filter((id) => id !== user.id);
    if (!recipients.length) return;
    const sender = await this.writer.sender(tx, user.id);
    await this.writer.create(tx, {
      classNameId: ConversationClass.SystemRequest,
      titleColorId: NEW_CONVERSATION_TITLE_COLOR_ID,
      subject,
      description: 'Appointments',
      message,
      sender,
      recipientUserIds: recipients,
      messageGroupIds: [],
      record: { recordType: 'Invoice', recordId: invoice.id },
      recordFacilityId: invoice.facilityId,
    });
  }

  /** Every open calendar redraws once the change is committed. */
  private announce(tx: Db, payload: AppointmentChanged) {
    tx.afterCommit(() =>
      this.hub.toFacility(payload.facilityId, APPOINTMENT_CHANGED_EVENT, payload, [payload.installerId]),
    );
  }
}
