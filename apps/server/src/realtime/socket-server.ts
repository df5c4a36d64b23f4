import { can } from '@glass/domain';
import { Server } from 'socket.io';
import type { App } from '../app.js';
import { hubOf, userRoom } from './hub.js';
import { createPostgresAdapter } from './postgres-adapter.js';

export const SOCKET_PATH = '/socket.io';

/**
 * The real-time alert hub: socket.io on the app's HTTP server (path /socket.io, long-polling first,
 * then upgrade to WebSocket). A client authenticates with its bearer token (`auth: {token}` in the
 * handshake, or an Authorization header) and joins its room `user:{id}`; alerts arrive as `NewAlert`.
 * On PostgreSQL, rooms span processes through @socket.io/postgres-adapter (LISTEN/NOTIFY); polling
 * then needs sticky sessions at the load balancer (docs/decisions/0003-realtime.md).
 * Call once, after the routes are registered and before listen(); closes with the app.
 */
export async function attachRealtime(app: App): Promise<Server> {
  const { db, sessions } = app.deps;
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['polling', 'websocket'],
    serveClient: false,
    // The web app is served by this server (same origin); no cross-origin access is granted.
    cors: undefined,
    adapter: db.kind === 'postgres' && db.pool ? await createPostgresAdapter(db.pool, app.log) : undefined,
  });

  io.use(async (socket, next) => {
    try {
      const header = socket.handshake.headers.authorization;
      const token =
        (typeof socket.handshake.auth?.token === 'string' && socket.handshake.auth.token) ||
        (typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '');
      const user = token ? await sessions.resolve(token) : undefined;
      if (!user) return next(new Error('unauthorized'));
      if (!can(user.userRoleId, 'messages.read')) return next(new Error('forbidden'));
      socket.data.userId = user.id;
      socket.data.sessionId = user.sessionId;
      next();
    } catch (err) {
      app.log.error({ err }, 'realtime: handshake failed');
      next(new Error('unavailable'));
    }
  });

  io.on('connection', (socket) => {
    socket.join(userRoom(socket.data.userId));
  });

  hubOf(app).bind(io);
  // Close socket.io before the HTTP server and the database: its adapter holds a pool connection.
  // io.close() would also close the HTTP server, which Fastify does itself, so close the parts.
  app.addHook('preClose', async () => {
    hubOf(app).bind(undefined);
    io.local.disconnectSockets(true);
    await io.of('/').adapter.close();
    io.engine.close();
  });
  return io;
}
