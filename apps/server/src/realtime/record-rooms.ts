import { can, mayReachFacility } from '@glass/domain';
import {
  RECORD_CHANGED_EVENT,
  type RecordChanged,
  UNWATCH_RECORD_EVENT,
  WATCH_RECORD_EVENT,
  WATCHED_RECORDS_MAX,
  watchRecord,
} from '@glass/domain/contracts/record-live';
import { sql } from 'drizzle-orm';
import type { Server, Socket } from 'socket.io';
import type { App } from '../app-type.js';
import { RECORD_CHANGED } from '../records/history.js';
import { recordTypeNamed } from '../records/registry.js';
import { socketScope } from './rooms.js';

/** The socket.io room of one record's followers. */
export const recordRoom = (recordType: string, id: number) => `record:${recordType}:${id}`;

type Reply = (answer: { ok: boolean; error?: string }) => void;

/**
 * Live record pages (contracts/record-live.ts): a socket follows a record with `WatchRecord {recordType, id}` when
 * the role matrix lets its user read that record type and the record lies in the user's facility scope (decision
 * 0016), at most WATCHED_RECORDS_MAX at once; every change committed to a followed record's history is pushed to
 * the record's room as `RecordChanged` on every process (the adapter carries room emits).
 */
export function recordRoomsHandler(app: App) {
  return (socket: Socket) => {
    socket.on(WATCH_RECORD_EVENT, async (body: unknown, ack?: Reply) => {
      const reply: Reply = typeof ack === 'function' ? ack : () => {};
      try {
        const parsed = watchRecord.safeParse(body);
        const type = parsed.success ? recordTypeNamed(parsed.data.recordType) : undefined;
        if (!parsed.success || !type?.live) return reply({ ok: false, error: 'invalid' });
        const { id } = parsed.data;
        const room = recordRoom(type.recordType, id);
        const column = type.facilityColumn ? sql.raw(type.facilityColumn) : sql`null::int`;
        const [record] = await app.deps.db.rows<{ facilityId: number | null }>(
          sql`select ${column} as "facilityId" from ${sql.raw(type.table)} where id = ${id}`,
        );
        const scope = await socketScope(app.deps.db, socket.data.userId);
        if (!scope || !can(scope.userRoleId, type.live.action))
          return reply({ ok: false, error: 'forbidden' });
        if (!record) return reply({ ok: false, error: 'notFound' });
        if (type.facilityColumn && !mayReachFacility(scope.allowedFacilityIds, record.facilityId))
          return reply({ ok: false, error: 'forbidden' });
        const followed = [...socket.rooms].filter((r) => r.startsWith('record:') && r !== room);
        if (followed.length >= WATCHED_RECORDS_MAX) return reply({ ok: false, error: 'limit' });
        socket.join(room);
        reply({ ok: true });
      } catch (err) {
        app.log.warn({ err }, 'realtime: watching a record failed');
        reply({ ok: false, error: 'unavailable' });
      }
    });
    socket.on(UNWATCH_RECORD_EVENT, (body: unknown) => {
      const parsed = watchRecord.safeParse(body);
      if (parsed.success) socket.leave(recordRoom(parsed.data.recordType, parsed.data.id));
    });
  };
}

/** Pushes each committed change of a live record to its room; returns the function that stops. */
export function pushRecordChanges(app: App, io: Server): () => void {
  return app.deps.db.events.on(RECORD_CHANGED, (payload) => {
    const change = payload as RecordChanged;
    io.to(recordRoom(change.recordType, change.id)).emit(RECORD_CHANGED_EVENT, change);
  });
}
