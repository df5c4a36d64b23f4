import {
  CONTROL_ROOM_CHANGED_EVENT,
  CONTROL_ROOM_WATCH_EVENT,
  type ControlRoomChanged,
} from '@glass/domain/contracts/control-room';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Socket } from 'socket.io';
import type { App } from '../../app-type.js';
import { HttpError } from '../../http/errors.js';
import { hubOf } from '../../realtime/hub.js';
import { checkWatch } from './board-service.js';
import { socketScope } from '../../realtime/rooms.js';

/** The channel migration 0022's triggers notify, with a facility id as payload, when a write commits. */
export const BOARD_CHANNEL = 'control_room';
/** A burst of notices within this time gives one refresh (trailing edge)… */
export const COALESCE_MS = 150;
/** …but a steady stream still refreshes at least this often, so the board is never more than this behind. */
export const MAX_WAIT_MS = 500;
/** The socket.io room of a facility's board. */
export const boardRoom = (facilityId: number) => `control-room:${facilityId}`;

/**
 * Coalesces notices per facility: the first notice starts a timer of `delay`, later ones push it back,
 * but never beyond `maxWait` after the first; then `emit` runs once. One timer per facility at most, so the
 * memory is bounded by the number of facilities.
 */
export class Coalescer {
  private pending = new Map<number, { timer: ReturnType<typeof setTimeout>; first: number }>();

  constructor(
    private emit: (facilityId: number) => void,
    private delay = COALESCE_MS,
    private maxWait = MAX_WAIT_MS,
  ) {}

  notice(facilityId: number) {
    const now = Date.now();
    const entry = this.pending.get(facilityId);
    const first = entry?.first ?? now;
    if (entry) clearTimeout(entry.timer);
    const wait = Math.max(0, Math.min(this.delay, first + this.maxWait - now));
    const timer = setTimeout(() => {
      this.pending.delete(facilityId);
      this.emit(facilityId);
    }, wait);
    timer.unref?.();
    this.pending.set(facilityId, { timer, first });
  }

  close() {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}

/**
 * Listens to the board channel: on PGlite through the embedded client, on PostgreSQL on a connection of its
 * own (LISTEN holds it; every process listens, and pushes to its own sockets only). A lost connection is
 * reopened after growing delays; since notices may have been missed meanwhile, every board is refreshed
 * then. Returns the function that stops listening.
 */
export async function listenForBoardNotices(
  app: App,
  onNotice: (facilityId: number) => void,
  onGap: () => void,
) {
  const { db } = app.deps;
  const parse = (payload: string | undefined) => {
    const id = Number(payload);
    if (Number.isInteger(id) && id > 0) onNotice(id);
  };
  if (db.pglite) {
    const unlisten = await db.pglite.listen(BOARD_CHANNEL, parse);
    return async () => unlisten();
  }
  if (!db.pool) return async () => {};
  const options = (db.pool as unknown as { options: pg.ClientConfig }).options;
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ ...options, statement_timeout: undefined });
    client = next;
    let lost = false;
    const reopen = (err?: unknown) => {
      if (lost) return;
      lost = true;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      if (stopped) return;
      if (err) app.log.warn({ err }, 'control room: board notices lost; reconnecting');
      const delay = Math.min(30_000, 1000 * 2 ** attempt++);
      retry = setTimeout(() => {
        retry = undefined;
        connect().catch(() => {});
      }, delay);
      retry.unref();
    };
    next.on('error', reopen);
    next.on('end', () => reopen());
    next.on('notification', (n) => {
      if (n.channel === BOARD_CHANNEL) parse(n.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${BOARD_CHANNEL}`);
      if (attempt > 0) onGap();
      attempt = 0;
    } catch (err) {
      reopen(err);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * Sockets ask to follow one board with `ControlRoomWatch {facilityId}` (ack `{ok}` or `{ok: false, error}`);
 * the role and facility rule of GET /api/control-room applies, read fresh from the database. A socket follows
 * one board at a time: watching another leaves the previous room; `{facilityId: null}` leaves them all.
 */
export function watchHandler(app: App, watched: Set<number>) {
  return (socket: Socket) => {
    socket.on(CONTROL_ROOM_WATCH_EVENT, async (body: unknown, ack?: (answer: unknown) => void) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      try {
        const raw = (body as { facilityId?: unknown } | null)?.facilityId;
        for (const room of socket.rooms) if (room.startsWith('control-room:')) socket.leave(room);
        if (raw === null || raw === undefined) return reply({ ok: true });
        const facilityId = Number(raw);
        if (!Number.isInteger(facilityId) || facilityId <= 0)
          return reply({ ok: false, error: 'facilityId' });
        const scope = await socketScope(app.deps.db, socket.data.userId);
        if (!scope) return reply({ ok: false, error: 'forbidden' });
        // Only real facilities: the set of watched boards stays as small as the list of facilities.
        const [known] = await app.deps.db.rows(sql`select 1 from facilities where id = ${facilityId}`);
        if (!known) return reply({ ok: false, error: 'facilityId' });
        const user = { ...scope, facilityId: null };
        checkWatch(user, facilityId);
        socket.join(boardRoom(facilityId));
        watched.add(facilityId);
        reply({ ok: true });
      } catch (err) {
        if (!(err instanceof HttpError) || err.status !== 403)
          app.log.warn({ err }, 'control room: watch failed');
        reply({
          ok: false,
          error: err instanceof HttpError && err.status === 403 ? 'forbidden' : 'unavailable',
        });
      }
    });
  };
}

/**
 * Starts the board's real-time side for an app: notices from PostgreSQL, coalesced per facility, become
 * `ControlRoomChanged {facilityId}` in the facility's room on this process. Stopped when the app closes.
 */
export function startBoardEvents(app: App) {
  const hub = hubOf(app);
  const watched = new Set<number>();
  const emit = (facilityId: number) =>
    hub.emitToLocalRoom(boardRoom(facilityId), CONTROL_ROOM_CHANGED_EVENT, {
      facilityId,
    } satisfies ControlRoomChanged);
  const coalescer = new Coalescer(emit);
  const offSocket = hub.onSocket(watchHandler(app, watched));
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = await listenForBoardNotices(
      app,
      (id) => coalescer.notice(id),
      () => {
        for (const id of watched) coalescer.notice(id);
      },
    );
  });
  app.addHook('preClose', async () => {
    offSocket();
    coalescer.close();
    await stop?.();
  });
}
