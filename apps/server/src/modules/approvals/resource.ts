import { f, nn, out, userName } from '../../odata/fields.js';
import type { ODataResource } from '../../odata/types.js';
import { STATE_SQL } from './sql.js';

/**
 * GET /api/customerApprovals: every approval request with its invoice's customer and facility, the
 * requester, and its state (sent, viewed, approved, declined, expired, voided; sql.ts). Filters by
 * state, facilityId, sentAt, invoiceId, channel; newest first. The screen /customer-approvals and the
 * invoice's approvals section read it.
 */
export const customerApprovalsResource: ODataResource = {
  name: 'CustomerApprovals',
  from: 'customer_approvals a join invoices i on i.id = a.invoice_id',
  fields: {
    id: nn('a.id', 'guid'),
    invoiceId: nn('a.invoice_id', 'number'),
    channel: nn('a.channel', 'string'),
    sentTo: nn('a.sent_to', 'string'),
    sentAt: nn('a.sent_at', 'datetime'),
    expiresAt: nn('a.expires_at', 'datetime'),
    pageViewedAt: f('a.page_viewed_at', 'datetime'),
    responseReceivedAt: f('a.response_received_at', 'datetime'),
    response: f('a.response', 'string'),
    responseComments: f('a.response_comments', 'string'),
    approved: nn('a.approved', 'boolean'),
    declined: nn('a.declined', 'boolean'),
    voidedAt: f('a.voided_at', 'datetime'),
    voidReason: f('a.void_reason', 'string'),
    state: nn(STATE_SQL(), 'string'),
    hasSignature: nn('a.signature_path is not null', 'boolean'),
    signerName: f('a.signer_name', 'string'),
    clientIp: f('a.client_ip', 'string'),
    userAgent: out('a.user_agent', 'string'),
    customerName: f(
      `(select nullif(trim(coalesce(nullif(c.company_name, ''), c.first_name || ' ' || c.last_name)), '')
        from customers c where c.id = coalesce(i.customer_id, i.buyer_id))`,
      'string',
    ),
    facilityId: nn('i.facility_id', 'number'),
    facilityShortName: out('(select x.short_name from facilities x where x.id = i.facility_id)', 'string'),
    requestedById: f('a.sent_by_user_id', 'number'),
    requestedBy: userName('a.sent_by_user_id'),
  },
  defaultOrderBy: 'a.sent_at desc',
  key: 'a.id',
  defaultTop: 50,
  maxTop: 500,
  search: ['sentTo', 'customerName'],
};
