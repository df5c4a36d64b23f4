import { svDetail } from '@glass/domain/contracts/service-vehicles';
import type { Action } from '@glass/domain';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-type.js';
import type { SessionUser } from '../../auth/sessions.js';
import { currentUser } from '../../http/auth.js';
import { FileStore } from '../../files/file-store.js';
import { ActionService } from './action-service.js';
import { DetailService } from './detail-service.js';
import { EDIT_UPLOAD, readEditForm } from './edit-form.js';
import { EditService } from './edit-service.js';
import { serviceVehicleRecord } from './records.js';
import { sendJson, userTzo } from './routes.js';
import { idParams, patchBody, thumbBody } from './schemas.js';

const tags = ['service-vehicles'];

/**
 * Writes on one service vehicle. Every one answers the vehicle's detail as it now stands, and refuses
 * with 409 (naming the holder) when another user holds the record's lock.
 */
export function serviceVehicleActionRoutes(app: App) {
  const { db, config } = app.deps;
  const detail = new DetailService(db);
  const actions = new ActionService(db);
  const edits = new EditService(db, new FileStore(db, config));
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** One write route: validate, `run`, then answer the detail. Params default to {id}. */
  function action<P extends z.ZodType = typeof idParams, B extends z.ZodType = z.ZodUndefined>(route: {
    method: 'PUT' | 'POST' | 'PATCH';
    url: string;
    action: Action;
    /** The form's file fields, for a route that takes uploads (multipart). */
    upload?: { fields: readonly string[] };
    summary: string;
    params?: P;
    body?: B;
    run: (user: SessionUser, params: z.output<P>, body: z.output<B>, req: FastifyRequest) => Promise<unknown>;
  }) {
    r.route({
      method: route.method,
      url: route.url,
      config: { action: route.action, ...(route.upload ? { upload: route.upload } : {}) },
      schema: {
        tags,
        summary: route.summary,
        params: route.params ?? idParams,
        ...(route.body ? { body: route.body } : {}),
        response: { 200: svDetail },
      },
      // The schemas above have validated params and body by the time the handler runs.
      handler: async (req, reply) => {
        await route.run(currentUser(req), req.params as z.output<P>, req.body as z.output<B>, req);
        return sendJson(reply, await detail.detail((req.params as { id: number }).id, userTzo(req)));
      },
    });
  }

  const write = 'serviceVehicle.write';
  const lock = 'invoice.lock';
  action({
    method: 'PATCH',
    url: '/api/ServiceVehicles/:id',
    action: write,
    summary: 'Change flags and dates (followedUp, followUpDate …); only changed fields are written',
    body: patchBody,
    run: (user, p, body) => actions.patch(user, p.id, body),
  });
  action({
    method: 'POST',
    url: '/api/ServiceVehicle/:id/thumb',
    action: write,
    summary: 'Thumb {thumb}: 1 up, -1 down, 0 none',
    body: thumbBody,
    run: (user, p, body) => actions.thumb(user, p.id, body.thumb),
  });
  action({
    method: 'PUT',
    url: '/api/ServiceVehicle/:id/markOkToCall',
    action: write,
    summary: 'Mark OK to call (also ready to call)',
    run: (user, p) => actions.markOkToCall(user, p.id),
  });
  action({
    method: 'PUT',
    url: '/api/ServiceVehicle/:id/void',
    action: write,
    summary: 'Void the service vehicle',
    run: (user, p) => actions.void(user, p.id),
  });
  action({
    method: 'PUT',
    url: '/api/ServiceVehicle/:id/disposition/:dispositionId',
    action: write,
    summary: 'Mark a disposition (GET /api/Dispositions lists them)',
    params: idParams.extend({ dispositionId: z.coerce.number().int().positive() }),
    run: (user, p) => actions.disposition(user, p.id, p.dispositionId),
  });
  action({
    method: 'PUT',
    url: '/api/ServiceVehicle/:id/lost/:lostReasonId',
    action: write,
    summary: 'Mark lost with a reason (GET /api/LostReasons lists them)',
    params: idParams.extend({ lostReasonId: z.coerce.number().int().positive() }),
    run: (user, p) => actions.lost(user, p.id, p.lostReasonId),
  });
  action({
    method: 'PUT',
    url: '/api/ServiceVehicle/:id/lock',
    action: lock,
    summary: 'Lock for the current user (409 when someone else holds it)',
    run: (user, p) => serviceVehicleRecord.take(db, user, p.id),
  });
  action({
    method: 'PUT',
    url: '/api/ServiceVehicle/:id/removeLock',
    action: lock,
    summary: 'Remove my own lock (409 when someone else holds it)',
    run: (user, p) => serviceVehicleRecord.releaseOwn(db, user, p.id),
  });
  action({
    method: 'PUT',
    url: '/api/ServiceVehicle/:id/removeLock/all',
    action: 'locks.override',
    summary: "Remove the lock, whoever's it is",
    run: (user, p) => serviceVehicleRecord.releaseAll(db, user, p.id),
  });
  action({
    method: 'PUT',
    url: '/api/ServiceVehicle/:id',
    action: write,
    upload: EDIT_UPLOAD,
    summary:
      'Edit as a multipart form (vin, roNumber, roStatusId, vehicleModel, color, state, facilityId, phone2TypeId, sourceId, quote amounts, ROImageFile, InsuranceCardImageFile, WindshieldImageFiles)',
    run: async (user, p, _body, req) => edits.edit(user, p.id, await readEditForm(req)),
  });
}
