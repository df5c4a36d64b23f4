import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** The adapter's table for payloads over NOTIFY's 8000-byte limit (alerts are far smaller; it must exist all the same). */
const ATTACHMENTS_TABLE = 'socket_io_attachments';

/**
 * Cross-process delivery: every emit to a room is also published with pg_notify and replayed by the
 * other processes' adapters. The attachments table is the adapter's own runtime table, created here
 * rather than in the Drizzle migrations because only the adapter reads it and it is disposable.
 */
export async function createPostgresAdapter(pool: pg.Pool, log: FastifyBaseLogger) {
  const guarded = guardedPool(pool);
  try {
    await pool.query(
      `create table if not exists ${ATTACHMENTS_TABLE} (id bigserial unique, created_at timestamptz default now(), payload bytea)`,
    );
  } catch (err: any) {
    // Two processes starting together may race on the create; the loser sees a duplicate type or name.
    if (!['23505', '42P07'].includes(err?.code)) throw err;
  }
  const adapter = createAdapter(guarded.pool, {
    tableName: ATTACHMENTS_TABLE,
    errorHandler: (err) => log.warn({ err }, 'realtime: postgres adapter error'),
  });
  return { adapter, releaseConnections: guarded.close };
}

/**
 * The pool as the adapter sees it. @socket.io/postgres-adapter 0.5 takes its LISTEN connection with
 * `pool.connect()` and keeps it only once its LISTEN statements have answered; an adapter closed before that
 * (a shutdown shortly after start, or a busy event loop) never releases it, and `pool.end()` then waits for ever.
 * This facade remembers the connections it handed out, and `close()` (after `adapter.close()`) destroys any
 * still held; a connection asked for after that is never handed out (the adapter's reconnection timer, if any,
 * ends with it instead of looping).
 */
function guardedPool(pool: pg.Pool) {
  const held = new Set<pg.PoolClient>();
  let closed = false;
  const facade = {
    query: (...args: unknown[]) => (pool.query as (...a: unknown[]) => unknown)(...args),
    async connect(): Promise<pg.PoolClient> {
      if (closed) return new Promise<never>(() => {});
      const client = await pool.connect();
      if (closed) {
        client.release(true);
        return new Promise<never>(() => {});
      }
      held.add(client);
      const release = client.release.bind(client);
      client.release = (err?: Error | boolean) => {
        held.delete(client);
        return release(err);
      };
      return client;
    },
  };
  return {
    pool: facade as unknown as pg.Pool,
    close() {
      closed = true;
      for (const client of [...held]) client.release(true);
    },
  };
}
