import {
  installerDay,
  installerRoute,
  installerRoutes,
  markBody,
  markResult,
  myDayQuery,
  routeBody,
  routeQuery,
  statusFields,
  statusUpdateResult,
} from '@glass/domain/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app-type.js';
import { FileStore } from '../../files/file-store.js';
import { allValues, firstValue, readFormPost, requireImage } from '../../files/multipart-form.js';
import { currentUser } from '../../http/auth.js';
import { badRequest, validationFailed, zodErrors } from '../../http/errors.js';
import { sendJson } from '../../http/send-json.js';
import { hubOf } from '../../realtime/hub.js';
import { InstallerRouteService } from './route-service.js';
import { AppointmentFieldService, type MarkKind, type MaterialUse } from './service.js';

const tags = ['appointments'];
const FILES_FIELD = 'Files';
/** Photos one status update may carry (the platform's multipart limit is 10 files). */
export const MAX_STATUS_PHOTOS = 10;
const STATUS_FIELDS = [
  'InvoiceId',
  'PartTypeId',
  'StatusId',
  'Latitude',
  'Longitude',
  'Note',
  'AppointmentId',
  'SeenStatusId',
  'ClientKey',
] as const;

function parseMaterials(values: string[]): MaterialUse[] {
  return values.map((v) => {
    const m = /^(\d+)(?::(\d+(?:\.\d{1,2})?))?$/.exec(v);
    const quantity = m?.[2] === undefined ? 1 : Number(m[2]);
    if (!m || Number(m[1]) <= 0 || quantity <= 0 || quantity > 1000)
      throw badRequest('Materials', `'${v}' is not a material id (or id:quantity)`);
    return { materialId: Number(m[1]), quantity };
  });
}

/** The installer's day, the status call, the marks and the routes (README.md). */
export function appointmentFieldRoutes(app: App) {
  const { db, config } = app.deps;
  const field = new AppointmentFieldService(db, new FileStore(db, config), hubOf(app));
  const routeService = new InstallerRouteService(db, hubOf(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/appointments/my-day',
    {
      config: { action: 'appointments.read' },
      schema: {
        tags,
        summary: "The signed-in installer's stops of a day (default today, facility time) in route order",
        querystring: myDayQuery,
        response: { 200: installerDay },
      },
    },
    async (req, reply) => sendJson(reply, await field.myDay(currentUser(req), req.query.date)),
  );

  r.post(
    '/api/appointments/status',
    {
      config: { action: 'appointments.status', upload: { fields: [FILES_FIELD] } },
      schema: {
        tags,
        summary:
          'Report a status (multipart: InvoiceId, PartTypeId, StatusId, Latitude, Longitude, Note, Materials[], Files, AppointmentId and SeenStatusId (as seen: 409 if the office changed the stop since); ' +
          'Idempotency-Key header or ClientKey field makes a repeat answer the first result). 409 on a refused transition',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: statusUpdateResult },
      },
    },
    async (req) => {
      const form = await readFormPost(req, FILES_FIELD, { many: true });
      const raw: Record<string, string> = {};
      for (const name of STATUS_FIELDS) {
        const v = firstValue(form, name);
        if (v !== undefined && v !== '') raw[name] = v;
      }
      const header = req.headers['idempotency-key'];
      if (typeof header === 'string' && header.trim() && !raw.ClientKey) raw.ClientKey = header.trim();
      const parsed = statusFields.safeParse(raw);
      if (!parsed.success) throw validationFailed(zodErrors(parsed.error));
      const materials = parseMaterials(allValues(form, 'Materials'));
      if (form.files.length > MAX_STATUS_PHOTOS)
        throw badRequest(FILES_FIELD, `Attach at most ${MAX_STATUS_PHOTOS} photos`);
      const photos = form.files.map((f) => requireImage(f, FILES_FIELD));
      return field.updateStatus(currentUser(req), parsed.data, materials, photos, parsed.data.ClientKey);
    },
  );

  const marks: [string, MarkKind, string][] = [
    ['markappointmentconfirmed', 'confirmed', 'Mark the appointment confirmed'],
    ['markcustomerwaiting', 'customerWaiting', 'Mark the customer waiting'],
    ['markAppointmentReviewed', 'reviewed', 'Mark the appointment reviewed'],
  ];
  for (const [path, kind, summary] of marks) {
    r.post(
      `/api/appointments/${path}`,
      {
        config: { action: 'appointments.write' },
        schema: {
          tags,
          summary: `${summary} {invoiceId, partTypeId}`,
          body: markBody,
          response: { 200: markResult },
        },
      },
      (req) => field.mark(currentUser(req), kind, req.body.invoiceId, req.body.partTypeId),
    );
  }

  r.get(
    '/api/appointments/route',
    {
      config: { action: 'appointments.read' },
      schema: {
        tags,
        summary: "Routes of a day: one installer's (userId; default the caller) or a facility's (facilityId)",
        querystring: routeQuery,
        response: { 200: installerRoutes },
      },
    },
    (req) => routeService.routes(req.query, currentUser(req)),
  );
  r.post(
    '/api/appointments/route',
    {
      config: { action: 'appointments.status' },
      schema: {
        tags,
        summary:
          "Save an installer's route (own route; anyone's with appointments.write): stops in the order given",
        body: routeBody,
        response: { 200: installerRoute },
      },
    },
    (req) => routeService.saveRoute(currentUser(req), req.body, false),
  );
  r.post(
    '/api/appointments/facility/route',
    {
      config: { action: 'appointments.write' },
      schema: {
        tags,
        summary: "The office saves an installer's route: stops in the order given",
        body: routeBody,
        response: { 200: installerRoute },
      },
    },
    (req) => routeService.saveRoute(currentUser(req), req.body, true),
  );
}
