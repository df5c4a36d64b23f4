import { ClaimSubmissionState as S, type ClaimSubmissionState } from '@glass/domain';
import { idParams, odataPage } from '@glass/domain/contracts/common';
import {
  type ClaimQueueQuery,
  claimDenyBody,
  claimMoveBody,
  claimQueueCounts as countsAnswer,
  claimQueueQuery,
  claimQueueRow,
  claimRejectBody,
  claimSubmission as submissionAnswer,
  invoiceClaimSubmissions,
} from '@glass/domain/contracts/claim-submissions';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { App } from '../../../app-type.js';
import { FileStore } from '../../../files/file-store.js';
import { currentUser } from '../../../http/auth.js';
import { odataQuerySchema } from '../../../http/odata-schema.js';
import { sendODataList } from '../../../http/odata-route.js';
import { hubOf } from '../../../realtime/hub.js';
import { ConversationWriter } from '../../conversations/index.js';
import { type ClaimAlerts, moveClaimSubmission } from './claim-moves.js';
import {
  claimQueueCounts,
  claimQueueResource,
  claimQueueWhere,
  claimSubmission,
  invoiceClaimSubmissions as readSubmissions,
} from './claim-read.js';

const tags = ['claims'];

/**
 * Claim submissions (issue #35, README "Claim submissions"): an invoice's submissions, the moves staff record by
 * hand (the roles that finalize invoices: the billing office), and the work queue with its counts.
 */
export function claimRoutes(app: App) {
  const { db, config } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hub = hubOf(app);
  const alerts: ClaimAlerts = { hub, writer: new ConversationWriter(new FileStore(db, config), hub) };

  r.get(
    '/api/Invoices/:id/claimSubmissions',
    {
      config: { action: 'invoice.read' },
      schema: {
        tags,
        summary: 'The submissions of the invoice to its clearing house, newest first, each with its events',
        params: idParams,
        response: { 200: invoiceClaimSubmissions },
      },
    },
    (req) => readSubmissions(db, req.params.id),
  );

  const moves: [string, ClaimSubmissionState, string, z.ZodType][] = [
    [
      'acknowledge',
      S.Acknowledged,
      'Record that the clearing house acknowledged the claim {note?}',
      claimMoveBody,
    ],
    [
      'reject',
      S.Rejected,
      'Record a rejection {reasonCode, reasonText, note?}; the invoice’s admin assistant is told',
      claimRejectBody,
    ],
    ['accept', S.Accepted, 'Record that the insurer accepted the claim {note?}', claimMoveBody],
    [
      'deny',
      S.Denied,
      'Record a denial of an accepted claim {reasonCode?, reasonText?, note?}',
      claimDenyBody,
    ],
  ];
  for (const [name, to, summary, body] of moves) {
    r.post(
      `/api/claimSubmissions/:id/${name}`,
      {
        config: { action: 'invoice.finalize' },
        schema: { tags, summary, params: idParams, body, response: { 200: submissionAnswer } },
      },
      async (req) => {
        const input = (req.body ?? {}) as { reasonCode?: string; reasonText?: string; note?: string };
        await db.transaction((tx) =>
          moveClaimSubmission(tx, alerts, req.params.id, { user: currentUser(req) }, { to, ...input }),
        );
        return claimSubmission(db, req.params.id);
      },
    );
  }

  const queueQuery = odataQuerySchema.extend(claimQueueQuery.shape);
  r.get(
    '/api/claimQueue',
    {
      config: { action: 'finance.read' },
      schema: {
        tags,
        summary:
          'The latest submission of each invoice waiting on the shop or the insurer, oldest state change first (OData; waitingOn, clearingHouseId, reasonCode, state)',
        querystring: queueQuery,
        response: { 200: odataPage(claimQueueRow) },
      },
    },
    (req, reply) =>
      sendODataList(db, claimQueueResource, req, reply, claimQueueWhere(req.query as ClaimQueueQuery)),
  );
  r.get(
    '/api/claimQueue/counts',
    {
      config: { action: 'finance.read' },
      schema: {
        tags,
        summary: 'The queue counted by whom it waits on, by clearing house and by reason (same filters)',
        querystring: claimQueueQuery,
        response: { 200: countsAnswer },
      },
    },
    (req) => claimQueueCounts(db, currentUser(req), req.query),
  );
}
