/**
 * The HTTP contract of customer approvals (apps/server/src/modules/approvals, issue #19): the staff
 * routes (request by text or e-mail, the list, the signature, the initiate link, consent history) and the
 * public customer pages' routes (/api/public/…). Public answers carry only what the page shows: no
 * internal ids, staff names or notes; amounts are integer cents computed by the domain's invoiceMoney.
 */
import { z } from 'zod';
import { APPROVAL_CHANNELS, APPROVAL_STATES, OPT_IN_STATES } from '../rules/approvals.js';
import { instant, phoneSchema, positiveId, text } from './field-schemas.js';

const int = z.number().int();
const str = z.string().nullable();

/* ------------------------------------------------------------------ staff */

/** POST /api/customerApprovals/requestApprovalSms (spec 2 §7). */
export const requestApprovalSmsBody = z.object({
  invoiceId: positiveId,
  phoneNumber: phoneSchema.refine((s) => s !== '', 'Enter the phone number to text'),
});
export type RequestApprovalSmsBody = z.input<typeof requestApprovalSmsBody>;

/** POST /api/customerApprovals/requestApprovalEmail (spec 2 §7). */
export const requestApprovalEmailBody = z.object({
  invoiceId: positiveId,
  emailAddress: z.email('Enter a valid e-mail address').max(254),
});
export type RequestApprovalEmailBody = z.input<typeof requestApprovalEmailBody>;

export const approvalStateSchema = z.enum(APPROVAL_STATES);
export const approvalChannelSchema = z.enum(APPROVAL_CHANNELS);

/** One approval request as the list (GET /api/customerApprovals, OData) and the invoice show it. */
export const customerApprovalRow = z.object({
  /** The random v4 guid of the public link /sign-approval/{id}. */
  id: z.string(),
  invoiceId: int,
  channel: approvalChannelSchema,
  sentTo: z.string(),
  sentAt: instant,
  expiresAt: instant,
  pageViewedAt: instant.nullable(),
  responseReceivedAt: instant.nullable(),
  response: str,
  responseComments: str,
  approved: z.boolean(),
  declined: z.boolean(),
  voidedAt: instant.nullable(),
  voidReason: str,
  state: approvalStateSchema,
  hasSignature: z.boolean(),
  signerName: str,
  clientIp: str,
  userAgent: str,
  customerName: str,
  facilityId: int,
  facilityShortName: str,
  requestedById: int.nullable(),
  requestedBy: str,
});
export type CustomerApprovalRow = z.infer<typeof customerApprovalRow>;

/** The answer of both request routes: the new request, its absolute link, and whether the opt-in link went too. */
export const requestedApproval = customerApprovalRow.extend({
  link: z.string(),
  optInLinkSent: z.boolean(),
});
export type RequestedApproval = z.infer<typeof requestedApproval>;

/** POST /api/customerApprovals/initiateLink {invoiceId}: the signed link of /sign-initiate/{id}?t=… */
export const initiateLinkBody = z.object({ invoiceId: positiveId });
export const initiateLink = z.object({ url: z.string(), expiresAt: instant });
export type InitiateLink = z.infer<typeof initiateLink>;

export const optInStateSchema = z.enum(OPT_IN_STATES);

/** One answer on the opt-in page, as staff see it in the customer's consent history. */
export const consentRow = z.object({
  id: int,
  respondedAt: instant,
  texts: z.boolean(),
  emails: z.boolean(),
  phone: str,
  email: str,
  consentText: z.string(),
  clientIp: str,
  userAgent: str,
});
export type ConsentRow = z.infer<typeof consentRow>;

/** GET /api/customerApprovals/consent/{invoiceId}: the invoice customer's consent, newest answer first. */
export const customerConsent = z.object({
  customerId: int.nullable(),
  customerName: str,
  texts: optInStateSchema,
  emails: optInStateSchema,
  doNotText: z.boolean(),
  doNotEmail: z.boolean(),
  history: z.array(consentRow),
});
export type CustomerConsent = z.infer<typeof customerConsent>;

/* ------------------------------------------------------------------ public */

/** Who the customer deals with: the brand's name and logo (a data: URL), the facility and its phone. */
export const publicBrand = z.object({
  name: z.string(),
  logo: str,
  facility: z.string(),
  phone: str,
});
export type PublicBrand = z.infer<typeof publicBrand>;

const publicLine = z.object({ description: z.string(), amount: int });

/** The work and its money in cents (invoiceMoney: labor, parts, tax, total; deductible = the customer's share). */
export const publicWork = z.object({
  vehicle: z.string(),
  replacement: z.boolean(),
  repairs: z.array(publicLine),
  parts: z.array(publicLine),
  labor: int,
  partsTotal: int,
  tax: int,
  total: int,
  customerShare: int,
  insurer: str,
});
export type PublicWork = z.infer<typeof publicWork>;

/** GET /api/public/approvals/{guid}. `work` is null once answered (the page then only thanks). */
export const publicApproval = z.object({
  state: z.enum(['open', 'approved', 'declined']),
  brand: publicBrand,
  customerFirstName: z.string(),
  work: publicWork.nullable(),
  expiresAt: instant,
  answeredAt: instant.nullable(),
});
export type PublicApproval = z.infer<typeof publicApproval>;

/** A signature drawn (or typed and drawn) on the pad: a PNG as a data: URL, at most about 700 KB. */
export const signatureDataUrl = z
  .string()
  .max(1_000_000, 'The signature is too large')
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'The signature must be a PNG image');

/** POST /api/public/approvals/{guid}/answer. Approving needs the signature; declining does not. */
export const publicAnswerBody = z
  .object({
    response: z.enum(['approve', 'decline']),
    comments: text(1000).optional(),
    signature: signatureDataUrl.optional(),
    signerName: text(60).optional(),
  })
  .strict()
  .refine((b) => b.response === 'decline' || b.signature !== undefined, {
    path: ['signature'],
    message: 'Please sign, or type your name, to approve.',
  });
export type PublicAnswerBody = z.input<typeof publicAnswerBody>;

/** GET /api/public/initiate/{id}?t=… */
export const publicInitiate = z.object({
  state: z.enum(['open', 'signed']),
  brand: publicBrand,
  customerFirstName: z.string(),
  work: publicWork.nullable(),
  signedAt: instant.nullable(),
});
export type PublicInitiate = z.infer<typeof publicInitiate>;

/**
 * `?t=…`: any text. A token that cannot be one (repeated `?t=a&t=b`, too long) becomes the empty token, so
 * the page answers its neutral 404 like any other link that does not open, never a 400 that tells them apart.
 */
export const initiateTokenQuery = z.object({
  t: z.preprocess(
    (v) => (v === undefined || (typeof v === 'string' && v.length <= 200) ? v : ''),
    z.string().optional(),
  ),
});

/** POST /api/public/initiate/{id}/signature?t=… */
export const publicInitiateBody = z
  .object({ signature: signatureDataUrl, signerName: text(60).optional() })
  .strict();
export type PublicInitiateBody = z.input<typeof publicInitiateBody>;

/** GET /api/public/opt-in/{hash}: the contact the business has (masked) and the current choice. */
export const publicOptIn = z.object({
  brand: publicBrand,
  phone: str,
  email: str,
  texts: optInStateSchema,
  emails: optInStateSchema,
  consentText: z.string(),
});
export type PublicOptIn = z.infer<typeof publicOptIn>;

/** POST /api/public/opt-in/{hash}. */
export const publicOptInBody = z.object({ texts: z.boolean(), emails: z.boolean() }).strict();
export type PublicOptInBody = z.infer<typeof publicOptInBody>;

/** The one answer for every unknown, expired, voided or badly signed link (404, the same body each time). */
export const invalidLink = z.object({
  type: z.string(),
  title: z.string(),
  status: z.literal(404),
  detail: z.string(),
  contact: z.object({ name: z.string(), phone: str }),
});
export type InvalidLink = z.infer<typeof invalidLink>;
