import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO } from '../../test/harness.js';
import type { App } from '../app.js';
import { formPost, tokenFor } from '../modules/conversations/test-helpers.js';
import { connected, nextAlert, openSocket } from './test-helpers.js';

/**
 * Two servers on one PostgreSQL database, as behind a load balancer: an alert created through one
 * reaches a client connected to the other (socket.io PostgreSQL adapter, LISTEN/NOTIFY).
 * PGlite is one embedded process, so this runs only with DATABASE_URL.
 */
describe.skipIf(!process.env.DATABASE_URL)('real-time delivery across server processes', () => {
  let one: App;
  let two: App;
  let urlTwo: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    [one, two] = await Promise.all([createTestApp(), createTestApp()]);
    await one.listen({ port: 0, host: '127.0.0.1' });
    urlTwo = await two.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([one?.close(), two?.close()]);
  });

  it('a message sent through server one alerts a client of server two', async () => {
    const receiver = await tokenFor(two, DEMO.leadTech);
    for (const transports of [['polling'], ['websocket']]) {
      const socket = openSocket(urlTwo, receiver, transports);
      sockets.push(socket);
      await connected(socket);
      const alert = nextAlert(socket);
      const sender = await tokenFor(one, DEMO.adminAssistant);
      const { payload, headers } = await formPost({
        Subject: 'Across',
        Message: 'Hello from one',
        'RecipientUserIds[]': [103],
      });
      const res = await one.inject({
        method: 'POST',
        url: '/api/Conversations/Start',
        payload,
        headers: { ...headers, ...auth(sender) },
      });
      expect(res.statusCode).toBe(201);
      expect(await alert).toMatchObject({
        type: 'NewMessage',
        conversationId: res.json().id,
        senderName: 'Tina Nguyen',
      });
    }
  });

  it('parking through server one pushes ParkedForMe to a client of server two', async () => {
    const socket = openSocket(urlTwo, await tokenFor(two, DEMO.leadTech));
    sockets.push(socket);
    await connected(socket);
    const lines = (await one.deps.db.rows<{ l: number }>(sql`select park_line as l from parked_items`)).map(
      (r) => r.l,
    );
    const line = [1, 2, 3, 4, 5, 6, 7, 8].find((l) => !lines.includes(l))!;
    const [inv] = await one.deps.db.rows<{ id: number }>(
      sql`select id from invoices where id not in (select invoice_id from parked_items where invoice_id is not null) order by id desc limit 1`,
    );
    const alert = nextAlert(socket);
    const token = await tokenFor(one, DEMO.adminAssistant);
    const res = await one.inject({
      method: 'POST',
      url: `/api/Invoices/${inv.id}/park`,
      payload: { parkLine: line, parkedForUserId: 103 },
      headers: auth(token),
    });
    expect(res.statusCode).toBe(200);
    expect(await alert).toMatchObject({
      type: 'ParkedForMe',
      recordType: 'Invoice',
      recordId: inv.id,
      parkedFor: 'Luis Ortega',
    });
    await one.inject({
      method: 'DELETE',
      url: `/api/ParkedItemsOdata/${res.json().id}`,
      headers: auth(token),
    });
  });
});
