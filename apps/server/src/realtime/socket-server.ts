import { can } from '@glass/domain';
import { Server } from 'socket.io';
import type { App } from '../app-type.js';
import type { Revocation } from '../auth/sessions.js';
import { hubOf, USER_EVENTS, type UserEvent, userRoom } from './hub.js';
import { createPostgresAdapter } from './postgres-adapter.js';
import { pushRecordChanges, recordRoomsHandler } from './record-rooms.js';
import { facilityRooms, sameScope } from './rooms.js';

export const SOCKET_PATH = '/socket.io';
/** Every socket also sits in the room of its session, so ending the session can reach it on any process. */
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
/** Safety net: each process re-checks the sessions of its sockets this often (idle and absolute expiry, lost notices). */
export const RECHECK_MS = 30_000;
/**
 * A revocation inside a transaction is announced before its commit; a client that reconnected in that
 * window passed the handshake. A second pass this long after the notice disconnects it if the session
 * is really gone (and leaves it alone if the transaction rolled back).
 */
export const SETTLE_MS = 2_000;

export interface RealtimeHandle {
  io: Server;
  /** Re-checks the session of every socket of this process now; disconnects those no longer valid. */
  recheck(): Promise<void>;
}

const handles = new WeakMap<object, RealtimeHandle>();
/** The real-time server of an app (undefined before attachRealtime). */
export const realtimeOf = (app: object) => handles.get(app);

/**
 * The real-time alert hub: socket.io on the app's HTTP server (path /socket.io, long-polling first,
 * then upgrade to WebSocket). A client authenticates with its bearer token (`auth: {token}` in the
 * handshake, or an Authorization header; the HTTP session rule applies) and joins the rooms `user:{id}` and
 * `session:{id}`, and the rooms of its facility scope (`facility:{id}` or `facility:*`, realtime/rooms.ts), which carry
 * facility events such as AppointmentChanged; alerts arrive as `NewAlert`; pages follow records live
 * (record-rooms.ts). Ending the session disconnects the socket (see below).
 * On PostgreSQL, rooms span processes through @socket.io/postgres-adapter (LISTEN/NOTIFY); polling
 * then needs sticky sessions at the load balancer (docs/decisions/0003-realtime.md).
 * Call once, after the routes are registered and before listen(); closes with the app.
 */
export async function attachRealtime(app: App): Promise<Server> {
  const { db, sessions } = app.deps;
  const pgAdapter =
    db.kind === 'postgres' && db.pool ? await createPostgresAdapter(db.pool, app.log) : undefined;
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['polling', 'websocket'],
    serveClient: false,
    // The web app is served by this server (same origin); no cross-origin access is granted.
    cors: undefined,
    adapter: pgAdapter?.adapter,
  });

  io.use(async (socket, next) => {
    try {
      const header = socket.handshake.headers.authorization;
      const token =
        (typeof socket.handshake.auth?.token === 'string' && socket.handshake.auth.token) ||
        (typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '');
      // Same session rule as HTTP, but straight from the database: another process may have just revoked it.
      const user = token ? await sessions.resolve(token, { fresh: true }) : undefined;
      if (!user) return next(new Error('unauthorized'));
      if (!can(user.userRoleId, 'messages.read')) return next(new Error('forbidden'));
      socket.data.userId = user.id;
      socket.data.sessionId = user.sessionId;
      socket.data.allowedFacilityIds = user.allowedFacilityIds;
      next();
    } catch (err) {
      app.log.error({ err }, 'realtime: handshake failed');
      next(new Error('unavailable'));
    }
  });

  io.on('connection', (socket) => {
    socket.join([
      userRoom(socket.data.userId),
      sessionRoom(socket.data.sessionId),
      ...facilityRooms(socket.data.allowedFacilityIds),
    ]);
    hubOf(app).connected(socket);
  });

  // Ending sessions (logout, password change, deactivation, admin password reset) disconnects their
  // sockets here and, through the adapter, on every other process; the client may reconnect only with a
  // valid token (after a password change, the fresh one).
  const settling = new Set<ReturnType<typeof setTimeout>>();
  const disconnect = (sessionIds: readonly number[]) => {
    if (sessionIds.length) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  };
  const stopListening = sessions.onRevoke(({ sessionIds }: Revocation) => {
    if (sessionIds.length === 0) return;
    disconnect(sessionIds);
    const timer = setTimeout(async () => {
      settling.delete(timer);
      try {
        const live = new Set((await sessions.live(sessionIds)).map((s) => s.sessionId));
        disconnect(sessionIds.filter((id) => !live.has(id)));
      } catch (err) {
        app.log.warn({ err }, 'realtime: revocation re-check failed');
      }
    }, SETTLE_MS);
    timer.unref();
    settling.add(timer);
  });

  let running: Promise<void> | undefined;
  const recheck = () => {
    running ??= (async () => {
      try {
        const sockets = await io.local.fetchSockets();
        const ids = [...new Set(sockets.map((s) => s.data.sessionId as number))];
        const live = new Map((await sessions.live(ids)).map((s) => [s.sessionId, s]));
        for (const socket of sockets) {
          const session = live.get(socket.data.sessionId);
          if (!session || !can(session.userRoleId, 'messages.read')) socket.disconnect(true);
          // A changed facility scope (a grant taken back): the client reconnects and joins its rooms afresh.
          else if (!sameScope(session.allowedFacilityIds, socket.data.allowedFacilityIds))
            socket.disconnect(true);
        }
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const interval = setInterval(() => {
    recheck().catch((err) => app.log.warn({ err }, 'realtime: session re-check failed'));
  }, RECHECK_MS);
  interval.unref();
  handles.set(app, { io, recheck });

  const hub = hubOf(app);
  hub.bind(io, { remote: !!pgAdapter });
  const offRecords = hub.onSocket(recordRoomsHandler(app));
  const stopRecordChanges = pushRecordChanges(app, io);
  // Batches of user events another process pushed (AlertHub.send): delivered to this process's sockets.
  io.on(USER_EVENTS, (events: UserEvent[]) => {
    if (Array.isArray(events)) hub.deliverLocal(events);
  });
  // Close socket.io before the HTTP server and the database: its adapter holds a pool connection.
  // io.close() would also close the HTTP server, which Fastify does itself, so close the parts.
  app.addHook('preClose', async () => {
    clearInterval(interval);
    for (const timer of settling) clearTimeout(timer);
    stopListening();
    offRecords();
    stopRecordChanges();
    await running?.catch(() => {});
    hubOf(app).bind(undefined);
    io.local.disconnectSockets(true);
    await io.of('/').adapter.close();
    pgAdapter?.releaseConnections();
    io.engine.close();
  });
  return io;
}
