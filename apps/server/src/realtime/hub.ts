import type { Alert } from '@glass/domain';
import type { Server, Socket } from 'socket.io';
import { perApp } from '../per-app.js';
import { EVERY_FACILITY_ROOM, facilityRoom } from './rooms.js';

/** An alert for one user, as created by the alerts writer and pushed by the hub. */
export interface UserAlert {
  userId: number;
  alert: Alert;
}

export const NEW_ALERT_EVENT = 'NewAlert';
export const userRoom = (userId: number) => `user:${userId}`;

/** One event for one user's sockets, as carried between processes. */
export interface UserEvent {
  userId: number;
  event: string;
  payload: unknown;
}

/**
 * The server-side event (socket.io serverSideEmit, through the PostgreSQL adapter) that carries a batch of
 * user events to the other processes; each delivers them to its own sockets.
 */
export const USER_EVENTS = 'glass:user-events';
/**
 * A batch is cut into NOTIFYs of at most this many bytes of JSON (PostgreSQL's limit is 8000; above it the
 * adapter writes the payload to its attachments table first, one more round trip).
 */
const NOTIFY_BYTES = 7_000;

/**
 * Pushes alerts to the sockets of their users (room `user:{id}`), on this process and, through the
 * PostgreSQL adapter, on every other one. insertAlerts() calls push() once the unit of work that
 * wrote the alerts commits (afterCommit), so nobody is told about an alert that was rolled back. Before socket.io is attached (or when it
 * never is, as in API tests) pushes are dropped: the alerts stay readable through GET self/alerts.
 *
 * Fan-out (issue #17): this process's sockets get the alerts at once (`io.local`, one room emit per alert,
 * which socket.io encodes once for all the room's sockets), without waiting for PostgreSQL; the other
 * processes get the whole batch in one NOTIFY (or a few, by size), not one per recipient, and deliver it to
 * their own sockets the same way. (A plain `io.to(room).emit` through the adapter awaits its pg_notify, on a
 * pool connection shared with every request, before even the local sockets are written to.)
 */
export class AlertHub {
  private io?: Server;
  /** Whether other processes share the rooms (the PostgreSQL adapter); the in-memory one has none. */
  private remote = false;
  private listeners = new Set<(alerts: readonly UserAlert[]) => void>();
  private eventListeners = new Set<(userId: number, event: string, payload: unknown) => void>();

  bind(io: Server | undefined, opts: { remote?: boolean } = {}) {
    this.io = io;
    this.remote = !!io && !!opts.remote;
  }

  push(alerts: readonly UserAlert[]) {
    if (alerts.length === 0) return;
    for (const listener of this.listeners) listener(alerts);
    this.send(alerts.map(({ userId, alert }) => ({ userId, event: NEW_ALERT_EVENT, payload: alert })));
  }

  /**
   * Any other event to one user's sockets, on every process (the PostgreSQL adapter): the progress of
   * background work that user started (DMS imports). Dropped when no socket server is attached.
   */
  emitToUser(userId: number, event: string, payload: unknown) {
    this.emitToUsers([userId], event, payload);
  }

  /**
   * The same event to several users' sockets, sent to the other processes as one batch (one NOTIFY, or a few by
   * size): a call logged tells every Call Center user, and one NOTIFY each was a round trip each on the pool.
   */
  emitToUsers(userIds: readonly number[], event: string, payload: unknown) {
    for (const userId of userIds)
      for (const listener of this.eventListeners) listener(userId, event, payload);
    this.send(userIds.map((userId) => ({ userId, event, payload })));
  }

  /** Delivers events to this process's sockets only (the batch another process sent, or our own). */
  deliverLocal(events: readonly UserEvent[]) {
    const io = this.io;
    if (!io) return;
    for (const { userId, event, payload } of events) io.local.to(userRoom(userId)).emit(event, payload);
  }

  private send(events: readonly UserEvent[]) {
    if (!this.io || events.length === 0) return;
    this.deliverLocal(events);
    if (!this.remote) return;
    for (const chunk of chunks(events)) this.io.serverSideEmit(USER_EVENTS, chunk);
  }

  /**
   * An event of one facility (an appointment booked or moved: every open calendar of it redraws) to the sockets
   * of users who may reach that facility (decision 0016), plus those of `userIds` (the installer whose day it
   * is; nulls skipped), on every process; `facilityId` null: only users of every facility and `userIds`. In-process observers
   * see it with userId 0.
   */
  toFacility(
    facilityId: number | null,
    event: string,
    payload: unknown,
    userIds: readonly (number | null)[] = [],
  ) {
    for (const listener of this.eventListeners) listener(0, event, payload);
    const rooms = [
      EVERY_FACILITY_ROOM,
      ...(facilityId === null ? [] : [facilityRoom(facilityId)]),
      ...userIds.filter((id): id is number => id !== null).map(userRoom),
    ];
    this.io?.to(rooms).emit(event, payload);
  }

  /** In-process observers of emitToUser (tests). */
  onEmit(listener: (userId: number, event: string, payload: unknown) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  private roomListeners = new Set<(room: string, event: string, payload: unknown) => void>();
  private socketHandlers = new Set<(socket: Socket) => void>();

  /**
   * An event to the sockets of one room on this process only: for events every process derives itself
   * (the Control Room's board notices, which each process hears from PostgreSQL), so none is sent twice.
   */
  emitToLocalRoom(room: string, event: string, payload: unknown) {
    for (const listener of this.roomListeners) listener(room, event, payload);
    this.io?.local.to(room).emit(event, payload);
  }

  /** In-process observers of emitToLocalRoom (tests). */
  onRoomEmit(listener: (room: string, event: string, payload: unknown) => void): () => void {
    this.roomListeners.add(listener);
    return () => this.roomListeners.delete(listener);
  }

  /** Areas that listen to client events (joining a board's room) register here; socket-server calls them. */
  onSocket(handler: (socket: Socket) => void): () => void {
    this.socketHandlers.add(handler);
    return () => this.socketHandlers.delete(handler);
  }

  /** Called by the socket server for each authenticated socket. */
  connected(socket: Socket) {
    for (const handler of this.socketHandlers) handler(socket);
  }

  /** In-process observers (tests, metrics); the real delivery is the socket push. */
  onPush(listener: (alerts: readonly UserAlert[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Splits a batch so that each part's JSON stays under NOTIFY_BYTES (an event larger than that goes alone). */
function chunks(events: readonly UserEvent[]): UserEvent[][] {
  const out: UserEvent[][] = [];
  let part: UserEvent[] = [];
  let bytes = 0;
  for (const e of events) {
    const size = Buffer.byteLength(JSON.stringify(e)) + 1;
    if (part.length && bytes + size > NOTIFY_BYTES) {
      out.push(part);
      part = [];
      bytes = 0;
    }
    part.push(e);
    bytes += size;
  }
  if (part.length) out.push(part);
  return out;
}

/** The hub of an app: one per app instance, shared by every module that creates alerts. */
export const hubOf = perApp((_app: object) => new AlertHub());
