import {
  AppointmentStatus,
  appointmentStatusLabel,
  can,
  canChangeAppointmentStatus,
  statusNeedsNote,
} from '@glass/domain';
import {
  APPOINTMENT_CHANGED_EVENT,
  type AppointmentChanged,
  type MarkResult,
  type StatusFields,
  type StatusUpdateResult,
} from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import type { CheckedImage, FileStore, PreparedUpload } from '../../files/file-store.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { AlertHub } from '../../realtime/hub.js';
import { planOnce } from '../../odata/index.js';
import { dayPlaceSql, stopsJsonSql } from './day-sql.js';
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
/**
 * The installer in the field (README.md): the day's stops, status updates (idempotent by a client key)
 * and the marks (the routes: route-service.ts). Every change is written to the invoice's history and broadcast as
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
    // After the commit inside a unit of work; at once on the database itself (every statement committed).
    db.afterCommit(() =>
      this.hub.toFacility(payload.facilityId, APPOINTMENT_CHANGED_EVENT, payload, [payload.installerId]),
    );
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
    const prepared: PreparedUpload<CheckedImage>[] = []; // re-encoded here, not holding a connection
    for (const photo of photos) prepared.push(await this.files.prepareImage(photo));
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
        // Queued offline: the office changed the stop meanwhile; shown to the installer, never overwritten.
        if (input.AppointmentId !== undefined && input.AppointmentId !== visit.id) {
          throw conflict(
            `Changed by the office: the visit of invoice ${invoiceId} was rescheduled since; this update was not applied.`,
          );
        }
        if (input.SeenStatusId !== undefined && input.SeenStatusId !== visit.statusId) {
          throw conflict(
            `Changed by the office: the visit of invoice ${invoiceId} is now ${appointmentStatusLabel(visit.statusId as never)}; this update was not applied.`,
          );
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
        for (const photo of prepared) {
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
        await recordInvoiceChange(tx, user, invoiceId, {
          activity: `Appointment ${label}`,
          details,
          phrase: `marked ${label}`,
        });
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
      const [activity, phrase] = {
        confirmed: ['Appointment confirmed', 'marked the appointment confirmed'],
        customerWaiting: ['Customer waiting', 'marked the customer waiting'],
        reviewed: ['Appointment reviewed', 'marked the appointment reviewed'],
      }[kind];
      await recordInvoiceChange(tx, user, invoiceId, {
        activity,
        phrase,
        details: visit.partTypeName ? `Part type: ${visit.partTypeName}` : undefined,
      });
      this.changed(tx, invoiceId, visit);
      return row;
    });
  }
}

class DuplicateCall extends Error {}
