import { sendKeptJson } from '../../http/send-json.js';
import {
  appointmentAccessories,
  appointmentDetails as detailsAnswer,
  appointmentImages,
  appointmentMaterials,
  appointmentNotes,
  appointmentParts,
  appointmentRows,
  appointmentsQuery,
  facilityAppointmentsQuery,
  invoiceAppointmentQuery,
} from '@glass/domain/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import {
  appointmentAccessoriesOf,
  appointmentDetails,
  appointmentImagesOf,
  appointmentMaterialsOf,
  appointmentNotesOf,
  appointmentPartsOf,
  facilityAppointments,
  listAppointments,
} from './read-service.js';

const tags = ['appointments'];

/** GET /api/appointments and its per-invoice reads (spec 2 §7 Appointments). */
export function appointmentReadRoutes(app: App) {
  const { db } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { action: 'appointments.read' } as const;
  r.get(
    '/api/appointments',
    {
      config: read,
      schema: {
        tags,
        summary: "The day's appointments (mineOnly: where I am the installer), in route/sort order",
        querystring: appointmentsQuery,
        response: { 200: appointmentRows },
      },
    },
    async (req, reply) => sendKeptJson(req, reply, await listAppointments(db, currentUser(req), req.query)),
  );
  r.get(
    '/api/appointments/facility',
    {
      config: read,
      schema: {
        tags,
        summary: "The day's appointments of my current facility",
        querystring: facilityAppointmentsQuery,
        response: { 200: appointmentRows },
      },
    },
    async (req, reply) =>
      sendKeptJson(req, reply, await facilityAppointments(db, currentUser(req), req.query)),
  );
  /** One per-invoice read: its contract's answer type ties the loader to the response schema, no cast. */
  const perInvoice = <T extends z.ZodType>(
    path: string,
    summary: string,
    response: T,
    load: (d: typeof db, q: z.infer<typeof invoiceAppointmentQuery>) => Promise<z.input<T>>,
  ) =>
    r.get(
      `/api/appointments/${path}`,
      {
        config: read,
        schema: { tags, summary, querystring: invoiceAppointmentQuery, response: { 200: response } },
      },
      // The loader's answer is checked against the contract above; Fastify cannot resolve a generic schema's reply type.
      (req) => load(db, req.query) as never,
    );
  perInvoice(
    'details',
    'Every visit of the invoice with its schedule, newest first',
    detailsAnswer,
    appointmentDetails,
  );
  perInvoice('images', 'Photos taken with the status updates', appointmentImages, appointmentImagesOf);
  perInvoice(
    'accessories',
    "The invoice's windshield accessories",
    appointmentAccessories,
    appointmentAccessoriesOf,
  );
  perInvoice(
    'parts',
    "The invoice's replacement parts and their status",
    appointmentParts,
    appointmentPartsOf,
  );
  perInvoice(
    'materials',
    'Materials reported with the status updates',
    appointmentMaterials,
    appointmentMaterialsOf,
  );
  perInvoice('notes', 'Notes written with the status updates', appointmentNotes, appointmentNotesOf);
}
