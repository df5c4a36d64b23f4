/**
 * Texts of customer approvals and the public customer pages (issue #19). The server answers with them
 * and the screens and tests import them, so a wording lives once.
 */

export const CUSTOMER_APPROVALS_TITLE = 'Customer Approvals';
export const FAILED_TO_GET_APPROVALS = 'Failed to get Customer Approvals';

/* Staff requests (409 and 400 answers) */
export const approvalDoNotText = (invoiceId: number) =>
  `The customer of invoice ${invoiceId} asked not to receive texts (do not text); the approval request was not sent.`;
export const approvalDoNotEmail = (invoiceId: number) =>
  `The customer of invoice ${invoiceId} asked not to be e-mailed (do not e-mail); the approval request was not sent.`;
export const approvalOptedOutTexts = (invoiceId: number) =>
  `The customer of invoice ${invoiceId} opted out of texts; the approval request was not sent.`;
export const approvalOptedOutEmails = (invoiceId: number) =>
  `The customer of invoice ${invoiceId} opted out of e-mails; the approval request was not sent.`;
export const approvalInvoiceClosed = (invoiceId: number) =>
  `Invoice ${invoiceId} is void or lost; there is nothing for the customer to approve.`;
export const approvalNoMailbox = (brand: string | null) =>
  `No active mailbox for ${brand ?? 'this brand'}; add one under Mailboxes first.`;
export const APPROVAL_NOT_OPEN = 'This approval request was already answered, voided or has expired.';
export const approvalRequested = (channel: 'sms' | 'email', to: string) =>
  `Approval request ${channel === 'sms' ? 'texted' : 'e-mailed'} to ${to}`;

/* The public pages */
export const INVALID_LINK_TITLE = 'This link is no longer valid';
export const INVALID_LINK_TEXT =
  'The link may have expired, been replaced by a newer one, or the work it was about has changed.';
export const invalidLinkContact = (business: string, phone: string | null) =>
  phone
    ? `Please call ${business} at ${phone} for a new link or with any question.`
    : `Please contact ${business} for a new link or with any question.`;
export const TOO_MANY_ATTEMPTS =
  'Too many requests from your network. Please wait a few minutes and try again.';
export const ALREADY_ANSWERED = 'Thank you, we already have your answer.';
export const APPROVED_THANKS = 'Thank you. Your approval was sent to the shop.';
export const DECLINED_THANKS = 'Thank you. The shop was told that you declined.';
export const INITIATE_ALREADY_SIGNED = 'Thank you, this work is already authorised.';
export const INITIATE_THANKS = 'Thank you. Your authorisation was sent to the shop.';
export const OPT_IN_SAVED = 'Thank you. Your choice was saved.';
export const SIGNATURE_REQUIRED = 'Please sign, or type your name, to approve.';
export const PUBLIC_FAILED = 'Something went wrong. Please try again in a moment.';
