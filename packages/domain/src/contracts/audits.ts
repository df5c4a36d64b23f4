import { z } from 'zod';
import { AUDIT_CHECKS, type AuditCheckKey } from '../rules/invoice-audit.js';
import { id, timestamp } from './common.js';
import { invoiceListRow } from './invoices.js';

/** Pending Audits (issue #23, /pending-audits; apps/server/src/modules/audits/README.md). */

const checkKey = z.enum(AUDIT_CHECKS.map((c) => c.key) as [AuditCheckKey, ...AuditCheckKey[]]);

export const auditCheck = z.object({
  key: checkKey,
  label: z.string(),
  status: z.enum(['pass', 'fail', 'notApplicable']),
  detail: z.string(),
});
export type AuditCheckItem = z.infer<typeof auditCheck>;

/** One queue row: the invoice list's row (GET /api/PendingAudits is an OData list). */
export const pendingAuditRow = invoiceListRow;
export type PendingAuditRow = z.infer<typeof pendingAuditRow>;

/** GET /api/PendingAudits/counts: how many wait per facility. */
export const pendingAuditCounts = z.object({
  total: z.number().int(),
  facilities: z.array(z.object({ facilityId: id, facilityName: z.string(), count: z.number().int() })),
});
export type PendingAuditCounts = z.infer<typeof pendingAuditCounts>;

export const auditOutcome = z.object({
  id,
  outcome: z.enum(['passed', 'returned']),
  reason: z.string().nullable(),
  auditedAt: timestamp,
  auditedBy: z.object({ id, name: z.string() }).nullable(),
  failedChecks: z.array(z.string()),
});
export type AuditOutcome = z.infer<typeof auditOutcome>;

/** GET /api/PendingAudits/{invoiceId}: the checklist the server computes now, and the audits so far. */
export const invoiceAudit = z.object({
  invoiceId: id,
  facilityName: z.string().nullable(),
  submitted: z.boolean(),
  submittedAt: timestamp.nullable(),
  finalized: z.boolean(),
  /** Whether an auditor passed it since its latest submission. */
  passed: z.boolean(),
  /** Whether the configuration (option AuditsRequired) makes finalizing and sending wait for the audit. */
  auditsRequired: z.boolean(),
  leadTechnician: z.object({ id, name: z.string() }).nullable(),
  checks: z.array(auditCheck),
  history: z.array(auditOutcome),
});
export type InvoiceAudit = z.infer<typeof invoiceAudit>;

export const auditPassBody = z.object({ note: z.string().trim().max(500).optional() });
export const auditReturnBody = z.object({
  reason: z.string().trim().min(1, 'Give the reason the invoice is returned').max(1000),
});
export type AuditReturnBody = z.infer<typeof auditReturnBody>;
