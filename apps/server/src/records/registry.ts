import type { Action } from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/sessions.js';
import { facilityFilter } from '../http/facility-scope.js';

/**
 * Who may read a file the record owns (stored_files.owner_type = the record type, owner_id = its id):
 * - `{ action }`: users the role matrix allows `action`, and the record exists (its table has the id) at a
 *   facility of the reader's scope when the type declares its `facilityColumn`;
 * - `{ action, visible }`: the same, but `visible(id, user)` (a query answering a row when the user may
 *   see that record) replaces the existence check;
 * - `{ anySignedIn: true }`: any signed-in user (pictures shown in lists: facility logos, profile photos).
 */
export type FileReadRule =
  | { action: Action; visible?: (id: number, user: SessionUser) => SQL; anySignedIn?: never }
  | { anySignedIn: true; action?: never; visible?: never };

/** One record type as the shared layers (activity log, file access, records kernel) know it. */
export interface RecordTypeDefinition {
  /** activity_logs.record_type and stored_files.owner_type ('Invoice', 'ServiceVehicle', 'Message'). */
  recordType: string;
  /** The record's table, with an integer `id`; a trusted constant pasted into SQL, never input. */
  table: string;
  /**
   * The activity log detail naming the record, added to every log of it (unless the log names it itself),
   * and that detail's parameter id (GET /api/ActivityLogDetails?ParamId=… traces the record across
   * logs). Required of lockable records (records/lockable.ts).
   */
  logDetail?: { name: string; paramId: number };
  /** Who may read the files it owns; absent: it owns none, and a file claiming it is read by nobody. */
  files?: FileReadRule;
  /**
   * The record's column naming its facility: who reads its files and who follows it live is limited to the
   * reader's facility scope by it (decision 0016). Absent: the record belongs to no facility.
   */
  facilityColumn?: string;
  /**
   * A page may follow the record live (realtime/record-rooms.ts, contracts/record-live.ts): users the role matrix
   * allows `action`, within their facility scope (`facilityColumn`). Every entry written to its history
   * (records/history.ts) then reaches the pages following that record.
   */
  live?: { action: Action };
}

export type RecordType = Readonly<RecordTypeDefinition>;

const registered = new Map<string, RecordType>();

/**
 * Declares a record type once, in the area that owns it (an invoice in modules/invoices/invoice-record.ts).
 * The activity log (http/audit.ts) and stored file access (files/access.ts) read it from here, so neither
 * names a record type; a new lockable or file-owning record is this declaration plus its tables.
 * Declaring one name twice is a programming error (throws). `records/registry.test.ts` checks every
 * declaration against the database and the source.
 */
export function defineRecordType<D extends RecordTypeDefinition>(def: D): Readonly<D> {
  if (registered.has(def.recordType)) throw new Error(`Record type ${def.recordType} is declared twice.`);
  const detail = def.logDetail;
  if (detail) {
    for (const other of registered.values()) {
      if (other.logDetail?.name === detail.name || other.logDetail?.paramId === detail.paramId) {
        throw new Error(`Record types ${other.recordType} and ${def.recordType} share a log detail.`);
      }
    }
  }
  const frozen = Object.freeze({ ...def });
  registered.set(def.recordType, frozen);
  return frozen;
}

/** The declared record type of that name (undefined for null, unknown or inherited names). */
export function recordTypeNamed(name: string | null | undefined): RecordType | undefined {
  return name == null ? undefined : registered.get(name);
}

/**
 * Withdraws a declaration: only for a test that declares a type of its own (records.test.ts), since the server's
 * test files share one module registry (vitest.config.ts `isolate: false`).
 */
export function withdrawRecordType(recordType: string): void {
  registered.delete(recordType);
}

/** Every declared record type, in declaration order. */
export function recordTypes(): RecordType[] {
  return [...registered.values()];
}

/** The parameter id of a record's log detail by the detail's name ('invoiceId' → 443); undefined if none. */
export function logDetailParamId(name: string): number | undefined {
  for (const t of registered.values()) if (t.logDetail?.name === name) return t.logDetail.paramId;
  return undefined;
}

/** The query answering a row when the user may read a file of (type, id) beyond the role check. */
export function fileOwnerQuery(type: RecordType, id: number, user: SessionUser): SQL | undefined {
  const rule = type.files;
  if (!rule || rule.anySignedIn) return undefined;
  if (rule.visible) return rule.visible(id, user);
  const scope = type.facilityColumn ? sql` and ${facilityFilter(user, sql.raw(type.facilityColumn))}` : sql``;
  return sql`select 1 from ${sql.raw(type.table)} where id = ${id}${scope}`;
}
