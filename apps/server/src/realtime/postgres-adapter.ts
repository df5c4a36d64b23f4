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
  try {
    await pool.query(
      `create table if not exists ${ATTACHMENTS_TABLE} (id bigserial unique, created_at timestamptz default now(), payload bytea)`,
    );
  } catch (err: any) {
    // Two processes starting together may race on the create; the loser sees a duplicate type or name.
    if (!['23505', '42P07'].includes(err?.code)) throw err;
  }
  return createAdapter(pool, {
    tableName: ATTACHMENTS_TABLE,
    errorHandler: (err) => log.warn({ err }, 'realtime: postgres adapter error'),
  });
}
