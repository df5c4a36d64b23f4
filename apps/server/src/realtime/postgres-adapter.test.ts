import pg from 'pg';
import { Server } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { createPostgresAdapter } from './postgres-adapter.js';

const silent = { warn() {}, error() {}, info() {}, debug() {} } as any;

/**
 * The adapter's LISTEN connection must never outlive the adapter: @socket.io/postgres-adapter 0.5 forgets a
 * connection it is still setting up when it is closed, and `pool.end()` then waits for ever (CI hung on it
 * when a test app closed while its event loop was busy). PostgreSQL only: PGlite has no adapter.
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL adapter shutdown', () => {
  it('closing right after start, before LISTEN has answered, leaves no connection checked out', async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 });
    const { adapter, releaseConnections } = await createPostgresAdapter(pool, silent);
    const io = new Server({ adapter });
    // No await between start and close: the adapter is still acquiring its connection.
    await io.of('/').adapter.close();
    releaseConnections();
    await new Promise((r) => setTimeout(r, 200));
    expect(pool.totalCount - pool.idleCount).toBe(0);
    const ended = pool.end().then(() => 'ended');
    expect(await Promise.race([ended, new Promise((r) => setTimeout(() => r('hung'), 3000))])).toBe('ended');
  });

  it('closing once listening releases the connection too', async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 });
    const { adapter, releaseConnections } = await createPostgresAdapter(pool, silent);
    const io = new Server({ adapter });
    await new Promise((r) => setTimeout(r, 300));
    await io.of('/').adapter.close();
    releaseConnections();
    const ended = pool.end().then(() => 'ended');
    expect(await Promise.race([ended, new Promise((r) => setTimeout(() => r('hung'), 3000))])).toBe('ended');
  });
});
