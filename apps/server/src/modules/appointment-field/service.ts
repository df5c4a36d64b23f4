import {
  AppointmentStatus,
  allowedNextStatuses,
  appointmentStatusLabel,
  can,
  canChangeAppointmentStatus,
  calendarDayInTimeZone,
  DEFAULT_TIME_ZONE,
  statusNeedsNote,
} from '@glass/domain';
import {
  APPOINTMENT_CHANGED_EVENT,
  type AppointmentChanged,
  type InstallerRoute,
  type MarkResult,
  type RouteBody,
  type StatusFields,
  type StatusUpdateResult,
} from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import type { CheckedImage, FileStore } from '../../files/file-store.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { AlertHub } from '../../realtime/hub.js';
import { planOnce } from '../../odata/index.js';
import { recordInvoiceChange } from '../invoices/index.js';

export type MarkKind = 'confirmed' | 'customerWaiting' | 'reviewed';

interface CurrentVisit {
  id: number;
  statusId: number;
  facilityId: number;
  installerId: number | null;
  partTypeName: string | null;
}

/** A material reported on a status update: `id` or `id:quantity`. */
export interface MaterialUse {
  materialId: number;
  quantity: number;
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** The domain's status names and next statuses (rules/appointment-status.ts) as SQL over `a.status_id`. */
const STATUS_IDS = Object.values(AppointmentStatus);
const STATUS_NAME_SQL = sql.raw(
  `case a.status_id ${STATUS_IDS.map((id) => `when ${id} then '${appointmentStatusLabel(id)}'`).join(' ')} else a.status_id::text end`,
);
const NEXT_STATUSES_SQL = sql.raw(
  `case a.status_id ${STATUS_IDS.map((id) => `when ${id} then '${JSON.stringify(allowedNextStatuses(id))}'::json`).join(' ')} else '[]'::json end`,
);

/**
 * Where an installer's day is: the zone of the installer's facility, the day (default: today there), the
 * start (the saved route's position, else the facility's) as JSON, and the saved route of that day.
 */
const dayPlaceSql = (installerId: number, facilityId: number | null, date: string | undefined) => sql`
  select w.tz, w.day::text as day, r.id as "routeId",
    (case when r.id is not null and r.latitude is not null
            then case when r.longitude is not null then json_build_object('latitude', r.latitude, 'longitude', r.longitude) end
          when w.flat is not null and w.flng is not null then json_build_object('latitude', w.flat, 'longitude', w.flng) end)::text as start
  from (select coalesce(f.time_zone, ${DEFAULT_TIME_ZONE}) as tz, f.latitude as flat, f.longitude as flng,
               coalesce(${date ?? null}::date, (now() at time zone coalesce(f.time_zone, ${DEFAULT_TIME_ZONE}))::date) as day
          from users u left join facilities f on f.id = coalesce(${facilityId}, u.facility_id)
         where u.id = ${installerId}) w
  left join installer_routes r on r.installer_id = ${installerId} and r.route_date = w.day`;

/**
 * The stops of an installer's day as JSON text (contracts `installerStop[]`), in route order, with everything
 * the phone screen shows. Built by PostgreSQL and sent as is (decision 0001), like the lists. The day, zone
 * and route are values (dayPlaceSql), not a join: with them known the planner sees a day's few visits, where a
 * joined day made it expect thousands and pay for JIT compilation on every call (bench/RESULTS.md).
 */
const stopsJsonSql = (installerId: number, day: string, tz: string, routeId: number | null) => sql`
  with ap as materialized (
    select a.* from appointments a
     where a.installer_id = ${installerId}
       and a.appointment_date_time >= (${day}::date)::timestamp at time zone ${tz}
       and a.appointment_date_time < (${day}::date + 1)::timestamp at time zone ${tz}
  ),
  -- The day's parts, accessories and materials, each read once for all its stops.
  pa as materialized (
    select rp.invoice_id, rp.part_type_id, rp.id, json_build_object('id', rp.id, 'partNumber', rp.part_number,
             'description', rp.description, 'statusName', rps.name) as j
      from replacement_parts rp left join replacement_part_statuses rps on rps.id = rp.status_id
     where rp.invoice_id in (select invoice_id from ap)
  ),
  ac as (
    select ia.invoice_id, json_agg(json_build_object('id', wa.id, 'name', wa.name) order by wa.name) as j
      from invoice_accessories ia join windshield_accessories wa on wa.id = ia.accessory_id
     where ia.invoice_id in (select invoice_id from ap) group by ia.invoice_id
  ),
  ma as (
    select x.appointment_id, json_agg(json_build_object('id', m.id, 'name', m.name, 'quantity', x.q) order by m.name) as j
      from (select u.appointment_id, um.material_id, sum(um.quantity)::float8 as q from appointment_status_updates u
              join appointment_status_update_materials um on um.status_update_id = u.id
             where u.appointment_id in (select id from ap) group by 1, 2) x
      join materials m on m.id = x.material_id
     group by x.appointment_id
  ),
  st as (
    select json_build_object(
      'appointmentId', a.id, 'scheduleId', a.schedule_id, 'invoiceId', a.invoice_id, 'partTypeId', a.part_type_id,
      'partTypeName', pt.name, 'facilityId', a.facility_id, 'statusId', a.status_id,
      'statusName', ${STATUS_NAME_SQL}, 'nextStatusIds', ${NEXT_STATUSES_SQL},
      'appointmentDateTime', a.appointment_date_time, 'eta', a.eta, 'ata', a.ata, 'atc', a.atc,
      'timeAllowed', s.time_allowed, 'serviceAppointment', s.service_appointment, 'stopOrder', rs.stop_order,
      'customerName', nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), ''),
      'address', s.service_address, 'city', s.city, 'state', s.state, 'zip', s.zip,
      'latitude', s.latitude, 'longitude', s.longitude,
      'phones', (select coalesce(json_agg(json_build_object('phone', p.phone, 'allowText', p.allow_text)), '[]'::json)
                   from (values (s.phone1, s.phone1_allow_text), (s.phone2, s.phone2_allow_text)) p(phone, allow_text)
                  where p.phone is not null and p.phone <> ''),
      'vehicle', json_build_object('year', i.vehicle_year, 'make', i.vehicle_make, 'model', i.vehicle_model, 'vin', i.vin),
      'parts', (select coalesce(json_agg(p.j order by p.id), '[]'::json) from pa p
                 where p.invoice_id = a.invoice_id and (p.part_type_id is null or p.part_type_id = a.part_type_id)),
      'accessories', coalesce(ac.j, '[]'::json),
      'materials', coalesce(ma.j, '[]'::json),
      'instructions', s.instructions, 'scheduleInstructions', s.schedule_instructions,
      'customerWaiting', (a.customer_waiting or s.customer_is_waiting), 'customerWaitingOption', cw.name,
      'loaner', case when lc.id is not null then json_build_object('id', lc.id, 'name', lc.name, 'licensePlate', lc.license_plate) end,
      'confirmedDateTime', a.confirmed_date_time, 'reviewedDateTime', a.reviewed_date_time
    ) as j, rs.stop_order as o, a.appointment_date_time as t, a.id as k
    from ap a
    join appointment_schedules s on s.id = a.schedule_id
    join invoices i on i.id = a.invoice_id
    left join customers c on c.id = i.customer_id
    left join part_types pt on pt.id = a.part_type_id
    left join customer_waiting_options cw on cw.id = s.customer_waiting_option_id
    left join loaner_cars lc on lc.id = s.loaner_car_id
    left join installer_route_stops rs on rs.route_id = ${routeId} and rs.appointment_id = a.id
    left join ac on ac.invoice_id = a.invoice_id
    left join ma on ma.appointment_id = a.id
  )
  select coalesce(json_agg(st.j order by st.o nulls last, st.t, st.k), '[]'::json)::text as stops from st`;

/**
 * The installer in the field (README.md): the day's stops, status updates (idempotent by a client key),
 * the marks and the routes. Every change is written to the invoice's history and broadcast as
 * AppointmentChanged after commit.
 */
export class AppointmentFieldService {
  constructor(
    private db: Database,
    private files: FileStore,
    private hub: AlertHub,
  ) {}

  /** GET /my-day: the installer's day as the JSON text of its answer (contracts `installerDay`). */
  async myDay(user: SessionUser, date?: string): Promise<string> {
    const [place] = await this.db.rows<{
      tz: string;
      day: string;
      routeId: number | null;
      start: string | null;
    }>(dayPlaceSql(user.id, user.facilityId, date));
    if (!place) throw notFound('Your account was not found.');
    // A named prepared statement on PostgreSQL (Database.listRows): planning the statement cost as much as
    // running it.
    const [{ stops }] = await this.db.listRows<{ stops: string }>(
      planOnce(stopsJsonSql(user.id, place.day, place.tz, place.routeId)),
    );
    return `{"date":${JSON.stringify(place.day)},"timeZone":${JSON.stringify(place.tz)},"installerId":${user.id},"start":${place.start ?? 'null'},"stops":${stops}}`;
  }

  /** The current visit of an invoice and part type, row-locked for the unit of work. 404 when none. */
  private async lockVisit(db: Db, invoiceId: number, partTypeId: number): Promise<CurrentVisit> {
    const [visit] = await db.rows<CurrentVisit>(
      sql`select a.id, a.status_id as "statusId", a.facility_id as "facilityId", a.installer_id as "installerId",
            (select name from part_types where id = a.part_type_id) as "partTypeName"
          from appointments a where a.invoice_id = ${invoiceId} and a.part_type_id = ${partTypeId}
          order by a.appointment_date_time desc, a.id desc limit 1 for update`,
    );
    if (!visit) throw notFound(`No appointment for invoice ${invoiceId} and part type ${partTypeId}.`);
    return visit;
  }

  /** The assigned installer reports on his visit; the office (appointments.write) on anyone's. */
  private assertMayReport(user: SessionUser, visit: CurrentVisit) {
    if (visit.installerId === user.id || can(user.userRoleId, 'appointments.write')) return;
    throw forbidden('Only the installer of this appointment or the office may update its status.');
  }

  private changed(db: Db, invoiceId: number, visit: CurrentVisit) {
    const payload: AppointmentChanged = {
      invoiceId,
      facilityId: visit.facilityId,
      installerId: visit.installerId,
    };
    const push = () => this.hub.broadcast(APPOINTMENT_CHANGED_EVENT, payload);
    if ('afterCommit' in db) (db as { afterCommit(fn: () => void): void }).afterCommit(push);
    else push();
  }

  private async replay(userId: number, clientKey: string): Promise<StatusUpdateResult | undefined> {
    const [row] = await this.db.rows<Omit<StatusUpdateResult, 'statusName' | 'replayed'>>(
      sql`select u.id as "statusUpdateId", u.appointment_id as "appointmentId", u.invoice_id as "invoiceId",
            u.part_type_id as "partTypeId", u.status_id as "statusId", u.created_at as "createdAt",
            (select count(*)::int from appointment_status_update_files f where f.status_update_id = u.id) as photos
          from appointment_status_requests k join appointment_status_updates u on u.id = k.status_update_id
          where k.user_id = ${userId} and k.client_key = ${clientKey}`,
    );
    if (!row) return undefined;
    return { ...row, statusName: appointmentStatusLabel(row.statusId as never) ?? '', replayed: true };
  }

  /**
   * POST /api/appointments/status. With a client key, the same call sent again answers the first call's
   * result (`replayed: true`) and changes nothing; a different status under a used key is a 409.
   */
  async updateStatus(
    user: SessionUser,
    input: StatusFields,
    materials: MaterialUse[],
    photos: CheckedImage[],
    clientKey: string | undefined,
  ): Promise<StatusUpdateResult> {
    const { InvoiceId: invoiceId, PartTypeId: partTypeId, StatusId: statusId } = input;
    const note = input.Note?.trim() || null;
    if (clientKey) {
      const seen = await this.replay(user.id, clientKey);
      if (seen) return this.sameCall(seen, input);
    }
    if (statusNeedsNote(statusId) && !note)
      throw badRequest(
        'Note',
        `Say why the appointment is ${statusId === AppointmentStatus.Cancelled ? 'cancelled' : 'to be rescheduled'}`,
      );
    if ((input.Latitude === undefined) !== (input.Longitude === undefined))
      throw badRequest(
        input.Latitude === undefined ? 'Latitude' : 'Longitude',
        'Send both Latitude and Longitude, or neither',
      );
    try {
      return await this.db.transaction(async (tx) => {
        const visit = await this.lockVisit(tx, invoiceId, partTypeId);
        this.assertMayReport(user, visit);
        if (clientKey) {
          // A twin call that waited on the row lock sees the first one's key now.
          const [k] = await tx.rows(
            sql`select 1 from appointment_status_requests where user_id = ${user.id} and client_key = ${clientKey}`,
          );
          if (k) throw new DuplicateCall();
        }
        if (!canChangeAppointmentStatus(visit.statusId, statusId)) {
          throw conflict(
            `The appointment of invoice ${invoiceId} is ${appointmentStatusLabel(visit.statusId as never)}; it cannot become ${appointmentStatusLabel(statusId as never)}.`,
          );
        }
        if (materials.length) {
          const ids = [...new Set(materials.map((m) => m.materialId))];
          const known = await tx.rows<{ id: number }>(
            sql`select id from materials where id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`,
          );
          const missing = ids.filter((i) => !known.some((k) => k.id === i));
          if (missing.length) throw badRequest('Materials', `Unknown material ${missing.join(', ')}`);
        }
        await tx.rows(
          sql`update appointments set status_id = ${statusId},
                ata = case when ${statusId}::int = ${AppointmentStatus.Arrived} then now() else ata end,
                atc = case when ${statusId}::int = ${AppointmentStatus.Completed} then now() else atc end,
                updated_at = now()
              where id = ${visit.id}`,
        );
        const [update] = await tx.rows<{ id: number; createdAt: string }>(
          sql`insert into appointment_status_updates (appointment_id, invoice_id, part_type_id, status_id, user_id, latitude, longitude, note)
              values (${visit.id}, ${invoiceId}, ${partTypeId}, ${statusId}, ${user.id}, ${input.Latitude ?? null},
                      ${input.Longitude ?? null}, ${note})
              returning id, created_at as "createdAt"`,
        );
        for (const m of materials) {
          await tx.rows(
            sql`insert into appointment_status_update_materials (status_update_id, material_id, quantity)
                values (${update.id}, ${m.materialId}, ${m.quantity})`,
          );
        }
        const owner = { ownerUserId: user.id, ownerType: 'Invoice', ownerId: invoiceId };
        for (const photo of photos) {
          const path = await this.files.saveImage(tx, photo, `appointments/${invoiceId}`, owner);
          await tx.rows(
            sql`insert into appointment_status_update_files (status_update_id, file_id, path)
                values (${update.id}, (select id from stored_files where path = ${path}), ${path})`,
          );
        }
        if (clientKey) {
          await tx.rows(
            sql`insert into appointment_status_requests (user_id, client_key, status_update_id)
                values (${user.id}, ${clientKey}, ${update.id})`,
          );
        }
        const label = appointmentStatusLabel(statusId as never);
        const details = [
          visit.partTypeName ? `Part type: ${visit.partTypeName}` : null,
          `${appointmentStatusLabel(visit.statusId as never)} → ${label}`,
          note ? `Note: ${note}` : null,
          photos.length ? `Photos: ${photos.length}` : null,
          materials.length ? `Materials: ${materials.length}` : null,
          input.Latitude !== undefined
            ? `At ${input.Latitude.toFixed(5)}, ${input.Longitude?.toFixed(5)}`
            : null,
        ]
          .filter(Boolean)
          .join('; ');
        await recordInvoiceChange(tx, user, invoiceId, { activity: `Appointment ${label}`, details });
        this.changed(tx, invoiceId, visit);
        return {
          statusUpdateId: update.id,
          appointmentId: visit.id,
          invoiceId,
          partTypeId,
          statusId,
          statusName: label ?? String(statusId),
          createdAt: update.createdAt,
          photos: photos.length,
          replayed: false,
        };
      });
    } catch (err) {
      if (clientKey && (err instanceof DuplicateCall || isUniqueViolation(err))) {
        const seen = await this.replay(user.id, clientKey);
        if (seen) return this.sameCall(seen, input);
      }
      throw err;
    }
  }

  private sameCall(seen: StatusUpdateResult, input: StatusFields): StatusUpdateResult {
    if (
      seen.invoiceId !== input.InvoiceId ||
      seen.partTypeId !== input.PartTypeId ||
      seen.statusId !== input.StatusId
    )
      throw conflict('This idempotency key was already used for another status update.');
    return seen;
  }

  async mark(user: SessionUser, kind: MarkKind, invoiceId: number, partTypeId: number): Promise<MarkResult> {
    return this.db.transaction(async (tx) => {
      const visit = await this.lockVisit(tx, invoiceId, partTypeId);
      const set =
        kind === 'confirmed'
          ? sql`confirmed_date_time = coalesce(confirmed_date_time, now())`
          : kind === 'customerWaiting'
            ? sql`customer_waiting = true`
            : sql`reviewed_date_time = coalesce(reviewed_date_time, now())`;
      const [row] = await tx.rows<MarkResult>(
        sql`update appointments set ${set}, updated_at = now() where id = ${visit.id}
            returning id as "appointmentId", invoice_id as "invoiceId", part_type_id as "partTypeId",
              confirmed_date_time as "confirmedDateTime", customer_waiting as "customerWaiting",
              reviewed_date_time as "reviewedDateTime"`,
      );
      const activity = {
        confirmed: 'Appointment confirmed',
        customerWaiting: 'Customer waiting',
        reviewed: 'Appointment reviewed',
      }[kind];
      await recordInvoiceChange(tx, user, invoiceId, {
        activity,
        details: visit.partTypeName ? `Part type: ${visit.partTypeName}` : undefined,
      });
      this.changed(tx, invoiceId, visit);
      return row;
    });
  }

  /**
   * POST /route (the installer's own, or anyone's with appointments.write) and /facility/route (the
   * office). The stops are the installer's appointments of that day, in the order given; 400 naming
   * appointmentIds when one is not.
   */
  async saveRoute(user: SessionUser, body: RouteBody, office: boolean): Promise<InstallerRoute> {
    if (!office && body.installerId !== user.id && !can(user.userRoleId, 'appointments.write'))
      throw forbidden('Only the installer or the office may change this route.');
    if (new Set(body.appointmentIds).size !== body.appointmentIds.length)
      throw badRequest('appointmentIds', 'A stop is listed twice');
    if ((body.latitude == null) !== (body.longitude == null))
      throw badRequest(
        body.latitude == null ? 'latitude' : 'longitude',
        'Send both latitude and longitude, or neither',
      );
    const installerFacility = await this.db.transaction(async (tx) => {
      const [installer] = await tx.rows<{ facilityId: number | null; tz: string | null }>(
        sql`select u.facility_id as "facilityId", f.time_zone as tz from users u left join facilities f on f.id = u.facility_id
            where u.id = ${body.installerId}`,
      );
      if (!installer) throw badRequest('installerId', `Installer ${body.installerId} not found`);
      const tz = installer.tz ?? DEFAULT_TIME_ZONE;
      if (body.appointmentIds.length) {
        const own = await tx.rows<{ id: number }>(
          sql`select id from appointments where installer_id = ${body.installerId}
                and id in (${sql.join(
                  body.appointmentIds.map((i) => sql`${i}`),
                  sql`, `,
                )})
                and appointment_date_time >= (${body.routeDate}::date)::timestamp at time zone ${tz}
                and appointment_date_time < (${body.routeDate}::date + 1)::timestamp at time zone ${tz}`,
        );
        const missing = body.appointmentIds.filter((i) => !own.some((o) => o.id === i));
        if (missing.length)
          throw badRequest(
            'appointmentIds',
            `Appointment ${missing.join(', ')} is not on this installer's route of ${body.routeDate}`,
          );
      }
      const [route] = await tx.rows<{ id: number }>(
        sql`insert into installer_routes (installer_id, facility_id, route_date, auto_update, latitude, longitude, current_status)
            values (${body.installerId}, ${installer.facilityId}, ${body.routeDate}::date, ${body.autoUpdate},
                    ${body.latitude ?? null}, ${body.longitude ?? null}, ${body.currentStatus ?? null})
            on conflict (installer_id, route_date) do update set auto_update = excluded.auto_update,
              latitude = coalesce(excluded.latitude, installer_routes.latitude),
              longitude = coalesce(excluded.longitude, installer_routes.longitude),
              current_status = coalesce(excluded.current_status, installer_routes.current_status),
              updated_at = now()
            returning id`,
      );
      await tx.rows(sql`delete from installer_route_stops where route_id = ${route.id}`);
      for (const [k, appointmentId] of body.appointmentIds.entries()) {
        await tx.rows(
          sql`insert into installer_route_stops (route_id, appointment_id, stop_order) values (${route.id}, ${appointmentId}, ${k + 1})`,
        );
        await tx.rows(
          sql`update appointments set sort_date = appointment_date_time + make_interval(secs => ${k}) where id = ${appointmentId}`,
        );
      }
      return installer.facilityId;
    });
    // Every open calendar, route view and board rereads (after the commit: the transaction has returned).
    const changed: AppointmentChanged = {
      invoiceId: null,
      facilityId: installerFacility,
      installerId: body.installerId,
    };
    this.hub.broadcast(APPOINTMENT_CHANGED_EVENT, changed);
    const [saved] = await this.routes({ userId: body.installerId, startDate: body.routeDate });
    return saved;
  }

  /** GET /route: one installer's route (userId) or every installer's of a facility on a day. */
  async routes(
    query: { userId?: number; facilityId?: number; startDate?: string },
    user?: SessionUser,
  ): Promise<InstallerRoute[]> {
    const userId = query.userId ?? (query.facilityId ? undefined : user?.id);
    const tzRow = await this.db.rows<{ tz: string | null }>(
      userId
        ? sql`select f.time_zone as tz from users u left join facilities f on f.id = u.facility_id where u.id = ${userId}`
        : sql`select time_zone as tz from facilities where id = ${query.facilityId ?? 0}`,
    );
    const tz = tzRow[0]?.tz ?? DEFAULT_TIME_ZONE;
    const day = query.startDate ?? calendarDayInTimeZone(Date.now(), tz);
    const who = userId ? sql`a.installer_id = ${userId}` : sql`a.facility_id = ${query.facilityId ?? 0}`;
    const stops = await this.db.rows<
      InstallerRoute['stops'][number] & { installerId: number; installerName: string }
    >(
      sql`select a.installer_id as "installerId", trim(u.first_name || ' ' || u.last_name) as "installerName",
            a.id as "appointmentId", a.invoice_id as "invoiceId", a.part_type_id as "partTypeId", rs.stop_order as "stopOrder",
            a.status_id as "statusId", a.appointment_date_time as "appointmentDateTime", s.time_allowed as "timeAllowed",
            nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), '') as "customerName",
            s.service_address as address, s.city, s.latitude, s.longitude
          from appointments a
          join users u on u.id = a.installer_id
          join appointment_schedules s on s.id = a.schedule_id
          join invoices i on i.id = a.invoice_id
          left join customers c on c.id = i.customer_id
          left join installer_routes r on r.installer_id = a.installer_id and r.route_date = ${day}::date
          left join installer_route_stops rs on rs.route_id = r.id and rs.appointment_id = a.id
          where ${who} and a.installer_id is not null
            and a.appointment_date_time >= (${day}::date)::timestamp at time zone ${tz}
            and a.appointment_date_time < (${day}::date + 1)::timestamp at time zone ${tz}
          order by a.installer_id, rs.stop_order nulls last, a.appointment_date_time, a.id`,
    );
    const routes = await this.db.rows<Omit<InstallerRoute, 'stops' | 'installerName'>>(
      sql`select r.id, r.installer_id as "installerId", r.facility_id as "facilityId", r.route_date::text as "routeDate",
            r.auto_update as "autoUpdate", r.latitude, r.longitude, r.current_status as "currentStatus", r.updated_at as "updatedAt"
          from installer_routes r
          where r.route_date = ${day}::date and ${userId ? sql`r.installer_id = ${userId}` : sql`r.installer_id in (select distinct installer_id from appointments a where ${who} and a.installer_id is not null and a.appointment_date_time >= (${day}::date)::timestamp at time zone ${tz} and a.appointment_date_time < (${day}::date + 1)::timestamp at time zone ${tz})`}`,
    );
    const installers = new Map<number, string>();
    for (const s of stops) installers.set(s.installerId, s.installerName);
    if (userId && !installers.has(userId)) {
      const [u] = await this.db.rows<{ name: string }>(
        sql`select trim(first_name || ' ' || last_name) as name from users where id = ${userId}`,
      );
      if (!u) throw notFound(`User ${userId} not found.`);
      installers.set(userId, u.name);
    }
    const homes = installers.size
      ? await this.db.rows<{ id: number; latitude: number | null; longitude: number | null }>(
          sql`select u.id, f.latitude, f.longitude from users u join facilities f on f.id = u.facility_id
              where u.id in (${sql.join(
                [...installers.keys()].map((i) => sql`${i}`),
                sql`, `,
              )})`,
        )
      : [];
    return [...installers].map(([installerId, installerName]) => {
      const r = routes.find((x) => x.installerId === installerId);
      const home = homes.find((h) => h.id === installerId);
      const start =
        r?.latitude != null && r.longitude != null
          ? { latitude: r.latitude, longitude: r.longitude }
          : home?.latitude != null && home.longitude != null
            ? { latitude: home.latitude, longitude: home.longitude }
            : null;
      return {
        id: r?.id ?? null,
        installerId,
        installerName,
        facilityId: r?.facilityId ?? query.facilityId ?? null,
        routeDate: day,
        autoUpdate: r?.autoUpdate ?? false,
        latitude: r?.latitude ?? null,
        longitude: r?.longitude ?? null,
        currentStatus: r?.currentStatus ?? null,
        updatedAt: r?.updatedAt ?? null,
        timeZone: tz,
        start,
        stops: stops
          .filter((s) => s.installerId === installerId)
          .map(({ installerId: _i, installerName: _n, ...s }) => ({
            ...s,
            statusName: appointmentStatusLabel(s.statusId as never) ?? String(s.statusId),
          })),
      };
    });
  }
}

class DuplicateCall extends Error {}
