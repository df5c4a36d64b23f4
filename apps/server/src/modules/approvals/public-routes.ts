import {
  initiateTokenQuery,
  publicAnswerBody,
  publicApproval,
  publicInitiate,
  publicInitiateBody,
  publicOptIn,
  publicOptInBody,
} from '@glass/domain/contracts/approvals';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-type.js';
import { HttpError } from '../../http/errors.js';
import type { InitiateService } from './initiate.js';
import type { OptInService } from './opt-in.js';
import { InvalidLink, invalidLinkBody, requestMeta } from './public-common.js';
import type { PublicApprovalService } from './public-service.js';
import type { PublicThrottle, PublicTicket } from './throttle.js';

const tags = ['public customer pages'];
/** Any text: a malformed link is the same neutral 404 as an unknown one, not a 400 that tells them apart. */
const linkParams = z.object({ id: z.string().max(200) });
const hashParams = z.object({ hash: z.string().max(200) });
const isPublic = { public: true } as const;

/**
 * The public customer pages' API (public: true, docs/security.md): no token; each request is counted per
 * client address before anything else runs (throttle.ts, 429 over the limits); a link that does not open
 * answers the one neutral 404 (public-common.ts); answers carry only what the page shows.
 */
export function publicApprovalRoutes(
  app: App,
  services: {
    throttle: PublicThrottle;
    approvals: PublicApprovalService;
    initiate: InitiateService;
    optIn: OptInService;
  },
) {
  const { db } = app.deps;
  const { throttle, approvals, initiate, optIn } = services;
  const tickets = new WeakMap<FastifyRequest, PublicTicket>();
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Counted on arrival, before the body is read or validated.
  const onRequest = async (req: FastifyRequest) => {
    tickets.set(req, await throttle.take(req.ip));
  };
  /** Runs the handler; a link that opened (an answer, or a polite 409) gives its miss back. */
  const guarded =
    <T>(run: (req: FastifyRequest) => Promise<T>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const ticket = tickets.get(req);
      try {
        const out = await run(req);
        if (ticket) await throttle.opened(ticket);
        return out;
      } catch (err) {
        if (err instanceof InvalidLink)
          return reply
            .code(404)
            .type('application/problem+json')
            .send(await invalidLinkBody(db));
        if (err instanceof HttpError && err.status === 409 && ticket) await throttle.opened(ticket);
        throw err;
      }
    };
  const notFoundDoc = {
    404: z.unknown().describe('The neutral invalid-link answer (the same for every cause)'),
  };

  r.get(
    '/api/public/approvals/:id',
    {
      config: isPublic,
      onRequest,
      schema: {
        tags,
        summary: 'The approval page /sign-approval/{guid}; the first view is recorded',
        params: linkParams,
        response: { 200: publicApproval, ...notFoundDoc },
      },
    },
    guarded((req) => approvals.view((req.params as { id: string }).id, requestMeta(req))),
  );
  r.post(
    '/api/public/approvals/:id/answer',
    {
      config: isPublic,
      onRequest,
      schema: {
        tags,
        summary: "The customer's one answer {response: approve|decline, comments?, signature?, signerName?}",
        params: linkParams,
        body: publicAnswerBody,
        response: { 200: publicApproval, ...notFoundDoc },
      },
    },
    guarded((req) =>
      approvals.answer(
        (req.params as { id: string }).id,
        req.body as z.infer<typeof publicAnswerBody>,
        requestMeta(req),
      ),
    ),
  );
  r.get(
    '/api/public/initiate/:id',
    {
      config: isPublic,
      onRequest,
      schema: {
        tags,
        summary: 'The initiate page /sign-initiate/{id}?t=…; opens only with the signed token',
        params: linkParams,
        querystring: initiateTokenQuery,
        response: { 200: publicInitiate, ...notFoundDoc },
      },
    },
    guarded((req) => initiate.view((req.params as { id: string }).id, (req.query as { t?: string }).t)),
  );
  r.post(
    '/api/public/initiate/:id/signature',
    {
      config: isPublic,
      onRequest,
      schema: {
        tags,
        summary: "The customer's signature authorising the work {signature, signerName?} (?t=…)",
        params: linkParams,
        querystring: initiateTokenQuery,
        body: publicInitiateBody,
        response: { 200: publicInitiate, ...notFoundDoc },
      },
    },
    guarded((req) =>
      initiate.signature(
        (req.params as { id: string }).id,
        (req.query as { t?: string }).t,
        req.body as z.infer<typeof publicInitiateBody>,
        requestMeta(req),
      ),
    ),
  );
  r.get(
    '/api/public/opt-in/:hash',
    {
      config: isPublic,
      onRequest,
      schema: {
        tags,
        summary:
          'The opt-in page /customer-opt-in/{hash}: the contact the business has (masked) and the choice',
        params: hashParams,
        response: { 200: publicOptIn, ...notFoundDoc },
      },
    },
    guarded((req) => optIn.view((req.params as { hash: string }).hash)),
  );
  r.post(
    '/api/public/opt-in/:hash',
    {
      config: isPublic,
      onRequest,
      schema: {
        tags,
        summary:
          "The customer's choice {texts, emails}: stored with the wording shown; their do-not flags follow",
        params: hashParams,
        body: publicOptInBody,
        response: { 200: publicOptIn, ...notFoundDoc },
      },
    },
    guarded((req) =>
      optIn.answer(
        (req.params as { hash: string }).hash,
        req.body as z.infer<typeof publicOptInBody>,
        requestMeta(req),
      ),
    ),
  );
}
