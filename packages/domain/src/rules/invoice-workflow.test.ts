import { describe, expect, it } from 'vitest';
import { PaymentType, UserRole } from '../enums.js';
import { can } from '../roles.js';
import {
  allowedActions,
  type InvoiceFlowState,
  invoiceActionProblem,
  transitionProblem,
} from './invoice-workflow.js';

const open: InvoiceFlowState = {
  id: 7,
  submitted: false,
  finalized: false,
  void: false,
  lost: false,
  paymentTypeId: PaymentType.Cash,
  referenceNumber: null,
  followedUp: false,
  hasVerbalSignature: false,
};
const admin = UserRole.SystemAdmin;

describe('allowedActions', () => {
  it('an open invoice: submit, follow up, approve, thumb, void, lost and edit; nothing to undo', () => {
    expect(allowedActions(open, admin)).toEqual([
      'submit',
      'followUp',
      'markAsVerballyApproved',
      'thumb',
      'void',
      'lost',
      'edit',
    ]);
  });

  it('a submitted invoice: unsubmit and finalize, edits, but no void or lost', () => {
    const actions = allowedActions({ ...open, submitted: true }, admin);
    expect(actions).toEqual(expect.arrayContaining(['unsubmit', 'finalize', 'edit', 'thumb']));
    expect(actions).not.toContain('submit');
    expect(actions).not.toContain('void');
    expect(actions).not.toContain('lost');
  });

  it('a finalized invoice: only unfinalize', () => {
    expect(allowedActions({ ...open, submitted: true, finalized: true }, admin)).toEqual(['unfinalize']);
  });

  it('a void or lost invoice cannot be submitted, finalized or closed again', () => {
    for (const closed of [{ void: true }, { lost: true }]) {
      const actions = allowedActions({ ...open, ...closed }, admin);
      expect(actions).not.toContain('submit');
      expect(actions).not.toContain('void');
      expect(actions).not.toContain('lost');
      expect(actions).toContain('edit');
    }
  });

  it('a Repair Order invoice without a reference cannot be submitted', () => {
    const ro = { ...open, paymentTypeId: PaymentType.RepairOrder };
    expect(allowedActions(ro, admin)).not.toContain('submit');
    expect(invoiceActionProblem(ro, 'submit')).toBe(
      'Invoice 7 cannot be submitted: Reference is required for Repair Order payments.',
    );
    expect(allowedActions({ ...ro, referenceNumber: 'RO-1' }, admin)).toContain('submit');
  });

  it('repeated actions are not offered (follow up done, already approved)', () => {
    const actions = allowedActions({ ...open, followedUp: true, hasVerbalSignature: true }, admin);
    expect(actions).not.toContain('followUp');
    expect(actions).not.toContain('markAsVerballyApproved');
  });

  it('follows the role matrix: each action needs its right', () => {
    for (const role of Object.values(UserRole)) {
      const actions = allowedActions({ ...open, submitted: true }, role);
      expect(actions.includes('finalize')).toBe(can(role, 'invoice.finalize'));
      expect(actions.includes('unsubmit')).toBe(can(role, 'invoice.submit'));
      expect(actions.includes('edit')).toBe(can(role, 'invoice.write'));
    }
    expect(allowedActions(open, UserRole.Reviewer)).toEqual([]);
  });
});

describe('invoiceActionProblem (the server 409 texts)', () => {
  it('names the rule that refuses', () => {
    expect(invoiceActionProblem(open, 'finalize')).toBe(
      'Invoice 7 is not submitted; submit it before finalizing it.',
    );
    const finalized = { ...open, submitted: true, finalized: true };
    expect(invoiceActionProblem(finalized, 'unsubmit')).toBe(
      'Invoice 7 is finalized; unfinalize it before unsubmitting it.',
    );
    expect(invoiceActionProblem(finalized, 'thumb')).toBe(
      'Invoice 7 is finalized; unfinalize it before changing it.',
    );
    expect(invoiceActionProblem({ ...open, void: true }, 'submit')).toBe(
      'Invoice 7 is void; a void invoice cannot be submitted.',
    );
    expect(invoiceActionProblem({ ...open, submitted: true }, 'lost')).toBe(
      'Invoice 7 is submitted; unsubmit it before marking it lost.',
    );
    expect(invoiceActionProblem({ ...open, void: true }, 'lost')).toBe(
      'Invoice 7 is void; a void invoice cannot be marked lost.',
    );
  });

  it('a repeated action is allowed: it changes nothing', () => {
    expect(invoiceActionProblem({ ...open, submitted: true }, 'submit')).toBeUndefined();
    expect(invoiceActionProblem({ ...open, void: true }, 'void')).toBeUndefined();
  });

  it('transitionProblem: unfinalizing alone is not an edit of a finalized invoice', () => {
    const finalized = { ...open, submitted: true, finalized: true };
    expect(transitionProblem(7, finalized, { ...finalized, finalized: false }, false)).toBeUndefined();
  });
});
