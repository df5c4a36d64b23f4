import { describe, expect, it } from 'vitest';
import {
  type ApprovalFacts,
  approvalIsStale,
  approvalLinkDays,
  approvalPriceKey,
  approvalState,
  consentWording,
  flagsFromConsent,
  isOpenApproval,
  maskEmail,
  maskPhone,
  optInStates,
} from './approvals.js';

const now = new Date('2026-06-15T12:00:00Z');
const open: ApprovalFacts = {
  approved: false,
  declined: false,
  voidedAt: null,
  expiresAt: '2026-06-29T12:00:00Z',
  pageViewedAt: null,
  stale: false,
};

describe('approval state (spec 2 §3 CustomerApproval; issue #19: sent, viewed, approved, declined, expired, voided)', () => {
  it('sent until the customer opens the page, then viewed', () => {
    expect(approvalState(open, now)).toBe('sent');
    expect(approvalState({ ...open, pageViewedAt: '2026-06-15T11:00:00Z' }, now)).toBe('viewed');
    expect(isOpenApproval('sent') && isOpenApproval('viewed')).toBe(true);
  });

  it('"An approval answers once": approved and declined are final, whatever happens later', () => {
    for (const later of [
      { stale: true },
      { voidedAt: '2026-06-15T11:00:00Z' },
      { expiresAt: '2026-06-01T00:00:00Z' },
    ])
      expect(approvalState({ ...open, approved: true, ...later }, now)).toBe('approved');
    expect(approvalState({ ...open, declined: true, stale: true }, now)).toBe('declined');
    expect(isOpenApproval('approved') || isOpenApproval('declined')).toBe(false);
  });

  it('"voided when the invoice\'s amounts change after it was sent", or replaced', () => {
    expect(approvalState({ ...open, stale: true }, now)).toBe('voided');
    expect(
      approvalState({ ...open, voidedAt: '2026-06-15T11:00:00Z', pageViewedAt: now.toISOString() }, now),
    ).toBe('voided');
  });

  it('"Links expire (configurable, default 14 days)": expired from the expiry on', () => {
    expect(approvalState({ ...open, expiresAt: now.toISOString() }, now)).toBe('expired');
    expect(approvalState({ ...open, expiresAt: '2026-06-15T12:00:01Z' }, now)).toBe('sent');
    expect(approvalLinkDays('14')).toBe(14);
    expect(approvalLinkDays('7')).toBe(7);
    for (const bad of [undefined, null, '', 'soon', '0', '-3', '2.5', '400'])
      expect(approvalLinkDays(bad)).toBe(14);
  });
});

describe("the price an approval is sent for (total and the customer's share, integer cents)", () => {
  it('is stale when the total or the deductible changed, or the invoice is void or lost', () => {
    const key = approvalPriceKey({ total: 15995, deductible: 5000 });
    expect(key).toBe('15995|5000');
    const invoice = { total: 15995, deductible: 5000, void: false, lost: false };
    expect(approvalIsStale(key, invoice)).toBe(false);
    expect(approvalIsStale(key, { ...invoice, total: 16000 })).toBe(true);
    expect(approvalIsStale(key, { ...invoice, deductible: 0 })).toBe(true);
    expect(approvalIsStale(key, { ...invoice, void: true })).toBe(true);
    expect(approvalIsStale(key, { ...invoice, lost: true })).toBe(true);
    // A request from before prices were kept cannot be compared: it is not voided for that.
    expect(approvalIsStale(null, { ...invoice, total: 1 })).toBe(false);
  });
});

describe('opt-in (issue #19: unknown, opted in, opted out; the do-not flags follow it)', () => {
  it('unknown until the customer answers; then each channel is in or out', () => {
    expect(optInStates(undefined)).toEqual({ texts: 'unknown', emails: 'unknown' });
    expect(optInStates({ texts: true, emails: false })).toEqual({ texts: 'in', emails: 'out' });
    expect(flagsFromConsent({ texts: true, emails: false })).toEqual({ doNotText: false, doNotEmail: true });
    expect(flagsFromConsent({ texts: false, emails: true })).toEqual({ doNotText: true, doNotEmail: false });
  });

  it('"sees which phone number and e-mail address the business has", partly hidden', () => {
    expect(maskPhone('7135550199')).toBe('(•••) •••-0199');
    expect(maskPhone('(713) 555-0199')).toBe('(•••) •••-0199');
    expect(maskPhone(null)).toBeNull();
    expect(maskEmail('maria.lopez@example.com')).toBe('m•••@example.com');
    expect(maskEmail('nope')).toBeNull();
    expect(consentWording('Lone Star Auto Glass')).toMatch(
      /^I agree that Lone Star Auto Glass may contact me/,
    );
  });
});
