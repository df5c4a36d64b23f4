import { z } from 'zod';
import { ClaimSubmissionState } from '../rules/claim-submission.js';
import { id, timestamp } from './common.js';
import { amount, text } from './field-schemas.js';

/**
 * Claim submissions (issue #35 items 1–3, decision 0024; apps/server/src/modules/invoices/README.md "Claim
 * submissions"): each send of an invoice to its insurer's clearing house, its life (the domain's
 * rules/claim-submission.ts), the moves staff record by hand, and the work queue of what waits on the shop or
 * on the insurer.
 */

const STATES = Object.values(ClaimSubmissionState) as [ClaimSubmissionState, ...ClaimSubmissionState[]];
export const claimState = z.enum(STATES);

/* ---------------------------------------------------------------- requests */

/** POST /api/claimSubmissions/{id}/acknowledge and /accept: an optional note for the history. */
export const claimMoveBody = z.object({ note: text(500).optional() });
export type ClaimMoveBody = z.infer<typeof claimMoveBody>;

/** POST /api/claimSubmissions/{id}/reject: the clearing house's reason code and text, both required. */
export const claimRejectBody = z.object({
  reasonCode: text(40).min(1, 'Reason code is required'),
  reasonText: text(500).min(1, 'Reason text is required'),
  note: text(500).optional(),
});
export type ClaimRejectBody = z.infer<typeof claimRejectBody>;

/** POST /api/claimSubmissions/{id}/deny: the insurer's reason, when it gave one. */
export const claimDenyBody = z.object({
  reasonCode: text(40).optional(),
  reasonText: text(500).optional(),
  note: text(500).optional(),
});
export type ClaimDenyBody = z.infer<typeof claimDenyBody>;

/** Whom a queue row waits on (the domain's claimWaitingOn). */
export const claimWaitingOnSchema = z.enum(['shop', 'insurer']);
export type ClaimWaitingOn = z.infer<typeof claimWaitingOnSchema>;

/**
 * GET /api/claimQueue: the OData options ($filter, $orderby, $top, $skip, $count over the row's fields) plus
 * these shortcuts of the screen's filters.
 */
export const claimQueueQuery = z.looseObject({
  waitingOn: claimWaitingOnSchema.optional(),
  clearingHouseId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  reasonCode: text(40).optional(),
  state: claimState.optional(),
});
export type ClaimQueueQuery = z.infer<typeof claimQueueQuery>;

/* --------------------------------------------------------------- responses */

const person = z.object({ id, name: z.string() });

/** One state change of a submission (its creation as Sent included), oldest first. */
export const claimSubmissionEvent = z.object({
  id,
  fromState: claimState.nullable(),
  toState: claimState,
  at: timestamp,
  by: person.nullable(),
  /** Null: a person moved it; else what did ('remittance' …). */
  source: z.string().nullable(),
  reasonCode: z.string().nullable(),
  reasonText: z.string().nullable(),
  /** The amount claimed (Sent) or paid (Paid, ShortPaid). */
  amount: amount.nullable(),
  note: z.string().nullable(),
});
export type ClaimSubmissionEvent = z.infer<typeof claimSubmissionEvent>;

/** One submission with its events: GET /api/Invoices/{id}/claimSubmissions and the answer of every move. */
export const claimSubmission = z.object({
  id,
  invoiceId: id,
  state: claimState,
  clearingHouse: z.object({ id, name: z.string() }),
  insuranceCompany: z.object({ id, name: z.string() }).nullable(),
  sentAt: timestamp,
  /** Null when a batch or the system sent it. */
  sentBy: person.nullable(),
  sentOn: z.enum(['submit', 'finalize']),
  resubmissionOf: id.nullable(),
  outboxId: id.nullable(),
  /** The e-mail's delivery status (notify_outbox). */
  outboxStatus: z.string().nullable(),
  pdfId: id.nullable(),
  amountClaimed: amount,
  amountPaid: amount,
  reasonCode: z.string().nullable(),
  reasonText: z.string().nullable(),
  stateChangedAt: timestamp,
  stateChangedBy: person.nullable(),
  stateChangedSource: z.string().nullable(),
  /** Whom it waits on now (null once closed: Paid, Withdrawn). */
  waitingOn: claimWaitingOnSchema.nullable(),
  events: z.array(claimSubmissionEvent),
});
export type ClaimSubmission = z.infer<typeof claimSubmission>;

/** GET /api/Invoices/{id}/claimSubmissions: newest first. */
export const invoiceClaimSubmissions = z.array(claimSubmission);

/** One row of GET /api/claimQueue: the latest submission of an invoice that waits on someone. */
export const claimQueueRow = z.object({
  id,
  invoiceId: id,
  customerName: z.string().nullable(),
  facilityId: id,
  facilityName: z.string(),
  clearingHouseId: id,
  clearingHouseName: z.string(),
  insuranceCompanyId: id.nullable(),
  insuranceCompanyName: z.string().nullable(),
  claimNumber: z.string().nullable(),
  state: claimState,
  waitingOn: claimWaitingOnSchema,
  reasonCode: z.string().nullable(),
  reasonText: z.string().nullable(),
  amountClaimed: amount,
  amountPaid: amount,
  sentAt: timestamp,
  stateChangedAt: timestamp,
  /** Whole days since the state last changed. */
  ageDays: z.number().int(),
  /** How many times the invoice was sent (this one included). */
  sendCount: z.number().int(),
});
export type ClaimQueueRow = z.infer<typeof claimQueueRow>;

/**
 * GET /api/claimQueue/counts (same query parameters): the queue's rows counted for the screen's filters, each
 * facet with the other filters applied but not its own (the clearing houses ignore clearingHouseId, the reasons
 * reasonCode, waitingOn its own), so each filter shows what choosing another value would give.
 */
export const claimQueueCounts = z.object({
  total: z.number().int(),
  waitingOn: z.object({ shop: z.number().int(), insurer: z.number().int() }),
  clearingHouses: z.array(z.object({ id, name: z.string(), count: z.number().int() })),
  reasons: z.array(z.object({ reasonCode: z.string(), count: z.number().int() })),
});
export type ClaimQueueCounts = z.infer<typeof claimQueueCounts>;
