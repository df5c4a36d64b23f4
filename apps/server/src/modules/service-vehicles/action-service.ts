import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { assertReference, describeChanges, loadForWrite, recordChange } from './records.js';
import { svPatchBody } from '@glass/domain/contracts/service-vehicles';
import { SV_PATCH_COLUMNS } from './detail-fields.js';
import type { PatchInput } from './schemas.js';
import type { Db } from '../../db/unit-of-work.js';

/**
 * PATCH fields and their columns, from the detail's declaration (detail-fields.ts); `at` marks
 * timestamps, compared as instants rather than as text. A contract PATCH field without a column stops the start.
 */
const PATCH_COLUMNS = Object.fromEntries(
  Object.entries(SV_PATCH_COLUMNS).map(([k, c]) => [
    k,
    c.kind === 'at' ? { col: c.col, at: true } : { col: c.col },
  ]),
) as Record<keyof PatchInput, { col: string; at?: true }>;
const undeclared = Object.keys(svPatchBody.shape).filter((k) => !(k in PATCH_COLUMNS));
if (undeclared.length)
  throw new Error(`Service vehicle PATCH fields without a column: ${undeclared.join(', ')}`);

const THUMB_LABEL: Record<number, string> = { 1: 'Thumbs up', [-1]: 'Thumbs down', 0: 'No thumb' };

const same = (before: unknown, after: unknown, at?: true) =>
  at
    ? (before === null ? null : Date.parse(String(before))) ===
      (after === null ? null : Date.parse(String(after)))
    : (before ?? null) === (after ?? null);

/** One-field and flag actions of spec 1 §4/§7 and spec 2 §7. Each returns whether anything changed. */
export class ActionService {
  constructor(private db: Database) {}

  /**
   * Only fields that differ from the record are written; nothing changed means no update and no
   * history entry. A new follow-up date opens a new follow-up, so followedUp goes back to false
   * unless the same request sets it.
   */
  patch(user: SessionUser, id: number, input: PatchInput): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await loadForWrite(tx, id, user);
      const keys = Object.keys(input) as (keyof PatchInput)[];
      if (keys.length === 0) return false;
      const wanted: Partial<Record<keyof PatchInput, unknown>> = { ...input };
      if ('followUpDate' in input && !('followedUp' in input)) keys.push('followedUp');
      const current = await this.columns(tx, id, keys);
      if ('followUpDate' in input && !('followedUp' in input)) {
        wanted.followedUp = same(current.followUpDate, input.followUpDate, true) ? current.followedUp : false;
      }
      const changes = keys
        .filter((k) => !same(current[k], wanted[k], PATCH_COLUMNS[k].at))
        .map((k) => ({ field: k, before: current[k], after: wanted[k] }));
      if (changes.length === 0) return false;
      if (changes.some((c) => c.field === 'leadTechnicianId')) {
        await assertReference(tx, 'user', input.leadTechnicianId, 'leadTechnicianId');
      }
      const sets = changes.map(
        (c) => sql`${sql.identifier(PATCH_COLUMNS[c.field as keyof PatchInput].col)} = ${c.after ?? null}`,
      );
      await this.update(tx, id, sets);
      const followedUp =
        changes.length === 1 && changes[0].field === 'followedUp' && changes[0].after === true;
      await recordChange(tx, user, id, {
        activity: followedUp ? 'Followed up' : 'Service vehicle updated',
        details: describeChanges(changes),
      });
      return true;
    });
  }

  thumb(user: SessionUser, id: number, thumb: number): Promise<boolean> {
    return this.setFlags(user, id, { thumb }, `Thumb: ${THUMB_LABEL[thumb]}`);
  }

  /** OK to call: the dealer lets us call the customer, which makes the vehicle ready to call (priority 1-4). */
  markOkToCall(user: SessionUser, id: number): Promise<boolean> {
    return this.setFlags(user, id, { ok_to_call: true, ready_to_call: true }, 'Marked OK to call');
  }

  void(user: SessionUser, id: number): Promise<boolean> {
    return this.setFlags(user, id, { void: true }, 'Voided');
  }

  async lost(user: SessionUser, id: number, lostReasonId: number): Promise<boolean> {
    const reason = await assertReference(this.db, 'lost reason', lostReasonId, 'lostReasonId');
    return this.setFlags(user, id, { lost: true, lost_reason_id: lostReasonId }, 'Marked lost', reason?.name);
  }

  /** A disposition is the outcome of one call, so marking the same one again is a new entry. */
  async disposition(user: SessionUser, id: number, dispositionId: number): Promise<boolean> {
    const d = await assertReference(this.db, 'disposition', dispositionId, 'dispositionId');
    return this.db.transaction(async (tx) => {
      await loadForWrite(tx, id, user);
      await this.update(tx, id, [
        sql`last_disposition_id = ${dispositionId}`,
        sql`last_disposition_at = now()`,
      ]);
      await recordChange(tx, user, id, {
        activity: 'Disposition',
        details: d?.name,
        params: { dispositionId },
      });
      return true;
    });
  }

  /** Sets columns to fixed values; when they all hold them already, nothing is written. */
  private setFlags(
    user: SessionUser,
    id: number,
    values: Record<string, unknown>,
    activity: string,
    details?: string,
  ) {
    return this.db.transaction(async (tx) => {
      await loadForWrite(tx, id, user);
      const cols = Object.keys(values);
      const checks = cols.map((c) => sql`${sql.identifier(c)} is not distinct from ${values[c]}`);
      const [row] = await tx.rows<{ same: boolean }>(
        sql`select ${sql.join(checks, sql` and `)} as same from service_vehicles where id = ${id}`,
      );
      if (row.same) return false;
      await this.update(
        tx,
        id,
        cols.map((c) => sql`${sql.identifier(c)} = ${values[c]}`),
      );
      await recordChange(tx, user, id, { activity, details: details ?? null });
      return true;
    });
  }

  private async update(tx: Db, id: number, sets: SQL[]) {
    await tx.rows(
      sql`update service_vehicles set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`,
    );
  }

  private async columns(tx: Db, id: number, keys: (keyof PatchInput)[]) {
    const cols = keys.map((k) => sql`${sql.identifier(PATCH_COLUMNS[k].col)} as ${sql.identifier(k)}`);
    const [row] = await tx.rows<Record<string, unknown>>(
      sql`select ${sql.join(cols, sql`, `)} from service_vehicles where id = ${id}`,
    );
    return row;
  }
}
