import { idParams, odataPage } from '@glass/domain/contracts/common';
import {
  loanerCarStatus,
  loanerCarStatusQuery,
  loanerReservationRow,
  loanerUsageBody,
} from '@glass/domain/contracts/loaners';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { sendODataList } from '../../http/odata-route.js';
import { loanerReservationsResource } from './resource.js';
import { LoanerService } from './service.js';

const tags = ['loaners'];

/** /api/LoanerReservations, /api/LoanerCarUsages/{id}, /api/LoanerCarStatus (README.md). */
export function loanerRoutes(app: App) {
  const { db } = app.deps;
  const loaners = new LoanerService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/LoanerReservations',
    {
      config: { action: 'loaners.read' },
      schema: {
        tags,
        summary:
          'Appointment schedules with a loaner car (OData): reservation, check-out/check-in, insurance, licence; newest first',
        querystring: odataQuerySchema,
        response: { 200: odataPage(loanerReservationRow) },
      },
    },
    (req, reply) => sendODataList(db, loanerReservationsResource, req, reply),
  );
  r.put(
    '/api/LoanerCarUsages/:id',
    {
      config: { action: 'loaners.write' },
      schema: {
        tags,
        summary:
          'Check a loaner out or in (date, mileage, fuel in eighths), with the insurance and licence; id = the reservation row (schedule)',
        params: idParams,
        body: loanerUsageBody,
        response: { 200: loanerReservationRow },
      },
    },
    (req) => loaners.saveUsage(currentUser(req), req.params.id, req.body),
  );
  r.get(
    '/api/LoanerCarStatus',
    {
      config: { action: 'loaners.read' },
      schema: {
        tags,
        summary: 'Active loaner cars and, for one that is out, who has it and when it is due back',
        querystring: loanerCarStatusQuery,
        response: { 200: z.array(loanerCarStatus) },
      },
    },
    (req) => loaners.fleet(req.query.facilityId, currentUser(req)),
  );
}
