import { type AuditFacts, auditChecklist, auditGateProblem, failedAuditChecks } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/unit-of-work.js';
import { conflict, notFound } from '../../../http/errors.js';

/** The option that turns the audit gate on (issue #23); off by default. */
export const AUDITS_REQUIRED_OPTION = 'AuditsRequired';

/**
 * The option's value read for one facility: `true` (or yes, on) for every facility; a list of facility ids
 * (`3, 7`) for those only, so a chain can start with one shop; anything else (false, blank) for none.
 */
export function auditsRequiredBy(value: string | null | undefined, facilityId: number): boolean {
  const v = (value ?? '').trim();
  if (/^(true|yes|on)$/i.test(v)) return true;
  if (!/^\d+(\s*,\s*\d+)*$/.test(v)) return false;
  return v.split(',').some((id) => Number(id) === facilityId);
}

export async function auditsRequired(db: Db, facilityId: number): Promise<boolean> {
  const [row] = await db.rows<{ value: string }>(
    sql`select value from options where name = ${AUDITS_REQUIRED_OPTION}`,
  );
  return auditsRequiredBy(row?.value, facilityId);
}

/** What the audit screen shows beside the checklist. */
export interface AuditSubject extends AuditFacts {
  id: number;
  facilityId: number;
  facilityName: string | null;
  submitted: boolean;
  submittedAt: string | null;
  finalized: boolean;
  leadTechnicianId: number | null;
  leadTechnicianName: string | null;
  /** An auditor passed it since its latest submission (its latest audit is a pass of that submission). */
  passed: boolean;
}

/**
 * The approval check reads customer_approvals directly, with the approvals area's meaning (modules/approvals
 * sql.ts `invoiceApprovalStatus`: requested, and approved when any request was approved, since answers are
 * final). The invoices area cannot import the approvals area (which builds on it), so the read is here.
 */
const approvalSql = (invoice: string) => sql`(select json_build_object('n', count(*),
    'approved', coalesce(bool_or(ca.approved), false),
    'declined', (array_agg(ca.declined order by ca.sent_at desc, ca.id desc))[1])
  from customer_approvals ca where ca.invoice_id = ${sql.raw(invoice)})`;

/** The invoice's facts the audit checklist reads (rules/invoice-audit.ts), in one query; 404 when unknown. */
export async function loadAuditSubject(db: Db, id: number): Promise<AuditSubject> {
  const [row] = await db.rows<
    AuditSubject & { approval: { n: number; approved: boolean; declined: boolean } | null }
  >(
    sql`select i.id, i.facility_id as "facilityId", f.name as "facilityName", i.submitted, to_json(i.submitted_at) #>> '{}' as "submittedAt",
          i.finalized, i.signed, i.has_verbal_signature as "hasVerbalSignature",
          (select count(*)::int from invoice_images ii where ii.invoice_id = i.id)
            + coalesce(cardinality(sv.windshield_image_paths), 0) as "photoCount",
          i.vin, i.payment_type_id as "paymentTypeId", i.reference_number as "referenceNumber",
          i.claim_number as "claimNumber", i.policy_number as "policyNumber",
          ${approvalSql('i.id')} as approval,
          i.labor_cost::text as "laborCost", i.parts_cost::text as "partsCost", i.tax_cost::text as "taxCost",
          i.total_cost::text as "totalCost",
          coalesce((select json_agg(r.amount::text) from invoice_repairs r where r.invoice_id = i.id), '[]') as "repairAmounts",
          coalesce((select json_agg(p.price::text) from replacement_parts p where p.invoice_id = i.id and p.price is not null), '[]') as "partPrices",
          i.lead_technician_id as "leadTechnicianId",
          case when lt.id is not null then lt.first_name || ' ' || lt.last_name end as "leadTechnicianName",
          coalesce((select a.outcome = 'passed' and a.submitted_at is not distinct from i.submitted_at
                    from invoice_audits a where a.invoice_id = i.id order by a.audited_at desc, a.id desc limit 1),
                   false) as passed
        from invoices i
        left join facilities f on f.id = i.facility_id
        left join service_vehicles sv on sv.id = i.service_vehicle_id
        left join users lt on lt.id = i.lead_technician_id
        where i.id = ${id}`,
  );
  if (!row) throw notFound(`Invoice ${id} not found.`);
  const { approval, ...rest } = row;
  return {
    ...rest,
    approvalRequests: approval?.n ?? 0,
    latestApprovalApproved: approval?.n ? approval.approved : null,
    latestApprovalDeclined: approval?.n ? approval.declined : null,
  };
}

/**
 * The work flow's audit gate (rules/invoice-workflow.ts auditGateProblem): with the option AuditsRequired
 * on, finalizing or sending an invoice that has not passed its audit is a 409 naming the failed checks.
 */
export async function assertAuditGate(db: Db, id: number, action: 'finalize' | 'send'): Promise<void> {
  const [inv] = await db.rows<{ facilityId: number }>(
    sql`select facility_id as "facilityId" from invoices where id = ${id}`,
  );
  if (!inv || !(await auditsRequired(db, inv.facilityId))) return;
  const subject = await loadAuditSubject(db, id);
  const failed = subject.passed ? [] : failedAuditChecks(auditChecklist(subject)).map((c) => c.label);
  const problem = auditGateProblem(id, action, {
    required: true,
    passed: subject.passed,
    failedChecks: failed,
  });
  if (problem) throw conflict(problem);
}
