import { describe, expect, it } from 'vitest';
import {
  ClaimSubmissionState as S,
  type ClaimSubmissionState,
  CLAIM_STATES_WAITING_ON_INSURER,
  CLAIM_STATES_WAITING_ON_SHOP,
  canMoveClaim,
  claimAmountCents,
  claimMoveProblem,
  claimPaymentState,
  claimSendsAt,
  claimWaitingOn,
  isOpenClaim,
  MANUAL_CLAIM_STATES,
  nextClaimStates,
} from './claim-submission.js';

const ALL = Object.values(S) as ClaimSubmissionState[];

describe('claim submission lifecycle (issue #35: Sent → Acknowledged → Rejected or Accepted → Paid / Short-paid / Denied)', () => {
  it('follows the path the clearing houses answer on', () => {
    expect(canMoveClaim(S.Sent, S.Acknowledged)).toBe(true);
    expect(canMoveClaim(S.Acknowledged, S.Accepted)).toBe(true);
    expect(canMoveClaim(S.Accepted, S.Paid)).toBe(true);
    expect(canMoveClaim(S.Accepted, S.ShortPaid)).toBe(true);
    expect(canMoveClaim(S.Accepted, S.Denied)).toBe(true);
    expect(canMoveClaim(S.ShortPaid, S.Paid)).toBe(true);
    expect(canMoveClaim(S.Sent, S.Rejected)).toBe(true);
    expect(canMoveClaim(S.Acknowledged, S.Rejected)).toBe(true);
    expect(canMoveClaim(S.Sent, S.Accepted)).toBe(true);
  });

  it('refuses going back, skipping acceptance before money or a denial, and leaving a final state', () => {
    expect(canMoveClaim(S.Acknowledged, S.Sent)).toBe(false);
    expect(canMoveClaim(S.Sent, S.Paid)).toBe(false);
    expect(canMoveClaim(S.Sent, S.Denied)).toBe(false);
    expect(canMoveClaim(S.Accepted, S.Rejected)).toBe(false);
    for (const final of [S.Rejected, S.Paid, S.Denied, S.Withdrawn])
      for (const to of ALL) expect(canMoveClaim(final, to), `${final} → ${to}`).toBe(false);
    for (const state of ALL) expect(canMoveClaim(state, state), `${state} again`).toBe(false);
  });

  it('withdraws only an open submission', () => {
    for (const state of ALL) expect(canMoveClaim(state, S.Withdrawn), state).toBe(isOpenClaim(state));
    expect(ALL.filter(isOpenClaim)).toEqual([S.Sent, S.Acknowledged, S.Accepted]);
  });

  it('says whom a submission waits on', () => {
    expect(claimWaitingOn(S.Rejected)).toBe('shop');
    expect(claimWaitingOn(S.ShortPaid)).toBe('shop');
    expect(claimWaitingOn(S.Denied)).toBe('shop');
    expect(claimWaitingOn(S.Sent)).toBe('insurer');
    expect(claimWaitingOn(S.Acknowledged)).toBe('insurer');
    expect(claimWaitingOn(S.Accepted)).toBe('insurer');
    expect(claimWaitingOn(S.Paid)).toBeNull();
    expect(claimWaitingOn(S.Withdrawn)).toBeNull();
  });

  it('a rejection needs its reason code and text; an illegal move names both states', () => {
    expect(claimMoveProblem(S.Sent, S.Rejected)).toBe('A rejection needs its reason code and text.');
    expect(claimMoveProblem(S.Sent, S.Rejected, { reasonCode: 'A7', reasonText: ' ' })).toBe(
      'A rejection needs its reason code and text.',
    );
    expect(
      claimMoveProblem(S.Sent, S.Rejected, { reasonCode: 'A7', reasonText: 'Policy not found' }),
    ).toBeNull();
    expect(claimMoveProblem(S.Paid, S.Accepted)).toBe('A submission that is Paid cannot become Accepted.');
  });

  it('staff record answers by hand, never money', () => {
    expect(MANUAL_CLAIM_STATES).not.toContain(S.Paid);
    expect(MANUAL_CLAIM_STATES).not.toContain(S.ShortPaid);
    expect(MANUAL_CLAIM_STATES).toContain(S.Rejected);
    expect(nextClaimStates('Nope' as ClaimSubmissionState)).toEqual([]);
  });

  it('sends at submit, or at finalize for a clearing house that requires finalization', () => {
    expect(claimSendsAt(false)).toBe('submit');
    expect(claimSendsAt(true)).toBe('finalize');
  });

  it('the queue reads whom a state waits on from the same rule', () => {
    expect([...CLAIM_STATES_WAITING_ON_SHOP].sort()).toEqual([S.Denied, S.Rejected, S.ShortPaid].sort());
    expect([...CLAIM_STATES_WAITING_ON_INSURER].sort()).toEqual([S.Accepted, S.Acknowledged, S.Sent].sort());
  });

  it('claims the balance: the total less the deductible and deposit the customer pays, never below 0', () => {
    const invoice = { laborCost: '300.00', partsCost: '120.50', taxCost: '24.75' };
    expect(claimAmountCents(invoice)).toBe(44525);
    expect(claimAmountCents({ ...invoice, deductible: '100', deposit: 25.25 })).toBe(32000);
    expect(claimAmountCents({ ...invoice, deductible: '500' })).toBe(0);
    expect(claimAmountCents({ laborCost: null, partsCost: null, taxCost: null })).toBe(0);
  });

  it('a payment of the whole claim is Paid, less is ShortPaid', () => {
    expect(claimPaymentState(10000, 10000)).toBe(S.Paid);
    expect(claimPaymentState(10000, 10001)).toBe(S.Paid);
    expect(claimPaymentState(10000, 9999)).toBe(S.ShortPaid);
  });
});
