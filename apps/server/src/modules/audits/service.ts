import { facilityFilter } from '../../http/facility-scope.js';
import {
  AUDIT_RETURN_REASON_REQUIRED,
  auditChecklist,
  auditPassProblem,
  ConversationClass,
  failedAuditChecks,
  NEW_CONVERSATION_TITLE_COLOR_ID,
} from '@glass/domain';
import type { InvoiceAudit, PendingAuditCounts } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { ConversationWriter } from '../conversations/index.js';
import {
  auditsRequired,
  InvoiceActionService,
  loadAuditSubject,
  recordInvoiceChange,
} from '../invoices/index.js';
import { PENDING_AUDIT_WHERE } from './resource.js';

/** GET /api/PendingAudits/counts: how many invoices wait per facility. */
export async function pendingAuditCounts(
  db: Database,
  scope: { allowedFacilityIds: number[] | null },
): Promise<PendingAuditCounts> {
  const facilities = await db.rows<PendingAuditCounts['facilities'][number]>(
    sql`select f.id as "facilityId", f.name as "facilityName", count(*)::int as count
        from invoices i join facilities f on f.id = i.facility_id
        where ${sql.raw(PENDING_AUDIT_WHERE)} and ${facilityFilter(scope, sql`i.facility_id`)}
        group by f.id, f.name order by f.name`,
  );
  return { total: facilities.reduce((n, f) => n + f.count, 0), facilities };
}

/** GET /api/PendingAudits/{id}: the checklist computed now from the invoice, and its audits so far. */
export async function invoiceAudit(db: Db, id: number): Promise<InvoiceAudit> {
  const subject = await loadAuditSubject(db, id);
  const history = await db.rows<InvoiceAudit['history'][number]>(
    sql`select a.id, a.outcome, a.reason, to_json(a.audited_at) #>> '{}' as "auditedAt",
          case when u.id is not null then json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) end
            as "auditedBy",
          coalesce((select json_agg(c->>'label') from jsonb_array_elements(a.checks) c where c->>'status' = 'fail'), '[]')
            as "failedChecks"
        from invoice_audits a left join users u on u.id = a.audited_by_id
        where a.invoice_id = ${id} order by a.audited_at desc, a.id desc limit 50`,
  );
  return {
    invoiceId: subject.id,
    facilityName: subject.facilityName,
    submitted: subject.submitted,
    submittedAt: subject.submittedAt,
    finalized: subject.finalized,
    passed: subject.passed,
    auditsRequired: await auditsRequired(db, subject.facilityId),
    leadTechnician:
      subject.leadTechnicianId !== null
        ? { id: subject.leadTechnicianId, name: subject.leadTechnicianName ?? '' }
        : null,
    checks: auditChecklist(subject),
    history,
  };
}

/** An invoice in the queue: submitted, not finalized, void or lost. */
async function assertAuditable(tx: Db, id: number) {
  const subject = await loadAuditSubject(tx, id);
  await tx.rows(sql`select id from invoices where id = ${id} for update`);
  if (!subject.submitted)
    throw conflict(`Invoice ${id} is not submitted; only submitted invoices are audited.`);
  if (subject.finalized) throw conflict(`Invoice ${id} is finalized; it has left the audit queue.`);
  const [flags] = await tx.rows<{ void: boolean; lost: boolean }>(
    sql`select void, lost from invoices where id = ${id}`,
  );
  if (flags.void || flags.lost) throw conflict(`Invoice ${id} is ${flags.void ? 'void' : 'lost'}.`);
  return subject;
}

export class AuditService {
  constructor(
    private db: Database,
    private writer: ConversationWriter,
  ) {}

  /** Pass: the checklist must pass; the invoice goes on to finalizing (history "Audit passed"). */
  pass(user: SessionUser, id: number, note?: string): Promise<InvoiceAudit> {
    return this.db.transaction(async (tx) => {
      const subject = await assertAuditable(tx, id);
      if (subject.passed) throw conflict(`Invoice ${id} has already passed its audit.`);
      const checks = auditChecklist(subject);
      const problem = auditPassProblem(id, checks);
      if (problem) throw conflict(problem);
      await tx.rows(
        sql`insert into invoice_audits (invoice_id, outcome, reason, checks, submitted_at, audited_by_id)
            values (${id}, 'passed', ${note || null}, ${JSON.stringify(checks)}::jsonb,
                    (select submitted_at from invoices where id = ${id}), ${user.id})`,
      );
      await recordInvoiceChange(tx, user, id, { activity: 'Audit passed', details: note || null });
      return invoiceAudit(tx, id);
    });
  }

  /**
   * Return: un-submits the invoice (the work flow's unsubmit, history "Unsubmitted"), records the audit with
   * its reason (history "Audit returned") and tells the lead technician: a system conversation linked to the
   * invoice, whose message makes the NewMessage alert (spec 1 §4) that the badge, drawer and title count show.
   */
  ret(user: SessionUser, id: number, reason: string): Promise<InvoiceAudit> {
    if (!reason.trim()) throw badRequest('reason', AUDIT_RETURN_REASON_REQUIRED);
    return this.db.transaction(async (tx) => {
      const subject = await assertAuditable(tx, id);
      const checks = auditChecklist(subject);
      await tx.rows(
        sql`insert into invoice_audits (invoice_id, outcome, reason, checks, submitted_at, audited_by_id)
            values (${id}, 'returned', ${reason}, ${JSON.stringify(checks)}::jsonb, ${subject.submittedAt}, ${user.id})`,
      );
      await new InvoiceActionService(tx).unsubmit(user, id);
      const failed = failedAuditChecks(checks).map((c) => `${c.label}: ${c.detail}`);
      await recordInvoiceChange(tx, user, id, { activity: 'Audit returned', details: reason });
      if (subject.leadTechnicianId !== null && subject.leadTechnicianId !== user.id) {
        const sender = await this.writer.sender(tx, user.id);
        await this.writer.create(tx, {
          classNameId: ConversationClass.SystemRequest,
          titleColorId: NEW_CONVERSATION_TITLE_COLOR_ID,
          subject: `Invoice ${id} returned by audit`,
          description: 'Pending Audits',
          message: [`Invoice ${id} was returned by the audit: ${reason}`, ...failed].join('\n'),
          sender,
          recipientUserIds: [subject.leadTechnicianId],
          messageGroupIds: [],
          record: { recordType: 'Invoice', recordId: id },
        });
      }
      return invoiceAudit(tx, id);
    });
  }
}
