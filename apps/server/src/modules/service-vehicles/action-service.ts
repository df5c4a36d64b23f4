import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database, Orm } from '../../db/client.js';
import { assertReference, describeChanges, inTx, loadForWrite, recordChange } from './records.js';
import type { PatchInput } from './schemas.js';

/** PATCH fields and their columns; `at` marks timestamps, compared as instants rather than as text. */
const PATCH_COLUMNS: Record<keyof PatchInput, { col: string; at?: true }> = {
  followedUp: { col: 'followed_up' },
  followUpDate: { col: 'follow_up_date', at: true },
  flagged: { col: 'flagged' },
  readyToCall: { col: 'ready_to_call' },
  readyForParts: { col: 'ready_for_parts' },
  readyToSchedule: { col: 'ready_to_schedule' },
  windshieldChecked: { col: 'windshield_checked' },
  windshieldNotes: { col: 'windshield_notes' },
  serviceAdvisorName: { col: 'service_advisor_name' },
  promisedDateTime: { col: 'promised_date_time', at: true },
  inspectedAt: { col: 'inspected_at', at: true },
  leadTechnicianId: { col: 'lead_technician_id' },
  internal: { col: 'internal' },
  paymentTypeId: { col: 'payment_type_id' },
};

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
    return inTx(this.db, async (tx) => {
      await loadForWrite(this.db, tx, id, user);
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
        await assertReference(this.db, tx, 'user', input.leadTechnicianId, 'leadTechnicianId');
      }
      const sets = changes.map(
        (c) => sql`${sql.identifier(PATCH_COLUMNS[c.field as keyof PatchInput].col)} = ${c.after ?? null}`,
      );
      await this.update(tx, id, sets);
      const followedUp =
        changes.length === 1 && changes[0].field === 'followedUp' && changes[0].after === true;
      await recordChange(this.db, tx, user, id, {
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
    const reason = await assertReference(this.db, undefined, 'lost reason', lostReasonId, 'lostReasonId');
    return this.setFlags(user, id, { lost: true, lost_reason_id: lostReasonId }, 'Marked lost', reason?.name);
  }

  /** A disposition is the outcome of one call, so marking the same one again is a new entry. */
  async disposition(user: SessionUser, id: number, dispositionId: number): Promise<boolean> {
    const d = await assertReference(this.db, undefined, 'disposition', dispositionId, 'dispositionId');
    return inTx(this.db, async (tx) => {
      await loadForWrite(this.db, tx, id, user);
      await this.update(tx, id, [
        sql`last_disposition_id = ${dispositionId}`,
        sql`last_disposition_at = now()`,
      ]);
      await recordChange(this.db, tx, user, id, {
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
    return inTx(this.db, async (tx) => {
      await loadForWrite(this.db, tx, id, user);
      const cols = Object.keys(values);
      const checks = cols.map((c) => sql`${sql.identifier(c)} is not distinct from ${values[c]}`);
      const [row] = await this.db.rows<{ same: boolean }>(
        sql`select ${sql.join(checks, sql` and `)} as same from service_vehicles where id = ${id}`,
        tx,
      );
      if (row.same) return false;
      await this.update(
        tx,
        id,
        cols.map((c) => sql`${sql.identifier(c)} = ${values[c]}`),
      );
      await recordChange(this.db, tx, user, id, { activity, details: details ?? null });
      return true;
    });
  }

  private async update(tx: Orm, id: number, sets: SQL[]) {
    await this.db.rows(
      sql`update service_vehicles set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`,
      tx,
    );
  }

  private async columns(tx: Orm, id: number, keys: (keyof PatchInput)[]) {
    const cols = keys.map((k) => sql`${sql.identifier(PATCH_COLUMNS[k].col)} as ${sql.identifier(k)}`);
    const [row] = await this.db.rows<Record<string, unknown>>(
      sql`select ${sql.join(cols, sql`, `)} from service_vehicles where id = ${id}`,
      tx,
    );
    return row;
  }
}
