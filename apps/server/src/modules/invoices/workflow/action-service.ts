import { REFERENCE_REQUIRED, referenceProblem } from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/sessions.js';
import { assertAuditGate } from './audit-gate.js';
import { badRequest, conflict } from '../../../http/errors.js';
import { assertReference } from '../../../records/index.js';
import { PATCH_COLUMNS, same } from '../detail/patch-columns.js';
import { patchPeople } from '../detail/people-patch.js';
import {
  describeChanges,
  type InvoiceWriteTarget,
  loadInvoiceForWrite,
  recordInvoiceChange,
} from '../invoice-record.js';
import { claimPlan, runClaimPlan, waitsForFinalize } from '../claims/claim-plan.js';
import type { ClaimContext, ClaimSender, ClaimStep } from '../claims/claim-send.js';
import { addAccessories } from '../records/records-accessories.js';
import type { InvoicePatch, InvoicePatchBody } from '../schemas.js';
import { type InvoiceState, transitionProblem } from './workflow.js';
import type { Db } from '../../../db/unit-of-work.js';

type Field = keyof InvoicePatch;

/**
 * The stored values of the PATCH fields and raw columns an action compares with, as columns over the invoice's
 * alias `r` (read with its row lock, before the caller's `extra`, which writes other tables): fields as
 * `cur_<field>` (apart from the lock state's own names), raw columns as `raw_<column>`. Undefined for none.
 */
function currentColumns(keys: Field[], rawCols: string[]): SQL | undefined {
  const cols = [
    ...keys.map((k) => sql`r.${sql.identifier(PATCH_COLUMNS[k].col)} as ${sql.identifier(`cur_${k}`)}`),
    ...rawCols.map((c) => sql`r.${sql.identifier(c)} as ${sql.identifier(`raw_${c}`)}`),
  ];
  return cols.length ? sql.join(cols, sql`, `) : undefined;
}

const THUMB_LABEL: Record<number, string> = { 1: 'Thumbs up', [-1]: 'Thumbs down', 0: 'No thumb' };
const STAFF: Field[] = [
  'administratorId',
  'leadTechnicianId',
  'repairTechnicianId',
  'autoGlassAssociateId',
  'followUpForId',
];

/**
 * Edits and work flow actions on one invoice. Every one goes through `apply`: the lock check, the
 * transition rules of workflow.ts, only changed fields written, and one history entry when anything
 * changed. Each returns whether anything changed.
 */
export class InvoiceActionService {
  /**
   * The database, or a unit of work to join (its writes then commit or roll back with the caller's); `claims`
   * sends an invoice to its clearing house at submit or finalize (claims/claim-send.ts). Without it (a service
   * joining another's unit of work, e.g. the audit's return, which only unsubmits) a change that must send is
   * refused; withdrawals need nothing more.
   */
  constructor(
    private db: Db,
    private claims?: ClaimSender,
  ) {}

  patch(user: SessionUser, id: number, body: InvoicePatchBody): Promise<boolean> {
    // submittedAt (only ever null with submitted false) is cleared by the submitted change itself.
    const { accessories, customer, buyer, submittedAt: _cleared, ...input } = body;
    if (accessories?.some((a) => a.invoiceId !== id)) {
      throw badRequest('accessories', 'invoiceId does not match the invoice of the URL');
    }
    const keys = Object.keys(input);
    const only = keys.length === 1 ? keys[0] : undefined;
    const activity =
      only === 'followedUp' && input.followedUp
        ? 'Followed up'
        : only === 'submitted'
          ? input.submitted
            ? 'Submitted'
            : 'Unsubmitted'
          : only === 'finalized'
            ? input.finalized
              ? 'Finalized'
              : 'Unfinalized'
            : 'Invoice updated';
    const extra = async (tx: Db, target: InvoiceWriteTarget) => {
      const people = await patchPeople(tx, user, target, { customer, buyer });
      const added = accessories
        ? await addAccessories(
            tx,
            user,
            target,
            accessories.map((a) => a.accessoryId),
          )
        : false;
      return people || added;
    };
    return this.apply(user, id, input, activity, {}, undefined, extra);
  }

  submit = (user: SessionUser, id: number) => this.apply(user, id, { submitted: true }, 'Submitted');
  unsubmit = (user: SessionUser, id: number) => this.apply(user, id, { submitted: false }, 'Unsubmitted');
  finalize = (user: SessionUser, id: number) => this.apply(user, id, { finalized: true }, 'Finalized');
  /** Finalize in a batch: its PDFs and collector (finalizing-service.ts), so its sends go out grouped. */
  finalizeInBatch = (user: SessionUser, id: number, claim: ClaimContext) =>
    this.apply(user, id, { finalized: true }, 'Finalized', {}, undefined, undefined, claim);
  unfinalize = (user: SessionUser, id: number) => this.apply(user, id, { finalized: false }, 'Unfinalized');
  followUp = (user: SessionUser, id: number) => this.apply(user, id, { followedUp: true }, 'Followed up');
  void = (user: SessionUser, id: number) => this.apply(user, id, {}, 'Voided', { void: true });
  markVerballyApproved = (user: SessionUser, id: number) =>
    this.apply(user, id, {}, 'Marked as verbally approved', {
      has_verbal_signature: true,
      repair_approved: true,
    });

  thumb(user: SessionUser, id: number, thumb: number): Promise<boolean> {
    return this.apply(user, id, {}, `Thumb: ${THUMB_LABEL[thumb]}`, { thumb });
  }

  async lost(user: SessionUser, id: number, lostReasonId: number): Promise<boolean> {
    const reason = await assertReference(this.db, 'lost reason', lostReasonId, 'lostReasonId');
    return this.apply(
      user,
      id,
      {},
      'Marked lost',
      { lost: true, lost_reason_id: lostReasonId },
      reason?.name,
    );
  }

  /**
   * `input` are PATCH fields, `raw` extra columns with fixed values. Fields equal to the stored values
   * are dropped; nothing left means no write and no history entry.
   */
  private async apply(
    user: SessionUser,
    id: number,
    input: InvoicePatch,
    activity: string,
    raw: Record<string, unknown> = {},
    details?: string,
    extra?: (tx: Db, target: InvoiceWriteTarget) => Promise<boolean>,
    claim?: ClaimContext,
  ): Promise<boolean> {
    const context = claim ?? (await this.renderClaims(id, input));
    const keys = Object.keys(input) as Field[];
    const rawCols = Object.keys(raw);
    return this.db.transaction(async (tx) => {
      // The stored values of the fields sent, read with the row lock (one round trip fewer in the transaction).
      const target = await loadInvoiceForWrite<Record<string, unknown>>(
        tx,
        id,
        user,
        currentColumns(keys, rawCols),
      );
      const extraChanged = extra ? await extra(tx, target) : false;
      if (keys.length === 0 && rawCols.length === 0) return extraChanged;
      const changes = keys
        .filter((k) => !same(target[`cur_${k}`], input[k], PATCH_COLUMNS[k].kind))
        .map((k) => ({ field: k, before: target[`cur_${k}`], after: input[k] }));
      const rawChanged = rawCols.filter((c) => !same(target[`raw_${c}`], raw[c]));
      if (changes.length === 0 && rawChanged.length === 0) return extraChanged;

      const changed = (f: string) => changes.some((c) => c.field === f);
      const after: InvoiceState = {
        submitted: changed('submitted') ? Boolean(input.submitted) : target.submitted,
        finalized: changed('finalized') ? Boolean(input.finalized) : target.finalized,
        void: rawChanged.includes('void') ? true : target.void,
        lost: rawChanged.includes('lost') ? true : target.lost,
        paymentTypeId: input.paymentTypeId ?? target.paymentTypeId,
        referenceNumber:
          'referenceNumber' in input ? (input.referenceNumber ?? null) : target.referenceNumber,
      };
      const edits = rawChanged.length > 0 || changes.some((c) => c.field !== 'finalized');
      const problem = transitionProblem(id, target, after, edits);
      if (problem) throw conflict(problem);
      // Pending Audits (issue #23): with audits required, finalizing waits for a passed audit.
      if (changed('finalized') && input.finalized) await assertAuditGate(tx, id, 'finalize');
      if (('paymentTypeId' in input || 'referenceNumber' in input) && changes.length > 0) {
        if (referenceProblem(after.paymentTypeId, after.referenceNumber)) {
          throw badRequest('referenceNumber', REFERENCE_REQUIRED);
        }
      }
      for (const f of STAFF) {
        if (changed(f)) await assertReference(tx, 'user', input[f] as number | null, f);
      }
      if (changed('insuranceCompanyId') && input.insuranceCompanyId != null) {
        await this.assertInsurer(tx, input.insuranceCompanyId);
      }

      const sets = [
        ...changes.map(
          (c) => sql`${sql.identifier(PATCH_COLUMNS[c.field as Field].col)} = ${c.after ?? null}`,
        ),
        ...rawChanged.map((c) => sql`${sql.identifier(c)} = ${raw[c]}`),
      ];
      if (changed('submitted')) sets.push(sql`submitted_at = ${input.submitted ? sql`now()` : null}`);
      if (changed('finalized')) sets.push(sql`finalized_at = ${input.finalized ? sql`now()` : null}`);
      if (changed('followedUp') && input.followedUp) sets.push(sql`follow_up_by_id = ${user.id}`);
      await tx.rows(sql`update invoices set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);
      // The claim (issue #35): sent, withdrawn or waiting for finalize, by the clearing house's rule.
      const plan =
        changed('submitted') || changed('finalized')
          ? await claimPlan(tx, id, {
              submitted: changed('submitted') ? Boolean(input.submitted) : undefined,
              finalized: changed('finalized') ? Boolean(input.finalized) : undefined,
            })
          : ({ kind: 'none' } as const);
      const edited = changes.length > 0 && activity === 'Invoice updated' ? describeChanges(changes) : null;
      const waits = plan.kind === 'waits' ? waitsForFinalize(plan.route) : null;
      await recordInvoiceChange(tx, user, id, {
        activity,
        details: details ?? ([edited, waits].filter(Boolean).join('; ') || null),
      });
      await runClaimPlan(tx, user, id, plan, this.claims, context);
      return true;
    });
  }

  /**
   * The PDF of a submit or finalize that sends the invoice to its clearing house, rendered before the
   * transaction (rendering reads through the documents service's own connection; on PGlite a transaction holds
   * the only one). A PATCH that also edits the invoice gets its PDF rendered in the transaction instead, so the
   * PDF shows the edit.
   */
  private async renderClaims(id: number, input: InvoicePatch): Promise<ClaimContext | undefined> {
    if (!this.claims || 'inTransaction' in this.db) return undefined;
    if (Object.keys(input).some((k) => k !== 'submitted' && k !== 'finalized')) return undefined;
    const steps: ClaimStep[] = [];
    if (input.submitted === true) steps.push('submit');
    if (input.finalized === true) steps.push('finalize');
    if (steps.length === 0) return undefined;
    const pdfs = new Map<number, Buffer>();
    for (const step of steps) {
      for (const [k, v] of await this.claims.render(this.db, [id], step)) pdfs.set(k, v);
    }
    return { pdfs };
  }

  private async assertInsurer(tx: Db, insurerId: number) {
    const [row] = await tx.rows(sql`select id from insurance_companies where id = ${insurerId}`);
    if (!row) throw badRequest('insuranceCompanyId', `Unknown insurance company ${insurerId}`);
  }
}
