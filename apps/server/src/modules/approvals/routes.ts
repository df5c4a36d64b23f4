import {
  customerApprovalRow,
  customerConsent,
  initiateLink,
  initiateLinkBody,
  requestApprovalEmailBody,
  requestApprovalSmsBody,
  requestedApproval,
} from '@glass/domain/contracts/approvals';
import { odataPage } from '@glass/domain/contracts/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isTextable } from '../notify/index.js';
import { sendODataList } from '../../http/odata-route.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import type { InitiateService } from './initiate.js';
import type { OptInService } from './opt-in.js';
import type { ApprovalRequestService } from './request-service.js';
import { customerApprovalsResource } from './resource.js';

const tags = ['approvals'];
const read = { action: 'approvals.read' } as const;
const request = { action: 'approvals.request' } as const;

/** Staff routes of customer approvals (spec 2 §7 "Customer approvals"; README). */
export function approvalRoutes(
  app: App,
  services: { requests: ApprovalRequestService; initiate: InitiateService; optIn: OptInService },
) {
  const { db } = app.deps;
  const { requests, initiate, optIn } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/customerApprovals/requestApprovalSms',
    {
      config: request,
      schema: {
        tags,
        summary:
          'Text the customer an approval link {invoiceId, phoneNumber}; 409 do-not-text, opted out, void or lost invoice',
        body: requestApprovalSmsBody,
        response: { 200: requestedApproval },
      },
    },
    (req) => {
      // A number no provider can text would only fail in the outbox after the history says it was texted.
      if (!isTextable(req.body.phoneNumber))
        throw badRequest('phoneNumber', 'Enter a phone number that can receive texts.');
      return requests.request(currentUser(req), {
        invoiceId: req.body.invoiceId,
        channel: 'sms',
        to: req.body.phoneNumber,
      });
    },
  );
  r.post(
    '/api/customerApprovals/requestApprovalEmail',
    {
      config: request,
      schema: {
        tags,
        summary:
          'E-mail the customer an approval link {invoiceId, emailAddress}; 409 do-not-email, opted out, no mailbox, void or lost',
        body: requestApprovalEmailBody,
        response: { 200: requestedApproval },
      },
    },
    (req) =>
      requests.request(currentUser(req), {
        invoiceId: req.body.invoiceId,
        channel: 'email',
        to: req.body.emailAddress,
      }),
  );
  r.get(
    '/api/customerApprovals',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Approval requests (OData): state sent|viewed|approved|declined|expired|voided, facilityId, sentAt …; newest first',
        querystring: odataQuerySchema,
        response: { 200: odataPage(customerApprovalRow) },
      },
    },
    (req, reply) => sendODataList(db, customerApprovalsResource, req, reply),
  );
  r.get(
    '/api/customerApprovals/:id/signature',
    {
      config: read,
      schema: {
        tags,
        summary: "The customer's signature of an approved request (PNG); 404 when none",
        params: z.object({ id: z.uuid('Expected an approval id') }),
      },
    },
    async (req, reply) =>
      reply
        .type('image/png')
        .header('cache-control', 'private, no-store')
        .send(await requests.signature(req.params.id)),
  );
  r.post(
    '/api/customerApprovals/initiateLink',
    {
      config: { action: 'invoice.initiate' },
      schema: {
        tags,
        summary:
          'The signed link of /sign-initiate/{id} for the customer to authorise the work {url, expiresAt}',
        body: initiateLinkBody,
        response: { 200: initiateLink },
      },
    },
    (req) => initiate.createLink(currentUser(req), req.body.invoiceId),
  );
  r.get(
    '/api/customerApprovals/consent/:invoiceId',
    {
      config: read,
      schema: {
        tags,
        summary: "The invoice customer's consent to texts and e-mails, with every answer on the opt-in page",
        params: z.object({ invoiceId: z.coerce.number().int().positive() }),
        response: { 200: customerConsent },
      },
    },
    async (req) => {
      const consent = await optIn.consentOfInvoice(req.params.invoiceId);
      if (!consent) throw notFound(`Invoice ${req.params.invoiceId} not found or missing service vehicle`);
      return consent;
    },
  );
}
