import { type RecordChanged, recordChangeNotice } from '@glass/domain/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/sessions.js';
import type { Db } from '../db/unit-of-work.js';
import { type AuditEntry, auditMany, auditWith } from '../http/audit.js';
import type { RecordType } from './registry.js';

/** One change as the record's history shows it. */
export interface HistoryEntry {
  activity: string;
  /** Shown in the history list; for edits "field: old → new; …". */
  details?: string | null;
  /** Extra activity log parameters. */
  params?: Record<string, unknown>;
  /** The activity log type (default 'update'). */
  type?: AuditEntry['type'];
  /** When it happened (default now). */
  at?: string;
  /** A customer contact (the ContactItem filter; service vehicles stamp last_contact_at). */
  contact?: boolean;
  /**
   * What a live page's notice says after the name ("marked Arrived" → "Luis Ortega marked Arrived"); without
   * it the notice is "Luis Ortega: <activity>".
   */
  phrase?: string;
}

/** The database event (db.events) of a change written to a live record's history, once committed. */
export const RECORD_CHANGED = 'record-changed';

/** Where a record type keeps its history; the names are trusted constants, never input. */
export interface HistoryDefinition {
  /** The declared record type (registry.ts `defineRecordType`) whose changes these are. */
  record: RecordType;
  /** The history table: (<key>, activity, user_id, details, activity_log_id, activity_date, is_contact). */
  table: string;
  /** Its column naming the record. */
  key: string;
  /** Runs after a contact entry, in the same unit of work (service vehicles stamp last_contact_at). */
  onContact?: (db: Db, id: number) => Promise<void>;
}

/**
 * A record's history: each change writes one activity log row and one history entry linked to it by
 * activity_log_id, in the caller's unit of work. `record()` returns the activity log id.
 */
export class RecordHistory {
  constructor(readonly def: HistoryDefinition) {}

  /** `user` undefined: a customer's own action on a public page (no staff user; user_id stays null). */
  async record(db: Db, user: SessionUser | undefined, id: number, entry: HistoryEntry): Promise<number> {
    const d = this.def;
    // The activity log, its details and the history entry: one statement.
    const logId = await auditWith(
      db,
      user,
      this.auditEntry(id, entry),
      (log) =>
        sql`insert into ${sql.raw(d.table)} (${sql.raw(d.key)}, activity, user_id, details, activity_log_id, activity_date, is_contact)
            values ${this.historyValues(user, id, entry, log)}`,
    );
    if (entry.contact && d.onContact) await d.onContact(db, id);
    this.announce(db, user, id, entry);
    return logId;
  }

  /**
   * record() for many changes by one user in three statements (a remittance batch funding many records): the
   * same activity log rows, history entries and announcements as one record() each, in the order given.
   * Contact entries are not taken (their hook is per record), so is_contact is false.
   */
  async recordMany(
    db: Db,
    user: SessionUser | undefined,
    changes: ReadonlyArray<{ id: number; entry: HistoryEntry }>,
  ): Promise<number[]> {
    if (changes.length === 0) return [];
    if (changes.some((c) => c.entry.contact)) throw new Error('recordMany does not take contact entries');
    const d = this.def;
    const logIds = await auditMany(
      db,
      user,
      changes.map(({ id, entry }) => this.auditEntry(id, entry)),
    );
    // One JSON parameter for the rows (as auditMany), in the order given.
    const rows = JSON.stringify(
      changes.map(({ id, entry }, i) => ({
        ord: i,
        id,
        a: entry.activity,
        d: entry.details ?? null,
        log: logIds[i],
        at: entry.at ?? null,
      })),
    );
    await db.rows(
      sql`insert into ${sql.raw(d.table)} (${sql.raw(d.key)}, activity, user_id, details, activity_log_id, activity_date, is_contact)
          select v.id, v.a, ${user?.id ?? null}::int, v.d, v.log, coalesce(v.at, now()), false
          from jsonb_to_recordset(${rows}::jsonb) as v(ord int, id int, a text, d text, log int, at timestamptz)
          order by v.ord`,
    );
    for (const { id, entry } of changes) this.announce(db, user, id, entry);
    return logIds;
  }

  private auditEntry(id: number, entry: HistoryEntry): AuditEntry {
    return {
      activity: entry.activity,
      type: entry.type ?? 'update',
      recordType: this.def.record.recordType,
      recordId: id,
      details: { ...entry.params, ...(entry.details ? { details: entry.details } : {}) },
    };
  }

  private historyValues(user: SessionUser | undefined, id: number, entry: HistoryEntry, logId: number | SQL) {
    return sql`(${id}, ${entry.activity}, ${user?.id ?? null}, ${entry.details ?? null}, ${logId},
                coalesce(${entry.at ?? null}::timestamptz, now()), ${entry.contact ?? false})`;
  }

  /** A live record's change, announced once committed (db.events RECORD_CHANGED). */
  private announce(db: Db, user: SessionUser | undefined, id: number, entry: HistoryEntry) {
    const d = this.def;
    if (!d.record.live) return;
    const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.userName : null;
    const change: RecordChanged = {
      recordType: d.record.recordType as RecordChanged['recordType'],
      id,
      activity: entry.activity,
      notice: recordChangeNotice(name, entry.activity, entry.phrase),
      details: entry.details ?? null,
      by: user ? { id: user.id, name: name ?? '' } : null,
      at: new Date().toISOString(),
    };
    db.afterCommit(() => db.events.emit(RECORD_CHANGED, change));
  }
}

/** "field: old → new" for each changed field, in the order given. */
export function describeChanges(
  changes: ReadonlyArray<{ field: string; before: unknown; after: unknown }>,
): string {
  const show = (v: unknown) =>
    v === null || v === undefined || v === '' ? '(none)' : Array.isArray(v) ? v.join(', ') : String(v);
  return changes.map((c) => `${c.field}: ${show(c.before)} → ${show(c.after)}`).join('; ');
}
