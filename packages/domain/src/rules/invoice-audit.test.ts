import { describe, expect, it } from 'vitest';
import { PaymentType } from '../enums.js';
import {
  type AuditFacts,
  auditChecklist,
  auditChecksPass,
  auditPassProblem,
  failedAuditChecks,
} from './invoice-audit.js';
import { auditGateProblem } from './invoice-workflow.js';

const GOOD: AuditFacts = {
  signed: true,
  hasVerbalSignature: false,
  photoCount: 2,
  vin: '1HGCM82633A004352',
  paymentTypeId: PaymentType.Cash,
  referenceNumber: null,
  claimNumber: null,
  policyNumber: null,
  approvalRequests: 0,
  latestApprovalApproved: null,
  laborCost: '59.95',
  partsCost: '0',
  taxCost: '4.95',
  totalCost: '64.90',
  repairAmounts: ['59.95'],
  partPrices: [],
};

const statusOf = (facts: Partial<AuditFacts>) =>
  Object.fromEntries(auditChecklist({ ...GOOD, ...facts }).map((c) => [c.key, c.status]));

describe('audit checklist (issue #23: the checks an auditor makes)', () => {
  it('a complete cash invoice passes; checks that do not apply say so', () => {
    const checks = auditChecklist(GOOD);
    expect(checks.map((c) => c.key)).toEqual([
      'approval',
      'photos',
      'vin',
      'reference',
      'insurance',
      'customerApproval',
      'amounts',
    ]);
    expect(auditChecksPass(checks)).toBe(true);
    expect(statusOf({})).toMatchObject({
      reference: 'notApplicable',
      insurance: 'notApplicable',
      customerApproval: 'notApplicable',
    });
  });

  it('"customer signature or verbal approval present"', () => {
    expect(statusOf({ signed: false }).approval).toBe('fail');
    expect(statusOf({ signed: false, hasVerbalSignature: true }).approval).toBe('pass');
  });

  it('"photos present"', () => {
    expect(statusOf({ photoCount: 0 }).photos).toBe('fail');
  });

  it('"VIN valid" with the domain VIN rule', () => {
    expect(statusOf({ vin: '1HGCM82643A004352' }).vin).toBe('fail');
    expect(statusOf({ vin: null }).vin).toBe('fail');
  });

  it('spec 2 §5: "payment type 5 (repair order) requires a reference"', () => {
    expect(statusOf({ paymentTypeId: PaymentType.RepairOrder }).reference).toBe('fail');
    expect(statusOf({ paymentTypeId: PaymentType.RepairOrder, referenceNumber: 'RO-1' }).reference).toBe(
      'pass',
    );
  });

  it('"insurance jobs have claim and policy numbers"', () => {
    const ins = auditChecklist({ ...GOOD, paymentTypeId: PaymentType.Ins, claimNumber: 'C1' });
    const check = ins.find((c) => c.key === 'insurance');
    expect(check).toMatchObject({ status: 'fail', detail: 'Missing policy number' });
    expect(statusOf({ paymentTypeId: PaymentType.Ins, claimNumber: 'C', policyNumber: 'P' }).insurance).toBe(
      'pass',
    );
  });

  it('"an approved customer approval where one was requested"', () => {
    expect(statusOf({ approvalRequests: 1, latestApprovalApproved: false }).customerApproval).toBe('fail');
    expect(statusOf({ approvalRequests: 2, latestApprovalApproved: true }).customerApproval).toBe('pass');
  });

  it('"amounts add up": labor is the repairs, parts the part prices, total labor + parts + tax', () => {
    expect(statusOf({ repairAmounts: ['50'] }).amounts).toBe('fail');
    expect(statusOf({ partPrices: ['10'] }).amounts).toBe('fail');
    expect(statusOf({ totalCost: '64.91' }).amounts).toBe('fail');
    expect(statusOf({ partsCost: '10', partPrices: ['4', '6'], totalCost: '74.90' }).amounts).toBe('pass');
  });

  it('an invoice can pass only when nothing fails', () => {
    const checks = auditChecklist({ ...GOOD, photoCount: 0, vin: 'X' });
    expect(failedAuditChecks(checks).map((c) => c.key)).toEqual(['photos', 'vin']);
    expect(auditPassProblem(7, checks)).toBe('Invoice 7 cannot pass its audit: Photos, Valid VIN failed.');
    expect(auditPassProblem(7, auditChecklist(GOOD))).toBeUndefined();
  });
});

describe('audit gate of the work flow', () => {
  it('is open when audits are not required (the default) or the audit passed', () => {
    expect(
      auditGateProblem(1, 'finalize', { required: false, passed: false, failedChecks: ['Photos'] }),
    ).toBe(undefined);
    expect(auditGateProblem(1, 'send', { required: true, passed: true, failedChecks: [] })).toBeUndefined();
  });
  it('refuses finalizing or sending, naming the failed checks', () => {
    expect(
      auditGateProblem(9, 'finalize', {
        required: true,
        passed: false,
        failedChecks: ['Photos', 'Valid VIN'],
      }),
    ).toBe('Invoice 9 cannot be finalized before it passes its audit; failed checks: Photos, Valid VIN.');
    expect(auditGateProblem(9, 'send', { required: true, passed: false, failedChecks: [] })).toBe(
      'Invoice 9 cannot be sent before it passes its audit; it is waiting in Pending Audits.',
    );
  });
});
