import { appointmentStatusLabel, calendarDayInTimeZone, can, DEFAULT_TIME_ZONE } from '@glass/domain';
import {
  APPOINTMENT_CHANGED_EVENT,
  type AppointmentChanged,
  type InstallerRoute,
  type RouteBody,
} from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { AlertHub } from '../../realtime/hub.js';

/** Installers' routes (README.md): a day's stops in the installer's order, saved by the installer or the office. */
export class InstallerRouteService {
  constructor(
    private db: Database,
    private hub: AlertHub,
  ) {}

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
    await this.db.transaction(async (tx) => {
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
      // Every open calendar, route view and board rereads, once the change is committed.
      const changed: AppointmentChanged = {
        invoiceId: null,
        facilityId: installer.facilityId,
        installerId: body.installerId,
      };
      tx.afterCommit(() =>
        this.hub.toFacility(changed.facilityId, APPOINTMENT_CHANGED_EVENT, changed, [body.installerId]),
      );
    });
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
