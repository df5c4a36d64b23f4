import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { notFound } from '../../http/errors.js';
import {
  defineRecordType,
  type HistoryEntry,
  LockableRecord,
  type LockState,
  RecordHistory,
} from '../../records/index.js';

export { assertReference, describeChanges } from '../../records/index.js';

/** A service vehicle as the records kernel knows it (lock, history); see records/README.md. */
export type WriteTarget = LockState;

export const svNotFound = (id: number) => notFound(`Service vehicle ${id} not found.`);

/**
 * A service vehicle as the shared layers know it: every log of it carries `serviceVehicleId` (param 201);
 * its files (RO, insurance card and windshield images) are read by service vehicle readers while it exists,
 * within their facility scope (decision 0016).
 */
export const serviceVehicleType = defineRecordType({
  recordType: 'ServiceVehicle',
  table: 'service_vehicles',
  logDetail: { name: 'serviceVehicleId', paramId: 201 },
  facilityColumn: 'facility_id',
  files: { action: 'serviceVehicle.read' },
  live: { action: 'serviceVehicle.read' },
});

export const serviceVehicleRecord = new LockableRecord({
  record: serviceVehicleType,
  label: 'Service Vehicle',
  lockTable: 'service_vehicle_locks',
  lockKey: 'service_vehicle_id',
  notFound: svNotFound,
  activities: {
    lock: 'Locked service vehicle',
    unlock: 'Unlocked service vehicle',
    removeOther: 'Removed service vehicle lock',
  },
});

/** The history; a contact entry also stamps last_contact_at, which the priority rule reads (priority-sql.ts). */
export const serviceVehicleHistory = new RecordHistory({
  record: serviceVehicleType,
  table: 'service_vehicle_history',
  key: 'service_vehicle_id',
  onContact: async (db, id) => {
    await db.rows(sql`update service_vehicles set last_contact_at = now() where id = ${id}`);
  },
});

export const lockedBy = (id: number, holder: string | null) => serviceVehicleRecord.lockedBy(id, holder);

/** The record's lock holder, holding the vehicle's row lock until the unit of work ends. 404 when unknown. */
export const lockRow = (db: Db, id: number) => serviceVehicleRecord.lockRow(db, id);

/** Loads the record for a write and refuses with 409 when someone else holds its lock. */
export const loadForWrite = (db: Db, id: number, user: SessionUser) =>
  serviceVehicleRecord.loadForWrite(db, id, user);

/** The activity log row and the vehicle's history entry of one change; `isContact` as `contact`. */
export function recordChange(
  db: Db,
  user: SessionUser,
  svId: number,
  entry: Omit<HistoryEntry, 'contact'> & { isContact?: boolean },
) {
  const { isContact, ...rest } = entry;
  return serviceVehicleHistory.record(db, user, svId, { ...rest, contact: isContact });
}
