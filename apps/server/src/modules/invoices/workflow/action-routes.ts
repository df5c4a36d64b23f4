import { invoiceDetail } from '@glass/domain/contracts/invoices';
import type { Action } from '@glass/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { App } from '../../../app-type.js';
import type { SessionUser } from '../../../auth/sessions.js';
import { assertCan, currentUser } from '../../../http/auth.js';
import { badRequest } from '../../../http/errors.js';
import { sendJson } from '../../../http/send-json.js';
import { InvoiceActionService } from './action-service.js';
import { ClaimSender } from '../claims/claim-send.js';
import { InvoiceDocumentService } from '../documents/documents-service.js';
import { InvoiceDetailService } from '../detail/detail-service.js';
import { idParams, lostBody, patchBody, thumbBody } from '../schemas.js';

const tags = ['invoices'];

/**
 * Edits and work flow actions on one invoice (README.md "Work flow"). Every one answers the invoice's
 * detail as it now stands; 409 when another user holds the lock or the transition is not allowed.
 */
export function invoiceActionRoutes(app: App) {
  const { db, config } = app.deps;
  const detail = new InvoiceDetailService(db);
  // Submit and finalize send the invoice to its clearing house (claims/claim-send.ts).
  const actions = new InvoiceActionService(db, new ClaimSender(new InvoiceDocumentService(db, config)));
  const r = app.withTypeProvider<ZodTypeProvider>();

  function action<B extends z.ZodType = z.ZodUndefined>(route: {
    method: 'POST' | 'PATCH';
    url: string;
    action: Action;
    summary: string;
    body?: B;
    run: (user: SessionUser, id: number, body: z.output<B>) => Promise<unknown>;
  }) {
    r.route({
      method: route.method,
      url: route.url,
      config: { action: route.action },
      schema: {
        tags,
        summary: route.summary,
        params: idParams,
        ...(route.body ? { body: route.body } : {}),
        response: { 200: invoiceDetail },
      },
      handler: async (req, reply) => {
        const { id } = req.params as { id: number };
        await route.run(currentUser(req), id, req.body as z.output<B>);
        return sendJson(reply, await detail.detail(id));
      },
    });
  }

  action({
    method: 'PATCH',
    url: '/api/Invoices/:id',
    action: 'invoice.write',
    summary: 'Edit the invoice; only changed fields are written (submitted false unsubmits)',
    body: patchBody,
    run: async (user, id, body) => {
      // Each status field sent needs its own right (both when both are sent).
      if ('finalized' in body) assertCan(user, 'invoice.finalize');
      if ('submitted' in body) assertCan(user, 'invoice.submit');
      return actions.patch(user, id, body);
    },
  });
  const flows: [string, Action, string, (user: SessionUser, id: number) => Promise<boolean>][] = [
    ['submit', 'invoice.submit', 'Submit the invoice', actions.submit],
    ['unsubmit', 'invoice.submit', 'Unsubmit the invoice (submittedAt cleared)', actions.unsubmit],
    ['finalize', 'invoice.finalize', 'Finalize a submitted invoice', actions.finalize],
    ['unfinalize', 'invoice.finalize', 'Unfinalize the invoice', actions.unfinalize],
    ['followUp', 'invoice.write', 'Mark the follow-up done (followedUp)', actions.followUp],
    ['markAsVerballyApproved', 'invoice.write', 'Mark verbally approved', actions.markVerballyApproved],
    ['void', 'invoice.write', 'Void the invoice', actions.void],
  ];
  for (const [name, act, summary, run] of flows) {
    action({ method: 'POST', url: `/api/Invoices/:id/${name}`, action: act, summary, run });
  }
  action({
    method: 'POST',
    url: '/api/Invoices/:id/thumb',
    action: 'invoice.write',
    summary: 'Thumb {invoiceId, thumb}: 1 up, -1 down, 0 none',
    body: thumbBody,
    run: (user, id, body) => {
      if (body.invoiceId !== undefined && body.invoiceId !== id) {
        throw badRequest('invoiceId', 'invoiceId does not match the invoice of the URL');
      }
      return actions.thumb(user, id, body.thumb);
    },
  });
  action({
    method: 'POST',
    url: '/api/Invoices/:id/lost',
    action: 'invoice.write',
    summary: 'Mark lost with a reason {lostReasonId} (GET /api/LostReasons lists them)',
    body: lostBody,
    run: (user, id, body) => actions.lost(user, id, body.lostReasonId),
  });
}
