/**
 * Pending Audits (issue #23): the checks an auditor makes before an invoice goes to an insurer or a
 * clearing house. The spec names the tile (spec 2 §2 /pending-audits) and leaves its content to us; the
 * checks come from the issue: customer signature or verbal approval, photos, a valid VIN (the domain's
 * rule), payment type 5 with its reference (spec 2 §5), insurance jobs with claim and policy numbers and
 * an approved customer approval where one was requested, and amounts that add up (rules/invoice-money.ts).
 * The server computes the checklist from the invoice; the screen shows it; the work flow refuses to
 * finalize or send an invoice that has not passed its audit when the configuration requires audits.
 */
import { PaymentType } from '../enums.js';
import { invoiceMoney, sumCents, toCents, type MoneyValue } from './invoice-money.js';
import { referenceProblem } from './invoice-rules.js';
import { validateVin } from './vin.js';

export const AUDIT_CHECKS = [
  { key: 'approval', label: 'Customer signature or verbal approval' },
  { key: 'photos', label: 'Photos' },
  { key: 'vin', label: 'Valid VIN' },
  { key: 'reference', label: 'Repair order reference' },
  { key: 'insurance', label: 'Claim and policy numbers' },
  { key: 'customerApproval', label: 'Approved customer approval' },
  { key: 'amounts', label: 'Amounts add up' },
] as const;

export type AuditCheckKey = (typeof AUDIT_CHECKS)[number]['key'];
export type AuditCheckStatus = 'pass' | 'fail' | 'notApplicable';

export interface AuditCheck {
  key: AuditCheckKey;
  label: string;
  status: AuditCheckStatus;
  /** What was found (shown under the check). */
  detail: string;
}

/** What the checks read from the invoice (the server loads it in one query). */
export interface AuditFacts {
  signed: boolean;
  hasVerbalSignature: boolean;
  /** Extra images of the invoice plus the windshield images of its service vehicle. */
  photoCount: number;
  vin: string | null;
  paymentTypeId: number;
  referenceNumber: string | null;
  claimNumber: string | null;
  policyNumber: string | null;
  /** Customer approval requests sent for this invoice; whether one was approved (answers are final). */
  approvalRequests: number;
  latestApprovalApproved: boolean | null;
  /** Whether the latest request was declined (the check's detail). */
  latestApprovalDeclined?: boolean | null;
  laborCost: MoneyValue;
  partsCost: MoneyValue;
  taxCost: MoneyValue;
  totalCost: MoneyValue;
  repairAmounts: readonly MoneyValue[];
  partPrices: readonly MoneyValue[];
}

const label = (key: AuditCheckKey) => AUDIT_CHECKS.find((c) => c.key === key)?.label ?? key;
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** An insurance job: paid by the insurer (payment type 1 Ins). */
export const isInsuranceJob = (paymentTypeId: number) => paymentTypeId === PaymentType.Ins;

/** The checklist of one invoice, every check in AUDIT_CHECKS order. */
export function auditChecklist(f: AuditFacts): AuditCheck[] {
  const check = (key: AuditCheckKey, status: AuditCheckStatus, detail: string): AuditCheck => ({
    key,
    label: label(key),
    status,
    detail,
  });
  const out: AuditCheck[] = [];

  out.push(
    f.signed || f.hasVerbalSignature
      ? check('approval', 'pass', f.signed ? 'Signed by the customer' : 'Verbally approved')
      : check('approval', 'fail', 'No customer signature and no verbal approval'),
  );

  out.push(
    f.photoCount > 0
      ? check('photos', 'pass', `${f.photoCount} photo${f.photoCount === 1 ? '' : 's'}`)
      : check('photos', 'fail', 'No photos of the glass'),
  );

  const vin = validateVin(f.vin);
  out.push(
    vin.valid
      ? check('vin', 'pass', vin.vin)
      : check(
          'vin',
          'fail',
          f.vin?.trim() ? `${vin.vin}: ${vin.problems.map((p) => p.message).join('; ')}` : 'No VIN',
        ),
  );

  if (f.paymentTypeId === PaymentType.RepairOrder) {
    const problem = referenceProblem(f.paymentTypeId, f.referenceNumber);
    out.push(
      problem
        ? check('reference', 'fail', problem)
        : check('reference', 'pass', `Reference ${f.referenceNumber?.trim()}`),
    );
  } else out.push(check('reference', 'notApplicable', 'Not a repair order payment'));

  if (isInsuranceJob(f.paymentTypeId)) {
    const missing = [
      f.claimNumber?.trim() ? null : 'claim number',
      f.policyNumber?.trim() ? null : 'policy number',
    ].filter(Boolean);
    out.push(
      missing.length
        ? check('insurance', 'fail', `Missing ${missing.join(' and ')}`)
        : check('insurance', 'pass', `Claim ${f.claimNumber?.trim()}, policy ${f.policyNumber?.trim()}`),
    );
  } else out.push(check('insurance', 'notApplicable', 'Not an insurance job'));

  if (f.approvalRequests === 0) out.push(check('customerApproval', 'notApplicable', 'None requested'));
  else if (f.latestApprovalApproved) out.push(check('customerApproval', 'pass', 'The customer approved'));
  else
    out.push(
      check(
        'customerApproval',
        'fail',
        f.latestApprovalDeclined ? 'The customer declined' : 'Requested, not approved yet',
      ),
    );

  const labor = toCents(f.laborCost);
  const parts = toCents(f.partsCost);
  const tax = toCents(f.taxCost);
  const total = toCents(f.totalCost);
  const repairs = sumCents(f.repairAmounts);
  const partPrices = sumCents(f.partPrices);
  const expected = invoiceMoney({ labor, parts, tax }).total;
  const wrong = [
    repairs !== labor ? `labor ${money(labor)} but repairs add up to ${money(repairs)}` : null,
    partPrices !== parts ? `parts ${money(parts)} but part prices add up to ${money(partPrices)}` : null,
    expected !== total ? `total ${money(total)} but labor + parts + tax is ${money(expected)}` : null,
  ].filter(Boolean);
  out.push(
    wrong.length
      ? check('amounts', 'fail', wrong.join('; '))
      : check('amounts', 'pass', `Total ${money(total)}`),
  );
  return out;
}

export const failedAuditChecks = (checks: readonly AuditCheck[]) => checks.filter((c) => c.status === 'fail');

/** Whether nothing on the checklist fails (checks that do not apply count as passed). */
export const auditChecksPass = (checks: readonly AuditCheck[]) => failedAuditChecks(checks).length === 0;

/** An auditor may pass an invoice only when its checklist passes; returning it needs a reason. */
export function auditPassProblem(id: number, checks: readonly AuditCheck[]): string | undefined {
  const failed = failedAuditChecks(checks);
  if (failed.length === 0) return undefined;
  return `Invoice ${id} cannot pass its audit: ${failed.map((c) => c.label).join(', ')} failed.`;
}

export const AUDIT_RETURN_REASON_REQUIRED = 'Give the reason the invoice is returned';
