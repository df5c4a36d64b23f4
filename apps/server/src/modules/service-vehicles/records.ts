import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database, Orm } from '../../db/client.js';
import { type AuditEntry, audit } from '../../http/audit.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';

/** What a write needs to know about the record before changing it. */
export interface WriteTarget {
  id: number;
  lockUserId: number | null;
  lockHolder: string | null;
}

export const svNotFound = (id: number) => notFound(`Service vehicle ${id} not found.`);

export const lockedBy = (id: number, holder: string | null) =>
  conflict(`Service Vehicle ${id} is locked by ${holder ?? 'another user'}.`);

/** Runs `fn` in one transaction; every write of this module goes through it. */
export function inTx<T>(db: Database, fn: (tx: Orm) => Promise<T>): Promise<T> {
  return db.orm.transaction((tx) => fn(tx as unknown as Orm));
}

/**
 * The record's lock holder, holding the vehicle's row lock until the transaction ends, so concurrent
 * writers (and lock takers) queue up and each sees the others' locks and invoices. 404 when unknown.
 */
export async function lockRow(db: Database, tx: Orm, id: number): Promise<WriteTarget> {
  const [row] = await db.rows<WriteTarget>(
    sql`select sv.id, l.user_id as "lockUserId",
               (select u.first_name || ' ' || u.last_name from users u where u.id = l.user_id) as "lockHolder"
        from service_vehicles sv left join service_vehicle_locks l on l.service_vehicle_id = sv.id
        where sv.id = ${id} for update of sv`,
    tx,
  );
  if (!row) throw svNotFound(id);
  return row;
}

/**
 * Loads the record for a write and refuses with 409 when someone else holds its lock.
 * Unlocked records may be written by anyone with the role; the lock only keeps others out.
 */
export async function loadForWrite(
  db: Database,
  tx: Orm,
  id: number,
  user: SessionUser,
): Promise<WriteTarget> {
  const row = await lockRow(db, tx, id);
  if (row.lockUserId !== null && row.lockUserId !== user.id) throw lockedBy(id, row.lockHolder);
  return row;
}

export interface HistoryEntry {
  activity: string;
  /** Shown in the history list; for edits "field: old → new; …". */
  details?: string | null;
  isContact?: boolean;
  type?: AuditEntry['type'];
  /** Extra activity log parameters. */
  params?: Record<string, unknown>;
}

/**
 * The activity log row and the vehicle's history entry of one change, linked by activityLogId.
 * A contact entry also stamps last_contact_at, which the priority rule reads (priority-sql.ts).
 */
export async function recordChange(
  db: Database,
  tx: Orm,
  user: SessionUser,
  svId: number,
  entry: HistoryEntry,
) {
  const logId = await audit(db, tx, user, {
    activity: entry.activity,
    type: entry.type ?? 'update',
    recordType: 'ServiceVehicle',
    recordId: svId,
    details: { ...entry.params, ...(entry.details ? { details: entry.details } : {}) },
  });
  await db.rows(
    sql`insert into service_vehicle_history (service_vehicle_id, activity, user_id, details, activity_log_id, is_contact)
        values (${svId}, ${entry.activity}, ${user.id}, ${entry.details ?? null}, ${logId}, ${entry.isContact ?? false})`,
    tx,
  );
  if (entry.isContact) {
    await db.rows(sql`update service_vehicles set last_contact_at = now() where id = ${svId}`, tx);
  }
  return logId;
}

/** "field: old → new" for each changed field, in the order given. */
export function describeChanges(
  changes: ReadonlyArray<{ field: string; before: unknown; after: unknown }>,
): string {
  const show = (v: unknown) =>
    v === null || v === undefined || v === '' ? '(none)' : Array.isArray(v) ? v.join(', ') : String(v);
  return changes.map((c) => `${c.field}: ${show(c.before)} → ${show(c.after)}`).join('; ');
}

/** Tables a request may refer to by id; a missing or inactive row is a 400 on the request's field. */
const REFERENCES = {
  facility: sql`facilities`,
  user: sql`users`,
  disposition: sql`dispositions`,
  'lost reason': sql`lost_reasons`,
  'part type': sql`part_types`,
  grade: sql`part_grades`,
  'part status': sql`replacement_part_statuses`,
  accessory: sql`windshield_accessories`,
  vendor: sql`(select id, name, not inactive as is_active from vendors) vendors`,
} as const;

export async function assertReference(
  db: Database,
  tx: Orm | undefined,
  kind: keyof typeof REFERENCES,
  id: number | null | undefined,
  field: string,
): Promise<{ id: number; name: string } | undefined> {
  if (id === null || id === undefined) return undefined;
  const name = kind === 'user' ? sql`first_name || ' ' || last_name` : sql`name`;
  const [row] = await db.rows<{ id: number; name: string }>(
    sql`select id, ${name} as name from ${REFERENCES[kind]} where id = ${id} and is_active`,
    tx,
  );
  if (!row) throw badRequest(field, `Unknown ${kind} ${id}`);
  return row;
}
