import { CALL_LOGGED_EVENT } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import type { App } from '../app-type.js';
import { formPost, tokenFor } from '../modules/conversations/test-helpers.js';
import { connected, disconnected, nextAlert, openSocket } from './test-helpers.js';

/**
 * Two servers on one PostgreSQL database, as behind a load balancer: an alert created through one
 * reaches a client connected to the other (socket.io PostgreSQL adapter, LISTEN/NOTIFY).
 * PGlite is one embedded process, so this runs only with DATABASE_URL.
 */
const PBX_TOKEN = 'pbx-secret-for-the-cross-process-tests-0123456789';

describe.skipIf(!process.env.DATABASE_URL)('real-time delivery across server processes', () => {
  let one: App;
  let two: App;
  let urlOne: string;
  let urlTwo: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    [one, two] = await Promise.all([createTestApp({ pbxToken: PBX_TOKEN }), createTestApp()]);
    urlOne = await one.listen({ port: 0, host: '127.0.0.1' });
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
      // At facility 1, the assistant's (decision 0016).
      sql`select id from invoices where facility_id = 1
            and id not in (select invoice_id from parked_items where invoice_id is not null) order by id desc limit 1`,
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
  it('one batch of alerts reaches every client of each recipient on both servers, once each', async () => {
    const lead = await tokenFor(two, DEMO.leadTech);
    const manager = await tokenFor(one, DEMO.manager);
    // 103 on both servers (two tabs on server two), 102 on server one only.
    const clients = [
      { s: openSocket(urlTwo, lead, ['polling']), user: 103 },
      { s: openSocket(urlTwo, lead, ['websocket']), user: 103 },
      { s: openSocket(urlOne, lead), user: 103 },
      { s: openSocket(urlOne, manager), user: 102 },
      { s: openSocket(urlTwo, manager), user: 102 },
    ];
    sockets.push(...clients.map((c) => c.s));
    await Promise.all(clients.map((c) => connected(c.s)));
    const got = clients.map(() => [] as any[]);
    clients.forEach((c, k) => {
      c.s.on('NewAlert', (a) => got[k].push(a));
    });
    const { payload, headers } = await formPost({
      Subject: 'Batch',
      Message: 'To two users',
      'RecipientUserIds[]': [103, 102],
    });
    const res = await one.inject({
      method: 'POST',
      url: '/api/Conversations/Start',
      payload,
      headers: { ...headers, ...auth(await tokenFor(one, DEMO.adminAssistant)) },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const ours = (k: number) => got[k].filter((a) => a.type === 'NewMessage' && a.conversationId === id);
    for (let i = 0; i < 100 && clients.some((_, k) => ours(k).length === 0); i++)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    clients.forEach((_, k) => {
      expect(ours(k), `client ${k}`).toHaveLength(1);
    });
    // Each user got their own alert (its own id), not another recipient's.
    const ids = new Map<number, Set<number>>();
    clients.forEach((c, k) => {
      if (!ids.has(c.user)) ids.set(c.user, new Set());
      ids.get(c.user)!.add(ours(k)[0].id);
    });
    expect([...ids.values()].map((s) => s.size)).toEqual([1, 1]);
    expect(new Set([...ids.values()].flatMap((s) => [...s])).size).toBe(2);
    for (const c of clients) c.s.close();
  });

  it('a call logged through server one tells the Call Center users of server two, all in one NOTIFY', async () => {
    const socket = openSocket(urlTwo, await tokenFor(two, DEMO.admin));
    sockets.push(socket);
    await connected(socket);
    const logged = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${CALL_LOGGED_EVENT}`)), 10_000);
      socket.once(CALL_LOGGED_EVENT, (payload) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    const notices: string[] = [];
    listener.on('notification', (n) => {
      if (n.payload?.includes(CALL_LOGGED_EVENT)) notices.push(n.payload);
    });
    await listener.query('LISTEN "socket.io#/"');
    try {
      const at = new Date(Date.now() - 60_000);
      const res = await one.inject({
        method: 'POST',
        url: '/api/callLog/ingest',
        headers: auth(PBX_TOKEN),
        payload: {
          callId: `X-${process.pid}-${Date.now()}`,
          direction: 'in',
          from: '(832) 555-0100',
          to: '7135550000',
          extension: '9999',
          startedAt: at.toISOString(),
          endedAt: new Date(at.getTime() + 30_000).toISOString(),
          result: 'missed',
        },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await logged).toEqual({ count: 1 });
      await new Promise((r) => setTimeout(r, 300));
      // One NOTIFY for every Call Center user (it was one per user: a round trip each on the shared pool).
      expect(notices).toHaveLength(1);
      // …that carries the event for each of them (admin, manager and the others the demo data has).
      expect(notices[0].split(`"${CALL_LOGGED_EVENT}"`).length - 1).toBeGreaterThan(1);
    } finally {
      await listener.end();
    }
  });

  it('security: logging out through server one disconnects the socket held by server two (hole 6)', async () => {
    const token = await login(two, DEMO.leadTech);
    for (const transports of [['polling'], ['websocket']]) {
      const mine = await login(two, DEMO.manager);
      // server two has the session in its cache: the reconnect below must not be let in by it
      expect((await two.inject({ method: 'GET', url: '/api/self', headers: auth(mine) })).statusCode).toBe(
        200,
      );
      const socket = openSocket(urlTwo, mine, transports);
      const bystander = openSocket(urlTwo, token, transports);
      sockets.push(socket, bystander);
      await Promise.all([connected(socket), connected(bystander)]);
      const gone = disconnected(socket, 3_000);
      const res = await one.inject({ method: 'POST', url: '/api/logout', headers: auth(mine) });
      expect(res.statusCode).toBe(204);
      expect(await gone).toBe('io server disconnect');
      for (const url of [urlOne, urlTwo]) {
        const again = openSocket(url, mine, transports);
        sockets.push(again);
        await expect(connected(again)).rejects.toThrow('unauthorized');
      }
      expect(bystander.connected).toBe(true);
      bystander.close();
    }
  });
});
